"""Tic-tac-toe: the smallest complete meeple game, and the tutorial's example."""

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.tictactoe import bots, text
from meeple.games.tictactoe.actions import Place
from meeple.games.tictactoe.rules import TicTacToe, TicTacToeState

__all__ = ["Place", "TicTacToe", "TicTacToeState"]

declare(
    TicTacToe,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        text=Text(
            render=text.render,
            action_label=text.action_label,
            end_label=text.end_label,
            action_number=text.action_number,
        ),
    ),
)
