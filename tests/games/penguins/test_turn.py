"""A turn: landing, hatching (with the look at two cards), exploring, one event
card per turn, the star penguin's draw, winning, and the turn limit."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.games.penguins.actions import Explore
from meeple.games.penguins.state import DRAW
from tests.games.penguins.builders import (
    P,
    act,
    cells,
    fill_empty,
    legal,
    put,
    situation,
    turn_of,
    with_discard,
)


def test_landing_puts_an_unused_egg_on_an_empty_space() -> None:
    s = situation({"D4": "e1", "E4": "iceberg"})
    assert "land C3" in legal(s)
    assert "land D4" not in legal(s) and "land E4" not in legal(s)
    act(s, "land C3")
    assert cells(s)["C3"] == "e0"
    assert s.turn().seats == (1,)  # nothing optional left: the turn ends


def test_no_landing_without_unused_eggs() -> None:
    pieces = {f"{c}{r}": "e0" for c in "ABCDEFGH" for r in (1, 2)}
    s = situation(pieces)
    s.lost_eggs[0] = 1  # 16 on board would be a win; one egg is out of the game
    del pieces["A1"]
    put(s, "A1", None)
    assert s.unused_eggs(0) == 0
    assert not any(a.startswith("land") for a in legal(s))


def test_hatching_places_assistants_before_the_star() -> None:
    s = situation({"B2": "e0", "C3": "e0", "D4": "e0", "E5": "e0"}, deck=[])
    for label in ("B2", "C3", "D4"):
        turn_of(s, 0)  # seat 0 again for the next hatch
        act(s, f"hatch {label}")
        assert cells(s)[label] == "a0"
    turn_of(s, 0)
    act(s, "hatch E5")  # every assistant is out: now the star
    assert cells(s)["E5"] == "s0"
    turn_of(s, 0)
    put(s, "F6", "e0")
    assert "hatch F6" not in legal(s)  # no unused penguin left


def test_hatching_looks_at_two_cards_keeps_one_returns_the_other() -> None:
    s = situation({"C3": "e0"}, deck=[5, 7, 9, 11])
    act(s, "hatch C3")
    assert s.offers[0] == [5, 7] and s.view(1)["offers"] == []
    assert legal(s) == {"keep 5", "keep 7"}
    act(s, "keep 7", "return bottom")
    assert s.hands[0] == [7] and s.deck == [9, 11, 5]
    s2 = situation({"C3": "e0"}, deck=[5, 7, 9])
    act(s2, "hatch C3", "keep 5", "return top")
    assert s2.deck == [7, 9]


def test_empty_deck_is_not_reshuffled() -> None:
    """FAQ 4: nothing to draw means no card; the discard pile stays where it is."""
    s = situation({"C3": "e0"}, deck=[])
    with_discard(s, 1, 2, 13)
    act(s, "hatch C3")
    assert s.hands[0] == [] and s.discard == [1, 2, 13] and s.turn().seats == (1,)


def test_hand_limit_four_discard_after_drawing() -> None:
    s = situation({"C3": "e0"}, hands=[[1, 1, 2, 13], []], deck=[5, 7])
    act(s, "hatch C3", "keep 5", "return top")
    assert s.decisions[-1].kind == "discard" and len(s.hands[0]) == 5
    act(s, "discard 1")
    assert sorted(s.hands[0]) == [1, 2, 5, 13] and s.discard == [1]


def test_exploring_slides_until_own_piece_and_lays_eggs_on_the_way() -> None:
    s = situation({"B4": "a0", "F4": "e0", "D4": "e1"})
    act(s, "explore B4 E")
    got = cells(s)
    assert got["E4"] == "a0"  # stopped in front of its own egg
    assert got["B4"] == got["C4"] == got["D4"] == "e0"  # start included, rival egg replaced
    assert got["F4"] == "e0"


def test_barriers_and_own_penguins_stop_a_slide() -> None:
    s = situation({"B4": "a0", "E4": "iceberg", "B6": "a0", "F6": "a0"})
    act(s, "explore B4 E")
    assert cells(s)["D4"] == "a0"
    s = situation({"B6": "a0", "F6": "a0"})
    act(s, "explore B6 E")
    assert cells(s)["E6"] == "a0"


def test_a_rival_penguin_in_the_way_makes_the_slide_illegal() -> None:
    s = situation({"B4": "a0", "E4": "a1", "H4": "e0"})
    assert "explore B4 E" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.apply(Explore(P("B4"), 0), 0)
    assert cells(s)["B4"] == "a0"


def test_a_slide_that_would_loop_forever_is_illegal() -> None:
    s = situation({"B5": "a0", "E5": "e1"})  # nothing of seat 0 stops it on row 5
    assert "explore B5 E" not in legal(s) and "explore B5 W" not in legal(s)
    assert not any(a.startswith("explore") for a in legal(s))  # every line is free
    put(s, "G5", "e0")  # an egg of seat 0 ends the line
    assert {"explore B5 E", "explore B5 W"} <= legal(s)


def test_sliding_across_the_edge_continues_on_the_other_side() -> None:
    s = situation({"G4": "a0", "C4": "e0"})
    act(s, "explore G4 E")
    got = cells(s)
    assert got["B4"] == "a0" and got["G4"] == got["H4"] == got["A4"] == "e0"


def test_own_piece_just_across_the_edge_stops_the_penguin_at_the_edge() -> None:
    """FAQ 2: the penguin stays on the edge point rather than crossing."""
    s = situation({"F4": "a0", "A4": "e0"})
    act(s, "explore F4 E")
    assert cells(s)["H4"] == "a0"


def test_a_slide_must_move() -> None:
    s = situation({"F4": "a0", "G4": "e0"})
    assert "explore F4 E" not in legal(s)


def test_one_event_card_per_turn_before_or_after_the_action() -> None:
    s = situation({"C3": "e1"}, hands=[[1, 2], []], silver=(1, 2, 12, 13))
    assert {"play 1", "play 2"} <= legal(s)
    act(s, "play 2", "pick C3")  # before the action
    assert not any(a.startswith("play") for a in legal(s))
    act(s, "land D4")
    assert s.turn().seats == (1,)
    s = situation(hands=[[1, 2], []], silver=(1, 2, 12, 13))
    act(s, "land D4")
    assert s.turn().seats == (0,) and "end" in legal(s)  # after the action
    act(s, "play 1", "pick E5")
    assert s.turn().seats == (1,) and cells(s)["E5"] == "e0"


def test_moving_the_star_lets_you_draw_instead_of_playing() -> None:
    s = situation({"B4": "s0", "F4": "e0"}, deck=[9, 5])
    act(s, "explore B4 E")
    assert "draw" in legal(s)
    act(s, "draw")
    assert s.hands[0] == [9] and s.deck == [5] and s.turn().seats == (1,)
    s = situation({"B4": "a0", "F4": "e0"}, deck=[9, 5])
    act(s, "explore B4 E")
    assert s.turn().seats == (1,)  # an assistant brings no draw


def test_no_star_draw_after_a_card_was_played() -> None:
    s = situation({"B4": "s0", "F4": "e0"}, hands=[[1], []], deck=[9], silver=(1, 2, 12, 13))
    act(s, "play 1", "pick A8", "explore B4 E")
    assert s.turn().seats == (1,)


def test_sixteen_eggs_on_the_board_win_at_once() -> None:
    pieces = {f"{c}{r}": "e0" for c in "ABCDEFGH" for r in (1,)}
    pieces.update({f"{c}2": "e0" for c in "ABCDE"})
    pieces.update({"B4": "a0", "F4": "e0"})
    s = situation(pieces)
    assert s.eggs_on_board(0) == 14
    act(s, "explore B4 E")  # lays B4, C4, D4: the 16th egg lands on C4
    assert s.is_terminal() and s.winner == 0
    assert s.scores() == [1.0, 0.0] and s.returns() == [1.0, -1.0]
    assert cells(s).get("D4") is None  # the turn stopped at the winning egg


def test_a_player_with_no_legal_action_loses() -> None:
    s = situation({"A1": "e0"})
    fill_empty(s, "seagull")  # seagulls everywhere: no space left
    s.board[0] = 1
    put(s, "B1", None)
    act(s, "land B1")
    assert s.is_terminal() and s.winner == 0  # seat 1 cannot land, hatch or explore


def test_turn_limit_ends_in_a_draw() -> None:
    s = situation(turn_limit=20)
    s.turns = 19
    act(s, "land C3")
    assert s.is_terminal() and s.winner == DRAW and s.returns() == [0.0, 0.0]


def test_view_previews_each_legal_slide_for_the_mover_only() -> None:
    s = situation({"B4": "a0", "F4": "e0", "D4": "e1", "C3": "seagull"}, terrain={"H6": "krill"})
    slides = {(x["point"], x["move"]): x for x in s.view(0)["slides"]}
    east = slides[(P("B4"), 0)]
    assert east["path"] == [P("B4"), P("C4"), P("D4"), P("E4")]
    assert east["eggs"] == [P("B4"), P("C4"), P("D4")] and east["removed"] == [P("D4")]
    assert east["effects"] == ["seagull"]
    assert len(slides) == sum(a.startswith("explore") for a in legal(s))
    assert s.view(1)["slides"] == [] and s.view(None)["slides"] == []
