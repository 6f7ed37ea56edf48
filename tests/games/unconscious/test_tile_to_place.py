"""A tile taken from a face-down stack is shown before its notebook space is chosen
(issue 34, item 15): the player placed it blind, in the terminal and the browser."""

from __future__ import annotations

from meeple.core import decisions as dec
from meeple.games.unconscious import UnconsciousState, text
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.actions import Cell, MarketTile, PlaceIdeas
from meeple.games.unconscious.components import ACTION_KEYS, ACTION_SPACES
from tests.games.unconscious.builders import ready


def _drawn_blind() -> tuple[UnconsciousState, int]:
    """Seat 0 takes the top tile of row 1's stack; it waits for a notebook space."""
    s = ready(2)
    a = ACTION_KEYS.index("tile_stack")
    s.apply(PlaceIdeas(ACTION_SPACES[a][0], a, 1, 0), 0)
    top = s.stacks[0][-1]
    s.apply(MarketTile(0, 0), 0)
    d = dec.top(s.decisions)
    assert d is not None and d.kind == "cell" and int(d.args[0]) == top
    return s, top


def test_the_view_and_the_terminal_board_show_the_tile_before_it_is_placed() -> None:
    s, tile = _drawn_blind()
    view = s.view(0)
    assert view["decision"] == {"seat": 0, "kind": "cell", "tile": tile}
    board = text.render(view, 0, "en")
    assert f"Tile for player 1's notebook: “{wd.tile(tile, 'en')}”" in board, board[:600]
    board = text.render(view, 0, "zh-TW")
    assert f"要放進玩家 1 的筆記本的板塊：「{wd.tile(tile, 'zh-TW')}」" in board, board[:600]


def test_each_notebook_space_offered_names_the_tile() -> None:
    s, tile = _drawn_blind()
    cells = [a for a in s.legal_actions(0) if isinstance(a, Cell)]
    assert len(cells) >= 2
    for cell in cells:
        row, col = cell.cell // 3 + 1, cell.cell % 3 + 1
        en = text.state_label(s, cell, "en")
        assert en == f"Put “{wd.tile(tile, 'en')}” in notebook row {row}, column {col}", en
        zh = text.state_label(s, cell, "zh-TW")
        assert zh == f"把「{wd.tile(tile, 'zh-TW')}」放在筆記本第 {row} 橫列第 {col} 直行", zh
