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
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from meeple.core.registry import games
from meeple.games.ice.components import RULES as ICE_RULES
from tests.e2e.helpers import (
    MAX_BUTTONS,
    act_and_wait,
    check_clarity,
    create_match,
    shoot,
    switch,
    wait_turn_or_end,
)
from tests.e2e.test_fittoprint import FitToPrintWatch
from tests.e2e.test_ice import ice_board_move

pytestmark = [pytest.mark.slow]

STATIC = Path(__file__).resolve().parents[2] / "src" / "meeple" / "web" / "static"
#: Decisions played per game before the screenshots (tic-tac-toe ends sooner).
DECISIONS = 14
#: A whole game from the page takes at most this many of my decisions.
DECISION_LIMIT = 600


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


@dataclass(frozen=True)
class Table:
    """The match one game's clarity test plays to the end from the page, in Chinese."""

    #: the seats after yours (bot names); empty for a solo game
    bots: tuple[str, ...]
    #: lobby fields set before creating the match ("#opt-<name>": value)
    options: dict[str, str] = field(default_factory=dict)
    #: the game ends at its turn cap here, so the page must have warned first
    capped: bool = False
    #: further checks at the end: check(page, player) (the rules' own verdict, say)
    after: Callable[[Any, Any], None] | None = None
    #: makes the player for one game: player(page) takes one decision from the page
    #: (default page_move: the first lit place, else a button)
    player: Callable[[], Callable[[Any], None]] | None = None


def _ice_solo_as_the_rules_say(page: Any, _player: Any) -> None:
    """The solo end sentence compares the score with the target as the rules do."""
    score = int(page.locator("[data-testid=result-0] td").last.inner_text().split()[0])
    target = int(ICE_RULES["solo_target"])
    end = page.locator("[data-testid=end-reason]").inner_text()
    assert f"{score} 分" in end and f"目標 {target} 分" in end, end
    assert end.endswith("獲勝。" if score >= target else "落敗。"), (score, target, end)
    line = page.locator("[data-testid=winner-line]").inner_text()
    assert line == ("小安獲勝" if score >= target else "小安落敗"), line
    # alone at the table: no rank column beside "lost" (issue 34, items 4 and 8)
    assert page.locator("[data-testid=results] th").all_inner_texts() == ["玩家", "分數"]


#: One line per game with a board (js/games/<slug>.js). A game given a board
#: adds its line here; test_every_board_has_a_table_line fails until it does.
#: Fast bots and short options: the whole game runs at every CI run.
TABLES: dict[str, Table] = {
    "tictactoe": Table(("heuristic",)),
    "province": Table(("heuristic",)),
    "snowtails": Table(("heuristic",)),
    "penguins": Table(("random",), {"turn_limit": "20", "scene": "1"}, capped=True),
    # desk tiles laid on the page; copy numbers, the last placement and the centrepiece's name
    "fittoprint": Table(
        ("heuristic",), player=FitToPrintWatch, after=lambda page, watch: watch.done(page)
    ),
    "viscounts": Table(("heuristic",)),
    # two rounds: the whole table, every kind of decision, ended by the round limit
    "unconscious": Table(("heuristic",), {"rounds": "2"}),
    # the solo game, dug and explored on the board (not only passed), then judged against the rules
    "ice": Table(
        (), after=_ice_solo_as_the_rules_say, player=lambda: lambda p: ice_board_move(p, {})
    ),
}

#: The seat colours in words, as the title says them.
WORDS = {
    "zh-TW": {"red": "紅色", "blue": "藍色", "green": "綠色", "purple": "紫色", "yellow": "黃色",
              "brown": "棕色", "orange": "橘色", "grey": "灰色"},
    "en": {"red": "red", "blue": "blue", "green": "green", "purple": "purple", "yellow": "yellow",
           "brown": "brown", "orange": "orange", "grey": "grey"},
}  # fmt: skip


def says_my_colour(page: Any, lang: str) -> None:
    """The title names this seat's colour in words, the one the players list paints it."""
    title = page.locator("#game-title").inner_text()
    colour = page.locator("#game-title").get_attribute("data-colour")
    assert colour in WORDS[lang] and WORDS[lang][colour] in title, (lang, colour, title)
    seat = page.evaluate("document.body.dataset.seat")
    assert page.locator(f"#players li[data-seat='{seat}']").get_attribute("data-colour") == colour


_WATCH_CAP_JS = """() => {
    // remember whether the turn-cap warning was ever shown, between our samples too
    // (the last turns before a cap may all be the bots')
    const box = document.getElementById("turn-cap");
    if (!box || window.__capWatch) return;
    window.__capWatch = true;
    const note = () => { if (!box.hidden && box.textContent) window.__capSeen = true; };
    new MutationObserver(note).observe(box, { attributes: true, childList: true, characterData: true, subtree: true });
    note();
}"""


def _cap_seen(page: Any) -> bool:
    """The warning is showing now, or was shown since the page last loaded."""
    shown = page.locator("[data-testid=turn-cap]").is_visible()
    return bool(shown or page.evaluate("window.__capSeen === true"))


def test_every_board_has_a_table_line() -> None:
    """The whole-game checks cover every registered game with a board."""
    missing = [slug for slug in boards() if slug not in TABLES]
    assert not missing, f"add a line to TABLES for {missing}"


@pytest.mark.browser
@pytest.mark.parametrize("slug", boards())
def test_a_whole_game_is_clear_in_chinese(open_page: Any, slug: str, tmp_path: Path) -> None:
    """From the lobby to the result in zh-TW, every decision from the page: at every
    turn the clarity rules (check_clarity: buttons, colours); the title says the
    seat's colour in both languages; no character lacks a glyph; the turn cap is
    warned of before it ends a game; the end is said in Chinese, naming seats by
    their names; the rules page. Screenshots in both languages mid-game."""
    if slug not in TABLES:
        pytest.fail(f"{slug} has a board but no line in TABLES: add one")
    table = TABLES[slug]
    seats = ["@you", *table.bots]
    page = open_page("/", lang="zh-TW")
    create_match(page, slug, seats, name="小安", options=table.options)
    says_my_colour(page, "zh-TW")
    player = table.player() if table.player else page_move
    seen: dict[str, int] = {}
    warned = False
    shot = False
    for n in range(DECISION_LIMIT):
        if wait_turn_or_end(page) == "finished":
            break
        got = check_clarity(page, seen)
        page.evaluate(_WATCH_CAP_JS)
        warned = warned or _cap_seen(page)
        if n == DECISIONS // 2 or (n == 2 and slug == "tictactoe"):
            assert not missing_glyphs(page), f"no font draws {missing_glyphs(page)}"
            shoot(page, f"{slug}-zh-TW", tmp_path)
            switch(page, "en")  # the same position in English
            check_clarity(page)
            says_my_colour(page, "en")
            shoot(page, f"{slug}-en", tmp_path)
            switch(page, "zh-TW")
            shot = True
        player(page)
    else:
        raise AssertionError(f"{slug}: not finished after {DECISION_LIMIT} decisions")
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    warned = warned or _cap_seen(page)
    got = check_clarity(page, seen)
    assert shot, f"{slug} ended before the screenshots"
    assert not missing_glyphs(page), f"no font draws {missing_glyphs(page)}"
    assert seen["board"] <= MAX_BUTTONS and seen["side"] <= MAX_BUTTONS
    assert got["status"] == "finished" and re.search(r"[\u4e00-\u9fff]", got["end"]), got["end"]
    # seats are named as the page names them, never "player 2" or a raw mark
    assert "{seat" not in got["end"] and not re.search(r"玩家 ?\d", got["end"]), got["end"]
    if table.capped and "上限" in got["end"]:  # a deal may also end before its cap
        assert warned, "the game ended at its turn cap with no warning on the page"
    if table.after:
        table.after(page, player)
    switch(page, "en")
    got = check_clarity(page)
    assert "{seat" not in got["end"] and not re.search(r"[Pp]layer \d", got["end"]), got["end"]
    # the rules, from the match page's link, in Chinese
    href = page.locator("[data-testid=rules-link]").get_attribute("href")
    assert href == f"/rules/{slug}"
    rules = open_page(href, lang="zh-TW")
    text = rules.locator("[data-testid=rules]").inner_text()
    assert re.search(r"[\u4e00-\u9fff]{8}", text) and len(text) > 150, text[:200]
    assert not missing_glyphs(rules), f"no font draws {missing_glyphs(rules)}"


@pytest.mark.browser
def test_a_long_action_list_folds_to_at_most_30_buttons(open_page: Any, tmp_path: Path) -> None:
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
    # each group says how many choices it holds, "1 choice" for one
    held = page.evaluate(
        """() => [...document.querySelectorAll("#legal details.legal-fold")].map((d) => [
            d.querySelector(":scope > summary .muted").textContent,
            d.querySelectorAll("button.legal-action").length,
        ])"""
    )
    for said, n in held:
        assert said == (f"{n} choice" if n == 1 else f"{n} choices"), (said, n)
    shoot(page, "legal-folds-en", tmp_path)
    switch(page, "zh-TW")
    counts = page.locator("#legal details.legal-fold > summary .muted").all_inner_texts()
    assert counts and all(t.endswith(" 個選項") for t in counts), counts
    # the groups' names are the game's words in Chinese too, not its action kinds
    # (the list alone loads the game's strings: it once showed "place" here)
    heads = page.evaluate(
        """() => [
            ...[...document.querySelectorAll("#legal details.legal-fold > summary")].map(
                (s) => s.firstChild.textContent),
            ...[...document.querySelectorAll("#legal section.legal-group > h3")].map(
                (h) => h.textContent),
        ]"""
    )
    assert heads and all(re.search(r"[\u4e00-\u9fff]", t) for t in heads), heads
    shoot(page, "legal-folds-zh-TW", tmp_path)
    switch(page, "en")
    # the group names say what the tile is, never its number
    summaries = page.locator("#legal details.legal-fold > summary").all_inner_texts()
    assert any("article" in t or "photo" in t or "ad " in t for t in summaries), summaries[:5]
    # a name that is the start its choices share ends with "…" (they finish it)
    assert any(re.search(r"(article|photo|ad) .* …", t) for t in summaries), summaries[:5]
    # a placement from an opened group is taken like any other action
    act_and_wait(page, "#legal details[open] button.legal-action:visible >> nth=0")
    assert page.locator("#legal button.legal-action").count() > 0


@pytest.mark.browser
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


@pytest.mark.browser
def test_lobby_names_option_values_and_hides_test_options(open_page: Any) -> None:
    page = open_page("/", lang="zh-TW")
    page.select_option("#game-select", "fittoprint")
    page.wait_for_selector("#opt-mode")
    options = page.locator("#opt-mode option").all_inner_texts()
    assert options and not {"slo", "realtime"} & set(options), options
    assert page.locator("#opt-round_seconds").count() == 0
    assert "tests" not in page.locator("#options").inner_text()
