"""Named bots: ``make_bot("mcts:time=0.5", game, seat)``.

A spec is ``NAME`` or ``NAME:key=value,key=value``. Built-in names map to
classes here; ``heuristic`` resolves to the heuristic bot the game declares
(``Game.plugins``, see :mod:`meeple.core.plugins`). Bots from later modules
register themselves with :func:`register_bot`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from meeple.bots.base import Bot
from meeple.bots.limits import BotLimits
from meeple.bots.simple import GreedyBot, RandomBot
from meeple.core.errors import OptionError
from meeple.core.game import Game, State

BotFactory = Callable[..., Bot]
#: Names a spec's parameters may not take: a bot's constructor arguments.
_RESERVED = frozenset({"game", "seat", "seed", "limits"})

_BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot}
#: name -> "module:Class" for bots loaded on first use (keeps imports light).
_LAZY: dict[str, str] = {}


def register_bot(name: str, factory: BotFactory | str) -> None:
    """Add a named bot: a class/factory, or a lazy ``"module:Class"`` path."""
    if isinstance(factory, str):
        _LAZY[name] = factory
    else:
        _BOTS[name] = factory


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=200,c=1.4"`` -> ``("mcts", {"iters": "200", "c": "1.4"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise OptionError(f"bot parameters are written key=value, got {part!r} in {spec!r}")
        params[key.strip()] = value.strip()
    if not name:
        raise OptionError(f"empty bot name in {spec!r}")
    return name.lower(), params


def game_heuristic_bot(game: Game) -> BotFactory | None:
    """The heuristic bot class ``game`` declares, or ``None``."""
    return game.plugins.heuristic_bot


def house_bot(game: Game) -> str:
    """The bot spec that plays for the house: the game's heuristic bot, else greedy.

    It is ``meeple play``'s default opponent and the bot that takes a seat over in the
    browser when its player leaves, so a deserted seat plays as well as the game's own
    bot rather than at random.
    """
    return "heuristic" if game_heuristic_bot(game) is not None else "greedy"


def game_evaluator(game: Game) -> Callable[[State, int], float] | None:
    """The evaluation ``game`` declares for greedy play and cut-off search, or ``None``."""
    return game.plugins.evaluate


def bot_names(game: Game | None = None) -> list[str]:
    names = set(_BOTS) | set(_LAZY)
    if game is None or game_heuristic_bot(game) is not None:
        names.add("heuristic")
    return sorted(names)


def bot_class(name: str, game: Game) -> BotFactory:
    """The class (or factory) a spec's bot ``name`` builds for ``game``."""
    if name == "heuristic":
        cls = game_heuristic_bot(game)
        if cls is None:
            raise OptionError(f"{game.name} has no heuristic bot")
        return cls
    if name in _LAZY and name not in _BOTS:
        module_name, _, attr = _LAZY[name].partition(":")
        _BOTS[name] = getattr(importlib.import_module(module_name), attr)
    if name not in _BOTS:
        raise OptionError(f"unknown bot {name!r}; known bots: {', '.join(bot_names(game))}")
    return _BOTS[name]


def make_bot(
    spec: str, game: Game, seat: int, seed: int = 0, limits: BotLimits | None = None
) -> Bot:
    """Build the bot named by ``spec`` for ``seat`` of ``game``.

    ``limits`` bounds the parameters the spec gives (a server passes its
    caps for specs from clients; see :mod:`meeple.bots.limits`): over a cap,
    the wrong type or not finite, the spec is refused with ``OptionError``
    before any bot is built.
    """
    name, params = parse_spec(spec)
    reserved = sorted(set(params) & _RESERVED)
    if reserved:  # they would collide with make_bot's own arguments (a TypeError, not a refusal)
        raise OptionError(f"bot parameters may not be named {reserved}; in {spec!r}")
    factory = bot_class(name, game)
    if limits is not None:
        limits.check(factory, params)
    return factory(game, seat, seed, **params)


register_bot("mcts", "meeple.bots.mcts:MCTSBot")
register_bot("ismcts", "meeple.bots.mcts:ISMCTSBot")
