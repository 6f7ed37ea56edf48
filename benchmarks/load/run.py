"""Load benchmark: meeple serve vs boardgame.io's server vs a bare WebSocket echo.

    .venv/bin/python benchmarks/load/run.py [--matches 20] [--duration 5] [--rounds 3]

Starts the three servers on loopback ports, installs the boardgame.io harness
(benchmarks/peers, ``npm ci``) on first use, then runs the Node load generator
(benchmarks/load/loadgen.cjs: N concurrent bot-vs-bot tic-tac-toe matches over
WebSockets) against each server in turn, ``--rounds`` times, rotating the order
so a busy moment of a shared machine does not favour one server. It reports
the median moves/s, p50 and p99 move latency and server CPU time per move
over the rounds, and each server's peak resident memory (RSS, sampled every
0.1 s during its load). Two ceilings run on meeple's own stack (Starlette on
uvicorn, benchmarks/load/echo_app.py): the bare echo, and a bare relay that
sends each frame to both seats of a room, a game's message pattern.

Every loop is bounded: each load run stops after ``--duration`` seconds or
``--max-moves`` moves, every wait has a timeout, and the servers are stopped
at the end whatever happens. Results go to benchmarks/results/load.json.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[2]
PEERS = ROOT / "benchmarks" / "peers"
LOADGEN = ROOT / "benchmarks" / "load" / "loadgen.cjs"
ECHO = ROOT / "benchmarks" / "load" / "echo_app.py"
RESULTS = ROOT / "benchmarks" / "results"
TARGETS = ("meeple", "workers", "bgio", "echo", "relay")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def npm_install() -> None:
    """Install the pinned harness (package-lock.json) unless it is already there."""
    marker = PEERS / "node_modules" / ".package-lock.json"
    lock = PEERS / "package-lock.json"
    if marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime:
        return
    if shutil.which("npm") is None:
        sys.exit("the benchmark needs Node.js and npm (apt-get install nodejs npm)")
    print("installing the boardgame.io harness (npm ci)...", file=sys.stderr)
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=PEERS,
        check=True,
        timeout=600,
    )


class ServerProcess:
    """A server subprocess that printed a line containing ``ready_text`` when ready."""

    def __init__(self, name: str, argv: list[str], ready_text: str, cwd: Path = ROOT) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            argv,
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if ready_text in line:
                break
            if not line and self.proc.poll() is not None:
                raise RuntimeError(f"{name} server exited before it was ready")
        else:
            self.stop()
            raise RuntimeError(f"{name} server not ready within 60 s")
        # keep draining its output so it never blocks on a full pipe
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for _ in self.proc.stdout:
            pass

    def rss_mb(self) -> float:
        try:
            proc = psutil.Process(self.proc.pid)
            total = proc.memory_info().rss
            for child in proc.children(recursive=True):
                total += child.memory_info().rss
        except psutil.Error:
            return 0.0
        return total / 2**20

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far by the server (and its children)."""
        try:
            proc = psutil.Process(self.proc.pid)
            total = sum(proc.cpu_times()[:2])
            for child in proc.children(recursive=True):
                total += sum(child.cpu_times()[:2])
        except psutil.Error:
            return 0.0
        return float(total)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def run_load(
    target: str, url: str, server: ServerProcess, args: argparse.Namespace, seed: int
) -> dict[str, Any]:
    peak = [server.rss_mb()]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.1):
            peak[0] = max(peak[0], server.rss_mb())

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    cpu_before = server.cpu_seconds()
    gen_before = resource.getrusage(resource.RUSAGE_CHILDREN)  # the servers are not reaped yet
    try:
        out = subprocess.run(
            [
                "node", str(LOADGEN), "--target", "meeple" if target == "workers" else target,
                "--url", url,
                "--matches", str(args.matches), "--duration", str(args.duration),
                "--max-moves", str(args.max_moves), "--seed", str(seed),
            ],
            capture_output=True, text=True, timeout=args.duration + 60, check=True,
        )  # fmt: skip
    finally:
        done.set()
        sampler.join(timeout=5)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    result["rss_mb"] = round(peak[0], 1)
    cpu = server.cpu_seconds() - cpu_before
    result["server_cpu_ms_per_move"] = round(1000 * cpu / max(1, result["moves"]), 3)
    gen_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    gen_cpu = (gen_after.ru_utime + gen_after.ru_stime) - (
        gen_before.ru_utime + gen_before.ru_stime
    )
    result["loadgen_cpu_ms_per_move"] = round(1000 * gen_cpu / max(1, result["moves"]), 3)
    if out.stderr.strip():
        result["stderr"] = out.stderr.strip()[:500]
    return result


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    def med(key: str) -> float:
        values = [r[key] for r in runs if r.get(key) is not None]
        return round(statistics.median(values), 2) if values else float("nan")

    return {
        "moves_per_s": med("moves_per_s"),
        "p50_ms": med("p50_ms"),
        "p99_ms": med("p99_ms"),
        "rss_mb": max(r["rss_mb"] for r in runs),
        "server_cpu_ms_per_move": med("server_cpu_ms_per_move"),
        "loadgen_cpu_ms_per_move": med("loadgen_cpu_ms_per_move"),
        "moves": sum(r["moves"] for r in runs),
        "errors": sum(r["errors"] for r in runs),
        "rounds": len(runs),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=20, help="concurrent matches (default 20)")
    parser.add_argument(
        "--duration", type=float, default=5.0, help="seconds per load run (default 5)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="runs per server (default 3)")
    parser.add_argument("--max-moves", type=int, default=200_000, help="move cap per run")
    parser.add_argument("--fsync", action="store_true", help="run meeple serve with --fsync")
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="worker processes of the second meeple server (default 2)",
    )
    args = parser.parse_args()
    if shutil.which("node") is None:
        sys.exit("the benchmark needs Node.js (apt-get install nodejs npm)")
    npm_install()
    workdir = Path(tempfile.mkdtemp(prefix="meeple-load-"))
    servers: dict[str, ServerProcess] = {}
    urls: dict[str, str] = {}
    try:
        for target, workers in (("meeple", 1), ("workers", args.workers)):
            port = free_port()
            argv = [
                sys.executable, "-m", "meeple", "serve", "--port", str(port),
                "--database", str(workdir / f"{target}.sqlite3"), "--bot-delay", "0",
                "--workers", str(workers), "--create-rate", "0",  # matches back to back
                *(["--fsync"] if args.fsync else []),
            ]  # fmt: skip
            servers[target] = ServerProcess(target, argv, "serving on")
            urls[target] = f"http://127.0.0.1:{port}"
        port = free_port()
        servers["bgio"] = ServerProcess(
            "bgio", ["node", str(PEERS / "bgio-server.cjs"), str(port)], "ready", cwd=PEERS
        )
        urls["bgio"] = f"http://127.0.0.1:{port}"
        port = free_port()
        servers["echo"] = ServerProcess("echo", [sys.executable, str(ECHO), str(port)], "ready")
        urls["echo"] = f"http://127.0.0.1:{port}"
        port = free_port()  # the relay runs in its own process, so its RSS and CPU are its own
        servers["relay"] = ServerProcess("relay", [sys.executable, str(ECHO), str(port)], "ready")
        urls["relay"] = f"http://127.0.0.1:{port}"
        idle = {t: round(s.rss_mb(), 1) for t, s in servers.items()}
        runs: dict[str, list[dict[str, Any]]] = {t: [] for t in TARGETS}
        for r in range(args.rounds):
            order = TARGETS[r % len(TARGETS) :] + TARGETS[: r % len(TARGETS)]
            for target in order:
                result = run_load(target, urls[target], servers[target], args, seed=r + 1)
                runs[target].append(result)
                print(f"round {r + 1} {target}: {json.dumps(result)}", file=sys.stderr)
    finally:
        for s in servers.values():
            s.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    summary = {t: {**summarize(runs[t]), "idle_rss_mb": idle[t]} for t in TARGETS}
    m, b, e, rl = summary["meeple"], summary["bgio"], summary["echo"], summary["relay"]
    w = summary["workers"]
    goals = {
        "workers_vs_bgio_moves": round(w["moves_per_s"] / b["moves_per_s"], 2),
        "workers_p99_not_worse_than_bgio": w["p99_ms"] <= b["p99_ms"],
        "workers_vs_echo_moves": round(w["moves_per_s"] / e["moves_per_s"], 2),
        "meeple_vs_bgio_moves": round(m["moves_per_s"] / b["moves_per_s"], 2),
        "meeple_p99_not_worse_than_bgio": m["p99_ms"] <= b["p99_ms"],
        "meeple_vs_echo_moves": round(m["moves_per_s"] / e["moves_per_s"], 2),
        "meeple_vs_relay_moves": round(m["moves_per_s"] / rl["moves_per_s"], 2),
    }
    report = {
        "settings": {
            k: getattr(args, k)
            for k in ("matches", "duration", "rounds", "max_moves", "fsync", "workers")
        },
        "machine": {"cpus": os.cpu_count(), "load_avg_at_end": os.getloadavg()},
        "summary": summary,
        "goals": goals,
        "runs": runs,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "load.json").write_text(json.dumps(report, indent=1))
    print(
        f"\n{args.matches} concurrent tic-tac-toe matches, {args.rounds} x {args.duration:g} s each, medians:\n"
    )
    print(
        "| server | moves/s | p50 ms | p99 ms | server CPU ms/move | load generator CPU ms/move "
        "| peak RSS MB (idle) |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    names = {
        "meeple": "meeple serve",
        "workers": f"meeple serve --workers {args.workers}",
        "bgio": "boardgame.io 0.50.2",
        "echo": "bare echo (uvicorn, plain ASGI)",
        "relay": "bare relay to both seats",
    }
    for t in TARGETS:
        row = summary[t]
        print(
            f"| {names[t]} | {row['moves_per_s']:.0f} | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} "
            f"| {row['server_cpu_ms_per_move']:.2f} | {row['loadgen_cpu_ms_per_move']:.2f} "
            f"| {row['rss_mb']:.0f} ({row['idle_rss_mb']:.0f}) |"
        )
    print(
        f"\nmeeple / boardgame.io moves/s: {goals['meeple_vs_bgio_moves']}x "
        f"(p99 {'not worse' if goals['meeple_p99_not_worse_than_bgio'] else 'WORSE'}); "
        f"meeple / echo: {goals['meeple_vs_echo_moves']}x; "
        f"meeple / relay: {goals['meeple_vs_relay_moves']}x; "
        f"--workers {args.workers} / boardgame.io: {goals['workers_vs_bgio_moves']}x "
        f"(p99 {'not worse' if goals['workers_p99_not_worse_than_bgio'] else 'WORSE'}), "
        f"/ echo: {goals['workers_vs_echo_moves']}x; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
