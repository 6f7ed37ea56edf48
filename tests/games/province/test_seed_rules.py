"""Seed rules of Province that test_province_rules.py left uncovered or covered weakly.

Written during the seed-coverage audit (see docs/games/province-rule-coverage.md):
each test pins one rule of seed 002 (or one of our documented decisions where
the seed is silent) with literal values from the seed, so that a change to the
data file or the engine that breaks the seed's game fails here.
"""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.games.province import Hire, Province, ProvinceState
from meeple.games.province.components import (
    B_INDEX,
    BUILDINGS,
    COIN_TOTAL,
    DATA,
    G_INDEX,
    GOALS,
    OFF,
    SAILORS,
    WORKERS,
)
from meeple.games.province.state import (
    FACE_UP,
    OVER,
    REMOVED,
    SPEND,
)
from tests.games.province.province_helpers import (
    GAME,
    give,
    play,
    set_goals,
    started,
    texts,
    to_spend,
)

RED1, RED2, RED3 = SAILORS[0]
BLUE1, BLUE2, BLUE3 = SAILORS[1]

# -- components -----------------------------------------------------------------------


def test_components_are_the_seed_list() -> None:
    """The seed's component list: eight building kinds, three green workers, one camp
    and one village worker, three double-sided sailors, five goals, 8x1 + 2x5 + 1x10 coins."""
    assert set(BUILDINGS) == {
        "lender",
        "bank",
        "camp",
        "village",
        "mill",
        "smithy",
        "union",
        "harbor",
    }
    assert [w for w in WORKERS if w.startswith("green")] == ["green1", "green2", "green3"]
    assert "camp" in WORKERS and "village" in WORKERS
    assert Province().goal_pool == 5
    assert set(GOALS[:5]) == {"workers", "labor", "buildings", "coins", "twopoint"}
    assert sorted(map(tuple, DATA["coins"]["denominations"])) == [(1, 8), (5, 2), (10, 1)]
    assert COIN_TOTAL == 28
    assert GAME.new_initial_state().sailors_in_supply() == 3


# -- buildings: the values the seed states -----------------------------------------------


def test_lender_costs_two_labor_and_two_coins_and_scores_one() -> None:
    """The seed's worked example: the Lender needs 2 labor and 2 coins, worth 1 point."""
    s = started()
    to_spend(s, labor=1, coins=2)
    assert "build lender" not in texts(s)
    s.labor, s.coins[0] = 2, 1
    assert "build lender" not in texts(s)
    s.coins[0] = 2
    play(s, "build lender")
    assert (s.labor, s.coins[0]) == (0, 0)
    assert s.score_breakdown(0)["buildings"] == 1


def test_bank_scores_two_for_its_first_builder() -> None:
    """The seed names the Bank as a 2-point building (and the Lender as a 1-point one)."""
    s = started()
    give(s, 0, "lender")
    to_spend(s, labor=10, coins=10)
    play(s, "build bank")
    assert s.first[B_INDEX["bank"]] == 0
    assert s.score_breakdown(0)["buildings"] == 1 + 2


def test_a_borrowed_building_does_not_open_its_arrow() -> None:
    """The arrow asks for the lower building to be *built* first: borrowing it is not enough."""
    s = started()
    give(s, 0, "lender")
    give(s, 1, "camp")
    play(s, "borrow camp")
    to_spend(s, labor=10, coins=10)
    assert s.has_effect(0, B_INDEX["camp"])  # the effect is there ...
    assert "build village" not in texts(s)  # ... but the arrow is not satisfied
    with pytest.raises(IllegalActionError):
        play(s, "build village")


def test_second_camp_builder_shares_the_worker_already_on_the_cycle() -> None:
    """Decision: one yellow worker; a second Camp does not put it back on the top space."""
    s = started()
    give(s, 1, "camp")
    s.pos[3] = 2  # the camp worker has moved on since seat 1 built the Camp
    to_spend(s, labor=3, coins=2)
    play(s, "build camp")
    assert s.pos[3] == 2
    assert s.scores()[0] == 0  # second builder: no points


# -- the work cycle ---------------------------------------------------------------------


def test_workers_left_standing_produce_nothing() -> None:
    """Only the workers moved this turn produce; the others stay where they are."""
    s = started()
    play(s, "move green1")  # green1 arrives on a labor space; green2, green3 stay
    assert (s.labor, s.coins[0], s.supply) == (1, 2, 23)
    assert s.pos[:3] == [1, 1, 2]
    play(s, "end")
    assert s.coins[0] == 2  # nothing more at the end of the turn from unmoved workers


def test_bank_pays_two_for_every_worker_that_reaches_the_coin_space() -> None:
    s = started()
    give(s, 0, "lender", "bank")
    s.pos[:3] = [1, 1, 0]  # two workers one step before the coin space
    play(s, "move green1", "move green2")
    assert s.coins[0] == 2 + 2 + 2


def test_without_a_bank_each_arrival_on_the_coin_space_pays_one() -> None:
    s = started()
    s.pos[:3] = [1, 1, 0]
    play(s, "move green1", "move green2")
    assert s.coins[0] == 2 + 1 + 1


# -- loan token ---------------------------------------------------------------------------


def test_loan_token_may_be_taken_in_the_spend_phase_too() -> None:
    """The seed lets the token be taken in any phase: after spending as well as before moving."""
    s = started()
    give(s, 0, "lender")
    give(s, 1, "union")
    to_spend(s, labor=2, coins=4)
    play(s, "grind")
    assert s.phase == SPEND
    play(s, "borrow union", "union")
    assert (s.loan, s.labor, s.coins[0]) == (0, 1, 3)


def test_repaying_lifts_the_two_point_penalty() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "camp")
    play(s, "borrow camp")
    assert s.score_breakdown(0)["loan"] == -2
    s.coins[0] = 3
    play(s, "repay")
    assert s.score_breakdown(0)["loan"] == 0 and s.loan == -1


# -- harbor, boats, sailors -----------------------------------------------------------------


def _seat0_harbor_turn(mixed: bool = True) -> ProvinceState:
    """Seat 0, the first Harbor builder, at the start of a turn after its boat toss."""
    s = started()
    give(s, 0, "harbor")
    play(s, "move green1", "end", "move green1", "end")
    assert s.is_chance() and s.current == 0
    play(s, "boats mixed" if mixed else "boats black")
    return s


def test_sailors_are_one_pool_of_three_for_both_players() -> None:
    """Three double-sided sailors, flipped to the hirer's colour: once the opponent holds
    two and you one, nobody can hire again although your colour has free slots."""
    s = _seat0_harbor_turn()
    s.pos[BLUE1] = s.pos[BLUE2] = 0  # seat 1 hired two sailors earlier
    s.coins[0] = 10
    assert s.sailors_in_supply() == 1
    play(s, "move green1", "hire")  # the last sailor in the supply
    assert s.pos[RED1] == 0 and s.sailors_in_supply() == 0
    play(s, "end", "move green1", "end", "boats mixed", "move green2")
    assert s.pos[RED2] == OFF and s.coins[0] >= 3
    assert "hire" not in texts(s)
    assert not s.view(0)["may_hire"]
    with pytest.raises(IllegalActionError):
        s.apply(Hire())


def test_a_sailor_hired_by_the_opponent_leaves_the_supply() -> None:
    s = _seat0_harbor_turn()
    s.coins[0] = 10
    s.pos[BLUE1] = 0
    assert s.sailors_in_supply() == 2
    play(s, "move green1")
    assert "hire" in texts(s)


def test_opponents_sailors_cannot_be_used_through_the_loan_token() -> None:
    """Borrowing the Harbor gives the toss, never the opponent's hired sailors."""
    s = started()
    give(s, 0, "lender")
    give(s, 1, "harbor")
    s.pos[BLUE1] = 1
    play(s, "borrow harbor")
    assert "move blue1" not in texts(s)
    assert not any(t.startswith("borrow") for t in texts(s))  # no token left to borrow with
    assert not any(str(a).startswith("borrow blue") for a in GAME.action_space.actions)


def test_two_black_boats_give_nothing_when_the_supply_is_empty() -> None:
    s = started()
    give(s, 0, "harbor")
    play(s, "move green1", "end", "move green1", "end")
    s.coins = [14, 14]
    play(s, "boats black")
    assert s.coins == [14, 14] and s.supply == 0


def test_two_white_boats_count_for_the_labor_goal() -> None:
    s = started()
    give(s, 0, "harbor", "mill", "smithy")
    set_goals(s, "labor", stack=("coins",))
    play(s, "move green1", "end", "move green1", "end")
    play(s, "boats white")  # 2 (mill, smithy) + 1 (boats)
    assert s.gained == 3
    s.pos[:3] = [2, 0, 2]
    play(s, "move green1")
    assert s.goal_state[G_INDEX["labor"]] == FACE_UP
    play(s, "move green3")  # fifth labor this turn
    assert s.goal_state[G_INDEX["labor"]] == 0


# -- goals ----------------------------------------------------------------------------------


def test_a_claimed_goal_is_worth_one_point() -> None:
    s = started()
    set_goals(s, "coins", stack=("labor",))
    before = s.scores()[0]
    s.coins[0] = 4
    play(s, "move green2")  # the fifth coin: 5 coins are also 1 point of money
    assert s.score_breakdown(0)["goals"] == 1
    assert s.scores()[0] == before + 1 + 1


def test_workers_goal_met_with_two_sailors_alone() -> None:
    s = _seat0_harbor_turn()
    set_goals(s, "workers", stack=("labor",))
    s.pos[RED1] = 0
    s.coins[0] = 5
    play(s, "move green1")
    assert s.goal_state[G_INDEX["workers"]] == FACE_UP
    play(s, "hire")
    assert s.goal_state[G_INDEX["workers"]] == 0


def test_last_goal_removed_at_its_reveal_ends_the_game() -> None:
    """'All goals taken or removed' includes a last goal that both players already meet."""
    s = started()
    set_goals(s, None, stack=("coins",), labor=0, workers=1, buildings=0, twopoint=1)
    s.reveal_pending = True
    s.coins = [5, 5]
    play(s, "reveal coins")
    assert s.goal_state[G_INDEX["coins"]] == REMOVED
    assert not s.is_chance() and s.end_condition() == "goals_exhausted"
    play(s, "move green1", "end")
    assert s.phase == OVER and s.is_terminal()


def test_buildings_goal_revealed_when_both_have_four_is_removed() -> None:
    s = started()
    give(s, 0, "lender", "camp", "mill", "union")
    give(s, 1, "lender", "camp", "mill", "harbor")
    set_goals(s, None, stack=("buildings", "labor"), coins=0)
    s.reveal_pending = True
    play(s, "reveal buildings")
    assert s.goal_state[G_INDEX["buildings"]] == REMOVED
    assert s.is_chance()  # the next goal is turned up at once


# -- borrowed buildings are effects only (decision) -------------------------------------------


def test_a_borrowed_building_is_not_a_seventh_building() -> None:
    """Decision: the 7-building end counts one's own markers, not a borrowed building."""
    s = started()
    give(s, 0, "lender", "bank", "camp", "village", "mill", "smithy")
    give(s, 1, "union")
    set_goals(s, "labor", stack=("coins",), twopoint=0, buildings=0)
    play(s, "borrow union")
    assert s.end_condition() is None
    play(s, "move green1", "end")
    assert not s.is_terminal()


def test_a_borrowed_building_does_not_count_for_the_buildings_goal_or_the_tiebreak() -> None:
    s = started()
    give(s, 0, "lender", "camp", "mill")
    give(s, 1, "union")
    set_goals(s, "buildings", stack=("coins",))
    play(s, "borrow union", "move green1")
    assert s.goal_state[G_INDEX["buildings"]] == FACE_UP
    assert s.tiebreaks()[0] == (3.0,)
