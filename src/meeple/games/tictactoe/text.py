"""Tic-tac-toe as text: the board for the terminal and every action's label, en + zh-TW.

The terminal board numbers its free cells 1-9 and the action menu uses the
same numbers (:func:`action_number`), so a cell keeps its number for the
whole game: "5" is always the centre.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings, lang_of
from meeple.games.tictactoe.actions import Place
from meeple.games.tictactoe.components import LINES, MARKS, SIZE

#: Every string a player reads, in both languages.
TEXT = Strings(
    {
        "en": {
            "cell": "row {row}, column {col}",
            "place": "Mark {cell}",
            "to_move": "{mark} to move ({player})",
            "won": "{mark} wins ({player})",
            "draw": "a draw",
            "player": "player {n}",
            "hint": "Type the number of a free cell to mark it.",
        },
        "zh-TW": {
            "cell": "第 {row} 列第 {col} 欄",
            "place": "畫在{cell}",
            "to_move": "輪到 {mark}（{player}）",
            "won": "{mark} 獲勝（{player}）",
            "draw": "平手",
            "player": "玩家 {n}",
            "hint": "輸入空格的編號即可畫上記號。",
        },
    }
)


def cell_name(cell: int, lang: str) -> str:
    """Cell 0-8 as words: "row 1, column 3"."""
    row, col = divmod(cell, SIZE)
    return TEXT("cell", lang, row=row + 1, col=col + 1)


def action_label(action: Action, lang: str) -> str:
    """ "Mark row 2, column 2" / "畫在第 2 列第 2 欄" (made once per cell and language:
    the server labels every move's log line in both languages)."""
    assert isinstance(action, Place)
    key = (action.cell, lang_of(lang))  # the languages the table has: a bounded cache
    label = _LABELS.get(key)
    if label is None:
        label = _LABELS[key] = TEXT("place", lang, cell=cell_name(action.cell, lang))
    return label


_LABELS: dict[tuple[int, str], str] = {}


def action_number(action: Action) -> int:
    """The number the board shows on the action's cell (1-9), also its number in the menu."""
    assert isinstance(action, Place)
    return action.cell + 1


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The grid with every free cell numbered, then whose move it is (mark and
    player) or how it ended."""
    board = view["board"]
    cells = [mark if mark != "." else str(i + 1) for i, mark in enumerate(board)]
    rows: list[str] = []
    for r in range(SIZE):
        if r:
            rows.append("+".join(["---"] * SIZE))
        rows.append("|".join(f" {c} " for c in cells[r * SIZE : (r + 1) * SIZE]))
    if view["winner"] is not None:
        winner = view["winner"]
        rows.append(TEXT("won", lang, mark="XO"[winner], player=_player(winner, lang)))
    elif view["to_move"] is None:
        rows.append(TEXT("draw", lang))
    else:
        mover = view["to_move"]
        rows.append(TEXT("to_move", lang, mark="XO"[mover], player=_player(mover, lang)))
        if seat == mover:
            rows.append(TEXT("hint", lang))
    return "\n".join(rows)


def _player(seat: int, lang: str) -> str:
    """Seats as players count them: seat 0 is player 1."""
    return TEXT("player", lang, n=seat + 1)


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


def end_label(state: Any, lang: str, names: Sequence[str] | None) -> str:
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
