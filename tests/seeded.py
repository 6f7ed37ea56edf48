"""Every state of seeded random games, for tests that hold a fast path to a plain definition."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from meeple.core.playout import random_step
from meeple.core.registry import make_game
from meeple.core.rng import Rng


def random_states(name: str, players: int, seeds: range) -> Iterator[Any]:
    """Each state of one random game per seed, up to its end (the same object moves on:
    read it before the next one is asked for)."""
    game = make_game(name, players=players)
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            yield state
            random_step(state, rng, checked=False)
