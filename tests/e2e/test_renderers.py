"""The renderer object every game's board module exports, and the shared kit (issue 35, item 4).

Each ``js/games/<slug>.js`` exports one ``renderer`` object (render-kit.js's
``defineRenderer``) that board.js checks before the page uses it: ``render`` and
``game`` required, the page hooks and ``stylesheet`` optional, the optional parts
named from board.js's ``PARTS``. A module missing a required part is refused (the
page falls back to the generic view). The renderers keep no copies of what the kit
holds: buttons from legal actions, word pairs and the page's punctuation, legal
indexes, loading their own stylesheet. Run in Chromium through the real server.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "meeple" / "web" / "static"
GAMES = sorted(p.stem for p in (STATIC / "js" / "games").glob("*.js"))

#: What a renderer module must no longer write for itself: each has its one home in
#: render-kit.js (or board.js, for the stylesheet).
COPIES = {
    "a word picked by the page's language (render-kit word / inLang / isZh)": re.compile(
        r"ctx\.lang\s*===|\[ctx\.lang\]"
    ),
    "its own stylesheet link (board.js loads the renderer's `stylesheet`)": re.compile(
        r"createElement\(\s*[\"']link[\"']\s*\)|rel\s*=\s*[\"']stylesheet"
    ),
    "a button wired to send by hand (render-kit actionButton)": re.compile(
        r"onclick:\s*\(\)\s*=>\s*ctx\.send\("
    ),
    "a board part wired to send by hand (render-kit clickAction)": re.compile(
        r"clickable\(\s*\w+,\s*actionLabel\((\w+(?:\[0\])?)\),\s*\(\)\s*=>\s*ctx\.send\(\1\)\)"
    ),
    "a legal entry looked up by its type by hand (render-kit ofType / findEntry)": re.compile(
        r"legal\.(?:filter|find|some)\(\(e\) => e\.json(?:\s*&&\s*e\.json)?\.type ==="
    ),
    "its components table fetched by hand (render-kit loadComponents)": re.compile(
        r"fetch\(\s*new URL\(\s*[\"']\./\w+\.components\.json"
    ),
    "a local copy of a kit helper": re.compile(
        r"^(?:const|function)\s+(?:word|w|colon|listOf|list|sep|gap|index|zh)\b", re.M
    ),
    "a page hook exported beside the renderer object": re.compile(
        r"^export\s+function\s+(?:render|seatColours|seatTeam|turnCap|rivals)\b", re.M
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_no_renderer_keeps_its_own_copy_of_the_shared_helpers(game: str) -> None:
    source = (STATIC / "js" / "games" / f"{game}.js").read_text(encoding="utf-8")
    found = {what: m.group(0) for what, rule in COPIES.items() if (m := rule.search(source))}
    assert not found, f"{game}.js: {found}"


_CHECK_ALL_JS = """async (games) => {
    const board = await import('/static/js/board.js');
    const out = {};
    for (const game of games) {
        const m = await import(`/static/js/games/${game}.js`);
        const r = m.renderer;
        out[game] = {
            problems: board.checkRenderer(r, game),
            frozen: Object.isFrozen(r),
            parts: r ? [...r.parts] : null,
            stylesheet: r ? r.stylesheet ?? null : null,
            loose: ['render', 'seatColours', 'seatTeam', 'turnCap', 'rivals'].filter((k) => k in m),
        };
    }
    return out;
}"""


def test_every_renderer_exports_the_declared_object(open_page: Callable[..., Any]) -> None:
    """Each game's module exports `renderer`, which board.js accepts; its parts are
    declared there and nowhere else (no loose `render` or hooks beside it); a board
    with its own stylesheet names it there."""
    page = open_page("/")
    got = page.evaluate(_CHECK_ALL_JS, GAMES)
    for game in GAMES:
        entry = got[game]
        assert entry["problems"] == [], (game, entry)
        assert entry["frozen"] and entry["loose"] == [], (game, entry)
        css = STATIC / "css" / f"{game}.css"
        assert entry["stylesheet"] == (css.name if css.exists() else None), (game, entry)
    assert "tabs" in got["ice"]["parts"] and "phone-toggle" in got["ice"]["parts"]
    assert "phone-toggle" in got["viscounts"]["parts"]
    assert got["tictactoe"]["parts"] == []


_REFUSALS_JS = """async () => {
    const board = await import('/static/js/board.js');
    const draw = () => {};
    return {
        good: board.checkRenderer({game: 'tictactoe', render: draw}, 'tictactoe'),
        none: board.checkRenderer(undefined, 'tictactoe'),
        noRender: board.checkRenderer({game: 'tictactoe', parts: []}, 'tictactoe'),
        noGame: board.checkRenderer({render: draw}, 'tictactoe'),
        otherGame: board.checkRenderer({game: 'ice', render: draw}, 'tictactoe'),
        unknownKey: board.checkRenderer({game: 'tictactoe', render: draw, draw}, 'tictactoe'),
        unknownPart: board.checkRenderer({game: 'tictactoe', render: draw, parts: ['sidebar']}, 'tictactoe'),
        hookNotFunction: board.checkRenderer({game: 'tictactoe', render: draw, turnCap: 3}, 'tictactoe'),
        badSheet: board.checkRenderer({game: 'tictactoe', render: draw, stylesheet: '../x.css'}, 'tictactoe'),
    };
}"""


def test_board_refuses_a_renderer_missing_a_required_part(open_page: Callable[..., Any]) -> None:
    page = open_page("/")
    got = page.evaluate(_REFUSALS_JS)
    assert got["good"] == []
    for case in (
        "none",
        "noRender",
        "noGame",
        "otherGame",
        "unknownKey",
        "unknownPart",
        "hookNotFunction",
        "badSheet",
    ):
        assert got[case], case
    assert any("`render` is missing" in p for p in got["noRender"])
    assert any("sidebar" in p for p in got["unknownPart"])


def test_a_refused_renderer_is_not_used(browser: Any, server: Any) -> None:
    """A module whose renderer lacks `render` is not used: loadRenderer gives null (the
    match and replay pages then draw the generic view) and the console says why."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route(
            "**/static/js/games/tictactoe.js",
            lambda route: route.fulfill(
                status=200,
                content_type="text/javascript",
                body='export const renderer = { game: "tictactoe" };',
            ),
        )
        said: list[str] = []
        page.on("console", lambda msg: said.append(msg.text) if msg.type == "error" else None)
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        got = page.evaluate(
            "async () => (await import('/static/js/board.js')).loadRenderer('tictactoe')"
        )
        assert got is None
        assert any(
            "renderer of tictactoe is refused" in s and "`render` is missing" in s for s in said
        ), said
    finally:
        context.close()


def test_board_loads_the_declared_stylesheet_before_the_renderer_is_used(
    open_page: Callable[..., Any],
) -> None:
    """loadRenderer resolves only once the game's sheet is in (the layout-shift rule),
    and adds it once however often it is asked."""
    page = open_page("/")
    got = page.evaluate(
        """async () => {
            const board = await import('/static/js/board.js');
            const r = await board.loadRenderer('ice');
            await board.loadRenderer('ice');
            const links = [...document.querySelectorAll('link[data-game-css]')];
            return {sheet: r.stylesheet, links: links.map((l) => l.dataset.gameCss),
                    loaded: links.every((l) => l.sheet !== null)};
        }"""
    )
    assert got == {"sheet": "ice.css", "links": ["ice.css"], "loaded": True}
