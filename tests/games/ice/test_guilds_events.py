"""ICE: the designed guild abilities and event cards (item 10), one test each."""

from __future__ import annotations

from meeple.games.ice.actions import DIG, CallArchaeologist, CallLeader, Display, Explore
from meeple.games.ice.components import (
    ALCHEMISTS,
    CENTRE,
    CRYOARCHITECTS,
    ENLIGHTENED,
    HARMONY,
    INCANDESCENTS,
    LAYER_POSITIONS,
    NAVIGATORS,
    NEIGHBOURS,
    SURFACE,
)
from tests.games.ice.builders import dig_ready, face, leader_at, remove_tile, with_camp, with_guild


def test_navigators_take_the_first_step_of_a_turn_for_free() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    to = next(a.tile for a in state.legal_actions(0) if isinstance(a, Explore))
    state.apply(Explore(to, 0))
    assert state.ap[0] == 5
    back = next(a.tile for a in state.legal_actions(0) if isinstance(a, Explore))
    state.apply(Explore(back, 0))
    assert state.ap[0] == 4


def test_incandescents_dig_their_first_tile_of_a_turn_for_one_less() -> None:
    state = dig_ready()
    with_guild(state, 0, INCANDESCENTS)
    assert state.dig_cost(0) == 1
    with_guild(state, 0, ALCHEMISTS)
    assert state.dig_cost(0) == 2


def test_cryoarchitects_call_two_archaeologists() -> None:
    state = dig_ready()
    with_guild(state, 0, CRYOARCHITECTS)
    with_camp(state, CENTRE)
    state.apply(CallArchaeologist(CENTRE))
    assert state.arch[CENTRE] == 2 and state.arch_supply == 48


def test_enlightened_guild_is_the_one_with_a_request_bonus() -> None:
    state = dig_ready()
    state.done = [[0], [0]]
    state.guild = [ENLIGHTENED, NAVIGATORS]
    assert state.score_breakdown(0)["requests"] == state.score_breakdown(1)["requests"] + 2


def test_reinforcements_put_an_archaeologist_on_every_camp() -> None:
    state = dig_ready()
    camps = [LAYER_POSITIONS[0][0], LAYER_POSITIONS[0][-1]]
    for p in camps:
        with_camp(state, p)
    state.day = 4
    state.open_event()
    assert [state.arch[p] for p in camps] == [1, 1]


def test_festival_adds_a_renown_to_each_artifact_displayed_that_night() -> None:
    state = dig_ready()
    state.day = 6
    state.board[0], state.prism_as[0] = [face(SURFACE, kind=HARMONY)], [-1]
    state.ap = [0, 0]
    state.phase = 1
    state.next_turn()
    state.apply(Display(HARMONY, False, False))
    assert state.renown[0] == 2  # 1 for an inactive artifact, +1 festival


def test_a_leader_lost_in_a_collapse_is_called_back_to_a_camp() -> None:
    state = dig_ready()
    x = NEIGHBOURS[CENTRE][0]
    other = next(q for q in NEIGHBOURS[x] if q != CENTRE and q not in NEIGHBOURS[CENTRE])
    for q in NEIGHBOURS[x]:
        if q not in (CENTRE, other):
            remove_tile(state, q)
    leader_at(state, 1, x)
    camp = LAYER_POSITIONS[0][0]
    with_camp(state, camp)
    state.apply(DIG)
    while state.pending():
        state.apply(state.legal_actions(0)[0])
    assert state.leader[1] == -1
    state.current = 1
    state.spent = 0
    assert CallLeader(camp) in state.legal_actions(1)
