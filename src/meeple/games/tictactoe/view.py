"""What a seat sees of tic-tac-toe (everything: it hides nothing) and its tensor."""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.games.tictactoe.components import CELLS, MARKS
from meeple.games.tictactoe.state import TicTacToeData


def view(state: TicTacToeData, seat: int | None) -> dict[str, Any]:
    """The board as marks, the seat to move (``None`` once over) and the winner."""
    return {
        "board": [MARKS[v] for v in state.board],
        "to_move": None if state.is_terminal() else state.to_move,
        "winner": state._winner,
    }


def observation_tensor(state: TicTacToeData, seat: int | None) -> np.ndarray:
    """Three 3x3 planes: empty, the viewer's marks, the opponent's marks."""
    me = 1 + (seat if seat is not None else 0)
    out = np.zeros(3 * CELLS, dtype=np.float32)
    for i, v in enumerate(state.board):
        if v == 0:
            out[i] = 1.0
        elif v == me:
            out[CELLS + i] = 1.0
        else:
            out[2 * CELLS + i] = 1.0
    return out
