"""Tic-tac-toe's paths that run at every move (issue 39): the action labels the server
writes for every log line in both languages are made once per cell and language, and a
move looks for a win on the lines through it only."""

from __future__ import annotations

import pytest

from meeple.games.tictactoe import text
from meeple.games.tictactoe.actions import Place


def test_a_label_is_made_once_per_cell_and_language(monkeypatch: pytest.MonkeyPatch) -> None:
    first = {lang: text.action_label(Place(4), lang) for lang in ("en", "zh-TW")}
    assert first == {"en": "Mark row 2, column 2", "zh-TW": "畫在第 2 列第 2 欄"}

    def no_more(*args: object, **kwargs: object) -> str:
        raise AssertionError("the label was made again")

    monkeypatch.setattr(text, "TEXT", no_more)
    assert {lang: text.action_label(Place(4), lang) for lang in ("en", "zh-TW")} == first


def test_a_move_checks_only_the_lines_through_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search applies a move at every step: the winner is found from the (at most four)
    lines through the new mark, not by scanning all eight (on main, apply rescanned)."""
    from meeple.core.registry import make_game
    from meeple.games.tictactoe.state import TicTacToeData

    state = make_game("tictactoe").new_initial_state(0)
    state.apply(Place(0), 0)
    state.apply(Place(3), 1)
    state.apply(Place(1), 0)
    state.apply(Place(4), 1)

    def no_scan(self: object) -> None:
        raise AssertionError("all eight lines scanned")

    monkeypatch.setattr(TicTacToeData, "_find_winner", no_scan)
    state.apply(Place(2), 0)  # X completes the top row
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
