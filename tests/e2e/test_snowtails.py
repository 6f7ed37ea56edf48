"""End-to-end Snow Tails in real headless Chromium: whole races against bots.

One race on a shipped 5-player course is played on the board itself (start
lanes on the map, hand cards, dog/brake slots, step, bonus and discard
buttons), checking the move preview on the way; one race on a course typed
into the lobby is played in Traditional Chinese from the legal-action list,
on a phone-sized screen.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PHONE
from tests.e2e.helpers import (
    act_and_wait,
    create_match,
    legal_list_move,
    play_to_end,
    wait_turn_or_end,
)

pytestmark = pytest.mark.browser

#: the order a simple test player prefers its decisions in
BOARD_PRIORITY = (
    "[data-testid=st-course] .st-start.hot",
    "[data-testid=st-bonus-yes]:enabled",
    "[data-testid=st-step-diagonal]:enabled",
    "[data-testid=st-go]:enabled",
    ".st-hand .st-card.discard-hot",
)
SNOWTAILS_KINDS = ("lane", "bonus", "step", "discard", "play", "go")


def snowtails_board_move(page: Any) -> None:
    """One decision by direct interaction: a start lane on the map, else a
    pending button, else pick the first lit card and put it on the first
    open slot (with its move preview drawn first)."""
    for selector in BOARD_PRIORITY:
        if page.locator(selector).count():
            act_and_wait(page, selector)
            return
    cards = page.locator(".st-hand .st-card.hot")
    assert cards.count(), "my turn, but nothing on the board to play"
    if not page.locator(".st-slot:enabled").count():
        cards.first.click()  # local choice: no message to the server
    slot = page.locator(".st-slot:enabled").first
    slot.hover()
    assert page.locator("[data-testid=st-preview] polyline").count() == 1
    act_and_wait(page, ".st-slot:enabled")


def test_five_sled_race_on_a_shipped_course_played_on_the_board(open_page: Any) -> None:
    page = open_page("/")
    create_match(page, "snowtails", ["@you", "heuristic", "heuristic", "random", "greedy"])
    page.wait_for_selector("[data-testid=st-board]")
    assert "grand-tour" in page.locator(".st-header").inner_text()
    assert wait_turn_or_end(page) == "turn"
    # setup: the five start lanes are lit on the map, nothing else is
    assert page.locator(".st-start.hot").count() == 5
    assert page.locator(".st-card.hot").count() == 0
    assert page.locator("[data-testid=st-course] .st-limit-line").count() == 6
    assert page.locator("[data-testid=st-course] .st-tree").count() >= 4
    moves = play_to_end(page, snowtails_board_move)
    assert moves >= 5
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=results] tbody tr").count() == 5
    assert page.locator("[data-testid=log] li").count() > 40
    assert page.locator(".st-card.hot, .st-start.hot, .st-slot:enabled").count() == 0
    mats = page.locator("[data-testid=st-mats] .st-mat")
    assert mats.count() == 5


def test_custom_course_race_in_chinese_on_a_phone(open_page: Any) -> None:
    page = open_page("/", viewport=PHONE, lang="zh-TW")
    # the lobby form by hand (create_match would reset the typed option)
    page.select_option("#game-select", "snowtails")
    page.select_option("#players-select", "3")
    page.fill("#player-name", "Mei")
    for i, seat in enumerate(["@you", "heuristic", "random"]):
        page.select_option(f"#seat-{i}", seat)
    page.fill("#opt-course", "START:b,S1:b,C3:b,S4:b,S7:b,U2:a,S2:a,FINISH:a")
    page.click("[data-testid=create-match]")
    page.wait_for_url("**/match/**")
    page.wait_for_selector("[data-testid=st-board]")
    assert "custom" in page.locator(".st-header").inner_text()
    assert "賽道" in page.locator(".st-header").inner_text()
    assert page.locator("[data-testid=st-course] .st-nogo").count() > 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    def move(p: Any) -> None:
        legal_list_move(p, SNOWTAILS_KINDS)

    play_to_end(page, move)
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=results] tbody tr").count() == 3
    assert "打出" in page.locator("[data-testid=log]").inner_text()
