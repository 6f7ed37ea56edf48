"""The penguin egg game: slide penguins across a wrap-around triangular lattice,
laying eggs on every point they cross; first to have all 16 eggs out wins."""

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.penguins import bots, components, hidden, preview, text
from meeple.games.penguins.rules import Penguins, PenguinState

__all__ = ["PenguinState", "Penguins"]

declare(
    Penguins,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        text=Text(
            render=text.render,
            action_label=text.action_label,
            state_label=text.state_label,
            log_label=text.log_label,
            log_says_more=text.log_says_more,
            end_label=text.end_label,
            action_region=text.action_region,
            option_words=text.OPTION_WORDS,
        ),
        client_components=components.client_components,
        hidden_label=hidden.hidden_label,
        preview=preview.PREVIEW,
    ),
)
