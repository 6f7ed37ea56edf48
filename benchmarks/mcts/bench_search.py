"""Fixed search workloads, for before/after comparisons of the MCTS code.

Each case runs ``mcts``/``ismcts`` searches with an iteration budget from
fixed positions of one game, covering the search's paths: closed-loop UCT
with the solver (tic-tac-toe), heuristic rollouts cut at the end of the turn
(Province's defaults; Viscounts' and Unconscious Mind's, under information-set
search), random rollouts with chance sampled and open loop,
a horizon, information-set search with simultaneous turns (Fit To Print),
and progressive widening. It prints, per case, the iterations, the CPU
seconds and a digest of every root's visit counts and every chosen move, so
that two versions of the code can be checked to search *identically* (same
digest) and timed side by side (run the same case under each version, in
turn, as whole processes).

    .venv/bin/python benchmarks/mcts/bench_search.py            # every case
    .venv/bin/python benchmarks/mcts/bench_search.py --case ttt  # one case

Only the public bot API is used (``make_bot``, ``search``, ``root_counts``),
so the script runs unchanged against older versions of meeple.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

import meeple
from meeple.bots import make_bot
from meeple.core import Rng, State
from meeple.core.playout import random_step
from meeple.core.turn import TurnKind

#: name -> (game, spec, random decisions before each searched position, positions, repeats)
CASES: dict[str, tuple[str, str, int, int, int]] = {
    "ttt": ("tictactoe", "mcts:iters=5000,reuse=false", 0, 3, 4),
    "province": ("province", "mcts:reuse=false", 30, 3, 4),
    "province-random": ("province", "mcts:iters=1500,rollout=random,c=1.4,turns=4", 20, 3, 3),
    "province-open": ("province", "mcts:iters=1500,chance=open,horizon=3", 20, 3, 2),
    "fittoprint": ("fittoprint", "mcts:iters=600,depth=30", 6, 3, 1),
    "snowtails": ("snowtails", "ismcts:iters=1000,depth=20,pw=1", 4, 3, 1),
    "penguins": ("penguins", "mcts:iters=150,rollout=heuristic,turns=2", 6, 3, 1),
    # heuristic rollouts of the rest of the turn in games with secrets (issues 20 and 21)
    "viscounts": ("viscounts", "ismcts:iters=150,rollout=heuristic,turns=1,c=0.3", 30, 3, 1),
    "unconscious": ("unconscious", "ismcts:iters=40,rollout=heuristic,turns=1,c=0.3", 30, 3, 1),
}


def positions(game_name: str, walk: int, count: int) -> list[State]:
    """``count`` positions where one seat decides, each ``walk`` seeded random steps past the last."""
    game = meeple.make_game(game_name)
    state = game.new_initial_state(3)
    rng = Rng(3)
    out: list[State] = []
    while len(out) < count and not state.is_terminal():
        for _ in range(walk):
            if not state.is_terminal():
                random_step(state, rng)
        while not state.is_terminal() and state.turn().kind is not TurnKind.SEAT:
            random_step(state, rng)
        if not state.is_terminal():
            out.append(state.clone())
        walk = max(walk, 1)
    return out


def run_case(name: str) -> tuple[int, float, str]:
    """Iterations, CPU seconds of the searches, and the digest of what they found."""
    game_name, spec, walk, count, repeat = CASES[name]
    digest = hashlib.blake2b(digest_size=8)
    iterations = 0
    cpu = 0.0
    for r in range(repeat):
        for i, state in enumerate(positions(game_name, walk, count)):
            seat = state.turn().seats[0]
            bot = make_bot(spec, state.game, seat, seed=100 * r + i)
            c0 = time.process_time()
            root = bot.search(state)  # type: ignore[attr-defined]
            cpu += time.process_time() - c0
            iterations += bot.last_iterations  # type: ignore[attr-defined]
            counts = bot.root_counts(root)  # type: ignore[attr-defined]
            code = state.game.action_code
            digest.update(repr(sorted((code(a), n) for a, n in counts.items())).encode())
            digest.update(str(bot.choose(state)).encode())
    return iterations, cpu, digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--case", action="append", choices=sorted(CASES), help="default: every case")
    args = p.parse_args(argv)
    for name in args.case or list(CASES):
        iterations, cpu, digest = run_case(name)
        rate = iterations / cpu if cpu else 0.0
        print(f"{name:16} {iterations:7d} iterations {cpu:7.2f} s CPU {rate:9.0f}/s  {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
