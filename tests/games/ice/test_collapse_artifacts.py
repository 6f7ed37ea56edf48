"""ICE: collapse with cascades (item 6) and the artifacts on the guild board (item 7)."""

from __future__ import annotations

from meeple.games.ice.actions import (
    DIG,
    END_TURN,
    HARMONIZE,
    ExaltedPlace,
    PlaceFigure,
    PrismAs,
    TakeFallen,
)
from meeple.games.ice.components import (
    ACCOMPLISHMENT,
    ALCHEMISTS,
    CENTRE,
    COVERS,
    EDGE,
    EXALTED,
    HARMONY,
    ICE,
    LAYER_POSITIONS,
    NAVIGATORS,
    NEAR,
    NEIGHBOURS,
    OBLITERATION,
    PHILOSOPHY,
    PRISM,
    SNOW,
    SUPPORTS,
)
from tests.games.ice.builders import (
    dig_ready,
    face,
    ice_at,
    leader_at,
    remove_tile,
    tile_at,
    with_ap,
    with_arch,
    with_camp,
    with_guild,
)


def _isolate(state, keep: int, also: tuple[int, ...]) -> None:  # type: ignore[no-untyped-def]
    """Remove every same-layer neighbour of ``keep`` except ``also`` (by hand: no collapse)."""
    for q in NEIGHBOURS[keep]:
        if q not in also:
            remove_tile(state, q)


def _finish_sharing(state) -> None:  # type: ignore[no-untyped-def]
    while state.pending() == "share":
        state.apply(state.legal_actions(state.current)[0])


def test_a_tile_left_with_one_same_layer_neighbour_falls_with_its_figures_and_camp() -> None:
    state = dig_ready()
    x = NEIGHBOURS[CENTRE][0]
    assert not EDGE[x]
    other = next(q for q in NEIGHBOURS[x] if q != CENTRE and q not in NEIGHBOURS[CENTRE])
    _isolate(state, x, (CENTRE, other))
    with_arch(state, x, 2)
    leader_at(state, 1, x)
    with_camp(state, x)
    held = state.camps_held[0]
    state.apply(DIG)  # the centre goes: x keeps a single neighbour
    assert state.tile[x] == -1
    assert state.leader[1] == -1 and state.arch[x] == 0
    assert state.camps_held[0] == held + 1  # the mover takes the fallen camp


def test_a_tile_with_two_neighbours_left_stands() -> None:
    state = dig_ready()
    x = NEIGHBOURS[CENTRE][0]
    keep = [q for q in NEIGHBOURS[x] if q != CENTRE][:2]
    _isolate(state, x, (CENTRE, *keep))
    state.apply(DIG)
    assert state.tile[x] >= 0


def test_an_edge_tile_falls_only_when_no_neighbour_is_left() -> None:
    state = dig_ready()
    edge = next(p for p in LAYER_POSITIONS[ICE] if EDGE[p])
    a, b = NEIGHBOURS[edge][:2]
    _isolate(state, edge, (a, b))
    leader_at(state, 0, a)
    state.apply(DIG)
    _finish_sharing(state)
    assert state.tile[edge] >= 0, "one neighbour left: an edge tile stands"
    leader_at(state, 0, b)
    state.spent = 0
    with_ap(state, 0, 5)
    state.apply(DIG)
    assert state.tile[edge] == -1


def test_collapse_cascades() -> None:
    state = dig_ready()
    x = NEIGHBOURS[CENTRE][0]
    y = next(q for q in NEIGHBOURS[x] if q != CENTRE and q not in NEIGHBOURS[CENTRE])
    w = next(q for q in NEIGHBOURS[y] if q not in NEIGHBOURS[x] and q != x)
    _isolate(state, x, (CENTRE, y))
    _isolate(state, y, (x, w))
    state.apply(DIG)  # centre out -> x has only y -> x falls -> y has only w -> y falls
    assert state.tile[x] == -1 and state.tile[y] == -1
    assert state.tile[w] >= 0


def _holding(state, seat: int, *faces: int, prism_as: int = -1) -> None:  # type: ignore[no-untyped-def]
    state.board[seat] = list(faces)
    state.prism_as[seat] = [prism_as if _kind(f) == PRISM else -1 for f in faces]


def _kind(f: int) -> int:
    from meeple.games.ice.components import FACES

    return FACES[f].kind


def test_artifacts_work_with_one_active_two_inactive_or_inactive_and_prism() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _holding(state, 0, face(1, kind=HARMONY))
    assert not state.works(0, HARMONY)
    _holding(state, 0, face(1, kind=HARMONY, active=True))
    assert state.works(0, HARMONY)
    _holding(state, 0, face(1, kind=HARMONY), face(2, kind=HARMONY))
    assert state.works(0, HARMONY)
    _holding(state, 0, face(1, kind=HARMONY), face(1, kind=PRISM), prism_as=HARMONY)
    assert state.works(0, HARMONY)
    _holding(state, 0, face(1, kind=HARMONY), face(1, kind=PRISM), prism_as=EXALTED)
    assert not state.works(0, HARMONY)


def test_alchemists_need_a_single_inactive_artifact() -> None:
    state = dig_ready()
    with_guild(state, 0, ALCHEMISTS)
    _holding(state, 0, face(1, kind=HARMONY))
    assert state.works(0, HARMONY)


def test_accomplishment_gives_one_more_ap_a_day() -> None:
    state = dig_ready()
    state.day = 5
    _holding(state, 0, face(1, kind=ACCOMPLISHMENT, active=True))
    assert state.day_ap(0) == 6 and state.day_ap(1) == 5


def test_exalted_puts_an_archaeologist_on_a_new_tile_after_the_first_dig_of_the_turn() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _holding(state, 0, face(1, kind=EXALTED, active=True))
    state.apply(DIG)
    _finish_sharing(state)
    legal = state.legal_actions(0)
    assert ExaltedPlace(-1) in legal
    target = SUPPORTS[CENTRE][0]
    state.apply(ExaltedPlace(target))
    assert state.arch[target] == 1
    # the second dig of the turn gives no such placement
    leader_at(state, 0, next(p for p in LAYER_POSITIONS[ICE] if p != CENTRE and (not EDGE[p])))
    with_arch(state, state.leader[0], 2)
    state.apply(DIG)
    _finish_sharing(state)
    assert state.pending() is None


def test_harmony_pulls_one_archaeologist_from_each_nearby_tile_once_a_turn() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _holding(state, 0, face(1, kind=HARMONY, active=True))
    near = [p for p in NEAR[CENTRE] if state.visible(p)]
    for p in near:
        with_arch(state, p, 2)
    state.apply(HARMONIZE)
    assert state.arch[CENTRE] == len(near)
    assert all(state.arch[p] == 1 for p in near)
    assert state.ap[0] == 4 and HARMONIZE not in state.legal_actions(0)


def _collapse_setup(state) -> int:  # type: ignore[no-untyped-def]
    x = NEIGHBOURS[CENTRE][0]
    other = next(q for q in NEIGHBOURS[x] if q != CENTRE and q not in NEIGHBOURS[CENTRE])
    _isolate(state, x, (CENTRE, other))
    return x


def test_obliteration_gives_two_ap_when_a_collapse_happens_in_ones_turn_once_a_turn() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _holding(state, 0, face(1, kind=OBLITERATION, active=True))
    _collapse_setup(state)
    state.apply(DIG)  # costs 2, collapse gives 2
    assert state.ap[0] == 5
    assert state.flags & 8


def test_philosophy_takes_one_fallen_tile() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _holding(state, 0, face(1, kind=PHILOSOPHY, active=True))
    x = _collapse_setup(state)
    ice_at(state, x, SNOW)
    state.apply(DIG)
    _finish_sharing(state)
    legal = state.legal_actions(0)
    assert legal == [TakeFallen(-1), TakeFallen(face(ICE, terrain=SNOW))]
    state.apply(TakeFallen(face(ICE, terrain=SNOW)))
    assert state.hand[0] == [SNOW, SNOW]  # the dug centre and the fallen tile


def test_a_prism_is_given_a_type_again_whenever_a_new_artifact_arrives() -> None:
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    _holding(state, 0, face(1, kind=PRISM), prism_as=EXALTED)
    p = SUPPORTS[CENTRE][0]
    for c in COVERS[p]:
        remove_tile(state, c)
    tile_at(state, p, face(1, kind=HARMONY))
    leader_at(state, 0, p)
    state.apply(DIG)
    _finish_sharing(state)
    assert state.pending() == "prism"
    state.apply(PrismAs(HARMONY))
    assert state.prism_as[0] == [HARMONY, -1]
    assert state.works(0, HARMONY)
    state.apply(END_TURN)


def test_figure_sharing_is_a_decision_of_the_mover_only() -> None:
    state = dig_ready()
    with_arch(state, CENTRE, 1)
    state.apply(DIG)
    assert isinstance(state.legal_actions(0)[0], PlaceFigure)
    assert state.legal_actions(1) == []
