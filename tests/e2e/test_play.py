"""End-to-end: people play whole matches in real headless Chromium.

Each test drives the pages by clicking what a player would click: board
cells, workers and buildings (direct interaction) or the legal-action list.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import (
    act_and_wait,
    create_match,
    legal_list_move,
    offered_codes,
    play_to_end,
    play_two,
    province_board_move,
    wait_turn_or_end,
)

pytestmark = pytest.mark.browser


def tictactoe_cell(page: Any) -> None:
    act_and_wait(page, "[data-testid=ttt-board] .ttt-cell.hot")


def test_tictactoe_against_a_bot_by_clicking_cells(open_page: Any) -> None:
    page = open_page("/")
    create_match(page, "tictactoe", ["@you", "random"])
    # only the server's legal cells are clickable: all nine at the start, when it is our turn
    assert wait_turn_or_end(page) == "turn"
    assert page.locator(".ttt-cell.hot").count() == 9

    def checked_move(p: Any) -> None:
        on_board, listed = offered_codes(p, "[data-testid=ttt-board]")
        assert on_board == listed and listed
        tictactoe_cell(p)

    moves = play_to_end(page, checked_move)
    assert 3 <= moves <= 5
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=winner-line]").inner_text()
    assert page.locator("[data-testid=log] li").count() >= 5
    assert page.locator(".ttt-cell.hot").count() == 0
    assert page.locator("[data-testid=turn]").inner_text() == "The game is over"


def test_province_against_a_bot_by_direct_interaction(open_page: Any) -> None:
    page = open_page("/")
    create_match(page, "province", ["@you", "heuristic"])
    page.wait_for_selector("[data-testid=pv-board]")
    assert wait_turn_or_end(page) == "turn"
    # at the start of a turn only workers may be clicked: no building is lit
    assert page.locator(".pv-worker.hot").count() >= 1
    assert page.locator(".pv-building.hot").count() == 0
    # the shared pool of sailors: all three are still there to hire
    assert "3 of 3 sailors left to hire" in page.locator(".pv-info").inner_text()

    def checked_move(p: Any) -> None:
        # what the board lights up is exactly what the server says is legal
        on_board, listed = offered_codes(p, "[data-testid=board]")
        assert on_board == listed and listed
        province_board_move(p)

    moves = play_to_end(page, checked_move)
    assert moves > 10
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    rows = page.locator("[data-testid=results] tbody tr")
    assert rows.count() == 2
    # the score shown on the board panel equals the one in the results table
    for seat in (0, 1):
        board_score = page.locator(f"[data-testid=pv-score-{seat}]").inner_text()
        table_score = page.locator(f"[data-testid=result-{seat}] td").nth(2).inner_text()
        assert board_score.split()[0] == table_score.split()[0]
    # its replay draws the Province board at every step, the result at the end
    page.click("[data-testid=to-replay]")
    page.wait_for_selector("body[data-step='0'] [data-testid=pv-board]")
    assert page.locator("[data-testid=results]").is_hidden()
    page.click("[data-testid=last]")
    page.wait_for_selector("body:not([data-step='0']) [data-testid=results]:not([hidden])")
    assert page.locator(".pv-worker.hot, .pv-building.hot").count() == 0


def test_two_browsers_create_join_and_play_province(open_page: Any) -> None:
    ann = open_page("/")
    match_id = create_match(ann, "province", ["@you", "@open"], name="Ann")
    ann.wait_for_selector("body[data-status='open']")
    assert ann.locator("[data-testid=invite-link]").inner_text().endswith(f"/match/{match_id}")

    bob = open_page("/")
    bob.fill("#player-name", "Bob")
    bob.click("[data-testid=tab-open]")
    item = bob.locator(f"[data-match-id='{match_id}']")
    item.locator("[data-testid=join-1]").click()
    bob.wait_for_url(f"**/match/{match_id}")
    for page in (ann, bob):
        page.wait_for_selector("body[data-status='running']")
    assert "Bob" in ann.locator("[data-testid=players]").inner_text()
    assert "Ann" in bob.locator("[data-testid=players]").inner_text()

    # Ann clicks the board, Bob uses the legal-action list.
    done = play_two({"ann": ann, "bob": bob}, {"ann": province_board_move, "bob": legal_list_move})
    for page in (ann, bob):
        page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert done["ann"] > 5 and done["bob"] > 5
    # both people see the same final result and the same log
    assert (
        ann.locator("[data-testid=winner-line]").inner_text()
        == bob.locator("[data-testid=winner-line]").inner_text()
    )
    assert (
        ann.locator("[data-testid=log] li").count() == bob.locator("[data-testid=log] li").count()
    )
