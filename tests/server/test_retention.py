"""A server that runs for weeks keeps nothing of a finished match nobody watches
(issue 42): every per-match, per-client and per-bot structure is empty or under its
bound once the matches are over, and an ended match leaves memory by reference
counting alone (no reference cycle waits for the collector's rare full pass)."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import pytest

from meeple.core.registry import games
from meeple.server.limits import Limits
from tests.server.conftest import WAIT, Server, running_server

pytestmark = pytest.mark.asyncio

#: Bot matches played to the end per game.
PER_GAME = 3
#: Seconds between bot moves: enough that a match is still live when its creation returns
#: (with none, the compiled engine finished most random games before the test could hold
#: them: 13 of 24 in a fresh clone's CI), short enough that every game ends in seconds.
BOT_DELAY = 0.005


async def finish(server: Server, match_ids: list[str]) -> None:
    async def one(match_id: str) -> None:
        while True:
            r = await server.http.get(f"/api/matches/{match_id}")
            if r.json()["match"]["status"] == "finished":
                return
            await asyncio.sleep(0.02)

    await asyncio.wait_for(asyncio.gather(*(one(m) for m in match_ids)), 60)


async def settled(server: Server) -> dict[str, tuple[int, int | None]]:
    """The server's retained structures once the ended matches have left."""
    lobby = server.app.state.lobby
    for _ in range(200):
        if not lobby.live and not lobby._evicting:
            break
        await asyncio.sleep(0.02)
    return dict(server.app.state.retained())


def check_bounded(retained: dict[str, tuple[int, int | None]]) -> None:
    for name, (size, bound) in retained.items():
        if bound is None:
            assert size == 0, f"{name}: {size} left after every match ended"
        else:
            assert size <= bound, f"{name}: {size} over its bound {bound}"


async def test_bot_matches_of_every_game_leave_memory_once_finished(tmp_path: Any) -> None:
    limits = Limits(create_rate=6000, create_burst=1000)
    async with running_server(tmp_path / "m.sqlite3", limits=limits) as server:
        lobby = server.app.state.lobby
        gc.collect()
        gc.disable()  # reference counting alone must free them
        try:
            refs, ids = [], []
            for cls in games():
                players = max(2, cls.min_players) if cls.max_players >= 2 else cls.min_players
                for _ in range(PER_GAME):
                    r = await server.http.post(
                        "/api/matches",
                        json={"game": cls.name, "players": players, "seats": ["random"] * players,
                              "bot_delay": BOT_DELAY},
                    )  # fmt: skip
                    assert r.status_code == 201, r.text
                    match_id = r.json()["match"]["id"]
                    ids.append(match_id)
                    if match_id in lobby.live:  # (a very short game may be over already)
                        refs.append(weakref.ref(lobby.live[match_id]))
            assert len(refs) > len(ids) // 2
            await finish(server, ids)
            retained = await settled(server)
            alive = [ref() for ref in refs if ref() is not None]
            assert not alive, f"{len(alive)} finished matches still in memory: {alive[0].id}"
        finally:
            gc.enable()
        check_bounded(retained)
        assert retained["match creations: client addresses"][0] == 1  # this test's address


async def test_a_finished_match_loaded_for_a_viewer_leaves_when_the_viewer_goes(
    server: Server,
) -> None:
    lobby = server.app.state.lobby
    created = await server.create(seats=["random", "random"], bot_delay=0)
    match_id = created["match"]["id"]
    await finish(server, [match_id])
    await settled(server)
    assert match_id not in lobby.live
    viewer = await server.connect(match_id)  # a spectator opens the finished match
    assert viewer.last is not None and viewer.last["status"] == "finished"
    assert match_id in lobby.live
    ref = weakref.ref(lobby.live[match_id])
    gc.disable()
    try:
        await viewer.close()
        for _ in range(int(WAIT / 0.02)):
            if match_id not in lobby.live:
                break
            await asyncio.sleep(0.02)
        assert match_id not in lobby.live
        assert ref() is None, "the match left the lobby but is still in memory"
    finally:
        gc.enable()
    check_bounded(await settled(server))


async def test_a_match_whose_player_left_to_a_bot_and_an_expired_one_leave_memory(
    tmp_path: Any,
) -> None:
    """However a match ends: a player leaves it to a bot, which plays it out; another
    waits for a player past its time and expires. Neither stays, collector off."""
    async with running_server(tmp_path / "m.sqlite3", limits=Limits(open_ttl=0.3)) as server:
        lobby = server.app.state.lobby
        gc.collect()
        gc.disable()
        try:
            waiting = (await server.create(seats=["human", "random"]))["match"]["id"]
            created = await server.create(seats=["human", "random"], join=0, bot_delay=0)
            left = created["match"]["id"]
            refs = [weakref.ref(lobby.live[waiting]), weakref.ref(lobby.live[left])]
            r = await server.http.post(
                f"/api/matches/{left}/leave", json={"token": created["token"], "bot": "random"}
            )
            assert r.status_code == 200, r.text
            await finish(server, [left])
            for _ in range(200):
                if waiting not in lobby.live:
                    break
                await asyncio.sleep(0.02)
            status = (await server.http.get(f"/api/matches/{waiting}")).json()["match"]["status"]
            assert status == "expired"
            retained = await settled(server)
            assert [ref() for ref in refs] == [None, None]
        finally:
            gc.enable()
        check_bounded(retained)


async def test_a_finished_match_s_summary_is_read_from_its_row_without_replaying_it(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GET /api/matches/{id} of a finished match not in memory answers from the database
    row (as the list does), the same summary a loaded match gives, without building the
    match and replaying its moves on every request."""
    from meeple.server.match import LiveMatch

    lobby = server.app.state.lobby
    created = await server.create(game="province", seats=["random", "random"], bot_delay=0)
    match_id = created["match"]["id"]
    await finish(server, [match_id])
    await settled(server)
    loads = []
    real = LiveMatch.from_row.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(
        LiveMatch, "from_row", classmethod(lambda cls, *a: loads.append(1) or real(cls, *a))
    )
    got = (await server.http.get(f"/api/matches/{match_id}")).json()["match"]
    assert loads == [] and match_id not in lobby.live
    loaded = (await lobby.get(match_id)).summary()  # the match built from its events
    assert loads == [1]
    assert got == loaded
