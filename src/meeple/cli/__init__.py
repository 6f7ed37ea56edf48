"""The ``meeple`` command.

Each subcommand lives in its own module under :mod:`meeple.cli` and exposes
``register(subparsers)``, which adds its parser and sets ``func``. Modules
whose optional dependencies are missing (``meeple[server]`` for ``serve``,
say) still register, and explain which extra to install when run.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from meeple import _compiled
from meeple.core.errors import MeepleError

#: Subcommand modules, in the order ``meeple --help`` lists them.
COMMAND_MODULES: tuple[str, ...] = (
    "meeple.cli.games_cmd",
    "meeple.cli.play_cmd",
    "meeple.cli.simulate_cmd",
    "meeple.cli.replay_cmd",
    "meeple.cli.review_cmd",
    "meeple.cli.serve_cmd",
    "meeple.cli.admin_cmd",
    "meeple.cli.arena_cmd",
    "meeple.cli.balance_cmd",
)


class _Version(argparse.Action):
    """``--version``: the version and :func:`meeple._compiled.describe` (asked only when used)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        from meeple import __version__

        print(f"meeple {__version__}\n{_compiled.describe()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="meeple",
        description="Play, simulate and study modern board games.",
    )
    parser.add_argument(
        "--version",
        action=_Version,
        help="print meeple's version and which engine runs (compiled or interpreted)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("meeple"):
                continue  # a command not written yet in this checkout
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # A compiled module never runs stale: it runs as Python, and a person at a terminal is
    # told so (`meeple --version` says it everywhere; a server's log stays as it was).
    notice = _compiled.stale_notice() if sys.stderr.isatty() else None
    if notice:
        print(notice, file=sys.stderr)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except MeepleError as exc:
        print(f"meeple: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` or a pager that stopped reading
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
