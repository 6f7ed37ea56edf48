"""Driving the browser client like a player: create, join, and play by clicking.

Everything waits on DOM state the pages publish on <body> (data-ready,
data-status, data-my-turn, data-state-id), never on sleeps.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: How long one whole game may take before a test gives up (ms).
GAME_TIMEOUT_MS = 120_000
#: Province's action kinds in the order the simple test strategy prefers them.
#: (Of the simple priority orders, this one ends self-play soonest: about 165
#: actions, where "move first" strategies stall until the 120-turn cap.)
PROVINCE_PRIORITY = ("build", "grind", "move", "repay", "end")


def create_match(
    page: Any, game: str, seats: list[str], name: str = "Ann", options: dict[str, str] | None = None
) -> str:
    """Fill the lobby form and create a match; returns its id (the page is on it).

    ``seats``: per seat "@you", "@open" or a bot name. ``options``: lobby
    fields to fill, by option name (``#opt-<name>``); a choice is picked by its value,
    a yes/no switch (a content set: ``gates_of_gold``) set by ``"true"``/``"false"``.
    """
    page.select_option("#game-select", game)
    page.select_option("#players-select", str(len(seats)))
    page.fill("#player-name", name)
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    for option, value in (options or {}).items():
        field = f"#opt-{option}"
        tag = page.locator(field).evaluate("(e) => e.tagName + ':' + (e.type || '')")
        if tag.startswith("SELECT"):
            page.select_option(field, json.dumps(value))  # a choice's value is its JSON
        elif tag == "INPUT:checkbox":
            page.set_checked(field, value == "true")
        else:
            page.fill(field, value)
    page.click("[data-testid=create-match]")
    page.wait_for_url("**/match/**")
    page.wait_for_selector("body[data-state-id]")
    return str(page.url.rstrip("/").rsplit("/", 1)[1])


def join_open_seat(page: Any, match_id: str, name: str, seat: int = 1) -> Any:
    """On a fresh lobby page: take the open seat of a listed match under ``name``; returns
    the page, now on the match."""
    page.fill("#player-name", name)
    page.click("[data-testid=tab-open]")
    page.locator(f"[data-match-id='{match_id}'] [data-testid=join-{seat}]").click()
    page.wait_for_url(f"**/match/{match_id}")
    return page


def check_result_leads(page: Any) -> None:
    """The finished page leads with its result: above the board, and on screen when the
    game ended while the page was open (it once sat 1,100-4,100 px below the board)."""
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    tops = page.evaluate(
        """() => [document.querySelector('[data-testid=results]').getBoundingClientRect().top,
                  document.querySelector('[data-testid=board]').getBoundingClientRect().top,
                  window.innerHeight]"""
    )
    results, board, height = tops
    assert results < board, tops
    assert 0 <= results < height, tops


def wait_turn_or_end(page: Any, timeout: int = GAME_TIMEOUT_MS) -> str:
    """Wait until this page may act or the match is over; returns "turn" or "finished"."""
    page.wait_for_function(
        "() => document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'finished'",
        timeout=timeout,
    )
    return "finished" if page.evaluate("document.body.dataset.status") == "finished" else "turn"


def act_and_wait(page: Any, selector: str) -> None:
    """Click ``selector`` and wait until the server's answer (a new state) is drawn."""
    before = page.evaluate("document.body.dataset.stateId")
    page.locator(selector).first.click()
    page.wait_for_function("(s) => document.body.dataset.stateId !== s", arg=before)


def province_board_move(page: Any) -> None:
    """One Province action by direct interaction, in PROVINCE_PRIORITY order:
    click a lit building, else the grind button, else a lit worker, else
    repay, else end the turn."""
    for selector in (
        "[data-testid=pv-board] .pv-building.hot",
        "[data-testid=pv-act-grind]",
        "[data-testid=pv-board] .pv-worker.hot",
        "[data-testid=pv-act-repay]",
        "[data-testid=pv-act-end]",
    ):
        if page.locator(selector).count():
            act_and_wait(page, selector)
            return
    raise AssertionError("no Province action offered on the board although it is my turn")


def open_folds(page: Any, selector: str) -> None:
    """Open the folded groups (and only those) that hold the first match of ``selector``,
    as a player clicks a group's title to see its buttons."""
    page.evaluate(
        """(sel) => {
            const button = document.querySelector(sel);
            const chain = [];
            for (let d = button && button.closest("details"); d; d = d.parentElement.closest("details")) chain.unshift(d);
            for (const d of chain) if (!d.open) d.querySelector(":scope > summary").click();
        }""",
        selector,
    )


def legal_list_move(page: Any, priority: tuple[str, ...] = PROVINCE_PRIORITY) -> None:
    """One action from the generic legal-action list, by kind priority (opening its fold)."""
    for kind in priority:
        selector = f"#legal button.legal-action[data-kind='{kind}']"
        if page.locator(selector).count():
            open_folds(page, selector)
            act_and_wait(page, selector)
            return
    open_folds(page, "#legal button.legal-action")
    act_and_wait(page, "#legal button.legal-action")


#: No panel shows more enabled buttons than this (docs/web-client.md, "Conventions").
MAX_BUTTONS = 30

#: One read of what the page shows for the clarity rules: buttons per panel,
#: the colour of every seat in the players list, the log, the board and the
#: result table, and the end reason once there is one.
_CLARITY_JS = """() => {
    const shown = (el) => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
    const buttons = (sel) => {
        const root = document.querySelector(sel);
        return root ? [...root.querySelectorAll("button")].filter((b) => !b.disabled && shown(b)).length : 0;
    };
    const colours = (sel) => [...document.querySelectorAll(sel)].map(
        (el) => [Number(el.dataset.seat), el.dataset.colour || ""]);
    return {
        board: buttons("#board"),
        side: buttons("#actions-panel"),
        players: colours("#players li[data-seat]"),
        log: colours("#log [data-seat][data-colour]"),
        pieces: colours("#board [data-seat][data-colour]"),
        results: colours("#results tr[data-seat]"),
        end: document.querySelector("[data-testid=end-reason]")?.textContent || "",
        endFrom: document.querySelector("[data-testid=end-reason]")?.dataset.from || "",
        title: document.getElementById("game-title")?.textContent || "",
        status: document.body.dataset.status,
    };
}"""


def check_clarity(page: Any, seen: dict[str, int] | None = None) -> dict[str, Any]:
    """Check the clarity rules on the page as it is now; returns what it read.

    At most MAX_BUTTONS enabled buttons in the board panel and in the side
    panel; one colour per seat in the players list, the log, the board's
    pieces and the result table; a finished match says why it ended.
    ``seen`` (optional) collects the most buttons seen per panel.
    """
    got: dict[str, Any] = page.evaluate(_CLARITY_JS)
    for panel in ("board", "side"):
        assert got[panel] <= MAX_BUTTONS, f"{got[panel]} buttons in the {panel} panel"
        if seen is not None:
            seen[panel] = max(seen.get(panel, 0), got[panel])
    colour = {seat: name for seat, name in got["players"]}
    assert colour and all(colour.values()), f"a seat without a colour: {got['players']}"
    for part in ("log", "pieces", "results"):
        for seat, name in got[part]:
            assert colour.get(seat) == name, (
                f"seat {seat} is {colour.get(seat)} in the players list but {name} in the {part}"
            )
    if got["status"] == "finished" and got["results"]:
        # the game's own words (its text module's end_label), or a forfeit said as one
        assert got["end"].strip() and got["endFrom"] in ("game", "forfeit"), (
            f"the result does not say why the match ended: {got['end']!r} ({got['endFrom']})"
        )
    return got


def play_to_end(page: Any, move: Any, limit: int = 2000, seen: dict[str, int] | None = None) -> int:
    """Play one seat until the match ends; returns how many actions it took.

    The clarity rules (check_clarity) are checked at every turn and at the end.
    """
    for n in range(limit):
        if wait_turn_or_end(page) == "finished":
            page.wait_for_selector("[data-testid=results]:not([hidden])")
            check_clarity(page, seen)
            return n
        check_clarity(page, seen)
        move(page)
    raise AssertionError(f"match not finished after {limit} actions")


def play_two(pages: dict[str, Any], moves: dict[str, Any], limit: int = 3000) -> dict[str, int]:
    """Two seats in two browsers play until the end; returns actions per page.

    After a page acts it has drawn the new state, so it knows at once whether
    it may act again; if not (and the match goes on) the turn passed to the
    other seat, whose page is then waited on. A page never shows "my turn"
    while its own action is in flight, so it is never stale.
    """
    names = list(pages)
    done = dict.fromkeys(names, 0)
    actor = next(
        (n for n in names if pages[n].evaluate("document.body.dataset.myTurn") == "true"), None
    )
    if actor is None:
        actor = names[0]
    for _ in range(limit):
        page = pages[actor]
        if wait_turn_or_end(page) == "finished":
            return done
        moves[actor](page)
        done[actor] += 1
        state = page.evaluate("[document.body.dataset.status, document.body.dataset.myTurn]")
        if state[0] == "finished":
            return done
        if state[1] != "true":
            actor = names[1 - names.index(actor)]
    raise AssertionError(f"match not finished after {limit} actions")


def offered_codes(page: Any, board_selector: str) -> tuple[list[int], list[int]]:
    """(codes clickable on the board and its buttons, codes in the legal-action list).

    The board may offer only some actions directly, but never one the server
    did not list; every Province action is either on the board or a button.
    """
    # One evaluate reads both: the client draws the board and the list in the same
    # task, so no state message can land between the two reads (in real time the
    # other seats' moves redraw the page at any moment).
    on_board, listed = page.evaluate(
        """(board) => {
            const codes = (sel) => Array.from(document.querySelectorAll(sel), (e) => Number(e.dataset.code));
            return [
                codes(`${board} .hot[data-code], ${board} button[data-code]`),
                codes("#legal button.legal-action"),
            ];
        }""",
        board_selector,
    )
    return sorted(on_board), sorted(listed)


def shoot(page: Any, name: str, tmp_path: Path) -> Path:
    """A screenshot of the viewport as ``name``.png: in MEEPLE_SCREENSHOTS when set (the docs'
    docs/screenshots), else in the test's temporary folder."""
    folder = Path(os.environ.get("MEEPLE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


def switch(page: Any, lang: str) -> None:
    """Switch the page's language with its own selector and wait for the redraw."""
    page.select_option("[data-testid=lang-switch]", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
