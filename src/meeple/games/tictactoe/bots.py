"""Tic-tac-toe's heuristic bot and evaluation (the tutorial's bot, shipped).

The bot wins when it can, blocks the opponent's line of two, then prefers
the centre, the corners and the edges, in that order. It never looks further
than one move, so it can be beaten (solver.py's perfect player beats it);
search bots use :func:`evaluate` to judge positions they cut off.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.games.tictactoe.actions import PLACES
from meeple.games.tictactoe.components import LINES
from meeple.games.tictactoe.rules import TicTacToeState

#: The order the bot takes free cells in when nothing is urgent.
PREFERENCE = (4, 0, 2, 6, 8, 1, 3, 5, 7)


def _completing(board: list[int], mark: int) -> int | None:
    """A free cell that gives ``mark`` three in a line, if there is one."""
    for line in LINES:
        marks = [board[c] for c in line]
        if marks.count(mark) == 2 and marks.count(0) == 1:
            return line[marks.index(0)]
    return None


def evaluate(state: State, seat: int) -> float:
    """Lines still open to ``seat`` minus lines still open to the opponent (+-9 once won)."""
    assert isinstance(state, TicTacToeState)
    if state._winner is not None:
        return 9.0 if state._winner == seat else -9.0
    mine, theirs = seat + 1, 2 - seat
    board = state.board
    open_mine = sum(1 for line in LINES if all(board[c] in (0, mine) for c in line))
    open_theirs = sum(1 for line in LINES if all(board[c] in (0, theirs) for c in line))
    return float(open_mine - open_theirs)


class HeuristicBot(Bot):
    """Win, else block, else centre, corners, edges."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(
                f"tictactoe's heuristic bot takes no parameters, got {sorted(params)}"
            )
        super().__init__(game, seat, seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, TicTacToeState)
        board = state.board
        for mark in (self.seat + 1, 2 - self.seat):  # my win first, then their threat
            cell = _completing(board, mark)
            if cell is not None:
                return PLACES[cell]
        for cell in PREFERENCE:
            if not board[cell]:
                return PLACES[cell]
        raise OptionError("no legal action: the board is full")
