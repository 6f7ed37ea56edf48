"""Unconscious Mind (Kickstarter rules): Freud's Wednesday society in Vienna."""

from functools import partial

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.unconscious import bots, components, hidden, preview, text, words
from meeple.games.unconscious.rules import Unconscious, UnconsciousState

__all__ = ["Unconscious", "UnconsciousState"]

declare(
    Unconscious,
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
            tiebreak_label=text.tiebreak_label,
            option_words=text.OPTION_WORDS,
        ),
        hidden_label=hidden.hidden_label,
        preview=preview.PREVIEW,
        # the table's words are words.py's (components.Words: handed in, not imported)
        client_components=partial(components.client_components, words),
    ),
)
