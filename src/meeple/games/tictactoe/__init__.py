"""Tic-tac-toe: the smallest complete meeple game, and the tutorial's example."""

from meeple.games.tictactoe.rules import Place, TicTacToe, TicTacToeState

__all__ = ["Place", "TicTacToe", "TicTacToeState"]
