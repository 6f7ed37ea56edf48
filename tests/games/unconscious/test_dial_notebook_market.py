"""Unconscious Mind: the insight dial (item 6), the notebook (item 5), the market (items 1, 3).

Each test sets up a dial, a notebook or a market and checks one rule of
seed 004 (its Unconscious Mind part) or a decision in docs/games/unconscious.md.
"""

from __future__ import annotations

import pytest

from meeple.core.rng import Rng
from meeple.games.unconscious import dial as d
from meeple.games.unconscious import market as m
from meeple.games.unconscious import notebook as nb
from meeple.games.unconscious.components import (
    ANY,
    ERA1_KEPT,
    ERA1_TILES,
    ERA2_TILES,
    GREEN,
    MAJOR,
    MEDIAN,
    MINOR,
    PURPLE,
    RED,
    TILES,
)


def fresh() -> list[int]:
    return d.new_dial(6, 1)


# -- the dial -------------------------------------------------------------------------


def test_generate_moves_a_reserve_insight_to_a_minor_space_generic_first() -> None:
    dial = fresh()
    d.generate(dial, RED)
    assert d.count(dial, RED, MINOR) == 1 and dial[d.RESERVE] == 5 and dial[d.OWN_RESERVE] == 1


def test_with_an_empty_reserve_generate_takes_an_insight_from_the_dial() -> None:
    dial = d.new_dial(1, 0)
    d.generate(dial, GREEN)
    d.elevate(dial, GREEN, MINOR)
    with pytest.raises(d.DialError, match="name the space"):
        d.generate(dial, RED)
    d.generate(dial, RED, source=(GREEN, MEDIAN))  # sacrifices the median for a new minor
    assert d.count(dial, RED, MINOR) == 1 and d.count(dial, GREEN, MEDIAN) == 0
    with pytest.raises(d.DialError, match="not empty"):
        d.generate(fresh(), RED, source=(RED, MINOR))


def test_elevate_goes_up_one_level_never_past_major_and_never_from_the_reserve() -> None:
    dial = fresh()
    with pytest.raises(d.DialError):
        d.elevate(dial, RED, MINOR)  # nothing on the space: the reserve cannot be elevated
    d.generate(dial, RED)
    d.elevate(dial, RED, MINOR)
    d.elevate(dial, RED, MEDIAN)
    assert d.count(dial, RED, MAJOR) == 1
    before = dial[:]
    with pytest.raises(d.DialError, match="cannot be elevated"):
        d.elevate(dial, RED, MAJOR)
    assert dial == before
    assert not d.can_elevate(dial, RED, MAJOR)


def test_suppress_goes_down_and_a_minor_goes_back_to_the_reserve() -> None:
    dial = fresh()
    d.generate(dial, PURPLE)
    d.elevate(dial, PURPLE, MINOR)
    d.suppress(dial, PURPLE, MEDIAN)
    assert d.count(dial, PURPLE, MINOR) == 1
    d.suppress(dial, PURPLE, MINOR)
    assert dial == fresh()


def test_transfer_changes_only_the_colour_within_its_power() -> None:
    dial = fresh()
    d.generate(dial, RED)
    d.elevate(dial, RED, MINOR)
    with pytest.raises(d.DialError, match="cannot move a level-2"):
        d.transfer(dial, RED, MEDIAN, GREEN, power=MINOR)
    d.transfer(dial, RED, MEDIAN, GREEN)  # a major transfer moves any level
    assert d.count(dial, GREEN, MEDIAN) == 1 and d.count(dial, RED, MEDIAN) == 0
    with pytest.raises(d.DialError, match="changes the colour"):
        d.transfer(dial, GREEN, MEDIAN, GREEN)


def test_spend_overpays_within_a_colour_but_never_across_colours() -> None:
    dial = fresh()
    d.generate(dial, RED)
    d.elevate(dial, RED, MINOR)
    d.elevate(dial, RED, MEDIAN)
    assert d.payers(dial, RED, MINOR) == [(RED, MAJOR)]
    assert d.payers(dial, GREEN, MINOR) == []
    assert d.payers(dial, ANY, MEDIAN) == [(RED, MAJOR)]
    with pytest.raises(d.DialError, match="cannot pay"):
        d.spend(dial, RED, MAJOR, GREEN, MINOR)
    d.spend(dial, RED, MAJOR, RED, MINOR)  # no change is given back
    assert dial == fresh()


def test_player_colour_insights_leave_for_good_and_generic_ones_never_do() -> None:
    dial = fresh()
    assert d.has_own(dial)
    d.take_own(dial)
    assert dial[d.OWN_RESERVE] == 0 and not d.has_own(dial)
    with pytest.raises(d.DialError, match="no player-colour"):
        d.take_own(dial)
    d.unlock_own(dial)  # a notebook unlock adds one to the reserve
    d.generate(dial, RED)
    d.generate(dial, RED)  # generic first: the own insight stays in the reserve
    assert dial[d.OWN_RESERVE] == 1
    # with generic and own insights on one space, moves use the generic one
    dial = d.new_dial(0, 2)
    d.generate(dial, RED)
    d.take_own(dial)  # the last one in the reserve
    d.take_own(dial, source=(RED, MINOR))  # now one on the dial, named
    assert sum(dial) == 0


# -- the notebook ----------------------------------------------------------------------


def test_a_tile_goes_to_the_leftmost_empty_cell_of_the_chosen_row() -> None:
    cells = nb.new_notebook()
    assert nb.targets(cells) == [0, 3, 6]
    nb.place(cells, 3, 100, 0, 0)
    assert nb.targets(cells) == [0, 4, 6]
    with pytest.raises(nb.NotebookError):
        nb.place(cells, 5, 101, 0, 0)  # not the leftmost empty cell of row 2
    assert cells[5] == nb.EMPTY


def test_a_full_column_and_a_full_row_unlock_once() -> None:
    cells = nb.new_notebook()
    got = [nb.place(cells, c, 10 + c, 0, 0) for c in (0, 3)]
    assert got[-1] == nb.Unlocked()
    u = nb.place(cells, 6, 16, 0, 0)
    assert u.columns == (0,) and u.rows == ()
    nb.place(cells, 1, 11, 1, 0)
    u = nb.place(cells, 2, 12, 1, 0)
    assert u.rows == (0,) and u.columns == ()


def test_a_full_notebook_takes_a_new_tile_anywhere_and_nothing_unlocks_again() -> None:
    cells = list(range(9))
    assert nb.is_full(cells) and nb.targets(cells) == list(range(9))
    u = nb.place(cells, 4, 99, 0b111, 0b111)
    assert u == nb.Unlocked(replaced=4)
    assert cells[4] == 99
    assert nb.full_columns(cells) == nb.full_rows(cells) == 3


# -- the market ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_market_setup_era_two_below_era_one_two_rows_two_face_up_each(players: int) -> None:
    stacks, middle, right = m.new_market(players, Rng(players))
    tiles = [t for s in stacks for t in s] + middle + right
    kept = ERA1_KEPT[players - 1]
    assert sorted(t for t in tiles if TILES[t].era == 1) == sorted(
        t for t in tiles if t in ERA1_TILES
    )
    assert sum(TILES[t].era == 1 for t in tiles) == kept
    assert sorted(t for t in tiles if TILES[t].era == 2) == sorted(ERA2_TILES)
    for row in range(2):
        assert len([t for t in stacks[row] if TILES[t].era == 2]) == 18
        era = [TILES[t].era for t in stacks[row]]
        assert era == sorted(era, reverse=True)  # era II at the bottom, era I on top
        # the kept era I tiles are split in two: half on each row's stack (two of them
        # already turned up into the row's middle and right spaces)
        row_tiles = [*stacks[row], middle[row], right[row]]
        assert sum(TILES[t].era == 1 for t in row_tiles) == kept // 2
        assert era.count(1) == kept // 2 - 2
    assert all(TILES[t].era == 1 for t in middle + right)  # at least 6 era I tiles: 3 a row


def test_taking_the_right_tile_slides_the_middle_one_and_refills_the_middle() -> None:
    stacks = [[1, 2, 3], [4]]
    middle, right = [5, 6], [7, 8]
    assert m.take_right(stacks, middle, right, 0) == 7
    assert (right[0], middle[0], stacks[0]) == (5, 3, [1, 2])
    assert m.take_middle(stacks, middle, 1) == 6
    assert (middle[1], stacks[1]) == (4, [])
    # an empty stack refills nothing more
    assert m.take_middle(stacks, middle, 1) == 4 and middle[1] == m.EMPTY
    assert m.take_right(stacks, middle, right, 1) == 8 and right[1] == m.EMPTY
    with pytest.raises(m.MarketError):
        m.take_right(stacks, middle, right, 1)
    with pytest.raises(m.MarketError):
        m.take_stack(stacks, 1)
    assert m.take_stack(stacks, 0) == 2


def test_an_empty_stack_refills_nothing_in_its_row_so_nothing_slides_right() -> None:
    # the seed: an exhausted stack's row has none of its other spaces refilled
    # (「也不會再補充該市場列的其他空位」), and filling the right space from the middle is
    # a refill too (「最右側的空位先以中央的板塊補充」): the middle tile stays where it is
    stacks: list[list[int]] = [[], [3]]
    middle, right = [5, 6], [7, 8]
    assert m.take_right(stacks, middle, right, 0) == 7
    assert (right[0], middle[0]) == (m.EMPTY, 5)
    with pytest.raises(m.MarketError):
        m.take_right(stacks, middle, right, 0)
    assert (right[0], middle[0]) == (m.EMPTY, 5)  # a refused take changes nothing
    assert m.take_middle(stacks, middle, 0) == 5 and middle[0] == right[0] == m.EMPTY
    assert (stacks[1], middle[1], right[1]) == ([3], 6, 8)  # the other row is untouched
    # a row whose stack still has a tile flows as usual, even if that was its last one
    assert m.take_right(stacks, middle, right, 1) == 8
    assert (right[1], middle[1], stacks[1]) == (6, 3, [])
    assert m.take_right(stacks, middle, right, 1) == 6
    assert (right[1], middle[1]) == (m.EMPTY, 3)


def test_era_two_removes_era_one_tiles_and_refills_the_market() -> None:
    e1, e2 = list(ERA1_TILES), list(ERA2_TILES)
    stacks = [[e2[0], e2[1], e1[0]], [e2[2]]]
    middle, right = [e1[1], e2[3]], [e1[2], e1[3]]
    m.begin_era2(stacks, middle, right)
    assert stacks == [[], []]
    assert (right[0], middle[0]) == (e2[1], e2[0])
    assert (right[1], middle[1]) == (e2[3], e2[2])
    assert all(TILES[t].era == 2 for t in middle + right)
