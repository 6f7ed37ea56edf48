"""The notebook: a player's 3 x 3 grid of method tiles, and what filling it unlocks.

Cells are numbered row by row (``row * 3 + column``), -1 when empty. A new
tile goes to the leftmost empty cell of the row the player picks; once the
grid is full (nine tiles) a new tile replaces any tile, and the replaced one
leaves the game. Tiles never move. A column filled for the first time
unlocks the insight below it, its VP and its generate ability; a row filled
for the first time unlocks the insight to its right and its elevate ability.
"Unlocked" is kept as two bit masks, so refilling a column after a
replacement scores nothing again.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.games.unconscious.components import COLUMNS, ROWS

EMPTY = -1
CELLS = ROWS * COLUMNS


class NotebookError(ValueError):
    """A placement the rules do not allow (nothing was changed)."""


def new_notebook() -> list[int]:
    return [EMPTY] * CELLS


def is_full(cells: list[int]) -> bool:
    return EMPTY not in cells


def leftmost_empty(cells: list[int], row: int) -> int:
    """The cell a tile put in ``row`` goes to (-1 if the row is full)."""
    for col in range(COLUMNS):
        i = row * COLUMNS + col
        if cells[i] == EMPTY:
            return i
    return EMPTY


def targets(cells: list[int]) -> list[int]:
    """Where a new tile may go: the leftmost empty cell of each row with room,
    or, on a full notebook, any cell (replacing its tile)."""
    if is_full(cells):
        return list(range(CELLS))
    return [c for c in (leftmost_empty(cells, r) for r in range(ROWS)) if c != EMPTY]


@dataclass(frozen=True)
class Unlocked:
    """What one placement unlocked: columns and rows filled for the first time."""

    columns: tuple[int, ...] = ()
    rows: tuple[int, ...] = ()
    replaced: int = EMPTY


def place(cells: list[int], cell: int, tile: int, col_mask: int, row_mask: int) -> Unlocked:
    """Put ``tile`` on ``cell`` (which must be a target) and say what it unlocked.

    ``col_mask`` and ``row_mask`` are the columns and rows already unlocked;
    the caller records the new ones (``Unlocked.columns`` / ``.rows``).
    """
    if cell not in targets(cells):
        raise NotebookError(f"a tile cannot go to cell {cell} now")
    replaced = cells[cell]
    cells[cell] = tile
    cols = tuple(
        c
        for c in range(COLUMNS)
        if not col_mask >> c & 1 and all(cells[r * COLUMNS + c] != EMPTY for r in range(ROWS))
    )
    rows = tuple(
        r
        for r in range(ROWS)
        if not row_mask >> r & 1 and all(cells[r * COLUMNS + c] != EMPTY for c in range(COLUMNS))
    )
    return Unlocked(cols, rows, replaced)


def row_tiles(cells: list[int], row: int) -> list[int]:
    return [t for t in cells[row * COLUMNS : (row + 1) * COLUMNS] if t != EMPTY]


def column_tiles(cells: list[int], col: int) -> list[int]:
    return [cells[r * COLUMNS + col] for r in range(ROWS) if cells[r * COLUMNS + col] != EMPTY]


def full_columns(cells: list[int]) -> int:
    return sum(all(cells[r * COLUMNS + c] != EMPTY for r in range(ROWS)) for c in range(COLUMNS))


def full_rows(cells: list[int]) -> int:
    return sum(all(cells[r * COLUMNS + c] != EMPTY for c in range(COLUMNS)) for r in range(ROWS))
