"""Write (or check) the field methods of every built-in game's states, as source.

A state class declares its fields once (:class:`~meeple.core.fields.StateFields`);
its ``clone``, ``to_json`` and loader are straight-line code that follows from
the declaration (:meth:`StateFields.code`). This module writes that code, for
every field state a module of a built-in game declares, into the module's
companion beside it (``state.py`` -> ``state_fields.py``): one factory per class,
taking the names the code uses, and the declaration's fingerprint. The
companions are checked in, so the interpreted and the compiled engine run the
same source (the compiled engine compiles them with the state modules:
``meeple._compiled.MODULES``) and nothing is built by ``exec`` at import::

    python -m meeple.core.fieldgen          # rewrite every companion
    python -m meeple.core.fieldgen --check  # exit 1 if one is out of date

``tests/test_fieldgen.py`` runs the check, so a changed declaration without a
regenerated companion fails the suite (and, until regenerated, that class's
methods are built by ``exec`` with a warning, never from the stale file).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from pathlib import Path

import meeple
from meeple.core.fields import FieldState, companion
from meeple.core.registry import BUILTIN_GAMES

#: The first line of every companion: what wrote it.
HEADER = "# Written by `python -m meeple.core.fieldgen` from the StateFields declarations"


def declared() -> dict[str, list[type[FieldState]]]:
    """The field states declaring their own fields in each module of the built-in games,
    by module name, in the order they are defined."""
    with warnings.catch_warnings():  # a stale companion: the very thing to rewrite
        warnings.simplefilter("ignore")
        for spec in BUILTIN_GAMES.values():
            importlib.import_module(spec.split(":")[0])
    found: dict[str, list[type[FieldState]]] = {}
    todo: list[type[FieldState]] = [FieldState]  # type: ignore[type-abstract]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if "fields" in vars(cls) and cls.__module__.startswith("meeple.games."):
            found.setdefault(cls.__module__, []).append(cls)
    for classes in found.values():
        classes.sort(key=lambda c: c.__qualname__)
    return dict(sorted(found.items()))


def source(module: str, classes: list[type[FieldState]]) -> str:
    """The text of ``module``'s companion: each class's field methods, inside a factory
    whose parameters are the names the methods use (``StateFields.scope``)."""
    lines = [
        HEADER,
        f"# of {module}: do not edit (tests/test_fieldgen.py checks it is current).",
        "# mypy: ignore-errors",
        f'"""The field methods of {module}\'s states (meeple.core.fields installs them)."""',
        "",
        "#: Each factory's declaration, hashed (StateFields.fingerprint): another is stale.",
        "FINGERPRINTS = {",
        *(f'    "{c.__qualname__}": "{c.fields.fingerprint()}",' for c in classes),
        "}",
    ]
    for cls in classes:
        params = list(cls.fields.scope(cls))
        lines += ["", "", f"def make_{cls.__qualname__}(", *(f"    {p}," for p in params), "):"]
        body = cls.fields.code().replace("\ndef ", "\n\ndef ")
        lines += [f"    {line}" if line else "" for line in body.splitlines()]
        lines.append("")
        lines.append("    return clone, to_json, load")
    return "\n".join(lines) + "\n"


#: ``src/meeple`` (a compiled module's ``__file__`` is its build, not its source).
PACKAGE_DIR = Path(meeple.__file__).resolve().parent


def path_of(module: str) -> Path:
    """The source file of ``module``'s companion."""
    return PACKAGE_DIR.joinpath(*companion(module).split(".")[1:]).with_suffix(".py")


def stale() -> list[str]:
    """What is out of date: missing or differing companions, and companions of modules
    that declare no field states."""
    wanted = {path_of(m): source(m, c) for m, c in declared().items()}
    problems = []
    for path, text in wanted.items():
        if not path.exists():
            problems.append(f"{path} is missing")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{path} differs from the declarations")
    for path in sorted((PACKAGE_DIR / "games").glob("*/*_fields.py")):
        if path not in wanted and path.read_text(encoding="utf-8").startswith(HEADER):
            problems.append(f"{path} belongs to no module that declares field states")
    return problems


def write() -> list[Path]:
    """Write every companion; returns the files written."""
    written = []
    for module, classes in declared().items():
        path = path_of(module)
        path.write_text(source(module, classes), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m meeple.core.fieldgen", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report out-of-date files")
    if parser.parse_args(argv).check:
        problems = stale()
        print("\n".join(problems), file=sys.stderr, end="\n" if problems else "")
        return 1 if problems else 0
    for path in write():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
