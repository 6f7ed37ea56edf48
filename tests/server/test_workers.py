"""``meeple serve --workers N``: matches split between processes, connections routed.

These run the real thing (a supervisor and its worker subprocesses on one
port), except the last tests, which check the fallback of a request that
reaches a worker not owning its match without being handed over.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest
import websockets

from meeple.server.shards import Shard, match_id_of_path, owner_of
from tests.server.conftest import WAIT, Client, running_server
from tests.server.test_crash_resume import connect, play_moves

pytestmark = pytest.mark.asyncio

#: One request per connection: the kernel spreads them over the workers.
FRESH = httpx.Limits(max_keepalive_connections=0)


@asynccontextmanager
async def serve_workers(database: Path, workers: int) -> AsyncIterator[tuple[Any, str]]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "meeple", "serve", "--port", "0", "--database", str(database),
        "--bot-delay", "0", "--workers", str(workers),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert "serving on http://127.0.0.1:" in line and f"workers: {workers}" in line, line
        yield proc, line.split("serving on ", 1)[1].split()[0].rstrip("/")
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), WAIT)
            except TimeoutError:  # pragma: no cover - a stuck shutdown
                proc.kill()
                await proc.wait()


def worker_process(supervisor_pid: int, index: int) -> psutil.Process:
    for child in psutil.Process(supervisor_pid).children():
        argv = child.cmdline()
        if argv[argv.index("--worker") + 1].split("/")[0] == str(index):
            return child
    raise AssertionError(f"no worker {index}")


async def two_seats(http: httpx.AsyncClient, game: str = "tictactoe") -> tuple[str, str, str]:
    r = await http.post("/api/matches", json={"game": game, "join": 0, "name": "A"})
    assert r.status_code == 201, r.text
    match_id, token0 = r.json()["match"]["id"], r.json()["token"]
    r = await http.post(f"/api/matches/{match_id}/join", json={"name": "B"})
    assert r.status_code == 200, r.text
    return match_id, token0, r.json()["token"]


async def test_owner_of_is_stable_and_spreads() -> None:
    ids = [f"{i:010x}" for i in range(2000)]
    owners = [owner_of(i, 3) for i in ids]
    assert owners == [owner_of(i, 3) for i in ids]  # the same answer every time
    assert {o: owners.count(o) for o in range(3)} == pytest.approx({0: 667, 1: 667, 2: 667}, abs=80)
    assert all(owner_of(i, 1) == 0 for i in ids)
    assert match_id_of_path(b"/ws/match/ab12cd?token=x") == "ab12cd"
    assert match_id_of_path(b"/api/matches/ab12cd/seats/1/bot") == "ab12cd"
    assert match_id_of_path(b"/api/matches?status=open") is None
    assert match_id_of_path(b"/api/matches/../x") is None  # not an id: not routed
    assert match_id_of_path(b"/replay/ab12cd") is None  # a page: any worker serves it


async def test_matches_spread_over_workers_and_play_through_any_connection(
    tmp_path: Path,
) -> None:
    async with serve_workers(tmp_path / "w.sqlite3", 2) as (proc, url):
        assert len(psutil.Process(proc.pid).children()) == 2
        async with httpx.AsyncClient(base_url=url, timeout=WAIT, limits=FRESH) as http:
            created = [await two_seats(http) for _ in range(16)]
            owners = {owner_of(m, 2) for m, _, _ in created}
            assert owners == {0, 1}, "16 matches all went to one worker"
            listed = (await http.get("/api/matches?limit=100")).json()["matches"]
            assert {m for m, _, _ in created} <= {m["id"] for m in listed}
            # one whole game in a match of each worker, every socket a new connection
            rng = random.Random(3)
            for owner in (0, 1):
                match_id, t0, t1 = next(c for c in created if owner_of(c[0], 2) == owner)
                clients = [await connect(url, match_id, t) for t in (t0, t1)]
                await play_moves(clients, 9, rng)
                assert clients[0].last is not None and clients[0].last["status"] == "finished"
                for c in clients:
                    await c.close()
                for _ in range(5):  # read back through fresh connections, any worker
                    r = await http.get(f"/api/matches/{match_id}")
                    assert r.status_code == 200 and r.json()["match"]["status"] == "finished"
                r = await http.get(f"/api/matches/{match_id}/record")
                assert r.status_code == 200 and r.json()["result"] is not None


async def test_a_kept_alive_connection_is_routed_request_by_request(tmp_path: Path) -> None:
    async with serve_workers(tmp_path / "w.sqlite3", 2) as (_proc, url):
        async with httpx.AsyncClient(base_url=url, timeout=WAIT, limits=FRESH) as fresh:
            by_owner: dict[int, str] = {}
            while len(by_owner) < 2:
                r = await fresh.post("/api/matches", json={"game": "tictactoe", "join": 0})
                by_owner.setdefault(owner_of(r.json()["match"]["id"], 2), r.json()["match"]["id"])
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:  # one connection
            for i in range(12):
                match_id = by_owner[i % 2]
                r = await http.get(f"/api/matches/{match_id}")
                assert r.status_code == 200, r.text
                assert r.json()["match"]["id"] == match_id
            r = await http.post(f"/api/matches/{by_owner[1]}/join", json={"name": "late"})
            assert r.status_code == 200 and r.json()["seat"] == 1
            r = await http.post(f"/api/matches/{by_owner[0]}/join", json={"name": "late"})
            assert r.status_code == 200 and r.json()["seat"] == 1
            assert (await http.get("/api/games")).status_code == 200


async def test_a_killed_worker_is_restarted_and_its_matches_go_on(tmp_path: Path) -> None:
    async with (
        serve_workers(tmp_path / "w.sqlite3", 2) as (proc, url),
        httpx.AsyncClient(base_url=url, timeout=WAIT, limits=FRESH) as http,
    ):
        match_id, t0, t1 = await two_seats(http)
        clients = [await connect(url, match_id, t) for t in (t0, t1)]
        await play_moves(clients, 3, random.Random(1))
        seen = clients[0].last
        assert seen is not None and seen["moves"] == 3
        victim = worker_process(proc.pid, owner_of(match_id, 2))
        victim.send_signal(signal.SIGKILL)
        await asyncio.to_thread(victim.wait, WAIT)
        for c in clients:  # the sockets died with their worker
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(c.ws.recv(), WAIT)
        again: list[Client] = []
        for _ in range(100):  # the supervisor restarts it within a moment
            try:
                again = [await connect(url, match_id, t) for t in (t0, t1)]
                break
            except (OSError, websockets.InvalidStatus, websockets.ConnectionClosed):
                await asyncio.sleep(0.1)
        assert again, "the match did not come back"
        assert again[0].last is not None
        assert again[0].last["state_id"] == seen["state_id"]
        assert again[0].last["moves"] == 3
        await play_moves(again, 2, random.Random(2))
        assert again[0].last["moves"] == 5
        assert worker_process(proc.pid, owner_of(match_id, 2)).pid != victim.pid


async def test_a_request_for_another_workers_match_is_answered_with_a_retry(
    tmp_path: Path,
) -> None:
    """Without a handoff (say, a pipelined request), a worker never serves a match it
    does not own: REST answers 307 to the same URL on a new connection, a socket closes
    with 1013 "try again", and no second live copy of the match is made."""
    database = tmp_path / "shared.sqlite3"
    async with running_server(database) as one:
        body = {"game": "tictactoe", "join": 0}
        foreign = next(
            m
            for m in [(await one.create(**body))["match"]["id"] for _ in range(40)]
            if owner_of(m, 2) == 1
        )
    async with running_server(database, shard=Shard(0, 2)) as worker0:
        r = await worker0.http.get(f"/api/matches/{foreign}")
        assert r.status_code == 307
        assert r.headers["location"].endswith(f"/api/matches/{foreign}")
        assert r.headers["connection"] == "close"
        r = await worker0.http.post(f"/api/matches/{foreign}/join", json={})
        assert r.status_code == 307
        ws = await websockets.connect(worker0.ws_url(foreign))
        message = await asyncio.wait_for(ws.recv(), WAIT)
        assert '"try_again"' in str(message)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert foreign not in worker0.lobby.live
        assert worker0.lobby.shard.owns((await worker0.create(**body))["match"]["id"])


async def test_workers_must_be_a_sensible_count(tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "meeple", "serve", "--port", "0", "--workers", "0",
        "--database", str(tmp_path / "x.sqlite3"),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), WAIT)
    assert proc.returncode != 0
    assert b"--workers must be 1..64" in out
