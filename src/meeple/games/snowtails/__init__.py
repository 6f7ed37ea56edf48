"""Snow Tails: husky sled racing for 2-5 players (rules in docs/games/snowtails.md)."""

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.snowtails import bots, preview, text
from meeple.games.snowtails.actions import (
    Bonus,
    ChooseLane,
    Discard,
    Go,
    PlayCard,
    Step,
)
from meeple.games.snowtails.rules import SnowTails, SnowTailsState

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

declare(
    SnowTails,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        text=Text(
            render=text.render,
            action_label=text.action_label,
            end_label=text.end_label,
            tiebreak_label=text.tiebreak_label,
            option_words=text.OPTION_WORDS,
        ),
        preview=preview.PREVIEW,
    ),
)
