"""No module of src/meeple imports one that imports it back.

The graph is built from the source, not from what happens to be imported:
every ``import`` and ``from ... import`` of a meeple module counts, at the
top of a module or inside a function (a deferred import that closes a
circle is still a circle; it only fails later). Imports under ``if
TYPE_CHECKING:`` count too: they never run, but a module that names a type
of a module above it for its annotations is still tied to that module, and
the layering (core below games; a game's state and view below its rules)
holds only if the names point one way. A game's state names what it reads
of its configured game on an abstract base in state.py (``SnowTailsTable``,
``PenguinsTable``, ``FitToPrintTable``), not by importing the rules. A
package's ``__init__`` is not an edge of its submodules (Python runs it
first, whatever imports what).
"""

from __future__ import annotations

import ast
import functools
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


def imports_of(path: Path, modules: set[str], type_checking: bool = False) -> set[str]:
    """The meeple modules ``path`` imports (see the module docstring); with
    ``type_checking``, those imported for annotations only count too."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node) and not type_checking:
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


@functools.cache  # parsed once per session (read-only for the tests)
def import_graph(type_checking: bool = False) -> dict[str, set[str]]:
    paths = {module_name(p): p for p in SRC.rglob("*.py")}
    modules = set(paths)
    return {name: imports_of(path, modules, type_checking) for name, path in paths.items()}


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for w in graph[todo.pop()] - seen:
            seen.add(w)
            todo.append(w)
    return seen


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
    graph = import_graph(type_checking=True)
    assert len(graph) > 80 and "meeple.core.game" in graph
    assert cycles(graph) == [], "import circles (break each by moving code down a layer)"


def test_the_check_finds_a_circle_and_counts_annotation_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    # tictactoe's solver names the Bot base class for annotations only: an edge
    modules, solver = set(import_graph()), SRC / "games" / "tictactoe" / "solver.py"
    assert "meeple.bots.base" in imports_of(solver, modules, type_checking=True)
    assert "meeple.bots.base" not in imports_of(solver, modules)


def test_a_games_state_and_view_sit_below_its_rules() -> None:
    """Every game's state and view import nothing of its rules, annotations included."""
    graph = import_graph(type_checking=True)
    games = sorted({m.split(".")[2] for m in graph if m.startswith("meeple.games.")} - {"__init__"})
    checked = 0
    for game in games:
        rules = f"meeple.games.{game}.rules"
        for part in ("state", "view"):
            name = f"meeple.games.{game}.{part}"
            if name in graph and rules in graph:
                assert rules not in reachable(graph, name), f"{name} reaches {rules}"
                checked += 1
    assert checked >= 12


def test_the_game_contract_does_not_import_its_plugin_declarations() -> None:
    """``Plugins`` lives with the Game contract; ``declare`` imports the contract, one way."""
    pkg = SRC / "core"
    modules = {"meeple.core.game", "meeple.core.plugins"}
    assert imports_of(pkg / "game.py", modules) == set()
    assert imports_of(pkg / "plugins.py", modules) == {"meeple.core.game"}


MATCH = "meeple.server.match"


def test_the_match_modules_never_reach_the_lobby() -> None:
    """A live match gets what it needs through its host (``MatchHost``), handed in:
    no module of the match package imports the lobby, directly or through another
    module, not even for annotations, and none names it in its code."""
    graph = import_graph(type_checking=True)
    match_modules = sorted(m for m in graph if m == MATCH or m.startswith(MATCH + "."))
    assert len(match_modules) >= 9 and f"{MATCH}.live" in match_modules
    for name in match_modules:
        reach = reachable(graph, name)
        assert "meeple.server.lobby" not in reach, f"{name} reaches the lobby"
        assert "meeple.server.app" not in reach and "meeple.server.ownership" not in reach
    for path in sorted((SRC / "server" / "match").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
        assert not {n for n in names if "lobby" in n.lower()}, f"{path.name} names the lobby"


def test_the_lobby_check_sees_a_module_that_reaches_the_lobby() -> None:
    graph = import_graph(type_checking=True)
    # the cluster node's ownership holds the lobby; the lobby itself uses the match package
    assert "meeple.server.lobby" in reachable(graph, "meeple.server.ownership")
    assert MATCH in graph["meeple.server.lobby"]
    # and the match package has no circle even counting annotations
    match_graph = {m: {w for w in ws if w.startswith(MATCH)} for m, ws in graph.items()}
    assert not [c for c in cycles(match_graph) if c[0].startswith(MATCH)]
