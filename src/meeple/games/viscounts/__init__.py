"""Viscounts of the West Kingdom (Garphill Games, 2020): the round kingdom, townsfolk
tableau and deck, castle, manuscripts, debts and deeds.

docs/games/viscounts.md, "Status", says what is built and what is missing (the browser
board). With one player the game is played against the designed solo AI (solo.py).
"""

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.viscounts import bots, components, preview, text
from meeple.games.viscounts.rules import Viscounts, ViscountsState

__all__ = ["Viscounts", "ViscountsState"]

declare(
    Viscounts,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        eval_scale=20.0,
        mcts_defaults=bots.MCTS_DEFAULTS,
        text=Text(
            render=text.render,
            action_label=text.action_label,
            state_label=text.state_label,
            log_label=text.log_label,
            log_says_more=text.log_says_more,
            end_label=text.end_label,
            rivals=text.rivals,
            option_words=text.OPTION_WORDS,
        ),
        client_components=components.client_components,
        preview=preview.PREVIEW,
    ),
)
