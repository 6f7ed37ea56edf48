"""The lattice (wrap-around movement, adjacency without wrap, triangle areas)
and setting up a match (first player, scene, starting hands, rival eggs)."""

from __future__ import annotations

import pytest

from meeple.core import Match, OptionError, Rng, TurnKind
from meeple.games.penguins import Penguins
from meeple.games.penguins.actions import ChooseScene, FirstPlayer, Keep, Pick
from meeple.games.penguins.components import EGG, components
from meeple.games.penguins.geometry import EAST, SOUTH_EAST, WEST, opposite
from tests.games.penguins.builders import GRID, P


def test_every_point_has_six_neighbours_for_movement() -> None:
    for p in range(GRID.size):
        assert len(set(GRID.move_neighbours(p))) == 6
        for d in range(6):
            q, _ = GRID.step(p, d)
            assert GRID.step(q, opposite(d))[0] == p


def test_leaving_an_edge_reenters_from_the_opposite_edge() -> None:
    assert GRID.step(P("H4"), EAST) == (P("A4"), True)
    assert GRID.step(P("A4"), WEST) == (P("H4"), True)
    p = P("C3")
    for _ in range(GRID.width):
        p, _ = GRID.step(p, EAST)
    assert p == P("C3")
    p = P("C3")
    for _ in range(GRID.height * 2):  # two laps across the top/bottom seam
        p, _ = GRID.step(p, SOUTH_EAST)
    assert p == P("C3")  # straight lines stay straight across the seam


def test_adjacency_for_effects_does_not_wrap() -> None:
    assert P("A4") not in GRID.adjacent[P("H4")]
    assert len(GRID.adjacent[P("D4")]) == 6
    assert len(GRID.edge) == 2 * GRID.width + 2 * (GRID.height - 2)


def test_triangle_areas_are_three_mutually_adjacent_points() -> None:
    """FAQ 5: a triangle area is the small triangle enclosed by three neighbouring points."""
    found = 0
    for t in range(GRID.triangle_count):
        corners = GRID.triangle(t)
        if corners is None:
            continue
        found += 1
        a, b, c = corners
        assert b in GRID.adjacent[a] and c in GRID.adjacent[a] and c in GRID.adjacent[b]
    assert found == 2 * (GRID.width - 1) * (GRID.height - 1)


def test_first_player_is_a_fair_chance_event_and_the_second_chooses_the_scene() -> None:
    s = Penguins().new_initial_state(3)
    assert s.turn().kind is TurnKind.CHANCE
    assert s.chance_outcomes() == [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]
    s.apply(FirstPlayer(1))
    assert s.turn().seats == (0,)
    assert {str(a) for a in s.legal_actions()} == {f"scene {n}" for n in range(1, 7)}


def test_scene_sets_barriers_terrain_and_deals_four_silver_cards_each() -> None:
    s = Penguins().new_initial_state(5)
    s.apply(FirstPlayer(0))
    s.apply(ChooseScene(2), 1)
    scene = components().scenes[1]
    for p, code in scene.barriers:
        assert s.board[p] == code
    assert s.layout == scene.layout
    for seat in (0, 1):
        assert len(s.offers[seat]) == 4
        assert set(s.offers[seat]) <= set(scene.silver)
    assert len(s.deck) == 12  # 8 gold + the 4 silver cards not dealt
    # the first player keeps two, then the second
    assert s.turn().seats == (0,)
    keep = sorted(s.offers[0])[:2]
    s.apply(Keep(keep[0]), 0)
    s.apply(Keep(keep[1]), 0)
    assert sorted(s.hands[0]) == keep and s.offers[0] == []
    assert s.turn().seats == (1,)
    for _ in range(2):
        s.apply(s.legal_actions()[0], 1)
    assert len(s.deck) == 16 and len(s.hands[1]) == 2
    gold, silver = scene.gold, scene.silver
    pool = sorted(s.deck + s.hands[0] + s.hands[1])
    assert pool == sorted(
        [g for g in gold for _ in range(2)] + [x for x in silver for _ in range(3)]
    )


def test_hands_and_deck_order_stay_secret() -> None:
    m = Match(Penguins(scene=1), seed=4)
    m.resolve_chance()
    first = m.state.turn().seats[0]
    view = m.state.view(1 - first)
    assert view["offers"] == m.state.offers[1 - first]
    assert m.state.offers[first] and "deck" not in view
    assert view["deck_size"] == len(m.state.deck)
    keep = m.state.legal_actions()[0]
    assert m.state.redact_action(keep, first, 1 - first) == f"seat {first}: keep a card"
    other = m.state.determinize(1 - first, Rng(9))
    assert other.offers[1 - first] == m.state.offers[1 - first]
    assert other.view(1 - first) == view


def test_each_side_places_one_rival_egg_first_player_first() -> None:
    s = Penguins(scene=1).new_initial_state(1)
    s.apply(FirstPlayer(1))
    while s.decisions and s.decisions[-1].kind == "keep":
        s.apply(s.legal_actions()[0])
    assert s.turn().seats == (1,) and s.decisions[-1].kind == "rival"
    s.apply(Pick(P("D5")), 1)
    assert s.board[P("D5")] == EGG[0]  # the rival's colour
    s.apply(Pick(P("E5")), 0)
    assert s.board[P("E5")] == EGG[1]
    assert s.playing and s.turn().seats == (1,)  # the first player starts


def test_team_setup_first_member_keeps_one_and_passes_three() -> None:
    s = Penguins(players=4, scene=3).new_initial_state(2)
    s.apply(FirstPlayer(1))  # team of seats 1 and 3 starts
    scene = components().scenes[2]
    assert sorted(s.offers[1]) == sorted(scene.silver)  # four different silver kinds
    assert sorted(s.offers[2]) == sorted(scene.silver)
    assert s.turn().seats == (1,)
    s.apply(Keep(scene.silver[0]), 1)
    assert len(s.offers[3]) == 3 and s.offers[1] == []
    assert s.turn().seats == (3,)
    s.apply(Keep(s.offers[3][0]), 3)
    assert s.turn().seats == (2,)
    s.apply(s.legal_actions()[0], 2)
    s.apply(s.legal_actions()[0], 0)
    assert [len(h) for h in s.hands] == [1, 1, 1, 1]
    assert len(s.deck) == 16


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError):
        Penguins(players=3)
    with pytest.raises(OptionError):
        Penguins(penguins=3)  # free-mode option in standard mode
    with pytest.raises(OptionError):
        Penguins(mode="free", cards="1,2,3,4,5,6,7,8")  # colours wrong
    with pytest.raises(OptionError):
        Penguins(mode="free", scene=2)
    assert Penguins(mode="free", cards="5,7,9,11,1,2,10,13").custom_deck == (
        (5, 7, 9, 11),
        (1, 2, 10, 13),
    )
