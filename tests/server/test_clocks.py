"""Clocks: bookkeeping, clocks in state messages, both timeout policies, restart."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import meeple.server.clocks as clocks_module
from meeple.core.match import MatchRecord, replay
from meeple.server.clocks import ClockConfig, ClockConfigError, Clocks
from tests.server.conftest import Server, running_server


def test_clock_doctests() -> None:
    result = doctest.testmod(clocks_module)
    assert result.failed == 0 and result.attempted > 0


def test_simultaneous_seats_tick_together_and_increment_only_the_mover() -> None:
    c = Clocks(ClockConfig(60, 5), players=3)
    c.update(now=0.0, ticking={0, 1, 2}, acted=None)
    c.update(now=10.0, ticking={0, 2}, acted=1)  # seat 1 is done with this turn
    assert c.remaining_at(10.0) == [50.0, 55.0, 50.0]
    assert c.next_expiry() == (0, 60.0)
    c.update(now=20.0, ticking={0, 2}, acted=0)  # seat 0 acts and still has to act
    assert c.remaining_at(20.0) == [45.0, 55.0, 40.0]
    assert c.expired(80.0) == [2, 0] and c.expired(59.0) == []
    c.stop(25.0)
    assert c.running == {} and c.remaining_at(99.0) == [40.0, 55.0, 35.0]


@pytest.mark.parametrize(
    "data",
    [[], {"initial": "soon"}, {"initial": 0}, {"initial": True}, {"initial": 5, "increment": -1},
     {"initial": 5, "policy": "pause"}, {"initial": 5, "bot": ""}, {"initial": 5, "extra": 1}],
)  # fmt: skip
def test_bad_clock_configs(data: object) -> None:
    with pytest.raises(ClockConfigError):
        ClockConfig.from_json(data)


@pytest.mark.asyncio
async def test_clocks_in_messages_and_increment(server: Server) -> None:
    _, a, b = await server.two_humans(clock={"initial": 30, "increment": 2})
    state = a.last
    assert state is not None
    clocks = state["clocks"]
    assert clocks["initial"] == 30 and clocks["increment"] == 2 and clocks["policy"] == "bot"
    assert clocks["running"] == [0] and clocks["remaining"][1] == 30
    assert 29 < clocks["remaining"][0] <= 30
    await a.act(4)
    after = await b.state(lambda m: m["moves"] == 1)
    assert after["clocks"]["running"] == [1]
    assert 31 < after["clocks"]["remaining"][0] <= 32  # 30 - a moment + the increment
    await a.close()
    await b.close()


@pytest.mark.asyncio
async def test_timeout_policy_bot_takes_the_seat_over(server: Server) -> None:
    match_id, a, b = await server.two_humans(
        clock={"initial": 0.3, "policy": "bot", "bot": "greedy"}
    )
    # seat 0 never moves: its clock runs out and a greedy bot plays for it
    taken = await b.state(lambda m: m["match"]["seats"][0]["kind"] == "bot")
    assert taken["match"]["seats"][0]["bot"] == "greedy"
    # the seat stays its player's by name ("Ann, then Bot (greedy)" on the page)
    assert taken["match"]["seats"][0]["left"] == ["Ann"]
    moved = await b.state(lambda m: m["moves"] == 1)
    assert moved["log"][0]["seat"] == 0 and moved["clocks"]["remaining"][0] == 0
    assert moved["clocks"]["running"] == [1]
    # the old token still shows seat 0's view, but cannot act any more
    back = await server.connect(match_id, a.token)
    assert back.last is not None and back.last["seat"] == 0 and back.last["legal"] == []
    await back.act(0, moved["state_id"])
    assert (await back.error())["code"] == "not_your_seat"
    for c in (a, b, back):
        await c.close()


@pytest.mark.asyncio
async def test_timeout_policy_forfeit_ends_the_match(server: Server) -> None:
    match_id, a, b = await server.two_humans(clock={"initial": 5, "policy": "forfeit"})
    await a.act(4)  # seat 0 moves in time
    await b.state(lambda m: m["moves"] == 1)
    live = server.lobby.live[match_id]
    assert live.timers.clocks is not None
    live.timers.clocks.remaining[1] = 0.2  # seat 1 is nearly out of time: do not wait 5 s
    live.timers.schedule()
    final = await a.state(lambda m: m["status"] == "finished")
    assert final["result"] == {
        "scores": [0.0, 0.0], "ranks": [1, 2], "winners": [0],
        "forfeited": [1], "reason": "timeout",
    }  # fmt: skip
    assert final["legal"] == [] and final["clocks"]["running"] == []
    record = MatchRecord.from_json(
        (await server.http.get(f"/api/matches/{match_id}/record")).json()
    )
    assert record.result is not None and record.result["forfeited"] == [1]
    rebuilt = replay(record)  # the actions up to the forfeit replay (the game itself is unfinished)
    assert len(rebuilt.history) == 1 and not rebuilt.state.is_terminal()
    await a.close()
    await b.close()


@pytest.mark.asyncio
async def test_clocks_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "clocks.sqlite3"
    async with running_server(db) as srv:
        match_id, a, b = await srv.two_humans(clock={"initial": 100, "increment": 0})
        await a.act(4)
        moved = await b.state(lambda m: m["moves"] == 1)
        left = moved["clocks"]["remaining"][0]
        assert left < 100
        await a.close()
        await b.close()
    async with running_server(db) as srv:
        watcher = await srv.connect(match_id)
        assert watcher.last is not None
        clocks = watcher.last["clocks"]
        assert clocks["remaining"][0] == pytest.approx(left, abs=1e-3)
        assert clocks["running"] == [1] and 99 < clocks["remaining"][1] <= 100
        await watcher.close()


@pytest.mark.asyncio
async def test_simultaneous_timeouts_each_seat_in_turn(server: Server, secretbids: object) -> None:
    """Both seats tick at once in a simultaneous turn; each runs out and is taken over."""
    _, a, b = await server.two_humans(game="secretbids", clock={"initial": 0.3, "policy": "bot"})
    assert a.last is not None and sorted(a.last["clocks"]["running"]) == [0, 1]
    final = await a.state(lambda m: m["status"] == "finished")
    assert [s["kind"] for s in final["match"]["seats"]] == ["bot", "bot"]
    assert final["result"]["reason"] == "finished" and len(final["view"]["revealed"]) == 3
    await a.close()
    await b.close()
