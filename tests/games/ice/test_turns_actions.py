"""ICE: days and turns (item 4), the five actions (item 5), after a dig, ice tiles.

Each test sets up a board by hand (tests/games/ice/builders.py) and checks
the outcome of one rule of seed 000 or one recorded decision.
"""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.games.ice.actions import (
    DIG,
    END_TURN,
    PASS,
    PLAN,
    CallArchaeologist,
    CallLeader,
    Explore,
    MoveCamp,
    PlaceFigure,
    SetUpCamp,
    UseIce,
)
from meeple.games.ice.components import (
    CENTRE,
    COVERS,
    DISTANCE,
    EDGE,
    FAULT,
    ICE,
    LAYER_OF,
    LAYER_POSITIONS,
    NEAR,
    NUNATAK,
    SNOW,
    SUPPORTS,
    TUNNEL,
)
from meeple.games.ice.state import EOD
from tests.games.ice.builders import (
    blank,
    dig_ready,
    face,
    ice_at,
    leader_at,
    ready,
    remove_tile,
    tile_at,
    with_arch,
    with_camp,
    with_guild,
    with_hand,
)

# -- days and turns -------------------------------------------------------------------


def test_each_player_has_five_ap_a_day() -> None:
    state = ready(players=3)
    assert state.ap == [5, 5, 5]


def test_plan_costs_one_ap_and_gives_six_ap_the_next_day() -> None:
    state = dig_ready()
    state.apply(PLAN)
    assert state.ap[0] == 4 and state.plan[0] == 1
    assert PLAN not in state.legal_actions(0)  # one marker a day
    state.day = 5  # an event without an AP effect (thaw), so the 6 is the plan's alone
    assert state.day_ap(0) == 6 and state.day_ap(1) == 5


def test_a_turn_spends_at_most_three_ap() -> None:
    state = dig_ready()
    with_camp(state, CENTRE)
    for _ in range(3):
        state.apply(CallArchaeologist(CENTRE))
    assert state.spent == 3 and state.ap[0] == 2
    legal = state.legal_actions(0)
    assert CallArchaeologist(CENTRE) not in legal and PLAN not in legal
    assert END_TURN in legal and PASS not in legal


def test_turns_go_clockwise_and_the_day_ends_when_all_ap_are_spent() -> None:
    state = dig_ready(players=3)
    state.board[0], state.prism_as[0] = [face(1, kind=0)], [-1]  # something to do tonight
    state.apply(PLAN)
    state.apply(END_TURN)
    assert state.current_seat() == 1
    state.ap = [0, 0, 1]
    state.apply(PASS, 1)
    assert state.current_seat() == 2
    state.apply(PASS, 2)
    assert state.phase == EOD and state.current_seat() == 0 and state.day == 1


def test_pass_gives_up_the_rest_of_the_day() -> None:
    state = ready()
    state.apply(PASS)
    assert state.ap[0] == 0 and state.current_seat() == 1
    state.apply(PASS)
    # nobody has AP left: the night comes (and with empty guild boards it is over at once)
    assert state.day == 2 and state.current_seat() == 1


def test_the_start_player_moves_left_each_day_and_each_day_opens_an_event() -> None:
    state = ready(players=3)
    for seat in range(3):
        state.apply(PASS, seat)
    assert state.day == 2 and state.start == 1 and state.current_seat() == 1
    assert state.view(0)["event"] == "clear_skies"
    assert state.ap == [6, 6, 6]  # clear skies lasts the day: +1 AP each


def test_the_day_two_event_ends_with_the_day() -> None:
    state = ready(players=2)
    for _ in range(2):  # day 1 -> 2
        state.apply(PASS)
    for _ in range(2):  # day 2 -> 3: blizzard, digs cost one more
        state.apply(PASS)
    assert state.day == 3 and state.ap == [5, 5]
    blank(state)
    leader_at(state, state.current, CENTRE)
    assert state.dig_cost(state.current) == 3  # 3 - 1 figure + 1 blizzard


# -- set up camp, call, explore ------------------------------------------------------------


def test_set_up_camp_puts_a_camp_and_the_leader_on_a_top_tile_three_away_from_camps() -> None:
    state = dig_ready()
    leader_at(state, 0, -1)
    with_camp(state, CENTRE)
    legal = state.legal_actions(0)
    spots = [a.tile for a in legal if isinstance(a, SetUpCamp)]
    assert spots and all(DISTANCE[CENTRE][p] >= 3 for p in spots)
    assert all(LAYER_OF[p] == ICE for p in spots)  # only the ice is on top so far
    near = next(p for p in LAYER_POSITIONS[ICE] if DISTANCE[CENTRE][p] == 2)
    with pytest.raises(IllegalActionError):
        state.apply(SetUpCamp(near))
    far = spots[0]
    state.apply(SetUpCamp(far))
    assert state.camp[far] == 1 and state.leader[0] == far
    assert state.camps_held[0] == 0 and state.ap[0] == 4


def test_set_up_camp_needs_a_camp_in_hand() -> None:
    state = dig_ready()
    state.camps_held[0] = 0
    assert not any(isinstance(a, SetUpCamp) for a in state.legal_actions(0))


def test_call_brings_an_archaeologist_or_the_leader_alone_to_a_camp() -> None:
    state = dig_ready()
    camp = LAYER_POSITIONS[ICE][0]
    with_camp(state, camp)
    with_arch(state, CENTRE, 2)
    state.apply(CallArchaeologist(camp))
    assert state.arch[camp] == 1 and state.arch_supply == 49 and state.ap[0] == 4
    state.apply(CallLeader(camp))
    assert state.leader[0] == camp and state.arch[CENTRE] == 2  # nobody came along
    with pytest.raises(IllegalActionError):
        state.apply(CallLeader(CENTRE))  # no camp there


def test_call_works_from_the_supply_too() -> None:
    state = dig_ready()
    leader_at(state, 0, -1)
    with_camp(state, CENTRE)
    state.apply(CallLeader(CENTRE))
    assert state.leader[0] == CENTRE


def test_explore_moves_the_leader_one_tile_with_up_to_three_archaeologists() -> None:
    state = dig_ready()
    if state.guild[0] == 0:  # navigators step for free first: take another guild
        with_guild(state, 0, 1)
    with_arch(state, CENTRE, 4)
    legal = [a for a in state.legal_actions(0) if isinstance(a, Explore)]
    assert {a.carry for a in legal} == {0, 1, 2, 3}
    assert all(a.tile in NEAR[CENTRE] for a in legal)
    to = legal[0].tile
    state.apply(Explore(to, 3))
    assert state.leader[0] == to and state.arch[to] == 3 and state.arch[CENTRE] == 1
    assert state.ap[0] == 4


def test_faults_block_movement() -> None:
    state = dig_ready()
    fault = next(p for p in NEAR[CENTRE] if LAYER_OF[p] == ICE)
    ice_at(state, fault, FAULT)
    assert all(a.tile != fault for a in state.legal_actions(0) if isinstance(a, Explore))


# -- digging ------------------------------------------------------------------------------------


def test_dig_costs_three_less_one_per_figure() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)  # not the incandescents (their first dig is cheaper)
    assert state.dig_cost(0) == 2  # the leader counts
    with_arch(state, CENTRE, 1)
    assert state.dig_cost(0) == 1
    leader_at(state, 1, CENTRE)
    assert state.dig_cost(0) == 0  # another player's leader counts too


def test_dig_at_a_camp_costs_one() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)
    with_camp(state, CENTRE)
    assert state.dig_cost(0) == 1


def test_a_nunatak_costs_one_more_to_remove() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)
    ice_at(state, CENTRE, NUNATAK)
    assert state.dig_cost(0) == 3


def _surface_with_one_cover(state):  # type: ignore[no-untyped-def]
    p = SUPPORTS[CENTRE][0]
    for c in COVERS[p]:
        if c != CENTRE:
            remove_tile(state, c)
    return p


def test_a_tile_with_a_single_cover_is_dug_with_it_for_four() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)
    p = _surface_with_one_cover(state)
    leader_at(state, 0, p)
    assert state.dig_target(0) == (p, CENTRE)
    assert state.dig_cost(0) == 3  # 4 - the leader
    state.apply(DIG)
    assert state.tile[p] < 0 and state.tile[CENTRE] < 0
    assert state.hand[0] == [SNOW]


def test_a_tile_with_two_covers_left_cannot_be_dug() -> None:
    state = dig_ready()
    p = SUPPORTS[CENTRE][0]
    remove_tile(state, COVERS[p][0] if COVERS[p][0] != CENTRE else COVERS[p][1])
    leader_at(state, 0, p)
    assert state.dig_cost(0) is None and DIG not in state.legal_actions(0)


def test_dug_ice_goes_to_the_hand_and_figures_are_shared_evenly_over_the_exposed_tiles() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)
    with_arch(state, CENTRE, 2)
    state.apply(DIG)  # cost 0: three figures
    assert state.tile[CENTRE] == -1 and state.hand[0] == [SNOW]
    exposed = list(SUPPORTS[CENTRE])
    legal = state.legal_actions(0)
    assert sorted(a.tile for a in legal) == exposed  # the leader first, any of the three
    state.apply(PlaceFigure(exposed[1]))
    legal = state.legal_actions(0)
    assert sorted(a.tile for a in legal) == [exposed[0], exposed[2]]  # evenly
    state.apply(PlaceFigure(exposed[2]))  # the last one has one place left: placed at once
    assert [state.figures_on(p) for p in exposed] == [1, 1, 1]
    assert state.leader[0] == exposed[1] and state.pending() is None


def test_dug_artifacts_go_face_up_to_the_guild_board() -> None:
    state = dig_ready()
    p = _surface_with_one_cover(state)
    remove_tile(state, CENTRE)  # now uncovered
    tile_at(state, p, face(1, kind=2, active=True))
    leader_at(state, 0, p)
    state.apply(DIG)
    assert state.board[0] == [face(1, kind=2, active=True)]
    harmony = state.view(1)["players"][0]["board"][2]
    assert harmony == {
        "place": "harmony",
        "artifacts": [{"kind": "harmony", "active": True, "lit": True}],
    }


def test_an_empty_artifact_tile_is_discarded() -> None:
    state = dig_ready()
    p = _surface_with_one_cover(state)
    remove_tile(state, CENTRE)
    tile_at(state, p, face(1, kind=-1))
    leader_at(state, 0, p)
    state.apply(DIG)
    assert state.board[0] == [] and state.hand[0] == []


def test_the_dug_tiles_camp_moves_to_an_exposed_tile_not_on_the_edge_nor_next_to_a_camp() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)
    with_camp(state, CENTRE)
    exposed = list(SUPPORTS[CENTRE])
    other = next(
        p for p in LAYER_POSITIONS[ICE] if DISTANCE[exposed[0]][p] == 1 and DISTANCE[CENTRE][p] == 1
    )
    with_camp(state, other)  # next to exposed[0]
    state.apply(DIG)
    while isinstance(state.legal_actions(0)[0], PlaceFigure):
        state.apply(state.legal_actions(0)[0])
    targets = state.camp_targets()
    assert exposed[0] not in targets
    if len(targets) > 1:
        state.apply(MoveCamp(targets[0]))
    assert sum(state.camp[p] for p in exposed) == 1
    assert not any(EDGE[p] and state.camp[p] for p in exposed)


def test_a_camp_with_no_legal_place_returns_to_the_digger() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)
    with_camp(state, CENTRE)
    for p in LAYER_POSITIONS[ICE]:
        if p != CENTRE and DISTANCE[CENTRE][p] == 1:
            with_camp(state, p)  # every exposed tile is next to a camp
    held = state.camps_held[0]
    state.apply(DIG)
    assert state.camps_held[0] == held + 1
    assert not any(state.camp[p] for p in SUPPORTS[CENTRE])


def test_free_digs_and_ice_tiles_are_still_allowed_after_the_ap_run_out() -> None:
    state = dig_ready()
    with_guild(state, 0, 0)
    with_camp(state, LAYER_POSITIONS[ICE][0])
    for _ in range(3):
        state.apply(CallArchaeologist(LAYER_POSITIONS[ICE][0]))
    with_arch(state, CENTRE, 2)  # with the leader: a dig for 0 AP
    with_hand(state, 0, NUNATAK)
    legal = state.legal_actions(0)
    assert DIG in legal and UseIce(NUNATAK, -1) in legal
    state.apply(UseIce(NUNATAK, -1))
    assert state.ap[0] == 3 and state.hand[0] == []


def test_ice_tile_abilities() -> None:
    state = dig_ready()
    with_hand(state, 0, TUNNEL, SNOW)
    state.apply(UseIce(TUNNEL, -1))
    assert state.arch[CENTRE] == 1 and state.arch_supply == 49
    to = next(p for p in NEAR[CENTRE] if LAYER_OF[p] == ICE)
    state.apply(UseIce(SNOW, to))
    assert state.leader[0] == to and state.ap[0] == 5  # a free step, alone
    assert state.arch[CENTRE] == 1


def test_ice_tiles_are_used_only_in_ones_own_turn() -> None:
    state = dig_ready()
    with_hand(state, 1, NUNATAK)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalActionError):
        state.apply(UseIce(NUNATAK, -1), 1)
