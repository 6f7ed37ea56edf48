"""End-to-end Snow Tails in real headless Chromium: whole races against bots.

One race on a shipped 5-player course is played on the board itself (start
lanes on the map, hand cards, dog/brake slots, step, bonus and discard
buttons), checking the move preview on the way, then replayed. In another,
two people and three bots race on a course typed into the lobby: one person
on a phone-sized screen in Traditional Chinese using the board, the other on
a desktop using the legal-action list.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.games.snowtails import Step
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


def snowtails_board_move(page: Any) -> None:
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
    act_and_wait(page, ".st-slot:enabled")


def test_five_sled_race_on_a_shipped_course_played_on_the_board(open_page: Any) -> None:
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
    moves = play_to_end(page, snowtails_board_move)
    assert moves >= 5
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


def test_the_browser_geometry_and_move_preview_agree_with_the_rules(open_page: Any) -> None:
    """The preview is only advice, but it must tell the truth: the browser's
    cell numbering, neighbours and simulated moves equal the rules engine's."""
    import random

    from meeple.games.snowtails import SnowTails
    from meeple.games.snowtails.state import OUT
    from tests.games.snowtails.helpers import give, turn_of

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

    rng = random.Random(7)
    game = SnowTails(players=5, course="grand-tour")
    track = game.track
    open_cells = [
        c
        for c in range(track.num_cells)
        if track.kind[c] != "X" and track.tile[c] < track.finish_tile
    ]
    cases = []
    outcomes = []
    for k in range(60):
        state = game.new_initial_state(k)
        for lane in (1, 2, 3, 4, 5):
            state._choose_lane(state.current(), lane)
        for seat, cell in enumerate(rng.sample(open_cells, 5)):
            state.cell[seat] = cell
        ahead = track.fwd[track.fwd[state.cell[0]]]
        if k % 3 == 0 and ahead >= 0 and ahead not in state.cell and track.kind[ahead] != "X":
            state.cell[1] = ahead  # a sled right in the way: the preview must stop behind it
        give(state, 0, [rng.choice([0, 0, 1]) for _ in range(3)] + [1, 2])
        left, right, brake = rng.randint(1, 5), rng.randint(1, 5), rng.randint(1, 5)
        state.left[0], state.right[0], state.brake[0] = [left], [right], brake
        turn_of(state, 0, round_no=1)
        cases.append({"view": state.view(0), "dogs": [left, right, brake]})
        dents = state.dents(0)
        state._start_moving(0)
        while state.phase == "steps" and state.current() == 0:
            state.apply(Step("diagonal"))
        outcomes.append(
            [state.cell[0], state.dents(0) - dents if state.status[0] != OUT else "out"]
        )
    previews = page.evaluate(
        load + "return args.map((c) => { const v = c.view; const G = m.buildGeometry(v.track); "
        "const [l, r, b] = c.dogs; const base = l + r - b; const d = r - l; "
        "const diagonal = base > 0 ? Math.min(Math.abs(d), base) : 0; "
        "const res = m.simulate(G, v, 0, {base, speed: Math.max(base, 0), "
        "forward: Math.max(base, 0) - diagonal, diagonal, drift: Math.sign(d) || 1, order: [], bonus: 0}); "
        "return [res.path[res.path.length - 1], res.out ? 'out' : res.dents]; }); }",
        cases,
    )
    for case, preview, outcome in zip(cases, previews, outcomes, strict=True):
        if outcome[1] == "out":
            assert preview[1] == "out", case["dogs"]
        else:
            assert preview == outcome, case["dogs"]


def test_the_bonus_preview_charges_a_line_crossed_earlier_in_the_turn(open_page: Any) -> None:
    """Decision 3 in the browser: hovering "take the bonus" after a line crossed
    in the normal move must show the dents the engine then charges."""
    from meeple.games.snowtails import Bonus, PlayCard
    from meeple.games.snowtails.state import OUT
    from tests.games.snowtails.helpers import LEFT_CORNER, dogs, give, put, race, turn_of

    cases = []
    outcomes = []
    for tile, brake, dents in ((1, 1, 0), (0, 1, 0), (1, 2, 0), (1, 1, 3)):
        state = race(course=LEFT_CORNER)
        put(state, 0, 1, tile, 0)
        put(state, 1, 4, 3, 3)
        turn_of(state, 0, round_no=2)
        left = 3 if brake == 1 else 4
        dogs(state, 0, left, left, brake)
        give(state, 0, [0] * dents + [left, 1, 1, 1, 1])
        state.apply(PlayCard(left, "left"))
        assert state.phase == "bonus"
        cases.append(state.view(0))
        before = state.dents(0)
        state.apply(Bonus("yes"))
        outcomes.append(
            [state.cell[0], "out" if state.status[0] == OUT else state.dents(0) - before]
        )
    page = open_page("/")
    previews = page.evaluate(
        "async (views) => { const m = await import('/static/js/games/snowtails.js'); "
        "return views.map((v) => { const G = m.buildGeometry(v.track); "
        "const res = m.simulate(G, v, 0, {base: v.speed, speed: v.speed, forward: 0, "
        "diagonal: 0, drift: 1, order: [], bonus: v.bonus, lines: v.lines}); "
        "return [res.path[res.path.length - 1], res.out ? 'out' : res.dents]; }); }",
        cases,
    )
    assert [o[1] for o in outcomes] == [2, 2, 2, "out"]  # what taking the bonus costs
    for preview, outcome in zip(previews, outcomes, strict=True):
        if outcome[1] == "out":
            assert preview[1] == "out"
        else:
            assert preview == outcome
