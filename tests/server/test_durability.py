"""Every kind of stored event replays on resume exactly as it applied live (issue 14, item 1).

An undo once replayed as nothing when its event also stored a round timer
(Fit To Print in real time): after a restart the undone action was back while
the state id, which digests the event count, was the same, so a client
holding it could act on a position it never saw. These tests play each kind
of event, restart the server on the same database and compare the whole
state (its full digest, secrets included), the log and the state id.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, Server, running_server

pytestmark = pytest.mark.asyncio

REALTIME = {"game": "fittoprint", "players": 2, "options": {"mode": "realtime", "minutes": 3}}
CLOCK = {"initial": 300, "increment": 2, "policy": "bot", "bot": "random"}


def fingerprint(server: Server, match_id: str) -> dict[str, Any]:
    """What must survive a restart: the position itself, not just what a seat sees."""
    live = server.lobby.live[match_id]
    return {
        "digest": live.match.state.state_id(),
        "state_id": live.state_id,
        "moves": len(live.match.history),
        "log": [list(v) for v in live.core.log_views],
        "seats": [s.to_db() for s in live.seats],
        "status": live.status,
    }


async def act_text(client: Client, text: str) -> dict[str, Any]:
    assert client.last is not None
    entry = next(e for e in client.last["legal"] if e["text"] == text)
    sid = client.last["state_id"]
    await client.send({"type": "action", "state_id": sid, "code": entry["code"], "ref": 1})
    return await client.state(lambda m: m.get("ref") == 1)


async def undo(client: Client) -> dict[str, Any]:
    assert client.last is not None and client.last["can_undo"]
    await client.send({"type": "undo", "state_id": client.last["state_id"], "ref": 2})
    return await client.state(lambda m: m.get("ref") == 2)


@pytest.mark.parametrize("clock", [None, CLOCK], ids=["realtime", "realtime-with-clocks"])
async def test_an_undo_in_real_time_stays_undone_after_a_restart(
    tmp_path: Path, clock: dict[str, Any] | None
) -> None:
    db = tmp_path / "undo.sqlite3"
    async with running_server(db) as srv:
        match_id, a, b = await srv.two_humans(**REALTIME, clock=clock)
        laid = await act_text(a, "layout")
        assert laid["moves"] == 1 and laid["can_undo"]
        undone = await undo(a)
        assert undone["moves"] == 0 and undone["state_id"] != laid["state_id"]
        before = fingerprint(srv, match_id)
        for c in (a, b):
            await c.close()
    async with running_server(db) as srv:
        assert fingerprint(srv, match_id) == before
        again = await srv.connect(match_id, a.token)
        assert again.last is not None and again.last["moves"] == 0
        assert again.last["state_id"] == undone["state_id"]
        # the resumed match goes on from the undone position, under a new state id
        laid_again = await act_text(again, "layout")
        assert laid_again["moves"] == 1 and laid_again["state_id"] != laid["state_id"]
        await again.close()


async def test_moves_undos_timeouts_and_seat_changes_all_replay(tmp_path: Path) -> None:
    """Moves, undos by both seats, and a clock timeout that hands seat 1 to a bot, in
    one match: the restarted server holds the very same state (the bot waits 30 s
    before it moves, so nothing happens between the two fingerprints)."""
    db = tmp_path / "mixed.sqlite3"
    async with running_server(db) as srv:
        match_id, a, b = await srv.two_humans(**REALTIME, clock=CLOCK, bot_delay=30)
        await act_text(a, "layout")
        await undo(a)
        await act_text(a, "layout")
        await act_text(b, "layout")
        await undo(b)
        live = srv.lobby.live[match_id]
        assert live.timers.clocks is not None
        live.timers.clocks.remaining[1] = 0.05  # seat 1's clock runs out: the bot takes over
        live.timers.sync_clocks(acted=None)
        await b.state(lambda m: m["match"]["seats"][1]["kind"] == "bot")
        before = fingerprint(srv, match_id)
        stored = await srv.lobby.storage.get_match(match_id, with_events=True)
        assert stored is not None
        assert [e.kind for e in stored.events][-6:] == [
            "action", "undo", "action", "action", "undo", "timeout",
        ]  # fmt: skip
        for c in (a, b):
            await c.close()
    async with running_server(db) as srv:
        assert fingerprint(srv, match_id) == before
