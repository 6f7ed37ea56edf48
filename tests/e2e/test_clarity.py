"""End-to-end: every game with a board is clear in Traditional Chinese (issue 17).

One test per registered game that has a browser board (a new game joins by
being registered with a renderer): a match against the game's bots in zh-TW,
played for a bounded number of decisions from the page, checking at every turn
the clarity rules of docs/web-client.md ("Conventions": at most 30 buttons a
panel, one colour per seat everywhere, the page says your colour in words),
that no character on the page lacks a glyph in every installed font, and the
rules page. It takes the screenshots docs/web-client.md shows, in both
languages (set MEEPLE_SCREENSHOTS=docs/screenshots to write them there).

Whole games in English (tests/e2e/test_play.py, test_penguins.py, ...) check
the same rules at every turn and the end reason, through helpers.play_to_end.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from meeple.core.registry import games
from tests.e2e.helpers import (
    MAX_BUTTONS,
    act_and_wait,
    check_clarity,
    create_match,
    wait_turn_or_end,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

STATIC = Path(__file__).resolve().parents[2] / "src" / "meeple" / "web" / "static"
#: Decisions played per game before the screenshots (tic-tac-toe ends sooner).
DECISIONS = 14


def boards() -> list[str]:
    """Registered games that have a browser board renderer."""
    return sorted(c.name for c in games() if (STATIC / "js" / "games" / f"{c.name}.js").exists())


@functools.cache
def covered() -> frozenset[int]:
    """Every code point some installed font has a glyph for (fontconfig, as Chromium uses)."""
    out = subprocess.run(
        ["fc-list", "--format", "%{charset}\n"], capture_output=True, text=True, check=True
    ).stdout
    points: set[int] = set()
    for part in out.split():
        lo, _, hi = part.partition("-")
        points.update(range(int(lo, 16), int(hi or lo, 16) + 1))
    return frozenset(points)


#: Everything the page shows as text: HTML, SVG labels, select options, tooltips.
_TEXT_JS = """() => [
    document.body.innerText,
    ...[...document.querySelectorAll("svg text, option, title")].map((e) => e.textContent),
].join("\\n")"""


def missing_glyphs(page: Any) -> list[str]:
    """Characters on the page no installed font can draw (they would show as empty boxes)."""
    text = page.evaluate(_TEXT_JS)
    fonts = covered()
    return sorted(
        {ch for ch in text if ord(ch) > 0x20 and ord(ch) not in fonts and ch.isprintable()}
    )


def shoot(page: Any, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MEEPLE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


#: One decision from the page: a lit place on the board first, else a button under
#: it, else the side list (opening a folded group when its buttons are hidden).
_MOVE_JS = """() => {
    const shown = (el) => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
    const board = [...document.querySelectorAll("#board .hot[data-code]")].filter(shown);
    if (board.length) { board[0].dispatchEvent(new MouseEvent("click", {bubbles: true})); return "board"; }
    const buttons = [...document.querySelectorAll("#board button[data-code]:not([disabled])")].filter(shown);
    if (buttons.length) { buttons[buttons.length - 1].click(); return "board-button"; }
    const listed = [...document.querySelectorAll("#legal button.legal-action:not([disabled])")].filter(shown);
    if (listed.length) { listed[listed.length - 1].click(); return "list"; }
    const fold = [...document.querySelectorAll("#legal details.legal-fold:not([open]) > summary")].filter(shown);
    if (fold.length) { fold[0].click(); return "fold"; }
    return "none";
}"""


def page_move(page: Any) -> None:
    """Take one decision the way a player can see it, and wait for the answer."""
    before = page.evaluate("document.body.dataset.stateId")
    for _ in range(8):  # folds open one level at a time
        how = page.evaluate(_MOVE_JS)
        assert how != "none", "my turn, but nothing to click"
        if how != "fold":
            break
    page.wait_for_function("(s) => document.body.dataset.stateId !== s", arg=before)


@pytest.mark.parametrize("slug", boards())
def test_the_board_is_clear_in_chinese(open_page: Any, slug: str, tmp_path: Path) -> None:
    cls = next(c for c in games() if c.name == slug)
    players = cls.default_players or cls.min_players
    page = open_page("/", lang="zh-TW")
    create_match(page, slug, ["@you"] + ["heuristic"] * (players - 1), name="小安")
    # the page says in words which colour this seat plays
    title = page.locator("#game-title").inner_text()
    colour = page.locator("#game-title").get_attribute("data-colour")
    words = {"red": "紅色", "blue": "藍色", "green": "綠色", "purple": "紫色", "yellow": "黃色",
             "brown": "棕色", "orange": "橘色", "grey": "灰色"}  # fmt: skip
    assert colour in words and words[colour] in title, title
    assert page.locator("#players li[data-seat='0']").get_attribute("data-colour") == colour
    seen: dict[str, int] = {}
    shot = False
    for n in range(DECISIONS):
        if wait_turn_or_end(page) == "finished":
            break
        check_clarity(page, seen)
        if n == DECISIONS // 2 or (n == 2 and slug == "tictactoe"):
            assert not missing_glyphs(page), f"no font draws {missing_glyphs(page)}"
            shoot(page, f"{slug}-zh-TW", tmp_path)
            shot = True
        page_move(page)
    if not shot:
        shoot(page, f"{slug}-zh-TW", tmp_path)
    got = check_clarity(page, seen)
    assert not missing_glyphs(page), f"no font draws {missing_glyphs(page)}"
    assert seen["board"] <= MAX_BUTTONS and seen["side"] <= MAX_BUTTONS
    if got["status"] == "finished":
        assert re.search(r"[\u4e00-\u9fff]", got["end"]), got["end"]
    # the same position in English, for the docs
    page.select_option("[data-testid=lang-switch]", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    check_clarity(page)
    shoot(page, f"{slug}-en", tmp_path)
    # the rules, from the match page's link, in Chinese
    href = page.locator("[data-testid=rules-link]").get_attribute("href")
    assert href == f"/rules/{slug}"
    rules = open_page(href, lang="zh-TW")
    text = rules.locator("[data-testid=rules]").inner_text()
    assert re.search(r"[\u4e00-\u9fff]{8}", text) and len(text) > 150, text[:200]
    assert (
        "棋" not in text or "畫叉（X）， 座位" not in text
    )  # lines of Chinese join without a space
    assert not missing_glyphs(rules), f"no font draws {missing_glyphs(rules)}"


def test_a_long_action_list_folds_to_at_most_30_buttons(open_page: Any) -> None:
    """Fit To Print's layout offers hundreds of placements: the list folds by tile, then cell."""
    page = open_page("/")
    match_id = create_match(page, "fittoprint", ["@you", "random"])
    page.goto(f"{page.url.split('/match/')[0]}/match/{match_id}?view=raw")  # the list alone
    page.wait_for_selector("body[data-ready='1'][data-state-id]")
    kept = 0
    for _ in range(40):
        assert wait_turn_or_end(page) == "turn"
        check_clarity(page)
        total = page.locator("#legal button.legal-action").count()
        if total > MAX_BUTTONS:
            break
        # report a few tiles, then call the layout: its placements are the long list
        for kind in ("keep", "draw" if kept < 4 else "layout", "layout", "draw"):
            button = page.locator(f"#legal button.legal-action[data-kind={kind}]")
            if button.count():
                kept += kind == "keep"
                act_and_wait(page, f"#legal button.legal-action[data-kind={kind}] >> nth=-1")
                break
        else:
            raise AssertionError("no draw, keep or layout offered")
    total = page.locator("#legal button.legal-action").count()
    assert total > MAX_BUTTONS, f"the layout offered only {total} actions"
    # folded: whole groups by kind, then by tile; nothing but the small kinds shows at first
    got = check_clarity(page)
    folds = page.locator("#legal details.legal-fold")
    assert folds.count() >= 3
    # open a tile's group, then a smaller one inside it if it has any: never more than 30
    for _ in range(3):
        closed = page.locator("#legal details.legal-fold:not([open]) > summary")
        if not closed.count():
            break
        closed.first.click()
        got = check_clarity(page)
        assert got["side"] <= MAX_BUTTONS
    assert 0 < got["side"] <= MAX_BUTTONS
    # the group names say what the tile is, never its number
    summaries = page.locator("#legal details.legal-fold > summary").all_inner_texts()
    assert any("article" in t or "photo" in t or "ad " in t for t in summaries), summaries[:5]
    # a placement from an opened group is taken like any other action
    act_and_wait(page, "#legal details[open] button.legal-action:visible >> nth=0")
    assert page.locator("#legal button.legal-action").count() > 0


def test_an_invited_guest_gives_a_name_and_the_lobby_remembers_the_game(open_page: Any) -> None:
    ann = open_page("/")
    match_id = create_match(ann, "tictactoe", ["@you", "@open"], name="Ann")
    guest = open_page(f"/match/{match_id}")
    guest.wait_for_selector("[data-testid=join-name]")
    guest.fill("[data-testid=join-name]", "")
    guest.click("[data-testid=take-1]")
    assert guest.locator("[data-testid=error]").is_visible()  # no name: asked again
    guest.fill("[data-testid=join-name]", "Carl")
    guest.click("[data-testid=take-1]")
    guest.wait_for_function("() => document.body.dataset.seat === '1'")
    ann.wait_for_function("() => document.querySelector('#players').innerText.includes('Carl')")
    assert "Carl" in ann.locator("[data-testid=player-1]").inner_text()
    # the lobby opens on the game chosen last
    lobby = ann.context.new_page()
    lobby.goto(ann.url.split("/match/")[0] + "/")
    lobby.wait_for_selector("body[data-ready='1']")
    assert lobby.locator("#game-select").input_value() == "tictactoe"
    lobby.select_option("#game-select", "province")
    lobby.reload()
    lobby.wait_for_selector("body[data-ready='1']")
    assert lobby.locator("#game-select").input_value() == "province"
    assert lobby.locator("[data-testid=lobby-rules]").get_attribute("href") == "/rules/province"


def test_lobby_names_option_values_and_hides_test_options(open_page: Any) -> None:
    page = open_page("/", lang="zh-TW")
    page.select_option("#game-select", "fittoprint")
    page.wait_for_selector("#opt-mode")
    options = page.locator("#opt-mode option").all_inner_texts()
    assert options and not {"slo", "realtime"} & set(options), options
    assert page.locator("#opt-round_seconds").count() == 0
    assert "tests" not in page.locator("#options").inner_text()
