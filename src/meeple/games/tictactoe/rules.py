"""Tic-tac-toe rules: the Game and the forward model.

Cells are numbered 0-8 row by row. Seat 0 plays X and moves first. The state's
data is in state.py, what a seat sees in view.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from meeple.core import Action, Game, Turn
from meeple.core.turn import TERMINAL_TURN
from meeple.games.tictactoe import view as _view
from meeple.games.tictactoe.actions import PLACES, Place
from meeple.games.tictactoe.components import CELLS, LINES, MARKS
from meeple.games.tictactoe.state import TicTacToeData

#: The winning lines through each cell (search applies a move at every step: it checks
#: these, not all eight).
_LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(CELLS))

__all__ = ["LINES", "MARKS", "PLACES", "Place", "TicTacToe", "TicTacToeState"]


class TicTacToe(Game):
    """Tic-tac-toe for two seats.

    >>> game = TicTacToe()
    >>> game.num_distinct_actions, game.max_game_length()
    (9, 9)
    """

    name = "tictactoe"
    title = "Tic-tac-toe"
    title_zh = "井字棋"
    min_players = 2
    max_players = 2
    seats_alternate = True  # X, O, X, ...: one mark each in turn

    def enumerate_actions(self) -> Iterable[Action]:
        return list(PLACES)

    def max_game_length(self) -> int:
        return CELLS

    def new_initial_state(self, seed: int = 0) -> TicTacToeState:
        return TicTacToeState(self, [0] * CELLS, 0)

    def state_from_json(self, data: dict[str, Any]) -> TicTacToeState:
        return TicTacToeState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (3 * CELLS,)


class TicTacToeState(TicTacToeData):
    """The forward model over the board: legal moves, applying one, the result."""

    __slots__ = ()

    game: TicTacToe

    def __init__(self, game: TicTacToe, board: list[int], to_move: int) -> None:
        self.game = game
        self.board = board
        self.to_move = to_move
        self.restore()

    def _legal_actions(self, seat: int) -> list[Action]:
        board = self.board
        return [PLACES[i] for i in range(CELLS) if not board[i]]

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return (
            isinstance(action, Place)
            and seat in (None, self.to_move)
            and not self.is_terminal()
            and 0 <= action.cell < CELLS
            and not self.board[action.cell]
        )

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        assert isinstance(action, Place)
        board = self.board
        mark = self.to_move + 1
        board[action.cell] = mark
        self.to_move = 1 - self.to_move
        if self._winner is not None:  # applied after the end (unchecked): the full check
            self.restore()
            return
        # what restore() finds, with only the lines through the new mark to look at
        for x, y, z in _LINES_THROUGH[action.cell]:
            if board[x] == mark and board[y] == mark and board[z] == mark:
                self._winner = mark - 1
                self._turn = TERMINAL_TURN
                return
        self._turn = TERMINAL_TURN if all(board) else Turn.seat(self.to_move)

    def view(self, seat: int | None) -> dict[str, Any]:
        return _view.view(self, seat)

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return _view.observation_tensor(self, seat)

    def scores(self) -> list[float]:
        if self._winner is None:
            return [0.0, 0.0]
        return [1.0 if s == self._winner else 0.0 for s in (0, 1)]

    def __str__(self) -> str:
        rows = ["".join(MARKS[v] for v in self.board[r * 3 : r * 3 + 3]) for r in range(3)]
        return "\n".join(rows)
