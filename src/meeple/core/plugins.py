"""What a game offers beyond its rules, declared in one place.

The rules (a :class:`~meeple.core.game.Game` and its states) are all the
engine needs. Drivers want more: a heuristic bot and an evaluation for
search, search settings that suit the game, terminal text and action labels,
the browser's component table. A game declares these once, in its package's
``__init__.py``, with :func:`declare`::

    declare(Province, Plugins(heuristic_bot=bots.HeuristicBot, evaluate=bots.evaluate,
                              text=text, client_components=components.client_components))

and every driver reads ``Game.plugins``. Nothing is looked up by module name,
so a game from another package (an entry point, or a test registering a
class) gets bots, rendering and adapters exactly like a built-in one, which
OpenSpiel gets the same way by handing its game type to ``register_game``.

Core knows these only as protocols: it never imports a bot or a renderer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from meeple.core.actions import Action
    from meeple.core.game import Game, State


class TextPlugin(Protocol):
    """A game's terminal drawing and labels (usually its ``text`` module)."""

    def render(self, view: dict[str, Any], seat: int | None, lang: str) -> str:
        """The board of ``view`` (what ``seat`` sees) as terminal text in ``lang``."""
        ...

    def action_label(self, action: Action, lang: str) -> str:
        """A player's words for ``action`` in ``lang`` ("en" or "zh-TW")."""
        ...


@dataclass(frozen=True)
class Plugins:
    """A game's optional parts. Every field may be left out.

    * ``heuristic_bot``: a bot class, ``cls(game, seat, seed, **params)``;
      ``make_bot("heuristic", ...)`` builds it and ``rollout=heuristic``
      searches play it out.
    * ``evaluate``: ``evaluate(state, seat) -> float``, the position's worth
      to ``seat`` (the greedy bot, and search cut off by depth or turns);
      ``eval_scale`` is the spread of its values, so search can squash them
      into [-1, 1].
    * ``mcts_defaults``: search parameters the game prefers (``{"rollout":
      "heuristic", "turns": "1"}``); a bot spec's own parameters win.
    * ``text``: terminal drawing and action labels (:class:`TextPlugin`).
    * ``client_components``: the browser's component table, a JSON dict
      written to ``web/static/js/games/<slug>.components.json`` by
      ``python -m meeple.web.components``.
    * ``hidden_label``: ``hidden_label(before, action, actor, viewer, lang)``,
      the words for a log line ``viewer`` sees only in part (the game's
      ``redact_action`` hides something from it); without it such a line
      shows the redacted text as the game wrote it.
    """

    heuristic_bot: Callable[..., Any] | None = None
    evaluate: Callable[[State, int], float] | None = None
    eval_scale: float | None = None
    mcts_defaults: Mapping[str, object] = field(default_factory=dict)
    text: TextPlugin | None = None
    client_components: Callable[[], dict[str, Any]] | None = None
    hidden_label: Callable[[State, Action, int | None, int | None, str], str] | None = None


#: What a game without a declaration has: nothing beyond its rules.
NO_PLUGINS = Plugins()

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
