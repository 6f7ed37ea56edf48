"""Cluster benchmark: meeple serve nodes behind HAProxy on PostgreSQL, beside a direct connection.

    .venv/bin/python benchmarks/load/cluster.py [--matches 20] [--duration 5] [--rounds 3]
                                                [--failovers 3] [--lease 3]

Starts a throwaway PostgreSQL (initdb on loopback) and, each on a database of
its own, the set-ups compared:

* ``single``: one plain ``meeple serve --database postgresql://...`` (no
  cluster), clients connected to it directly: the baseline;
* ``node``: one cluster node (leases, fenced writes), connected directly;
* ``proxy-1``, ``proxy-2``, ``proxy-3``: HAProxy (Debian's) in front of 1, 2 and
  3 cluster nodes, clients connected to the proxy.

The Node load generator (benchmarks/load/loadgen.cjs, the same as run.py's)
plays ``--matches`` concurrent bot-vs-bot tic-tac-toe matches against each in
turn, ``--rounds`` times, rotating the order. CPU time per move is split into
the nodes, HAProxy and PostgreSQL (its server processes), sampled with psutil
around each run. Then ``--failovers`` times it kills (SIGKILL) the node that
serves a set of live matches, with one client per match reconnecting through
the proxy, and records how long each match took to answer again.

Every process runs on 127.0.0.1 and is stopped at the end whatever happens.
Results go to benchmarks/results/cluster.json.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT)]  # run.py's helpers; the test suite's cluster harness

from run import RESULTS, ServerProcess, free_port, npm_install, run_load, summarize  # noqa: E402
from tests.cluster.harness import Cluster  # noqa: E402
from tests.server.pg import throwaway_postgres  # noqa: E402

SETUPS = ("single", "node", "proxy-1", "proxy-2", "proxy-3")
#: The load generator creates hundreds of matches a second from one address.
NO_LIMIT = ("--create-rate", "0")


def cpu_of(procs: list[psutil.Process]) -> float:
    total = 0.0
    for p in procs:
        with contextlib.suppress(psutil.Error):
            total += sum(p.cpu_times()[:2])
    return total


def postgres_processes(url: str) -> list[psutil.Process]:
    """The postmaster serving ``url``'s port and its backends (now: connections persist)."""
    port = url.rsplit(":", 1)[1].split("/", 1)[0]
    for p in psutil.process_iter(["cmdline"]):
        cmd = " ".join(p.info["cmdline"] or [])
        if "postgres" in cmd and f"-p {port}" in cmd and " -D " in cmd:
            return [p, *p.children(recursive=True)]
    return []


class Setup:
    """One set-up under test: where clients connect and which processes do the work."""

    def __init__(self, name: str, url: str, nodes: list[psutil.Process], proxy: Any) -> None:
        self.name, self.url, self.nodes, self.proxy = name, url, nodes, proxy

    # run.py's run_load samples these (RSS of the serving processes, their CPU)
    def rss_mb(self) -> float:
        total = 0
        for p in self.nodes:
            with contextlib.suppress(psutil.Error):
                total += p.memory_info().rss
        return total / 2**20

    def cpu_seconds(self) -> float:
        return cpu_of(self.nodes)


def new_database(admin_url: str) -> str:
    import psycopg

    name = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return admin_url.rsplit("/", 1)[0] + "/" + name


def measure(setup: Setup, pg_url: str, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    pg = postgres_processes(pg_url)
    proxy = [psutil.Process(setup.proxy.pid)] if setup.proxy is not None else []
    pg_before, proxy_before = cpu_of(pg), cpu_of(proxy)
    result = run_load("meeple", setup.url, setup, args, seed)  # type: ignore[arg-type]
    moves = max(1, result["moves"])
    result["proxy_cpu_ms_per_move"] = round(1000 * (cpu_of(proxy) - proxy_before) / moves, 3)
    # backends that came and went during the run are not counted (connections persist)
    result["postgres_cpu_ms_per_move"] = round(
        1000 * (cpu_of(postgres_processes(pg_url)) - pg_before) / moves, 3
    )
    return result


async def failover_once(cluster: Cluster, matches: int) -> list[float]:
    """Seconds from SIGKILL of a node to each of its matches answering a reconnect."""
    from tests.cluster.clients import connect, create_pair, reconnect

    victim = cluster.nodes[0]
    pairs = []
    while len(pairs) < matches:
        match_id, tokens, clients = await create_pair(victim.url)  # created where they live
        pairs.append((match_id, tokens[0]))
        for c in clients:
            await c.close()
    watchers = [await connect(cluster.proxy_url, m, t) for m, t in pairs]
    killed = time.monotonic()
    victim.kill()

    async def back(match_id: str, token: str) -> float:
        await reconnect(cluster.proxy_url, match_id, token)
        return time.monotonic() - killed

    times = await asyncio.gather(*(back(m, t) for m, t in pairs))
    for w in watchers:
        with contextlib.suppress(Exception):
            await w.close()
    victim.start()  # back for the next round (it takes its matches back)
    cluster.wait_proxy_sees(set(range(len(cluster.nodes))))
    return list(times)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=20, help="concurrent matches (default 20)")
    parser.add_argument("--duration", type=float, default=5.0, help="seconds per run (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="runs per set-up (default 3)")
    parser.add_argument("--max-moves", type=int, default=200_000, help="move cap per run")
    parser.add_argument("--failovers", type=int, default=3, help="node kills timed (default 3)")
    parser.add_argument("--failover-matches", type=int, default=10, help="matches per kill")
    parser.add_argument("--lease", type=float, default=3.0, help="node lease seconds (default 3)")
    args = parser.parse_args()
    npm_install()
    workdir = Path(tempfile.mkdtemp(prefix="meeple-cluster-bench-"))
    clusters: list[Cluster] = []
    single: ServerProcess | None = None
    report: dict[str, Any] = {}
    with throwaway_postgres("max_connections=200") as pg_url:
        try:
            setups: dict[str, Setup] = {}
            port = free_port()
            argv = [
                sys.executable, "-m", "meeple", "serve", "--port", str(port),
                "--database", new_database(pg_url), "--bot-delay", "0", *NO_LIMIT,
            ]  # fmt: skip
            single = ServerProcess("single", argv, "serving on")
            setups["single"] = Setup(
                "single", f"http://127.0.0.1:{port}", [psutil.Process(single.proc.pid)], None
            )
            for name, count in (("node", 1), ("proxy-1", 1), ("proxy-2", 2), ("proxy-3", 3)):
                sub = workdir / name
                sub.mkdir()
                cluster = Cluster(
                    new_database(pg_url), sub, count=count, lease=args.lease, extra=NO_LIMIT
                )
                clusters.append(cluster)
                cluster.start()
                nodes = [psutil.Process(n.proc.pid) for n in cluster.nodes if n.proc]
                if name == "node":
                    setups[name] = Setup(name, cluster.nodes[0].url, nodes, None)
                else:
                    setups[name] = Setup(name, cluster.proxy_url, nodes, cluster.proxy)
            runs: dict[str, list[dict[str, Any]]] = {s: [] for s in SETUPS}
            for r in range(args.rounds):
                order = SETUPS[r % len(SETUPS) :] + SETUPS[: r % len(SETUPS)]
                for name in order:
                    result = measure(setups[name], pg_url, args, seed=r + 1)
                    runs[name].append(result)
                    print(f"round {r + 1} {name}: {json.dumps(result)}", file=sys.stderr)
            summary = {}
            for name in SETUPS:
                row = summarize(runs[name])
                for key in ("proxy_cpu_ms_per_move", "postgres_cpu_ms_per_move"):
                    row[key] = round(statistics.median(x[key] for x in runs[name]), 3)
                summary[name] = row
            failovers: list[float] = []
            three = clusters[-1]
            for _ in range(args.failovers):
                failovers += asyncio.run(failover_once(three, args.failover_matches))
                print(f"failover: {sorted(round(t, 2) for t in failovers)}", file=sys.stderr)
            report = {
                "settings": {
                    k: getattr(args, k)
                    for k in ("matches", "duration", "rounds", "failovers", "lease")
                },
                "machine": {"cpus": os.cpu_count(), "load_avg_at_end": os.getloadavg()},
                "summary": summary,
                "failover_s": {
                    "median": round(statistics.median(failovers), 2) if failovers else None,
                    "max": round(max(failovers), 2) if failovers else None,
                    "samples": len(failovers),
                },
                "runs": runs,
            }
        finally:
            for cluster in clusters:
                cluster.close()
            if single is not None:
                single.stop()
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "cluster.json").write_text(json.dumps(report, indent=1))
    print(
        f"\n{args.matches} concurrent tic-tac-toe matches, {args.rounds} x {args.duration:g} s "
        "per set-up, medians (CPU in ms per move):\n"
    )
    print("| set-up | moves/s | p50 ms | p99 ms | nodes CPU | HAProxy CPU | PostgreSQL CPU |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    labels = {
        "single": "meeple serve on PostgreSQL, direct",
        "node": "1 cluster node, direct",
        "proxy-1": "HAProxy + 1 node",
        "proxy-2": "HAProxy + 2 nodes",
        "proxy-3": "HAProxy + 3 nodes",
    }
    for name in SETUPS:
        row = report["summary"][name]
        print(
            f"| {labels[name]} | {row['moves_per_s']:.0f} | {row['p50_ms']:.1f} "
            f"| {row['p99_ms']:.1f} | {row['server_cpu_ms_per_move']:.2f} "
            f"| {row['proxy_cpu_ms_per_move']:.2f} | {row['postgres_cpu_ms_per_move']:.2f} |"
        )
    f = report["failover_s"]
    print(
        f"\nfailover (SIGKILL to the match answering again through the proxy, lease "
        f"{args.lease:g} s): median {f['median']} s, max {f['max']} s over {f['samples']} "
        f"matches; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
