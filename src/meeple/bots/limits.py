"""Caps on what a bot spec may ask for, when the spec comes from someone else.

On the command line and in a tournament the person running the bots chose
their specs, and ``mcts:time=60`` is their business. A server builds bots
from specs its clients send, and one ``mcts:workers=64`` or
``mcts:time=1e9`` from an anonymous client would take the machine. So
:func:`~meeple.bots.registry.make_bot` takes a :class:`BotLimits` and, before
building the bot, checks every parameter the spec gives against it:

* the value must parse as the bot declares it (:attr:`Bot.options`): right
  type, finite (``inf`` and ``nan`` never pass), within the bot's own range;
* a number must be at most this limit's cap for that parameter; a numeric
  parameter the limits have no cap for is refused (a bot added later does
  not get an unbounded knob by accident);
* a bot that declares no parameters may be given none.

The caps bound what a spec *asks for*; the defaults a bot or a game's search
settings choose when the spec names nothing are the server's own and stay
trusted. ``meeple serve --bot-limit NAME=MAX`` changes a cap.

>>> import meeple
>>> from meeple.bots import make_bot
>>> game = meeple.make_game("tictactoe")
>>> make_bot("mcts:time=1e9", game, 0, limits=BotLimits())
Traceback (most recent call last):
...
meeple.core.errors.OptionError: bot 'mcts': time=1e9 is over this server's cap of 5.0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core.errors import OptionError
from meeple.core.options import GameOption, parse_option_pairs


@dataclass(frozen=True)
class BotLimits:
    """Per-parameter caps (inclusive) for client bot specs; the defaults are ``meeple serve``'s.

    The resource parameters matter most: ``time`` seconds a move, ``iters``
    iterations a move, ``workers`` processes a search, and the rollout and
    look-ahead lengths ``depth``, ``turns`` and ``horizon``. The others shape
    the search (``c``, ``scale``, ``pw``, ``pw_alpha``, ``pw_min``) and are
    capped so that no number from a client is unbounded.
    """

    time: float = 5.0
    iters: int = 20_000
    workers: int = 2
    depth: int = 1_000
    turns: int = 100
    horizon: int = 100
    c: float = 100.0
    scale: float = 1_000_000.0
    pw: float = 1_000.0
    pw_alpha: float = 1.0
    pw_min: int = 1_000

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            self._field_option(field.name).coerce(getattr(self, field.name))

    @classmethod
    def _field_option(cls, name: str) -> GameOption:
        """A cap is a finite number, at least 0 (``workers`` at least 1)."""
        default = next(f.default for f in dataclasses.fields(cls) if f.name == name)
        kind = type(default)
        return GameOption(name, default, minimum=1 if name == "workers" else 0, kind=kind)

    def cap(self, name: str) -> float | None:
        """The cap of parameter ``name``, or ``None`` when these limits have none."""
        if name not in {f.name for f in dataclasses.fields(self)}:
            return None
        value: float = getattr(self, name)
        return value

    def with_caps(self, caps: Mapping[str, Any]) -> BotLimits:
        """These limits with some caps changed; values may be strings (``"2.5"``).

        >>> BotLimits().with_caps({"time": "2", "workers": "1"}).time
        2.0
        """
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(caps) - names)
        if unknown:
            raise OptionError(
                f"no bot parameter cap named {unknown}; caps: {', '.join(sorted(names))}"
            )
        changed = {name: self._field_option(name).coerce(value) for name, value in caps.items()}
        return dataclasses.replace(self, **changed)

    @classmethod
    def from_pairs(cls, pairs: Sequence[str]) -> BotLimits:
        """The defaults with ``["time=2", "workers=1"]`` (``--bot-limit`` arguments) applied."""
        return cls().with_caps(parse_option_pairs(pairs))

    def check(self, bot_class: Any, params: Mapping[str, Any]) -> None:
        """Refuse (``OptionError``) a spec's ``params`` for ``bot_class`` beyond these limits."""
        name = getattr(bot_class, "name", None) or getattr(bot_class, "__name__", "bot")
        if not params:
            return
        parse = getattr(bot_class, "parse_params", None)
        options = getattr(bot_class, "options", None)
        if parse is None or options is None:
            raise OptionError(f"bot {name!r} declares no parameters, so none may be given")
        values = parse(params)  # types, finiteness and the bot's own ranges
        kinds = {o.name: o.type for o in options}
        for key in params:
            if kinds[key] not in (int, float):
                continue
            cap = self.cap(key)
            if cap is None:
                raise OptionError(
                    f"bot {name!r}: parameter {key!r} has no cap here, so it is refused"
                )
            value = values[key]
            if value is not None and value > cap:
                raise OptionError(
                    f"bot {name!r}: {key}={params[key]} is over this server's cap of {cap}"
                )
