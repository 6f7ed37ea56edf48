"""End-to-end Fit To Print in real headless Chromium: Slo-Mode against the heuristic
bot, real-time tables (one of six seats whose days the server's round timer ends),
and drag and drop.

The person plays on the board itself: draw buttons for the face-down sizes,
Keep, Call layout, then two clicks per placement (a desk tile, then a lit
cell of the page), Print, and the centrepiece draft. Reuses the tests/e2e
server and browser fixtures.
"""

from __future__ import annotations

import itertools
import json
import re
import time
from typing import Any

import pytest

from meeple.games.fittoprint.components import (
    CELL_NAMES,
    DAYS,
    PUZZLES,
    TILE_COPIES,
    centre_cells,
)
from meeple.games.fittoprint.puzzle_search import search
from tests.e2e.helpers import (
    PHONE,
    act_and_wait,
    create_match,
    offered_codes,
    open_folds,
    play_to_end,
    wait_turn_or_end,
)

pytestmark = pytest.mark.browser


def board_move(page: Any) -> None:
    """One decision on the board: keep a drawn tile, draw while the desk is small,
    call layout, place desk tiles (pick, then a lit cell), print, draft."""
    on_board, listed = offered_codes(page, "[data-testid=ftp-board]")
    assert listed and set(on_board) <= set(listed), (on_board, listed)
    if page.locator("[data-testid=ftp-keep]").count():
        act_and_wait(page, "[data-testid=ftp-keep]")
        return
    desk = page.locator("[data-testid=ftp-desk] svg.ftp-chip").count()
    draws = page.locator(".ftp-draws button")
    if draws.count() and desk < 4:
        act_and_wait(page, ".ftp-draws button >> nth=-1")  # the largest size
        return
    if page.locator("[data-testid=ftp-layout]").count():
        act_and_wait(page, "[data-testid=ftp-layout]")
        return
    chips = page.locator("[data-testid=ftp-desk] g.hot")
    if chips.count():
        chips.first.click()  # a local choice: no message to the server
        # A tile that fits only face down (family mode lists no face-up spot breaking an
        # adjacency rule) must turn the face toggle over and light its cells: before that
        # fix this wait timed out in about half of the family games.
        page.wait_for_selector("[data-testid=ftp-page] .ftp-target")
        act_and_wait(page, "[data-testid=ftp-page] .ftp-target")
        preview = page.locator("[data-testid=ftp-preview]").inner_text()
        assert "Page so far" in preview or "目前頭版" in preview, preview  # either language
        return
    if page.locator("[data-testid=ftp-print]").count():
        print_page(page)
        return
    if page.locator("[data-testid=ftp-offer] button").count():
        act_and_wait(page, "[data-testid=ftp-offer] button")
        return
    raise AssertionError("my turn, but nothing to do on the board")


def print_page(page: Any) -> None:
    """Print, and print anyway when the page asks first (a puzzle's goal or family mode's
    desk not met): the question names what the page would miss."""
    if page.evaluate("document.querySelector('[data-testid=ftp-print]').dataset.asks") != "1":
        act_and_wait(page, "[data-testid=ftp-print]")
        return
    page.click("[data-testid=ftp-print]")
    assert page.locator("[data-testid=ftp-confirm] li").count() >= 1
    act_and_wait(page, "[data-testid=ftp-print-anyway]")


def _copy_marks(page: Any) -> list[tuple[int, str]]:
    """(tile, the copy number it wears or "") for every tile drawn on my desk, page and centre."""
    return [
        (int(tile), mark)
        for tile, mark in page.evaluate(
            """() => [...document.querySelectorAll(
                "[data-testid=ftp-board] svg.ftp-chip[data-tile], [data-testid=ftp-page] .ftp-placed[data-tile]")]
                .map((el) => [el.dataset.tile, el.querySelector(".ftp-copy")?.textContent || ""])"""
        )
    ]


class FitToPrintWatch:
    """board_move, checking at every decision what the board names (issue 17).

    Labels tell tiles with the same face apart as "(#2)": the tile on the board
    says "#2" (TILE_COPIES, the numbering the labels use). A tile just placed
    (when the log's last line is mine) is ringed as the last move. The
    centrepiece on the page wears its name, never a card number.
    """

    def __init__(self) -> None:
        self.marks: set[tuple[int, str]] = set()
        self.rings = 0
        self.named = False

    def __call__(self, page: Any) -> None:
        for tile, mark in _copy_marks(page):
            n, of = TILE_COPIES[tile]
            assert mark == (f"#{n}" if of > 1 else ""), (tile, mark, TILE_COPIES[tile])
            self.marks.add((tile, mark))
        centre = page.locator("[data-testid=ftp-centrepiece]")
        if centre.count():
            name = centre.text_content() or ""
            assert name.strip() and not re.search(r"\d", name), name
            self.named = True
        before = page.locator("[data-testid=ftp-page] .ftp-placed").count()
        board_move(page)
        after = page.locator("[data-testid=ftp-page] .ftp-placed").count()
        mine_last = page.evaluate(
            "document.querySelector('#log li:last-child [data-seat]')?.dataset.seat === '0'"
        )
        if after == before + 1 and mine_last:
            assert page.locator("[data-testid=ftp-page] .ftp-placed.last-move").count() == 1
            self.rings += 1

    def done(self, page: Any) -> None:
        assert self.named, "the centrepiece was never on the page"
        assert self.rings, "no placement of mine was the last move when its answer came"
        # Every tile seen wore the copy number TILE_COPIES gives it (checked at each
        # decision above). Whether a deal shows a tile with a twin is chance; the
        # labels' and faces' numbering is checked on a fixed deal in
        # tests/test_end_labels.py::test_fit_to_print_labels_and_faces_carry_the_same_copy_numbers.
        assert self.marks, "no tile was ever drawn on the board"


def test_slo_mode_game_against_the_heuristic_bot_on_the_board(open_page: Any) -> None:
    page = open_page("/")
    create_match(page, "fittoprint", ["@you", "heuristic"])
    page.wait_for_selector("[data-testid=ftp-board]")
    assert "Friday" in page.locator("[data-testid=ftp-header]").inner_text()
    assert page.locator("[data-testid=ftp-page] .ftp-cell").count() == 30  # Friday: 5x6
    # a seat's line says what its numbers count (not a bare "desk 3, page 0")
    line = page.locator("[data-testid=ftp-players] li").first.inner_text()
    assert "tiles on the desk" in line and "on the front page" in line, line
    moves = play_to_end(page, board_move)
    assert moves >= 12
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=ftp-results] tr").count() == 3
    assert "Sunday" in page.locator("[data-testid=ftp-board]").inner_text()


def test_phone_in_chinese_shows_the_board(open_page: Any) -> None:
    page = open_page("/", viewport=PHONE, lang="zh-TW")
    create_match(page, "fittoprint", ["@you", "random"])
    page.wait_for_selector("[data-testid=ftp-board]")
    assert "週五" in page.locator("[data-testid=ftp-header]").inner_text()
    line = page.locator("[data-testid=ftp-players] li").first.inner_text()
    assert "辦公桌上" in line and "頭版上" in line, line
    act_and_wait(page, ".ftp-draws button >> nth=0")
    page.wait_for_selector("[data-testid=ftp-drawn]")
    assert "保留" in page.locator("[data-testid=ftp-keep]").inner_text()
    width = page.evaluate(
        "document.querySelector('[data-testid=ftp-page]').getBoundingClientRect().width"
    )
    assert width <= PHONE["width"]


def test_real_time_table_with_two_bots_acting_at_once(open_page: Any) -> None:
    """Real time: every seat acts whenever it has not printed; the person plays on
    the board while a heuristic and a random bot act at the same moments."""
    page = open_page("/")
    page.select_option("#game-select", "fittoprint")
    page.select_option("#opt-mode", '"realtime"')
    page.select_option("#opt-minutes", "3")
    page.check("#opt-breaking_news")
    create_match(page, "fittoprint", ["@you", "heuristic", "random"])
    page.wait_for_selector("[data-testid=ftp-board]")
    assert "180" in page.locator("[data-testid=ftp-header]").inner_text()
    assert "Breaking news" in page.locator("[data-testid=ftp-board]").inner_text()
    moves = play_to_end(page, board_move)
    assert moves >= 12
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=ftp-results] tr").count() == 4


def test_real_time_waits_for_the_state_that_answers_my_action(open_page: Any) -> None:
    """In real time another seat's move can reach me after I acted but before my
    answer (the server applied theirs first). That state shows the position
    before my action, so the page must keep my buttons off until the state
    carrying my action's ``ref`` arrives. The server-to-page frames of Ann's
    socket are held and then let through one by one to stage that order."""
    held: list[str] = []
    holding = [False]
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()  # page-to-server frames pass untouched

        def down(message: str) -> None:
            if holding[0]:
                held.append(message)
            else:
                ws.send(message)

        server.on_message(down)
        sockets.append(ws)

    ann = open_page("/")
    ann.route_web_socket(re.compile(r"/ws/match/"), route)
    ann.select_option("#game-select", "fittoprint")
    ann.select_option("#opt-mode", '"realtime"')
    match_id = create_match(ann, "fittoprint", ["@you", "@open"])
    bob = open_page(f"/match/{match_id}")
    bob.fill("[data-testid=join-name]", "Bob")  # a guest gives a name
    bob.click("[data-testid=take-1]")
    bob.wait_for_selector("body[data-seat='1'][data-status='running'][data-my-turn='true']")
    ann.wait_for_selector("body[data-status='running'][data-my-turn='true']")
    holding[0] = True
    act_and_wait(bob, ".ftp-draws button >> nth=0")  # Bob's move, held on its way to Ann
    before = ann.evaluate("document.body.dataset.stateId")
    ann.locator(".ftp-draws button >> nth=0").click()  # Ann acts on the older state
    ann.wait_for_selector("body[data-my-turn='false']")

    def answer_index() -> int | None:
        refs = [json.loads(m).get("ref") for m in held]
        return next((i for i, ref in enumerate(refs) if ref is not None), None)

    deadline = time.monotonic() + 10
    while answer_index() is None:
        assert time.monotonic() < deadline, "Ann's action was never answered"
        ann.wait_for_timeout(50)
    mine = answer_index()
    assert mine is not None and mine > 0  # Bob's state is queued ahead of Ann's answer
    (ws,) = sockets
    for message in held[:mine]:
        ws.send(message)
    ann.wait_for_function("(s) => document.body.dataset.stateId !== s", arg=before)
    # Bob's move is drawn, but Ann's own is still in flight: nothing to click yet
    assert ann.evaluate("document.body.dataset.myTurn") == "false"
    assert not ann.locator("[data-testid=ftp-keep]").count()
    assert ann.locator(".ftp-draws button").first.is_disabled()
    holding[0] = False
    for message in held[mine:]:
        ws.send(message)
    ann.wait_for_selector("body[data-my-turn='true'] [data-testid=ftp-keep]")


#: The real-time test's day: short enough for a whole game, long enough to act in.
SHORT_DAY_SECONDS = 8


def countdown_seconds(page: Any) -> int:
    return int(page.get_attribute("[data-testid=ftp-countdown]", "data-seconds"))


def draft_until_the_end(pages: list[Any], limit_s: float = 80.0) -> int:
    """People never print: each day ends by the timer. Between days they draft
    when the offer reaches them; returns how many drafts they made."""
    drafts = 0
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        for page in pages:
            if page.evaluate("document.body.dataset.status") == "finished":
                return drafts
            offer = page.locator("[data-testid=ftp-offer] button[data-code]:not([disabled])")
            if offer.count() and page.evaluate("document.body.dataset.myTurn") == "true":
                act_and_wait(page, "[data-testid=ftp-offer] button[data-code]:not([disabled])")
                drafts += 1
        pages[0].wait_for_timeout(150)
    raise AssertionError(f"the real-time game did not end within {limit_s} s")


def test_six_seats_in_real_time_where_the_timer_ends_every_day(open_page: Any) -> None:
    """Two people in two browsers and four bots, 8-second days: the bots print,
    the people never do, so the server's round timer ends each day ("Time is up!")
    while two seats are still working; the game still plays through its three days."""
    ann = open_page("/?hidden=1")  # the seconds option is for tests: hidden without it
    ann.select_option("#game-select", "fittoprint")
    ann.select_option("#opt-mode", '"realtime"')
    ann.fill("#opt-round_seconds", str(SHORT_DAY_SECONDS))
    seats = ["@you", "@open", "heuristic", "random", "heuristic", "random"]
    match_id = create_match(ann, "fittoprint", seats)
    bob = open_page(f"/match/{match_id}", lang="zh-TW")
    bob.fill("[data-testid=join-name]", "Bob")  # a guest gives a name
    bob.click("[data-testid=take-1]")
    bob.wait_for_selector("body[data-seat='1'][data-status='running']")
    ann.wait_for_selector("body[data-status='running'] [data-testid=ftp-countdown]")
    # The countdown: at most the round's length, ticking down between messages.
    first = countdown_seconds(ann)
    assert 0 < first <= SHORT_DAY_SECONDS
    ann.wait_for_function(
        "(s) => Number(document.querySelector('[data-testid=ftp-countdown]').dataset.seconds) < s",
        arg=first,
    )
    assert "剩餘時間" in bob.locator("[data-testid=ftp-countdown]").inner_text()
    # Ann reports once (a tile on her desk); neither person calls layout or prints.
    act_and_wait(ann, ".ftp-draws button >> nth=0")
    act_and_wait(ann, "[data-testid=ftp-keep]")
    status = ann.locator("[data-testid=ftp-players] li[data-seat='0']").inner_text()
    assert "printed" not in status.lower()
    # The timer, not the people, ends Friday.
    ann.wait_for_function(
        "() => document.getElementById('log').innerText.includes('Time is up!')",
        timeout=(SHORT_DAY_SECONDS + 10) * 1000,
    )
    drafts = draft_until_the_end([ann, bob])
    assert drafts >= 2  # each person drafted at least once between days
    for page in (ann, bob):
        page.wait_for_selector("[data-testid=results]:not([hidden])")
    log = ann.locator("#log").inner_text()
    assert log.count("Time is up!") == 3  # the people never printed: three forced ends
    assert "時間到" in bob.locator("#log").inner_text()
    assert ann.locator("[data-testid=ftp-results] tr").count() == 7
    assert "Sunday" in ann.locator("[data-testid=ftp-board]").inner_text()


def test_drag_a_desk_tile_onto_the_page(open_page: Any) -> None:
    """Pointer drag and drop: the drop sends the server's listed `place` for the
    cell under the grabbed corner; a drop off the page sends nothing."""
    page = open_page("/")
    create_match(page, "fittoprint", ["@you", "heuristic"])
    page.wait_for_selector("[data-testid=ftp-board]")
    desk_chips = "[data-testid=ftp-desk] svg[data-draggable=true]"
    while not page.locator(desk_chips).count():
        assert wait_turn_or_end(page) == "turn"
        if page.locator("[data-testid=ftp-keep]").count():
            act_and_wait(page, "[data-testid=ftp-keep]")
        elif page.locator("[data-testid=ftp-desk] svg.ftp-chip").count() < 2:
            act_and_wait(page, ".ftp-draws button >> nth=0")
        else:
            act_and_wait(page, "[data-testid=ftp-layout]")
    assert page.locator(desk_chips).count() >= 2
    chip = page.locator(desk_chips).first
    tile = chip.get_attribute("data-tile")
    box = chip.bounding_box()
    page.mouse.move(box["x"] + 5, box["y"] + 5)  # the tile's top-left cell
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 40, steps=4)
    # While dragging, the page lights the anchors the server lists for this tile.
    target = page.locator("[data-testid=ftp-page] .ftp-target").last  # not just a1
    at = target.get_attribute("data-at")
    spot = target.bounding_box()
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=6)
    before = page.evaluate("document.body.dataset.stateId")
    page.mouse.up()
    page.wait_for_function("(s) => document.body.dataset.stateId !== s", arg=before)
    page.wait_for_selector(f"[data-testid=ftp-page] .ftp-placed[data-tile='{tile}']")
    assert not page.locator(f"[data-testid=ftp-desk] svg[data-tile='{tile}']").count()
    assert f" at {at}, face up" in page.locator("#log").inner_text()
    # A drop off the page is no action: the state and the desk stay as they were.
    other = page.locator(desk_chips).first
    other_tile = other.get_attribute("data-tile")
    box = other.bounding_box()
    before = page.evaluate("document.body.dataset.stateId")
    page.mouse.move(box["x"] + 5, box["y"] + 5)
    page.mouse.down()
    header = page.locator("[data-testid=ftp-header]").bounding_box()
    page.mouse.move(header["x"] + 10, header["y"] + 5, steps=6)
    page.mouse.up()
    assert not page.locator("[data-testid=ftp-page] .ftp-target").count()
    assert page.evaluate("document.body.dataset.stateId") == before
    assert page.locator(f"[data-testid=ftp-desk] svg[data-tile='{other_tile}']").count() == 1
    # A touch drag (pointer events of pointerType "touch", dispatched in the page,
    # since Playwright's touchscreen only taps) places that tile the same way.
    before = page.evaluate("document.body.dataset.stateId")
    at = page.evaluate(
        """(tile) => {
          const chip = document.querySelector(`[data-testid=ftp-desk] svg[data-tile='${tile}']`);
          const box = chip.getBoundingClientRect();
          const touch = (type, x, y, el) => el.dispatchEvent(new PointerEvent(type, {
            pointerId: 7, pointerType: "touch", isPrimary: true, button: 0,
            clientX: x, clientY: y, bubbles: true, cancelable: true }));
          touch("pointerdown", box.left + 5, box.top + 5, chip);
          touch("pointermove", box.left + 60, box.top + 60, document.body);
          const target = document.querySelector("[data-testid=ftp-page] .ftp-target");
          const spot = target.getBoundingClientRect();
          const x = spot.left + spot.width / 2, y = spot.top + spot.height / 2;
          touch("pointermove", x, y, document.body);
          touch("pointerup", x, y, document.body);
          return target.dataset.at;
        }""",
        other_tile,
    )
    page.wait_for_function("(s) => document.body.dataset.stateId !== s", arg=before)
    page.wait_for_selector(f"[data-testid=ftp-page] .ftp-placed[data-tile='{other_tile}']")
    assert page.locator("#log").inner_text().count(f" at {at}, face up") >= 1


def test_a_puzzle_chosen_in_the_lobby_solved_on_the_board_in_chinese(open_page: Any) -> None:
    """Puzzle mode from the lobby's form (its modes named for people), laid out by
    clicks alone: the centrepiece, then every tile where our search solved it; Print
    says it is solved."""
    page = open_page("/", lang="zh-TW")
    page.select_option("#game-select", "fittoprint")
    names = page.locator("#opt-mode option").all_inner_texts()
    assert "解題模式（1 人）" in names and not any("slo" in n or "_" in n for n in names)
    page.select_option("#opt-mode", '"puzzle"')
    page.fill("#opt-puzzle", "2")
    create_match(page, "fittoprint", ["@you"])
    puzzle = page.locator("[data-testid=ftp-puzzle]")
    puzzle.wait_for()
    assert f"謎題 2：{PUZZLES[1].name_zh}" in puzzle.inner_text()
    assert "所有板塊都放上頭版" in puzzle.inner_text()
    assert page.locator("[data-testid=ftp-centre]").is_hidden()  # nothing to draw
    solution = search(PUZZLES[1])
    centre = CELL_NAMES[solution.solution_centre]
    if solution.solution_centre != centre_cells(DAYS[PUZZLES[1].day])[0]:  # not at its start
        page.locator("[data-testid=ftp-centrepiece]").click()
        act_and_wait(page, f"[data-testid=ftp-page] .ftp-target[data-at='{centre}']")
    for tile, (cell, _up) in sorted(solution.solution.items()):
        page.locator(f"[data-testid=ftp-desk] svg[data-tile='{tile}'] g.hot").click()
        act_and_wait(page, f"[data-testid=ftp-page] .ftp-target[data-at='{CELL_NAMES[cell]}']")
    act_and_wait(page, "[data-testid=ftp-print]")
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    result = page.locator("[data-testid=ftp-puzzle-result]")
    assert result.get_attribute("data-solved") == "true"
    assert "解題成功" in result.inner_text()
    assert page.locator("[data-testid=ftp-puzzle] li[data-ok=true]").count() == len(
        page.locator("[data-testid=ftp-puzzle] li").all()
    )


def test_a_family_game_from_the_lobby_against_the_bot_to_the_end(open_page: Any) -> None:
    """Family mode, turn-based, against the heuristic bot: the header names it, the
    board never offers a face-up spot that breaks an adjacency rule (the server does
    not list one), the game ends with revenue counted as points."""
    page = open_page("/")
    page.select_option("#game-select", "fittoprint")
    assert (
        "Family mode, turn-based (2-6 players)"
        in page.locator("#opt-mode option").all_inner_texts()
    )
    page.select_option("#opt-mode", '"family"')
    create_match(page, "fittoprint", ["@you", "heuristic"])
    page.wait_for_selector("[data-testid=ftp-board]")
    assert "Family mode, turn-based" in page.locator("[data-testid=ftp-header]").inner_text()
    moves = play_to_end(page, board_move)
    assert moves >= 12
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=ftp-results] tr").count() == 3
    assert "revenue counts as points" in page.locator("[data-testid=ftp-board]").inner_text()


def test_print_asks_first_when_a_puzzle_page_misses_its_goal(open_page: Any) -> None:
    """ "print!" on a puzzle page that would fail once ended the puzzle at a click; it
    now says which goal parts the page misses and waits for "Print anyway", in both
    languages (issue 34, item 13)."""
    page = open_page("/")
    page.select_option("#game-select", "fittoprint")
    page.select_option("#opt-mode", '"puzzle"')
    page.fill("#opt-puzzle", "1")
    create_match(page, "fittoprint", ["@you"])
    page.locator("[data-testid=ftp-puzzle]").wait_for()
    before = page.evaluate("document.body.dataset.stateId")
    page.click("[data-testid=ftp-print]")
    confirm = page.locator("[data-testid=ftp-confirm]")
    assert "Your page would miss" in confirm.inner_text()
    parts = confirm.locator("li").evaluate_all("(lis) => lis.map((li) => li.dataset.part)")
    assert "all_placed" in parts and "min_points" in parts
    assert "every tile on the page (8 still on the desk)" in confirm.inner_text()
    page.click("[data-testid=ftp-print-back]")
    assert page.locator("[data-testid=ftp-confirm]").count() == 0
    assert page.evaluate("document.body.dataset.stateId") == before  # nothing was sent
    page.select_option("[data-testid=lang-switch]", "zh-TW")
    page.click("[data-testid=ftp-print]")
    assert "你的頭版還差" in page.locator("[data-testid=ftp-confirm]").inner_text()
    act_and_wait(page, "[data-testid=ftp-print-anyway]")
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    result = page.locator("[data-testid=ftp-puzzle-result]")
    assert result.get_attribute("data-solved") == "false"
    assert page.locator("[data-testid=winner-line]").inner_text() == "Ann落敗"
    # the lobby's finished list says so too (it said "Winner:" and nothing)
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    lobby = open_page("/")
    lobby.click("[data-testid=tab-finished]")
    assert "Ann lost" in lobby.locator(f"[data-match-id='{match_id}']").inner_text()


def test_after_printing_the_players_line_counts_the_printed_page(open_page: Any) -> None:
    """Between days the line once said "0 on the front page" beside a printed page of
    five tiles; it counts the printed page and names the day's points apart from the
    totals (issue 34, item 13)."""
    page = open_page("/")
    create_match(page, "fittoprint", ["@you", "heuristic"])
    page.wait_for_selector("[data-testid=ftp-board]")

    def first_line() -> str:
        return str(page.locator("[data-testid=ftp-players] li").first.inner_text())

    # Play until the draft between days, where Friday's pages are on the board. The
    # offer is looked for once my turn has come and before I move: every seat drafts, so
    # it always comes, and a move made first could be the draft itself (day two would
    # then begin with an empty page, which the line rightly counts as 0).
    while True:
        assert wait_turn_or_end(page) == "turn"
        if page.locator("[data-testid=ftp-offer] button").count():
            break
        board_move(page)
    line = first_line()
    tiles = page.locator(
        "[data-testid=ftp-front-pages] figure[data-seat='0'] svg rect[stroke='#333']"
    ).count()
    assert tiles > 0
    assert f", {tiles} on the front page; total " in line, line
    assert "Friday's page" in line, line


def test_a_bots_secret_steps_fold_into_one_log_line(open_page: Any) -> None:
    """In real time a bot's steps on its own layout are secret and all read "works on the
    layout": 76 of them once filled the log line by line; a run of them is one line with
    its count (issue 34, item 14), in both languages."""
    page = open_page("/")
    page.select_option("#game-select", "fittoprint")
    page.select_option("#opt-mode", '"realtime"')
    create_match(page, "fittoprint", ["@you", "heuristic"])
    page.wait_for_selector("[data-testid=ftp-board]")
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('(×'))"
    )
    lines = page.evaluate("[...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    folded = [line for line in lines if "(×" in line]
    assert all("works on the layout" in line for line in folded), folded
    assert all(a != b for a, b in itertools.pairwise(lines)), lines
    page.select_option("[data-testid=lang-switch]", "zh-TW")
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('（×'))"
    )


def test_print_from_the_action_list_asks_the_same_question(open_page: Any) -> None:
    """The side list sent "print!" at once, ending a puzzle that missed its goal: the
    server now puts the game's question on the action and the page asks it first."""
    page = open_page("/", lang="zh-TW")
    page.select_option("#game-select", "fittoprint")
    page.select_option("#opt-mode", '"puzzle"')
    page.fill("#opt-puzzle", "1")
    create_match(page, "fittoprint", ["@you"])
    page.locator("[data-testid=ftp-puzzle]").wait_for()
    code = page.locator("[data-testid=ftp-print]").get_attribute("data-code")
    listed = f"#legal button.legal-action[data-code='{code}']"
    open_folds(page, listed)
    before = page.evaluate("document.body.dataset.stateId")
    page.click(listed)
    ask = page.locator("[data-testid=ask]")
    assert "現在就印刷？你的頭版還差：所有板塊都放上頭版" in ask.inner_text()
    assert page.evaluate("document.activeElement.dataset.testid") == "ask-yes"  # focus moved there
    page.click("[data-testid=ask-no]")
    assert ask.is_hidden() and page.evaluate("document.body.dataset.stateId") == before
    page.click(listed)
    act_and_wait(page, "[data-testid=ask-yes]")
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert ask.is_hidden()
