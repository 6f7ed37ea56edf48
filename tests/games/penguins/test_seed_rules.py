"""Rules of the seed that the other test files did not pin down on their own.

Each test builds the situation one rule (or FAQ answer) of the seed talks
about and checks the outcome; docs/games/penguins-rule-coverage.md maps every
rule of the seed to its test, here or in the other files.
"""

from __future__ import annotations

from meeple.games.penguins import Penguins
from meeple.games.penguins.actions import ChooseScene, FirstPlayer, Keep, Pick, PickSet
from meeple.games.penguins.components import EGG, components
from tests.games.penguins.builders import (
    P,
    act,
    cells,
    fill_empty,
    legal,
    put,
    situation,
    with_discard,
)

NO_CANCEL = (1, 2, 12, 13)  # silver kinds without #10: no rival is asked to cancel


def main_actions(s) -> set[str]:  # type: ignore[no-untyped-def]
    """The landing, hatching and exploring actions on offer."""
    return {a for a in legal(s) if a.split()[0] in ("land", "hatch", "explore")}


# ---------------------------------------------------------------- set-up


def test_each_side_starts_with_one_star_three_assistants_and_sixteen_eggs() -> None:
    """Both colours begin with a full supply; a team shares one colour's supply."""
    s = situation()
    for side in (0, 1):
        assert s.unused_eggs(side) == 16
        assert s.unused_assistants(side) == 3 and s.unused_star(side) == 1
    team = situation(players=4)
    assert [team.side(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert team.unused_eggs(0) == 16 and team.unused_assistants(1) == 3


def test_team_mode_second_team_chooses_the_scene() -> None:
    """Chance picks the starting team; a member of the other team picks the scene,
    which sets barriers and terrain as in the two-player game."""
    for first, chooser in ((0, 1), (1, 2)):
        s = Penguins(players=4).new_initial_state(7)
        s.apply(FirstPlayer(first))
        assert s.turn().seats == (chooser,)
        assert {str(a) for a in s.legal_actions()} == {f"scene {n}" for n in range(1, 7)}
        s.apply(ChooseScene(5), chooser)
        scene = components().scenes[4]
        assert s.layout == scene.layout
        assert all(s.board[p] == code for p, code in scene.barriers)


def test_team_mode_rival_eggs_starting_team_first() -> None:
    """Each team puts one egg of the other team's colour on a space, starters first."""
    s = Penguins(players=4, scene=1).new_initial_state(3)
    s.apply(FirstPlayer(1))
    while s.decisions and s.decisions[-1].kind == "keep":
        s.apply(s.legal_actions()[0])
    assert s.turn().seats == (1,) and s.decisions[-1].kind == "rival"
    s.apply(Pick(P("C3")), 1)
    assert s.board[P("C3")] == EGG[0]
    assert s.turn().seats == (2,)
    s.apply(Pick(P("D3")), 2)
    assert s.board[P("D3")] == EGG[1]
    assert s.playing and s.turn().seats == (1,)


def test_rival_egg_cannot_go_on_a_barrier() -> None:
    """Only spaces take the starting rival egg; a barrier's point is not a space."""
    s = Penguins(scene=1).new_initial_state(1)
    s.apply(FirstPlayer(0))
    while s.decisions and s.decisions[-1].kind == "keep":
        s.apply(s.legal_actions()[0])
    picks = {str(a) for a in s.legal_actions()}
    assert "pick D4" not in picks  # scene 1's seagull
    assert "pick C6" in picks  # a radiation tile is still a space


# ---------------------------------------------------------------- the turn


def test_only_one_of_the_three_actions_a_turn() -> None:
    """After landing, no second landing, hatching or exploring is offered."""
    s = situation({"B4": "a0", "F4": "e0", "C6": "e0"}, hands=[[1], []], silver=NO_CANCEL)
    assert {"land A8", "hatch C6", "explore B4 E"} <= main_actions(s)
    act(s, "land A8")
    assert s.turn().seats == (0,)  # the card may still be played
    assert main_actions(s) == set()


def test_hatching_returns_the_egg_to_the_supply() -> None:
    s = situation({"C3": "e0", "D3": "e0"}, deck=[])
    assert s.unused_eggs(0) == 14
    act(s, "hatch C3")
    assert s.unused_eggs(0) == 15 and cells(s)["C3"] == "a0"


def test_hatching_with_one_card_left_takes_it_without_a_return() -> None:
    """Only one card to look at: it is kept, nothing goes back (FAQ 4's spirit)."""
    s = situation({"C3": "e0"}, deck=[7])
    act(s, "hatch C3")
    assert legal(s) == {"keep 7"}
    act(s, "keep 7")
    assert s.hands[0] == [7] and s.deck == [] and s.turn().seats == (1,)


def test_a_rival_egg_slid_over_goes_back_to_its_owner() -> None:
    s = situation({"B4": "a0", "D4": "e1", "F4": "e0"})
    before = s.unused_eggs(1)
    act(s, "explore B4 E")
    assert s.unused_eggs(1) == before + 1 and cells(s)["D4"] == "e0"


def test_own_penguin_across_the_edge_stops_the_slide_at_the_edge() -> None:
    """FAQ 2 with a penguin (not an egg) waiting across the edge."""
    s = situation({"F4": "a0", "A4": "a0"})
    act(s, "explore F4 E")
    got = cells(s)
    assert got["H4"] == "a0" and got["A4"] == "a0" and got["F4"] == got["G4"] == "e0"


def test_a_card_may_be_played_after_exploring() -> None:
    s = situation({"B4": "a0", "F4": "e0"}, hands=[[1], []], silver=NO_CANCEL)
    act(s, "explore B4 E")
    assert s.turn().seats == (0,) and "play 1" in legal(s)
    act(s, "play 1", "pick A8")
    assert cells(s)["A8"] == "e0" and s.turn().seats == (1,)


def test_star_draw_over_the_hand_limit_means_discarding() -> None:
    s = situation({"B4": "s0", "F4": "e0"}, hands=[[1, 2, 12, 13], []], deck=[9])
    act(s, "explore B4 E", "draw")
    assert s.decisions[-1].kind == "discard" and len(s.hands[0]) == 5
    act(s, "discard 9")
    assert len(s.hands[0]) == 4 and s.discard == [9] and s.turn().seats == (1,)


def test_no_star_draw_from_an_empty_deck() -> None:
    """FAQ 4: with the deck used up the star brings no card, and nothing is reshuffled."""
    s = situation({"B4": "s0", "F4": "e0"}, hands=[[13], []], deck=[], silver=NO_CANCEL)
    with_discard(s, 1, 2)
    act(s, "explore B4 E")
    assert "draw" not in legal(s)
    assert s.deck == [] and s.discard == [1, 2]


# ---------------------------------------------------------------- barriers


def test_seagull_beside_the_stopping_point_only_still_moves() -> None:
    """Stopping next to the seagull counts as much as passing it."""
    s = situation({"B4": "a0", "F4": "e0", "F3": "seagull"})
    act(s, "explore B4 E")  # stops on E4, the only crossed point beside F3
    assert s.decisions[-1].kind == "seagull"
    assert "pass" not in legal(s)  # moving it is compulsory
    act(s, "pick A8")
    assert cells(s)["A8"] == "seagull" and "F3" not in cells(s)


def test_emperor_cannot_move_with_no_empty_neighbour() -> None:
    ring = ["E4", "D5", "C5", "C4", "D3", "E3"]
    s = situation({"D4": "emperor", **{x: "e1" for x in ring}})
    assert not any(a.startswith("emperor") for a in legal(s))
    put(s, "D3", None)
    assert {a for a in legal(s) if a.startswith("emperor")} == {"emperor D3"}


def test_seal_moves_after_the_action_and_across_an_edge() -> None:
    s = situation({"H4": "seal", "A4": "e1"})
    act(s, "land C3")
    assert s.turn().seats == (0,) and "seal A4" in legal(s)  # A4 is across the edge
    before = s.unused_eggs(1)
    act(s, "seal A4")
    assert cells(s)["A4"] == "seal" and s.unused_eggs(1) == before + 1
    assert s.turn().seats == (1,)  # once a turn: nothing optional is left


def test_seal_cannot_move_onto_penguins_or_barriers() -> None:
    ring = {"E4": "a0", "D5": "a1", "C5": "iceberg", "C4": "a0", "D3": "a1", "E3": "emperor"}
    s = situation({"D4": "seal", **ring})
    assert not any(a.startswith("seal") for a in legal(s))


# ---------------------------------------------------------------- terrain


def test_terrain_points_are_spaces_a_slide_crosses() -> None:
    """Flat tiles keep their point a space: eggs land there and a slide runs over
    tiles that only act on neighbours or when stopped on."""
    s = situation({"A4": "a0", "H4": "e0"}, terrain={"C4": "radiation", "E4": "blazing"})
    assert {"land C4", "land E4"} <= legal(s)
    act(s, "explore A4 E")
    got = cells(s)
    assert got["G4"] == "a0" and all(got[x] == "e0" for x in ("A4", "B4", "C4", "D4", "E4"))


def test_storm_throw_onto_a_rival_egg_returns_it_to_its_owner() -> None:
    s = situation({"B4": "a0", "G4": "e0", "D5": "e1"}, terrain={"D4": "storm"})
    before = s.unused_eggs(1)
    act(s, "explore B4 E", "pick D5")
    assert s.unused_eggs(1) == before + 1 and cells(s)["D5"] == "a0"
    assert cells(s)["D4"] == "e0"  # the storm point gets an egg too


def test_river_carries_a_penguin_off_the_board() -> None:
    """A penguin pushed off the board by the river is out of the game."""
    s = situation({"E4": "a0", "A4": "e0"}, rivers={"G4": ["H4"], "H4": ["off"]})
    act(s, "explore E4 E")  # stops on H4 (own egg across the edge), a river tile
    got = cells(s)
    assert "G4" not in got and got["H4"] == "e0"  # the egg laid on G4 moved down
    assert s.lost_assistants[0] == 1 and s.unused_assistants(0) == 2


def test_river_carries_barriers_downstream() -> None:
    rivers = {"F4": ["G4"], "G4": ["H4"], "H4": ["off"]}
    s = situation({"C4": "a0", "G4": "iceberg"}, rivers=rivers)
    act(s, "explore C4 E")  # stops on F4, in front of the iceberg
    got = cells(s)
    assert got["H4"] == "iceberg" and got["G4"] == "a0" and "F4" not in got


def test_krill_counts_the_tile_the_penguin_stops_on() -> None:
    s = situation({"B4": "a0", "F4": "e0"}, terrain={"E4": "krill"})
    act(s, "explore B4 E")
    assert cells(s)["E4"] == "a0" and s.decisions[-1].kind == "krill"
    act(s, "pick A8")
    assert cells(s)["A8"] == "e0" and s.turn().seats == (1,)


def test_tent_turns_only_when_the_penguin_stops_beside_it() -> None:
    """Sliding past a tent without stopping beside it turns nothing."""
    s = situation({"A5": "a0", "H5": "e0", "E4": "e1"}, tents={"D4": 1})
    act(s, "explore A5 E")  # passes D5 and C5 (beside the tent), stops on G5
    got = cells(s)
    assert got["G5"] == "a0" and got["E4"] == "e1" and got["D5"] == "e0"


def test_frozen_rival_egg_cannot_be_hatched_through_radiation() -> None:
    """Decision 10: freezing wins over the radiation swap."""
    s = situation({"E4": "e1"}, terrain={"D4": "freezing", "F4": "radiation"})
    assert "hatch E4" not in legal(s)
    s = situation({"E4": "e1"}, terrain={"F4": "radiation"})
    assert "hatch E4" in legal(s)  # the same egg, unfrozen, is seat 0's to hatch


# ---------------------------------------------------------------- cards


def test_card_11_penguin_hand_brings_the_star_only_after_the_assistants() -> None:
    """FAQ 11 through #11: the penguin picked from the hand follows the hatching order."""
    s = situation({"A2": "a0", "B2": "a0"}, hands=[[11], []], silver=NO_CANCEL)
    act(s, "play 11", "hide left", "guess left", "pick D4")
    assert cells(s)["D4"] == "a0"
    s = situation({"A2": "a0", "B2": "a0", "C2": "a0"}, hands=[[11], []], silver=NO_CANCEL)
    act(s, "play 11", "hide left", "guess left", "pick D4")
    assert cells(s)["D4"] == "s0"


def test_team_player_plays_only_from_their_own_hand() -> None:
    """A partner's cards are not yours to play."""
    s = situation(hands=[[1], [], [], []], players=4, seat=2, silver=NO_CANCEL)
    assert not any(a.startswith("play") for a in legal(s))
    s = situation(hands=[[1], [], [], []], players=4, seat=0, silver=NO_CANCEL)
    assert "play 1" in legal(s)


# ---------------------------------------------------------------- free mode


def test_free_mode_offers_exactly_the_seeds_component_sets() -> None:
    s = Penguins(mode="free").new_initial_state(1)
    s.apply(FirstPlayer(0))
    offered = {(a.name, a.count) for a in s.legal_actions() if isinstance(a, PickSet)}
    assert offered == {
        ("seagull", 1), ("iceberg", 1), ("iceberg", 2), ("storm", 1), ("emperor", 1),
        ("nest", 1), ("tent", 1), ("river", 4), ("river", 3), ("hole", 2), ("hole", 1),
        ("freezing", 2), ("freezing", 1), ("radiation", 3), ("radiation", 2),
        ("blazing", 2), ("blazing", 1), ("seaweed", 2), ("seaweed", 1),
        ("krill", 2), ("krill", 1),
    }  # fmt: skip


def test_free_mode_rival_eggs_come_after_the_custom_set_up() -> None:
    """Once the board and deck are settled, each side places a rival egg, first player first."""
    s = Penguins(mode="free", layout="1").new_initial_state(2)
    s.apply(FirstPlayer(1))
    assert s.decisions[-1].kind == "keep"  # the cards first
    while s.decisions and s.decisions[-1].kind == "keep":
        s.apply(s.legal_actions()[0])
    assert s.turn().seats == (1,) and s.decisions[-1].kind == "rival"
    s.apply(Pick(P("A1")), 1)
    s.apply(Pick(P("B1")), 0)
    assert s.board[P("A1")] == EGG[0] and s.board[P("B1")] == EGG[1]
    assert s.playing and s.turn().seats == (1,)
    assert len(s.deck) == 16 and sorted(len(h) for h in s.hands) == [2, 2]


def test_free_mode_default_deck_is_twenty_cards_of_eight_kinds() -> None:
    s = Penguins(mode="free").new_initial_state(4)
    s.apply(FirstPlayer(0))
    act(s, "set iceberg 1", "pick C3", "set krill 1", "pick D5", "set storm 1", "pick F6")
    assert s.decisions[-1].kind == "keep"
    for seat in (0, 1):
        assert sorted(s.offers[seat]) == sorted(components().free_silver)
    s.apply(Keep(s.offers[0][0]), 0)
    s.apply(Keep(s.offers[0][0]), 0)
    s.apply(Keep(s.offers[1][0]), 1)
    s.apply(Keep(s.offers[1][0]), 1)
    pool = s.deck + s.hands[0] + s.hands[1]
    assert len(pool) == 20 and len(set(pool)) == 8


def test_a_hatching_turn_plays_no_event_card() -> None:
    """The seed lets a card be played with landing and with exploring; hatching
    instead looks at two cards. So no card after a hatch, and no hatch after a card."""
    s = situation({"C3": "e0"}, hands=[[1], []], deck=[5, 7], silver=NO_CANCEL)
    act(s, "hatch C3", "keep 5", "return top")
    assert s.turn().seats == (1,)  # the kept card cannot be played this turn
    s = situation({"C3": "e0"}, hands=[[1], []], silver=NO_CANCEL)
    act(s, "play 1", "pick A8")
    assert "hatch C3" not in legal(s) and "land B8" in legal(s)


def test_a_card_that_leaves_only_hatching_loses_the_turn_player_the_game() -> None:
    """Decision 25: after a card, a seat with no landing or exploring left has no
    legal action (hatching is closed to it) and loses."""
    s = situation({"C3": "e0"}, hands=[[1], []], silver=NO_CANCEL)
    fill_empty(s, "iceberg")
    put(s, "A8", None)
    assert "hatch C3" in legal(s)
    act(s, "play 1", "pick A8")  # the last space is filled by the card
    assert s.is_terminal() and s.winner == 1
