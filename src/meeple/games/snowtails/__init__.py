"""Snow Tails: husky sled racing for 2-5 players (rules in docs/games/snowtails.md)."""

from meeple.games.snowtails.rules import (
    Bonus,
    ChooseLane,
    Discard,
    Go,
    PlayCard,
    SnowTails,
    SnowTailsState,
    Step,
)

__all__ = [
    "Bonus",
    "ChooseLane",
    "Discard",
    "Go",
    "PlayCard",
    "SnowTails",
    "SnowTailsState",
    "Step",
]
