"""Unconscious Mind (Kickstarter rules): Freud's Wednesday society in Vienna."""

from meeple.core.plugins import Plugins, declare
from meeple.games.unconscious import bots, hidden, preview, text
from meeple.games.unconscious.rules import Unconscious, UnconsciousState

__all__ = ["Unconscious", "UnconsciousState"]

declare(
    Unconscious,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        eval_scale=20.0,
        mcts_defaults=bots.MCTS_DEFAULTS,
        text=text,
        hidden_label=hidden.hidden_label,
        client_components=preview.client_components,
    ),
)
