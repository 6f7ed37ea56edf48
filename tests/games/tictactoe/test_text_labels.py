"""Tic-tac-toe's action labels are made once per cell and language (issue 39: the server
labels every move's log line in both languages, a few percent of its CPU a move)."""

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
