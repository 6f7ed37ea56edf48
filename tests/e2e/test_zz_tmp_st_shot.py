from typing import Any
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import create_match, wait_turn_or_end, act_and_wait
from tests.e2e.test_snowtails import snowtails_board_move

def test_shot(open_page: Any) -> None:
    page = open_page("/")
    create_match(page, "snowtails", ["@you", "heuristic", "heuristic", "random", "greedy"])
    page.wait_for_selector("[data-testid=st-board]")
    wait_turn_or_end(page)
    page.screenshot(path="/tmp/st-1.png", full_page=False)
    for _ in range(12):
        if wait_turn_or_end(page) == "finished": break
        snowtails_board_move(page)
    wait_turn_or_end(page)
    cards = page.locator(".st-hand .st-card.hot")
    if cards.count():
        cards.first.click()
        page.locator(".st-slot:enabled").first.hover()
    page.screenshot(path="/tmp/st-2.png", full_page=False)
    p2 = open_page("/", viewport=PHONE, lang="zh-TW")
    create_match(p2, "snowtails", ["@you", "heuristic"])
    wait_turn_or_end(p2)
    p2.screenshot(path="/tmp/st-3.png", full_page=True)
