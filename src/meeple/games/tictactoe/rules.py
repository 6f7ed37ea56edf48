"""Tic-tac-toe rules.

Cells are numbered 0-8 row by row. Seat 0 plays X and moves first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, State, Turn
from meeple.core.turn import TERMINAL_TURN

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
MARKS = ".XO"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the mover's mark on an empty cell (0-8, row by row)."""

    kind: ClassVar[str] = "place"
    cell: int


#: The nine actions, built once (actions are frozen values).
PLACES = tuple(Place(i) for i in range(9))


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
        return 9

    def new_initial_state(self, seed: int = 0) -> TicTacToeState:
        return TicTacToeState(self, [0] * 9, 0)

    def state_from_json(self, data: dict[str, Any]) -> TicTacToeState:
        return TicTacToeState(self, list(data["board"]), int(data["to_move"]))

    def observation_shape(self) -> tuple[int, ...]:
        return (27,)


class TicTacToeState(State):
    """Board as a list of 9 ints: 0 empty, 1 for X (seat 0), 2 for O (seat 1)."""

    __slots__ = ("_turn", "_winner", "board", "game", "to_move")

    game: TicTacToe

    def __init__(self, game: TicTacToe, board: list[int], to_move: int) -> None:
        self.game = game
        self.board = board
        self.to_move = to_move
        self._settle()

    def _settle(self) -> None:
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

    def turn(self) -> Turn:
        return self._turn

    def _legal_actions(self, seat: int) -> list[Action]:
        board = self.board
        return [PLACES[i] for i in range(9) if not board[i]]

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return (
            isinstance(action, Place)
            and seat in (None, self.to_move)
            and not self.is_terminal()
            and 0 <= action.cell < 9
            and not self.board[action.cell]
        )

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        assert isinstance(action, Place)
        self.board[action.cell] = self.to_move + 1
        self.to_move = 1 - self.to_move
        self._settle()

    def clone(self) -> TicTacToeState:
        return TicTacToeState(self.game, self.board[:], self.to_move)

    def to_json(self) -> dict[str, Any]:
        return {"board": self.board[:], "to_move": self.to_move}

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "board": [MARKS[v] for v in self.board],
            "to_move": None if self.is_terminal() else self.to_move,
            "winner": self._winner,
        }

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        """Three 3x3 planes: empty, the viewer's marks, the opponent's marks."""
        me = 1 + (seat if seat is not None else 0)
        out = np.zeros(27, dtype=np.float32)
        for i, v in enumerate(self.board):
            if v == 0:
                out[i] = 1.0
            elif v == me:
                out[9 + i] = 1.0
            else:
                out[18 + i] = 1.0
        return out

    def scores(self) -> list[float]:
        if self._winner is None:
            return [0.0, 0.0]
        return [1.0 if s == self._winner else 0.0 for s in (0, 1)]

    def __str__(self) -> str:
        rows = ["".join(MARKS[v] for v in self.board[r * 3 : r * 3 + 3]) for r in range(3)]
        return "\n".join(rows)
