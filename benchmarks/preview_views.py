"""What ``view(seat)`` costs the seat to act, per game at its default player count.

Previews (``meeple.core.preview``) are computed in the view, so this is what they
cost: 300 states of six seeded random games (every fourth action), the sum of
per-batch minima (20 states a batch, 5 repeats), in microseconds per view.

    PYTHONPATH=src .venv/bin/python benchmarks/preview_views.py snowtails ice ...
"""

from __future__ import annotations

import sys
import time

from meeple.core import Rng
from meeple.core.playout import random_step
from meeple.core.registry import game_names, make_game
from meeple.core.turn import TurnKind


def view_cost(name: str) -> tuple[int, float]:
    """(players, us per view of the seat to act)."""
    game = make_game(name)
    states = []
    for seed in range(6):
        state = game.new_initial_state(seed)
        rng = Rng(seed).spawn(3)
        n = 0
        while not state.is_terminal() and n < 400:
            if state.turn().kind is not TurnKind.CHANCE and n % 4 == 0:
                states.append((state.clone(), state.turn().seats[0]))
            random_step(state, rng)
            n += 1
    states = states[:300]
    total = 0.0
    for i in range(0, len(states), 20):
        batch = states[i : i + 20]
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for s, seat in batch:
                s.view(seat)
            best = min(best, time.perf_counter() - start)
        total += best
    return game.players, total / len(states) * 1e6


def main() -> None:
    for name in sys.argv[1:] or list(game_names()):
        players, cost = view_cost(name)
        print(f"{name} {players} {cost:.0f}")


if __name__ == "__main__":
    main()
