"""Paired load runs of two ``meeple serve`` builds: a change's "before" and "after".

    .venv/bin/python benchmarks/load/paired.py --before /tmp/main-src [--pairs 6] [--duration 5]

``--before`` is the root of another checkout (its ``src`` goes first on the
server's ``PYTHONPATH``; the interpreter, dependencies and load generator are
this tree's); "after" is this tree. Both servers run at once, each on a fresh
SQLite database, and the load generator of run.py (benchmarks/load/loadgen.cjs,
``--matches`` concurrent tic-tac-toe matches) plays against them in turn,
ABBA order (before, after, after, before, ...), so a machine shared with
other work gives both the same conditions on average. Each pair is one run of
each; the ratio after / before is taken pair by pair, and the report shows
the median ratio and its range, with the load average at every run.

A single run on a busy machine moves by 10-30%; the paired median is the
figure to read. Every run is bounded as in run.py (``--duration``, a move cap,
timeouts on every wait); both servers are stopped at the end whatever happens.
Results: benchmarks/results/load-paired.json.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as load  # run.py beside this file: the servers and the generator


def commit_of(root: Path) -> str:
    """The commit a tree is at (an exported tree has none: its path then)."""
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, timeout=10, check=True,
        )  # fmt: skip
    except (subprocess.SubprocessError, OSError):
        return str(root)
    return out.stdout.strip()


def start(name: str, src: Path | None, workdir: Path) -> tuple[load.ServerProcess, str]:
    port = load.free_port()
    argv = [
        sys.executable, "-m", "meeple", "serve", "--port", str(port),
        "--database", str(workdir / f"{name}.sqlite3"), "--bot-delay", "0",
        "--create-rate", "0",
    ]  # fmt: skip
    saved = os.environ.get("PYTHONPATH")
    if src is not None:
        os.environ["PYTHONPATH"] = str(src) + (os.pathsep + saved if saved else "")
    try:
        server = load.ServerProcess(name, argv, "serving on")
    finally:
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved
    return server, f"http://127.0.0.1:{port}"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", type=Path, required=True, help="root of the 'before' tree")
    parser.add_argument("--pairs", type=int, default=6, help="pairs of runs (default 6)")
    parser.add_argument("--matches", type=int, default=20, help="concurrent matches (default 20)")
    parser.add_argument("--duration", type=float, default=5.0, help="seconds per run (default 5)")
    parser.add_argument("--max-moves", type=int, default=200_000, help="move cap per run")
    args = parser.parse_args()
    before_src = args.before.resolve() / "src"
    if not (before_src / "meeple" / "__init__.py").exists():
        sys.exit(f"no meeple package under {before_src}")
    if shutil.which("node") is None:
        sys.exit("the benchmark needs Node.js (apt-get install nodejs npm)")
    load.npm_install()
    workdir = Path(tempfile.mkdtemp(prefix="meeple-paired-"))
    servers: dict[str, tuple[load.ServerProcess, str]] = {}
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    try:
        servers["before"] = start("before", before_src, workdir)
        servers["after"] = start("after", None, workdir)
        for p in range(args.pairs):
            order = ("before", "after") if p % 2 == 0 else ("after", "before")
            for name in order:
                server, url = servers[name]
                result = load.run_load("meeple", url, server, args, seed=p + 1)
                result["load_avg"] = round(os.getloadavg()[0], 1)
                runs[name].append(result)
                print(f"pair {p + 1} {name}: {json.dumps(result)}", file=sys.stderr)
    finally:
        for server, _ in servers.values():
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    def ratios(key: str) -> list[float]:
        return [
            a[key] / b[key] for a, b in zip(runs["after"], runs["before"], strict=True) if b[key]
        ]

    figures = {}
    for key in ("moves_per_s", "server_cpu_ms_per_move", "p50_ms", "p99_ms"):
        r = ratios(key)
        figures[key] = {
            "before": round(statistics.median(x[key] for x in runs["before"]), 3),
            "after": round(statistics.median(x[key] for x in runs["after"]), 3),
            "ratio_median": round(statistics.median(r), 3),
            "ratio_min": round(min(r), 3),
            "ratio_max": round(max(r), 3),
        }
    loads = [x["load_avg"] for x in runs["before"] + runs["after"]]
    report = {
        "before": commit_of(args.before),
        "after": commit_of(load.ROOT),
        "settings": {k: getattr(args, k) for k in ("pairs", "matches", "duration", "max_moves")},
        "machine": {"cpus": os.cpu_count(), "load_avg_min": min(loads), "load_avg_max": max(loads)},
        "figures": figures,
        "errors": {n: sum(x["errors"] for x in runs[n]) for n in runs},
        "runs": runs,
    }
    load.RESULTS.mkdir(exist_ok=True)
    (load.RESULTS / "load-paired.json").write_text(json.dumps(report, indent=1))
    print(
        f"\nbefore {report['before']}, after {report['after']}: {args.pairs} pairs x "
        f"{args.duration:g} s, {args.matches} matches, load average {min(loads)}-{max(loads)} "
        f"on {os.cpu_count()} CPUs\n"
    )
    print("| figure | before | after | after / before, paired median (range) |")
    print("| --- | ---: | ---: | --- |")
    for key, f in figures.items():
        print(
            f"| {key} | {f['before']} | {f['after']} | "
            f"{f['ratio_median']} ({f['ratio_min']}-{f['ratio_max']}) |"
        )
    print(f"\nerrors: {report['errors']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
