"""A live match runs on any host that hands it storage, a bot pool and an idle hook.

The lobby is one such host; these tests use a small one built from real parts
(SQLite in memory, a real bot pool; the ``match_host`` fixture) and no lobby
at all: a match is stored, played by a human seat and a bot seat, told to its
connections, rebuilt from what the host's storage holds, and finished.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any

import pytest

from meeple.core.registry import make_game
from meeple.server.match import Connection, LiveMatch, MatchHost, Seat
from meeple.server.protocol import ApiError
from meeple.server.storage import Event, MatchRow, Storage, StorageError
from tests.server.conftest import IdleLog

pytestmark = pytest.mark.asyncio
WAIT = 10.0


async def new_match(
    host: MatchHost, storage: Storage, match_id: str, seats: list[Seat], seed: int = 7
) -> LiveMatch:
    """Create a running tic-tac-toe match on ``host`` and store it, as the lobby does."""
    live = LiveMatch(
        host, match_id, make_game("tictactoe"), seed, seats, None, 0.0, time.time(), "running"
    )
    events = live.apply_opening_chance()
    await storage.create_match(live.new_row(), events)
    live.start()
    return live


async def until(check: Any) -> None:
    """Wait (bounded) until ``check()`` holds."""
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


class Socket:
    """An ASGI ``send`` that keeps the texts it was given."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.texts.append(message["text"])

    def last(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.texts[-1])
        return message


async def test_a_match_plays_stores_and_rebuilds_on_a_host_without_a_lobby(
    match_host: MatchHost, match_storage: Storage, idle_log: IdleLog
) -> None:
    seats = [Seat("human", "Ann", token="t0"), Seat("bot", "random", "random")]
    live = await new_match(match_host, match_storage, "h1", seats)
    socket = Socket()
    conn = Connection(socket.send, seat=0)
    live.attach(conn)
    assert socket.last()["legal"] and socket.last()["moves"] == 0
    while live.status == "running":
        # Wait for the message of seat 0's turn itself: the state changes first and the
        # message follows once the move is stored (the bot's move may be in flight).
        await until(
            lambda: (
                live.status != "running"
                or (
                    0 in live.match.state.turn().seats
                    and socket.last().get("state_id") == live.state_id
                    and bool(socket.last().get("legal"))
                )
            )
        )
        if live.status != "running":
            break
        code = socket.last()["legal"][0]["code"]
        await live.submit(0, {"state_id": live.state_id, "code": code}, conn, "r1")
    await until(lambda: socket.last()["status"] == "finished")
    final = socket.last()
    assert final["moves"] == len(live.match.history) >= 5 and final["legal"] == []
    assert live in idle_log.told
    # the host's storage holds every move: the rebuilt match is the same match
    row = await match_host.storage.get_match("h1", with_events=True)
    assert row is not None and row.status == "finished" and row.moves == len(live.match.history)
    rebuilt = LiveMatch.from_row(match_host, row)
    assert rebuilt.state_id == live.state_id and rebuilt.result == live.result
    assert rebuilt.match.state.state_id() == live.match.state.state_id()
    assert rebuilt.core.log_views == live.core.log_views
    live.detach(conn)
    live.shutdown()
    rebuilt.shutdown()


class RefusingStore:
    """Storage with nothing but the three calls a match makes; refuses one append."""

    def __init__(self, inner: Storage) -> None:
        self.inner = inner
        self.refuse = False

    async def append_events(
        self, match_id: str, events: Sequence[Event], changes: dict[str, Any] | None = None
    ) -> None:
        if self.refuse:
            self.refuse = False
            raise StorageError("disk full")
        await self.inner.append_events(match_id, events, changes)

    async def update_match(self, match_id: str, changes: dict[str, Any]) -> None:
        await self.inner.update_match(match_id, changes)

    async def get_match(self, match_id: str, with_events: bool = False) -> MatchRow | None:
        return await self.inner.get_match(match_id, with_events)


async def test_a_refused_write_rebuilds_the_match_from_the_hosts_storage(
    match_host: MatchHost, match_storage: Storage
) -> None:
    store = RefusingStore(match_storage)
    host = MatchHost(store, match_host.bots, bot_delay=0.0)
    seats = [Seat("human", "Ann", token="t0"), Seat("human", "Bob", token="t1")]
    live = await new_match(host, match_storage, "h2", seats, seed=3)
    await live.submit(0, {"state_id": live.state_id, "code": 4})
    sid, log = live.state_id, [list(v) for v in live.core.log_views]
    store.refuse = True
    with pytest.raises(ApiError) as refused:
        await live.submit(1, {"state_id": sid, "code": 0})
    assert refused.value.code == "server_error"
    assert len(live.match.history) == 1 and live.state_id == sid and live.core.log_views == log
    await live.submit(1, {"state_id": sid, "code": 0})  # the same move, stored this time
    row = await store.get_match("h2", with_events=True)
    assert row is not None and [e.seat for e in row.events] == [0, 1]
    live.shutdown()
