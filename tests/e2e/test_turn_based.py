"""End-to-end: a whole turn-based Viscounts match between two accounts over simulated
days (issue 41, items 1-4, 6, 7), in Chromium, on a server whose wall clock the test
moves (MEEPLE_FAKE_TIME) and that mails through a real local SMTP server (aiosmtpd).

Ann (English) and Bob (Chinese) register in the lobby; Ann asks for turn notices by
mail and creates a turn-based match in the form (a custom bank of two days, twelve
hours a move); Bob joins. Clocks read in days and hours. Most moves are played by a
socket player with each account's session, the fake clock moving hours between them;
the server restarts in the middle and the banks come back counted once. Bob takes a
vacation in his profile panel: Ann sees it, and his clock does not move while it
lasts. With Ann's page closed her turn comes: the mail arrives. Ann's clock runs out:
Bob's page offers the choices; he skips her turn once, then hands her seat to the
bot, and plays to the end against it; the record names the bot's moves for her seat.
Screenshots in both languages and at 390 px are kept (MEEPLE_SCREENSHOTS).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.helpers import PHONE, shoot
from tests.e2e.turn_driver import (
    FakeTime,
    Inbox,
    ServeProcess,
    SocketPlayer,
    free_port,
    play_moves,
    unsubscribe_link,
)

pytestmark = pytest.mark.browser

HOUR, DAY = 3600.0, 86400.0
PASSWORD = "a long enough password"


@pytest.fixture
def smtp() -> Any:
    controller_module = pytest.importorskip("aiosmtpd.controller")
    inbox = Inbox()
    port = free_port()
    controller = controller_module.Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def _page(browser: Any, url: str, lang: str, errors: list[str], viewport: Any = None) -> Any:
    context = browser.new_context(
        viewport=viewport or {"width": 1280, "height": 900}, locale="en-US"
    )
    context.set_default_timeout(20_000)
    context.add_init_script(f"localStorage.setItem('meeple.lang', {lang!r})")
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready='1']")
    return page


def _register(page: Any, name: str) -> None:
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("[data-testid=account-register]")
    page.wait_for_selector("[data-testid=account-who]")


def _session(page: Any) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "meeple_session")


def _clock(state: dict[str, Any], seat: int) -> float:
    return float(state["clocks"]["remaining"][seat])


def _seat_to_move(state: dict[str, Any]) -> int:
    return int(state["turn"]["seats"][0])


def _wait_state(page: Any) -> None:
    page.wait_for_selector("body[data-state-id]")


def test_a_turn_based_viscounts_match_over_simulated_days(
    browser: Any, tmp_path: Path, smtp: Any
) -> None:
    inbox, smtp_port = smtp
    fake = FakeTime(tmp_path / "offset")
    serve = ServeProcess(
        tmp_path / "meeple.sqlite3",
        fake,
        ["--smtp", f"127.0.0.1:{smtp_port}", "--smtp-from", "meeple@example.org",
         "--public-url", "http://games.example.org"],
    )  # fmt: skip
    serve.start()
    errors: list[str] = []
    rng = random.Random(41)
    players: dict[int, SocketPlayer] = {}
    try:
        ann = _page(browser, serve.url, "en", errors)
        bob = _page(browser, serve.url, "zh-TW", errors)
        _register(ann, "Ann")
        _register(bob, "Bob")
        # Ann asks for turn notices by mail (the server has an SMTP server)
        ann.fill("[data-testid=notice-email]", "ann@example.org")
        ann.check("[data-testid=notice-on]")
        ann.click("[data-testid=notice-save]")
        ann.wait_for_selector("[data-testid=notice-saved]:has-text('Saved')")

        # the form: turn-based, a custom bank of 2 days and 0 hours, 12 hours a move
        ann.select_option("#game-select", "viscounts")
        ann.select_option("#players-select", "2")
        ann.select_option("#seat-0", "@you")
        ann.select_option("#seat-1", "@open")
        ann.select_option("[data-testid=pace-select]", "turn")
        ann.select_option("[data-testid=clock-select]", "custom")
        ann.fill("[data-testid=bank-days]", "2")
        ann.fill("[data-testid=bank-hours]", "0")
        ann.fill("[data-testid=per-move-hours]", "12")
        assert ann.input_value("[data-testid=timeout-select]") == "choose"
        ann.locator("#seats").scroll_into_view_if_needed()
        shoot(ann, "turn-based-create-en", tmp_path)
        ann.click("[data-testid=create-match]")
        ann.wait_for_url("**/match/**")
        _wait_state(ann)
        match_id = ann.url.rstrip("/").rsplit("/", 1)[1]
        bob.goto(f"{serve.url}/match/{match_id}")
        bob.click("[data-testid=take-1]")
        bob.wait_for_function("() => document.body.dataset.seat === '1'")
        bob.wait_for_function("() => document.body.dataset.status === 'running'")
        # the clocks in days and hours, in each player's language
        ann.wait_for_function(
            "() => /^[12] d \\d+ h$/.test(document.querySelector('[data-testid=clock-1]')?.textContent)"
        )
        bob.wait_for_selector("[data-testid=clock-0]:has-text('天')")
        assert "小時" in bob.text_content("[data-testid=clock-1]")
        shoot(bob, "turn-based-match-zh-TW", tmp_path)

        # most of the game through sockets, with the fake clock moving between moves
        players = {0: SocketPlayer(serve.url, match_id, _session(ann)),
                   1: SocketPlayer(serve.url, match_id, _session(bob))}  # fmt: skip
        state = play_moves(players, 12, rng, fake, hours=2)
        assert state["status"] == "running" and state["clocks"]["pace"] == "turn"

        # a restart in the middle: the banks come back with the downtime counted once
        mover = _seat_to_move(players[0].state())
        fake.advance(5 * HOUR)
        before = players[0].state()
        for p in players.values():
            p.close()
        serve.stop()
        fake.advance(3 * HOUR)  # three hours with no server
        serve.start()
        players = {0: SocketPlayer(serve.url, match_id, _session(ann)),
                   1: SocketPlayer(serve.url, match_id, _session(bob))}  # fmt: skip
        after = players[0].state()
        assert _seat_to_move(after) == mover
        assert abs(_clock(after, mover) - (_clock(before, mover) - 3 * HOUR)) < 30
        assert abs(_clock(after, 1 - mover) - _clock(before, 1 - mover)) < 1
        for page in (ann, bob):  # the pages reconnect by themselves
            page.wait_for_function(
                "(m) => Number(document.body.dataset.moves) >= m", arg=after["moves"]
            )

        # Bob goes on vacation for two days from his panel in the lobby
        state = play_moves(players, 40, rng, fake, until=lambda s: _seat_to_move(s) == 1)
        bob.goto(serve.url + "/")
        bob.wait_for_selector("[data-testid=vacation-box]")
        bob.fill("[data-testid=vacation-days]", "2")
        bob.click("[data-testid=vacation-start]")
        bob.wait_for_selector("[data-testid=vacation-on]")
        assert "28" in bob.text_content("[data-testid=vacation-left]")
        shoot(bob, "turn-based-vacation-zh-TW", tmp_path)
        ann.wait_for_selector("[data-testid=vacation-1]")
        shoot(ann, "turn-based-vacation-seen-en", tmp_path)
        held = _clock(players[1].state(), 1)
        fake.advance(36 * HOUR)
        assert abs(_clock(players[1].state(), 1) - held) < 30  # paused, not charged
        # his profile says so to everyone, and to him offers to end it
        bob.goto(f"{serve.url}/players/Bob")
        bob.wait_for_selector("[data-testid=profile-vacation]")
        bob.wait_for_selector("[data-testid=own-vacation] [data-testid=vacation-end]")
        shoot(bob, "turn-based-profile-vacation-zh-TW", tmp_path)
        bob.locator("[data-testid=own-vacation] [data-testid=vacation-end]").click()
        bob.wait_for_selector("[data-testid=own-vacation] [data-testid=vacation-start]")

        # Ann closes the match's page; when her turn comes the mail arrives
        ann.goto(serve.url + "/")
        players[0].close()
        del players[0]
        sent = len(inbox.messages)
        fake.advance(2 * HOUR)  # more than the hour between two notices
        play_moves(players, 40, rng, fake, until=lambda s: _seat_to_move(s) == 0)
        inbox.wait(sent + 1)
        mail = inbox.messages[-1]
        assert mail["To"] == "ann@example.org" and "Viscounts" in mail["Subject"]
        assert (
            f"http://games.example.org/match/{match_id}" in mail.get_body(("plain",)).get_content()
        )
        assert "/notices/unsubscribe?token=" in unsubscribe_link(mail)
        ann.click("[data-testid=tab-running]")
        ann.wait_for_selector("[data-testid=lobby-my-turn]")  # first in the list, marked
        ann.wait_for_function("() => document.title.startsWith('(1) ')")  # the tab counts it

        # Ann's clock runs out: Bob (Chinese, on a phone) skips her turn, then hands it on
        phone = _page(browser, serve.url, "zh-TW", errors, viewport=PHONE)
        phone.context.add_cookies(bob.context.cookies())
        phone.goto(f"{serve.url}/match/{match_id}")
        _wait_state(phone)
        fake.advance(3 * DAY)
        phone.wait_for_selector("[data-testid=late-0]")
        phone.wait_for_selector("[data-testid=late-skip-0]")
        shoot(phone, "turn-based-late-zh-TW-390", tmp_path)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        moves = int(phone.evaluate("document.body.dataset.moves"))
        phone.click("[data-testid=late-skip-0]")
        phone.wait_for_function("(m) => Number(document.body.dataset.moves) > m", arg=moves)
        play_moves(players, 40, rng, fake, until=lambda s: _seat_to_move(s) == 0)
        phone.locator("[data-testid=late-bot-0]").click()  # redrawn as turns pass: re-found
        phone.wait_for_selector("[data-testid=player-0]:has-text('電腦')")
        state = play_moves(players, 3000, rng, fake, wait_bots=20)
        assert state["status"] == "finished", state["status"]
        phone.wait_for_function("() => document.body.dataset.status === 'finished'")
        shoot(phone, "turn-based-finished-zh-TW-390", tmp_path)
        record = httpx.get(f"{serve.url}/api/matches/{match_id}/record", timeout=20).json()
        bot_moves = record["meta"]["bot_moves"]
        assert {m["seat"] for m in bot_moves} == {0}
        assert all(m["bot"] == "heuristic" for m in bot_moves)
        indices = {m["index"] for m in bot_moves}
        last_human = max(
            i for i, a in enumerate(record["actions"]) if a["seat"] == 0 and i not in indices
        )
        assert max(indices) > last_human  # the bot finished her seat
        assert record["meta"]["left"][0] == ["Ann"]
    finally:
        for p in players.values():
            p.close()
        serve.stop()
    assert not errors, errors


#: A page whose "hidden" state the test sets, and whose notifications are recorded
#: (a headless browser shows none): what turns.js calls is what a player would see.
NOTIFICATIONS = """
window.__hidden = false;
window.__notes = [];
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notes.push([title, options.body]); }
};
"""


@pytest.mark.parametrize(("lang", "words"), [("en", "Your turn"), ("zh-TW", "輪到你了")])
def test_a_turn_that_comes_while_the_page_is_hidden_is_notified_and_counted(
    open_page: Any, lang: str, words: str
) -> None:
    page = open_page("/", lang=lang)
    page.context.add_init_script(NOTIFICATIONS)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#account-name", f"Note{lang[:2]}")
    page.fill("#account-password", PASSWORD)
    page.click("[data-testid=account-register]")
    page.wait_for_selector("[data-testid=notify-on]")  # permission already given
    page.select_option("#game-select", "tictactoe")
    page.select_option("#seat-0", "@you")
    page.select_option("#seat-1", "random")
    page.select_option("[data-testid=pace-select]", "turn")
    page.select_option("[data-testid=clock-select]", "quick")
    page.click("[data-testid=create-match]")
    page.wait_for_url("**/match/**")
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    assert page.title().startswith("(1) ")  # the tab counts the turn waiting
    page.evaluate("window.__hidden = true")  # the player looks at another tab
    moves = int(page.evaluate("document.body.dataset.moves"))
    page.locator("#board [role=button][data-code], #board [data-roving][data-code]").first.click()
    page.wait_for_function("(m) => Number(document.body.dataset.moves) >= m + 2", arg=moves)
    page.wait_for_function("() => window.__notes.length > 0")
    title, body = page.evaluate("window.__notes[0]")
    assert title == words and ("Tic-tac-toe" in body or "井字棋" in body)
    page.evaluate("window.__hidden = false; window.__notes = []")
    moves = int(page.evaluate("document.body.dataset.moves"))
    page.locator("#board [role=button][data-code], #board [data-roving][data-code]").first.click()
    page.wait_for_function(
        "(m) => Number(document.body.dataset.moves) >= m + 2 || document.body.dataset.status === 'finished'",
        arg=moves,
    )
    assert page.evaluate("window.__notes.length") == 0  # seen on the page: no notification
