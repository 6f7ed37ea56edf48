"""Tic-tac-toe: does MCTS ever lose? 100 games from each seat, against perfect play and random.

The perfect player (meeple.games.tictactoe.solver) is a memoized negamax
that breaks ties between optimal moves at random, so the games differ. Prints losses per seat and budget.

    .venv/bin/python benchmarks/mcts/ttt_never_loses.py --iters 1000,3000 --games 100
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import meeple
from meeple.bots import make_bot
from meeple.core import Rng
from meeple.games.tictactoe.solver import MoveFn, bot_result, perfect_move, random_move

GAME = meeple.make_game("tictactoe")


def play(spec: str, seat: int, seed: int, opponent: MoveFn, rng: Rng) -> float:
    return bot_result(make_bot(spec, GAME, seat, seed=seed), seat, opponent, rng)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--iters", default="1000,3000")
    p.add_argument("--games", type=int, default=100, help="games from each seat")
    args = p.parse_args(argv)
    for iters in (int(x) for x in args.iters.split(",")):
        for name, opponent in (("perfect", perfect_move), ("random", random_move)):
            rng = Rng(17)
            row: dict[str, Any] = {"iters": iters, "opponent": name, "games_per_seat": args.games}
            for seat in (0, 1):
                results = [
                    play(f"mcts:iters={iters}", seat, g, opponent, rng) for g in range(args.games)
                ]
                row[f"seat{seat}"] = {
                    "wins": sum(r > 0 for r in results),
                    "draws": sum(r == 0 for r in results),
                    "losses": sum(r < 0 for r in results),
                }
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
