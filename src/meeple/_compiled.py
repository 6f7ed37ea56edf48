"""The compiled engine: which modules are compiled, and the import hook that loads them.

``scripts/bootstrap`` compiles the modules in :data:`MODULES` from the same
``.py`` files with Cython in pure-Python mode (``scripts/compile_engine.py``;
docs/architecture.md says why Cython) into ``build/compiled/<python>/``,
next to a manifest holding each source's SHA-256. ``import meeple`` installs
:class:`CompiledFinder` first thing, so ``meeple.core.rng`` and the rest load
from there, unless:

* ``MEEPLE_INTERPRETED=1`` is set (debugging, benchmarks, the
  identical-records test): every module runs as Python;
* nothing was built (no C compiler, no Cython): every module runs as Python;
* a module's source changed since it was built: that module runs as Python
  (never a stale build) until ``scripts/bootstrap`` (which ``./meeple``
  runs) rebuilds it, and :func:`describe` says so.

Each module is its own extension, so one stale module falls back alone.
``meeple --version`` prints :func:`describe`.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

#: The modules compiled at install: the core's hot path, every game's state (with its field
#: methods, written out by meeple.core.fieldgen) and rules, and the search.
MODULES: tuple[str, ...] = (
    "meeple.core.rng",
    "meeple.core.turn",
    "meeple.core.decisions",
    "meeple.core.game",
    "meeple.core.fields",
    "meeple.core.playout",
    "meeple.core.kinds",
    "meeple.core.effects",
    "meeple.games.tictactoe.state",
    "meeple.games.tictactoe.state_fields",
    "meeple.games.tictactoe.rules",
    "meeple.games.province.state",
    "meeple.games.province.state_fields",
    "meeple.games.province.rules",
    "meeple.games.ice.state",
    "meeple.games.ice.state_fields",
    "meeple.games.ice.rules",
    "meeple.games.ice.board",
    "meeple.games.ice.preview",
    "meeple.games.ice.view",
    "meeple.games.viscounts.state",
    "meeple.games.viscounts.state_fields",
    "meeple.games.viscounts.rules",
    "meeple.games.viscounts.funding",
    "meeple.games.unconscious.state",
    "meeple.games.unconscious.state_fields",
    "meeple.games.unconscious.rules",
    "meeple.games.unconscious.engine",
    "meeple.games.unconscious.dial",
    "meeple.games.penguins.state",
    "meeple.games.penguins.state_fields",
    "meeple.games.penguins.rules",
    "meeple.games.penguins.flow",
    "meeple.games.penguins.slide",
    "meeple.games.penguins.cards",
    "meeple.games.snowtails.state",
    "meeple.games.snowtails.state_fields",
    "meeple.games.snowtails.rules",
    "meeple.games.fittoprint.state",
    "meeple.games.fittoprint.state_fields",
    "meeple.games.fittoprint.rules",
    "meeple.bots.evaluators",
    "meeple.bots.mcts",
)

#: Set to anything but "" or "0" to run every module as Python.
SWITCH = "MEEPLE_INTERPRETED"

PACKAGE_DIR = Path(__file__).resolve().parent
#: ``build/compiled/cpython-311`` beside ``src`` in a checkout (absent in an installed wheel).
BUILD_DIR = PACKAGE_DIR.parent.parent / "build" / "compiled" / sys.implementation.cache_tag
MANIFEST = BUILD_DIR / "manifest.json"


def source_path(module: str) -> Path:
    """The ``.py`` file of ``module`` (a name in :data:`MODULES`)."""
    return PACKAGE_DIR.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_hash(path: Path) -> str:
    """The SHA-256 of a module's source, with the C declarations beside it (a ``.pxd``
    file Cython reads with the ``.py``), if it has them."""
    digest = hashlib.sha256(path.read_bytes())
    declarations = path.with_suffix(".pxd")
    if declarations.is_file():
        digest.update(declarations.read_bytes())
    return digest.hexdigest()


def switched_off() -> bool:
    return os.environ.get(SWITCH, "") not in ("", "0")


def read_manifest() -> dict[str, Any] | None:
    """The build's manifest, or ``None`` when there is no usable build for this Python."""
    try:
        data = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("python") != sys.version:
        return None
    return data


class CompiledFinder(MetaPathFinder):
    """Finds the compiled build of a module whose source has not changed since it was built."""

    def __init__(self, manifest: dict[str, Any]) -> None:
        self.compiler: str = str(manifest.get("compiler", "?"))
        self.entries: dict[str, dict[str, Any]] = dict(manifest.get("modules", {}))
        self.loaded: list[str] = []
        self.stale: list[str] = []

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        entry = self.entries.get(fullname)
        if entry is None:
            return None
        binary = BUILD_DIR / entry["file"]
        if changed_since_build({fullname: entry}) or not binary.is_file():
            self.stale.append(fullname)
            return None  # the interpreted module runs
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
        spec = importlib.util.spec_from_file_location(fullname, binary, loader=loader)
        if spec is not None:
            self.loaded.append(fullname)
        return spec


_finder: CompiledFinder | None = None


def changed_since_build(entries: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """The compiled modules whose source changed since their build (they run as Python).

    ``entries`` defaults to the installed build's; none when nothing compiled runs.
    """
    if entries is None:
        entries = _finder.entries if _finder is not None else {}
    changed = []
    for name, entry in entries.items():
        # The module's source, and those its compiled copy follows from (the field methods
        # written out from another module's declaration: ``deps``).
        wanted = {name: entry["sha256"], **entry.get("deps", {})}
        try:
            if any(source_hash(source_path(m)) != h for m, h in wanted.items()):
                changed.append(name)
        except OSError:
            changed.append(name)
    return sorted(changed)


def stale_notice() -> str | None:
    """A line for the command's standard error when some compiled modules are stale."""
    changed = changed_since_build()
    if not changed:
        return None
    return (
        f"meeple: changed since they were compiled, running as Python: {', '.join(changed)} "
        "(scripts/bootstrap, which ./meeple runs, rebuilds them)"
    )


def install() -> None:
    """Put the compiled modules first on the import path (once; ``import meeple`` calls it)."""
    global _finder
    if _finder is not None or switched_off():
        return
    manifest = read_manifest()
    if manifest is None:
        return
    _finder = CompiledFinder(manifest)
    sys.meta_path.insert(0, _finder)


def status() -> dict[str, Any]:
    """Which engine runs: ``mode`` ("compiled", "partly compiled" or "interpreted"), why,
    and the modules loaded compiled and those that fell back because their source changed."""
    # Ask for every module now, so the answer covers those not imported yet.
    for name in MODULES:
        __import__(name)
    if switched_off():
        return {"mode": "interpreted", "reason": f"{SWITCH} is set", "compiled": [], "stale": []}
    if _finder is None:
        why = (
            "no compiled build for this Python (scripts/bootstrap builds it; it needs a C compiler)"
        )
        return {"mode": "interpreted", "reason": why, "compiled": [], "stale": []}
    compiled = [m for m in MODULES if _is_compiled(sys.modules[m])]
    stale = sorted(set(_finder.stale))
    mode = "compiled" if len(compiled) == len(MODULES) else "partly compiled"
    if not compiled:
        mode = "interpreted"
    reason = _finder.compiler
    if stale:
        reason += f"; source changed since the build, running as Python: {', '.join(stale)}"
        reason += " (scripts/bootstrap rebuilds them)"
    return {"mode": mode, "reason": reason, "compiled": compiled, "stale": stale}


def _is_compiled(module: ModuleType) -> bool:
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def describe() -> str:
    """One line for ``meeple --version``: "engine: compiled (Cython 3.1.2, 10 of 10 modules)"."""
    s = status()
    count = f"{len(s['compiled'])} of {len(MODULES)} modules"
    if s["mode"] == "interpreted":
        return f"engine: interpreted ({s['reason']})"
    return f"engine: {s['mode']} ({s['reason']}; {count})"
