"""Every game has the same core files (docs/adding-a-game.md, "The package shape").

A game may add modules of its own; it may not leave one of these out, and
its package declares its plug-ins, with its state built on declared fields.
"""

from __future__ import annotations

from dataclasses import fields
from importlib import import_module, resources

import pytest

from meeple.core.fields import FieldState
from meeple.core.game import Text
from meeple.core.registry import BUILTIN_GAMES, get_game_class

CORE_FILES = (
    "__init__.py",
    "actions.py",
    "components.py",
    "data.toml",
    "state.py",
    "state_fields.py",  # written by python -m meeple.core.fieldgen
    "view.py",
    "rules.py",
    "text.py",
    "bots.py",
)


@pytest.mark.parametrize("slug", sorted(BUILTIN_GAMES))
def test_the_game_has_every_core_file(slug: str) -> None:
    package = resources.files(f"meeple.games.{slug}")
    missing = [name for name in CORE_FILES if not package.joinpath(name).is_file()]
    assert not missing, f"{slug} lacks {missing}"


#: The text plug-in's fields that are tables, not hooks: the text module's constant.
TABLES = {"option_words": "OPTION_WORDS"}


@pytest.mark.parametrize("slug", sorted(BUILTIN_GAMES))
def test_the_game_declares_its_plugins_and_its_fields(slug: str) -> None:
    cls = get_game_class(slug)
    assert "plugins" in cls.__dict__, f"{slug}'s __init__.py does not declare its plug-ins"
    plugins = cls.plugins
    bots, text = (
        import_module(f"meeple.games.{slug}.bots"),
        import_module(f"meeple.games.{slug}.text"),
    )
    assert plugins.heuristic_bot is bots.HeuristicBot and plugins.evaluate is bots.evaluate
    assert plugins.text is not None
    # every hook of its text module is declared, with the module's own function; none is
    # found by name at run time (issue 35, item 2)
    for hook in fields(Text):
        # a table (the vocabulary) is the module's constant: option_words is OPTION_WORDS
        mine = getattr(text, TABLES.get(hook.name, hook.name), None)
        assert getattr(plugins.text, hook.name) is mine, f"{slug}: Text.{hook.name} not declared"
    state = cls().new_initial_state(1)
    assert isinstance(state, FieldState), f"{slug}'s state does not declare its fields"
    assert type(state).__module__ == f"meeple.games.{slug}.rules"
