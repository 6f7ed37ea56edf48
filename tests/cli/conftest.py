"""Helpers for driving ``meeple.cli.main`` in-process with piped input."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from meeple.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str


Runner = Callable[..., Result]

#: A tic-tac-toe session typing every cell's number in turn (the board's numbers):
#: each cell still free when its number comes is marked, so the game ends.
EVERY_CELL = "".join(f"{n}\n" for n in range(1, 10))


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Runner:
    """``cli(["play", "tictactoe"], stdin="1\\n")`` -> Result(code, out, err)."""

    def run(argv: list[str], stdin: str = "") -> Result:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(argv)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run
