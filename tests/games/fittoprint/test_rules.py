"""Fit To Print rules, one situation per rule: reporting, layout, the timer, the days."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalActionError, NotYourTurnError, OptionError
from meeple.core.turn import TurnKind
from meeple.games.fittoprint import (
    CallLayout,
    Draft,
    Draw,
    FitToPrint,
    Flip,
    Keep,
    Lift,
    MoveCentre,
    Place,
    Print,
    Return,
    Take,
    TimeUp,
)
from meeple.games.fittoprint.components import (
    CELL_INDEX,
    DAYS,
    REARRANGEMENTS_PER_DAY,
    TILE_SIZE,
    TILES,
)
from meeple.games.fittoprint.state import (
    DRAFT,
    LAYOUT,
    OVER,
    PRINTED,
    REPORTING,
)
from meeple.games.fittoprint.text import render
from tests.games.fittoprint.builders import find, new, page_of, take_out, texts, to_layout

# -------------------------------------------------------------- days and timer


def test_three_days_and_the_page_grows() -> None:
    areas = [d.area.bit_count() for d in DAYS]
    assert [d.name for d in DAYS] == ["Friday", "Saturday", "Sunday"]
    assert areas == [30, 48, 56] and areas == sorted(areas)
    assert DAYS[0].side == DAYS[1].side == "fri_sat" and DAYS[2].side == "sunday"
    # The Friday area is part of the Saturday area (the same side, grown).
    assert DAYS[0].area & DAYS[1].area == DAYS[0].area


@pytest.mark.parametrize("minutes", [3, 4, 5])
def test_round_timer_minutes(minutes: int) -> None:
    s = new(2, mode="realtime", minutes=minutes)
    assert s.view(0)["round_seconds"] == 60 * minutes
    assert new(2, mode="slo").view(0)["round_seconds"] is None


def test_timer_must_be_3_4_or_5() -> None:
    with pytest.raises(OptionError):
        FitToPrint(players=2, minutes=6)


def test_round_seconds_shortens_the_realtime_day_for_tests() -> None:
    """round_seconds (tests, quick tables) overrides the minutes; 0 keeps them."""
    s = new(2, mode="realtime", minutes=5, round_seconds=8)
    assert s.view(0)["round_seconds"] == 8
    assert s.round_timer() == (8.0, TimeUp(0))
    assert "real time, 8 seconds" in render(s.view(0), 0, "en")
    assert "即時制，8 秒" in render(s.view(0), 0, "zh-TW")
    assert new(2, mode="realtime", minutes=3).round_timer() == (180.0, TimeUp(0))
    assert new(2, mode="slo", round_seconds=8).round_timer() is None
    with pytest.raises(OptionError):
        FitToPrint(players=2, round_seconds=-1)
    with pytest.raises(OptionError):
        FitToPrint(players=2, round_seconds=601)


# ------------------------------------------------------------------- reporting


def test_blind_draw_takes_a_tile_of_the_named_size() -> None:
    s = new(2)
    first = next(t for t in s.pool if TILES[t].size == "2x2")
    s.apply(Draw("2x2"), 0)
    assert s.drawn(0) == first and first not in s.pool
    assert s.view(0)["you"]["drawn"] == first
    other = s.view(1)
    assert other["players"][0]["drawing"] is True and "drawn" not in str(other["players"][0])
    assert other["you"]["drawn"] is None
    # Only the sizes of the face-down pool are visible, never tile identities.
    assert set(s.view(1)["pool"]) <= {"1x1", "1x2", "2x1", "1x3", "3x1", "2x2", "2x3", "3x2"}


def test_a_drawn_tile_must_be_kept_or_returned_first() -> None:
    s = new(2)
    s.apply(Draw("1x1"), 0)
    assert texts(s, 0) == ["keep", "return"]


def test_keep_puts_the_tile_on_the_desk_for_good() -> None:
    s = new(2)
    s.apply(Draw("1x1"), 0)
    t = s.drawn(0)
    s.apply(Keep(), 0)
    assert s.desk[0] == [t] and t not in s.face_up
    assert "return" not in texts(s, 1)


def test_return_puts_the_tile_face_up_for_everyone_to_take() -> None:
    s = new(2)
    s.apply(Draw("1x1"), 0)
    t = s.drawn(0)
    s.apply(Return(), 0)
    assert s.face_up == [t] and s.desk[0] == []
    assert s.view(1)["face_up"] == [t]
    assert f"take {t}" in texts(s, 1)
    s.apply(Take(t), 1)
    assert s.desk[1] == [t] and s.face_up == []


def test_calling_layout_ends_reporting() -> None:
    s = new(2, mode="realtime")
    s.apply(CallLayout(), 0)
    assert s.status[0] == LAYOUT
    assert not any(x.startswith(("draw", "take")) for x in texts(s, 0))
    assert "print" in texts(s, 0)
    with pytest.raises(IllegalActionError):
        s.apply(Draw("1x1"), 0)


# --------------------------------------------------------------------- layout


def test_tiles_stay_inside_the_days_area() -> None:
    s = new(2)
    ad = find("ad", "3x1")
    to_layout(s, 0, ad)
    # Friday is columns a-e: a 3-wide tile fits from column c, not from d.
    assert f"place {ad} c5 up" in texts(s, 0)
    assert f"place {ad} d5 up" not in texts(s, 0)
    assert f"place {ad} a7 up" not in texts(s, 0)  # row 7 is Saturday's
    with pytest.raises(IllegalActionError):
        s.apply(Place(ad, "d5", "up"), 0)
    assert s.desk[0] == [ad]


def test_tiles_are_never_rotated() -> None:
    """A tile keeps its printed shape: a 1x3 article covers three rows of one column."""
    s = new(2)
    art = find("article", "1x3")
    to_layout(s, 0, art)
    s.apply(Place(art, "e1", "up"), 0)
    assert s.page[0][art] == (CELL_INDEX["e1"], True)
    # It cannot be laid across row 6 as a 3x1 (it would leave the area from e5).
    assert f"place {art} e5 up" not in texts(s, 0)


def test_tiles_may_not_overlap_each_other_or_the_centrepiece() -> None:
    s = new(2)
    a, b = find("ad", "1x1"), find("ad", "1x1", skip=1)
    to_layout(s, 0, a, b)
    assert f"place {a} b1 up" not in texts(s, 0)  # the centrepiece covers b1-c2
    s.apply(Place(a, "a1", "up"), 0)
    assert f"place {b} a1 up" not in texts(s, 0)


def test_centrepiece_must_cover_the_star() -> None:
    s = new(2)
    to_layout(s, 0)
    moves = [x for x in texts(s, 0) if x.startswith("centre")]
    # Friday's star is c2: a 2x2 covering it starts at b1 (home), c1, b2 or c2.
    assert sorted(moves) == ["centre b2", "centre c1", "centre c2"]
    s.apply(MoveCentre("c2"), 0)
    assert s.centre[0][2] == CELL_INDEX["c2"]
    with pytest.raises(IllegalActionError):
        s.apply(MoveCentre("a4"), 0)


def test_tiles_may_cross_the_fold() -> None:
    s = new(2)
    s.day = 1  # Saturday: all 8 rows; the fold runs below row 4
    art = find("article", "1x2")
    to_layout(s, 0, art)
    s.apply(Place(art, "a4", "up"), 0)
    assert s.page[0][art] == (CELL_INDEX["a4"], True)


def test_face_down_tiles_fill_space_but_score_nothing() -> None:
    from meeple.games.fittoprint.scoring import page_breakdown

    art = find("article", "2x2")
    page = page_of((art, "d4", False))
    desk: list[int] = []
    b = page_breakdown(page, (0, 0, CELL_INDEX["b1"]), DAYS[0], desk)
    assert b["articles"] == 0 and b["mood"] == 0
    page_up = page_of((art, "d4"))
    assert page_breakdown(page_up, (0, 0, CELL_INDEX["b1"]), DAYS[0], [])["articles"] == 2
    # The face-down tile still covers 4 cells of white space.
    assert b["largest_empty"] == 30 - 4 - 4


def test_flip_lift_and_rearrangement_budget() -> None:
    s = new(2)
    ad = find("ad", "1x1")
    to_layout(s, 0, ad)
    s.apply(Place(ad, "a1", "down"), 0)
    s.apply(Flip(ad), 0)
    assert s.page[0][ad][1] is True
    s.apply(Lift(ad), 0)
    assert s.desk[0] == [ad] and ad not in s.page[0]
    s.moves[0] = REARRANGEMENTS_PER_DAY  # budget used up: placing and printing remain
    s.apply(Place(ad, "a1", "up"), 0)
    assert texts(s, 0) == ["print"]  # no flip, lift or centrepiece move left


def test_print_takes_the_lowest_token_and_freezes_the_page() -> None:
    s = new(3, mode="realtime")
    s.apply(CallLayout(), 1)
    s.apply(Print(), 1)
    assert s.token[1] == 1 and s.status[1] == PRINTED
    assert 1 not in s.turn().seats and s.legal_actions(1) == []
    with pytest.raises(NotYourTurnError):
        s.apply(Flip(0), 1)
    s.apply(CallLayout(), 0)
    s.apply(Print(), 0)
    assert s.token[0] == 2


def test_print_keeps_desk_tiles_on_the_desk() -> None:
    s = new(1)
    ad = find("ad", "1x1")
    to_layout(s, 0, ad)
    s.apply(Print(), 0)
    assert s.desk[0] == [ad]  # carried to Saturday
    assert s.results[0]["scores"][0]["desk"] == -1


# ---------------------------------------------------------------------- timer


def test_time_up_stops_everyone_and_hands_out_tokens_in_seat_order() -> None:
    s = new(3, mode="realtime")
    s.apply(CallLayout(), 2)
    s.apply(Print(), 2)
    s.apply(Draw("1x1"), 0)
    drawn = s.drawn(0)
    s.apply(TimeUp(0))
    assert s.token == [2, 3, 1]
    assert drawn not in s.desk[0]
    assert s.phase == DRAFT and s.day == 0


def test_time_up_returns_an_undecided_tile_face_up() -> None:
    s = new(1, mode="realtime")
    s.apply(Draw("2x2"), 0)
    drawn = s.drawn(0)
    before = len(s.pool)
    s.apply(TimeUp(0))
    # The tile went face up, then every centre tile was reshuffled face down.
    assert drawn not in s.desk[0] and drawn in s.pool and len(s.pool) == before + 1


def test_only_the_clock_issues_time_up() -> None:
    s = new(2, mode="realtime")
    before = s.state_id()
    with pytest.raises(NotYourTurnError):
        s.apply(TimeUp(0), 0)
    with pytest.raises(IllegalActionError):
        s.apply(TimeUp(1))  # not the running day
    assert TimeUp(0) not in s.legal_actions(0)
    slo = new(2, mode="slo")
    with pytest.raises(IllegalActionError):
        slo.apply(TimeUp(0))
    assert s.state_id() == before


def test_realtime_is_simultaneous_and_slo_mode_takes_turns() -> None:
    rt = new(3, mode="realtime")
    assert rt.turn().kind is TurnKind.SIMULTANEOUS and rt.turn().seats == (0, 1, 2)
    slo = new(3, mode="slo")
    assert slo.turn().seats == (0,)
    slo.apply(Draw("1x1"), 0)
    assert slo.turn().seats == (0,)  # keep or return first
    slo.apply(Keep(), 0)
    assert slo.turn().seats == (1,)
    slo.apply(CallLayout(), 1)
    assert slo.turn().seats == (1,)  # the whole layout at once
    slo.apply(Print(), 1)
    assert slo.turn().seats == (2,)
    slo.apply(CallLayout(), 2)
    slo.apply(Print(), 2)
    assert slo.turn().seats == (0,)  # seat 1 has printed and is skipped


def test_slo_mode_start_player_is_drawn_each_day() -> None:
    fridays, saturdays = set(), set()
    for seed in range(12):
        s = FitToPrint(players=3, mode="slo").new_initial_state(seed)
        fridays.add(s.turn().seats[0])
        for _ in range(3):
            seat = s.current
            s.apply(CallLayout(), seat)
            s.apply(Print(), seat)
        for seat in s.draft_order[:]:
            s.apply(s.legal_actions(seat)[0], seat)
        assert s.day == 1 and s.turn().seats == (s.current,)
        assert s.view(1)["to_act"] == [s.current]  # public once drawn
        saturdays.add(s.current)
    assert fridays == saturdays == {0, 1, 2}


# ---------------------------------------------------------------- between days


def test_between_days_pages_return_and_draft_in_token_order() -> None:
    s = new(3, mode="realtime")
    ad = find("ad", "1x1")
    to_layout(s, 1, ad)
    s.apply(Place(ad, "a1", "up"), 1)
    used = [c[0] for c in s.centre]
    for seat in (2, 1, 0):
        if s.status[seat] == REPORTING:
            s.apply(CallLayout(), seat)
        s.apply(Print(), seat)
    assert s.phase == DRAFT and s.draft_order == [2, 1, 0]
    assert ad in s.pool and s.page[1] == {}
    assert len(s.offer) == 3  # one per player
    assert s.turn().seats == (2,)
    pick = s.offer[1][0]
    s.apply(Draft(pick), 2)
    assert s.centre[2][0] == pick
    for seat in (1, 0):
        s.apply(s.legal_actions(seat)[0], seat)
    assert s.day == 1 and s.phase == "day"
    assert not {c[0] for c in s.centre} & set(used)  # used centrepieces are gone
    assert all(c[2] == CELL_INDEX["b1"] for c in s.centre)  # covering Saturday's star


@pytest.mark.parametrize(("players", "offer"), [(1, 2), (2, 3), (3, 3), (5, 5), (6, 6)])
def test_draft_offer_size(players: int, offer: int) -> None:
    s = new(players)
    for seat in range(players):
        s.apply(CallLayout(), seat)
        s.apply(Print(), seat)
    assert len(s.offer) == offer


def test_two_player_draft_discards_the_third_centrepiece() -> None:
    s = new(2)
    for seat in (0, 1):
        s.apply(CallLayout(), seat)
        s.apply(Print(), seat)
    offered = [c for c, _ in s.offer]
    s.apply(Draft(offered[0]), 0)
    s.apply(Draft(offered[1]), 1)
    assert s.offer == [] and offered[2] not in [c for c, _ in s.cp_stack]


def test_the_game_ends_after_sunday() -> None:
    s = new(1)
    for _day in range(3):
        s.apply(CallLayout(), 0)
        s.apply(Print(), 0)
        if s.phase == DRAFT:
            s.apply(s.legal_actions(0)[0], 0)
    assert s.phase == OVER and s.is_terminal() and len(s.points[0]) == 3


def test_start_centrepieces_use_their_condition_side_and_differ() -> None:
    s = new(6)
    ids = [c[0] for c in s.centre]
    assert sorted(ids) == list(range(6)) and all(c[1] == 0 for c in s.centre)


def test_draw_needs_a_tile_of_that_size() -> None:
    s = new(2)
    for t in [t for t in s.pool if TILES[t].size == "2x3"]:
        take_out(s, t)
    assert "draw 2x3" not in texts(s, 0)
    with pytest.raises(IllegalActionError):
        s.apply(Draw("2x3"), 0)
    assert all(TILE_SIZE[t] != TILE_SIZE[find("ad", "2x3")] for t in s.pool)
