"""Seed rules that test_rules.py did not pin down yet (see docs/games/snowtails-rule-coverage.md).

Each test builds the situation the seed describes and checks what the engine
does; the coverage document maps every seed rule to its test.
"""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.core import IllegalActionError, OptionError
from meeple.games.snowtails import Bonus, ChooseLane, Discard, Go, PlayCard, SnowTails, Step
from meeple.games.snowtails.state import FINISHED, OUT, RACING
from meeple.games.snowtails.track import CORNER_KINDS, TREE, tile_sides
from tests.games.snowtails.helpers import (
    LEFT_CORNER,
    dogs,
    give,
    park_others,
    put,
    race,
    turn_of,
    where,
)

FWD, DIAG = Step("forward"), Step("diagonal")

#: The brake markers the seed lists for the box, by value.
BOX_BRAKES = {1: 6, 2: 6, 3: 8, 4: 6, 5: 6}
#: The tree tokens the seed lists for the box.
BOX_TREES = 20


# ------------------------------------------------------------------ box and players


@pytest.mark.parametrize("players", [1, 6])
def test_only_two_to_five_players_may_race(players: int) -> None:
    with pytest.raises(OptionError, match="2-5 players"):
        SnowTails(players=players)
    assert SnowTails(players=2).players == 2 and SnowTails(players=5).players == 5


def test_the_five_sleds_are_red_yellow_blue_green_and_brown() -> None:
    state = SnowTails(players=5).new_initial_state(0)
    colours = [sled["colour"] for sled in state.view(None)["sleds"]]
    assert colours == ["red", "yellow", "blue", "green", "brown"]


def test_a_speed_line_stands_in_front_of_every_corner_and_u_turn_only() -> None:
    for side in tile_sides().values():
        if side.kind in CORNER_KINDS:
            assert isinstance(side.limit, int) and side.limit > 0, side.token
        else:
            assert side.limit is None, side.token
    track = SnowTails(players=5).track  # grand-tour: every tile of the box
    for t, side in enumerate(track.tiles):
        assert (track.limits[t] is not None) == side.is_corner


def test_the_designed_forests_need_no_more_trees_than_the_box_holds() -> None:
    # the seed's box has 20 tree tokens; all forest sides together must fit
    total = sum(
        row.count(TREE)
        for side in tile_sides().values()
        if side.kind == "forest"
        for row in side.lane_rows
    )
    assert 0 < total <= BOX_TREES


def test_the_brake_supply_never_runs_short_so_every_sled_may_take_the_same_brake() -> None:
    # each sled holds exactly one brake and swaps it, so 6 (or 8) of a value
    # always cover 5 sleds; the engine therefore keeps no brake supply
    assert sum(BOX_BRAKES.values()) == 32
    assert min(BOX_BRAKES.values()) >= SnowTails.max_players
    state = race(players=5)
    for seat in range(5):
        park_others(state, seat)
        put(state, seat, 4, 3, 0)
        turn_of(state, seat, round_no=1)
        give(state, seat, [1, 2, 2, 2, 2])
        state.apply(PlayCard(1, "discard"))  # the only 1: the sled moves at once
        state.cell[seat] = -1  # off the course so it blocks no one
    assert state.brake == [1, 1, 1, 1, 1]


def test_when_the_twenty_dent_cards_run_out_accidents_still_cost_dents() -> None:
    # decision 16: four eliminated sleds hold 20 dents, the whole box; the
    # fourth sled's crash still costs a dent and its fifth still eliminates
    state = race(players=5)
    for seat in (1, 2, 3, 4):
        give(state, seat, [0, 0, 0, 0, 0])
        state.status[seat] = OUT
    park_others(state, 0)
    put(state, 0, 4, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [0, 0, 0, 0, 4, 1])  # four dents already: 24 dealt
    state.apply(PlayCard(4, "right"))  # 4 forward, 1 drift right
    state.apply(DIAG)  # into the wall: the 25th dent
    assert sum(state.dents(s) for s in range(5)) == 25
    assert state.dents(0) == 5 and state.status[0] == OUT
    assert state.is_terminal()  # no sled is racing any more


# ------------------------------------------------------------------ playing cards


def test_at_least_one_card_must_be_played_before_the_sled_moves() -> None:
    state = race()
    turn_of(state, 0)
    give(state, 0, [4, 2, 2, 1, 5])
    legal = state.legal_actions()
    assert legal and all(isinstance(a, PlayCard) for a in legal)
    with pytest.raises(IllegalActionError):
        state.apply(Go())


def test_a_dog_card_may_also_cover_a_different_value() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 4, 3, 3)
    give(state, 0, [2, 1, 1, 5, 5])
    state.apply(PlayCard(2, "left"))
    assert state.left[0] == [4, 2] and state.dog(0, "left") == 2


# ------------------------------------------------------------------ movement


def test_equal_forward_and_drift_make_every_step_diagonal() -> None:
    # left 3, right 5, brake 6: 2 forward and 2 to the right, both used together
    state = race()
    park_others(state, 0)
    put(state, 0, 0, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 6)
    give(state, 0, [5, 1, 1, 1, 1])
    state.apply(PlayCard(5, "right"))
    assert where(state, 0) == (2, 1, 2)
    track = state.game.track
    moves = [e[1] for e in state.last_events if e[0] == "move"]
    assert moves == [track.cell_at(1, 1, 1), track.cell_at(2, 1, 2)]


def test_the_seeds_third_place_example_moves_three_extra_cells() -> None:
    state = race(players=3)
    put(state, 0, 1, 1, 0)
    put(state, 1, 3, 3, 0)
    put(state, 2, 4, 3, 0)
    turn_of(state, 0, round_no=2)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))  # 3 forward, dogs equal
    assert where(state, 0) == (1, 1, 3)
    assert state.phase == "bonus" and state.bonus_steps == 3  # third of three
    state.apply(Bonus("yes"))
    assert where(state, 0) == (1, 2, 2)


# ------------------------------------------------------------------ hand


def test_discarding_down_to_five_does_not_change_the_brake() -> None:
    state = race(lanes=[5, 1])
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [1, 2, 3, 4, 5, 5, 5])
    state.apply(PlayCard(1, "discard"))  # brake 1: 3 + 3 - 1 = 5 forward
    assert state.phase == "discard" and state.hand_count(0) == 6
    state.apply(Discard(5))
    assert state.brake[0] == 1 and state.discards[0][-2:] == [1, 5]
    assert state.hand_count(0) == 5


def test_a_draw_that_empties_the_deck_reshuffles_and_goes_on_drawing() -> None:
    state = race()
    state.deck[0] = [2]
    state.discards[0] = [1, 1]
    state.left[0] = [5, 4]
    state.right[0] = [3]
    give(state, 0, [5, 5])
    state._draw(0, 3)
    assert state.hand_count(0) == 5 and state.hand[0][2] == 1  # the old deck's last card
    assert state.left[0] == [4] and state.right[0] == [3] and state.discards[0] == []
    rest = Counter(state.deck[0]) + Counter({v: state.hand[0][v] for v in (1, 5)})
    assert rest == Counter({1: 2, 5: 3})


# ------------------------------------------------------------------ accidents


def test_a_wall_crash_refills_a_short_hand_to_five() -> None:
    state = race()
    park_others(state, 0)
    put(state, 0, 4, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [5, 5, 1, 2, 2])
    deck = len(state.deck[0])
    state.apply(PlayCard(5, "right"))
    state.apply(PlayCard(5, "discard"))  # 3 + 5 - 5 = 3 forward, 2 right
    state.apply(DIAG)  # off the right side of the track
    assert where(state, 0) == (4, 1, 0) and state.dents(0) == 1
    assert state.hand_count(0) == 5 and len(state.deck[0]) == deck - 1  # 3 + dent + 1 drawn


def test_a_wall_crash_with_a_long_hand_discards_down_to_five_but_keeps_dents() -> None:
    state = race(lanes=[5, 1])
    park_others(state, 0)
    put(state, 0, 4, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [0, 5, 1, 1, 2, 2, 3])
    deck = len(state.deck[0])
    state.apply(PlayCard(5, "right"))  # 5 forward, 2 right
    state.apply(DIAG)  # wall: second dent, 7 cards in hand
    assert state.phase == "discard" and state.dents(0) == 2
    assert state.legal_actions() == [Discard(1), Discard(2), Discard(3)]
    state.apply(Discard(3))
    state.apply(Discard(2))
    assert state.hand_count(0) == 5 and state.dents(0) == 2
    assert len(state.deck[0]) == deck


def test_speeding_dents_count_towards_the_hand_and_push_dog_cards_out() -> None:
    state = race(course=LEFT_CORNER)  # C1 limit 5
    park_others(state, 0)
    put(state, 0, 2, 1, 3)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 5, 3, 3)
    give(state, 0, [5, 1, 1, 1, 1])
    deck = len(state.deck[0])
    state.apply(PlayCard(5, "right"))  # 7 forward over a limit of 5: two dents
    assert state.dents(0) == 2
    assert state.hand_count(0) == 5 and state.hand[0][1] == 3  # one 1 discarded
    assert state.discards[0][-1] == 1 and len(state.deck[0]) == deck


def test_a_diagonal_step_into_a_sled_is_a_collision() -> None:
    # documented decision: the seed names forward collisions; a diagonal step
    # into an occupied cell is treated the same way
    state = race()
    put(state, 1, 1, 1, 1)
    put(state, 0, 0, 1, 0)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [4, 1, 1, 1, 1])
    state.apply(PlayCard(4, "right"))  # 4 forward, 1 right
    state.apply(DIAG)
    assert where(state, 0) == (0, 1, 0) and state.dents(0) == 0
    assert state.hand_count(0) == 4 and state.current() == 1  # no refill, turn over


def test_a_tree_once_hit_is_gone_for_the_next_sled() -> None:
    state = race(course="START:a,S1:b,S2:a,FINISH:a")  # S1 side b: tree in lane 1, row 0
    put(state, 0, 1, 0, 2)
    put(state, 1, 4, 0, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))
    assert state.dents(0) == 1
    put(state, 0, 3, 2, 0)  # out of the way
    put(state, 1, 1, 0, 2)
    turn_of(state, 1, round_no=1)
    give(state, 1, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))  # through the same cell
    assert where(state, 1) == (1, 1, 2) and state.dents(1) == 0


# ------------------------------------------------------------------ elimination and end


def test_an_eliminated_sled_leaves_the_course_and_blocks_no_one() -> None:
    state = race(players=3)
    put(state, 1, 2, 1, 2)
    give(state, 1, [0, 0, 0, 0, 1])
    assert state._take_dent(1)  # the fifth dent
    assert state.status[1] == OUT and not state.occupied(state.cell[1])
    put(state, 2, 4, 3, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    state.order = [0, 1, 2]
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))  # straight through the cell the sled left
    assert where(state, 0) == (2, 1, 3)
    assert state.current() == 2, "an eliminated sled takes no more turns"


def test_a_collision_names_the_sled_on_the_cell_not_an_eliminated_one() -> None:
    state = race(players=3)
    put(state, 1, 2, 1, 2)
    give(state, 1, [0, 0, 0, 0, 1])
    state._take_dent(1)  # seat 1 is out; its old cell is free
    put(state, 2, 2, 1, 2)  # seat 2 has since moved onto that cell
    put(state, 0, 2, 1, 0)
    turn_of(state, 0, round_no=1)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))
    assert where(state, 0) == (2, 1, 1)
    assert ["bump", 2] in state.last_events


def test_a_fifth_dent_from_speeding_stops_the_sled_at_once() -> None:
    state = race(course=LEFT_CORNER)
    park_others(state, 0)
    put(state, 0, 2, 1, 3)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 5, 3, 3)
    give(state, 0, [0, 0, 0, 0, 5])
    state.apply(PlayCard(5, "right"))  # 7 forward over a limit of 5
    assert state.status[0] == OUT and not state.on_track(0)
    turn = state.last_events
    assert [e[0] for e in turn].count("move") == 1  # no step after the line
    assert turn.count(["dent"]) == 1 and ["eliminated"] in turn
    assert state.current() == 1


def test_a_fifth_dent_for_having_no_dog_card_eliminates() -> None:
    state = race()
    turn_of(state, 1)
    state.order, state.order_idx = [0, 1], 0
    give(state, 1, [0, 0, 0, 0])  # four dents, no dog card (a collision left it short)
    state._end_turn()  # seat 1's turn begins: it must take a dent
    assert state.status[1] == OUT and state.dents(1) == 5
    assert state.current() == 0 and state.round_no == 3


def test_the_race_ends_when_the_last_racing_sled_is_eliminated() -> None:
    state = race(course="START:a,S1:a,FINISH:a")
    put(state, 0, 0, 2, 2)
    state.status[0] = FINISHED
    put(state, 1, 4, 1, 0)
    turn_of(state, 1, round_no=4)
    state.order = [1, 0]
    dogs(state, 1, 3, 3, 3)
    give(state, 1, [0, 0, 0, 0, 4])
    state.apply(PlayCard(4, "right"))
    state.apply(DIAG)  # into the wall: fifth dent
    assert state.status == [FINISHED, OUT]
    assert state.is_terminal() and state.ranks() == [1, 2]
    assert RACING not in state.status


# ------------------------------------------------------------------ documented decisions


def test_diagonal_steps_in_a_corner_go_past_the_cell_alongside() -> None:
    # decision 2: C1:a has 3, 3, 4, 4, 5 cells from the inside lane outwards
    track = SnowTails(players=2, course=LEFT_CORNER).track
    middle_inside = track.cell_at(0, 2, 1)  # the middle of three cells
    assert track.diag_right[middle_inside] == track.cell_at(1, 2, 2)
    middle_second = track.cell_at(1, 2, 1)  # alongside: cell 2 of 4 in lane 2
    assert track.diag_right[middle_second] == track.cell_at(2, 2, 3)
    last_outside = track.cell_at(4, 2, 4)
    assert track.diag_left[last_outside] == track.cell_at(3, 3, 0)


def test_each_speed_line_crossed_in_one_move_is_checked_on_its_own() -> None:
    # decision 3: U2:a (limit 5) then C4:a (limit 4) back to back; 5 forward
    # from the end of S1 in the inside lane crosses both lines
    state = race(course="START:a,S1:a,U2:a,C4:a,FINISH:a")
    park_others(state, 0)
    put(state, 0, 0, 1, 3)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 4, 3, 3)
    give(state, 0, [4, 1, 1, 1, 1])
    state.apply(PlayCard(4, "right"))  # 4 + 4 - 3 = 5 forward, no drift
    assert where(state, 0) == (0, 3, 1)
    lines = [e for e in state.last_events if e[0] == "line"]
    assert lines == [["line", 5, 0], ["line", 4, 1]] and state.dents(0) == 1


def test_the_bonus_counts_the_place_after_the_normal_move() -> None:
    # decision 4: overtaking during the normal move earns the better place's bonus
    state = race(players=3)
    put(state, 0, 1, 1, 0)
    put(state, 1, 3, 1, 2)  # ahead when the turn starts, passed by the move
    put(state, 2, 0, 2, 3)  # finished sleds would count too; this one stays ahead
    turn_of(state, 0, round_no=2)
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    assert state.place(0) == 3
    state.apply(PlayCard(3, "left"))
    assert state.phase == "bonus" and state.bonus_steps == 2


def test_the_bonus_place_counts_sleds_already_past_the_finish() -> None:
    state = race(players=2, course="START:a,S1:a,FINISH:a")
    put(state, 1, 3, 2, 5)
    state.status[1] = FINISHED
    put(state, 0, 1, 1, 0)
    turn_of(state, 0, round_no=3)
    state.order = [0]
    dogs(state, 0, 2, 2, 3)  # 1 forward, dogs equal
    give(state, 0, [2, 1, 1, 1, 1])
    state.apply(PlayCard(2, "left"))
    assert state.bonus_steps == 2


def test_a_finished_sled_stays_on_the_course_as_an_obstacle() -> None:
    # decision 6
    state = race(course="START:a,S1:a,FINISH:a")
    put(state, 1, 2, 2, 1)
    state.status[1] = FINISHED
    put(state, 0, 2, 1, 3)
    turn_of(state, 0, round_no=5)
    state.order = [0]
    dogs(state, 0, 3, 3, 3)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))  # 3 straight: the second cell past the line is taken
    assert where(state, 0) == (2, 2, 0) and state.status[0] == FINISHED
    assert ["bump", 1] in state.last_events


def test_season_points_tie_goes_to_the_better_place_in_the_last_race() -> None:
    # decision 8: each sled wins one race, so both have 6 + 4 points
    game = SnowTails(players=2, course="START:a,S1:a,FINISH:a", races=2)
    state = game.new_initial_state(3)
    for number in (1, 2):
        state.apply(ChooseLane(number))
    put(state, 0, 0, 2, 5)
    put(state, 1, 1, 2, 1)
    state.status = [FINISHED, FINISHED]
    state._end_race()
    for number in (1, 2):
        state.apply(ChooseLane(number))
    put(state, 0, 0, 2, 1)
    put(state, 1, 1, 2, 5)
    state.status = [FINISHED, FINISHED]
    state._end_race()
    assert state.is_terminal() and state.points == [10, 10]
    assert state.winners() == [1] and state.ranks() == [2, 1]
