"""Team mode (2 vs 2), free mode (agreed penguins, star rule, placed
components, custom or no deck), secrets, and the bounds the engine promises."""

from __future__ import annotations

from meeple.core import Rng
from meeple.core.playout import random_step
from meeple.games.penguins import Penguins
from meeple.games.penguins.actions import FirstPlayer, Pick, PickSet
from meeple.games.penguins.components import OFF_BOARD, TERRAINS, components
from meeple.games.penguins.rules import MAX_STEPS_PER_TURN
from tests.games.penguins.builders import (
    GRID,
    P,
    act,
    cells,
    fill_empty,
    legal,
    put,
    situation,
    turn_of,
)


def test_team_seats_alternate_and_share_colour_and_pieces() -> None:
    s = situation({"B4": "a0", "F4": "e0"}, players=4, deck=[])
    act(s, "land C3")
    assert s.turn().seats == (1,)
    act(s, "land D3")
    assert s.turn().seats == (2,)
    act(s, "explore B4 E")  # seat 2 moves the penguin seat 0 hatched
    assert cells(s)["E4"] == "a0" and cells(s)["D3"] == "e1"
    assert s.turn().seats == (3,)


def test_team_hand_limit_is_three_and_hands_stay_private() -> None:
    s = situation({"C3": "e0"}, players=4, hands=[[1, 2, 13], [], [1], []], deck=[5, 7])
    act(s, "hatch C3", "keep 5", "return top")
    assert s.decisions[-1].kind == "discard"
    act(s, "discard 13")
    assert len(s.hands[0]) == 3
    assert s.view(2)["hand"] == [1] and s.view(2)["hand_sizes"] == [3, 0, 1, 0]
    other = s.determinize(2, Rng(3))
    assert other.hands[2] == [1] and other.view(2) == s.view(2)


def test_team_no_legal_action_loses_for_the_team() -> None:
    s = situation({"A1": "e0"}, players=4)
    fill_empty(s, "iceberg")
    put(s, "B1", None)
    act(s, "land B1")
    assert s.is_terminal() and s.winners() == [0, 2]


def start_free(players: int = 2, **options):  # type: ignore[no-untyped-def]
    s = Penguins(players=players, mode="free", **options).new_initial_state(1)
    s.apply(FirstPlayer(0))
    return s


def test_free_mode_sets_are_placed_second_first_second() -> None:
    s = start_free()
    assert s.turn().seats == (1,) and "set river 4" in legal(s) and "set iceberg 2" in legal(s)
    act(s, "set iceberg 2", "pick C3", "pick F6")
    assert s.turn().seats == (0,)
    assert "set iceberg 1" not in legal(s)  # each set once
    act(s, "set seaweed 1")
    assert "pick D4" not in legal(s) and "pick A3" in legal(s)  # seaweed on the rim
    act(s, "pick A3")
    assert s.turn().seats == (1,)
    act(s, "set tent 1")
    assert "pick A5" not in legal(s)  # designed: tents away from the rim
    act(s, "pick D5")
    assert s.layout.tent_map == {P("D5"): 1}
    assert s.layout.terrain[P("A3")] == TERRAINS["seaweed"]
    assert s.gold and s.silver  # the designed default free deck
    assert s.decisions[-1].kind == "keep"


def test_free_mode_river_ends_on_the_rim_flowing_off() -> None:
    """The seed: the last river tile touches the edge, its arrow pointing off the board
    (designed: it keeps the direction of the tile before it)."""
    s = start_free()
    act(s, "set river 3")
    assert "pick E4" not in legal(s)  # too far from the rim for three tiles
    act(s, "pick F4")
    assert "pick G4" in legal(s) and "pick E4" not in legal(s)
    act(s, "pick G4")
    assert legal(s) == {"pick H4", "pick H3"}  # H3: flowing NE, off the right edge
    act(s, "pick H4")
    river = s.layout.river_map
    assert river == {P("F4"): (P("G4"),), P("G4"): (P("H4"),), P("H4"): (OFF_BOARD,)}


def test_free_mode_agreed_penguins_and_no_star_rule() -> None:
    s = situation({"B2": "e0", "F4": "e0", "B4": "e0"}, mode="free", penguins=2, star_rule=False)
    assert s.game.assistants == 1
    act(s, "hatch B2")
    turn_of(s, 0)
    act(s, "hatch B4")
    assert cells(s)["B4"] == "s0"
    turn_of(s, 0)
    s.deck = [1, 2]
    act(s, "explore B4 E")
    assert s.turn().seats == (1,)  # no draw: the star is an ordinary penguin


def test_free_mode_without_cards() -> None:
    s = start_free(layout="2", cards="none")
    assert s.scene == 2 and s.layout == components().scenes[1].layout
    assert not s.cards_enabled and s.decisions[-1].kind == "rival"
    s.apply(Pick(P("A1")), 0)
    s.apply(Pick(P("B1")), 1)
    assert s.playing and s.deck == [] and s.hands == [[], []]


def test_free_mode_custom_deck() -> None:
    s = start_free(layout="1", cards="6,8,14,16,3,4,12,15")
    assert (s.gold, s.silver) == ([6, 8, 14, 16], [3, 4, 12, 15])
    # each player takes four different silver cards and keeps two
    assert sorted(s.offers[0]) == sorted(s.offers[1]) == [3, 4, 12, 15]
    act(s, "keep 3", "keep 12", "keep 3", "keep 4")
    assert s.hands == [[3, 12], [3, 4]] and len(s.deck) == 16


def test_free_set_choices_only_list_placeable_sets() -> None:
    s = start_free()
    names = {a.name for a in s.legal_actions() if isinstance(a, PickSet)}
    assert names == {
        "seagull", "iceberg", "storm", "emperor", "nest", "tent", "river", "hole",
        "freezing", "radiation", "blazing", "seaweed", "krill",
    }  # fmt: skip


def test_turns_stay_within_the_declared_step_bound() -> None:
    for players, opts in ((2, {}), (4, {}), (2, {"mode": "free"})):
        game = Penguins(players=players, **opts)
        for seed in range(6):
            s = game.new_initial_state(seed)
            rng = Rng(seed)
            while not s.is_terminal():
                random_step(s, rng, checked=False)
                assert s.steps <= MAX_STEPS_PER_TURN
            assert s.turns <= game.turn_limit


def test_every_scene_is_well_formed() -> None:
    comps = components()
    assert len(comps.scenes) >= 6
    for scene in comps.scenes:
        lay = scene.layout
        assert len(scene.gold) == len(scene.silver) == 4
        assert all(comps.cards[n].colour == "gold" for n in scene.gold)
        assert all(comps.cards[n].colour == "silver" for n in scene.silver)
        for p in lay.points(TERRAINS["seaweed"]):
            assert p in GRID.edge
        for p in lay.points(TERRAINS["tent"]):
            assert p not in GRID.edge
        for p, targets in lay.river:
            for t in targets:
                if t == OFF_BOARD:
                    assert p in GRID.edge
                else:
                    assert t in GRID.adjacent[p] and t in lay.river_map
            if len(targets) > 1:
                assert OFF_BOARD not in targets


def test_determinize_keeps_the_cards_a_seat_put_back_where_it_knows_they_are() -> None:
    s = situation({"C3": "e0"}, hands=[[], [1, 2]], deck=[5, 7, 9, 11, 6, 6])
    act(s, "hatch C3", "keep 5", "return top")
    assert s.deck[0] == 7 and s.deck_known == [[0], []]
    for k in range(8):
        assert s.determinize(0, Rng(k)).deck[0] == 7
    assert {s.determinize(1, Rng(k)).deck[0] for k in range(12)} != {7}
    turn_of(s, 1)
    put(s, "D4", "e1")
    act(s, "hatch D4", "keep 7", "return bottom")  # seat 1 draws the known card
    assert s.deck_known == [[], [len(s.deck) - 1]]
