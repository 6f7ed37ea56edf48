"""Snow Tails decisions of issue 16 (docs/games/snowtails.md, decisions 3, 15 and 16)
and two rules only a golden replay used to notice.

Each test builds the situation and checks the outcome; the rule-coverage list
(docs/games/snowtails-rule-coverage.md) names them as ``D::...``.
"""

from __future__ import annotations

import pytest

from meeple.games.snowtails import (
    Bonus,
    ChooseLane,
    Discard,
    PlayCard,
    SnowTails,
    SnowTailsState,
)
from meeple.games.snowtails.state import FINISHED, OUT, RACING
from meeple.server.match import forfeit_result
from tests.games.snowtails.helpers import LEFT_CORNER, dogs, give, put, race, turn_of, where

# LEFT_CORNER is START (tile 0, 3 rows), S1 (tile 1, 4 rows), C1:a (tile 2, limit 5,
# lane index 1 has 3 cells), S2 (tile 3), FINISH. The line stands between S1 and C1.


def _second_place_on_the_corner_course(
    tile: int, row: int, left: int, brake: int
) -> SnowTailsState:
    """Seat 0 on lane index 1 at (tile, row), dogs ``left``/``left`` (no drift),
    seat 1 far ahead on S2 so seat 0 is second: a bonus of 2 after the normal move."""
    state = race(course=LEFT_CORNER)
    put(state, 0, 1, tile, row)
    put(state, 1, 4, 3, 3)
    turn_of(state, 0, round_no=2)
    dogs(state, 0, left, left, brake)
    give(state, 0, [left, 1, 1, 1, 1])
    state.apply(PlayCard(left, "left"))  # the other dog and the brake stay: no drift
    assert state.phase == "bonus" and state.bonus_steps == 2
    return state


def _lines(state: SnowTailsState) -> list[list[int]]:
    return [e for e in state.last_events if e[0] in ("line", "line_bonus")]


# ------------------------------------------------------------------ decision 3


def test_a_line_crossed_in_the_normal_move_is_charged_again_when_the_bonus_is_taken() -> None:
    # the set-up: dogs 3/3, brake 1 (5 forward), bonus 2, a limit-5 line
    # crossed by the normal move: 5 at the line costs nothing, 5 + 2 = 7 costs 2
    state = _second_place_on_the_corner_course(tile=1, row=0, left=3, brake=1)
    assert where(state, 0) == (1, 2, 1)  # over the line, on C1
    assert state.dents(0) == 0
    state.apply(Bonus("yes"))
    assert where(state, 0) == (1, 3, 0)  # 7 cells in all
    assert state.dents(0) == 2
    assert _lines(state) == [["line", 5, 0], ["line_bonus", 5, 2]]


def test_a_line_crossed_during_the_bonus_costs_the_same_as_one_crossed_before_it() -> None:
    # the same 7 cells with the line crossed by the bonus: also 2 dents
    state = _second_place_on_the_corner_course(tile=0, row=0, left=3, brake=1)
    assert where(state, 0) == (1, 1, 2)  # short of the line
    state.apply(Bonus("yes"))
    assert where(state, 0) == (1, 2, 0)
    assert state.dents(0) == 2
    assert _lines(state) == [["line", 5, 2]]


def test_refusing_the_bonus_leaves_the_line_at_the_normal_speed() -> None:
    state = _second_place_on_the_corner_course(tile=1, row=0, left=3, brake=1)
    state.apply(Bonus("no"))
    assert where(state, 0) == (1, 2, 1) and state.dents(0) == 0


def test_a_line_already_over_the_limit_costs_only_the_bonus_cells_more() -> None:
    # dogs 4/4, brake 2: 6 at a limit-5 line costs 1; with the bonus 8 costs 3 in all
    state = _second_place_on_the_corner_course(tile=1, row=0, left=4, brake=2)
    assert state.dents(0) == 1
    state.apply(Bonus("yes"))
    assert state.dents(0) == 3
    assert _lines(state) == [["line", 5, 1], ["line_bonus", 5, 2]]


def test_the_bonus_dents_come_first_and_a_fifth_stops_the_sled_where_it_stands() -> None:
    state = race(course=LEFT_CORNER)
    put(state, 0, 1, 1, 0)
    put(state, 1, 4, 3, 3)
    turn_of(state, 0, round_no=2)
    dogs(state, 0, 3, 3, 1)
    give(state, 0, [0, 0, 0, 3, 1])  # three dents already
    state.apply(PlayCard(3, "left"))
    state.apply(Bonus("yes"))  # two more for the line: the fifth eliminates
    assert state.status[0] == OUT and state.dents(0) == 5
    assert where(state, 0) == (1, 2, 1)  # no bonus cell was moved
    assert not any(
        e[0] == "move" for e in state.last_events[state.last_events.index(["bonus", 2]) :]
    )


# ------------------------------------------------------------------ decision 15


def _finishing_turn() -> SnowTailsState:
    """Seat 1 finished 3 past the line; seat 0 crosses it with 3 forward (2 past)."""
    state = race(course="START:a,S1:a,FINISH:a")
    put(state, 1, 4, 2, 2)
    state.status[1] = FINISHED
    put(state, 0, 1, 1, 2)
    turn_of(state, 0, round_no=4)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))
    return state


@pytest.mark.parametrize(("choice", "past", "winner"), [("yes", 4, 0), ("no", 2, 1)])
def test_a_sled_that_crossed_the_finish_may_still_take_its_bonus(
    choice: str, past: int, winner: int
) -> None:
    state = _finishing_turn()
    assert state.status[0] == FINISHED  # over the line in its normal move
    assert state.phase == "bonus" and state.bonus_steps == 2  # second behind seat 1
    state.apply(Bonus(choice))
    track = state.game.track
    assert track.past_finish(state.cell[0]) == past
    assert state.is_terminal() and state.winners() == [winner]


# ------------------------------------------------------------------ the hand


@pytest.mark.parametrize("choice", ["yes", "no"])
def test_a_finished_sled_holding_six_dents_discards_its_dogs_keeps_the_dents_and_is_done(
    choice: str,
) -> None:
    """Decision 17. A sled past the finish is not eliminated by its fifth dent, so the
    dents of its last turn (its speed lines, rechecked when it takes the bonus) can
    leave it more than five dent cards. Discarding down to five never takes a dent:
    the dog cards go, the dents stay, and the turn ends (it used to wait for a
    discard with nothing to discard, a turn nobody could play; an information-set
    search of a five-seat race found it)."""
    state = _finishing_turn()
    assert state.status[0] == FINISHED and state.phase == "bonus"
    give(state, 0, [0, 0, 0, 0, 0, 0, 2, 4])  # six dents and two dog cards
    discards = list(state.discards[0])
    state.apply(Bonus(choice))
    assert state.phase == "discard" and state.legal_actions() == [Discard(2), Discard(4)]
    state.apply(Discard(4))  # the 2 follows by itself: the only dog card left
    assert state.hand[0] == [6, 0, 0, 0, 0, 0]  # the dogs discarded, every dent kept
    assert state.discards[0] == [*discards, 4, 2]
    assert state.phase != "discard" and state.is_terminal()  # seat 1 finished before


@pytest.mark.parametrize("choice", ["yes", "no"])
def test_taking_or_refusing_the_bonus_ends_the_turn_with_the_hand_refilled(choice: str) -> None:
    state = race()
    put(state, 0, 1, 1, 0)
    put(state, 1, 3, 3, 0)
    turn_of(state, 0, round_no=2)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    deck = len(state.deck[0])
    state.apply(PlayCard(3, "left"))
    assert state.hand_count(0) == 4
    state.apply(Bonus(choice))
    assert state.hand_count(0) == 5 and len(state.deck[0]) == deck - 1
    assert state.current() == 1


# ------------------------------------------------------------------ results before any race


def test_before_the_first_race_has_a_result_every_seat_ranks_first() -> None:
    state = race(players=3)
    assert not state.results and state.status == [RACING] * 3
    assert state.tiebreaks() == [(), (), ()]
    assert state.ranks() == [1, 1, 1] and state.winners() == [0, 1, 2]
    result = forfeit_result(state, 1)
    assert result["ranks"] == [1, 3, 1] and result["winners"] == [0, 2]


def test_in_a_later_race_the_last_result_breaks_ties_and_decides_a_forfeit() -> None:
    game = SnowTails(players=3, course="START:a,S1:a,FINISH:a", races=2)
    state = game.new_initial_state(4)
    for number in (1, 2, 3):
        state.apply(ChooseLane(number))
    put(state, 0, 0, 2, 1)
    put(state, 1, 1, 2, 5)
    put(state, 2, 2, 2, 3)
    state.status = [FINISHED, FINISHED, OUT]  # places 2, 1, 3; points 4, 6, 0
    state._end_race()
    assert state.results == [[2, 1, 3]] and not state.is_terminal()
    state.points = [6, 6, 0]  # as if level on points in the middle of race 2
    assert state.tiebreaks() == [(-2.0,), (-1.0,), (-3.0,)]
    assert state.ranks() == [2, 1, 3]
    assert forfeit_result(state, 1)["winners"] == [0]
