"""Compile the engine modules (meeple._compiled.MODULES) with Cython, only those whose source changed.

Run by scripts/bootstrap; quiet and quick when nothing changed. Where it cannot build
(no Cython, no C compiler or Python headers) it says so once and the interpreted modules
run: it never fails the bootstrap. ``MEEPLE_NO_COMPILE=1`` skips it.

    .venv/bin/python scripts/compile_engine.py          # build what changed
    .venv/bin/python scripts/compile_engine.py --force  # rebuild everything
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _load_compiled() -> ModuleType:
    """meeple/_compiled.py by its path: importing the package would import the engine."""
    spec = importlib.util.spec_from_file_location(
        "_meeple_compiled", ROOT / "src/meeple/_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


C = _load_compiled()

#: Plain Python semantics: annotations are not C types (``x: int`` still takes a bool,
#: ``cls: type`` still takes an ABCMeta), so a compiled module behaves as its source does.
#: The build's shape: a manifest of another format is rebuilt whole (3: the modules as
#: they are, the state field methods among them as checked-in modules of their own,
#: ``state_fields``, written by ``python -m meeple.core.fieldgen``; 2 appended them, as
#: text, to the compiled copies of the state modules).
FORMAT = 3

DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}

#: No debug information: it changes nothing at run time, and without it gcc takes about
#: two thirds of the time and the extensions a sixth of the size (measured on ICE's rules
#: and core/game, 2026-12-04).
CFLAGS = ["-g0"]


def why_not() -> str | None:
    """Why nothing can be compiled here, or ``None``."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install cython)"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(cc):
        return f"no C compiler ({cc}; on Debian: apt-get install gcc)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h; on Debian: apt-get install python3-dev)"
    return None


def build(names: list[str], out: Path) -> None:
    """Compile ``names`` into ``out`` (one extension each, two at a time)."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    exts = [Extension(n, [str(C.source_path(n))], extra_compile_args=CFLAGS) for n in names]
    with tempfile.TemporaryDirectory(prefix="meeple-compile-") as tmp:
        modules = cythonize(
            exts,
            build_dir=str(Path(tmp) / "c"),
            compiler_directives=DIRECTIVES,
            quiet=True,
            force=True,
            nthreads=2,
        )
        dist = Distribution({"ext_modules": modules, "script_name": "compile_engine"})
        dist.script_args = ["build_ext", "--build-lib", str(out), "--build-temp", tmp, "-j", "2"]
        dist.parse_command_line()
        dist.run_commands()


@contextlib.contextmanager
def _quiet(path: Path) -> Iterator[None]:
    """The compiler's output (its warnings too: it writes to the file descriptors) to a file."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with path.open("w") as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def to_build(manifest: dict[str, Any], hashes: dict[str, str]) -> list[str]:
    """The modules of ``hashes`` (name: source SHA-256) that ``manifest``'s build lacks or
    built from other sources: a changed ``.py`` rebuilds that module alone."""
    if manifest.get("format") != FORMAT:  # built by another version of this script: all
        return list(hashes)
    entries: dict[str, dict[str, Any]] = manifest.get("modules", {})
    return [
        n
        for n in hashes
        if n not in entries
        or entries[n]["sha256"] != hashes[n]
        or C.changed_since_build({n: entries[n]})
        or not (C.BUILD_DIR / entries[n]["file"]).is_file()
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild every module")
    args = parser.parse_args()
    if os.environ.get("MEEPLE_NO_COMPILE", "") not in ("", "0"):
        return 0
    old = C.read_manifest() or {}
    if args.force:
        old = {}
    hashes = {n: C.source_hash(C.source_path(n)) for n in C.MODULES}
    todo = to_build(old, hashes)
    entries = {n: e for n, e in old.get("modules", {}).items() if n in hashes and n not in todo}
    if not todo:
        return 0
    reason = why_not()
    if reason:
        print(f"compiled engine not built: {reason}; the interpreted engine runs", file=sys.stderr)
        return 0
    import Cython

    print(
        f"compiling {len(todo)} engine modules with Cython {Cython.__version__}...", file=sys.stderr
    )
    start = time.monotonic()
    C.BUILD_DIR.mkdir(parents=True, exist_ok=True)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    with tempfile.TemporaryDirectory(prefix="meeple-lib-") as lib:
        log = Path(lib) / "compile.log"
        try:
            with _quiet(log):
                build(todo, Path(lib))
        except (Exception, SystemExit) as exc:  # a compiler error: run interpreted, say why
            sys.stderr.write(log.read_text(errors="replace")[-3000:])
            print(f"compiling failed ({exc}); the interpreted engine runs", file=sys.stderr)
            todo = []
        for n in todo:
            rel = "/".join(n.split(".")) + suffix
            built = Path(lib) / rel
            if built.is_file():
                # A new file, never one rewritten in place: a running process may have
                # the old one mapped.
                (C.BUILD_DIR / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(built, C.BUILD_DIR / (rel + ".new"))
                os.replace(C.BUILD_DIR / (rel + ".new"), C.BUILD_DIR / rel)
                entries[n] = {"sha256": hashes[n], "file": rel}
    manifest = {
        "format": FORMAT,
        "python": sys.version,
        "compiler": f"Cython {Cython.__version__}",
        "modules": entries,
    }
    tmp = C.MANIFEST.with_suffix(".tmp")
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    os.replace(tmp, C.MANIFEST)
    took = time.monotonic() - start
    print(f"compiled {len(todo)} modules in {took:.0f} s ({C.BUILD_DIR})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
