"""No module of src/meeple imports one that imports it back.

The graph is built from the source, not from what happens to be imported:
every ``import`` and ``from ... import`` of a meeple module counts, at the
top of a module or inside a function (a deferred import that closes a
circle is still a circle; it only fails later). Imports under ``if
TYPE_CHECKING:`` are left out: they never run, and annotations may name a
type from a module that depends on this one. A package's ``__init__`` is not
an edge of its submodules (Python runs it first, whatever imports what).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "meeple"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The meeple modules ``path`` imports (see the module docstring)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                target = full if full in modules else base
                if target in modules:
                    found.add(target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in SRC.rglob("*.py")}
    modules = set(paths)
    return {name: imports_of(path, modules) for name, path in paths.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = import_graph()
    assert len(graph) > 80 and "meeple.core.game" in graph
    assert cycles(graph) == [], "import circles (break each by moving code down a layer)"


def test_the_check_finds_a_circle_and_skips_type_checking_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    pkg = SRC / "games" / "snowtails"
    modules = {"meeple.games.snowtails.rules", "meeple.games.snowtails.state"}
    # state.py names the Game class for annotations only: no edge back to rules.py
    assert "meeple.games.snowtails.rules" not in imports_of(pkg / "state.py", modules)
    assert "meeple.games.snowtails.state" in imports_of(pkg / "rules.py", modules)


def test_the_game_contract_does_not_import_its_plugin_declarations() -> None:
    """``Plugins`` lives with the Game contract; ``declare`` imports the contract, one way."""
    pkg = SRC / "core"
    modules = {"meeple.core.game", "meeple.core.plugins"}
    assert imports_of(pkg / "game.py", modules) == set()
    assert imports_of(pkg / "plugins.py", modules) == {"meeple.core.game"}
