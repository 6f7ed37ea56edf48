"""Bots on the server: they play off the event loop, take seats over, and play Province."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from meeple.bots import registry as bot_registry
from meeple.bots.simple import RandomBot
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.match import MatchRecord, replay
from tests.server.conftest import Server

pytestmark = pytest.mark.asyncio


class SlowBot(RandomBot):
    """Thinks (blocking its thread) until released: shows bots never block the event loop."""

    name = "slowtest"
    release = threading.Event()
    threads: ClassVar[list[str]] = []

    def choose(self, state: State) -> Action:
        SlowBot.threads.append(threading.current_thread().name)
        SlowBot.release.wait(timeout=10)
        return super().choose(state)


@pytest.fixture
def slow_bot() -> Iterator[type[SlowBot]]:
    SlowBot.release.clear()
    SlowBot.threads.clear()
    bot_registry.register_bot("slowtest", SlowBot)
    try:
        yield SlowBot
    finally:
        SlowBot.release.set()
        bot_registry._BOTS.pop("slowtest", None)


async def test_a_thinking_bot_does_not_block_the_server(server: Server, slow_bot: Any) -> None:
    created = await server.create(seats=["human", "slowtest"], join=0)
    match_id = created["match"]["id"]
    a = await server.connect(match_id, created["token"])
    await a.act(4)
    await a.state(lambda m: m["moves"] == 1)
    # the bot is now blocked in choose(); the server still answers everyone
    for _ in range(100):
        if slow_bot.threads:
            break
        await asyncio.sleep(0.02)
    assert slow_bot.threads and slow_bot.threads[0].startswith("meeple-bot")
    await a.send({"type": "ping"})
    assert (await a.receive()) == {"type": "pong"}
    r = await server.http.get(f"/api/matches/{match_id}")
    assert r.json()["match"]["moves"] == 1
    other = await server.create()
    assert other["match"]["status"] == "open"
    slow_bot.release.set()
    moved = await a.state(lambda m: m["moves"] == 2)
    assert moved["log"][1]["seat"] == 1 and moved["legal"]
    await a.close()


async def test_bot_delay_lets_humans_follow(server: Server) -> None:
    created = await server.create(seats=["human", "random"], join=0, bot_delay=0.3)
    a = await server.connect(created["match"]["id"], created["token"])
    await a.act(0)
    t0 = time.monotonic()
    await a.state(lambda m: m["moves"] == 1)
    await a.state(lambda m: m["moves"] == 2)
    assert time.monotonic() - t0 >= 0.3  # a lower bound (the delay), never an upper one
    await a.close()


async def test_leaving_on_your_turn_hands_it_to_a_bot(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    await a.act(4)
    await b.state(lambda m: m["moves"] == 1)
    r = await server.http.post(
        f"/api/matches/{match_id}/leave", json={"token": b.token, "bot": "greedy"}
    )
    assert r.status_code == 200
    bot_moved = await a.state(lambda m: m["moves"] == 2)
    assert bot_moved["log"][1]["seat"] == 1
    assert bot_moved["match"]["seats"][1]["kind"] == "bot"
    # the leaver's connection is now a spectator
    watched = await b.state(lambda m: m["moves"] == 2)
    assert watched["seat"] is None and watched["legal"] == []
    await a.close()
    await b.close()


async def test_province_human_against_heuristic_bot_to_the_end(server: Server) -> None:
    created = await server.create(game="province", seats=["human", "heuristic"], join=0)
    match_id = created["match"]["id"]
    a = await server.connect(match_id, created["token"])
    state = a.last
    assert state is not None
    steps = 0
    while state["status"] != "finished" and steps < 3000:
        if state["legal"]:
            # prefer building (so the game ends), else the first legal action
            legal = state["legal"]
            pick = next((e for e in legal if e["json"]["type"] == "build"), legal[0])
            await a.act(pick["code"], state["state_id"])
            steps += 1
        sid = state["state_id"]
        state = await a.state(lambda m, sid=sid: m["state_id"] != sid)
    assert state["status"] == "finished", f"not finished after {steps} of our moves"
    assert state["result"]["reason"] == "finished"
    # the result says in the game's words which end condition closed it, in both languages
    end = state["result"]["end"]
    assert set(end) == {"en", "zh-TW"} and end["en"] and end["zh-TW"] != end["en"]
    record = MatchRecord.from_json(
        (await server.http.get(f"/api/matches/{match_id}/record")).json()
    )
    rebuilt = replay(record, verify=True)
    assert rebuilt.state.is_terminal()
    assert any(seat == 1 for seat, _ in record.actions)  # the bot played
    replayed = (await server.http.get(f"/api/matches/{match_id}/replay")).json()
    assert len(replayed["steps"]) == len(record.actions) + 1
    await a.close()


class WatchingBot(RandomBot):
    """Records what Bot.observe is told."""

    name = "watchtest"
    seen: ClassVar[list[tuple[int | None, str]]] = []

    def observe(self, actor: int | None, action: Action, state_before: State) -> None:
        WatchingBot.seen.append((actor, str(action)))


async def test_bots_observe_every_action(server: Server) -> None:
    WatchingBot.seen.clear()
    bot_registry.register_bot("watchtest", WatchingBot)
    try:
        created = await server.create(seats=["human", "watchtest"], join=0)
        a = await server.connect(created["match"]["id"], created["token"])
        await a.act(4)
        after_bot = await a.state(lambda m: m["moves"] == 2)
        free = after_bot["legal"][0]  # the random bot may have taken any cell but 4
        await a.act(free["code"])
        await a.state(lambda m: m["moves"] == 4)
        texts = [e["text"].split(": ")[1] for e in after_bot["log"]]
        # the bot exists from its first turn on; from then it sees every action, its own too
        assert WatchingBot.seen[:2] == [(1, texts[1]), (0, free["text"])]
        assert [actor for actor, _ in WatchingBot.seen[:3]] == [1, 0, 1]
        await a.close()
    finally:
        bot_registry._BOTS.pop("watchtest", None)
