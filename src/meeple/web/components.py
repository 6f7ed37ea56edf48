"""Write (or check) every game's browser component table, from one source.

A game whose board needs its printed components in the browser (costs,
names, card texts that never change during a match) declares
``Plugins.client_components``; this module writes what it returns to
``static/js/games/<slug>.components.json``, the file the game's renderer
fetches. It is the only writer of those files::

    python -m meeple.web.components          # rewrite every table
    python -m meeple.web.components --check  # exit 1 if one is out of date

``tests/test_components_files.py`` runs the check, so a data.toml change
without a regenerated table fails the suite.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meeple.core.registry import games
from meeple.web import STATIC

#: Where the renderers fetch their tables from.
GAMES_DIR = STATIC / "js" / "games"
SUFFIX = ".components.json"


def tables() -> dict[str, dict[str, Any]]:
    """Every registered game's declared component table, by slug."""
    out: dict[str, dict[str, Any]] = {}
    for cls in games():
        make = cls.plugins.client_components
        if make is not None:
            out[cls.name] = make()
    return out


def encode(table: dict[str, Any]) -> str:
    """The file text of one table (stable: sorted by nothing, indented, UTF-8 kept)."""
    return json.dumps(table, ensure_ascii=False, indent=1) + "\n"


def stale(directory: Path = GAMES_DIR) -> list[str]:
    """What is out of date: missing or differing tables, and files no game declares."""
    problems = []
    wanted = tables()
    for name, table in wanted.items():
        path = directory / f"{name}{SUFFIX}"
        if not path.exists():
            problems.append(f"{path.name} is missing")
        elif path.read_text(encoding="utf-8") != encode(table):
            problems.append(f"{path.name} differs from the game's client_components()")
    for path in sorted(directory.glob(f"*{SUFFIX}")):
        if path.name[: -len(SUFFIX)] not in wanted:
            problems.append(f"{path.name} belongs to no game that declares components")
    return problems


def write(directory: Path = GAMES_DIR) -> list[Path]:
    """Write every declared table; returns the files written."""
    written = []
    for name, table in tables().items():
        path = directory / f"{name}{SUFFIX}"
        path.write_text(encode(table), encoding="utf-8")
        written.append(path)
    return written


def run_generator(
    argv: list[str] | None,
    prog: str,
    description: str | None,
    stale: Callable[[], list[str]],
    write: Callable[[], list[Path]],
) -> int:
    """The command line of a generator of checked-in browser files (this module's
    component tables, :mod:`meeple.web.rules`' rules pages): write them all, or
    with ``--check`` only list what is out of date and exit 1."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--check", action="store_true", help="only report out-of-date files")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    for path in write():
        print(f"wrote {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_generator(argv, "python -m meeple.web.components", __doc__, stale, write)


if __name__ == "__main__":
    sys.exit(main())
