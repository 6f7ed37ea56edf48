"""ICE, read again against the seed (issue 33, item 7): Obliteration with a second
collapse in the same turn, Philosophy with several fallen tiles, and the fault
against every way a figure moves.

Every test arranges a board by hand (tests/games/ice/builders.py) and checks
the outcome. The seed's words each one rests on are quoted in
docs/games/ice.md ("Decisions").
"""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.games.ice.actions import (
    DIG,
    END_TURN,
    HARMONIZE,
    PASS,
    CallArchaeologist,
    CallLeader,
    Explore,
    PlaceFigure,
    SetUpCamp,
    TakeFallen,
    UseIce,
)
from meeple.games.ice.components import (
    CENTRE,
    COVERS,
    DISTANCE,
    EDGE,
    FAULT,
    HARMONY,
    ICE,
    INCANDESCENTS,
    LAYER_OF,
    LAYER_POSITIONS,
    NAVIGATORS,
    NEAR,
    NEIGHBOURS,
    NUNATAK,
    OBLITERATION,
    PHILOSOPHY,
    SNOW,
    SUPPORTS,
    SURFACE,
    TUNNEL,
)
from meeple.games.ice.state import OBLITERATION_USED
from tests.games.ice.builders import (
    dig_ready,
    face,
    ice_at,
    leader_at,
    remove_tile,
    tile_at,
    two_layer_cascade,
    with_arch,
    with_camp,
    with_guild,
    with_hand,
)

# -- arranging collapses -----------------------------------------------------------------


def _hold(state, seat: int, kind: int) -> None:  # type: ignore[no-untyped-def]
    """``seat``'s guild board holds one active artifact of ``kind`` (its ability works)."""
    state.board[seat] = [face(SURFACE, kind=kind, active=True)]
    state.prism_as[seat] = [-1]
    assert state.works(seat, kind)


def _region(t: int) -> set[int]:
    """The ice tiles a trap around ``t`` touches: ``t``, its neighbours, and x's."""
    x = next(q for q in NEIGHBOURS[t] if not EDGE[q])
    return {t, *NEIGHBOURS[t], *NEIGHBOURS[x]}


def _trap(state, t: int) -> int:  # type: ignore[no-untyped-def]
    """Make ``t`` a tile whose removal drops one neighbour ``x``: x keeps only ``t`` and
    one tile beyond (removed by hand, so nothing falls yet). Returns x."""
    x = next(q for q in NEIGHBOURS[t] if not EDGE[q])
    other = next(q for q in NEIGHBOURS[x] if q != t and q not in NEIGHBOURS[t])
    for q in NEIGHBOURS[x]:
        if q not in (t, other):
            remove_tile(state, q)
    return x


def _far_apart(count: int) -> list[int]:
    """``count`` ice tiles off the edge whose trap regions do not touch (the centre first)."""
    chosen = [CENTRE]
    for t in LAYER_POSITIONS[ICE]:
        if len(chosen) == count:
            break
        if not EDGE[t] and not any(_region(t) & _region(c) for c in chosen):
            chosen.append(t)
    assert len(chosen) == count
    return chosen


def _gone(before: list[int], state) -> set[int]:  # type: ignore[no-untyped-def]
    """The positions that left the board since ``before`` (a copy of ``state.tile``)."""
    return {p for p, f in enumerate(before) if f >= 0 and state.tile[p] < 0}


def _finish_sharing(state) -> None:  # type: ignore[no-untyped-def]
    while state.pending() == "share":
        state.apply(state.legal_actions(state.current)[0])


def _free_dig_at(state, seat: int, t: int) -> None:  # type: ignore[no-untyped-def]
    """``seat``'s leader walks to ``t`` (by hand) where two archaeologists make the dig free."""
    leader_at(state, seat, t)
    with_arch(state, t, 2)
    assert state.dig_cost(seat) == 0


# -- Obliteration ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 5])
def test_obliteration_pays_once_a_turn_when_a_second_collapse_follows(players: int) -> None:
    """滅跡: 2 AP when a collapse happens in one's turn, 每回合一次: the second collapse
    of the same turn gives nothing; the next turn pays again."""
    state = dig_ready(players=players)
    with_guild(state, 0, NAVIGATORS)
    _hold(state, 0, OBLITERATION)
    first, second, third = _far_apart(3)
    x1, x2 = _trap(state, first), _trap(state, second)

    before = list(state.tile)
    state.apply(DIG)  # the centre: 2 AP (the leader stands there), x1 falls: +2
    assert _gone(before, state) == {first, x1}
    assert state.ap[0] == 5 and state.flags & OBLITERATION_USED
    _finish_sharing(state)

    _free_dig_at(state, 0, second)
    before = list(state.tile)
    state.apply(DIG)  # a free dig, x2 falls: no second payment this turn
    assert _gone(before, state) == {second, x2}
    assert state.ap[0] == 5
    _finish_sharing(state)
    state.apply(END_TURN)

    for seat in range(1, players):  # the others pass; seat 0's next turn comes
        state.apply(PASS, seat)
    assert state.current_seat() == 0 and state.day == 1
    x3 = _trap(state, third)
    _free_dig_at(state, 0, third)
    before = list(state.tile)
    state.apply(DIG)
    assert _gone(before, state) == {third, x3}
    assert state.ap[0] == 7, "a new turn: the next collapse pays again"


def _cascade(state) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Arrange the centre's removal to drop x, then y (a cascade); returns (x, y)."""
    x = NEIGHBOURS[CENTRE][0]
    y = next(q for q in NEIGHBOURS[x] if q != CENTRE and q not in NEIGHBOURS[CENTRE])
    w = next(q for q in NEIGHBOURS[y] if q not in NEIGHBOURS[x] and q != x)
    for q in NEIGHBOURS[x]:
        if q not in (CENTRE, y):
            remove_tile(state, q)
    for q in NEIGHBOURS[y]:
        if q not in (x, w):
            remove_tile(state, q)
    return x, y


def test_obliteration_pays_only_in_ones_own_turn_and_once_for_a_cascade() -> None:
    """Another player's collapse pays nothing; a cascade (one collapse of several tiles)
    pays 2 once."""
    state = dig_ready(players=2)
    state.guild[0] = state.guild[1] = NAVIGATORS
    _hold(state, 0, OBLITERATION)
    x, y = _cascade(state)
    leader_at(state, 0, -1)
    state.apply(PASS)  # seat 0's day is over; seat 1 digs the centre
    leader_at(state, 1, CENTRE)
    state.apply(DIG, 1)
    assert state.tile[x] == -1 and state.tile[y] == -1  # x falls, then y
    assert state.ap == [0, 3], "seat 1 paid 2 and holds no Obliteration; seat 0 gets nothing"

    state = dig_ready(players=2)
    with_guild(state, 0, NAVIGATORS)
    _hold(state, 0, OBLITERATION)
    x, y = _cascade(state)
    state.apply(DIG)
    assert state.tile[x] == -1 and state.tile[y] == -1
    assert state.ap[0] == 5  # 5 - 2 + 2: two tiles fell, one payment


# -- Philosophy --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 3])
def test_philosophy_takes_one_of_several_fallen_tiles_and_the_rest_leave(players: int) -> None:
    """哲學: 拿取其中 1 個版塊（最多只能拿取 1 個）: of the tiles one collapse drops, the mover
    picks one (or none); the others leave the game."""
    state = dig_ready(players=players)
    with_guild(state, 0, NAVIGATORS)
    _hold(state, 0, PHILOSOPHY)
    nunatak, tunnel = face(ICE, terrain=NUNATAK), face(ICE, terrain=TUNNEL)
    x, y = _cascade(state)
    tile_at(state, x, nunatak)
    tile_at(state, y, tunnel)
    state.apply(DIG)
    _finish_sharing(state)
    assert state.tile[x] == -1 and state.tile[y] == -1
    assert state.pending() == "fallen"
    assert state.legal_actions(0) == [TakeFallen(-1), TakeFallen(nunatak), TakeFallen(tunnel)]
    assert state.view(1 % players)["pending"]["fallen"] == ["nunatak", "tunnel"]
    state.apply(TakeFallen(tunnel))
    assert state.hand[0] == [TUNNEL, SNOW]  # the fallen tunnel and the dug centre, nothing else
    assert state.pending() is None, "one pick only"
    assert all(not isinstance(a, TakeFallen) for a in state.legal_actions(0))


def test_philosophy_picks_across_layers_and_again_at_the_next_collapse() -> None:
    """A 4-AP dig takes a surface tile with its last ice cover: a tile falls in each layer,
    and the pick may be the fallen artifact (to the guild board, face up). A later collapse
    in the same turn gives another pick: unlike Obliteration, Philosophy has no once a turn."""
    state = dig_ready(players=2)
    with_guild(state, 0, INCANDESCENTS)  # the first dig costs 1 less: 4 - 1 leader - 1 = 2
    _hold(state, 0, PHILOSOPHY)
    s, ix, sx = two_layer_cascade(state)
    harmony = face(SURFACE, kind=HARMONY, active=True)
    tile_at(state, sx, harmony)
    tile_at(state, s, face(SURFACE))  # an empty tile: nothing of the dig itself reaches the board
    ice_at(state, ix, NUNATAK)
    leader_at(state, 0, s)
    assert state.dig_target(0) == (s, CENTRE)
    state.apply(DIG)
    _finish_sharing(state)
    assert state.tile[ix] == -1 and state.tile[sx] == -1
    assert state.legal_actions(0) == [
        TakeFallen(-1),
        TakeFallen(face(ICE, terrain=NUNATAK)),
        TakeFallen(harmony),
    ]
    state.apply(TakeFallen(harmony))
    assert state.board[0] == [face(SURFACE, kind=PHILOSOPHY, active=True), harmony]
    assert NUNATAK not in state.hand[0]

    far = next(t for t in _far_apart(2) if t != CENTRE)
    x = _trap(state, far)
    ice_at(state, x, TUNNEL)
    _free_dig_at(state, 0, far)
    state.apply(DIG)
    _finish_sharing(state)
    assert state.legal_actions(0) == [TakeFallen(-1), TakeFallen(face(ICE, terrain=TUNNEL))]
    state.apply(TakeFallen(-1))  # taking nothing is allowed too
    assert TUNNEL not in state.hand[0] and state.tile[x] == -1


# -- faults against every way a figure moves ----------------------------------------------
#
# The fault "阻礙相鄰版塊間的移動路線": it blocks the route between itself and the
# tiles next to it, both ways. The moves along such a route: Explore (paid, with 0-3
# archaeologists, or the Navigators' free step), the snow tile's free step, Harmony's
# pull and the fault tile's own pull. The moves that follow no route: Call (from
# anywhere to a camp), Set up camp, figures and a camp going down onto the tiles a dig
# exposes, a tile taken off the board by a dig. A fault blocks the first kind only.


def _fault_next_to_centre(state) -> int:  # type: ignore[no-untyped-def]
    f = next(p for p in NEAR[CENTRE] if LAYER_OF[p] == ICE)
    ice_at(state, f, FAULT)
    return f


@pytest.mark.parametrize("guild", [NAVIGATORS, INCANDESCENTS])
def test_explore_never_steps_onto_a_fault_with_or_without_archaeologists(guild: int) -> None:
    """Paid steps, the Navigators' free first step, with 0-3 archaeologists: not onto a fault."""
    state = dig_ready()
    with_guild(state, 0, guild)
    fault = _fault_next_to_centre(state)
    with_arch(state, CENTRE, 3)
    steps = [a for a in state.legal_actions(0) if isinstance(a, Explore)]
    assert steps and {a.carry for a in steps} == {0, 1, 2, 3}
    assert all(a.tile != fault for a in steps)
    before = state.to_json()
    for carry in range(4):
        with pytest.raises(IllegalActionError):
            state.apply(Explore(fault, carry))
    assert state.to_json() == before


def test_explore_never_steps_off_a_fault() -> None:
    """A leader standing on a fault (it set up camp there) has no route out: no step at all."""
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    leader_at(state, 0, -1)
    spot = next(a.tile for a in state.legal_actions(0) if isinstance(a, SetUpCamp))
    ice_at(state, spot, FAULT)
    state.apply(SetUpCamp(spot))  # placing is no move along a route: allowed onto a fault
    assert state.leader[0] == spot
    with_arch(state, spot, 2)
    assert not any(isinstance(a, Explore) for a in state.legal_actions(0))
    to = next(p for p in NEAR[spot] if state.visible(p))
    with pytest.raises(IllegalActionError):
        state.apply(Explore(to, 0))


def test_a_fault_blocks_only_routes_that_touch_it() -> None:
    """Two tiles that are both next to a fault still have their own route between them."""
    state = dig_ready()
    fault = _fault_next_to_centre(state)
    other = next(p for p in NEAR[CENTRE] if p in NEAR[fault] and LAYER_OF[p] == ICE)
    with_guild(state, 0, INCANDESCENTS)
    state.apply(Explore(other, 0))
    assert state.leader[0] == other and state.ap[0] == 4


def test_the_snow_tiles_free_step_neither_onto_nor_off_a_fault() -> None:
    state = dig_ready()
    fault = _fault_next_to_centre(state)
    with_hand(state, 0, SNOW)
    targets = [a.tile for a in state.legal_actions(0) if isinstance(a, UseIce)]
    assert targets and fault not in targets
    with pytest.raises(IllegalActionError):
        state.apply(UseIce(SNOW, fault))
    leader_at(state, 0, fault)
    assert not any(isinstance(a, UseIce) for a in state.legal_actions(0))


def test_harmony_pulls_nobody_off_a_fault_nor_onto_a_leader_on_one() -> None:
    """和諧 moves archaeologists from the tiles next to the leader: a route, so a fault
    at either end blocks it."""
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _hold(state, 0, HARMONY)
    fault = _fault_next_to_centre(state)
    near = [p for p in NEAR[CENTRE] if state.visible(p)]
    for p in near:
        with_arch(state, p, 2)
    state.apply(HARMONIZE)
    assert state.arch[fault] == 2, "nobody comes off the fault"
    assert state.arch[CENTRE] == len(near) - 1
    assert all(state.arch[p] == 1 for p in near if p != fault)

    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _hold(state, 0, HARMONY)
    ice_at(state, CENTRE, FAULT)  # the leader stands on a fault
    for p in NEAR[CENTRE]:
        if state.visible(p):
            with_arch(state, p, 2)
    assert HARMONIZE not in state.legal_actions(0)
    with pytest.raises(IllegalActionError):
        state.apply(HARMONIZE)


def test_the_fault_tiles_pull_needs_an_open_route_too() -> None:
    """The (designed) ability of a fault tile in hand pulls an archaeologist from a nearby
    tile to the leader: along a route, so not off a fault on the board, nor onto one."""
    state = dig_ready()
    with_hand(state, 0, FAULT)
    fault = _fault_next_to_centre(state)
    open_tile = next(p for p in NEAR[CENTRE] if state.visible(p) and p != fault)
    state.arch[fault] = state.arch[open_tile] = 1
    assert [a.tile for a in state.legal_actions(0) if isinstance(a, UseIce)] == [open_tile]
    with pytest.raises(IllegalActionError):
        state.apply(UseIce(FAULT, fault))
    state.apply(UseIce(FAULT, open_tile))
    assert state.arch[CENTRE] == 1 and state.arch[open_tile] == 0 and state.arch[fault] == 1

    state = dig_ready()
    with_hand(state, 0, FAULT)
    ice_at(state, CENTRE, FAULT)
    for p in NEAR[CENTRE]:
        if state.visible(p):
            with_arch(state, p, 1)
    assert not any(isinstance(a, UseIce) for a in state.legal_actions(0))


def test_call_and_set_up_camp_follow_no_route_so_a_fault_does_not_stop_them() -> None:
    """Call brings the leader "from anywhere" and an archaeologist from the supply to a
    camp; Set up camp places: none moves along a route, so faults at either end allow it."""
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    on_fault = next(p for p in LAYER_POSITIONS[ICE] if DISTANCE[CENTRE][p] >= 3)
    ice_at(state, on_fault, FAULT)
    with_camp(state, on_fault)
    ice_at(state, CENTRE, FAULT)  # the leader stands on a fault too
    state.apply(CallLeader(on_fault))  # off one fault, onto another
    assert state.leader[0] == on_fault
    state.apply(CallArchaeologist(on_fault))
    assert state.arch[on_fault] == 1
    plain = next(p for p in LAYER_POSITIONS[ICE] if DISTANCE[on_fault][p] >= 3)
    with_camp(state, plain)
    state.apply(CallLeader(plain))  # off the fault again
    assert state.leader[0] == plain and state.ap[0] == 2


def test_digging_a_fault_sends_its_figures_and_camp_down_and_takes_the_tile() -> None:
    """The tile itself leaves the board, and its figures and camp go down onto the tiles it
    exposes: vertical moves, no route between neighbours, so the fault allows them."""
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    ice_at(state, CENTRE, FAULT)
    with_arch(state, CENTRE, 1)
    assert state.dig_cost(0) == 1
    state.apply(DIG)
    assert state.tile[CENTRE] == -1 and state.hand[0] == [FAULT]
    assert sorted(state.view(0)["pending"]["exposed"]) == sorted(SUPPORTS[CENTRE])
    while state.pending() == "share":
        state.apply(next(a for a in state.legal_actions(0) if isinstance(a, PlaceFigure)))
    assert state.leader[0] in SUPPORTS[CENTRE]
    assert sum(state.arch[p] for p in SUPPORTS[CENTRE]) == 1


def test_a_fault_as_the_last_cover_is_dug_with_the_tile_under_it() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    s = SUPPORTS[CENTRE][0]
    for c in COVERS[s]:
        if c != CENTRE:
            remove_tile(state, c)
    ice_at(state, CENTRE, FAULT)
    leader_at(state, 0, s)
    assert state.dig_target(0) == (s, CENTRE)
    state.apply(DIG)
    assert state.tile[s] == -1 and state.tile[CENTRE] == -1
    assert FAULT in state.hand[0]
