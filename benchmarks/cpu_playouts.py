"""Random playouts per CPU second of the process: seeded games, best of a few repeats.

Wall-clock rates on a shared machine swing with the load; the process's CPU time
much less, so two trees (or the compiled and the interpreted engine) are compared
by running this once in each, alternating::

    PYTHONPATH=before/src .venv/bin/python benchmarks/cpu_playouts.py viscounts
    PYTHONPATH=after/src  .venv/bin/python benchmarks/cpu_playouts.py viscounts
    MEEPLE_INTERPRETED=1 ... (the interpreted engine)

The action count printed must match between the runs: the same games were played.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from meeple.core.registry import make_game


def rate(
    game: str, players: int | None, games: int, repeats: int, options: dict[str, object]
) -> tuple[float, int]:
    """The best playouts per CPU second over ``repeats``, and the actions a repeat made."""
    g = make_game(game, players=players, **options)
    best, actions = 0.0, 0
    for _ in range(repeats):
        start, actions = time.process_time(), 0
        for seed in range(games):
            s, rng = g.new_initial_state(seed), random.Random(seed)
            while not s.is_terminal():
                if s.is_chance():
                    outcomes = s.chance_outcomes()
                    s.apply_unchecked(outcomes[rng.randrange(len(outcomes))][0], None)
                    continue
                seat = s.current_seat()
                legal = s.legal_actions(seat)
                s.apply_unchecked(legal[rng.randrange(len(legal))], seat)
                actions += 1
        best = max(best, games / (time.process_time() - start))
    return best, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--options", default="{}", help="JSON, e.g. '{\"gates_of_gold\": true}'")
    args = parser.parse_args()
    best, actions = rate(
        args.game, args.players, args.games, args.repeats, json.loads(args.options)
    )
    print(f"{args.game}: {best:.1f} playouts/CPU s ({actions} actions a repeat)")


if __name__ == "__main__":
    main()
