"""Penguin-game rules that a mutation run over the rules modules found no test
pinning down (issue 16): each test below fails when its rule is broken.

Point 0 is A1, the top-left corner: a slide westwards along row 1 would wrap
on to H1, so an own egg there stops it on A1.
"""

from __future__ import annotations

from tests.games.penguins.builders import act, cells, legal, situation

# ---------------------------------------------------------------- a slide ending on point 0


def test_a_slide_ending_on_point_zero_turns_the_tent_beside_it() -> None:
    s = situation({"D1": "a0", "H1": "e0"}, tents={"A2": 1})
    act(s, "explore D1 W")  # C1, B1, A1; H1 (own egg) stops it on A1
    # the ring of A2 (B2, A3, A1, B1 on the board) turns one step clockwise
    assert cells(s) == {"B1": "a0", "B2": "e0", "C1": "e0", "D1": "e0", "H1": "e0"}


def test_a_slide_ending_on_point_zero_is_carried_by_the_river_under_it() -> None:
    s = situation({"D1": "a0", "H1": "e0"}, rivers={"A1": ["A2"]})
    act(s, "explore D1 W")
    assert cells(s) == {"A2": "a0", "B1": "e0", "C1": "e0", "D1": "e0", "H1": "e0"}


def test_without_tent_or_river_the_slide_simply_stays_on_point_zero() -> None:
    s = situation({"D1": "a0", "H1": "e0"})
    act(s, "explore D1 W")
    assert cells(s) == {"A1": "a0", "B1": "e0", "C1": "e0", "D1": "e0", "H1": "e0"}


# ---------------------------------------------------------------- the river after a conflict


def test_after_a_river_conflict_the_rest_of_the_river_still_flows() -> None:
    """Expansion FAQ 2, with a piece upstream of the conflict: D4 and E3 both
    flow into E4; once D4 has gone first, E3 is blocked and stays, and the egg
    on C4 still moves on to the D4 that was freed."""
    rivers = {
        "C4": ["D4"],
        "D4": ["E4"],
        "E3": ["E4"],
        "E4": ["F4"],
        "F4": ["G4"],
        "G4": ["H4"],
        "H4": ["off"],
    }
    s = situation({"E5": "a0", "G3": "e0", "D4": "e1", "E3": "e1", "C4": "e0"}, rivers=rivers)
    act(s, "explore E5 NE")  # stops on F4 in the river
    assert s.decisions[-1].kind == "river_first" and legal(s) == {"pick D4", "pick E3"}
    act(s, "pick D4")
    got = cells(s)
    assert got["E4"] == "e1" and got["E3"] == "e1"  # D4 moved first, E3 is blocked
    assert got["D4"] == "e0" and "C4" not in got  # the upstream egg flowed on
    assert got["G4"] == "a0" and s.turn().seats == (1,)


# ---------------------------------------------------------------- a hole not jumped at


def test_an_explore_is_legal_when_only_passing_a_hole_by_gives_a_legal_slide() -> None:
    """Jumping from the hole on D4 to B7 would run into the rival penguin on C7,
    so the slide is legal only by sliding on past the hole."""
    s = situation({"B4": "a0", "G4": "e0", "C7": "a1"}, terrain={"D4": "hole", "B7": "hole"})
    assert "explore B4 E" in legal(s)
    act(s, "explore B4 E")
    assert s.decisions[-1].kind == "hole" and legal(s) == {"pass"}
    act(s, "pass")
    assert cells(s) == {
        "B4": "e0",
        "C4": "e0",
        "D4": "e0",
        "E4": "e0",
        "F4": "a0",
        "G4": "e0",
        "C7": "a1",
    }
