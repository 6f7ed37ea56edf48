"""Fit To Print's puzzle mode (issue 18): designed puzzles, proved solvable by search.

Every shipped puzzle is searched here (puzzle_search.py enumerates every page
the goal allows); the search must find a solution, and its figures must be
the ones the data lists. The game judges a printed page the way the search
does, says solved or not, and ends.
"""

from __future__ import annotations

import pytest

from meeple.core import Match
from meeple.core.conformance import ALL_CHECKS
from meeple.core.errors import IllegalActionError, OptionError
from meeple.games.fittoprint import Draw, FitToPrint, MoveCentre, Place, Print
from meeple.games.fittoprint.components import (
    CELL_NAMES,
    DAYS,
    PUZZLE_REARRANGEMENTS,
    PUZZLES,
    centre_cells,
)
from meeple.games.fittoprint.puzzle_search import Search, search
from meeple.games.fittoprint.state import LAYOUT, OVER
from meeple.games.fittoprint.text import render

#: Each puzzle's search, run once for the whole module (they are the slow part).
_SEARCHES: dict[int, Search] = {}


def searched(number: int) -> Search:
    if number not in _SEARCHES:
        _SEARCHES[number] = search(PUZZLES[number - 1])
    return _SEARCHES[number]


def puzzle_state(number: int = 1, seed: int = 0):  # type: ignore[no-untyped-def]
    return FitToPrint(mode="puzzle", puzzle=number).new_initial_state(seed)


def lay_out(state, page, centre: int) -> None:  # type: ignore[no-untyped-def]
    """Play a page the search found: move the centrepiece, place every tile."""
    if centre != state.centre[0][2]:
        state.apply(MoveCentre(CELL_NAMES[centre]), 0)
    for tile, (cell, up) in sorted(page.items()):
        state.apply(Place(tile, CELL_NAMES[cell], "up" if up else "down"), 0)


def test_puzzle_mode_is_played_alone() -> None:
    assert FitToPrint(mode="puzzle").players == 1  # no count given: one player
    with pytest.raises(OptionError, match="played alone"):
        FitToPrint(players=2, mode="puzzle")
    with pytest.raises(OptionError, match="turn off characters"):
        FitToPrint(mode="puzzle", characters=True)
    with pytest.raises(OptionError):
        FitToPrint(mode="puzzle", puzzle=len(PUZZLES) + 1)


@pytest.mark.parametrize("number", range(1, len(PUZZLES) + 1))
def test_a_puzzle_starts_with_its_tiles_on_the_desk_ready_to_lay_out(number: int) -> None:
    p = PUZZLES[number - 1]
    s = puzzle_state(number)
    assert s.day == p.day and s.status == [LAYOUT] and s.phase == "day"
    assert sorted(s.desk[0]) == sorted(p.tiles) and s.pool == [] and s.face_up == []
    assert s.centre[0] == [p.centrepiece, p.side, centre_cells(DAYS[p.day])[0]]
    assert not any(isinstance(a, Draw) for a in s.legal_actions(0))
    view = s.view(0)
    assert view["mode"] == "puzzle" and view["puzzle"]["number"] == number
    assert view["puzzle"]["best"] == p.figures["best"]
    assert view["you"]["rearrangements_left"] == PUZZLE_REARRANGEMENTS


@pytest.mark.parametrize("number", range(1, len(PUZZLES) + 1))
def test_every_puzzle_is_solvable_and_its_figures_are_the_searchs(number: int) -> None:
    r = searched(number)
    assert r.solutions > 0 and r.solution
    assert r.figures() == PUZZLES[number - 1].figures


def test_the_puzzles_rise_in_difficulty() -> None:
    shares = [p.figures["solutions"] / p.figures["layouts"] for p in PUZZLES]
    assert shares == sorted(shares, reverse=True) and len(set(shares)) == len(shares)
    assert len(PUZZLES) >= 6


@pytest.mark.parametrize("number", [1, len(PUZZLES)])
def test_the_game_solves_the_searchs_page_and_scores_it_as_the_search_does(number: int) -> None:
    r = searched(number)
    s = puzzle_state(number)
    lay_out(s, r.solution, r.solution_centre)
    s.apply(Print(), 0)
    assert s.phase == OVER and s.is_terminal()
    assert s.puzzle_solved() is True and s.returns() == [1.0]
    final = s.view(0)["final"]
    assert final["puzzle"]["solved"] and all(c["ok"] for c in final["puzzle"]["checks"])
    best = puzzle_state(number)
    lay_out(best, r.best_page, r.best_centre)
    best.apply(Print(), 0)
    assert best.scores() == [float(PUZZLES[number - 1].figures["best"])]


def test_printing_at_once_is_not_a_solution_and_says_what_failed() -> None:
    s = puzzle_state(1)
    s.apply(Print(), 0)
    assert s.is_terminal() and s.puzzle_solved() is False and s.returns() == [-1.0]
    checks = {c["part"]: c for c in s.view(0)["final"]["puzzle"]["checks"]}
    assert checks["all_placed"] == {
        "part": "all_placed", "want": 0, "got": len(PUZZLES[0].tiles), "ok": False
    }  # fmt: skip
    assert not checks["min_points"]["ok"]
    text = render(s.view(0), 0, "en")
    assert "Not solved yet" in text and "✗ every tile on the page" in text


def test_a_tile_laid_face_down_breaks_an_all_face_up_goal() -> None:
    number = next(p.number for p in PUZZLES if p.goal.all_face_up)
    r = searched(number)
    s = puzzle_state(number)
    tile = min(r.solution)
    page = dict(r.solution)
    page[tile] = (page[tile][0], False)
    lay_out(s, page, r.solution_centre)
    s.apply(Print(), 0)
    checks = {c["part"]: c for c in s.results[-1]["puzzle"]["checks"]}
    assert checks["all_face_up"]["got"] == 1 and not checks["all_face_up"]["ok"]
    assert s.puzzle_solved() is False


def test_undo_is_free_in_a_puzzle() -> None:
    game = FitToPrint(mode="puzzle", puzzle=2)
    m = Match(game, 0)
    tile = m.state.desk[0][0]
    place = next(a for a in m.state.legal_actions(0) if isinstance(a, Place) and a.tile == tile)
    m.play(place, 0)
    assert m.can_undo(0)
    m.undo(0)
    assert tile in m.state.desk[0] and m.state.page[0] == {}


def test_a_puzzle_refuses_what_is_not_legal_and_changes_nothing() -> None:
    s = puzzle_state(1)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(Draw("1x1"), 0)
    with pytest.raises(IllegalActionError):
        s.apply(Place(107 if 107 not in s.desk[0] else 106, "a1", "up"), 0)  # not on the desk
    assert s.to_json() == before


def test_a_puzzle_in_the_terminal_in_both_languages() -> None:
    p = PUZZLES[0]
    s = puzzle_state(1)
    en, zh = render(s.view(0), 0, "en"), render(s.view(0), 0, "zh-TW")
    assert f"puzzle 1 of {len(PUZZLES)}" in en and f"Puzzle 1: {p.name}" in en
    assert (
        "Goal: every tile on the page" in en
        and f"best score we know for this puzzle: {p.figures['best']}" in en
    )
    assert f"謎題 1：{p.name_zh}" in zh and "目標：所有板塊都放上頭版" in zh
    r = searched(1)
    lay_out(s, r.solution, r.solution_centre)
    s.apply(Print(), 0)
    assert "Puzzle solved!" in render(s.view(0), 0, "en")
    assert "解題成功" in render(s.view(0), 0, "zh-TW")


@pytest.mark.parametrize("check", ALL_CHECKS, ids=[c.__name__ for c in ALL_CHECKS])
@pytest.mark.parametrize(
    ("mode", "players"), [("puzzle", 1), ("family", 2), ("family_realtime", 2)]
)
def test_conformance_of_the_new_modes(check, mode: str, players: int) -> None:  # type: ignore[no-untyped-def]
    game = FitToPrint(players=players, mode=mode, puzzle=min(3, len(PUZZLES)))
    check(game, 1)  # one seed: the default modes run three in tests/test_conformance.py
