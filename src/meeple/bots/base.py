"""The one Bot interface every driver uses (CLI, server, arena, adapters).

A bot is made for a configured game and a seat, and asked for one decision at
a time. It receives the full state for speed, but must only use what its seat
may know: bots for games with secrets call ``state.determinize(seat, rng)``
(or read ``state.view(seat)``) rather than peeking.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.core.options import GameOption
from meeple.core.rng import Rng


class Bot(ABC):
    """Chooses actions for one seat.

    ``params`` come from the bot spec (``"mcts:iters=200"`` gives
    ``{"iters": "200"}``); subclasses declare the ones they take in
    :attr:`options` and read them with :meth:`parse_params`, which refuses
    unknown ones with :class:`~meeple.core.errors.OptionError`.
    """

    #: The name used in specs, e.g. "random".
    name: str = "bot"
    #: The parameters a spec may give, declared as data like a game's options:
    #: :meth:`parse_params` and the server's caps (:class:`~meeple.bots.limits.BotLimits`)
    #: read them.
    options: ClassVar[tuple[GameOption, ...]] = ()

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = Rng(seed).spawn(1000 + seat)
        self.params = params

    @classmethod
    def parse_params(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared parameter's value: ``params`` parsed, defaults for the rest.

        Strings from a spec become the declared types; a word from a closed
        list of choices may be written in any case. Unknown names, wrong
        types, non-finite numbers and values out of range raise
        :class:`~meeple.core.errors.OptionError` naming the bot.
        """
        by_name = {o.name: o for o in cls.options}
        unknown = set(params) - set(by_name)
        if unknown:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(
                f"bot {cls.name!r} does not know parameter(s) {sorted(unknown)}; known: {known}"
            )
        values: dict[str, Any] = {}
        for option in cls.options:
            if option.name not in params:
                values[option.name] = option.default
                continue
            value = params[option.name]
            if option.choices is not None and isinstance(value, str):
                value = value.strip().lower()
            try:
                values[option.name] = option.coerce(value)
            except OptionError as exc:
                raise OptionError(f"bot {cls.name!r}: {exc}") from None
        return values

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
