"""Tic-tac-toe's rules, one test each (docs/games/tictactoe.md), from set-up positions."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError, NotYourTurnError, make_game
from meeple.games.tictactoe import Place, TicTacToeState

GAME = make_game("tictactoe")


def position(marks: str, to_move: int | None = None) -> TicTacToeState:
    """A state from nine characters, row by row: ``.`` empty, ``X`` seat 0, ``O`` seat 1."""
    board = [".XO".index(c) for c in marks]
    if to_move is None:  # X moves first, so X has one more mark or as many as O
        to_move = 0 if board.count(1) == board.count(2) else 1
    return GAME.state_from_json({"board": board, "to_move": to_move})


def test_x_moves_first_on_an_empty_board() -> None:
    s = GAME.new_initial_state()
    assert s.current_seat() == 0 and len(s.legal_actions()) == 9
    assert s.view(None)["board"] == ["."] * 9


def test_the_seats_alternate() -> None:
    s = GAME.new_initial_state()
    s.apply(Place(4))
    assert s.current_seat() == 1
    with pytest.raises(NotYourTurnError):
        s.apply(Place(0), seat=0)
    s.apply(Place(0), seat=1)
    assert s.current_seat() == 0 and s.view(None)["board"][0] == "O"


def test_a_taken_cell_may_not_be_marked_and_the_refusal_changes_nothing() -> None:
    s = position("....X....")
    before = s.to_json()
    assert Place(4) not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(Place(4))
    assert s.to_json() == before


@pytest.mark.parametrize(
    "marks",
    [
        "XXXOO....",
        "OO.XXX...",
        "O.O...XXX",
        "XO.XO.X..",
        "OX..X..XO",
        "O.XO.X..X",
        "XO.OX...X",
        "O.XOX.X..",
    ],
)
def test_three_in_any_line_wins(marks: str) -> None:
    s = position(marks)
    assert s.is_terminal() and s.winners() == [0] and s.scores() == [1.0, 0.0]
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []


def test_o_wins_with_a_line_of_its_own() -> None:
    s = position("XX.OOO X.".replace(" ", "X"))
    assert s.winners() == [1] and s.returns() == [-1.0, 1.0]


def test_the_winning_move_ends_the_game_at_once() -> None:
    s = position("XX.OO....")
    s.apply(Place(2))
    assert s.is_terminal() and s.view(None)["winner"] == 0 and s.view(None)["to_move"] is None


def test_a_full_board_without_a_line_is_a_draw() -> None:
    s = position("XOXXOOOX.")
    s.apply(Place(8))
    assert s.is_terminal() and s.winners() == [0, 1] and s.returns() == [0.0, 0.0]
    assert s.ranks() == [1, 1]


def test_a_game_never_lasts_more_than_nine_moves() -> None:
    assert GAME.max_game_length() == 9 and GAME.num_distinct_actions == 9
