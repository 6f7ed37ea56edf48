"""Three `meeple serve` nodes behind HAProxy on one PostgreSQL: routing, failover, fencing.

All real parts, on loopback: HAProxy from Debian, a throwaway PostgreSQL
cluster, node processes killed with SIGKILL. See docs/architecture.md,
"More than one machine".
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.server.cluster import node_name, preference
from tests.cluster.clients import Player, create_pair, play, reconnect
from tests.cluster.harness import Cluster
from tests.server.conftest import WAIT

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]


async def test_each_match_is_served_by_its_first_node_and_the_lobby_by_any(
    cluster: Cluster,
) -> None:
    async with httpx.AsyncClient(base_url=cluster.proxy_url, timeout=WAIT) as http:
        ids = []
        for _ in range(9):  # round-robin: every node creates some
            r = await http.post("/api/matches", json={"game": "tictactoe"})
            assert r.status_code == 201, r.text
            ids.append(r.json()["match"]["id"])
        for match_id in ids:
            # the proxy's crc32 agrees with the nodes': every request lands on the owner
            for _ in range(3):
                r = await http.get(f"/api/matches/{match_id}")
                assert r.status_code == 200, r.text
            first = cluster.first_choice(match_id)
            assert cluster.owner(match_id) == node_name(first.index)
            # a node that does not own it refuses, changes nothing, and says "try again"
            other = cluster.nodes[preference(match_id, 3)[1]]
            r = httpx.post(f"{other.url}/api/matches/{match_id}/join", json={"name": "X"})
            assert r.status_code == 503 and r.json()["error"]["code"] == "try_again"
            assert r.headers["retry-after"] == "1"
        assert len({cluster.owner(m) for m in ids}) == 3
    for node in cluster.nodes:  # the lobby list comes from the shared database
        listed = httpx.get(f"{node.url}/api/matches", params={"limit": 50}).json()["matches"]
        assert set(ids) <= {m["id"] for m in listed}


async def test_owner_sigkilled_mid_game_the_match_resumes_exactly_on_the_next_node(
    cluster: Cluster,
) -> None:
    clock = {"initial": 600, "increment": 0}
    match_id, tokens, clients = await create_pair(cluster.proxy_url, clock=clock)
    players = [
        Player(cluster.proxy_url, match_id, t, c) for t, c in zip(tokens, clients, strict=True)
    ]
    await play(players, 3, random.Random(1))
    before = max((p.last for p in players), key=lambda m: m["moves"])
    owner = cluster.first_choice(match_id)
    successor = preference(match_id, 3)[1]

    killed = time.monotonic()
    await asyncio.to_thread(owner.kill)
    for p in players:
        await p.client.close()  # type: ignore[union-attr]
    resumed = []
    for p in players:
        p.client, _ = await reconnect(cluster.proxy_url, match_id, p.token)
        resumed.append(p.client.last)
    failover = time.monotonic() - killed
    print(f"failover {failover:.2f} s")
    assert failover < 2 * cluster.lease + 3, f"failover took {failover:.1f} s"
    assert cluster.owner(match_id) == node_name(successor)
    for seat, state in enumerate(resumed):
        assert state is not None and state["seat"] == seat
        # the very position both saw before the kill, with the same id and log
        for key in ("state_id", "moves", "status", "turn", "view", "log"):
            assert state[key] == before[key], key
        # the clock is not charged for the outage: it resumes from the stored time
        stored = before["clocks"]["remaining"]
        now = state["clocks"]["remaining"]
        running = before["clocks"]["running"][0]
        assert now[1 - running] == stored[1 - running]
        assert stored[running] - now[running] < failover - 0.5
    await play(players, 99, random.Random(2))
    assert players[0].last["status"] == "finished"
    async with httpx.AsyncClient(base_url=cluster.proxy_url, timeout=WAIT) as http:
        record = (await http.get(f"/api/matches/{match_id}/record")).json()
    assert len(record["actions"]) == players[0].last["moves"]


async def test_a_burst_of_moves_across_a_node_kill_loses_nothing_acknowledged(
    cluster: Cluster,
) -> None:
    matches = [await create_pair(cluster.proxy_url, game="province") for _ in range(6)]
    players = {
        match_id: [
            Player(cluster.proxy_url, match_id, t, c) for t, c in zip(tokens, clients, strict=True)
        ]
        for match_id, tokens, clients in matches
    }
    victim = cluster.first_choice(matches[0][0])
    on_victim = [m for m, _, _ in matches if cluster.first_choice(m) is victim]

    async def kill_mid_burst() -> None:
        while sum(len(p.acked) for m in on_victim for p in players[m]) < 10 * len(on_victim):
            await asyncio.sleep(0.01)
        await asyncio.to_thread(victim.kill)

    rngs = [random.Random(i) for i in range(len(matches))]
    await asyncio.gather(
        kill_mid_burst(),
        *(play(players[m], 60, rng) for (m, _, _), rng in zip(matches, rngs, strict=True)),
    )
    for match_id, pair in players.items():
        for p in pair:
            p.client, _ = await reconnect(cluster.proxy_url, match_id, p.token)
            final = p.client.last
            assert final is not None
            for log in p.acked:  # every acknowledged move is still in the match, in place
                assert final["log"][: len(log)] == log
        assert pair[0].last["state_id"] == pair[1].last["state_id"]
        if match_id in on_victim:
            assert cluster.owner(match_id) != node_name(victim.index)
            assert any(p.reconnects for p in pair)
        # one log in the database, no gap and no fork: exactly the moves the clients see
        events = _moves_in_database(cluster, match_id)
        assert [i for i, _ in events] == list(range(pair[0].last["moves"]))
    assert sum(len(p.acked) for pair in players.values() for p in pair) >= 6 * 50


def _moves_in_database(cluster: Cluster, match_id: str) -> list[tuple[int, Any]]:
    import psycopg

    with psycopg.connect(cluster.database) as conn:
        rows = conn.execute(
            "SELECT idx, data FROM events WHERE match_id = %s ORDER BY idx", [match_id]
        ).fetchall()
    return [(int(i), d) for i, d in rows]


async def test_a_restarted_node_takes_its_idle_matches_back_without_a_request(
    cluster: Cluster,
) -> None:
    """No client is connected (a bot match between moves, a paused game): the matches
    still move to the next node when their node dies, and back when it returns."""
    node1 = cluster.nodes[0]
    async with httpx.AsyncClient(base_url=node1.url, timeout=WAIT) as http:
        ids = []
        for _ in range(3):
            r = await http.post("/api/matches", json={"game": "tictactoe", "join": 0})
            ids.append(r.json()["match"]["id"])
    await asyncio.to_thread(node1.kill)
    successors = {m: node_name(preference(m, 3)[1]) for m in ids}

    def moved(to: dict[str, str]) -> bool:
        return all(cluster.owner(m) == n for m, n in to.items())

    await asyncio.to_thread(_wait, lambda: moved(successors), 3 * cluster.lease)
    restarted = time.monotonic()
    await asyncio.to_thread(node1.start)
    await asyncio.to_thread(_wait, lambda: moved(dict.fromkeys(ids, "node1")), 3 * cluster.lease)
    assert time.monotonic() - restarted < 3 * cluster.lease + 5


def _wait(check: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s")
        time.sleep(0.05)


async def test_a_node_stopped_cleanly_hands_its_matches_over_without_waiting_for_its_lease(
    cluster: Cluster,
) -> None:
    node1 = cluster.nodes[0]
    match_id, tokens, clients = await create_pair(node1.url)
    for c in clients:
        await c.close()
    stopped = time.monotonic()
    await asyncio.to_thread(node1.stop)  # SIGTERM: it gives its lease up on the way out
    successor = node_name(preference(match_id, 3)[1])
    await asyncio.to_thread(_wait, lambda: cluster.owner(match_id) == successor, cluster.lease)
    assert time.monotonic() - stopped < cluster.lease
    back, _ = await reconnect(cluster.proxy_url, match_id, tokens[0])
    assert back.last is not None and back.last["moves"] == 0


async def test_an_open_match_nobody_joins_expires_on_its_node(
    database: str, tmp_path: Path
) -> None:
    """The open-match time to live holds on cluster nodes too (each node expires the
    open matches it serves), and an expired match is nobody's to take over."""
    with Cluster(database, tmp_path, count=2, extra=("--open-ttl", "1")) as cluster:
        async with httpx.AsyncClient(base_url=cluster.proxy_url, timeout=WAIT) as http:
            r = await http.post("/api/matches", json={"game": "tictactoe"})
            match_id = r.json()["match"]["id"]

            async def status() -> str:
                r = await http.get(f"/api/matches/{match_id}")
                if r.status_code == 503:  # "try again": the match is between two nodes' hands
                    return ""
                assert r.status_code == 200, r.text
                return str(r.json()["match"]["status"])

            deadline = time.monotonic() + 10
            while await status() != "expired":
                assert time.monotonic() < deadline, "the open match never expired"
                await asyncio.sleep(0.1)
        await asyncio.to_thread(cluster.first_choice(match_id).kill)
        await asyncio.sleep(2 * cluster.lease)  # the other node sweeps: nothing to take
        r = httpx.get(f"{cluster.proxy_url}/api/matches/{match_id}")
        assert r.status_code == 200 and r.json()["match"]["status"] == "expired"
