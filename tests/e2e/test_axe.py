"""Every page is WCAG 2.2 A/AA clean by axe-core, after play, on a desktop and a phone,
in both languages (issue 37, items 5 and 6).

The match pages are checked after several moves (a fresh board hides what play
fills in: the log, scores, selections); a finished match's replay is checked
stepped into the middle. Each page is read at 1280x900 and at 390x844, in English
and in Traditional Chinese, by the same page switching its own language and size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from meeple.core.registry import games
from tests.e2e.axe import report, violations
from tests.e2e.helpers import (
    DESKTOP,
    PHONE,
    create_match,
    legal_list_move,
    play_to_end,
    switch,
    wait_turn_or_end,
)

pytestmark = pytest.mark.browser

#: Moves made before a match page is read.
MOVES = 6
GAMES = sorted(cls.name for cls in games())


def check_everywhere(page: Any, where: str) -> None:
    """axe-core on ``page`` at both sizes and in both languages; every violation reported."""
    problems = []
    for size_name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        for lang in ("en", "zh-TW"):
            switch(page, lang)
            found = violations(page)
            if found:
                problems.append(f"--- {where}, {size_name}, {lang}:\n{report(found)}")
    switch(page, "en")
    page.set_viewport_size(DESKTOP)
    assert not problems, "\n".join(problems)


def test_the_lobby_is_clean(open_page: Callable[..., Any]) -> None:
    check_everywhere(open_page("/"), "lobby")


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_is_clean(open_page: Callable[..., Any], game: str) -> None:
    check_everywhere(open_page(f"/rules/{game}"), f"rules of {game}")


@pytest.mark.parametrize("game", GAMES)
def test_the_match_page_is_clean_after_play(open_page: Callable[..., Any], game: str) -> None:
    page = open_page("/")
    create_match(page, game, ["@you", "heuristic"])
    for _ in range(MOVES):
        if wait_turn_or_end(page) == "finished":
            break
        legal_list_move(page, ())
    check_everywhere(page, f"{game} match")


@pytest.mark.parametrize("sets", [["gates_of_gold"], ["gates_of_gold", "keeper_of_keys"]])
def test_the_viscounts_expansion_panels_are_clean_after_play(
    open_page: Callable[..., Any], sets: list[str]
) -> None:
    """The expansions' panels too: every seat's manuscript board, the outsiders, the
    builder cards; the heroes, chest tiles and slots, public buildings (issue 36, item 6)."""
    page = open_page("/")
    create_match(page, "viscounts", ["@you", "heuristic"], options=dict.fromkeys(sets, "true"))
    page.wait_for_selector("[data-testid=vc-msboards]")
    if "keeper_of_keys" in sets:
        page.wait_for_selector("[data-testid=vc-kok]")
    for _ in range(MOVES):
        if wait_turn_or_end(page) == "finished":
            break
        legal_list_move(page, ())
    check_everywhere(page, f"viscounts match with {' and '.join(sets)}")


def test_a_replay_is_clean(open_page: Callable[..., Any]) -> None:
    page = open_page("/")
    match_id = create_match(page, "tictactoe", ["@you", "random"])
    play_to_end(page, lambda p: legal_list_move(p, ()))
    replay = open_page(f"/replay/{match_id}")
    replay.keyboard.press("ArrowRight")
    check_everywhere(replay, "replay")
