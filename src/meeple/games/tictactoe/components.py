"""Tic-tac-toe's components, loaded from data.toml: the board's cells, marks and lines."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

DATA: dict[str, Any] = tomllib.loads(
    resources.files("meeple.games.tictactoe").joinpath("data.toml").read_text(encoding="utf-8")
)

SIZE: int = int(DATA["board"]["size"])
CELLS: int = SIZE * SIZE
#: How a cell shows: empty, seat 0's mark (X), seat 1's mark (O).
MARKS: str = str(DATA["board"]["marks"])
#: Every line of three cells that wins.
LINES: tuple[tuple[int, int, int], ...] = tuple(
    (int(a), int(b), int(c)) for a, b, c in DATA["board"]["lines"]
)
