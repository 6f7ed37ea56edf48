"""ICE: the board as data (item 1), the tiles (item 2), designed content (item 10), setup (item 3).

Each test pins a rule of seed 000 or a decision recorded in docs/games/ice.md.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from meeple.core import IllegalActionError
from meeple.games.ice import Ice
from meeple.games.ice.actions import KeepRequests, UseIce
from meeple.games.ice.components import (
    ARTIFACTS,
    BOUNTY,
    CAMP_T,
    CAMPS,
    CENTRE,
    COVERS,
    DISTANCE,
    EDGE,
    EDIFICE,
    FACES,
    ICE,
    LAYER_MIX,
    LAYER_OF,
    LAYER_POSITIONS,
    NEIGHBOURS,
    NP,
    NR,
    SUPPORTS,
    TERRAIN_COUNTS,
    TERRAINS,
    TUNNEL,
)
from meeple.games.ice.state import KEEP, TURN
from tests.games.ice.builders import leader_at, ready, remove_tile


def test_five_layers_of_about_153_tiles_with_a_hexagonal_top() -> None:
    sizes = [len(p) for p in LAYER_POSITIONS]
    assert sizes == [61, 48, 27, 19, 3]
    assert NP == sum(sizes) == 158
    # the ice layer is a regular hexagon: 1 + 6 + 12 + 18 + 24 tiles
    rings = sorted(DISTANCE[CENTRE][p] for p in LAYER_POSITIONS[ICE])
    assert [rings.count(k) for k in range(5)] == [1, 6, 12, 18, 24]


def test_each_lower_tile_lies_under_three_tiles_and_each_tile_exposes_up_to_three() -> None:
    for p in range(NP):
        if LAYER_OF[p] > ICE:
            assert len(COVERS[p]) == 3
            assert all(LAYER_OF[c] == LAYER_OF[p] - 1 for c in COVERS[p])
        assert len(SUPPORTS[p]) <= 3
        for q in SUPPORTS[p]:
            assert p in COVERS[q]  # covers and supports are the same relation, both ways
    assert len(SUPPORTS[CENTRE]) == 3


def test_neighbours_are_same_layer_and_edges_have_fewer_than_six() -> None:
    for p in range(NP):
        assert all(LAYER_OF[q] == LAYER_OF[p] for q in NEIGHBOURS[p])
        assert all(p in NEIGHBOURS[q] for q in NEIGHBOURS[p])
        assert EDGE[p] == (len(NEIGHBOURS[p]) < 6)
        assert NEIGHBOURS[p], "no tile starts alone (it would fall at once)"
    assert not EDGE[CENTRE]
    # the ice hexagon's outer ring is its edge
    assert sum(EDGE[p] for p in LAYER_POSITIONS[ICE]) == 24


def test_tile_mix_terrains_artifact_types_and_hints() -> None:
    assert TERRAINS == ("camp", "fault", "nunatak", "tunnel", "snow")
    assert ARTIFACTS == (
        "accomplishment",
        "exalted",
        "harmony",
        "philosophy",
        "obliteration",
        "prism",
    )
    ice = [FACES[f].terrain for f in LAYER_MIX[ICE]]
    assert all(ice.count(t) > 0 for t in range(5))
    for layer in (1, 2, 3):
        faces = [FACES[f] for f in LAYER_MIX[layer]]
        kinds = {f.kind for f in faces}
        assert set(range(6)) <= kinds, "every type, prisms included, in every artifact layer"
        assert -1 in kinds, "some artifact tiles are empty"
        assert {f.active for f in faces if f.kind >= 0} == {True, False} or layer == 3
        assert all(0 <= f.hint < 3 for f in faces)
    # deeper is richer: fewer empty tiles, more active faces
    empty = [sum(FACES[f].kind < 0 for f in LAYER_MIX[k]) / len(LAYER_MIX[k]) for k in (1, 2, 3)]
    assert empty[0] > empty[1] > empty[2]


def test_every_designed_table_is_marked_designed() -> None:
    data = tomllib.loads(
        resources.files("meeple.games.ice").joinpath("data.toml").read_text(encoding="utf-8")
    )
    for table in ("board", "terrains", "requests"):
        assert data[table]["designed"] is True
    assert data["rules"]["designed"] is True
    for rows in ("layer_mix", "guilds", "events", "edifices", "edicts", "deeds"):
        assert data[rows] and all(row["designed"] is True for row in data[rows])
    assert [g["key"] for g in data["guilds"]] == [
        "navigators",
        "incandescents",
        "cryoarchitects",
        "enlightened",
        "alchemists",
    ]
    assert len(data["events"]) == 8


def test_setup_layers_are_shuffled_per_seed_and_hold_the_mix() -> None:
    a = Ice(players=2).new_initial_state(1)
    b = Ice(players=2).new_initial_state(2)
    assert a.tile != b.tile
    for layer, positions in enumerate(LAYER_POSITIONS):
        assert sorted(a.tile[p] for p in positions) == sorted(LAYER_MIX[layer])


def test_setup_camps_tunnels_leaders_guilds_and_the_first_event() -> None:
    state = Ice(players=3).new_initial_state(4)
    assert state.leader == [-1, -1, -1]  # leaders wait off the board
    assert state.camps_held == [1, 1, 1]  # one camp each
    assert len(set(state.guild)) == 3
    assert state.board == [[], [], []]
    for p in LAYER_POSITIONS[ICE]:
        terrain = FACES[state.tile[p]].terrain
        if terrain == TUNNEL:
            assert state.arch[p] >= 1, "a tunnel tile starts with an archaeologist"
        if terrain == CAMP_T:
            assert state.camp[p], "a camp tile starts with a camp"
    # day 1's event (base camp) is applied at setup: a camp on the centre tile
    assert state.camp[CENTRE] == 1
    assert state.day == 1
    assert len(state.edicts) == 3


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_camp_tile_and_the_first_days_event_get_a_camp_at_every_player_count(
    players: int,
) -> None:
    """The seed's setup: a camp on each camp tile (營地「於設置遊戲時，在版塊上放置 1 個
    營地」), one camp for each player; then day 1's event puts one on the centre. Until
    2026-12-03 the pool ran dry at 4-5 players (a camp tile left empty, no event camp)."""
    centre_not_camp = 0
    for seed in range(8):
        state = Ice(players=players).new_initial_state(seed)
        camp_tiles = [p for p in LAYER_POSITIONS[ICE] if FACES[state.tile[p]].terrain == CAMP_T]
        assert len(camp_tiles) == TERRAIN_COUNTS[CAMP_T] == 4
        assert all(state.camp[p] for p in camp_tiles), f"seed {seed}: an empty camp tile"
        assert state.camp[CENTRE], f"seed {seed}: day 1's event placed no camp"
        centre_not_camp += CENTRE not in camp_tiles
        assert sum(state.camp) == len({*camp_tiles, CENTRE})
        assert state.camps_held == [1] * players
        assert sum(state.camp) + sum(state.camps_held) + state.camp_pool == CAMPS
    assert centre_not_camp >= 6, "the event's own camp was seen"


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_camp_ice_tile_can_be_discarded_for_a_camp_at_every_player_count(
    players: int,
) -> None:
    """The camp tile's designed ability (a camp from the pool) works for all four
    camp tiles, whoever digs them; until 2026-12-03 the pool was empty at 3-5 players."""
    state = ready(players)
    held = state.camps_held[0]
    state.hand[0] = [CAMP_T] * TERRAIN_COUNTS[CAMP_T]
    for k in range(TERRAIN_COUNTS[CAMP_T]):
        assert UseIce(CAMP_T, -1) in state.legal_actions(0), f"camp tile {k + 1} is dead"
        state.apply(UseIce(CAMP_T, -1))
    assert state.camps_held[0] == held + TERRAIN_COUNTS[CAMP_T]
    assert state.hand[0] == []


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_bounty_size_and_three_requests_dealt(players: int) -> None:
    state = Ice(players=players).new_initial_state(3)
    assert len(state.bounty) == BOUNTY[players - 1] == [3, 6, 5, 6, 7][players - 1]
    assert all(len(cards) == 3 for cards in state.private)
    everything = state.bounty + state.deck + [c for cards in state.private for c in cards]
    assert sorted(everything) == list(range(NR))  # the artifact cards and the deed cards


def test_each_player_keeps_two_of_three_requests_in_turn() -> None:
    state = Ice(players=2).new_initial_state(3)
    assert state.phase == KEEP and state.current_seat() == 0
    dealt = list(state.private[1])
    with pytest.raises(IllegalActionError):
        state.apply(KeepRequests(dealt[0]), 0)  # not seat 0's card
    state.apply(KeepRequests(state.private[0][1]), 0)
    assert len(state.private[0]) == 2 and state.current_seat() == 1
    state.apply(KeepRequests(dealt[2]), 1)
    assert state.private[1] == dealt[:2] and state.given_back[1] == [dealt[2]]
    assert state.phase == TURN and state.current_seat() == 0


def test_edifice_option_draws_one_effect_and_is_off_by_default() -> None:
    assert ready().edifice_effect == -1
    assert ready(edifice=True).edifice_effect >= 0
    assert all(not ready(seed=s).view(0)["edifice"] for s in range(2))


def test_edifices_are_the_bottom_layer_and_never_dug() -> None:
    state = ready()
    p = LAYER_POSITIONS[EDIFICE][0]
    for c in COVERS[p]:
        remove_tile(state, c)
    leader_at(state, 0, p)
    assert state.dig_cost(0) is None
