"""Hints while playing in the browser (issue 38, item 7): the hint button in a solo
match says the search's suggestion and rings it on the board; the match is then
marked in the lobby's lists; a match of two people has no hint button unless its
creator offered hints in the lobby, and the open match says so before anyone joins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.axe import report, violations
from tests.e2e.helpers import create_match, shoot, switch

pytestmark = [pytest.mark.browser]


def test_a_solo_player_asks_for_a_hint_and_the_match_is_marked(
    open_page: Any, tmp_path: Path
) -> None:
    page = open_page("/")
    match_id = create_match(page, "tictactoe", ["@you", "random"])
    page.wait_for_selector("body[data-my-turn='true']")
    page.click("[data-testid=hint]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=hint-text]')?.textContent.startsWith('Hint:')"
    )
    text = page.locator("[data-testid=hint-text]").inner_text()
    assert "win chance 50%" in text  # tic-tac-toe's opening: a draw with best play
    ringed = page.locator("#board .hint-mark")
    assert ringed.count() == 1
    assert page.locator("[data-testid=hint]").is_disabled()  # one hint a decision
    assert page.locator("[data-testid=hints-used-note]").is_visible()
    found = violations(page)
    assert not found, report(found)
    shoot(page, "hint-tictactoe-en", tmp_path)
    switch(page, "zh-TW")
    assert page.locator("[data-testid=hint-text]").inner_text().startswith("提示：")
    assert "這局有人使用過提示" in page.locator("[data-testid=hints-used-note]").inner_text()
    ringed.first.click()  # playing the hint: the next decision may ask again
    page.wait_for_selector("body[data-my-turn='true']")
    assert not page.locator("#board .hint-mark").count()
    lobby = open_page("/", lang="zh-TW")
    lobby.click("[data-testid=tab-running]")
    item = lobby.locator(f"[data-match-id='{match_id}']")
    assert "用過提示" in item.locator("[data-testid=hints-used]").inner_text()


def test_two_players_have_hints_only_when_offered_at_creation(open_page: Any) -> None:
    page = open_page("/")
    create_match(page, "tictactoe", ["@you", "@open"])
    assert not page.locator("[data-testid=hint]").count()
    page = open_page("/")
    page.check("[data-testid=hints]")
    match_id = create_match(page, "tictactoe", ["@you", "@open"])
    other = open_page("/")
    item = other.locator(f"[data-match-id='{match_id}']")
    assert item.locator("[data-testid=hints-agreed]").inner_text() == "hints allowed"
    item.locator("[data-testid=join-1]").click()
    other.wait_for_url("**/match/**")
    page.wait_for_selector("body[data-my-turn='true']")
    assert page.locator("[data-testid=hint]").is_enabled()
    other.wait_for_selector("[data-testid=hint]")
    assert other.locator("[data-testid=hint]").is_disabled()  # not its turn
