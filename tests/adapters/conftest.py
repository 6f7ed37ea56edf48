"""Game configurations the adapter suites run over: the whole registry plus test fixtures."""

from __future__ import annotations

from meeple.core.game import Game
from meeple.core.registry import games
from tests.toy import FIXTURE_GAMES


def adapter_configs() -> list[tuple[type[Game], int]]:
    """(game class, player count) for every registered game and count, then the fixtures."""
    out = []
    for cls in [*games(), *FIXTURE_GAMES]:
        for n in cls.allowed_player_counts():
            out.append((cls, n))
    return out


def adapter_ids() -> list[str]:
    return [f"{cls.name}-{n}p" for cls, n in adapter_configs()]
