"""A node cut off from PostgreSQL (its clients still reach it) stops serving before
another node may take its matches, and takes them back when the database returns."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path

import httpx
import pytest
import websockets

from meeple.server.cluster import node_name, parse_address, preference
from tests.cluster.clients import Player, connect, create_pair, play, reconnect
from tests.cluster.harness import HAPROXY, Cluster, Relay, wait_until
from tests.server.conftest import WAIT

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]


class Watch(threading.Thread):
    """Samples, every 10 ms, whether a node says it holds its lease and who owns a match."""

    def __init__(self, cluster: Cluster, node: int, match_id: str) -> None:
        super().__init__(daemon=True)
        self.cluster, self.node, self.match_id = cluster, node, match_id
        self.fenced_at: float | None = None
        self.taken_at: float | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        import psycopg

        url = self.cluster.nodes[self.node].url + "/api/cluster/health"
        with psycopg.connect(self.cluster.database, autocommit=True) as db:
            while not self.stop.is_set() and (self.fenced_at is None or self.taken_at is None):
                now = time.monotonic()
                if self.fenced_at is None:
                    try:
                        if httpx.get(url, timeout=1).status_code == 503:
                            self.fenced_at = now
                    except httpx.HTTPError:
                        pass
                if self.taken_at is None:
                    row = db.execute(
                        "SELECT node FROM match_owners WHERE match_id = %s", [self.match_id]
                    ).fetchone()
                    if row is not None and row[0] != node_name(self.node):
                        self.taken_at = now
                time.sleep(0.01)


async def test_a_node_cut_off_from_the_database_stops_before_its_lease_is_taken(
    database: str, tmp_path: Path
) -> None:
    if not Path(HAPROXY).exists():
        pytest.skip("haproxy is not installed (scripts/system-deps installs Debian's haproxy)")
    relay = Relay(parse_address(database.split("@", 1)[1].split("/", 1)[0]))
    cluster = Cluster(database, tmp_path)
    cluster.databases[0] = relay.url(database)  # node1 reaches PostgreSQL through the relay
    try:
        with cluster:
            node1 = cluster.nodes[0]
            # node1 makes only ids it is first in line for among the nodes it sees alive:
            # until its heartbeat (through the relay) has seen all three, an id it makes
            # may put another node first (a CI run under load did)
            wait_until(
                lambda: (
                    len(httpx.get(node1.url + "/api/cluster/health", timeout=2).json()["alive"])
                    == 3
                ),
                30,
                "node1 to see every node alive",
                step=0.2,
            )
            # a match node1 serves (a node creates only matches it is first in line for)
            match_id, tokens, clients = await create_pair(node1.url)
            assert preference(match_id, 3)[0] == 0
            for c in clients:
                await c.close()
            players = [
                Player(
                    cluster.proxy_url, match_id, t, await connect(cluster.proxy_url, match_id, t)
                )
                for t in tokens
            ]
            await play(players, 2, random.Random(3))
            before = players[0].last
            direct = await connect(node1.url, match_id, tokens[0])  # past the proxy

            watch = Watch(cluster, 0, match_id)
            cut = time.monotonic()
            relay.cut()
            watch.start()
            # node1 hangs up its sockets when its lease lapses, before anyone may take over
            with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(direct.ws.recv(), 3 * cluster.lease)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            await asyncio.to_thread(watch.join, 4 * cluster.lease)
            assert watch.fenced_at is not None and watch.taken_at is not None
            assert watch.fenced_at < watch.taken_at, "node1 still served when node2 took over"
            assert watch.fenced_at - cut <= cluster.lease  # at most a lease after the cut
            assert cluster.owner(match_id) == node_name(preference(match_id, 3)[1])

            # node1 refuses the match meanwhile; the proxy's next node serves it exactly
            with pytest.raises((websockets.exceptions.WebSocketException, AssertionError)):
                await connect(node1.url, match_id, tokens[0])
            r = httpx.post(f"{node1.url}/api/matches/{match_id}/leave", json={"token": tokens[0]})
            assert r.status_code == 503
            for p in players:
                p.client = None
            await play(players, 3, random.Random(4))  # reconnects through the proxy
            assert players[0].last["log"][: len(before["log"])] == before["log"]
            moved = players[0].last

            # the database comes back: node1 renews, and takes its match back
            relay.heal()
            await asyncio.to_thread(
                lambda: _wait(lambda: cluster.owner(match_id) == "node1", 6 * cluster.lease)
            )
            p0, _ = await reconnect(cluster.proxy_url, match_id, tokens[0])
            assert p0.last is not None and p0.last["state_id"] == moved["state_id"]
            again = await connect(node1.url, match_id, tokens[0])
            assert again.last is not None and again.last["state_id"] == moved["state_id"]
            async with httpx.AsyncClient(base_url=cluster.proxy_url, timeout=WAIT) as http:
                health = (await http.get(f"{node1.url}/api/cluster/health")).json()
            assert health["lease"] == "held" and health["matches"] >= 1
    finally:
        print(cluster.logs())
        relay.close()


def _wait(check: object, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


async def test_a_paused_owner_never_stores_a_move_after_its_match_moved(
    cluster: Cluster,
) -> None:
    """SIGSTOP (a long GC pause, a frozen VM): the node's clock and watchdog stop with
    it. A move that reaches it while paused is refused when it wakes, by its own
    deadline or by the database, whichever sees it first; only the new owner's
    moves are stored, and the woken node then takes the match back exactly."""
    import signal

    node1 = cluster.nodes[0]
    match_id, tokens, direct = await create_pair(node1.url)  # sockets straight to node1
    mover = 0 if direct[0].last and direct[0].last["legal"] else 1
    start = direct[mover].last
    assert start is not None and len(start["legal"]) >= 2
    successor = node_name(preference(match_id, 3)[1])

    node1.signal(signal.SIGSTOP)
    try:
        await asyncio.to_thread(
            lambda: _wait(lambda: cluster.owner(match_id) == successor, 4 * cluster.lease)
        )
        # the same seat moves on the new owner, through the proxy
        p = Player(cluster.proxy_url, match_id, tokens[mover], None)  # type: ignore[arg-type]
        p.client = None
        assert await p.step(random.Random(5))
        stored = p.last
        # ... and sends another move to the paused node, on the old position
        other = next(a for a in start["legal"] if a["json"] != p.acked[-1][-1].get("json"))
        await direct[mover].send(
            {"type": "action", "state_id": start["state_id"], "code": other["code"], "ref": 99}
        )
    finally:
        node1.signal(signal.SIGCONT)
    acknowledged = False
    try:
        while True:
            msg = await asyncio.wait_for(direct[mover].receive(), 3 * cluster.lease)
            if msg["type"] == "state" and msg.get("ref") == 99:
                acknowledged = True
            if msg["type"] == "error" and msg.get("ref") == 99:
                break  # refused: nothing changed
    except (websockets.exceptions.ConnectionClosed, TimeoutError):
        pass  # hung up (1013) when its watchdog ran
    assert not acknowledged, "the paused node acknowledged a move after its match moved"
    events = _events(cluster, match_id)
    assert len(events) == stored["moves"]
    assert events[-1] == p.acked[-1][-1]["json"]
    # node1 renews again and gets its match back at the position the successor stored
    await asyncio.to_thread(
        lambda: _wait(lambda: cluster.owner(match_id) == "node1", 6 * cluster.lease)
    )
    back, _ = await reconnect(node1.url, match_id, tokens[mover])
    assert back.last is not None and back.last["state_id"] == stored["state_id"]


def _events(cluster: Cluster, match_id: str) -> list[object]:
    """The stored actions of a match, in order (as JSON)."""
    import json

    import psycopg

    with psycopg.connect(cluster.database) as conn:
        rows = conn.execute(
            "SELECT data FROM events WHERE match_id = %s ORDER BY idx", [match_id]
        ).fetchall()
    return [json.loads(r[0])["action"] for r in rows]
