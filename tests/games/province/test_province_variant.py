"""The optional 9-goal variant (option goals=9): four designed goals join the pool, 5 are drawn."""

from __future__ import annotations

import pytest

from meeple.core import OptionError, make_game
from meeple.core.conformance import ALL_CHECKS
from meeple.games.province import FirstPlayer, Province, ProvinceState, RevealGoal
from meeple.games.province.components import G_INDEX
from meeple.games.province.state import FACE_UP, REMOVED
from tests.games.province.province_helpers import give, set_goals, texts

NINE = Province(goals=9)


def started9(goal: str = "twopoint") -> ProvinceState:
    s = NINE.new_initial_state()
    s.apply(FirstPlayer(0))
    s.apply(RevealGoal(goal))
    return s


def play(s: ProvinceState, *actions: str) -> None:
    for text in actions:
        s.apply(NINE.parse_action(text))


def to_spend(s: ProvinceState, labor: int, coins: int) -> None:
    play(s, next(t for t in texts(s) if t.startswith("move green")))
    s.labor, s.coins[s.current] = labor, coins


def test_option_values() -> None:
    assert Province().goal_pool == 5
    assert make_game("province", goals="9").goal_pool == 9
    with pytest.raises(OptionError):
        Province(goals=7)


def test_nine_goal_pool_draws_from_nine_and_uses_five() -> None:
    s = NINE.new_initial_state()
    s.apply(FirstPlayer(1))
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 9 and all(p == pytest.approx(1 / 9) for _, p in outcomes)
    s.apply(NINE.parse_action("reveal treasury"))
    assert s.view(None)["goals_left"] == 4
    # Four goals gone, the fifth face up: claiming it ends the draws although 4 stay unused.
    set_goals(s, "coins", stack=("twopoint", "crew", "onepoint", "trade"), labor=0, workers=1)
    assert s.goal_state[G_INDEX["treasury"]] == REMOVED and s.goals_left() == 0
    s.coins[1] = 4
    play(s, "move green2")
    assert s.goal_state[G_INDEX["coins"]] == 1
    assert not s.is_chance() and s.goals_left() == 0
    assert s.end_condition() == "goals_exhausted"


def test_treasury_goal_ten_coins() -> None:
    s = started9()
    set_goals(s, "treasury", stack=("coins",))
    s.coins[0] = 9
    play(s, "move green2")
    assert s.goal_state[G_INDEX["treasury"]] == 0


def test_crew_goal_five_workers_moved_in_one_turn() -> None:
    s = started9()
    set_goals(s, "crew", stack=("coins",))
    give(s, 0, "camp", "village")
    play(s, "move green1", "move green2", "move green3", "move camp")
    assert s.goal_state[G_INDEX["crew"]] == FACE_UP
    play(s, "move village")
    assert s.goal_state[G_INDEX["crew"]] == 0


def test_onepoint_goal_three_one_point_buildings() -> None:
    s = started9()
    set_goals(s, "onepoint", stack=("coins",))
    give(s, 0, "lender", "bank", "camp")  # the Bank is a 2-point building
    to_spend(s, labor=2, coins=3)
    assert s.goal_state[G_INDEX["onepoint"]] == FACE_UP
    play(s, "build union")
    assert s.goal_state[G_INDEX["onepoint"]] == 0


def test_trade_goal_three_grinds_in_one_turn() -> None:
    s = started9()
    set_goals(s, "trade", stack=("coins",))
    to_spend(s, labor=6, coins=0)
    play(s, "grind", "grind")
    assert s.goal_state[G_INDEX["trade"]] == FACE_UP
    play(s, "grind")
    assert s.goal_state[G_INDEX["trade"]] == 0


def test_trade_count_resets_each_turn() -> None:
    s = started9()
    set_goals(s, "trade", stack=("coins",))
    to_spend(s, labor=4, coins=0)
    play(s, "grind", "grind", "end", "move green1", "end")
    to_spend(s, labor=2, coins=0)
    play(s, "grind")
    assert s.goal_state[G_INDEX["trade"]] == FACE_UP


@pytest.mark.parametrize("check", ALL_CHECKS, ids=[c.__name__ for c in ALL_CHECKS])
def test_nine_goal_variant_conforms(check) -> None:  # type: ignore[no-untyped-def]
    check(NINE, 4)
