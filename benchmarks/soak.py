"""Soak: one ``meeple serve`` plays match after match; does anything grow? (issue 42)

    .venv/bin/python benchmarks/soak.py                       # 2,000 matches, SQLite
    .venv/bin/python benchmarks/soak.py --matches 300 --postgres
    .venv/bin/python benchmarks/soak.py --src /tmp/old/src    # an older checkout's server

A server (``--create-rate 0``, bot delay 0) on a fresh database plays ``--matches``
matches of every registered game in turn, ``--parallel`` at a time: most of them
random bot against random bot with nobody watching; every ``--human-every``-th a
tic-tac-toe match of two human seats played over WebSockets by this script (the
move latency: from sending a move to the mover receiving its new state); every
``--spectate-every``-th bot match gets a spectator socket that joins, reads a few
states and leaves. After every ``--sample`` finished matches it records the
server's resident memory, open file descriptors, threads, the database's size
(SQLite: the file and its WAL; PostgreSQL: ``pg_database_size``) and the p99
of the move latencies measured since the last sample.

Writes the series to ``benchmarks/results/soak-<backend>.json`` and a chart of
memory and p99 latency against matches played to ``benchmarks/results/
soak-<backend>.svg``, and prints the growth per finished match after the
warm-up (the first ``--warmup`` matches): the issue's goal is at most 0.1 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "benchmarks" / "results"
WAIT = 60.0


async def start_server(database: str, src: str | None) -> tuple[asyncio.subprocess.Process, str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if src:
        env["PYTHONPATH"] = src
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "meeple", "serve", "--port", "0", "--database", database,
        "--bot-delay", "0", "--create-rate", "0",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    while True:
        line = (await asyncio.wait_for(proc.stdout.readline(), WAIT)).decode()
        if not line:
            raise RuntimeError("meeple serve ended before it served")
        m = re.search(r"serving on (http://\S+)", line)
        if m:
            break

    async def drain() -> None:
        assert proc.stdout is not None
        while await proc.stdout.readline():
            pass

    asyncio.get_running_loop().create_task(drain())
    return proc, m.group(1).rstrip("/")


def game_list() -> list[tuple[str, int]]:
    from meeple.core.registry import games

    out = []
    for cls in games():
        players = 2 if cls.min_players <= 2 <= cls.max_players else cls.min_players
        out.append((cls.name, players))
    return out


async def wait_finished(http: httpx.AsyncClient, match_id: str) -> None:
    deadline = time.monotonic() + WAIT * 5
    while time.monotonic() < deadline:
        r = await http.get(f"/api/matches/{match_id}")
        if r.json()["match"]["status"] in ("finished", "expired"):
            return
        await asyncio.sleep(0.05)
    raise TimeoutError(f"match {match_id} did not finish")


async def bot_match(
    http: httpx.AsyncClient, url: str, game: str, players: int, watch: bool
) -> None:
    body = {"game": game, "players": players, "seats": ["random"] * players, "bot_delay": 0}
    r = await http.post("/api/matches", json=body)
    r.raise_for_status()
    match_id = r.json()["match"]["id"]
    if watch:  # a spectator joins, reads a few states, leaves
        ws_url = url.replace("http://", "ws://") + f"/ws/match/{match_id}"
        with contextlib.suppress(Exception):
            async with websockets.connect(ws_url, max_size=None) as ws:
                for _ in range(3):
                    await asyncio.wait_for(ws.recv(), 5)
    await wait_finished(http, match_id)


async def human_match(http: httpx.AsyncClient, url: str, latencies: list[float]) -> None:
    """Two human seats of tic-tac-toe played over sockets; each move's latency recorded."""
    r = await http.post(
        "/api/matches", json={"game": "tictactoe", "seats": ["human", "human"], "join": 0}
    )
    r.raise_for_status()
    created = r.json()
    match_id = created["match"]["id"]
    joined = (await http.post(f"/api/matches/{match_id}/join", json={})).json()
    base = url.replace("http://", "ws://") + f"/ws/match/{match_id}?token="
    async with (
        websockets.connect(base + created["token"], max_size=None) as a,
        websockets.connect(base + joined["token"], max_size=None) as b,
    ):
        socks = [a, b]
        last: list[dict[str, Any] | None] = [None, None]

        async def latest(i: int) -> dict[str, Any]:
            while True:
                msg = json.loads(await asyncio.wait_for(socks[i].recv(), WAIT))
                if msg.get("type") == "state":
                    last[i] = msg
                    return msg

        await latest(0)
        await latest(1)
        rng = random.Random(match_id)
        for _ in range(20):
            mover = next((i for i in (0, 1) if last[i] and last[i]["legal"]), None)  # type: ignore[index]
            if mover is None or last[mover]["status"] != "running":  # type: ignore[index]
                break
            state = last[mover]
            assert state is not None
            code = rng.choice(state["legal"])["code"]
            sent = time.perf_counter()
            await socks[mover].send(
                json.dumps(
                    {"type": "action", "state_id": state["state_id"], "code": code, "ref": 1}
                )
            )
            while True:
                msg = await latest(mover)
                if msg.get("ref") == 1 or msg["state_id"] != state["state_id"]:
                    break
            latencies.append(time.perf_counter() - sent)
            other = 1 - mover
            while last[other] is None or last[other]["state_id"] != msg["state_id"]:  # type: ignore[index]
                await latest(other)


def database_mb(database: str, pg_admin: str | None) -> float:
    if pg_admin is None:
        return (
            sum(os.path.getsize(p) for p in (database, database + "-wal") if os.path.exists(p))
            / 2**20
        )
    import psycopg

    name = database.rsplit("/", 1)[1]
    with psycopg.connect(pg_admin, autocommit=True) as conn:
        row = conn.execute("SELECT pg_database_size(%s)", [name]).fetchone()
    return float(row[0]) / 2**20 if row else 0.0


async def soak(args: argparse.Namespace, database: str, pg_admin: str | None) -> dict[str, Any]:
    proc, url = await start_server(database, args.src)
    server = psutil.Process(proc.pid)
    series: list[dict[str, Any]] = []
    latencies: list[float] = []
    todo = game_list()
    started = time.monotonic()
    try:
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
            played = 0
            while played < args.matches:
                jobs = []
                for k in range(min(args.parallel, args.matches - played)):
                    n = played + k
                    if args.human_every and n % args.human_every == 0:
                        jobs.append(human_match(http, url, latencies))
                    else:
                        game, players = todo[n % len(todo)]
                        watch = bool(args.spectate_every) and n % args.spectate_every == 1
                        jobs.append(bot_match(http, url, game, players, watch))
                await asyncio.gather(*jobs)
                played += len(jobs)
                if played % args.sample == 0 or played >= args.matches:
                    recent, latencies[:] = sorted(latencies), []
                    p99 = recent[min(len(recent) - 1, int(0.99 * len(recent)))] if recent else None
                    point = {
                        "matches": played,
                        "seconds": round(time.monotonic() - started, 1),
                        "rss_mb": round(server.memory_info().rss / 2**20, 1),
                        "fds": server.num_fds(),
                        "threads": server.num_threads(),
                        "db_mb": round(database_mb(database, pg_admin), 2),
                        "p99_move_ms": None if p99 is None else round(p99 * 1000, 2),
                    }
                    series.append(point)
                    print(json.dumps(point), flush=True)
    finally:
        proc.terminate()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(proc.wait(), 10)
    return {"series": series, "summary": summarize(series, args.warmup)}


def summarize(series: list[dict[str, Any]], warmup: int) -> dict[str, Any]:
    """Growth per finished match after the warm-up: a least-squares slope of each measure."""
    after = [p for p in series if p["matches"] >= warmup]
    out: dict[str, Any] = {"warmup": warmup, "points": len(after)}
    if len(after) >= 2:
        xs = [p["matches"] for p in after]
        for key in ("rss_mb", "fds", "threads", "db_mb"):
            out[f"{key}_per_match"] = round(
                statistics.linear_regression(xs, [p[key] for p in after]).slope, 5
            )
        lat = [p for p in after if p["p99_move_ms"] is not None]
        if len(lat) >= 2:
            slope = statistics.linear_regression(
                [p["matches"] for p in lat], [p["p99_move_ms"] for p in lat]
            ).slope
            out["p99_move_ms_per_1000_matches"] = round(1000 * slope, 3)
    return out


def svg_chart(series: list[dict[str, Any]], title: str) -> str:
    """Resident memory (left axis) and p99 move latency (right axis) against matches."""
    w, h, left, right, top, bottom = 720, 360, 60, 60, 40, 50
    xs = [p["matches"] for p in series] or [0]
    mem = [p["rss_mb"] for p in series] or [0]
    lat = [p["p99_move_ms"] for p in series if p["p99_move_ms"] is not None]
    x_max = max(xs) or 1
    m_max = max(mem) * 1.15 or 1
    l_max = (max(lat) * 1.15) if lat else 1

    def x(v: float) -> float:
        return left + (w - left - right) * v / x_max

    def y(v: float, top_value: float) -> float:
        return h - bottom - (h - top - bottom) * v / top_value

    def path(points: list[tuple[float, float]]) -> str:
        return " ".join(
            f"{'M' if i == 0 else 'L'}{px:.1f},{py:.1f}" for i, (px, py) in enumerate(points)
        )

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="#fff"/>',
        f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>',
        f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" stroke="#333"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="#2c5fa8"/>',
        f'<line x1="{w - right}" y1="{top}" x2="{w - right}" y2="{h - bottom}" stroke="#c0392b"/>',
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle">matches finished</text>',
        f'<text x="16" y="{h / 2}" transform="rotate(-90 16 {h / 2})" text-anchor="middle" fill="#2c5fa8">resident memory (MB)</text>',
        f'<text x="{w - 14}" y="{h / 2}" transform="rotate(90 {w - 14} {h / 2})" text-anchor="middle" fill="#c0392b">p99 move latency (ms)</text>',
    ]
    for i in range(5):
        mv, lv, xv = m_max * i / 4, l_max * i / 4, x_max * i / 4
        parts.append(
            f'<text x="{left - 6}" y="{y(mv, m_max) + 4:.1f}" text-anchor="end" fill="#2c5fa8">{mv:.0f}</text>'
        )
        parts.append(
            f'<text x="{w - right + 6}" y="{y(lv, l_max) + 4:.1f}" fill="#c0392b">{lv:.1f}</text>'
        )
        parts.append(
            f'<text x="{x(xv):.1f}" y="{h - bottom + 16}" text-anchor="middle">{xv:.0f}</text>'
        )
        parts.append(
            f'<line x1="{left}" y1="{y(mv, m_max):.1f}" x2="{w - right}" y2="{y(mv, m_max):.1f}" stroke="#eee"/>'
        )
    parts.append(
        f'<path d="{path([(x(p["matches"]), y(p["rss_mb"], m_max)) for p in series])}" fill="none" stroke="#2c5fa8" stroke-width="2"/>'
    )
    lat_points = [
        (x(p["matches"]), y(p["p99_move_ms"], l_max))
        for p in series
        if p["p99_move_ms"] is not None
    ]
    if lat_points:
        parts.append(
            f'<path d="{path(lat_points)}" fill="none" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="4 3"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=2000)
    ap.add_argument("--parallel", type=int, default=10)
    ap.add_argument("--sample", type=int, default=50, help="record every N finished matches")
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--human-every", type=int, default=10)
    ap.add_argument("--spectate-every", type=int, default=7)
    ap.add_argument(
        "--postgres", action="store_true", help="a throwaway PostgreSQL instead of SQLite"
    )
    ap.add_argument("--src", default=None, help="serve another checkout's src (a baseline)")
    ap.add_argument("--tag", default="", help="added to the result files' names")
    args = ap.parse_args()
    if args.sample % args.parallel:
        ap.error("--sample must be a multiple of --parallel")
    RESULTS.mkdir(parents=True, exist_ok=True)
    backend = "postgres" if args.postgres else "sqlite"
    name = f"soak-{backend}{args.tag}"
    if args.postgres:
        from tests.server.pg import throwaway_postgres

        with throwaway_postgres("max_connections=100") as admin:
            import psycopg

            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute("CREATE DATABASE soak")
            result = asyncio.run(soak(args, admin.rsplit("/", 1)[0] + "/soak", admin))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = asyncio.run(soak(args, str(Path(tmp) / "soak.sqlite3"), None))
    load = os.getloadavg()
    result["meta"] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "backend": backend,
        "args": vars(args),
        "load_average_at_end": [round(v, 2) for v in load],
        "cpus": os.cpu_count(),
    }
    (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=1) + "\n")
    title = f"meeple serve soak ({backend}): memory and p99 move latency"
    (RESULTS / f"{name}.svg").write_text(svg_chart(result["series"], title))
    print(json.dumps(result["summary"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
