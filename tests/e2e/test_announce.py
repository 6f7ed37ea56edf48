"""End-to-end: what a screen reader hears (issue 37, item 1).

Every other player's move reaches the page's polite live region once, in the log's
words; my turn is said once when it becomes mine (with the board's prompt where the
game has one); nothing is said again on a redraw; the turn line itself is not live
(it said "Your turn" on every redraw); the title says when it is my turn; the replay
says its position once per step.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.e2e.helpers import create_match, play_to_end, province_board_move

pytestmark = pytest.mark.browser

#: Records every paragraph the live region receives, in order (it keeps only the last 20).
LISTEN = """
window.__announced = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes)
    if (n.parentElement && n.parentElement.id === 'announce') window.__announced.push(n.textContent);
}).observe(document, {childList: true, subtree: true});
"""


def said_in_region(page: Any) -> list[str]:
    """Every paragraph said through #announce since the page loaded, in order."""
    return list(page.evaluate("() => window.__announced"))


def test_each_move_of_the_bot_is_announced_once_and_my_turn_once_a_turn(
    open_page: Any,
) -> None:
    page = open_page("/")
    page.add_init_script(LISTEN)
    create_match(page, "province", ["@you", "heuristic"], name="Ann")
    assert page.locator("#turn").get_attribute("aria-live") is None
    titles: list[str] = []

    def move(p: Any) -> None:
        titles.append(p.title())
        province_board_move(p)

    play_to_end(page, move)
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    said = said_in_region(page)
    log = page.evaluate(
        """() => [...document.querySelectorAll('#log li')].map((li) =>
             [li.querySelector('[data-seat]')?.dataset.seat ?? null,
              li.textContent.replace(/\\s+/g, ' ').trim()])"""
    )
    bot_lines = [text for seat, text in log if seat == "1"]
    assert bot_lines, log
    heard = Counter(" ".join(s.split()) for s in said if s.startswith("Bot (heuristic):"))
    assert heard == Counter(bot_lines), (heard, Counter(bot_lines))  # each move said once
    assert not any(s.startswith("Ann:") for s in said)  # one's own moves are not read back
    turns = [s for s in said if s.startswith("Your turn")]
    assert 1 <= len(turns) <= len(titles) and len(set(turns)) >= 1
    # the tab counts the matches waiting for the player (this one: a guest's page), then
    # says whose turn it is (issue 41's count before the page's own title)
    assert all(title.startswith("(1) Your turn · ") for title in titles), set(titles)
    assert said[-1].startswith(page.locator("[data-testid=winner-line]").inner_text())


def test_the_replay_says_its_position_once_per_step(open_page: Any) -> None:
    page = open_page("/")
    page.add_init_script(LISTEN)
    match_id = create_match(page, "tictactoe", ["@you", "random"])
    play_to_end(page, lambda p: p.locator("[data-testid=ttt-board] .ttt-cell.hot").first.click())
    page.goto(page.url.replace(f"/match/{match_id}", f"/replay/{match_id}"))
    page.wait_for_selector("body[data-ready='1'][data-step]")
    page.click("[data-testid=forward]")
    page.wait_for_selector("body[data-step='1']")
    page.select_option("[data-testid=lang-switch]", "zh-TW")  # a redraw at the same step
    page.wait_for_function("() => document.documentElement.lang === 'zh-TW'")
    said = said_in_region(page)
    assert said[0] == "Move 0 of " + said[0].split(" of ")[1]
    assert said[1].startswith("Move 1 of ") and ": " in said[1]
    assert len(said) == 2, said
