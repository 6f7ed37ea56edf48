"""One test per Snow Tails rule: set up the situation, check the outcome."""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.core import IllegalActionError, Match, Rng
from meeple.games.snowtails import (
    Bonus,
    ChooseLane,
    Discard,
    Go,
    PlayCard,
    SnowTails,
    SnowTailsState,
    Step,
)
from meeple.games.snowtails.state import FINISHED, OUT, RACING
from tests.games.snowtails.helpers import (
    LEFT_CORNER,
    STRAIGHT,
    dogs,
    give,
    park_others,
    put,
    race,
    turn_of,
    where,
)

FWD, DIAG = Step("forward"), Step("diagonal")


# ------------------------------------------------------------------ setup


def test_setup_brake_three_dogs_three_and_a_twenty_card_deck() -> None:
    state = SnowTails(players=3).new_initial_state(5)
    for s in range(3):
        assert state.brake[s] == 3
        assert state.dog(s, "left") == 3 and state.dog(s, "right") == 3
        assert Counter(state.deck[s]) == Counter({v: 4 for v in range(1, 6)})
    assert state.deck[0] != state.deck[1], "each deck is shuffled on its own"


def test_start_lanes_are_chosen_in_seat_order_one_sled_per_lane() -> None:
    state = SnowTails(players=3).new_initial_state(0)
    assert state.current() == 0
    state.apply(ChooseLane(2))
    assert state.current() == 1
    assert ChooseLane(2) not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(ChooseLane(2))
    state.apply(ChooseLane(5))
    assert state.legal_actions() == [ChooseLane(1), ChooseLane(3), ChooseLane(4)]


def test_opening_hand_is_five_plus_one_in_lane_four_plus_two_in_lane_five() -> None:
    state = race(players=5, lanes=[3, 4, 5, 1, 2])
    assert [state.hand_count(s) for s in range(5)] == [5, 6, 7, 5, 5]
    for s in range(5):
        assert state.hand_count(s) + len(state.deck[s]) == 20


def test_first_round_goes_in_start_lane_order() -> None:
    state = race(players=3, lanes=[5, 1, 3])
    assert state.round_no == 1 and state.order == [1, 2, 0]
    assert state.current() == 1


def test_later_rounds_leader_first() -> None:
    state = race(players=3)
    put(state, 0, 0, 1, 0)
    put(state, 1, 1, 2, 1)
    put(state, 2, 2, 1, 3)
    state.order_idx = len(state.order) - 1
    state.status = [RACING, RACING, RACING]
    state._end_turn()
    assert state.round_no == 2 and state.order == [1, 2, 0]


@pytest.mark.parametrize(
    ("course", "first_lane"), [(LEFT_CORNER, 0), ("START:b,S1:a,C1:b,S2:a,FINISH:b", 4)]
)
def test_equal_position_inside_of_next_corner_goes_first(course: str, first_lane: int) -> None:
    state = race(players=2, course=course)
    put(state, 0, 1, 1, 0)
    put(state, 1, 3, 1, 0)
    state.order_idx = 1
    state._end_turn()
    leader = 0 if first_lane == 0 else 1
    assert state.order[0] == leader


def test_equal_position_with_no_corner_ahead_finish_flag_side_goes_first() -> None:
    # FINISH:b has its flag on the right; no corner remains after C1.
    state = race(players=2, course="START:b,S1:a,C1:b,S2:a,S3:a,FINISH:b")
    put(state, 0, 1, 3, 0)
    put(state, 1, 3, 3, 0)
    state.order_idx = 1
    state._end_turn()
    assert state.order == [1, 0]


# ------------------------------------------------------------------ playing cards


def test_play_one_to_three_cards_of_one_value_one_per_slot() -> None:
    state = race()
    turn_of(state, 0)
    give(state, 0, [4, 4, 4, 2, 1])
    state.apply(PlayCard(4, "left"))
    assert state.legal_actions() == [PlayCard(4, "right"), PlayCard(4, "discard"), Go()]
    with pytest.raises(IllegalActionError):
        state.apply(PlayCard(2, "right"))


def test_third_card_starts_the_movement_by_itself() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [2, 2, 2, 5, 5])
    state.apply(PlayCard(2, "left"))
    state.apply(PlayCard(2, "right"))
    state.apply(PlayCard(2, "discard"))
    # 2 + 2 - 2 = 2 forward, straight ahead
    assert where(state, 0) == (2, 1, 2)


def test_discard_slot_replaces_the_brake() -> None:
    state = race()
    turn_of(state, 0, round_no=1)
    give(state, 0, [1, 3, 3, 4, 5])
    state.apply(PlayCard(5, "discard"))
    assert state.brake[0] == 5 and state.discards[0][-1] == 5


def test_a_dog_card_may_cover_one_of_the_same_value() -> None:
    state = race()
    turn_of(state, 0)
    dogs(state, 0, 4, 3, 3)
    give(state, 0, [4, 1, 1, 2, 2])
    assert PlayCard(4, "left") in state.legal_actions()
    state.apply(PlayCard(4, "left"))
    assert state.left[0] == [4, 4]


def test_no_playable_card_takes_a_dent_and_refills_then_plays() -> None:
    state = race()
    turn_of(state, 1)
    state.order = [0, 1]
    state.order_idx = 0
    give(state, 1, [0, 0])  # two dents, no dog card
    state.phase = "play"
    state._end_turn()  # seat 0's turn ends: seat 1 begins with no dog card
    assert state.current() == 1
    assert state.dents(1) == 3
    assert state.hand_count(1) == 5 and any(state.hand[1][1:])
    assert state.phase == "play"


# ------------------------------------------------------------------ movement


def test_forward_is_left_plus_right_minus_brake_and_drift_goes_to_the_stronger_dog() -> None:
    # the seed's example: left 3, right 5, brake 5 -> 3 forward, 2 to the right
    state = race()
    park_others(state, 0)
    put(state, 0, 1, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 5, 5)
    give(state, 0, [1, 1, 1, 1, 1])
    state.apply(PlayCard(1, "discard"))  # brake becomes 1: 3 + 5 - 1 = 7 forward
    state.left[0], state.right[0], state.brake[0] = [3], [5], 5  # back to the example
    state._clear_turn()
    state.phase = "play"
    state.placed_value = 1
    state.placed_slots = ["discard"]
    assert state.movement(0) == (3, 2)
    state.apply(Go())
    assert state.phase == "steps"
    state.apply(FWD)  # one forward, then the two diagonals run by themselves
    assert where(state, 0) == (3, 1, 3)


def test_drift_left_when_the_left_dog_is_stronger() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 3, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [5, 1, 1, 1, 1])
    state.apply(PlayCard(5, "left"))  # 5 + 3 - 3 = 5 forward, drift 2 left
    for step in (DIAG, FWD, FWD, FWD):  # the seed's order example, mirrored
        state.apply(step)
    assert where(state, 0) == (1, 2, 1)


def test_forward_below_one_does_not_move() -> None:
    state = race()
    start = put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 1, 3, 3)
    give(state, 0, [5, 2, 2, 2, 2])
    state.apply(PlayCard(5, "discard"))  # 1 + 3 - 5 = -1
    assert state.cell[0] == start


def test_steps_in_the_order_the_player_chooses() -> None:
    # 5 forward, 2 right: diagonal, forward, forward, forward, diagonal
    state = race()
    park_others(state, 0)
    put(state, 0, 0, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [5, 1, 1, 1, 1])
    state.apply(PlayCard(5, "right"))
    path = []
    for step in (DIAG, FWD, FWD, FWD):
        state.apply(step)
        path.append(where(state, 0))
    # after the fourth choice only a diagonal is left, and it runs by itself
    assert path == [(1, 1, 1), (1, 1, 2), (1, 1, 3), (2, 2, 1)]
    moves = [e for e in state.last_events if e[0] == "move"]
    assert moves[-2:] == [["move", state.game.track.cell_at(1, 2, 0)], ["move", state.cell[0]]]


def test_surplus_drift_is_ignored() -> None:
    # left 1, right 5, brake 4: 2 forward, drift 4 -> only 2 diagonal steps
    state = race()
    park_others(state, 0)
    put(state, 0, 0, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 1, 3, 4)
    give(state, 0, [5, 2, 2, 2, 2])
    state.apply(PlayCard(5, "right"))
    assert where(state, 0) == (2, 1, 2)


def test_the_whole_movement_must_be_used() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 0, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [4, 1, 1, 1, 1])
    state.apply(PlayCard(4, "right"))
    assert state.legal_actions() == [FWD, DIAG]  # no way to stop early
    state.apply(FWD)
    state.apply(FWD)
    assert state.phase == "steps"  # still one of each left: keep choosing
    state.apply(FWD)
    assert where(state, 0) == (1, 2, 0)  # 4 forward including 1 diagonal


# ------------------------------------------------------------------ bonus


def _equal_dogs_turn(round_no: int, seat_behind: bool = True):  # type: ignore[no-untyped-def]
    state = race()
    put(state, 0, 1, 1, 0)
    put(state, 1, 3, 3, 0) if seat_behind else put(state, 1, 3, 0, 0)
    turn_of(state, 0, round_no=round_no)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))
    return state


def test_no_drift_offers_a_bonus_of_the_current_place() -> None:
    state = _equal_dogs_turn(round_no=2)
    assert where(state, 0) == (1, 1, 3)
    assert state.phase == "bonus" and state.bonus_steps == 2  # second place
    state.apply(Bonus("yes"))
    assert where(state, 0) == (1, 2, 1)


def test_bonus_may_be_refused_all_or_nothing() -> None:
    state = _equal_dogs_turn(round_no=2)
    assert state.legal_actions() == [Bonus("yes"), Bonus("no")]
    state.apply(Bonus("no"))
    assert where(state, 0) == (1, 1, 3)


def test_no_bonus_in_the_first_round() -> None:
    state = _equal_dogs_turn(round_no=1)
    assert state.phase != "bonus" and where(state, 0) == (1, 1, 3)


def test_no_bonus_when_the_sled_drifts() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 1, 1, 0)
    turn_of(state, 0, round_no=3)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [4, 1, 1, 1, 1])
    state.apply(PlayCard(4, "right"))
    state.apply(FWD)
    state.apply(FWD)
    assert state.phase != "bonus"


def test_bonus_steps_count_towards_the_speed_at_a_line() -> None:
    # 3 forward stops just before the corner; a bonus of 2 crosses the line at speed 5+...
    state = race(course="START:a,S1:a,C3:a,S2:a,FINISH:a")  # C3 limit 4
    put(state, 0, 1, 1, 0)
    put(state, 1, 4, 0, 0)  # behind: seat 0 leads, bonus 1
    put(state, 1, 4, 0, 0)
    turn_of(state, 0, round_no=2)
    dogs(state, 0, 2, 2, 2)  # 2 forward, no drift
    give(state, 0, [2, 1, 1, 1, 1])
    state.apply(PlayCard(2, "left"))
    assert where(state, 0) == (1, 1, 2) and state.bonus_steps == 1
    state.apply(Bonus("yes"))  # speed 2 + 1 = 3 <= 4: no dent
    assert state.dents(0) == 0
    state2 = race(course="START:a,S1:a,C3:a,S2:a,FINISH:a")
    put(state2, 0, 1, 1, 0)
    put(state2, 1, 4, 0, 0)
    turn_of(state2, 0, round_no=2)
    dogs(state2, 0, 2, 2, 1)  # 3 forward
    give(state2, 0, [2, 1, 1, 1, 1])
    state2.apply(PlayCard(2, "left"))
    state2.bonus_steps = 2  # as if in second place
    state2.apply(Bonus("yes"))  # crosses at speed 3 + 2 = 5 > 4: one dent
    assert state2.dents(0) == 1


# ------------------------------------------------------------------ hand


def test_hand_is_refilled_to_five_after_moving() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [3, 3, 1, 2, 5])
    state.apply(PlayCard(3, "left"))
    state.apply(PlayCard(3, "right"))
    assert state.hand_count(0) == 5


def test_discard_down_to_five_but_never_a_dent() -> None:
    state = race(lanes=[5, 1])
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [0, 0, 4, 4, 1, 2, 5])  # 7 cards, two dents
    state.apply(PlayCard(4, "left"))  # 4 + 3 - 3 = 4 forward, drift left 1
    state.apply(Go())
    state.apply(FWD)
    state.apply(FWD)
    state.apply(FWD)
    assert state.phase == "discard"
    assert state.legal_actions() == [Discard(1), Discard(2), Discard(4), Discard(5)]
    state.apply(Discard(5))
    assert state.hand_count(0) == 5 and state.dents(0) == 2
    assert state.discards[0][-1] == 5


def test_empty_deck_reshuffles_discards_keeping_each_dog_top_card() -> None:
    state = race()
    state.deck[0] = []
    state.discards[0] = [1, 1, 2]
    state.left[0] = [5, 4, 3]
    state.right[0] = [2, 5]
    give(state, 0, [1, 1, 1])
    state._draw(0, 2)
    assert state.left[0] == [3] and state.right[0] == [5]  # the top (last) card stays
    assert state.discards[0] == []
    assert state.hand_count(0) == 5 and len(state.deck[0]) == 4
    total = Counter(state.deck[0]) + Counter({v: state.hand[0][v] for v in range(1, 6)})
    assert total == Counter({1: 5, 2: 2, 4: 1, 5: 1})


# ------------------------------------------------------------------ accidents


def test_speeding_at_a_corner_line_one_dent_per_space_over_then_carry_on() -> None:
    state = race(course=LEFT_CORNER)  # C1 limit 5
    park_others(state, 0)
    put(state, 0, 2, 1, 3)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 5, 3, 3)
    give(state, 0, [5, 1, 1, 1, 1])
    state.apply(PlayCard(5, "right"))  # 5 + 5 - 3 = 7 forward, no drift
    assert state.dents(0) == 2
    assert where(state, 0) == (2, 3, 2)  # 4 cells through C1 lane 2, then 3 on S2


def test_no_dent_at_or_under_the_limit() -> None:
    state = race(course=LEFT_CORNER)
    park_others(state, 0)
    put(state, 0, 2, 1, 3)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 4, 3, 3)
    give(state, 0, [4, 1, 1, 1, 1])
    state.apply(PlayCard(4, "right"))  # 5 forward = limit
    assert state.dents(0) == 0


def test_running_into_a_sled_stops_behind_it_discard_to_five_without_refill() -> None:
    state = race(lanes=[5, 1])
    put(state, 1, 2, 1, 3)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [4, 4, 1, 2, 3, 5, 5])
    state.apply(PlayCard(4, "left"))
    state.apply(PlayCard(4, "right"))  # 4 + 4 - 3 = 5 forward, straight
    assert where(state, 0) == (2, 1, 2) and state.dents(0) == 0
    assert state.hand_count(0) == 5  # 5 left after playing, none drawn
    state2 = race(lanes=[1, 2])
    put(state2, 1, 2, 1, 3)
    put(state2, 0, 2, 1, 0)
    turn_of(state2, 0, round_no=1)
    give(state2, 0, [4, 4, 1, 2, 3])
    state2.apply(PlayCard(4, "left"))
    state2.apply(PlayCard(4, "right"))
    assert state2.hand_count(0) == 3  # no refill after a collision


def test_leaving_the_track_stops_the_sled_with_one_dent_and_hand_to_five() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 4, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [5, 1, 1, 1, 1])
    state.apply(PlayCard(5, "right"))  # 5 forward, drift right from the right lane
    state.apply(FWD)
    state.apply(DIAG)  # off the track
    assert where(state, 0) == (4, 1, 1) and state.dents(0) == 1
    assert state.hand_count(0) == 5


@pytest.mark.parametrize(
    ("course", "lane", "row"), [("START:a,S4:b,FINISH:a", 2, 0), ("START:a,S7:b,FINISH:a", 0, 0)]
)
def test_forbidden_cells_count_as_leaving_the_track(course: str, lane: int, row: int) -> None:
    # S4 side b: a canyon's red cross in the middle lane; S7 side b: a snowdrift
    state = race(course=course)
    park_others(state, 0)
    put(state, 0, lane, 1, row)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))
    assert where(state, 0) == (lane, 1, row) and state.dents(0) == 1


def test_hitting_a_tree_removes_it_costs_a_dent_and_the_sled_carries_on() -> None:
    state = race(course="START:a,S1:b,S2:a,FINISH:a")  # S1 side b: a tree in lane 1, row 0
    tree = state.game.track.cell_at(1, 1, 0)
    assert tree in state.trees
    park_others(state, 0)
    put(state, 0, 1, 0, 2)
    state.cell[1] = state.game.track.cell_at(4, 0, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))  # 3 forward straight
    assert tree not in state.trees and state.dents(0) == 1
    assert where(state, 0) == (1, 1, 2)


def test_the_fifth_dent_eliminates_the_sled() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 4, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [0, 0, 0, 0, 4])
    state.apply(PlayCard(4, "right"))
    state.apply(DIAG)  # off the track: fifth dent
    assert state.status[0] == OUT and not state.on_track(0)
    assert state.current() == 1


def test_a_fifth_dent_after_crossing_the_finish_does_not_eliminate() -> None:
    state = race(course="START:a,S1:a,FINISH:a")
    park_others(state, 0)
    put(state, 0, 4, 1, 3)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [0, 0, 0, 0, 4])
    state.apply(PlayCard(4, "right"))
    state.apply(FWD)  # across the line
    state.apply(DIAG)  # into the wall: fifth dent
    assert state.status[0] == FINISHED and state.dents(0) == 5


# ------------------------------------------------------------------ end and winner


def test_finished_sleds_take_no_more_turns_and_the_race_ends_when_all_are_done() -> None:
    state = race(course="START:a,S1:a,FINISH:a")
    put(state, 0, 0, 2, 3)
    state.status[0] = FINISHED
    put(state, 1, 3, 1, 3)
    turn_of(state, 1, round_no=2)
    state.order = [1, 0]
    dogs(state, 1, 3, 3, 3)
    give(state, 1, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))
    state.apply(Bonus("no"))
    assert state.status[1] == FINISHED
    assert state.is_terminal()


def test_the_sled_furthest_past_the_finish_wins() -> None:
    state = race(course="START:a,S1:a,FINISH:a")
    put(state, 0, 0, 2, 2)
    put(state, 1, 3, 2, 6)
    state.status = [FINISHED, FINISHED]
    state._end_race()
    assert state.is_terminal() and state.winners() == [1]


def test_equal_distance_past_the_finish_goes_to_the_lane_nearest_the_flag() -> None:
    state = race(course="START:a,S1:a,FINISH:b")  # flag on the right
    put(state, 0, 0, 2, 4)
    put(state, 1, 3, 2, 4)
    state.status = [FINISHED, FINISHED]
    state._end_race()
    assert state.winners() == [1]
    state = race(course="START:a,S1:a,FINISH:a")  # flag on the left
    put(state, 0, 0, 2, 4)
    put(state, 1, 3, 2, 4)
    state.status = [FINISHED, FINISHED]
    state._end_race()
    assert state.winners() == [0]


def test_eliminated_sleds_rank_below_every_sled_that_stayed_in() -> None:
    state = race(players=3, course="START:a,S1:a,FINISH:a")
    put(state, 0, 0, 2, 8)
    state.status = [OUT, FINISHED, FINISHED]
    put(state, 1, 1, 2, 1)
    put(state, 2, 2, 2, 2)
    state._end_race()
    assert state.ranks() == [3, 2, 1]


def test_designed_round_limit_ends_a_stalled_race() -> None:
    state = race()
    state.round_no = state.game.round_limit
    put(state, 0, 0, 2, 0)
    put(state, 1, 0, 1, 0)
    state.order_idx = 1
    state._end_turn()
    assert state.is_terminal() and state.winners() == [0]


# ------------------------------------------------------------------ season


def test_season_adds_points_by_place_and_the_last_sled_picks_first_next_race() -> None:
    game = SnowTails(players=3, course=STRAIGHT, races=2)
    state = game.new_initial_state(1)
    for lane in (1, 2, 3):
        state.apply(ChooseLane(lane))
    put(state, 0, 0, 5, 1)
    put(state, 1, 1, 5, 5)
    put(state, 2, 2, 4, 0)
    state.status = [FINISHED, FINISHED, OUT]
    state._end_race()
    assert state.points == [4, 6, 0] and not state.is_terminal()
    assert state.phase == "lanes" and state.pick_order == [2, 0, 1]
    assert state.trees == set() and all(state.dents(s) == 0 for s in range(3))
    assert all(len(state.deck[s]) == 20 for s in range(3))
    for lane in (1, 2, 3):
        state.apply(ChooseLane(lane))
    put(state, 0, 0, 5, 9)
    put(state, 1, 1, 5, 2)
    put(state, 2, 2, 5, 3)
    state.status = [FINISHED] * 3
    state._end_race()
    assert state.is_terminal()
    assert state.points == [10, 9, 4] and state.winners() == [0]


# ------------------------------------------------------------------ hidden information


def test_a_seat_sees_its_own_hand_only() -> None:
    state = race(players=3)
    view = state.view(1)
    assert sorted(view["hand"]) == sorted(v for v in range(6) for _ in range(state.hand[1][v]))
    assert "deck" not in str(view.keys()).replace("deck_size", "")
    assert all("hand" not in sled for sled in view["sleds"])
    assert state.view(None)["hand"] is None


def test_determinize_resamples_other_hands_from_the_unseen_cards() -> None:
    state = race(players=3)
    seen = set()
    for k in range(20):
        other = state.determinize(0, Rng(k))
        assert other.hand[0] == state.hand[0]
        assert other.view(0) == state.view(0)
        for s in (1, 2):
            pool = Counter(other.deck[s]) + Counter(
                {v: other.hand[s][v] for v in range(1, 6) if other.hand[s][v]}
            )
            assert pool == Counter({v: 4 for v in range(1, 6)})
        seen.add(tuple(other.hand[1]))
    assert len(seen) > 1


def test_actions_are_logged_in_full_because_cards_are_played_face_up() -> None:
    state = race()
    turn_of(state, 0)
    give(state, 0, [4, 1, 1, 1, 1])
    assert state.redact_action(PlayCard(4, "left"), 0, 1) == "seat 0: play 4 left"


# ------------------------------------------------------------------ open decisions (docs)


def test_bonus_is_offered_even_when_the_forward_value_is_below_one() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=2)
    dogs(state, 0, 1, 1, 3)
    give(state, 0, [1, 2, 2, 2, 2])
    state.apply(PlayCard(1, "left"))  # 1 + 1 - 3 = -1: no move, but the dogs are equal
    assert state.phase == "bonus" and state.bonus_steps == 1  # the leader
    state.apply(Bonus("yes"))
    assert where(state, 0) == (2, 1, 1)


def test_no_bonus_when_an_accident_cut_the_move_short() -> None:
    state = race()
    put(state, 1, 2, 1, 2)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=2)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))  # 3 straight into the sled two cells ahead
    assert where(state, 0) == (2, 1, 1)
    assert state.current() == 1  # no bonus question: the turn is over


def test_turn_order_is_fixed_for_the_whole_round() -> None:
    state = race(players=3)
    put(state, 0, 0, 1, 3)
    put(state, 1, 2, 1, 2)
    put(state, 2, 4, 1, 0)
    state.order, state.order_idx, state.round_no = [0, 1, 2], 0, 2
    state.phase = "play"
    # seat 2 was last when the round began; overtaking does not change the order
    give(state, 0, [1, 1, 1, 1, 1])
    state.apply(PlayCard(1, "discard"))  # 3 + 3 - 1 = 5 forward, past seat 1
    state.apply(Go())
    state.apply(Bonus("no"))
    assert state.order == [0, 1, 2] and state.current() == 1


def test_a_hand_is_drawn_only_as_far_as_cards_exist() -> None:
    state = race()
    state.deck[0] = []
    state.discards[0] = []
    state.left[0] = [5]
    state.right[0] = [4]
    give(state, 0, [0, 1])
    state._draw(0, 4)
    assert state.hand_count(0) == 2


def test_undo_stops_at_the_cards_drawn_at_the_end_of_a_turn() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [4, 4, 1, 2, 3])
    match = Match(state.game, 0, state=state)
    match.play(PlayCard(4, "left"), 0)
    assert match.can_undo(0)  # nothing hidden was shown yet
    match.undo(0)
    restored = match.state
    assert isinstance(restored, SnowTailsState) and restored.hand[0][4] == 2
    match.play(PlayCard(4, "left"), 0)
    match.play(Go(), 0)
    for _ in range(5):
        if match.state.current_seat() != 0:
            break
        match.play(match.state.legal_actions(0)[0], 0)
    assert not match.can_undo(0)
    with pytest.raises(IllegalActionError):
        match.play(PlayCard(9, "left"), 0)
