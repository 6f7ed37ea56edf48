"""CPU time of the server's per-move path, in one process, without sockets or HTTP.

    .venv/bin/python benchmarks/load/match_path.py [--moves 4000] [--seed 1]
    .venv/bin/python benchmarks/load/match_path.py --before /tmp/main-src --pairs 6

A lobby on in-memory SQLite holds tic-tac-toe matches between two human
seats, each seat with two connections whose sockets take every message at
once; random legal moves are submitted through ``LiveMatch.submit`` (the
checks, apply, log, group commit, per-seat messages and their encoding, the
sends) until ``--moves`` moves are played, new matches created as they end
(REST creation and join through the lobby included). It prints the CPU time
per move (``time.process_time``: this process only, so the figure is far
less sensitive to a busy machine than the load benchmark's moves/s).

With ``--before``, it runs itself alternately on another checkout's
``src`` and on this tree (ABBA, ``--pairs`` pairs, a process each) and
prints the paired ratio after / before.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


async def play(moves: int, seed: int) -> dict[str, Any]:
    from meeple.server.lobby import Lobby
    from meeple.server.storage import Storage

    try:  # this tree (issue 15 item 5) and trees before the match package alike
        from meeple.server.match import Connection
    except ImportError:
        from meeple.server.matches import Connection

    rng = random.Random(seed)
    storage = Storage(":memory:")
    storage.open()
    lobby = Lobby(storage, bot_delay=0.0)
    sent = [0]

    async def sink(message: dict[str, Any]) -> None:
        sent[0] += 1

    played = matches = 0
    started = time.process_time()
    while played < moves:
        live, _, _ = await lobby.create({"game": "tictactoe", "seats": ["human", "human"]})
        await lobby.join(live.id, {"seat": 0})
        await lobby.join(live.id, {"seat": 1})
        conns = [Connection(sink, seat) for seat in (0, 0, 1, 1)]
        for conn in conns:
            live.attach(conn)
        matches += 1
        while live.status == "running" and played < moves:
            seat = live.match.state.turn().seats[0]
            legal = live.match.state.legal_actions(seat)
            code = live.game.action_code(legal[rng.randrange(len(legal))])
            await live.submit(seat, {"state_id": live.state_id, "code": code})
            played += 1
        for conn in conns:
            live.detach(conn)
    cpu = time.process_time() - started
    await lobby.stop()
    storage.close()
    return {
        "moves": played,
        "matches": matches,
        "messages": sent[0],
        "cpu_us_per_move": 1e6 * cpu / played,
    }


def paired(before: Path, pairs: int, moves: int) -> int:
    runs: dict[str, list[float]] = {"before": [], "after": []}
    loads = []
    for p in range(pairs):
        for name in ("before", "after") if p % 2 == 0 else ("after", "before"):
            env = dict(os.environ)
            if name == "before":
                env["PYTHONPATH"] = str(before.resolve() / "src")
            out = subprocess.run(
                [sys.executable, __file__, "--moves", str(moves), "--seed", str(p + 1)],
                capture_output=True, text=True, env=env, timeout=600, check=True, cwd=ROOT,
            )  # fmt: skip
            result = json.loads(out.stdout.strip().splitlines()[-1])
            runs[name].append(result["cpu_us_per_move"])
            loads.append(os.getloadavg()[0])
            print(f"pair {p + 1} {name}: {result}", file=sys.stderr)
    ratios = [a / b for a, b in zip(runs["after"], runs["before"], strict=True)]
    print(
        f"CPU us per move, before {statistics.median(runs['before']):.1f}, "
        f"after {statistics.median(runs['after']):.1f}; after / before paired median "
        f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f}), {pairs} pairs "
        f"of {moves} moves, load average {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} CPUs"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=4000, help="moves to play (default 4000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--before", type=Path, help="root of a 'before' tree: run paired")
    parser.add_argument("--pairs", type=int, default=6, help="pairs with --before (default 6)")
    args = parser.parse_args()
    if args.before is not None:
        return paired(args.before, args.pairs, args.moves)
    print(json.dumps(asyncio.run(play(args.moves, args.seed))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
