"""Perfect tic-tac-toe: the yardstick the MCTS tests and benchmark play against.

Tic-tac-toe is small enough to solve outright (a few thousand positions), so
"does a search bot ever lose?" can be asked against an opponent that never
errs, not only against random play.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core import Rng
from meeple.core.actions import Action
from meeple.games.tictactoe.rules import TicTacToe, TicTacToeState

if TYPE_CHECKING:
    from meeple.bots.base import Bot

#: A move chooser that is not a Bot: (state, rng) -> action.
MoveFn = Callable[[TicTacToeState, Rng], Action]

_GAME = TicTacToe()


@functools.cache
def negamax(board: tuple[int, ...], mover: int) -> int:
    """Value of the position for the seat to move: 1 win, 0 draw, -1 loss."""
    state = _GAME.state_from_json({"board": list(board), "to_move": mover})
    if state.is_terminal():
        return int(state.returns()[mover])
    best = -2
    for cell in range(9):
        if not board[cell]:
            child = list(board)
            child[cell] = mover + 1
            best = max(best, -negamax(tuple(child), 1 - mover))
    return best


def perfect_move(state: TicTacToeState, rng: Rng) -> Action:
    """An optimal move, ties broken at random so that games against it differ."""
    mover = state.to_move
    scored = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        scored.append((-negamax(tuple(child.board), 1 - mover), action))
    best = max(v for v, _ in scored)
    options = [a for v, a in scored if v == best]
    return options[rng.randbelow(len(options))]


def random_move(state: TicTacToeState, rng: Rng) -> Action:
    """A legal move chosen uniformly (the weak yardstick)."""
    legal = state.legal_actions()
    return legal[rng.randbelow(len(legal))]


def bot_result(bot: Bot, seat: int, opponent: MoveFn, rng: Rng) -> float:
    """Play one game from the empty board, ``bot`` at ``seat`` against ``opponent``;
    returns the bot's result (1 win, 0 draw, -1 loss). The bot hears every move
    (``observe``), so tree reuse is exercised as in real play."""
    state = _GAME.new_initial_state()
    while not state.is_terminal():
        before = state.clone()
        mover = state.current_seat()
        action = bot.choose(state) if mover == seat else opponent(state, rng)
        state.apply(action)
        bot.observe(mover, action, before)
    return float(state.returns()[seat])
