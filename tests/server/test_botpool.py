"""Bots think in a bounded pool shared fairly between matches (issue 14, item 3, server side).

Once every bot queued for the same two threads: two matches with slow search
bots held both, and a random bot of another match answered after 11 s.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from meeple.server.botpool import BotPool
from tests.server.conftest import Server

pytestmark = pytest.mark.asyncio


async def test_a_random_bot_answers_promptly_while_two_matches_search(server: Server) -> None:
    for _ in range(2):  # two bot-only matches whose every move is a 1.5 s search
        await server.create(seats=["mcts:time=1.5", "mcts:time=1.5"])
    await asyncio.sleep(0.3)  # both searches hold the search threads now
    created = await server.create(seats=["human", "random"], join=0)
    match_id = created["match"]["id"]
    me = await server.connect(match_id, created["token"])
    assert me.last is not None and me.last["legal"]
    started = time.monotonic()
    await me.act(me.last["legal"][0]["code"])
    answered = await me.state(lambda m: m["moves"] == 2)
    waited = time.monotonic() - started
    assert answered["moves"] == 2
    assert waited < 0.75, f"the random bot waited {waited:.2f} s behind the searches"
    await me.close()


async def test_a_free_search_thread_goes_to_the_match_with_the_fewest_running() -> None:
    """Match A queues four searches (its seats of a simultaneous turn), then B one:
    A may use both threads while alone, but B's search is next, not A's third."""
    pool = BotPool(workers=2)
    order: list[str] = []
    gate = threading.Event()

    def search(tag: str) -> str:
        order.append(tag)
        gate.wait(5)  # the first two hold both threads until B has queued
        return tag

    try:
        jobs = [asyncio.ensure_future(pool.think("A", "mcts", search, f"A{i}")) for i in range(4)]
        for _ in range(200):
            if len(order) == 2:
                break
            await asyncio.sleep(0.01)
        assert order == ["A0", "A1"]  # alone, A may use both threads
        jobs.append(asyncio.ensure_future(pool.think("B", "mcts", search, "B0")))
        await asyncio.sleep(0.01)
        gate.set()
        assert await asyncio.wait_for(asyncio.gather(*jobs), 5) == ["A0", "A1", "A2", "A3", "B0"]
        assert order[2] == "B0"  # the first free thread went to B, not to A's third
    finally:
        gate.set()
        pool.shutdown()


async def test_a_bot_seen_thinking_long_moves_to_the_search_lane(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import meeple.server.botpool as botpool

    monkeypatch.setattr(botpool, "QUICK_LIMIT", 0.05)
    pool = BotPool(workers=1)
    try:
        assert not pool.is_search("heuristic")
        await pool.think("A", "heuristic:depth=9", time.sleep, 0.1)
        assert pool.is_search("heuristic:depth=9") and not pool.is_search("heuristic")
        assert pool.is_search("mcts:iters=10") and pool.is_search("ISMCTS")
    finally:
        pool.shutdown()


async def test_a_search_cancelled_while_waiting_never_runs() -> None:
    pool = BotPool(workers=1)
    ran: list[str] = []
    gate = threading.Event()  # the first search holds the only worker until B is cancelled
    try:
        first = asyncio.ensure_future(pool.think("A", "mcts", lambda: gate.wait(5)))
        await asyncio.sleep(0.01)
        second = asyncio.ensure_future(pool.think("B", "mcts", lambda: ran.append("B")))
        await asyncio.sleep(0.01)
        second.cancel()
        await asyncio.sleep(0)  # the cancellation reaches the pool's queue
        gate.set()
        await asyncio.wait_for(first, 5)
        await asyncio.sleep(0.05)
        assert ran == [] and not pool._waiting and pool._busy == 0
    finally:
        pool.shutdown()
