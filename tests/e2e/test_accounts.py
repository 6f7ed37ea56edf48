"""End-to-end: an account in the lobby (issue 40, items 1 and 2), in Chromium.

A player creates an account in the lobby, starts a match against a bot, and, in
another browser (a fresh context: no seat token), logs in, finds the match under
"My matches" as their turn, opens it and moves: the seat followed the account.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import act_and_wait, create_match, wait_turn_or_end

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
