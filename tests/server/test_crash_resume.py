"""Kill ``meeple serve`` with SIGKILL in the middle of matches; restart; nothing is lost.

The server runs as a real subprocess (``python -m meeple serve``), so the kill
is a real crash: no shutdown hook runs. Every state a client was shown before
the kill must come back identical (same state_id, view, legal actions, log).
"""

from __future__ import annotations

import asyncio
import json
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

from tests.server.conftest import WAIT, Client, merge_state

pytestmark = pytest.mark.asyncio

COMPARED = ("state_id", "moves", "status", "view", "turn", "legal", "log", "can_undo", "result")


@asynccontextmanager
async def serve(
    database: Path, workers: int = 1
) -> AsyncIterator[tuple[asyncio.subprocess.Process, str]]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "meeple", "serve", "--port", "0",
        "--database", str(database), "--bot-delay", "0", "--workers", str(workers),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert "serving on http://127.0.0.1:" in line, line
        url = line.split("serving on ", 1)[1].split()[0].rstrip("/")
        yield proc, url
    finally:
        if proc.returncode is None:
            proc.kill()
        await asyncio.wait_for(proc.wait(), WAIT)


async def connect(url: str, match_id: str, token: str) -> Client:
    ws_url = url.replace("http://", "ws://") + f"/ws/match/{match_id}?token={token}"
    client = Client(await asyncio.wait_for(websockets.connect(ws_url), WAIT))
    await client.state()
    return client


async def settle(clients: list[Client]) -> None:
    """Read until every client has seen the same latest state (the server is idle)."""
    for _ in range(50):
        try:
            msg = await asyncio.wait_for(clients[0].ws.recv(), 0.2)
        except TimeoutError:
            pass
        else:
            data = json.loads(msg)
            if data["type"] == "state":
                clients[0].last = merge_state(clients[0].last, data)
        for c in clients[1:]:
            while c.last is None or c.last["state_id"] != clients[0].last["state_id"]:  # type: ignore[index]
                await c.receive()
        if all(c.last and c.last["state_id"] == clients[0].last["state_id"] for c in clients):  # type: ignore[index]
            return


async def play_moves(clients: list[Client], count: int, rng: random.Random) -> None:
    """Whoever may act plays a random legal action, ``count`` times, each acknowledged."""
    for _ in range(count):
        mover = next((c for c in clients if c.last and c.last["legal"]), None)
        if mover is None or mover.last is None or mover.last["status"] != "running":
            return

        sid = mover.last["state_id"]
        await mover.act(rng.choice(mover.last["legal"])["code"], sid)
        await mover.state(lambda m, sid=sid: m["state_id"] != sid)
        for c in clients:
            if c is not mover:
                await c.state(lambda m, t=mover.last: m["state_id"] == t["state_id"])  # type: ignore[misc]


def comparable(message: dict[str, Any]) -> dict[str, Any]:
    return {k: message[k] for k in COMPARED}


@pytest.mark.parametrize("workers", [(1, 1), (2, 3)], ids=["one-process", "2-workers-then-3"])
async def test_sigkill_mid_match_then_every_unfinished_match_resumes(
    tmp_path: Path, workers: tuple[int, int]
) -> None:
    """With ``--workers``, the supervisor is killed (its workers follow at once) and
    the restart has another worker count, so most matches change owner: each is
    still resumed exactly once, by its new owner."""
    database = tmp_path / "crash.sqlite3"
    rng = random.Random(7)
    plans = [("tictactoe", 3), ("province", 25), ("snowtails", 12), ("province", 0)]
    matches: list[dict[str, Any]] = []
    async with serve(database, workers[0]) as (proc, url):
        children = psutil.Process(proc.pid).children()
        assert len(children) == (workers[0] if workers[0] > 1 else 0)
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
            for game, moves in plans:
                r = await http.post(
                    "/api/matches", json={"game": game, "players": 2, "join": 0, "name": "A"}
                )
                assert r.status_code == 201, r.text
                match_id, token0 = r.json()["match"]["id"], r.json()["token"]
                token1 = (await http.post(f"/api/matches/{match_id}/join", json={})).json()["token"]
                clients = [await connect(url, match_id, t) for t in (token0, token1)]
                await play_moves(clients, moves, rng)
                await settle(clients)
                matches.append({"id": match_id, "tokens": (token0, token1), "clients": clients})
            # an open match (a seat still free) and a finished one must survive too
            open_id = (await http.post("/api/matches", json={"game": "tictactoe"})).json()["match"][
                "id"
            ]
            done = (await http.post("/api/matches", json={"game": "tictactoe", "seats": ["random", "random"]})).json()["match"]["id"]  # fmt: skip
            for _ in range(100):
                if (await http.get(f"/api/matches/{done}")).json()["match"]["status"] == "finished":
                    break
                await asyncio.sleep(0.05)
            # an action in flight at the moment of the kill: stored or not, never half
            inflight = matches[0]["clients"]
            mover_seat = next(i for i, c in enumerate(inflight) if c.last["legal"])
            mover = inflight[mover_seat]
            before = comparable(mover.last)
            await mover.act(mover.last["legal"][0]["code"])
        proc.send_signal(signal.SIGKILL)
        await asyncio.wait_for(proc.wait(), WAIT)
        assert proc.returncode == -signal.SIGKILL
        # the workers die with their supervisor (nothing is left serving the old port)
        _gone, alive = await asyncio.to_thread(psutil.wait_procs, children, WAIT)
        assert not alive
    shown = {m["id"]: [comparable(c.last) for c in m["clients"]] for m in matches}

    async with serve(database, workers[1]) as (proc, url):
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
            still_running: set[str] = set()
            for m in matches:
                again = [await connect(url, m["id"], t) for t in m["tokens"]]
                now = [comparable(c.last) for c in again]  # type: ignore[arg-type]
                if m is matches[0]:
                    # the in-flight action either made it (one more move) or did not
                    mine = now[mover_seat]
                    assert mine == before or mine["moves"] == before["moves"] + 1
                    if mine != before:
                        shown[m["id"]] = now
                assert now == shown[m["id"]], f"match {m['id']} did not resume identically"
                # and play goes on
                await play_moves(again, 2, rng)
                if again[0].last["status"] == "running":  # type: ignore[index]
                    still_running.add(m["id"])
                for c in again:
                    await c.close()
            r = await http.get(f"/api/matches/{open_id}")
            assert r.json()["match"]["status"] == "open"
            r = await http.get(f"/api/matches/{done}/record")
            assert r.status_code == 200 and r.json()["result"] is not None
            running = {
                m["id"] for m in (await http.get("/api/matches?status=running")).json()["matches"]
            }
            assert running == still_running
        proc.send_signal(signal.SIGTERM)


@pytest.mark.parametrize(
    "clock",
    [None, {"initial": 300, "increment": 2, "policy": "bot", "bot": "random"}],
    ids=["realtime", "realtime-with-clocks"],
)
async def test_sigkill_after_an_undo_in_real_time_resumes_the_undone_position(
    tmp_path: Path, clock: dict[str, Any] | None
) -> None:
    """Fit To Print in real time: lay out, undo, SIGKILL. The undo stays undone (it
    replayed as nothing once: the action came back under an unchanged state id)."""
    database = tmp_path / "undo.sqlite3"
    body = {"game": "fittoprint", "players": 2, "options": {"mode": "realtime"}, "clock": clock}
    async with serve(database) as (proc, url):
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
            r = await http.post("/api/matches", json={**body, "join": 0})
            assert r.status_code == 201, r.text
            match_id, token0 = r.json()["match"]["id"], r.json()["token"]
            token1 = (await http.post(f"/api/matches/{match_id}/join", json={})).json()["token"]
        a = await connect(url, match_id, token0)
        assert a.last is not None
        layout = next(e["code"] for e in a.last["legal"] if e["text"] == "layout")
        await a.act(layout)
        laid = await a.state(lambda m: m["moves"] == 1)
        await a.send({"type": "undo", "state_id": laid["state_id"]})
        undone = await a.state(lambda m: m["moves"] == 0)
        proc.send_signal(signal.SIGKILL)
        await asyncio.wait_for(proc.wait(), WAIT)
    async with serve(database) as (proc, url):
        again = await connect(url, match_id, token0)
        assert again.last is not None
        assert comparable(again.last) == comparable(undone)
        assert again.last["moves"] == 0 and again.last["state_id"] == undone["state_id"]
        other = await connect(url, match_id, token1)
        assert other.last is not None and other.last["state_id"] == undone["state_id"]
        for c in (again, other):
            await c.close()
        proc.send_signal(signal.SIGTERM)
