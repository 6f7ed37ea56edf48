"""Tic-tac-toe as text: the board for the terminal and every action's label, en + zh-TW."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings
from meeple.games.tictactoe.actions import Place
from meeple.games.tictactoe.components import SIZE

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
