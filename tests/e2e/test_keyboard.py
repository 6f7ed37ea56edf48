"""End-to-end: a whole game by keyboard alone, focus kept after every move (issue 37, item 2).

The page rebuilds its board on every state message; focus once fell to the page body
after each move (61 of 61 in an audit), so the next Tab started again at the top. Now
it stays on the same control when that still exists, else goes to the first control of
the new decision, else to the turn line: never to the body.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.helpers import create_match, legal_list_move, switch, wait_turn_or_end

pytestmark = pytest.mark.browser

#: What the focused element is, as the test needs to know it.
FOCUSED = """() => { const a = document.activeElement;
  return {body: !a || a === document.body, id: a ? a.id : '', testid: (a && a.dataset.testid) || '',
          inBoard: Boolean(a && a.closest('#board')), inLegal: Boolean(a && a.closest('#legal')),
          outer: a ? a.outerHTML.slice(0, 120) : ''}; }"""

#: A Province player's wishes, best first: the board's controls (each one a move).
PROVINCE_WISHES = (
    "[data-testid=pv-board] .pv-building.hot",
    "[data-testid=pv-act-grind]",
    "[data-testid=pv-board] .pv-worker.hot",
    "[data-testid=pv-act-repay]",
    "[data-testid=pv-act-end]",
)


#: Where focus is and where the wanted control is, to steer by the arrow keys as a
#: sighted keyboard user does: the direction of the larger gap, or None when there.
_STEER = """(sel) => { const a = document.activeElement, b = document.querySelector(sel);
  if (!a || !b || a === b) return null;
  const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
  const dx = (q.left + q.width / 2) - (p.left + p.width / 2), dy = (q.top + q.height / 2) - (p.top + p.height / 2);
  if (!a.closest('#board')) return 'out';
  return Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp'); }"""


def tab_to(page: Any, selector: str, limit: int = 300) -> int:
    """Reach the first element matching ``selector`` by keyboard alone: Tab until focus
    is in the board region that holds it (one Tab stop per region), then the arrow keys
    towards it; returns how many keys it took."""
    for presses in range(limit):
        if page.evaluate("(sel) => Boolean(document.activeElement?.matches(sel))", selector):
            return presses
        in_region = page.evaluate(
            """(sel) => { const a = document.activeElement, b = document.querySelector(sel);
                 const region = (el) => el.parentElement.closest('svg, [role=group], [role=grid], [role=toolbar], [role=list], [role=region], ul, ol, fieldset') ;
                 return Boolean(a && b && a.closest('#board') && a.matches('#board [role=button], #board button, #board summary') && region(a) && region(a) === region(b)); }""",
            selector,
        )
        key = page.evaluate(_STEER, selector) if in_region else "Tab"
        page.keyboard.press(key or "Tab")
    raise AssertionError(f"{selector} not reached in {limit} keys")


def test_a_whole_province_game_by_keyboard_keeps_focus_after_every_move(
    open_page: Any,
) -> None:
    page = open_page("/")
    create_match(page, "province", ["@you", "heuristic"], name="Ann")
    moves = 0
    presses: list[int] = []
    while wait_turn_or_end(page) == "turn":
        if moves:  # after a move, focus is kept on a control (the first turn starts at the top)
            focus = page.evaluate(FOCUSED)
            assert not focus["body"], f"focus fell to the body after move {moves}"
            assert focus["inBoard"] or focus["inLegal"], focus  # my decision's controls
        wish = next(sel for sel in PROVINCE_WISHES if page.locator(sel).count())
        presses.append(tab_to(page, wish))
        before = page.evaluate("document.body.dataset.stateId")
        page.keyboard.press("Enter")
        page.wait_for_function("(s) => document.body.dataset.stateId !== s", arg=before)
        moves += 1
        focus = page.evaluate(FOCUSED)
        assert not focus["body"], f"focus fell to the body after move {moves}: {focus}"
        assert moves < 400
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert moves > 10
    # focus waits near the board, not at the top of the page: a move is a few Tabs away
    assert sorted(presses)[len(presses) // 2] <= 12, presses


def test_a_redraw_keeps_focus_on_the_same_move_of_the_list(open_page: Any) -> None:
    """The move list is rebuilt on every redraw (here a change of language, made
    without moving focus); focus stays on the same move, by its code."""
    page = open_page("/")
    create_match(page, "ice", ["@you", "heuristic"], name="Ann")
    assert wait_turn_or_end(page) == "turn"
    buttons = page.locator("#legal button[data-code]")
    second = buttons.nth(1)
    code = second.get_attribute("data-code")
    second.focus()
    page.evaluate(
        """() => { const s = document.querySelector('[data-testid=lang-switch]');
                   s.value = 'zh-TW'; s.dispatchEvent(new Event('change')); }"""
    )
    page.wait_for_function("() => document.documentElement.lang === 'zh-TW'")
    assert page.evaluate("() => document.activeElement?.dataset.code") == code
    assert page.evaluate("() => document.activeElement.isConnected")


def test_the_lobby_tabs_follow_the_tabs_pattern(open_page: Any) -> None:
    """One Tab stop for the three match lists; arrows, Home and End select; the list
    is the tabs' panel, labelled by the selected tab (they had no panel and no arrows)."""
    page = open_page("/")
    page.focus("#tab-open")
    stops = page.evaluate(
        "() => [...document.querySelectorAll('[role=tab]')].map((t) => t.tabIndex)"
    )
    assert stops == [0, -1, -1], stops
    page.keyboard.press("ArrowRight")
    state = page.evaluate(
        """() => ({focus: document.activeElement.id,
                   selected: document.querySelector('[role=tab][aria-selected=true]').id,
                   panel: document.getElementById('match-panel').getAttribute('aria-labelledby'),
                   role: document.getElementById('match-panel').getAttribute('role'),
                   controls: document.getElementById('tab-running').getAttribute('aria-controls')})"""
    )
    assert state == {
        "focus": "tab-running",
        "selected": "tab-running",
        "panel": "tab-running",
        "role": "tabpanel",
        "controls": "match-panel",
    }, state
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.id") == "tab-finished"
    page.keyboard.press("ArrowRight")  # wraps round
    assert page.evaluate("document.activeElement.id") == "tab-open"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.id") == "tab-finished"
    assert page.get_attribute("#tab-finished", "aria-selected") == "true"


def test_ice_layers_are_tabs_with_arrow_keys(open_page: Any) -> None:
    page = open_page("/")
    create_match(page, "ice", ["@you", "heuristic"])
    page.wait_for_selector("[data-testid=ice-tabs]")
    page.focus("#ice-tab-top")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=ice-board]').dataset.layer === '0'"
    )
    state = page.evaluate(
        """() => ({focus: document.activeElement.id,
                   panel: document.getElementById('ice-board-panel').getAttribute('aria-labelledby'),
                   stops: [...document.querySelectorAll('[data-testid=ice-tabs] [role=tab]')].map((t) => t.tabIndex)})"""
    )
    assert state["focus"] == "ice-tab-0", state
    assert state["panel"] == "ice-tab-0", state
    assert state["stops"].count(0) == 1 and state["stops"][1] == 0, state
    page.keyboard.press("Home")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=ice-board]').dataset.layer === 'top'"
    )
    assert page.evaluate("document.activeElement.id") == "ice-tab-top"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_skip_links_lead_to_the_board_and_the_log(open_page: Any, lang: str) -> None:
    page = open_page("/", lang=lang)
    create_match(page, "province", ["@you", "heuristic"])
    page.keyboard.press("Tab")  # the first stop on the page
    first = page.evaluate(
        "[document.activeElement.dataset.testid, document.activeElement.textContent]"
    )
    assert first[0] == "skip-board", first
    assert ("圖板" in first[1]) if lang == "zh-TW" else ("board" in first[1]), first
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "board"
    page.focus("[data-testid=skip-log]")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "log"


def test_the_board_as_text_opens_by_keyboard_and_follows_the_game(open_page: Any) -> None:
    """Alt+Shift+T opens the position in words (the terminal's drawing of my own view, as
    lists), it follows each move while open, reads in the page's language, and Escape
    closes it with focus back where it was (issue 37, item 3)."""
    page = open_page("/")
    create_match(page, "province", ["@you", "heuristic"])
    assert wait_turn_or_end(page) == "turn"
    page.focus("[data-testid=undo], #legal button.legal-action >> nth=0")
    before = page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    page.keyboard.press("Alt+Shift+T")
    page.wait_for_selector("[data-testid=text-view-body] li")
    assert page.evaluate("document.activeElement.id") == "text-view-title"
    lines = page.locator("[data-testid=text-view-body] li").all_inner_texts()
    assert len(lines) >= 5, lines
    words = " ".join(lines)
    assert not re.search(r"[\u4e00-\u9fff]", words), words[:200]
    assert page.get_attribute("[data-testid=text-view]", "data-state-id") == page.evaluate(
        "document.body.dataset.stateId"
    )
    switch(page, "zh-TW")
    page.wait_for_function(
        """() => /[\\u4e00-\\u9fff]/.test(document.querySelector('[data-testid=text-view-body]').textContent)"""
    )
    switch(page, "en")
    # a move made while the view is open: the view follows the new state
    legal_list_move(page)
    page.wait_for_function(
        """() => document.querySelector('[data-testid=text-view]').dataset.stateId === document.body.dataset.stateId
                 && !/[\\u4e00-\\u9fff]/.test(document.querySelector('[data-testid=text-view-body]').textContent)"""
    )
    page.focus("#text-view-title")
    page.keyboard.press("Escape")
    assert page.is_hidden("[data-testid=text-view]")
    assert page.evaluate("document.activeElement !== document.body"), before


#: A control that makes a move (the board's and the list's), and a closed fold of the list.
MOVE = "#legal button.legal-action, #board button[data-code], #board [role=button][data-code], #ask button"
CLOSED_FOLD = "#legal details:not([open]) > summary"


def keyboard_move(page: Any, limit: int = 400) -> int:
    """One move by keyboard alone: Tab to the first control that makes a move (Enter on a
    closed fold of the move list opens it on the way), then Enter; returns the Tabs."""
    for presses in range(limit):
        on = page.evaluate(
            "([m, f]) => { const a = document.activeElement; return a ? [a.matches(m), a.matches(f)] : [false, false]; }",
            [MOVE, CLOSED_FOLD],
        )
        if on[0]:
            before = page.evaluate("document.body.dataset.stateId")
            page.keyboard.press("Enter")
            page.wait_for_function(
                "(s) => document.body.dataset.stateId !== s || !document.getElementById('ask').hidden",
                arg=before,
            )
            return presses
        page.keyboard.press("Enter" if on[1] else "Tab")
    raise AssertionError(f"no move reached in {limit} key presses")


def test_a_whole_viscounts_solo_game_by_keyboard_keeps_focus(open_page: Any) -> None:
    """Issue 37, item 6: Viscounts (against the solo AI) to the end by Tab and Enter alone,
    focus on a control of my decision after every move, never on the page body."""
    page = open_page("/")
    create_match(page, "viscounts", ["@you"])
    moves = 0
    presses: list[int] = []
    while wait_turn_or_end(page) == "turn":
        if moves:
            focus = page.evaluate(FOCUSED)
            assert not focus["body"], f"focus fell to the body after move {moves}"
            assert focus["inBoard"] or focus["inLegal"] or focus["id"].startswith("ask"), focus
        presses.append(keyboard_move(page))
        moves += 1
        assert not page.evaluate(FOCUSED)["body"], f"focus fell to the body after move {moves}"
        assert moves < 1500
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert moves > 20
    assert sorted(presses)[len(presses) // 2] <= 25, presses


def test_arrow_keys_move_between_the_board_s_spots_by_where_they_are_drawn(
    open_page: Any,
) -> None:
    """Issue 37, item 2: a board's spots are reached with the arrow keys by where they
    are drawn (a penguin turn was up to 63 Tab presses): Right goes to a spot further
    right on about the same row, Down to one below, Home and End to the first and last.
    Tic-tac-toe's nine cells are the plainest grid."""
    page = open_page("/")
    create_match(page, "tictactoe", ["@you", "random"])
    assert wait_turn_or_end(page) == "turn"
    spots = (
        "#board [role=button][tabindex='0'], #board [data-roving], #board button:not([disabled])"
    )
    page.wait_for_selector(spots)
    assert page.locator(spots).count() >= 5
    # the nine cells are one Tab stop; the arrows reach the rest
    assert page.locator("#board [role=button][tabindex='0']").count() == 1
    page.focus(f"{spots} >> nth=0")
    where = """() => { const r = document.activeElement.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2, Boolean(document.activeElement.closest('#board'))]; }"""
    x0, y0, _ = page.evaluate(where)
    page.keyboard.press("ArrowRight")
    x1, y1, inside = page.evaluate(where)
    assert inside and x1 > x0 and abs(y1 - y0) < (x1 - x0), (x0, y0, x1, y1)
    page.keyboard.press("ArrowDown")
    x2, y2, inside = page.evaluate(where)
    assert inside and y2 > y1 and abs(x2 - x1) < (y2 - y1), (x1, y1, x2, y2)
    page.keyboard.press("End")
    last = page.evaluate(
        "(sel) => { const all = [...document.querySelectorAll(sel)]; return all.indexOf(document.activeElement) === all.length - 1; }",
        spots,
    )
    assert last
    page.keyboard.press("Home")
    assert page.evaluate("(sel) => document.activeElement === document.querySelector(sel)", spots)


@pytest.mark.parametrize(("lang", "to_move"), [("en", "(to move)"), ("zh-TW", "（輪到此玩家）")])
def test_the_players_list_says_each_colour_and_whose_turn_in_words(
    open_page: Any, lang: str, to_move: str
) -> None:
    """Issue 37, item 3: a seat's colour and the seat to move were shown only by paint."""
    page = open_page("/", lang=lang)
    create_match(page, "province", ["@you", "heuristic"])
    assert wait_turn_or_end(page) == "turn"
    got = page.evaluate(
        """() => [...document.querySelectorAll('#players li[data-seat]')].map((li) => ({
            colour: li.querySelector('[role=img]')?.getAttribute('aria-label') || '',
            current: li.getAttribute('aria-current'),
            said: li.textContent}))"""
    )
    words = {"en": ("red", "blue"), "zh-TW": ("紅色", "藍色")}[lang]
    assert [g["colour"] for g in got] == list(words), got
    mine = page.evaluate("Number(document.body.dataset.seat)")
    assert got[mine]["current"] == "true" and to_move in got[mine]["said"], got
    assert got[1 - mine]["current"] is None and to_move not in got[1 - mine]["said"], got


def test_a_board_drawing_is_one_tab_stop_and_a_selected_tile_s_actions_come_next(
    open_page: Any,
) -> None:
    """Issue 37, item 2: the arrows reach a drawing's spots while the drawing is one Tab
    stop (a penguin turn was 60 stops, a Viscounts kingdom 32), and after choosing an ICE
    tile its actions are the next Tab away (they were 18-33 Tabs away)."""
    page = open_page("/")
    create_match(page, "ice", ["@you", "heuristic"])
    tile = "[data-testid=ice-board] .ice-tile.hot:not(.ice-direct)"
    for _ in range(12):
        assert wait_turn_or_end(page) == "turn"
        if page.locator(tile).count() >= 2:
            break
        legal_list_move(page, ())
    assert page.locator(tile).count() >= 2
    stops = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=ice-board] [role=button]')]
                   .map((el) => el.getAttribute('tabindex'))"""
    )
    assert stops.count("0") == 1 and stops.count("-1") == len(stops) - 1, stops
    tab_to(page, tile)
    chosen = page.evaluate("document.activeElement.dataset.tile")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=ice-tilebox] button")
    assert page.evaluate("document.activeElement.dataset.tile") == chosen  # focus kept
    page.keyboard.press("Tab")
    assert page.evaluate("Boolean(document.activeElement.closest('[data-testid=ice-tilebox]'))"), (
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    )
