"""Event cards: each card's effect, when it cannot be played, the rivals'
cancel (#10) as an out-of-turn decision, the hidden hands of #11, and the
FAQ answers about cards."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError, Rng
from meeple.games.penguins.actions import Play
from tests.games.penguins.builders import GRID, P, act, cells, legal, situation, with_discard

ALL_SILVER_NO_CANCEL = (1, 2, 12, 13)


def card_state(card: int, pieces: dict[str, str] | None = None, **kw):  # type: ignore[no-untyped-def]
    """Seat 0 holds ``card``; no #10 in the game unless asked, so no cancel window."""
    kw.setdefault("silver", ALL_SILVER_NO_CANCEL)
    return situation(pieces or {}, hands=[[card], []], **kw)


def test_card_1_snowdrift_lands_an_extra_egg() -> None:
    s = card_state(1)
    act(s, "play 1", "pick C3", "land D4")
    assert cells(s)["C3"] == cells(s)["D4"] == "e0"


def test_card_2_thaw_returns_a_rival_egg() -> None:
    s = card_state(2, {"C3": "e1", "D3": "e0"})
    act(s, "play 2")
    assert legal(s) == {"pick C3"}
    act(s, "pick C3")
    assert "C3" not in cells(s)


def test_card_3_gust_moves_a_barrier() -> None:
    s = card_state(3, {"D4": "iceberg"}, silver=(3, 2, 12, 13))
    act(s, "play 3", "pick D4", "pick E4")
    assert cells(s) == {"E4": "iceberg"}


def test_card_4_waddle_moves_a_penguin_one_step_leaving_an_egg() -> None:
    s = card_state(4, {"D4": "a0"}, silver=(4, 2, 12, 13))
    act(s, "play 4", "pick D4", "pick D5")
    assert cells(s) == {"D5": "a0", "D4": "e0"}


def test_card_5_nesting_triangle_fills_its_empty_corners() -> None:
    """FAQ 5: a triangle area is the one enclosed by three neighbouring spaces."""
    s = card_state(5, {"E4": "e1"})
    t = next(
        t for t in range(GRID.triangle_count) if GRID.triangle(t) == (P("D4"), P("E4"), P("D5"))
    )
    act(s, "play 5", "triangle D4a")
    assert t == 2 * P("D4")
    got = cells(s)
    assert got["D4"] == got["D5"] == "e0" and got["E4"] == "e1"


def test_card_6_avalanche_clears_the_eggs_of_a_triangle() -> None:
    s = card_state(6, {"D4": "e0", "C5": "e1", "D5": "a1"}, gold=(6, 7, 9, 11))
    act(s, "play 6", "triangle D4b")  # D4, its SE (D5) and SW (C5)
    assert cells(s) == {"D5": "a1"}


def test_card_7_migration_moves_a_penguin_anywhere() -> None:
    s = card_state(7, {"D4": "a0"})
    act(s, "play 7", "pick D4", "pick H8")
    assert cells(s) == {"H8": "a0"}


def test_card_8_tailwind_gives_a_second_action() -> None:
    """FAQ 1: a card overrides the rules (here, one action per turn)."""
    s = card_state(8, {"B4": "a0", "F4": "e0"}, gold=(8, 7, 9, 11))
    act(s, "play 8")
    assert s.decisions[-1].kind == "tailwind"
    act(s, "explore B4 E")
    assert not s.main_done and cells(s)["E4"] == "a0"
    act(s, "land A8")
    assert s.turn().seats == (1,)


def test_card_9_back_to_eggs() -> None:
    s = card_state(9, {"D4": "a0", "F6": "s1"})
    act(s, "play 9", "pick D4", "pick F6")
    assert cells(s) == {"D4": "e0", "F6": "e1"}
    assert s.unused_assistants(0) == 3 and s.unused_star(1) == 1


def test_card_9_needs_a_penguin_of_yours() -> None:
    """FAQ 8."""
    s = card_state(9, {"F6": "a1"})
    assert "play 9" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.apply(Play(9), 0)


def test_star_stays_when_assistants_leave() -> None:
    """FAQ 12: the star keeps playing after an assistant is turned back into an egg."""
    s = card_state(9, {"A2": "a0", "C3": "a0", "E5": "a0", "G7": "s0", "B6": "a1", "H4": "e0"})
    act(s, "play 9", "pick A2", "pick B6")
    assert cells(s)["G7"] == "s0"
    assert any(a.startswith("explore G7") for a in legal(s))


def test_card_placing_a_penguin_obeys_the_star_rule() -> None:
    """FAQ 11 (with #13): the star comes only after every assistant."""
    s = card_state(13, {"C3": "e0", "A2": "a0", "B2": "a0"})
    act(s, "play 13", "pick C3")
    assert cells(s)["C3"] == "a0"
    s = card_state(13, {"C3": "e0", "A2": "a0", "B2": "a0", "E2": "a0"})
    act(s, "play 13", "pick C3")
    assert cells(s)["C3"] == "s0"


def test_card_13_hatches_frozen_or_irradiated_eggs() -> None:
    """FAQ 1: the card wins over the freezing and radiation rules."""
    s = card_state(13, {"E4": "e0"}, terrain={"D4": "freezing"})
    assert "hatch E4" not in legal(s)
    act(s, "play 13", "pick E4")
    assert cells(s)["E4"] == "a0"


def test_card_12_scout_draws_and_respects_the_hand_limit() -> None:
    s = situation(hands=[[12, 1, 1, 2, 2], []], deck=[9], silver=ALL_SILVER_NO_CANCEL)
    act(s, "play 12")
    assert s.hands[0].count(9) == 1 and len(s.hands[0]) == 5
    assert s.decisions[-1].kind == "discard"


def test_card_14_whirlpool_turns_a_ring_clockwise() -> None:
    s = card_state(14, {"E4": "a1", "C4": "iceberg"}, gold=(14, 7, 9, 11))
    act(s, "play 14")
    assert "pick A1" not in legal(s) and "pick D4" in legal(s)  # not on the edge
    act(s, "pick D4")
    assert cells(s) == {"D5": "a1", "D3": "iceberg"}


def test_card_15_rolls_an_egg_and_card_16_pulls_a_rival_penguin() -> None:
    s = card_state(15, {"D4": "e0"}, silver=(15, 2, 12, 13))
    act(s, "play 15", "pick D4", "pick D3")
    assert cells(s) == {"D3": "e0"}
    s = card_state(16, {"D4": "a1"}, gold=(16, 7, 9, 11))
    act(s, "play 16", "pick D4", "pick C4")
    assert cells(s) == {"C4": "a1"}


# ---------------------------------------------------------------- #10, out of turn


def test_rival_may_cancel_a_card_with_10() -> None:
    s = situation({"C3": "e1"}, hands=[[2], [10, 1]], silver=(1, 2, 10, 13))
    act(s, "play 2")
    assert s.turn().seats == (1,) and legal(s) == {"cancel", "pass"}
    act(s, "cancel")
    assert cells(s)["C3"] == "e1" and s.discard == [2, 10] and s.hands[1] == [1]
    assert s.turn().seats == (0,) and s.card_used  # the turn goes on, card spent


def test_rival_is_asked_even_without_10_so_nothing_leaks() -> None:
    s = situation({"C3": "e1"}, hands=[[2], [1]], silver=(1, 2, 10, 13))
    act(s, "play 2")
    assert s.turn().seats == (1,) and legal(s) == {"pass"}
    act(s, "pass", "pick C3")
    assert "C3" not in cells(s)


def test_no_cancel_window_once_every_10_is_discarded() -> None:
    s = situation({"C3": "e1"}, hands=[[2], [1]], silver=(1, 2, 10, 13))
    with_discard(s, 10, 10, 10)
    act(s, "play 2")
    assert s.turn().seats == (0,)


def test_team_either_rival_may_cancel() -> None:
    """FAQ 9: both rivals are asked in turn order; either may answer with #10."""
    s = situation({"C3": "e1"}, hands=[[2], [10], [], [10]], silver=(1, 2, 10, 13), players=4)
    act(s, "play 2")
    assert s.turn().seats == (1,)
    act(s, "pass")
    assert s.turn().seats == (3,) and legal(s) == {"cancel", "pass"}
    act(s, "cancel")
    assert cells(s)["C3"] == "e1" and s.hands[1] == [10] and s.hands[3] == []


# ---------------------------------------------------------------- #11, which hand


def test_card_11_rival_guesses_a_hand() -> None:
    s = card_state(11)
    act(s, "play 11", "hide left")
    assert s.turn().seats == (1,)
    assert s.view(1)["pending"] == {"kind": "guess", "seat": 1, "data": [0]}
    assert s.view(0)["pending"]["data"] == [0, 0]
    assert s.redact_action(s.game.parse_action("hide left"), 0, 1) == (
        "seat 0: hide a penguin in one hand"
    )
    other = s.determinize(1, Rng(1))
    assert other.view(1) == s.view(1)
    act(s, "guess left", "pick D4")
    assert cells(s)["D4"] == "a0"
    s = card_state(11)
    act(s, "play 11", "hide left", "guess right", "pick D4")
    assert cells(s)["D4"] == "e0"


def test_card_11_without_an_unused_penguin_one_hand_is_empty() -> None:
    """FAQ 10: picking the empty hand does nothing."""
    s = card_state(11, {"A2": "a0", "B2": "a0", "C2": "a0", "D2": "s0"})
    act(s, "play 11", "hide right", "guess right")
    assert s.turn().seats == (0,) and len(cells(s)) == 4
