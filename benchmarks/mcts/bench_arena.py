"""Arena throughput: games per second on 1 and 2 local processes.

Plays the same tournament (fixed seeds) serially in this process and on a pool
of 2 worker processes, and prints games per second of wall time (the pool's
start-up included) and the machine's load average at the start, since on a
shared machine the second process only helps when a core is free.

    .venv/bin/python benchmarks/mcts/bench_arena.py --game province --bots heuristic,random -n 100
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import meeple
from meeple.arena import Tournament, run_tournament
from meeple.cli.common import split_bot_specs


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="province")
    p.add_argument("--bots", default="heuristic,random")
    p.add_argument("-n", type=int, default=100, help="games per lineup")
    p.add_argument("--workers", default="1,2")
    p.add_argument("--json", default=None)
    args = p.parse_args(argv)
    game = meeple.make_game(args.game)
    rows = []
    for workers in (int(w) for w in args.workers.split(",")):
        t = Tournament(game, split_bot_specs(args.bots), args.n, seed=1)
        load = os.getloadavg()[0]
        c0, w0 = time.process_time(), time.perf_counter()
        results = run_tournament(t, workers=workers, progress=False)
        wall = time.perf_counter() - w0
        row = {
            "game": args.game,
            "bots": t.bots,
            "workers": workers,
            "games": len(results),
            "wall_s": round(wall, 3),
            "games_per_s": round(len(results) / wall, 2),
            "parent_cpu_s": round(time.process_time() - c0, 3),
            "load_avg_1m_at_start": load,
            "cpus": os.cpu_count(),
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
