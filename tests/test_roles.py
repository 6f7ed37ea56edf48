"""Each role of a game has one home, under the same module name in every game.

docs/adding-a-game.md, "One home per role", is this file's table: a role, the
module that holds it, and the test here that checks it (issue 35, item 2).
"""

from __future__ import annotations

import ast
import functools
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meeple.core.registry import games

SRC = Path(__file__).resolve().parent.parent / "src" / "meeple"
GAMES = sorted(games(), key=lambda cls: cls.name)


def _package(cls: type) -> str:
    """The game's package (``meeple.games.ice`` for Ice, whose class is in rules.py)."""
    return cls.__module__.rsplit(".", 1)[0]


def _defined_in(fn: Callable[..., Any]) -> str:
    """The module that defines ``fn`` (through a ``functools.partial``)."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return fn.__module__


def _defines(path: Path, name: str) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name
        for node in tree.body
    )


# -- client table: meeple.games.<g>.components ------------------------------------------------


@pytest.mark.parametrize("cls", GAMES, ids=lambda cls: cls.name)
def test_the_client_table_is_defined_in_components(cls: type) -> None:
    """The browser's static table (``Plugins.client_components``) is built in the game's
    components.py, and no other module of the game defines one."""
    package = _package(cls)
    make = cls.plugins.client_components  # type: ignore[attr-defined]
    if make is not None:
        assert _defined_in(make) == f"{package}.components"
    folder = Path(importlib.import_module(package).__file__ or "").parent
    elsewhere = [
        p.name
        for p in sorted(folder.glob("*.py"))
        if p.name != "components.py" and _defines(p, "client_components")
    ]
    assert elsewhere == [], f"{package}: client_components defined in {elsewhere}"


# -- previews: meeple.games.<g>.preview ---------------------------------------------------------

#: Games whose page previews a choice but whose preview is not yet told through the
#: contract (issue 35, item 2, left: ICE's dig previews are per tile for a leader that
#: would stand there).
PREVIEWS_NOT_YET = {"ice"}


@pytest.mark.parametrize("cls", GAMES, ids=lambda cls: cls.name)
def test_previews_are_declared_in_preview(cls: type) -> None:
    """A game's previews (``Plugins.preview``, :mod:`meeple.core.preview`) are its
    preview.py's ``PREVIEW``, and a game with a preview.py declares it there."""
    package = _package(cls)
    declared = cls.plugins.preview  # type: ignore[attr-defined]
    folder = Path(importlib.import_module(package).__file__ or "").parent
    if declared is not None:
        module = importlib.import_module(f"{package}.preview")
        assert module.PREVIEW is declared
        assert _defined_in(declared.describe) == f"{package}.preview"
    elif cls.name not in PREVIEWS_NOT_YET:
        assert not (folder / "preview.py").exists(), f"{package}: preview.py declares nothing"
