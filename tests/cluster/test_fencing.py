"""The database side of ownership, statement by statement, on a real PostgreSQL:
a match lease is taken only from a dead holder, and every write is fenced by it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from meeple.server.cluster import ClusterConfig
from meeple.server.leases import CLAIM, GUARD, ClusterStorage, Fenced
from meeple.server.ownership import Ownership
from meeple.server.storage import Event
from tests.server.test_postgres import row

pytestmark = pytest.mark.asyncio
NODES = ("127.0.0.1:1", "127.0.0.1:2")


class Node:
    """An Ownership and its fenced storage, without a heartbeat thread: the test
    moves the leases itself (``expire``)."""

    def __init__(self, database: str, index: int) -> None:
        self.ownership = Ownership(ClusterConfig(NODES, index, lease=30), database)
        self.storage = ClusterStorage(database, self.ownership)
        self.storage.open()
        self.ownership.epoch = self.ownership._register()
        self.ownership.valid_until = time.monotonic() + 30

    def expire(self) -> None:
        """The node's lease runs out in the database (it stopped renewing)."""
        import psycopg

        with psycopg.connect(self.ownership.database, autocommit=True) as conn:
            conn.execute(
                "UPDATE cluster_nodes SET expires_at = clock_timestamp() - interval '1 second' "
                "WHERE node = %s",
                [self.ownership.name],
            )


@pytest.fixture
def nodes(database: str) -> Iterator[tuple[Node, Node]]:
    a, b = Node(database, 0), Node(database, 1)
    try:
        yield a, b
    finally:
        a.storage.close()
        b.storage.close()


def event(idx: int) -> Event:
    return Event(idx, "action", 0, {"action": {"type": "place", "cell": idx}}, time.time())


async def test_a_match_lease_moves_only_when_its_holder_is_dead(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    await a.storage.create_match(row("m1"))
    await a.storage.append_events("m1", [event(0)])
    assert await b.storage.claim("m1") == "taken"  # a is alive: b may not take it
    with pytest.raises(Fenced):  # nor write to it
        await b.storage.append_events("m1", [event(1)])
    a.expire()
    assert await b.storage.claim("m1") == "mine"
    # a does not know yet (its clock says its lease holds): the database refuses it
    with pytest.raises(Fenced):
        await a.storage.append_events("m1", [event(1)], {"moves": 2})
    with pytest.raises(Fenced):
        await a.storage.update_match("m1", {"status": "finished"})
    got = await b.storage.get_match("m1", with_events=True)
    assert got is not None and [e.idx for e in got.events] == [0] and got.status == "running"
    await b.storage.append_events("m1", [event(1)])
    assert await b.storage.claim("missing") == "missing"


async def test_a_node_whose_lease_lapsed_writes_and_creates_nothing(
    nodes: tuple[Node, Node],
) -> None:
    a, _ = nodes
    await a.storage.create_match(row("m2"))
    a.ownership.valid_until = 0.0  # its own deadline passed: refused before any SQL
    with pytest.raises(Fenced, match="lapsed"):
        await a.storage.append_events("m2", [event(0)])
    a.ownership.valid_until = time.monotonic() + 30
    a.expire()  # the database's expiry passed: creating is refused there
    with pytest.raises(Fenced):
        await a.storage.create_match(row("m3"))
    assert await a.storage.get_match("m3") is None


async def test_a_takeover_waits_for_a_write_in_flight_and_then_sees_it(
    nodes: tuple[Node, Node],
) -> None:
    import psycopg

    a, b = nodes
    await a.storage.create_match(row("m4"))
    url = a.ownership.database
    with psycopg.connect(url) as writer, psycopg.connect(url, autocommit=True) as taker:
        # a's write: the guard passed (owner row locked FOR SHARE), not committed yet
        assert writer.execute(GUARD, ["m4", "node1", a.ownership.epoch]).fetchall()
        writer.execute(
            "INSERT INTO events (match_id, idx, kind, seat, data, at) "
            "VALUES ('m4', 0, 'action', 0, '{}', 0)"
        )
        a.expire()
        result: list[object] = []
        claim = threading.Thread(
            target=lambda: result.append(
                taker.execute(CLAIM, ["m4", "node2", b.ownership.epoch]).fetchall()
            )
        )
        claim.start()
        claim.join(0.5)
        assert claim.is_alive(), "the takeover did not wait for the write in flight"
        writer.commit()
        claim.join(10)
        assert result == [[("m4",)]]
    got = await b.storage.get_match("m4", with_events=True)
    assert got is not None and [e.idx for e in got.events] == [0]
    with pytest.raises(Fenced):
        await a.storage.append_events("m4", [event(1)])


async def test_the_watchdog_woken_early_still_fences_at_the_deadline() -> None:
    """uvloop's timers run in 1 ms steps and may wake a hair before the deadline:
    the watchdog must try again then, not give up (it once did: the node kept
    serving after its lease lapsed)."""
    import asyncio

    class FakeLive:
        def __init__(self) -> None:
            self.connections: set[object] = set()
            self.shut = False

        def shutdown(self) -> None:
            self.shut = True

    class FakeLobby:
        def __init__(self) -> None:
            self.live = {"m": FakeLive()}

    ownership = Ownership(ClusterConfig(NODES, 0, lease=30), "postgresql://unused/x")
    lobby = FakeLobby()
    ownership.lobby = lobby  # type: ignore[assignment]
    ownership._loop = asyncio.get_running_loop()
    ownership.valid_until = time.monotonic() + 0.05
    ownership._check_lease()  # early: still valid, so it must re-arm itself
    assert lobby.live and ownership.fenced_times == 0
    await asyncio.sleep(0.15)
    assert not lobby.live and ownership.fenced_times == 1
