"""The penguin egg game: slide penguins across a wrap-around triangular lattice,
laying eggs on every point they cross; first to have all 16 eggs out wins."""

from meeple.core.plugins import Plugins, declare
from meeple.games.penguins import bots, components, text
from meeple.games.penguins.rules import Penguins, PenguinState

__all__ = ["PenguinState", "Penguins"]

declare(
    Penguins,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        text=text,
        client_components=components.client_components,
        hidden_label=text.hidden_label,
    ),
)
