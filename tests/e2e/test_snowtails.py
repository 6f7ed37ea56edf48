"""End-to-end Snow Tails in real headless Chromium: whole races against bots.

One race on a shipped 5-player course is played on the board itself (start
lanes on the map, hand cards, dog/brake slots, step, bonus and discard
buttons), checking the move preview on the way, then replayed. In another,
two people and three bots race on a course typed into the lobby: one person
on a phone-sized screen in Traditional Chinese using the board, the other on
a desktop using the legal-action list.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import (
    PHONE,
    act_and_wait,
    create_match,
    legal_list_move,
    offered_codes,
    play_to_end,
    wait_turn_or_end,
)

pytestmark = pytest.mark.browser

#: the order a simple test player prefers its decisions in
BOARD_PRIORITY = (
    "[data-testid=st-course] .st-start.hot",
    "[data-testid=st-bonus-yes]:enabled",
    "[data-testid=st-step-diagonal]:enabled",
    "[data-testid=st-go]:enabled",
    ".st-hand .st-card.discard-hot",
)
SNOWTAILS_KINDS = ("lane", "bonus", "step", "discard", "play", "go")


def snowtails_board_move(page: Any, shot: Any = None) -> None:
    """One decision by direct interaction: a start lane on the map, else a
    pending button, else pick the first lit card and put it on the first
    open slot (with its move preview drawn first).

    Before each, what the board offers must be among the server's legal
    actions (the board shows the plays of the selected card only)."""
    on_board, listed = offered_codes(page, "[data-testid=st-board]")
    assert listed and set(on_board) <= set(listed), (on_board, listed)
    for selector in BOARD_PRIORITY:
        if page.locator(selector).count():
            act_and_wait(page, selector)
            return
    cards = page.locator(".st-hand .st-card.hot")
    assert cards.count(), "my turn, but nothing on the board to play"
    if not page.locator(".st-slot:enabled").count():
        cards.first.click()  # local choice: no message to the server
    slot = page.locator(".st-slot:enabled").first
    slot.hover()
    assert page.locator("[data-testid=st-preview] polyline").count() == 1
    if shot is not None and not shot.exists():  # the server's preview drawn, looked at
        page.locator("[data-testid=st-board]").screenshot(path=str(shot))
    act_and_wait(page, ".st-slot:enabled")


def shots_folder(tmp_path: Any) -> Path:
    """Where screenshots go: MEEPLE_SCREENSHOTS when set, else the test's folder."""
    folder = Path(os.environ.get("MEEPLE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_five_sled_race_on_a_shipped_course_played_on_the_board(
    open_page: Any, tmp_path: Any
) -> None:
    page = open_page("/")
    create_match(page, "snowtails", ["@you", "heuristic", "heuristic", "random", "greedy"])
    page.wait_for_selector("[data-testid=st-board]")
    # the course by its name, never its id; its tiles by kind and number
    assert "Grand Tour" in page.locator(".st-header").inner_text()
    labels = page.locator(".st-tile-label").all_text_contents()
    assert "1 Start" in labels and not any(":" in t for t in labels), labels
    assert wait_turn_or_end(page) == "turn"
    # setup: the five start lanes are lit on the map, nothing else is
    assert page.locator(".st-start.hot").count() == 5
    assert page.locator(".st-card.hot").count() == 0
    assert page.locator("[data-testid=st-course] .st-limit-line").count() == 6
    assert page.locator("[data-testid=st-course] .st-tree").count() >= 4
    shot = shots_folder(tmp_path) / "snowtails-preview-match.png"
    moves = play_to_end(page, lambda p: snowtails_board_move(p, shot))
    assert moves >= 5 and shot.exists()
    page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert page.locator("[data-testid=results] tbody tr").count() == 5
    assert page.locator("[data-testid=log] li").count() > 40
    assert page.locator(".st-card.hot, .st-start.hot, .st-slot:enabled").count() == 0
    mats = page.locator("[data-testid=st-mats] .st-mat")
    assert mats.count() == 5
    # the replay draws the course at every step, with nothing to click
    page.click("[data-testid=to-replay]")
    page.wait_for_selector("body[data-step='0'] [data-testid=st-course]")
    page.click("[data-testid=last]")
    page.wait_for_selector("body:not([data-step='0']) [data-testid=results]:not([hidden])")
    assert page.locator(".st-start.hot, .st-slot:enabled, .st-card.hot").count() == 0


def play_people(pages: dict[str, Any], moves: dict[str, Any], limit: int = 3000) -> dict[str, int]:
    """Several people in several browsers, bots in between, until the race ends.

    Whoever's page says it may act, acts; when nobody may (a bot is thinking
    or the match just moved on), the first page waits briefly for a change.
    """
    done = dict.fromkeys(pages, 0)
    first = next(iter(pages.values()))
    for _ in range(limit):
        if all(p.evaluate("document.body.dataset.status") == "finished" for p in pages.values()):
            return done
        acted = False
        for name, page in pages.items():
            if page.evaluate("document.body.dataset.myTurn") == "true":
                moves[name](page)
                done[name] += 1
                acted = True
        if not acted:
            first.wait_for_timeout(50)
    raise AssertionError(f"race not finished after {limit} rounds of polling")


def test_two_people_and_three_bots_race_on_a_course_they_assembled(open_page: Any) -> None:
    mei = open_page("/", viewport=PHONE, lang="zh-TW")
    # the lobby form by hand (create_match would reset the typed option)
    mei.select_option("#game-select", "snowtails")
    mei.select_option("#players-select", "5")
    mei.fill("#player-name", "Mei")
    for i, seat in enumerate(["@you", "@open", "heuristic", "random", "greedy"]):
        mei.select_option(f"#seat-{i}", seat)
    course = "START:b,S1:b,C3:b,S4:b,S7:b,U2:a,S2:a,C1:a,S3:a,FINISH:a"
    mei.fill("#opt-course", course)
    mei.click("[data-testid=create-match]")
    mei.wait_for_url("**/match/**")
    match_id = mei.url.rstrip("/").rsplit("/", 1)[1]
    mei.wait_for_selector("[data-testid=st-board]")
    assert "自訂賽道" in mei.locator(".st-header").inner_text()
    assert "選擇起點" in mei.locator(".st-header").inner_text()
    assert mei.locator("[data-testid=st-course] .st-nogo").count() > 0

    bob = open_page("/")
    bob.fill("#player-name", "Bob")
    bob.click("[data-testid=tab-open]")
    bob.locator(f"[data-match-id='{match_id}']").locator("[data-testid=join-1]").click()
    bob.wait_for_url(f"**/match/{match_id}")
    for page in (mei, bob):
        page.wait_for_selector("body[data-status='running']")

    def by_list(page: Any) -> None:
        legal_list_move(page, SNOWTAILS_KINDS)

    done = play_people({"mei": mei, "bob": bob}, {"mei": snowtails_board_move, "bob": by_list})
    assert done["mei"] >= 2 and done["bob"] >= 2
    for page in (mei, bob):
        page.wait_for_selector("[data-testid=results]:not([hidden])")
        assert page.locator("[data-testid=results] tbody tr").count() == 5
    assert mei.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert "打出" in mei.locator("[data-testid=log]").inner_text()
    assert bob.locator("[data-testid=winner-line]").inner_text()


def test_the_browser_geometry_agrees_with_the_rules(open_page: Any) -> None:
    """The board draws cells where the rules have them: the browser's cell numbering
    and neighbours equal the rules engine's."""
    from meeple.games.snowtails import SnowTails

    page = open_page("/")
    load = "async (args) => { const m = await import('/static/js/games/snowtails.js'); "
    for course in ("grand-tour", "forest-trail", "START:b,S1:b,C3:b,S4:b,S7:b,U2:a,FINISH:a"):
        game = SnowTails(players=3, course=course)
        track = game.track
        got = page.evaluate(
            load + "const G = m.buildGeometry(args); "
            "return [G.lane, G.fwd, G.diag[-1], G.diag[1]]; }",
            game.track_json,
        )
        assert got == [
            list(track.lane),
            list(track.fwd),
            list(track.diag_left),
            list(track.diag_right),
        ]


#: Draws the board for seat 0 in the page and answers the preview's drawn cells: first
#: unhovered, then with the card of ``value`` selected and its ``slot`` hovered.
_DRAW = """async ([view, legal, value, slot]) => {
  const m = await import('/static/js/games/snowtails.js');
  const box = document.createElement('div');
  box.id = 'preview-test';
  document.body.replaceChildren(box);
  const ctx = { t: (k) => k, ui: {}, seat: 0, enabled: true, send() {} };
  ctx.redraw = () => m.renderer.render(box, view, legal, ctx);
  ctx.redraw();
  const G = m.buildGeometry(view.track);
  const cells = () => {
    const line = box.querySelector('[data-testid=st-preview] polyline');
    if (!line) return null;
    const at = new Map(G.lane.map((_, c) => [G.centre(c).join(','), c]));
    return line.getAttribute('points').split(' ').map((p) => at.get(p));
  };
  const shown = [cells()];
  box.querySelector(`.st-card.hot[data-value='${value}']`).click();
  const btn = box.querySelector(`[data-testid=st-slot-${slot}]`);
  btn.dispatchEvent(new Event('mouseenter'));
  shown.push(cells());
  shown.push([...box.querySelectorAll('.st-mark')].map((e) => e.textContent));
  return shown;
}"""


@pytest.mark.parametrize("players", [2, 5])
def test_the_board_draws_the_move_preview_the_server_sends(
    open_page: Any, players: int, tmp_path: Any
) -> None:
    """The rules tell the preview (the view's ``moves``); the board only draws it: the
    path unhovered is the server's ``base``, and hovering a slot draws that play's."""
    from meeple.games.snowtails.state import SLOTS
    from tests.e2e.helpers import shoot
    from tests.games.snowtails.helpers import LEFT_CORNER, dogs, give, put, race, turn_of

    state = race(players=players, course=LEFT_CORNER, lanes=list(range(1, players + 1)))
    for seat in range(1, players):
        put(state, seat, 3 + (seat - 1) % 2, 0, (seat - 1) // 2)  # behind, on the right
    put(state, 0, 1, 1, 0)
    turn_of(state, 0)
    dogs(state, 0, 4, 4, 1)  # 7 ahead: over the corner's limit, dents on the line
    give(state, 0, [5, 5, 2, 1, 1])
    view = state.view(0)
    legal = [
        {"code": state.game.action_code(a), "text": str(a), "json": a.to_json(), "label": None}
        for a in state.legal_actions(0)
    ]
    page = open_page("/")
    unhovered, hovered, marks = page.evaluate(_DRAW, [view, legal, 5, "left"])
    moves = view["moves"]
    assert unhovered == moves["base"]["path"]
    play = next(e for e in moves["actions"] if e["action"] == {"type": "play", "value": 5,
                                                                "slot": "left"})  # fmt: skip
    assert hovered == play["path"] and len(hovered) > 2
    speed = [f"−{m['n']}" for m in play["marks"] if m["type"] == "speed"]
    assert speed and set(speed) <= set(marks), (marks, play["marks"])
    assert {e["action"]["slot"] for e in moves["actions"] if e["action"]["type"] == "play"} == set(
        SLOTS
    )
    # looked at: the dashed path, its dots and the dents at the speed line
    page.locator("[data-testid=st-map]").scroll_into_view_if_needed()
    shoot(page, f"snowtails-preview-{players}p", tmp_path)
