"""Each role of a game has one home, under the same module name in every game.

docs/adding-a-game.md, "One home per role", is this file's table: a role, the
module that holds it, and the test here that checks it (issue 35, item 2).
"""

from __future__ import annotations

import ast
import collections.abc
import functools
import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, fields
from importlib import import_module, resources
from pathlib import Path
from types import ModuleType
from typing import Any, get_args, get_origin, get_type_hints
from unittest import mock

import pytest

from meeple.core import Rng
from meeple.core.actions import Action
from meeple.core.game import Plugins, State, Text
from meeple.core.i18n import LANGUAGES
from meeple.core.options import GameOption
from meeple.core.registry import BUILTIN_GAMES, games, get_game_class

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


# -- the roles table as data: a role, its home, a checker run on every built-in game ---------
#
# A role moved into its home may add a row to ROLES (a checker takes the game's slug)
# rather than a test of its own; the tutorial's table must name each row's home.


@dataclass(frozen=True)
class Role:
    name: str  # as the tutorial's table says it
    module: str  # its home: meeple.games.<slug>.<module>
    check: Callable[[str], None]  # asserts, for one game, that the role lives there


def package_sources(slug: str) -> dict[str, ast.Module]:
    """Every module of the game's package, parsed, by module name (``rules``, ``view``...)."""
    package = resources.files(f"meeple.games.{slug}")
    return {
        f.name[:-3]: ast.parse(f.read_text(encoding="utf-8"))
        for f in package.iterdir()
        if f.name.endswith(".py")
    }


def top_level_functions(tree: ast.Module) -> set[str]:
    return {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def methods(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """Every method defined in a class of the module, by name."""
    return {
        f.name: f
        for c in tree.body
        if isinstance(c, ast.ClassDef)
        for f in c.body
        if isinstance(f, ast.FunctionDef)
    }


def is_thin(f: ast.FunctionDef) -> bool:
    """A hook: a single ``return`` (after an optional docstring)."""
    body = list(f.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return len(body) == 1 and isinstance(body[0], ast.Return)


def first_seat_action(state: State) -> tuple[int, Action]:
    """A seat's legal action (chance steps taken first), for calling the hooks on."""
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0], None)
    seat = state.current_seat()
    return seat, state.legal_actions(seat)[0]


# -- hidden information: hidden.py ---------------------------------------------------------

#: The state's hooks for hidden information and the function of ``hidden.py`` each calls.
HIDDEN_HOOKS = {
    "determinize": "determinize",
    "redact_action": "redact",
    "reveals_information": "reveals",
}
#: What only ``hidden.py`` defines at module level.
HIDDEN_FUNCTIONS = {"determinize", "redact", "redact_action", "reveals", "hidden_label"}


def _overrides(state_class: type, hook: str) -> bool:
    """Whether the game (not the core) defines ``hook`` for its states."""
    owner = next(k for k in state_class.__mro__ if hook in k.__dict__)
    return not owner.__module__.startswith("meeple.core.")


def check_hidden(slug: str) -> None:
    """A game with secrets keeps its undo barriers, determinization, log redaction and
    hidden-line labels in ``hidden.py``; the state's methods are one-line hooks calling
    it. A game without secrets has no ``hidden.py`` and keeps the core's defaults."""
    cls = get_game_class(slug)
    game = cls(players=cls.allowed_player_counts()[0])
    state = game.new_initial_state(1)
    state_class = type(state)
    sources = package_sources(slug)
    overridden = [h for h in HIDDEN_HOOKS if _overrides(state_class, h)]
    label = cls.plugins.hidden_label
    if cls.perfect_information:
        assert "hidden" not in sources, f"{slug} has no secrets but a hidden.py"
        assert not overridden and label is None, f"{slug} has no secrets: {overridden}"
        return
    assert "hidden" in sources, f"{slug} has secrets but no hidden.py"
    assert "determinize" in overridden, f"{slug} has secrets but does not determinize"
    hidden: ModuleType = import_module(f"meeple.games.{slug}.hidden")
    seat, action = first_seat_action(state)
    viewer = (seat + 1) % game.players
    calls: dict[str, Callable[[], object]] = {
        "determinize": lambda: state.determinize(viewer, Rng(3)),
        "redact_action": lambda: state.redact_action(action, seat, viewer),
        "reveals_information": lambda: state.reveals_information(action, seat),
    }
    for hook in overridden:
        fn = HIDDEN_HOOKS[hook]
        assert callable(getattr(hidden, fn, None)), f"{slug}: hidden.py has no {fn}"
        with mock.patch.object(hidden, fn, wraps=getattr(hidden, fn)) as spy:
            calls[hook]()
        assert spy.called, f"{slug}: {state_class.__name__}.{hook} does not call hidden.{fn}"
    if label is not None:
        assert label.__module__ == hidden.__name__, f"{slug}: hidden_label is in {label.__module__}"
    for name, tree in sources.items():
        if name == "hidden":
            continue
        stray = top_level_functions(tree) & HIDDEN_FUNCTIONS
        assert not stray, f"{slug}: {name}.py defines {sorted(stray)}: hidden.py's role"
        for hook, f in methods(tree).items():
            if hook in HIDDEN_HOOKS:
                assert name == "rules" and is_thin(f), (
                    f"{slug}: {name}.py's {hook} is more than a hook calling hidden.py"
                )


# -- words: text.py ---------------------------------------------------------------------------


def _declared_arity(hook_type: Any) -> int | None:
    """How many arguments a declared ``Callable[[...], R]`` (or ``... | None``) takes;
    None for a field that is no function (``Text.option_words``, a table of words)."""
    if type(None) in get_args(hook_type):  # optional: the type beside None
        (hook_type,) = [a for a in get_args(hook_type) if a is not type(None)]
    if get_origin(hook_type) is not collections.abc.Callable:
        return None
    params, _result = get_args(hook_type)
    return len(params)


#: Every function the text plug-in declares, with the number of arguments it takes.
TEXT_HOOKS = {
    f.name: arity
    for f in fields(Text)
    if (arity := _declared_arity(get_type_hints(Text)[f.name])) is not None
}


def _one_signature(fn: Callable[..., Any], arity: int) -> str | None:
    """Why ``fn`` is not called one way with ``arity`` arguments (None when it is): no
    parameter beyond them, none of them optional, none keyword-only."""
    params = list(inspect.signature(fn).parameters.values())
    plain = inspect.Parameter.POSITIONAL_OR_KEYWORD
    if len(params) != arity or any(p.kind is not plain for p in params):
        return f"takes ({', '.join(str(p) for p in params)}), declared with {arity}"
    optional = [p.name for p in params if p.default is not inspect.Parameter.empty]
    return f"has defaults for {optional}: two ways to call it" if optional else None


def check_text(slug: str) -> None:
    """The game's words are its text module's functions, declared on ``Text`` (and
    ``Plugins.hidden_label`` on the plug-ins), each with the one signature the core
    declares: no hook takes an extra or an optional parameter."""
    plugins = get_game_class(slug).plugins
    assert plugins.text is not None, f"{slug} declares no text plug-in"
    text = import_module(f"meeple.games.{slug}.text")
    for hook, arity in TEXT_HOOKS.items():
        fn = getattr(plugins.text, hook)
        if fn is None:
            continue
        assert getattr(text, hook, None) is fn, f"{slug}: Text.{hook} is not text.{hook}"
        wrong = _one_signature(fn, arity)
        assert wrong is None, f"{slug}: Text.{hook} {wrong}"
    if plugins.hidden_label is not None:
        arity = _declared_arity(get_type_hints(Plugins)["hidden_label"])
        assert arity is not None
        wrong = _one_signature(plugins.hidden_label, arity)
        assert wrong is None, f"{slug}: hidden_label {wrong}"


# -- decisions: decisions.py -------------------------------------------------------------------


def _kind_chains(tree: ast.Module, names: set[str]) -> list[int]:
    """Lines of if/elif chains with two or more branches that test a ``kind`` against
    ``names`` (``if d.kind == "camp": ... elif d.kind == "share": ...``): kinds dispatched
    by a chain instead of their rows. A single test (is the top a ``fund`` decision?)
    is a question, not a dispatch."""

    def is_kind(node: ast.AST) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "kind") or (
            isinstance(node, ast.Name) and node.id == "kind"
        )

    def literals(node: ast.AST) -> set[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return {
                e.value
                for e in node.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            }
        return set()

    def kinds_named_in(test: ast.AST) -> set[str]:
        found: set[str] = set()
        for node in ast.walk(test):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(is_kind(x) for x in sides):
                    for x in sides:
                        found |= literals(x) & names
        return found

    chains = []
    inner = set()  # an elif's If node, counted with the chain it belongs to
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or id(node) in inner:
            continue
        branches = 0  # the chain's branches that test a kind by name
        branch: ast.AST = node
        while isinstance(branch, ast.If):
            branches += bool(kinds_named_in(branch.test))
            nxt = branch.orelse[0] if len(branch.orelse) == 1 else None
            if isinstance(nxt, ast.If):
                inner.add(id(nxt))
            branch = nxt  # type: ignore[assignment]
        if branches >= 2:
            chains.append(node.lineno)
    return chains


def check_decisions(slug: str) -> None:
    """A game whose seats owe decisions out of turn keeps its kinds as one table,
    ``KINDS`` in ``decisions.py`` (:class:`meeple.core.kinds.Kinds`), its state derives
    from ``DecidingState`` (the core answers from the top of the stack), and no module
    of the game dispatches kinds through an if/elif chain. A game without
    ``decisions.py`` has no decision stack."""
    from meeple.core.kinds import DecidingState, Kinds

    cls = get_game_class(slug)
    state = cls(players=cls.allowed_player_counts()[0]).new_initial_state(1)
    sources = package_sources(slug)
    if "decisions" not in sources:
        assert not isinstance(state, DecidingState), f"{slug}: a stack without decisions.py"
        assert not hasattr(state, "decisions"), f"{slug}: a decision stack without its kinds"
        return
    table = import_module(f"meeple.games.{slug}.decisions").KINDS
    assert isinstance(table, Kinds), f"{slug}: decisions.KINDS is not a Kinds table"
    assert isinstance(state, DecidingState), f"{slug}: the state does not defer to the stack"
    names = set(table.names())
    chains = {
        module: lines for module, tree in sources.items() if (lines := _kind_chains(tree, names))
    }
    assert chains == {}, f"{slug}: decision kinds dispatched by if-chains at {chains}"


#: The roles table (docs/adding-a-game.md, "Roles"), one row per role checked here.
ROLES: tuple[Role, ...] = (
    Role("hidden information", "hidden", check_hidden),
    Role("decisions", "decisions", check_decisions),
    Role("words", "text", check_text),
)


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.module)
@pytest.mark.parametrize("slug", sorted(BUILTIN_GAMES))
def test_the_role_lives_in_its_home(slug: str, role: Role) -> None:
    role.check(slug)


def test_the_roles_table_names_modules_the_tutorial_lists() -> None:
    """Every home checked here is a row of the tutorial's table."""
    doc = (SRC.parent.parent / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    for role in ROLES:
        assert f"| `{role.module}.py`" in doc, f"the tutorial's table lacks {role.module}.py"


def test_no_driver_finds_a_text_hook_by_name() -> None:
    """Outside the games nothing looks a hook up on a text plug-in or module by name
    (``getattr(text, "end_label", None)``): the drivers read the declared fields."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if "games" in path.relative_to(SRC).parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and node.args
                and "text" in ast.unparse(node.args[0])
            ):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, f"a text hook found by name: {found}"


def test_a_chain_over_decision_kinds_is_found_and_a_single_question_is_not() -> None:
    chain = (
        "if d.kind == 'camp':\n    a()\nelif d.kind in ('share', 'x'):\n    b()\nelse:\n    c()\n"
    )
    single = "if top.kind != 'fund':\n    a()\nelif ready:\n    b()\n"
    assert _kind_chains(ast.parse(chain), {"camp", "share"}) == [1]
    assert _kind_chains(ast.parse(single), {"fund"}) == []
    assert _kind_chains(ast.parse(chain), {"other"}) == []
