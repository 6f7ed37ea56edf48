"""A game's own round timer (``State.round_timer()``, Fit To Print's real-time days).

The server arms one timer per distinct timed action and, when it runs out,
applies that action with seat None, stored and broadcast like any move. The
designed timer is minutes long, so tests shorten the armed timer in place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.conftest import Server, running_server

pytestmark = pytest.mark.asyncio

REALTIME = {"game": "fittoprint", "players": 2, "options": {"mode": "realtime", "minutes": 3}}


def shorten(server: Server, match_id: str, seconds: float) -> None:
    live = server.lobby.live[match_id]
    assert live.timers.round_timer is not None
    live.timers.cancel_round()
    live.timers.round_timer = None
    live.timers.sync_round(remaining=seconds)


async def test_round_timer_is_shown_and_its_end_is_applied(server: Server) -> None:
    match_id, a, b = await server.two_humans(**REALTIME)
    state = a.last
    assert state is not None and state["turn"]["kind"] == "simultaneous"
    timer = state["round_timer"]
    assert timer["action"] == "timeup 0" and timer["json"] == {"type": "timeup", "day": 0}
    assert 179 < timer["remaining"] <= 180
    shorten(server, match_id, 0.2)
    ended = await b.state(lambda m: any(e["text"].endswith("timeup 0") for e in m["log"]))
    line = next(e for e in ended["log"] if e["text"].endswith("timeup 0"))
    assert line["seat"] is None  # the game's clock acted, not a seat
    assert ended["turn"]["kind"] == "seat" and ended["round_timer"] is None  # the draft
    assert server.lobby.live[match_id].timers.round_timer is None
    for c in (a, b):
        await c.close()


async def test_slo_mode_has_no_round_timer(server: Server) -> None:
    _, a, b = await server.two_humans(game="fittoprint", players=2, options={"mode": "slo"})
    assert a.last is not None and a.last["round_timer"] is None
    for c in (a, b):
        await c.close()


async def test_round_timer_resumes_with_its_time_left_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "timer.sqlite3"
    async with running_server(db) as srv:
        match_id, a, b = await srv.two_humans(**REALTIME)
        shorten(srv, match_id, 100.0)
        assert a.last is not None
        # any stored event records the timer's time left; play one legal action
        await a.act(a.last["legal"][0]["code"])
        moved = await a.state(lambda m: m["moves"] == 1)
        left = moved["round_timer"]["remaining"]
        assert 99 < left <= 100
        for c in (a, b):
            await c.close()
    async with running_server(db) as srv:
        live = srv.lobby.live[match_id]
        assert live.timers.round_timer is not None and str(live.timers.round_timer[0]) == "timeup 0"
        watcher = await srv.connect(match_id)
        assert watcher.last is not None
        assert watcher.last["round_timer"]["remaining"] == pytest.approx(left, abs=0.5)
        await watcher.close()
