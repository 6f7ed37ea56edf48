"""Joint steps (several seats' decisions applied together): all or nothing, rotating order."""

from __future__ import annotations

import pytest

from meeple.core import Match
from meeple.core.errors import IllegalActionError, NotYourTurnError
from meeple.core.game import joint_order
from meeple.games.fittoprint import Draw, FitToPrint, Print, Return, Take
from meeple.games.fittoprint.rules import FitToPrintState


def _one_tile_face_up(players: int = 3) -> tuple[FitToPrintState, int]:
    """Real-time Fit To Print with one tile face up in the centre (seat 0 returned it)."""
    s = FitToPrint(players=players, mode="realtime").new_initial_state(4)
    s.apply(Draw("1x1"), 0)
    tile = s.drawn(0)
    s.apply(Return(), 0)
    return s, tile


def test_a_step_with_one_illegal_part_changes_nothing() -> None:
    s, tile = _one_tile_face_up()
    before = s.state_id()
    with pytest.raises(IllegalActionError):
        s.apply_joint({1: Take(tile), 2: Print()})  # seat 2 is reporting: it may not print
    assert s.state_id() == before
    slo = FitToPrint(players=2).new_initial_state(1)  # Slo-Mode: one seat at a time
    with pytest.raises(NotYourTurnError):
        slo.apply_joint({slo.current: Draw("1x1"), 1 - slo.current: Draw("1x1")})
    with pytest.raises(IllegalActionError):
        s.apply_joint({})
    assert s.state_id() == before


def test_the_same_tile_claimed_twice_goes_to_the_first_in_the_rotating_order() -> None:
    for first, winner, loser in ((1, 1, 2), (2, 2, 1), (0, 1, 2)):
        s, tile = _one_tile_face_up()
        void = s.apply_joint({1: Take(tile), 2: Take(tile)}, first=first)
        assert tile in s.desk[winner] and tile not in s.desk[loser]
        assert void == [loser]
        assert s.drawn(loser) == -1 and loser in s.turn().seats  # nothing happened to it


def test_match_play_joint_records_what_took_effect_in_order() -> None:
    s, tile = _one_tile_face_up()
    match = Match(s.game, seed=4, state=s)
    assert match.play_joint({2: Take(tile), 1: Take(tile), 0: Draw("2x2")}, first=2) == [1]
    assert [(seat, str(a)) for seat, a in match.history] == [
        (2, f"take {tile}"),
        (0, "draw 2x2"),
    ]
    before = match.state.state_id()
    with pytest.raises(IllegalActionError):
        match.play_joint({1: Draw("1x1"), 0: Draw("1x1")})  # seat 0 must keep or return first
    assert match.state.state_id() == before and len(match.history) == 2


def test_joint_order_is_cyclic_from_the_first_seat() -> None:
    assert joint_order([0, 1, 2, 3], 2, 4) == [2, 3, 0, 1]
    assert joint_order([3, 1], 2, 4) == [3, 1]
    assert joint_order([0], 5, 1) == [0]
