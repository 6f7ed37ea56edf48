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

from meeple.core.i18n import LANGUAGES
from meeple.core.options import GameOption
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
    else:
        assert not (folder / "preview.py").exists(), f"{package}: preview.py declares nothing"


# -- vocabulary: meeple.games.<g>.text (OPTION_WORDS) -----------------------------------------


def _named_values(spec: GameOption) -> list[str]:
    """The values of ``spec`` that need words: its word choices, and for a free-text
    option its default (a record's replay shows it: "Course: auto" said nothing)."""
    values = [c for c in spec.choices or () if isinstance(c, str)]
    if spec.choices is None and isinstance(spec.default, str) and spec.default:
        values.append(spec.default)
    return [v for v in values if not v.isdigit()]


@pytest.mark.parametrize("cls", GAMES, ids=lambda cls: cls.name)
def test_the_vocabulary_is_declared_in_text(cls: Any) -> None:
    """What a game's options, their values and its content sets are called lives in its
    text.py (``OPTION_WORDS``, the text plug-in's ``option_words``), in both languages:
    every option (a content set's too) has a name and a help line, every value that is
    a word a name, and no word names an option the game does not have."""
    if not cls.option_specs:
        return
    text = importlib.import_module(f"{_package(cls)}.text")
    words = cls.plugins.text.option_words
    assert words is not None and words is getattr(text, "OPTION_WORDS", None)
    wanted = set()
    for spec in cls.option_specs:
        wanted |= {spec.name, f"{spec.name}.help"}
        wanted |= {f"{spec.name}.{v}" for v in _named_values(spec)}
    assert sorted(wanted - set(words["en"])) == [], "options without words"
    names = {spec.name for spec in cls.option_specs}
    stray = [k for k in words["en"] if k.split(".", 1)[0] not in names]
    assert stray == [], "words for options the game does not have"
    for lang in LANGUAGES:
        assert all(words[lang][k].strip() for k in wanted), lang


# -- the static folder is the browser's: no Python module outside web/ reads it ---------------


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of ``tree`` (a module's, a class's, a function's)."""
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                out.add(id(value))
    return out


SERVES = "imports meeple.web.STATIC"


def _static_paths(path: Path) -> list[str]:
    """Where ``path``'s code names a file or folder of web/static: a path built with a
    ``"static"`` or ``"i18n"`` part, a string into it, or the web package's ``STATIC``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            for side in (node.left, node.right):
                if isinstance(side, ast.Constant) and side.value in ("static", "i18n"):
                    found.append(f"{path.name}:{node.lineno} / {side.value!r}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docs and ("web/static" in node.value or "i18n/" in node.value):
                found.append(f"{path.name}:{node.lineno} {node.value!r}")
        elif isinstance(node, ast.ImportFrom) and node.module == "meeple.web":
            found += [
                f"{path.name}:{node.lineno} {SERVES}" for a in node.names if a.name == "STATIC"
            ]
    return found


def test_no_module_outside_web_reads_the_static_folder() -> None:
    """The browser's files are the browser's: a game's words reach the terminal and the
    lobby from its text.py (the server sends them), never read back out of
    web/static/i18n. Only the server's app names the folder, to serve it as it is."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if (SRC / "web") not in path.parents:
            found += [f"{path.relative_to(SRC)}: {n}" for n in _static_paths(path)]
    assert [n for n in found if not n.startswith("server/app.py") or SERVES not in n] == []
    assert len(found) == 1, found  # the app, once
