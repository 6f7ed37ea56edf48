"""Options meant for tests and tables are not offered to players (issue 17, item 4).

The lobby builds its form from ``GET /api/games``; an option declared
``hidden=True`` carries ``"hidden": true`` there and the lobby leaves it out
(tests/e2e/test_clarity.py checks the page). It still works everywhere else.
"""

from __future__ import annotations

from meeple.core.options import GameOption
from meeple.core.registry import get_game_class, make_game


def test_a_hidden_option_says_so_and_an_ordinary_one_does_not() -> None:
    assert GameOption("round_seconds", 0, hidden=True).to_json()["hidden"] is True
    assert "hidden" not in GameOption("races", 1).to_json()


def test_fit_to_print_hides_its_round_timer_in_seconds_but_still_takes_it() -> None:
    specs = {s.name: s for s in get_game_class("fittoprint").option_specs}
    assert specs["round_seconds"].hidden and not specs["mode"].hidden
    game = make_game("fittoprint", mode="realtime", round_seconds=5)
    assert game.round_seconds == 5
