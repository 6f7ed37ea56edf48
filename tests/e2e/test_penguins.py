"""End-to-end Penguin Eggs in real headless Chromium: whole games against bots.

A two-player game is played on the board itself (points to land, hatch and
answer questions; a penguin chosen first, its slide previews drawn, then a
direction handle), a team game in Traditional Chinese on a phone-sized screen
from the legal-action list, and a free-mode game whose components are placed
in the browser.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.helpers import (
    PHONE,
    act_and_wait,
    create_match,
    legal_list_move,
    open_folds,
    play_to_end,
    switch,
    wait_turn_or_end,
)

pytestmark = pytest.mark.browser

PENGUIN_KINDS = ("explore", "hatch", "land", "pick", "keep", "return", "discard", "set",
                 "scene", "resolve", "cancel", "pass", "hide", "guess", "triangle", "end")  # fmt: skip
previews_seen: list[int] = []


def penguins_board_move(page: Any) -> None:
    """One decision by direct interaction: explore when a penguin can (choose it,
    check the previews, click a direction handle), else hatch an egg, else a
    lit point, else a button under the board."""
    board = "[data-testid=pg-board]"
    if (
        page.locator(f"{board} .pg-handle.hot").count() == 0
        and page.locator(f"{board} .pg-point.pg-mine.hot").count()
    ):
        page.locator(f"{board} .pg-point.pg-mine.hot").first.click()  # local choice only
        page.wait_for_selector(f"{board} .pg-handle.hot")
    handles = page.locator(f"{board} .pg-handle.hot")
    if handles.count():
        previews_seen.append(page.locator("[data-testid=pg-previews] .pg-preview").count())
        handles.first.hover()
        act_and_wait(page, f"{board} .pg-handle.hot")
        return
    if page.locator("[data-testid=pg-cancel-prompt]").count():
        act_and_wait(page, ".pg-act[data-kind=cancel], .pg-act[data-kind=pass]")
        return
    hatch = f"{board} .pg-point.hot:not(.pg-choose):has([data-piece=egg0])"
    for selector in (hatch, f"{board} .pg-point.hot:not(.pg-choose)", ".pg-act:enabled"):
        if page.locator(selector).count():
            act_and_wait(page, selector)
            return
    # a point where several moves end (land there, or move the seal there): choose it, then one
    if page.locator(f"{board} .pg-point.pg-choose.hot").count():
        page.locator(f"{board} .pg-point.pg-choose.hot").first.click()  # local choice only
        act_and_wait(page, ".pg-act:enabled")
        return
    if page.locator("[data-testid=pg-folded] button.legal-action").count():  # a long, folded list
        open_folds(page, "[data-testid=pg-folded] button.legal-action")
        act_and_wait(page, "[data-testid=pg-folded] button.legal-action")
        return
    raise AssertionError("my turn, but nothing to do on the board")


def test_two_player_game_on_the_board(open_page: Any) -> None:
    previews_seen.clear()
    # Match seeds are random: a game can end before the person has a penguin to
    # slide, so play again (at most 4 games) until a slide was chosen on the board.
    for _ in range(4):
        page = open_page("/")
        create_match(page, "penguins", ["@you", "heuristic"])
        page.wait_for_selector("[data-testid=pg-board]")
        # the lattice with a ring of ghost points past every edge
        assert page.locator("[data-testid=pg-board] .pg-point").count() == 64
        assert page.locator("[data-testid=pg-board] .pg-ghost").count() == 4 * 8 + 4
        assert wait_turn_or_end(page) == "turn"
        moves = play_to_end(page, penguins_board_move)
        assert moves >= 3
        page.wait_for_selector("[data-testid=results]:not([hidden])")
        assert page.locator("[data-testid=results] tbody tr").count() == 2
        assert page.locator("[data-testid=log] li").count() > 10
        assert page.locator(".pg-winner").count() == 1
        page.close()
        if previews_seen:
            break
    assert previews_seen and max(previews_seen) >= 1  # slide previews were drawn


def _pans(page: Any) -> str:
    """On a phone the board is drawn larger than the screen (points 30 px apart) and pans
    in a box a keyboard can focus; the page itself does not scroll sideways. Returns the
    box's name (issue 37, item 4)."""
    box = page.locator("[data-testid=pg-board-box]")
    assert box.get_attribute("role") == "region" and box.get_attribute("tabindex") == "0"
    got = page.evaluate(
        """() => { const box = document.querySelector('[data-testid=pg-board-box]');
        const svg = box.querySelector('svg');
        return {room: box.scrollWidth - box.clientWidth,
                scale: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width,
                wide: document.documentElement.scrollWidth > window.innerWidth}; }"""
    )
    assert got["room"] > 0 and got["scale"] >= 0.75 and not got["wide"], got
    return str(box.get_attribute("aria-label"))


def test_team_game_in_chinese_on_a_phone(open_page: Any) -> None:
    page = open_page("/", viewport=PHONE, lang="zh-TW")
    create_match(page, "penguins", ["@you", "heuristic", "random", "greedy"])
    page.wait_for_selector("[data-testid=pg-board]")
    # the title names the colour and the side (team) this seat plays, in both languages
    title = page.locator("#game-title").inner_text()
    assert re.search(r"(藍色（藍方）|紅色（紅方）)", title), title
    assert _pans(page) == "企鵝蛋圖板"
    switch(page, "en")
    title = page.locator("#game-title").inner_text()
    assert re.search(r"(blue \(Blue\)|red \(Red\))", title), title
    assert _pans(page) == "Penguin Eggs board"
    switch(page, "zh-TW")

    def by_list(p: Any) -> None:
        legal_list_move(p, PENGUIN_KINDS)

    moves = play_to_end(page, by_list)
    assert moves >= 1
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=results] tbody tr").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    log = page.locator("[data-testid=log]").inner_text()
    assert "降落" in log or "孵化" in log or "滑行" in log


def test_free_mode_game_with_components_placed_in_the_browser(open_page: Any) -> None:
    page = open_page("/")
    page.select_option("#game-select", "penguins")
    page.select_option("#players-select", "2")
    page.fill("#player-name", "Ann")
    page.select_option("#seat-0", "@you")
    page.select_option("#seat-1", "heuristic")
    page.select_option("#opt-mode", '"free"')
    page.click("[data-testid=create-match]")
    page.wait_for_url("**/match/**")
    page.wait_for_selector("[data-testid=pg-board]")
    moves = play_to_end(page, penguins_board_move)
    assert moves >= 2
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    # the placed components are on the board
    placed = page.locator(
        "[data-testid=pg-board] .pg-points [data-piece=iceberg], "
        "[data-testid=pg-board] .pg-points [data-piece=seagull], "
        "[data-testid=pg-board] .pg-points [data-piece=emperor], "
        "[data-testid=pg-board] .pg-points [data-piece=nest], "
        "[data-testid=pg-board] .pg-flat .pg-terrain"
    )
    assert placed.count() >= 1


@pytest.mark.parametrize("scene", range(1, 7))
def test_every_scene_plays_to_the_end_two_players_and_teams(open_page: Any, scene: int) -> None:
    """Each shipped scene, chosen in the lobby, plays to the end in the browser:
    a two-player game on the board against the heuristic bot, then a team game
    (a person with three bots) from the legal-action list."""
    for seats in (["@you", "heuristic"], ["@you", "heuristic", "random", "greedy"]):
        page = open_page("/")
        page.select_option("#game-select", "penguins")
        page.select_option("#players-select", str(len(seats)))
        page.fill("#player-name", "Ann")
        for i, seat in enumerate(seats):
            page.select_option(f"#seat-{i}", seat)
        page.fill("#opt-scene", str(scene))
        page.click("[data-testid=create-match]")
        page.wait_for_url("**/match/**")
        page.wait_for_selector("[data-testid=pg-board]")
        if len(seats) == 2:
            play_to_end(page, penguins_board_move)
        else:
            play_to_end(page, lambda p: legal_list_move(p, PENGUIN_KINDS))
        page.wait_for_selector("[data-testid=results]:not([hidden])")
        assert page.locator("[data-testid=results] tbody tr").count() == len(seats)
        shown = page.locator("[data-testid=pg-scene]").inner_text()
        assert str(scene) in shown, shown  # the board names the scene that was played
        page.close()
