"""The game registry: ``meeple.games()`` and lookup by name.

Built-in games are listed by import path and loaded lazily, so importing
meeple stays fast. Third-party packages add games through the
``meeple.games`` entry-point group (name -> ``module:GameClass``).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from meeple.core.errors import UnknownGameError
from meeple.core.game import Game

#: slug -> "module:Class" of every game shipped with meeple.
BUILTIN_GAMES: dict[str, str] = {
    "fittoprint": "meeple.games.fittoprint:FitToPrint",
    "ice": "meeple.games.ice:Ice",
    "penguins": "meeple.games.penguins:Penguins",
    "province": "meeple.games.province:Province",
    "snowtails": "meeple.games.snowtails:SnowTails",
    "tictactoe": "meeple.games.tictactoe:TicTacToe",
    "viscounts": "meeple.games.viscounts:Viscounts",
}

_extra: dict[str, type[Game]] = {}
_loaded: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Register a game class (usable as a decorator)."""
    _extra[cls.name] = cls
    _loaded[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Forget a game added with :func:`register` (tests and tutorials clean up with it)."""
    _extra.pop(name, None)
    _loaded.pop(name, None)


def _paths() -> dict[str, str]:
    paths = dict(BUILTIN_GAMES)
    for ep in entry_points(group="meeple.games"):
        paths.setdefault(ep.name, ep.value)
    return paths


def game_names() -> list[str]:
    return sorted(set(_paths()) | set(_extra))


def get_game_class(name: str) -> type[Game]:
    """The class registered under ``name`` (case-insensitive)."""
    key = name.strip().lower()
    if key in _loaded:
        return _loaded[key]
    paths = _paths()
    if key not in paths:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    module, _, attr = paths[key].partition(":")
    cls = getattr(importlib.import_module(module), attr)
    _loaded[key] = cls
    return cls


def games() -> list[type[Game]]:
    """Every registered game class, sorted by name.

    >>> "tictactoe" in [g.name for g in games()]
    True
    """
    return [get_game_class(n) for n in game_names()]


def make_game(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game: ``make_game("province")``, ``make_game("snowtails", players=5)``."""
    return get_game_class(name)(players=players, **options)
