"""Barriers (seagull, emperor penguin, iceberg, penguin nest, seal) and terrain
(storm, tent, river, hole, freezing, radiation, mutant seaweed, blazing,
krill), with the seed's FAQ answers about them."""

from __future__ import annotations

from meeple.games.penguins.components import SEAGULL
from tests.games.penguins.builders import GRID, P, act, cells, legal, put, situation, turn_of


def fill_with_icebergs(s, keep: list[str]) -> None:  # type: ignore[no-untyped-def]
    for p in range(GRID.size):
        if s.board[p] == 0 and GRID.label(p) not in keep:
            s.board[p] = 8


# ---------------------------------------------------------------- seagull


def test_passing_beside_the_seagull_means_moving_it() -> None:
    s = situation({"B4": "a0", "G4": "e0", "D3": "seagull"})
    act(s, "explore B4 E")
    assert s.decisions[-1].kind == "seagull" and s.turn().seats == (0,)
    assert "pick A8" in legal(s) and "pick C4" not in legal(s)  # only empty spaces
    act(s, "pick A8")
    assert cells(s)["A8"] == "seagull" and "D3" not in cells(s)


def test_seagull_beside_the_start_only_does_not_trigger() -> None:
    s = situation({"B4": "a0", "G4": "e0", "B3": "seagull"})
    act(s, "explore B4 E")
    assert cells(s)["B3"] == "seagull" and s.turn().seats == (1,)


def test_stopped_at_the_edge_by_a_seagull_across_it_does_not_trigger() -> None:
    """FAQ 6: the seagull on the far edge stopped the slide, but nothing passed beside it."""
    s = situation({"E4": "a0", "A4": "seagull"})
    act(s, "explore E4 E")
    assert cells(s)["H4"] == "a0" and cells(s)["A4"] == "seagull"
    assert s.turn().seats == (1,)


def test_seagull_leaves_the_game_when_no_space_is_empty() -> None:
    s = situation({"A4": "iceberg", "B4": "a0", "G4": "e0", "H4": "iceberg", "D3": "seagull"})
    fill_with_icebergs(s, ["C4", "D4", "E4", "F4"])
    act(s, "explore B4 E")
    assert SEAGULL not in s.board


# ---------------------------------------------------------------- emperor, seal, iceberg, nest


def test_emperor_steps_to_a_neighbour_and_leaves_your_egg() -> None:
    s = situation({"D4": "emperor", "E4": "e1"})
    moves = {a for a in legal(s) if a.startswith("emperor")}
    assert "emperor E4" not in moves and "emperor C4" in moves and len(moves) == 5
    act(s, "emperor C4")
    assert cells(s)["C4"] == "emperor" and cells(s)["D4"] == "e0"
    assert not any(a.startswith("emperor") for a in legal(s))  # once a turn
    act(s, "land A8")
    assert s.turn().seats == (1,)


def test_emperor_may_move_after_the_action_and_across_an_edge() -> None:
    s = situation({"H4": "emperor"})
    act(s, "land C3")
    assert s.turn().seats == (0,) and "emperor A4" in legal(s)
    act(s, "emperor A4")
    assert cells(s)["H4"] == "e0" and s.turn().seats == (1,)


def test_seal_moves_to_a_free_or_egg_neighbour_eating_the_egg() -> None:
    s = situation({"D4": "seal", "E4": "e1", "C4": "a1"})
    assert "seal E4" in legal(s) and "seal C4" not in legal(s)
    before = s.unused_eggs(1)
    act(s, "seal E4")
    assert cells(s)["E4"] == "seal" and s.unused_eggs(1) == before + 1
    assert not any(a.startswith("seal") for a in legal(s))


def test_iceberg_only_blocks() -> None:
    s = situation({"B4": "a0", "E4": "iceberg"})
    act(s, "explore B4 E")
    assert cells(s)["D4"] == "a0" and cells(s)["E4"] == "iceberg"
    assert s.turn().seats == (1,)


def test_penguin_beside_a_nest_may_circle_it() -> None:
    ring = [GRID.label(q) for q in GRID.ring[P("D4")] if q is not None]
    assert ring == ["E4", "D5", "C5", "C4", "D3", "E3"]  # clockwise as drawn
    s = situation({"D4": "nest", "E4": "a0", "D3": "e0"})
    assert {"explore E4 CW", "explore E4 CCW"} <= legal(s)
    act(s, "explore E4 CW")
    got = cells(s)
    assert got["C4"] == "a0" and got["E4"] == got["D5"] == got["C5"] == "e0"
    s = situation({"D4": "nest", "E4": "a0", "D3": "e0"})
    act(s, "explore E4 CCW")
    assert cells(s)["E3"] == "a0"
    s = situation({"E4": "a0", "D3": "e0"})
    assert "explore E4 CW" not in legal(s)  # no nest beside it


# ---------------------------------------------------------------- storm


def test_storm_stops_and_throws_the_penguin_to_a_neighbour() -> None:
    s = situation({"B4": "a0", "G4": "e0", "D5": "e1"}, terrain={"D4": "storm"})
    act(s, "explore B4 E")
    exits = {a for a in legal(s)}
    assert exits == {"pick E4", "pick D5", "pick C5", "pick D3", "pick E3"}  # not back to C4
    act(s, "pick D5")  # a rival egg there is removed
    got = cells(s)
    assert got["D5"] == "a0" and got["B4"] == got["C4"] == got["D4"] == "e0"
    assert "E4" not in got


def test_storm_on_the_edge_does_not_throw_across_it() -> None:
    """FAQ 7: from an edge storm the penguin cannot go to the opposite side."""
    s = situation({"E4": "a0", "C4": "e0"}, terrain={"H4": "storm"})
    act(s, "explore E4 E")
    assert legal(s) == {"pick H3", "pick H5", "pick G5"}


def test_trapped_in_a_storm_the_penguin_stays_and_leaves_freely_later() -> None:
    s = situation(
        {"B4": "a0", "E4": "e0", "D5": "e0", "C5": "e0", "D3": "e0", "E3": "e0"},
        terrain={"D4": "storm"},
    )
    act(s, "explore B4 E")
    got = cells(s)
    assert got["D4"] == "a0" and got["C4"] == "e0"
    assert s.turn().seats == (1,)
    turn_of(s, 0)
    put(s, "E4", None)
    put(s, "G4", "e0")
    act(s, "explore D4 E")  # starting on the storm does not trigger it
    assert cells(s)["F4"] == "a0" and cells(s)["D4"] == "e0" and s.turn().seats == (1,)


# ---------------------------------------------------------------- tent


def test_stopping_beside_a_tent_turns_its_ring() -> None:
    s = situation({"A5": "a0", "E5": "e0", "E4": "iceberg", "C4": "e1"}, tents={"D4": 1})
    act(s, "explore A5 E")  # stops on D5, beside the tent
    got = cells(s)
    assert got["D5"] == "iceberg" and got["C5"] == "a0" and got["C4"] == "e0"
    assert got["D3"] == "e1" and "E4" not in got and "E3" not in got


def test_tent_turning_the_other_way() -> None:
    s = situation({"A5": "a0", "E5": "e0"}, tents={"D4": -1})
    act(s, "explore A5 E")
    assert cells(s)["E4"] == "a0" and cells(s)["D5"] == "e0" and "C5" not in cells(s)


# ---------------------------------------------------------------- river


def test_river_pushes_everything_downstream_and_off_the_board() -> None:
    s = situation(
        {"C4": "a0", "G4": "e0", "H4": "e1"},
        rivers={"F4": ["G4"], "G4": ["H4"], "H4": ["off"]},
    )
    act(s, "explore C4 E")
    got = cells(s)
    assert got["G4"] == "a0" and got["H4"] == "e0" and "F4" not in got
    assert s.lost_eggs[1] == 1 and s.egg_target(1) == 15  # out of the game for good


def test_river_branch_is_the_current_players_choice() -> None:
    """Expansion FAQ 1."""
    rivers = {
        "F4": ["G4", "F5"],
        "G4": ["H4"],
        "H4": ["off"],
        "F5": ["G5"],
        "G5": ["H5"],
        "H5": ["off"],
    }
    s = situation({"E5": "a0", "G3": "e0"}, rivers=rivers)
    act(s, "explore E5 NE")
    assert s.decisions[-1].kind == "river_branch" and legal(s) == {"pick G4", "pick F5"}
    act(s, "pick F5")
    assert cells(s)["F5"] == "a0"


def test_river_pieces_meeting_on_one_point_you_choose_who_moves() -> None:
    """Expansion FAQ 2: the other one is blocked and stays."""
    rivers = {"D4": ["E4"], "E3": ["E4"], "E4": ["F4"], "F4": ["G4"], "G4": ["H4"], "H4": ["off"]}
    s = situation({"E5": "a0", "G3": "e0", "D4": "e1", "E3": "e1"}, rivers=rivers)
    act(s, "explore E5 NE")
    assert s.decisions[-1].kind == "river_first" and legal(s) == {"pick D4", "pick E3"}
    act(s, "pick E3")
    got = cells(s)
    assert got["E4"] == "e1" and got["D4"] == "e1" and "E3" not in got and got["G4"] == "a0"


# ---------------------------------------------------------------- hole


def test_hole_jump_blocked_by_own_egg_or_through_a_rival_egg() -> None:
    """Expansion FAQ 3: towards B (own egg) the penguin stops on hole A;
    towards C (rival egg) it removes the egg and slides on the same way."""
    pieces = {"B4": "a0", "B7": "e0", "F7": "e1", "H7": "e0", "F4": "e0"}
    holes = {"D4": "hole", "B7": "hole", "F7": "hole"}
    s = situation(pieces, terrain=holes)
    act(s, "explore B4 E")
    assert legal(s) == {"pass", "pick B7", "pick F7"}
    act(s, "pick B7")
    assert cells(s)["D4"] == "a0" and cells(s)["C4"] == "e0"
    s = situation(pieces, terrain=holes)
    act(s, "explore B4 E", "pick F7")
    got = cells(s)
    assert got["G7"] == "a0" and got["F7"] == "e0" and got["D4"] == "e0"
    s = situation(pieces, terrain=holes)
    act(s, "explore B4 E", "pass")
    assert cells(s)["E4"] == "a0"


def test_starting_on_a_hole_does_not_trigger_it() -> None:
    s = situation({"D4": "a0", "G4": "e0"}, terrain={"D4": "hole", "B7": "hole"})
    act(s, "explore D4 E")
    assert cells(s)["F4"] == "a0" and s.turn().seats == (1,)


def test_a_hole_is_entered_once_per_slide() -> None:
    s = situation({"B4": "a0", "A7": "e0"}, terrain={"D4": "hole", "F7": "hole"})
    act(s, "explore B4 E")
    assert legal(s) == {"pick F7"}  # passing on along row 4 would loop forever
    act(s, "pick F7")  # G7, H7 and then A7 (own egg) stop it; F7 is not a new hole
    assert cells(s)["H7"] == "a0"


# ---------------------------------------------------------------- freezing and radiation


def test_frozen_eggs_cannot_hatch_and_break_when_they_stop_a_penguin() -> None:
    s = situation({"E4": "e0", "A4": "a0"}, terrain={"D4": "freezing"})
    assert "hatch E4" not in legal(s)
    assert s.view(0)["frozen"] == [P("E4")]
    act(s, "explore A4 E")
    got = cells(s)
    assert got["D4"] == "a0" and "E4" not in got and got["C4"] == "e0"


def test_radiation_swaps_who_may_hatch() -> None:
    s = situation({"E4": "e0", "C4": "e1", "G7": "e0"}, terrain={"D4": "radiation"})
    assert "hatch E4" not in legal(s) and "hatch C4" in legal(s) and "hatch G7" in legal(s)
    before = s.unused_eggs(1)
    act(s, "hatch C4")
    assert cells(s)["C4"] == "a0" and s.unused_eggs(1) == before + 1


# ---------------------------------------------------------------- seaweed


def test_mutant_seaweed_takes_the_penguin_but_eggs_are_still_laid() -> None:
    s = situation({"E4": "a0"}, terrain={"H4": "seaweed"})
    act(s, "explore E4 E")
    got = cells(s)
    assert all(got[x] == "e0" for x in ("E4", "F4", "G4", "H4"))
    assert s.unused_assistants(0) == 3


def test_hatching_onto_seaweed_is_safe() -> None:
    s = situation({"H4": "e0"}, terrain={"H4": "seaweed"}, deck=[])
    act(s, "hatch H4")
    assert cells(s)["H4"] == "a0"


def test_emperor_and_seal_do_not_trigger_holes_or_seaweed() -> None:
    """Expansion FAQ 5."""
    s = situation(
        {"G4": "emperor", "C4": "seal"}, terrain={"H4": "seaweed", "D4": "hole", "A2": "hole"}
    )
    act(s, "emperor H4", "seal D4")
    got = cells(s)
    assert got["H4"] == "emperor" and got["D4"] == "seal" and got["G4"] == "e0"


# ---------------------------------------------------------------- blazing and krill


def test_blazing_burns_one_egg_beside_it_at_the_end_of_the_turn() -> None:
    s = situation({"C4": "e0", "E4": "e1"}, terrain={"D4": "blazing"})
    act(s, "land A8")
    assert s.turn().seats == (0,) and legal(s) == {"pick C4", "pick E4"}
    act(s, "pick E4")
    assert "E4" not in cells(s) and s.turn().seats == (1,)


def test_sixteenth_egg_beside_blazing_wins_without_burning() -> None:
    """Expansion FAQ 6."""
    pieces = {f"{c}1": "e0" for c in "ABCDEFGH"}
    pieces.update({f"{c}2": "e0" for c in "ABCDEFG"})
    s = situation(pieces, terrain={"D4": "blazing"})
    act(s, "land C4")
    assert s.is_terminal() and s.winner == 0 and cells(s)["C4"] == "e0"


def test_krill_gives_an_extra_egg_per_krill_passed() -> None:
    s = situation({"B4": "a0", "F4": "e0"}, terrain={"C4": "krill", "D4": "krill"})
    act(s, "explore B4 E")
    assert s.decisions[-1].kind == "krill" and "pass" in legal(s)
    act(s, "pick A8", "pick B8")
    assert cells(s)["A8"] == cells(s)["B8"] == "e0" and s.turn().seats == (1,)


def test_krill_under_the_start_does_not_count() -> None:
    s = situation({"C4": "a0", "F4": "e0"}, terrain={"C4": "krill", "D4": "krill"})
    act(s, "explore C4 E", "pick A8")
    assert s.turn().seats == (1,)


def test_krill_without_an_empty_space_does_nothing() -> None:
    """Expansion FAQ 4."""
    s = situation({"A4": "iceberg", "B4": "a0", "F4": "e0"}, terrain={"C4": "krill"})
    fill_with_icebergs(s, ["C4", "D4", "E4"])
    act(s, "explore B4 E")
    assert not s.decisions or s.decisions[-1].kind != "krill"


def test_you_order_effects_that_trigger_together() -> None:
    """FAQ 3."""
    s = situation({"B4": "a0", "G4": "e0", "D3": "seagull"}, terrain={"C4": "krill"})
    act(s, "explore B4 E")
    assert legal(s) == {"resolve seagull", "resolve krill"}
    act(s, "resolve krill", "pick A8")
    assert s.decisions[-1].kind == "seagull"
    act(s, "pick B8")
    assert cells(s)["B8"] == "seagull" and cells(s)["A8"] == "e0"
