"""What a game offers beyond its rules, declared in one place.

The rules (a :class:`~meeple.core.game.Game` and its states) are all the
engine needs. Drivers want more: a heuristic bot and an evaluation for
search, search settings that suit the game, terminal text and action labels,
the browser's component table. A game declares these once, in its package's
``__init__.py``, with :func:`declare`::

    declare(Province, Plugins(heuristic_bot=bots.HeuristicBot, evaluate=bots.evaluate,
                              text=Text(render=text.render, action_label=text.action_label,
                                        end_label=text.end_label),
                              client_components=components.client_components))

and every driver reads ``Game.plugins``. Nothing is looked up by module name,
so a game from another package (an entry point, or a test registering a
class) gets bots, rendering and adapters exactly like a built-in one, which
OpenSpiel gets the same way by handing its game type to ``register_game``.

Core knows these only as protocols: it never imports a bot or a renderer.
The declaration's type, :class:`~meeple.core.game.Plugins`, is part of the
Game contract and lives beside it in :mod:`meeple.core.game` (a game class
holds one from the start, :data:`NO_PLUGINS`); it is re-exported here so a
game package imports what it declares with from one place, and this
module imports the contract without the contract importing it back.
"""

from __future__ import annotations

from typing import TypeVar

from meeple.core.game import NO_PLUGINS, Game, Plugins, Text

__all__ = ["NO_PLUGINS", "Plugins", "Text", "declare"]

G = TypeVar("G", bound="type[Game]")


def declare(game_class: G, plugins: Plugins) -> G:
    """Attach ``plugins`` to ``game_class`` (and so to every configured game of it).

    Called once per game, by the package that defines it. Declaring twice is
    a mistake (two modules disagreeing about one game) and is refused.
    """
    if not isinstance(plugins, Plugins):
        raise TypeError(f"declare() wants a Plugins, got {type(plugins).__name__}")
    if "plugins" in game_class.__dict__:
        raise ValueError(f"{game_class.__name__} already declares its plug-ins")
    game_class.plugins = plugins
    return game_class
