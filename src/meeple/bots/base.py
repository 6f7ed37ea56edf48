"""The one Bot interface every driver uses (CLI, server, arena, adapters).

A bot is made for a configured game and a seat, and asked for one decision at
a time. It receives the full state for speed, but must only use what its seat
may know: bots for games with secrets call ``state.determinize(seat, rng)``
(or read ``state.view(seat)``) rather than peeking.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Game, State
from meeple.core.rng import Rng


class Bot(ABC):
    """Chooses actions for one seat.

    ``params`` come from the bot spec (``"mcts:iters=200"`` gives
    ``{"iters": "200"}``); subclasses parse the ones they know and must reject
    unknown ones with :class:`~meeple.core.errors.OptionError`.
    """

    #: The name used in specs, e.g. "random".
    name: str = "bot"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed).spawn(1000 + seat)
        self.params = params

    @abstractmethod
    def choose(self, state: State) -> Action:
        """One legal action of ``self.seat`` in ``state`` (which it may act in)."""

    def observe(self, actor: int | None, action: Action, state_before: State) -> None:
        """Called after every action in the match (tree reuse, opponent models). Optional."""

    @property
    def spec(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec} seat={self.seat}>"
