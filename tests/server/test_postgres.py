"""The storage layer and the server against a REAL PostgreSQL server.

The fixture creates a throwaway cluster (initdb) in a temporary directory,
starts it on a free loopback port, and removes it afterwards. As root it runs
the PostgreSQL binaries as the ``postgres`` user (runuser), since PostgreSQL
refuses to run as root. It skips, saying why, only when the binaries are not
installed (``scripts/system-deps`` installs Debian's ``postgresql``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from meeple.server.storage import Event, MatchRow, Storage
from tests.server.conftest import running_server
from tests.server.pg import PostgresUnavailable, throwaway_postgres


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    try:
        with throwaway_postgres() as url:
            yield url
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))


def row(match_id: str, status: str = "running") -> MatchRow:
    return MatchRow(
        id=match_id, game="tictactoe", players=2, options={}, seed=(1 << 62) + 5,
        setup={"clock": None, "bot_delay": 0.0}, seats=[{"kind": "human", "name": "A"}] * 2,
        status=status, moves=0, created_at=time.time(), finished_at=None, result=None, rematch=None,
    )  # fmt: skip


def test_storage_round_trip_on_postgresql(postgres_url: str) -> None:
    storage = Storage(postgres_url)
    storage.open()
    try:
        match_id = f"pg{time.monotonic_ns()}"
        storage.create_match_sync(row(match_id))
        events = [
            Event(0, "action", 0, {"action": {"type": "place", "cell": 4}}, 1.0),
            Event(1, "action", 1, {"action": {"type": "place", "cell": 0}, "clocks": None}, 2.0),
        ]
        storage.append_events_sync(match_id, events, {"moves": 2})
        got = storage.get_match_sync(match_id, with_events=True)
        assert got is not None and got.seed == (1 << 62) + 5 and got.moves == 2
        assert [(e.idx, e.seat, e.data) for e in got.events] == [
            (e.idx, e.seat, e.data) for e in events
        ]
        assert match_id in {r.id for r in storage.unfinished_matches_sync()}
        # an event index written twice is refused, and nothing of that transaction stays
        with pytest.raises(Exception, match="database error"):
            storage.append_events_sync(match_id, [events[0]], {"moves": 99})
        again = storage.get_match_sync(match_id, with_events=True)
        assert again is not None and again.moves == 2 and len(again.events) == 2
    finally:
        storage.close()


@pytest.mark.asyncio
async def test_server_on_postgresql_plays_and_resumes(postgres_url: str) -> None:
    async with running_server(postgres_url) as srv:
        match_id, a, b = await srv.two_humans()
        await a.act(4)
        seen = await b.state(lambda m: m["moves"] == 1)
        await a.close()
        await b.close()
    async with running_server(postgres_url) as srv:
        assert match_id in srv.lobby.live
        watcher = await srv.connect(match_id)
        assert watcher.last is not None
        assert watcher.last["state_id"] == seen["state_id"] and watcher.last["view"] == seen["view"]
        await watcher.close()


@pytest.mark.asyncio
async def test_accounts_and_sessions_on_postgresql_survive_a_restart(postgres_url: str) -> None:
    """Issue 40, item 5: accounts and sessions live in the database, PostgreSQL too: a
    session made before a restart still logs the browser in after it; names stay unique."""
    import httpx

    name = f"Pg{time.monotonic_ns()}"
    async with running_server(postgres_url) as srv, httpx.AsyncClient(base_url=srv.url) as http:
        r = await http.post("/api/account/register", json={"name": name, "password": "pg password"})
        assert r.status_code == 201
        token = http.cookies["meeple_session"]
    async with running_server(postgres_url) as srv, httpx.AsyncClient(base_url=srv.url) as http:
        http.cookies.set("meeple_session", token)
        me = await http.get("/api/account")
        assert me.status_code == 200 and me.json()["account"]["name"] == name
        r = await http.post(
            "/api/account/register",
            json={"name": name.upper(), "password": "pg password"},
            headers={"x-csrf-token": me.json()["csrf"]},
        )
        assert r.status_code == 409
        r = await http.post(
            "/api/account/login",
            json={"name": name, "password": "nope nope"},
            headers={"x-csrf-token": me.json()["csrf"]},
        )
        assert r.status_code == 401
