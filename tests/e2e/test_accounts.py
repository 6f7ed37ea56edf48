"""End-to-end: an account in the lobby (issue 40, items 1 and 2), in Chromium.

A player creates an account in the lobby, starts a match against a bot, and, in
another browser (a fresh context: no seat token), logs in, finds the match under
"My matches" as their turn, opens it and moves: the seat followed the account.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import PHONE, act_and_wait, create_match, shoot, wait_turn_or_end
from tests.e2e.test_axe import check_everywhere

pytestmark = pytest.mark.browser


def _account(page: Any, name: str, password: str, button: str) -> None:
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click(f"[data-testid=account-{button}]")
    page.wait_for_selector("[data-testid=account-who]")


@pytest.mark.parametrize(("lang", "turn"), [("en", "Your turn"), ("zh-TW", "輪到你")])
def test_a_seat_follows_its_account_to_another_browser(
    open_page: Any, lang: str, turn: str
) -> None:
    name = f"Ann{lang[:2]}"
    home = open_page("/", lang=lang)
    _account(home, name, "a long password", "register")
    assert name in home.text_content("[data-testid=account-who]")
    create_match(home, "tictactoe", ["@you", "random"])
    assert wait_turn_or_end(home) == "turn"
    match_url = home.url

    away = open_page("/", lang=lang)  # another browser: no seat token in its storage
    _account(away, name, "a long password", "login")
    first = away.locator("[data-testid=my-match]").first
    assert first.get_attribute("data-my-turn") == "true"
    assert turn in first.text_content()
    first.locator("a").click()
    away.wait_for_url(match_url)
    away.wait_for_selector("body[data-state-id]")
    assert wait_turn_or_end(away) == "turn"  # the account's seat, from the session alone
    act_and_wait(away, "#board [role=button][data-code], #board [data-roving][data-code]")

    # log out: the panel offers the form again
    away.goto(away.url.split("/match/")[0] + "/")
    away.wait_for_selector("[data-testid=account-logout]").click()
    away.wait_for_selector("[data-testid=account-form]")


def _cell_move(page: Any) -> None:
    """One tic-tac-toe move on the board: the lowest free cell."""
    act_and_wait(page, "#board [role=button][data-code], #board [data-roving][data-code]")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_two_accounts_play_rated_matches_and_see_the_leaderboard_and_profiles(
    open_page: Any, lang: str, tmp_path: Path
) -> None:
    """Issue 40, item 7: two browsers register, play rated matches to the end, and the
    leaderboard and both profiles show the change (3 games: the leaderboard's minimum)."""
    tag = lang[:2]
    ann, bob = open_page("/", lang=lang), open_page("/", lang=lang)
    _account(ann, f"Ann{tag}r", "a long password", "register")
    _account(bob, f"Bob{tag}r", "a long password", "register")
    for _ in range(3):
        ann.goto(ann.url.split("/match/")[0].split("/profile")[0].rstrip("/") + "/")
        ann.wait_for_selector("[data-testid=account-who]")
        ann.check("[data-testid=rated]")
        create_match(ann, "tictactoe", ["@you", "@open"])
        match_url = ann.url
        bob.goto(match_url)
        bob.wait_for_selector("body[data-state-id]")
        bob.click("[data-testid=take-1]")
        bob.wait_for_function("() => document.body.dataset.status === 'running'")
        for _ in range(9):  # each move: whoever's turn it is (read off both pages)
            ann.wait_for_function(
                "() => document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'finished'"
                " || true"
            )
            mover = next(
                (p for p in (ann, bob) if p.evaluate("document.body.dataset.myTurn") == "true"),
                None,
            )
            if mover is None:
                if ann.evaluate("document.body.dataset.status") == "finished":
                    break
                ann.wait_for_timeout(100)
                continue
            _cell_move(mover)
        ann.wait_for_selector("[data-testid=results]:not([hidden])")
    board = open_page("/leaderboard/tictactoe", lang=lang)
    rows = board.locator("[data-testid=leaderboard-row]")
    names = [rows.nth(i).get_attribute("data-player") for i in range(rows.count())]
    assert {f"Ann{tag}r", f"Bob{tag}r"} <= set(names)  # (the other language's run too)
    check_everywhere(board, "leaderboard")  # axe-core, desktop and phone, both languages
    shoot(board, f"leaderboard-{lang}", tmp_path)
    for who in (f"Ann{tag}r", f"Bob{tag}r"):
        profile = open_page(f"/players/{who}", lang=lang)
        assert profile.text_content("[data-testid=profile-name]") == who
        assert profile.locator("[data-testid=profile-rating]").count() == 1
        label = profile.get_attribute("[data-testid=rating-chart]", "aria-label")
        assert ("3" in label) and (
            ("rated games" in label) if lang == "en" else ("積分對局" in label)
        )
        if who.startswith("Ann"):
            profile.set_viewport_size(PHONE)
            shoot(profile, f"profile-phone-{lang}", tmp_path)
            check_everywhere(profile, "profile")


def test_a_name_that_looks_like_markup_is_shown_as_text(open_page: Any) -> None:
    """Issue 40, item 7: names are text everywhere (the lobby's panel, My matches'
    page, the profile): a name holding markup is not markup."""
    name = '<img src=x onerror="document.title=1">'
    page = open_page("/")
    _account(page, name, "a long password", "register")
    assert page.text_content("[data-testid=account-who]").count(name) == 1
    assert page.locator("#account-panel img").count() == 0
    page.click("[data-testid=account-profile]")
    page.wait_for_selector("[data-testid=profile-name]")
    assert page.text_content("[data-testid=profile-name]") == name
    assert page.locator("main img").count() == 0 and page.title() != "1"


def test_a_guest_seat_becomes_the_account_s_when_the_guest_logs_in(open_page: Any) -> None:
    """Issue 40, item 2: a seat taken as a guest in this browser is claimed by the
    account that logs in here, and then found from another browser."""
    guest = open_page("/")
    create_match(guest, "tictactoe", ["@you", "random"])
    assert wait_turn_or_end(guest) == "turn"
    match_id = guest.url.rstrip("/").rsplit("/", 1)[1]
    guest.goto(guest.url.split("/match/")[0] + "/")
    _account(guest, "Gus", "a long password", "register")
    mine = guest.locator(f"[data-testid=my-match][data-match-id='{match_id}']")
    assert mine.count() == 1 and mine.get_attribute("data-my-turn") == "true"
    other = open_page("/")
    _account(other, "Gus", "a long password", "login")
    assert other.locator(f"[data-testid=my-match][data-match-id='{match_id}']").count() == 1
