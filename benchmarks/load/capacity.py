"""Capacity of one ``meeple serve``: memory per open match and per idle socket, restart
time, and move latency of active matches while clients that never read are connected.

    .venv/bin/python benchmarks/load/capacity.py                  # 1,000 and 10,000 matches, ~3 min
    .venv/bin/python benchmarks/load/capacity.py --matches 1000 --sockets 500

For each count N of ``--matches``: a fresh database, a server (``--create-rate
0``), N open tic-tac-toe matches created over REST; the server's RSS before
and after gives the memory per open match. ``--sockets`` idle spectator
WebSockets are then opened on them (memory per idle socket). The server is
killed with SIGKILL and restarted on the same database: the time from the
process start to the printed URL (every match resumed) is the restart time.

Then, on a fresh server, ``--active`` pairs of clients play tic-tac-toe back to
back for ``--duration`` seconds (random legal moves; latency from sending a
move to the mover seeing its new state), first alone, then with ``--slow``
spectators that stopped reading (their transports paused) watching those
matches (Province by default: long games, so the watchers fall far behind): the p50 / p99 of both runs, and the server's RSS at the end of each.

Every loop is bounded (durations, timeouts on every wait); servers are
stopped at the end whatever happens. Results: benchmarks/results/capacity.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
import websockets

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
WAIT = 30.0


#: ``--src DIR``: serve another checkout's ``src`` (a baseline, e.g. ``git archive main``)
BASELINE_SRC: str | None = None


async def start_server(database: Path) -> tuple[asyncio.subprocess.Process, str, float]:
    """A ``meeple serve`` on a free port; (process, url, seconds until it printed its URL)."""
    started = time.monotonic()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    limits = ["--create-rate", "0"]
    if BASELINE_SRC is not None:  # an older server: its own code, no limit options
        env["PYTHONPATH"] = BASELINE_SRC
        limits = []
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "meeple", "serve", "--port", "0", "--database", str(database),
        "--bot-delay", "0", *limits,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    line = (await asyncio.wait_for(proc.stdout.readline(), 300)).decode()
    if "serving on" not in line:
        raise RuntimeError(f"the server did not start: {line}")
    url = line.split("serving on ", 1)[1].split()[0].rstrip("/")
    return proc, url, time.monotonic() - started


async def stop(proc: asyncio.subprocess.Process, sig: int = signal.SIGTERM) -> None:
    if proc.returncode is None:
        proc.send_signal(sig)
        try:
            await asyncio.wait_for(proc.wait(), WAIT)
        except TimeoutError:
            proc.kill()
            await proc.wait()


def rss_mb(proc: asyncio.subprocess.Process) -> float:
    return psutil.Process(proc.pid).memory_info().rss / 2**20


async def settle_rss(proc: asyncio.subprocess.Process) -> float:
    await asyncio.sleep(1.0)
    return rss_mb(proc)


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A POST, retried on a transport error (a kept-alive connection the server closed
    just as it was reused: seen at 10,000 creates on the busy machine)."""
    for attempt in range(3):
        try:
            r = await http.post(path, json=body)
        except httpx.TransportError:
            if attempt == 2:
                raise
            continue
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]
    raise AssertionError("unreachable")


async def create_open(url: str, count: int) -> list[str]:
    """``count`` open matches (one seat joined, one free), 16 requests in flight."""
    ids: list[str] = []
    limits = httpx.Limits(max_connections=16)
    async with httpx.AsyncClient(base_url=url, timeout=WAIT, limits=limits) as http:
        sem = asyncio.Semaphore(16)

        async def one() -> None:
            async with sem:
                created = await post(http, "/api/matches", {"game": "tictactoe", "join": 0})
                ids.append(created["match"]["id"])

        await asyncio.gather(*(one() for _ in range(count)))
    return ids


async def open_sockets(url: str, ids: list[str], count: int) -> list[Any]:
    base = url.replace("http://", "ws://")
    sockets = []
    for i in range(count):
        ws = await asyncio.wait_for(
            websockets.connect(f"{base}/ws/match/{ids[i % len(ids)]}"), WAIT
        )
        await asyncio.wait_for(ws.recv(), WAIT)
        sockets.append(ws)
    return sockets


async def capacity(count: int, sockets: int, workdir: Path) -> dict[str, Any]:
    database = workdir / f"open-{count}.sqlite3"
    proc, url, _ = await start_server(database)
    try:
        idle = await settle_rss(proc)
        t0 = time.monotonic()
        ids = await create_open(url, count)
        create_s = time.monotonic() - t0
        with_matches = await settle_rss(proc)
        opened = await open_sockets(url, ids, sockets)
        with_sockets = await settle_rss(proc)
        for ws in opened:
            await ws.close()
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
    finally:
        await stop(proc, signal.SIGKILL)
    proc, url, restart_s = await start_server(database)
    try:
        resumed = await settle_rss(proc)
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
            r = await http.get(f"/api/matches/{ids[-1]}")
            assert r.json()["match"]["status"] == "open"
    finally:
        await stop(proc)
    return {
        "matches": count,
        "sockets": sockets,
        "rss_idle_mb": round(idle, 1),
        "rss_matches_mb": round(with_matches, 1),
        "rss_sockets_mb": round(with_sockets, 1),
        "kb_per_open_match": round((with_matches - idle) * 1024 / count, 2),
        "kb_per_idle_socket": round((with_sockets - with_matches) * 1024 / max(1, sockets), 2),
        "create_s": round(create_s, 1),
        "restart_s": round(restart_s, 2),
        "rss_after_restart_mb": round(resumed, 1),
    }


async def play(
    url: str, game: str, duration: float, latencies: list[float], ids: list[str]
) -> None:
    """One pair of clients: matches back to back, random legal moves."""
    base = url.replace("http://", "ws://")
    rnd = random.Random(len(latencies))
    deadline = time.monotonic() + duration
    async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
        while time.monotonic() < deadline:
            created = await post(http, "/api/matches", {"game": game, "players": 2, "join": 0})
            match_id, t0 = created["match"]["id"], created["token"]
            ids.append(match_id)
            t1 = (await post(http, f"/api/matches/{match_id}/join", {}))["token"]
            pair = [
                await websockets.connect(f"{base}/ws/match/{match_id}?token={t}") for t in (t0, t1)
            ]
            last = [json.loads(await asyncio.wait_for(ws.recv(), WAIT)) for ws in pair]
            while last[0]["status"] == "running" and time.monotonic() < deadline:
                mover = 0 if last[0]["legal"] else 1
                ws, state = pair[mover], last[mover]
                sent = time.monotonic()
                code = rnd.choice(state["legal"])["code"]
                await ws.send(
                    json.dumps({"type": "action", "state_id": state["state_id"], "code": code})
                )
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                    if msg["type"] == "state" and msg["state_id"] != state["state_id"]:
                        break
                latencies.append(time.monotonic() - sent)
                last[mover] = msg
                other = pair[1 - mover]
                while True:
                    msg = json.loads(await asyncio.wait_for(other.recv(), WAIT))
                    if msg["type"] == "state" and msg["state_id"] == last[mover]["state_id"]:
                        last[1 - mover] = msg
                        break
            for ws in pair:
                await ws.close()


async def slow_watchers(
    url: str, ids: list[str], active: int, count: int, stop_at: float
) -> list[Any]:
    """Spectators that stop reading, spread over the first match of every pair."""
    base = url.replace("http://", "ws://")
    while len(ids) < active and time.monotonic() < stop_at:
        await asyncio.sleep(0.05)
    watchers = []
    for i in range(count):
        ws = await websockets.connect(f"{base}/ws/match/{ids[i % active]}", max_queue=1)
        ws.transport.pause_reading()
        watchers.append(ws)
    return watchers


async def latency(
    game: str, active: int, slow: int, duration: float, workdir: Path
) -> dict[str, Any]:
    proc, url, _ = await start_server(workdir / f"active-{slow}.sqlite3")
    try:
        latencies: list[float] = []
        ids: list[str] = []
        stop_at = time.monotonic() + duration
        players = [
            asyncio.create_task(play(url, game, duration, latencies, ids)) for _ in range(active)
        ]
        watchers = await slow_watchers(url, ids, active, slow, stop_at) if slow else []
        await asyncio.gather(*players)
        rss = rss_mb(proc)
        for ws in watchers:
            ws.transport.abort()
    finally:
        await stop(proc)
    ordered = sorted(latencies)
    return {
        "game": game,
        "active_pairs": active,
        "slow_clients": slow,
        "moves": len(ordered),
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1000, 1),
        "rss_end_mb": round(rss, 1),
    }


async def main(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="meeple-capacity-") as tmp:
        workdir = Path(tmp)
        rows = []
        for count in args.matches:
            rows.append(await capacity(count, args.sockets, workdir))
            print(json.dumps(rows[-1]), flush=True)
        runs = []
        for slow in (0, args.slow):
            runs.append(await latency(args.game, args.active, slow, args.duration, workdir))
            print(json.dumps(runs[-1]), flush=True)
    load = os.getloadavg()
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_average": [round(x, 2) for x in load],
        "capacity": rows,
        "latency": runs,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, nargs="*", default=[1000, 10000])
    parser.add_argument("--sockets", type=int, default=1000, help="idle spectator sockets")
    parser.add_argument("--active", type=int, default=10, help="pairs of players")
    parser.add_argument("--game", default="province", help="game the active pairs play")
    parser.add_argument("--slow", type=int, default=30, help="spectators that never read")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per latency run")
    parser.add_argument("--src", help="serve the meeple package under this src directory")
    parser.add_argument("--out", default="capacity.json", help="file name under benchmarks/results")
    args = parser.parse_args()
    BASELINE_SRC = args.src
    result = asyncio.run(main(args))
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / args.out).write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
