"""Tic-tac-toe: does MCTS ever lose? 100 games from each seat, against perfect play and random.

The perfect player is a memoized negamax that breaks ties between optimal
moves at random, so the games differ. Prints losses per seat and budget.

    .venv/bin/python benchmarks/mcts/ttt_never_loses.py --iters 1000,3000 --games 100
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Any

import meeple
from meeple.bots import make_bot
from meeple.core import Rng, State
from meeple.core.actions import Action

GAME = meeple.make_game("tictactoe")


@functools.cache
def negamax(board: tuple[int, ...], mover: int) -> int:
    state = GAME.state_from_json({"board": list(board), "to_move": mover})
    if state.is_terminal():
        return int(state.returns()[mover])
    best = -2
    for cell in range(9):
        if not board[cell]:
            child = list(board)
            child[cell] = mover + 1
            best = max(best, -negamax(tuple(child), 1 - mover))
    return best


def perfect(state: State, rng: Rng) -> Action:
    mover = state.current_seat()
    assert mover is not None
    scored = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        scored.append((-negamax(tuple(child.to_json()["board"]), 1 - mover), action))
    best = max(v for v, _ in scored)
    options = [a for v, a in scored if v == best]
    return options[rng.randbelow(len(options))]


def random_move(state: State, rng: Rng) -> Action:
    legal = state.legal_actions()
    return legal[rng.randbelow(len(legal))]


def play(spec: str, seat: int, seed: int, opponent: Any, rng: Rng) -> float:
    bot = make_bot(spec, GAME, seat, seed=seed)
    state = GAME.new_initial_state()
    while not state.is_terminal():
        before = state.clone()
        mover = state.current_seat()
        action = bot.choose(state) if mover == seat else opponent(state, rng)
        state.apply(action)
        bot.observe(mover, action, before)
    return float(state.returns()[seat])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--iters", default="1000,3000")
    p.add_argument("--games", type=int, default=100, help="games from each seat")
    args = p.parse_args(argv)
    for iters in (int(x) for x in args.iters.split(",")):
        for name, opponent in (("perfect", perfect), ("random", random_move)):
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
