"""Tic-tac-toe's state as data: nine cells and the seat to move.

The fields are declared once (:class:`~meeple.core.fields.StateFields`);
clone and JSON follow. The winner and the turn are derived (cached, because
they are asked for far more often than a move is made).
"""

from __future__ import annotations

from meeple.core import Turn
from meeple.core.fields import FieldState, StateFields
from meeple.core.turn import TERMINAL_TURN
from meeple.games.tictactoe.components import LINES

FIELDS = StateFields(
    # 0 empty, 1 for X (seat 0), 2 for O (seat 1)
    board=list[int],
    to_move=int,
    derived=("_turn", "_winner"),
)


class TicTacToeData(FieldState):
    """The board and the mover, with the winner and turn that follow from them."""

    __slots__ = FIELDS.slots
    fields = FIELDS

    board: list[int]
    to_move: int
    _turn: Turn
    _winner: int | None

    def turn(self) -> Turn:
        return self._turn

    def restore(self) -> None:
        """Winner and turn after a change (asked for far more often than it changes)."""
        self._winner = self._find_winner()
        if self._winner is not None or all(self.board):
            self._turn = TERMINAL_TURN
        else:
            self._turn = Turn.seat(self.to_move)

    def _find_winner(self) -> int | None:
        b = self.board
        for x, y, z in LINES:
            if b[x] and b[x] == b[y] == b[z]:
                return b[x] - 1
        return None
