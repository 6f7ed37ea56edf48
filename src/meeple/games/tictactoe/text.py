"""Tic-tac-toe as text: the board for the terminal and every action's label, en + zh-TW."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings
from meeple.games.tictactoe.actions import Place
from meeple.games.tictactoe.components import LINES, MARKS, SIZE

#: Every string a player reads, in both languages.
TEXT = Strings(
    {
        "en": {
            "cell": "row {row}, column {col}",
            "place": "Mark {cell}",
            "to_move": "{mark} to move",
            "won": "{mark} wins",
            "draw": "a draw",
        },
        "zh-TW": {
            "cell": "第 {row} 列第 {col} 欄",
            "place": "畫在{cell}",
            "to_move": "輪到 {mark}",
            "won": "{mark} 獲勝",
            "draw": "平手",
        },
    }
)


def cell_name(cell: int, lang: str) -> str:
    """Cell 0-8 as words: "row 1, column 3"."""
    row, col = divmod(cell, SIZE)
    return TEXT("cell", lang, row=row + 1, col=col + 1)


def action_label(action: Action, lang: str) -> str:
    """ "Mark row 2, column 2" / "畫在第 2 列第 2 欄"."""
    assert isinstance(action, Place)
    return TEXT("place", lang, cell=cell_name(action.cell, lang))


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The grid, then whose move it is or how it ended."""
    board = view["board"]
    rows = [" ".join(board[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]
    if view["winner"] is not None:
        rows.append(TEXT("won", lang, mark="XO"[view["winner"]]))
    elif view["to_move"] is None:
        rows.append(TEXT("draw", lang))
    else:
        rows.append(TEXT("to_move", lang, mark="XO"[view["to_move"]]))
    return "\n".join(rows)


#: How a game ended, for the result box (``end_label``), in both languages.
END = Strings(
    {
        "en": {
            "line": "{mark} made three in a row, from {first} to {last}.",
            "full": "The board is full and nobody has three in a row: a draw.",
        },
        "zh-TW": {
            "line": "{mark} 連成一線，從{first}到{last}。",
            "full": "棋盤已滿，沒有人連成一線：平手。",
        },
    }
)


def winning_line(board: list[int] | tuple[int, ...]) -> tuple[int, int, int] | None:
    """The first line of three equal marks on ``board`` (cells hold 0, 1 or 2), if any."""
    for line in LINES:
        x, y, z = line
        if board[x] and board[x] == board[y] == board[z]:
            return line
    return None


def end_label(state: Any, lang: str) -> str:
    """Why the game ended: the winning line by its cells, or a full board."""
    line = winning_line(state.board)
    if line is None:
        return END("full", lang)
    return END(
        "line",
        lang,
        mark=MARKS[state.board[line[0]]],
        first=cell_name(line[0], lang),
        last=cell_name(line[2], lang),
    )
