"""End-to-end: what the board marks and names (issue 17, the browser's remaining items).

The last move is marked on Province's buildings (Fit To Print's page, and its
copy numbers, are checked over a whole game: test_fittoprint.FitToPrintWatch
in test_clarity's table); the penguin
legend lists only what the board shows and fits the board's width; Snow
Tails warns as its round limit nears; end sentences name seats as the page
names them. Small games, fast bots: a few decisions each.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import (
    PHONE,
    act_and_wait,
    create_match,
    province_board_move,
    wait_turn_or_end,
)
from tests.e2e.test_clarity import page_move

pytestmark = pytest.mark.browser


def test_province_marks_the_building_just_built(open_page: Any) -> None:
    """A build leaves the turn with its builder: the card it built is ringed as the last move."""
    page = open_page("/")
    create_match(page, "province", ["@you", "heuristic"])
    for _ in range(80):
        assert wait_turn_or_end(page) == "turn"
        hot = page.locator("[data-testid=pv-board] .pv-building.hot")
        if not hot.count():
            province_board_move(page)
            continue
        building = hot.first.get_attribute("data-building")
        act_and_wait(page, f"[data-testid=pv-board] .pv-building.hot[data-building='{building}']")
        if page.evaluate("document.body.dataset.myTurn") != "true":
            continue  # the turn passed on: the bot's move is the last one now
        marked = page.locator("[data-testid=pv-board] .pv-building.last-move")
        assert marked.count() == 1, "the building just built is not marked"
        assert marked.get_attribute("data-building") == building
        assert marked.locator(".last-move-ring").count() == 1
        # the next move (not a build) takes the mark off the card
        return
    pytest.fail("no building was built in 80 decisions")


_LEGEND_JS = """() => {
    const board = document.querySelector("[data-testid=pg-board] svg") || document.querySelector("[data-testid=pg-board]");
    const legend = document.querySelector("[data-testid=pg-legend]");
    const listed = [...legend.querySelectorAll("[data-legend]")].map((e) => e.dataset.legend);
    const pieces = new Set([...document.querySelectorAll("[data-testid=pg-board] [data-piece]")]
        .map((e) => e.dataset.piece.replace(/\\d$/, "")));
    const terrain = new Set([...document.querySelectorAll("[data-testid=pg-board] [data-terrain]")]
        .map((e) => e.dataset.terrain));
    const box = document.querySelector("[data-testid=pg-board]").getBoundingClientRect();
    const lbox = legend.getBoundingClientRect();
    return {listed, pieces: [...pieces], terrain: [...terrain],
            fits: lbox.left >= box.left - 1 && lbox.right <= box.right + 1,
            page: document.documentElement.scrollWidth <= window.innerWidth};
}"""


def test_the_penguin_legend_lists_what_the_board_shows_and_fits_a_phone(open_page: Any) -> None:
    page = open_page("/", viewport=PHONE, lang="zh-TW")
    create_match(page, "penguins", ["@you", "random"], options={"scene": "1"})
    page.wait_for_selector("[data-testid=pg-legend]")
    for _ in range(6):
        got = page.evaluate(_LEGEND_JS)
        shown = set(got["pieces"]) | set(got["terrain"])
        assert set(got["listed"]) == shown, got  # nothing absent listed, nothing shown left out
        assert got["fits"] and got["page"], got
        if wait_turn_or_end(page) == "finished":
            break
        page_move(page)


_MODULES_JS = """async ([lang]) => {
    const board = await import("/static/js/board.js");
    const panels = await import("/static/js/panels.js");
    const snow = await board.loadRenderer("snowtails");
    const t = board.gameT("snowtails");
    const ctx = {t, lang};
    const at = (round) => panels.capWarning(snow.turnCap({round, round_limit: 60, phase: "race"}, ctx));
    const seats = [{name: "Ann"}, {bot: "random"}];
    const common = await import("/static/js/common.js");
    return {
        bot: common.seatName(seats, 1),
        early: at(40), near: at(54), last: at(60), over: snow.turnCap({round: 60, round_limit: 60, phase: "over"}, ctx),
        end: panels.fillSeats("Out of the running: {seat:1}, then {seat:0}.", {seats}),
    };
}"""


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Round 54 of 60"), ("zh-TW", "第 54 回合，共 60 回合")]
)
def test_snow_tails_warns_as_its_round_limit_nears_and_end_sentences_take_names(
    open_page: Any, lang: str, words: str
) -> None:
    """The round limit comes in the view; the page warns over its last tenth (at least 3)."""
    page = open_page("/", lang=lang)
    create_match(page, "snowtails", ["@you", "random"])
    got = page.evaluate(_MODULES_JS, [lang])
    assert got["early"] is None and got["over"] is None, got
    assert words in got["near"] and got["last"], got
    # the server's {seat:N} marks take the names the page shows (a bot's in the page's language)
    assert got["end"] == f"Out of the running: {got['bot']}, then Ann.", got
