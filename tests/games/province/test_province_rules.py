"""Province rules, one test (or more) per rule of the seed and the research note.

Each test builds a situation (a started match, then fields set directly where
reaching them by play would be long), applies actions with the checked apply
and checks the outcome.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from meeple.core import (
    ActionParseError,
    IllegalActionError,
    Match,
    NotYourTurnError,
    Rng,
    TurnKind,
    UndoError,
)
from meeple.games.province import Borrow, Build, Move, Province, ProvinceState
from meeple.games.province.components import (
    B_INDEX,
    COIN_TOTAL,
    DATA,
    G_INDEX,
    MAX_TURNS,
)
from meeple.games.province.state import (
    FACE_UP,
    OVER,
    REMOVED,
    SPEND,
    WORK,
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

# -- setup ------------------------------------------------------------------------------


def test_setup_one_green_worker_per_space_and_full_supply() -> None:
    s = GAME.new_initial_state()
    assert s.pos[:3] == [0, 1, 2]
    assert all(p == -1 for p in s.pos[3:])  # camp, village, sailors not yet on the cycle
    assert s.supply == COIN_TOTAL == 28  # 8 x 1 + 2 x 5 + 1 x 10
    assert s.coins == [0, 0]
    assert s.turn().kind is TurnKind.CHANCE


def test_start_player_is_a_fair_toss_and_gets_two_coins_the_other_three() -> None:
    s = GAME.new_initial_state()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("first 0", 0.5), ("first 1", 0.5)]
    play(s, "first 1")
    assert s.coins == [3, 2]
    assert s.supply == 23
    # The first goal is turned face up before play starts: a uniform draw of the five.
    outcomes = s.chance_outcomes()
    seed_goals = [g["id"] for g in DATA["goals"] if not g.get("designed")]
    assert len(seed_goals) == 5
    assert sorted(str(a) for a, _ in outcomes) == sorted(f"reveal {g}" for g in seed_goals)
    assert all(p == pytest.approx(0.2) for _, p in outcomes)
    play(s, "reveal labor")
    assert s.current_seat() == 1
    assert s.goal_state[G_INDEX["labor"]] == FACE_UP
    assert s.view(None)["goals_left"] == 4


# -- the work cycle ---------------------------------------------------------------------------


def test_a_worker_moves_one_step_clockwise_and_wraps() -> None:
    s = started()
    play(s, "move green3")  # coin space (2) -> top labor space (0)
    assert s.pos[2] == 0
    play(s, "move green1")  # 0 -> 1
    assert s.pos[0] == 1


def test_labor_space_gives_one_labor_coin_space_one_coin() -> None:
    s = started()
    play(s, "move green1")  # arrives on labor space 1
    assert (s.labor, s.coins[0]) == (1, 2)
    play(s, "move green2")  # arrives on the coin space
    assert (s.labor, s.coins[0], s.supply) == (1, 3, 22)
    play(s, "move green3")  # arrives on labor space 0
    assert s.labor == 2


def test_each_worker_moves_at_most_once_a_turn() -> None:
    s = started()
    play(s, "move green1")
    assert "move green1" not in texts(s)
    assert "move green2" in texts(s)


def test_at_least_one_worker_must_move_before_spending_or_ending() -> None:
    s = started()
    s.labor, s.coins[0] = 10, 10
    assert texts(s) == ["move green1", "move green2", "move green3"]
    with pytest.raises(IllegalActionError):
        s.apply(GAME.parse_action("end"))
    play(s, "move green1")
    assert "end" in texts(s)
    assert "build lender" in texts(s)


def test_spending_ends_the_work_phase() -> None:
    s = started()
    play(s, "move green1", "move green3", "build lender")  # 2 labor + 2 coins
    assert s.phase == SPEND
    assert not any(t.startswith("move") for t in texts(s))


def test_empty_supply_gives_no_coin() -> None:
    s = started()
    s.coins = [14, 14]
    assert s.supply == 0
    play(s, "move green2")
    assert s.coins == [14, 14]


def test_labor_is_lost_at_the_end_of_the_turn_coins_carry_over() -> None:
    s = started()
    play(s, "move green1", "move green2", "end")
    assert s.current_seat() == 1
    assert s.labor == 0
    assert s.coins[0] == 3


def test_turns_alternate() -> None:
    s = started(first=1)
    play(s, "move green1", "end")
    assert s.current_seat() == 0
    play(s, "move green1", "end")
    assert s.current_seat() == 1


# -- camp, village and the FAQ example ------------------------------------------------------------


def test_camp_worker_enters_the_top_labor_space_when_camp_is_first_built() -> None:
    s = started()
    to_spend(s, labor=3, coins=5)
    play(s, "build camp")
    assert s.pos[3] == 0
    assert s.coins[0] == 3 and s.labor == 0  # Camp costs 3 labor + 2 coins


def test_faq_only_camp_builders_may_move_the_camp_worker() -> None:
    s = started()
    give(s, 1, "camp")
    assert "move camp" not in texts(s)  # the opponent built it, seat 0 did not
    play(s, "move green1", "end")
    assert "move camp" in texts(s)  # seat 1 built it
    play(s, "move camp", "end")
    give(s, 0, "camp")  # both built it: both may move it
    assert "move camp" in texts(s)
    play(s, "move camp")
    assert s.pos[3] == 2  # 0 -> 1 (seat 1), then 1 -> 2 (seat 0)


def test_village_worker_is_shared_by_village_builders_only() -> None:
    s = started()
    give(s, 0, "camp")
    to_spend(s, labor=3, coins=5)
    play(s, "build village", "end")
    assert s.pos[4] == 0
    assert "move village" not in texts(s)  # seat 1 has no Village
    play(s, "move green1", "end")
    assert "move village" in texts(s)


# -- building ------------------------------------------------------------------------------------


@pytest.mark.parametrize("building", [b["id"] for b in DATA["buildings"]])
def test_building_costs_labor_and_coins_which_return_to_the_supply(building: str) -> None:
    info = next(b for b in DATA["buildings"] if b["id"] == building)
    s = started()
    if info["requires"]:
        give(s, 0, info["requires"])
    to_spend(s, labor=info["labor"], coins=info["coins"] + 1)
    supply = s.supply
    play(s, f"build {building}")
    assert s.labor == 0 and s.coins[0] == 1
    assert s.supply == supply + info["coins"]
    assert s.built[0] >> B_INDEX[building] & 1


@pytest.mark.parametrize("building", [b["id"] for b in DATA["buildings"]])
def test_building_needs_its_full_cost(building: str) -> None:
    info = next(b for b in DATA["buildings"] if b["id"] == building)
    s = started()
    if info["requires"]:
        give(s, 0, info["requires"])
    to_spend(s, labor=info["labor"] - 1, coins=20)
    assert f"build {building}" not in texts(s)
    s.labor, s.coins[0] = info["labor"], info["coins"] - 1
    assert f"build {building}" not in texts(s)
    s.coins[0] = info["coins"]
    assert f"build {building}" in texts(s)


def test_at_most_one_building_a_turn() -> None:
    s = started()
    to_spend(s, labor=10, coins=10)
    play(s, "build lender")
    assert not any(t.startswith("build") for t in texts(s))
    with pytest.raises(IllegalActionError):
        play(s, "build camp")


@pytest.mark.parametrize(
    ("target", "needs"), [("bank", "lender"), ("village", "camp"), ("smithy", "mill")]
)
def test_prerequisite_arrows(target: str, needs: str) -> None:
    s = started()
    to_spend(s, labor=10, coins=10)
    assert f"build {target}" not in texts(s)
    give(s, 0, needs)
    assert f"build {target}" in texts(s)
    give(s, 1, needs)  # the opponent's building does not count for seat 0
    s.built[0] = 0
    assert f"build {target}" not in texts(s)


def test_first_builder_scores_second_builder_does_not() -> None:
    s = started()
    to_spend(s, labor=3, coins=5)
    play(s, "build lender")
    assert s.scores()[0] == 1
    play(s, "end")
    to_spend(s, labor=3, coins=5)
    play(s, "build lender")
    assert s.built[1] >> B_INDEX["lender"] & 1  # the second token goes next to the first
    assert s.scores() == [1.0, 0.0]
    assert s.first[B_INDEX["lender"]] == 0


def test_two_point_buildings_score_two() -> None:
    s = started()
    give(s, 0, "lender")
    base = s.scores()[0]
    to_spend(s, labor=3, coins=3)
    play(s, "build bank")
    assert s.scores()[0] == base + 2


def test_a_player_builds_each_building_only_once() -> None:
    s = started()
    give(s, 0, "lender")
    to_spend(s, labor=10, coins=10)
    assert "build lender" not in texts(s)


# -- grinding and the union ---------------------------------------------------------------------


def test_grinding_turns_two_labor_into_one_coin_repeatedly() -> None:
    s = started()
    to_spend(s, labor=5, coins=0)
    play(s, "grind", "grind")
    assert (s.labor, s.coins[0]) == (1, 2)
    assert "grind" not in texts(s)


def test_grinding_needs_a_coin_in_the_supply() -> None:
    s = started()
    to_spend(s, labor=4, coins=14)
    s.coins[1] = 14
    assert "grind" not in texts(s)


def test_union_buys_labor_for_two_coins_repeatedly_only_with_the_union() -> None:
    s = started()
    to_spend(s, labor=0, coins=5)
    assert "union" not in texts(s)
    give(s, 0, "union")
    play(s, "union", "union")
    assert (s.labor, s.coins[0], s.gained) == (2, 1, 2 + 1)  # +1: the green move's labor
    assert "union" not in texts(s)


def test_union_counts_as_spending() -> None:
    s = started()
    give(s, 0, "union")
    to_spend(s, labor=0, coins=5)
    assert s.phase == WORK
    play(s, "union")
    assert s.phase == SPEND and not any(t.startswith("move") for t in texts(s))


# -- mill, smithy, bank ----------------------------------------------------------------------------


def test_mill_gives_one_labor_at_the_start_of_each_own_turn_smithy_a_second() -> None:
    s = started()
    give(s, 0, "mill")
    play(s, "move green1", "end")
    assert s.labor == 0  # seat 1 has no Mill
    play(s, "move green1", "end")
    assert (s.current_seat(), s.labor) == (0, 1)
    give(s, 0, "smithy")
    play(s, "move green1", "end", "move green1", "end")
    assert (s.current_seat(), s.labor) == (0, 2)


def test_bank_doubles_coins_on_the_coin_space() -> None:
    s = started()
    give(s, 0, "lender", "bank")
    play(s, "move green2")
    assert s.coins[0] == 4


def test_bank_takes_only_what_the_supply_holds() -> None:
    s = started()
    give(s, 0, "lender", "bank")
    s.coins = [14, 13]
    play(s, "move green2")
    assert (s.coins[0], s.supply) == (15, 0)


# -- lender and the loan token -------------------------------------------------------------------


def test_borrowing_needs_the_lender() -> None:
    s = started()
    give(s, 1, "camp")
    assert not any(t.startswith("borrow") for t in texts(s))
    give(s, 0, "lender")
    assert "borrow camp" in texts(s)


def test_borrow_only_buildings_the_opponent_has_and_you_lack() -> None:
    s = started()
    give(s, 0, "lender", "mill")
    give(s, 1, "camp", "mill", "union")
    assert sorted(t for t in texts(s) if t.startswith("borrow")) == ["borrow camp", "borrow union"]


def test_faq_borrowed_camp_lets_you_move_the_camp_worker() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "camp")
    play(s, "borrow camp")  # allowed in any phase, even before moving
    assert (s.loan, s.view(0)["loan"]["building"]) == (0, "camp")
    assert "move camp" in texts(s)
    play(s, "move camp")
    assert s.labor == 1


def test_borrowed_bank_and_union_work() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "lender", "bank", "union")
    play(s, "borrow bank", "move green2")
    assert s.coins[0] == 4
    s2 = started()
    give(s2, 0, "lender")
    give(s2, 1, "union")
    play(s2, "borrow union")
    to_spend(s2, labor=0, coins=4)
    assert "union" in texts(s2)


def test_borrowed_mill_gives_labor_on_the_next_own_turn() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "mill")
    play(s, "borrow mill", "move green1", "end", "move green1", "end")
    assert (s.current_seat(), s.labor) == (0, 1)


def test_holding_the_token_blocks_borrowing_and_one_borrow_a_turn() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "camp", "union")
    play(s, "borrow camp")
    assert not any(t.startswith("borrow") for t in texts(s))
    s.coins[0] = 5
    play(s, "repay")
    assert not any(t.startswith("borrow") for t in texts(s))  # one borrow a turn
    play(s, "move green1", "end", "move green1", "end")
    assert "borrow union" in texts(s)


def test_repay_costs_three_coins_and_ends_the_borrowing() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "camp")
    play(s, "borrow camp")
    assert "repay" not in texts(s)  # only 2 coins
    s.coins[0] = 4
    supply = s.supply
    play(s, "repay")
    assert (s.loan, s.borrowed, s.coins[0], s.supply) == (-1, -1, 1, supply + 3)
    assert "move camp" not in texts(s)


def test_holding_the_token_at_the_end_costs_two_points() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "camp")
    before = s.scores()[0]
    play(s, "borrow camp")
    assert s.scores()[0] == before - 2
    assert s.score_breakdown(0)["loan"] == -2


def test_with_both_lenders_the_token_can_be_taken_from_the_holder() -> None:
    s = started()
    give(s, 0, "lender", "camp")
    give(s, 1, "lender", "union", "mill")
    play(s, "move green1", "end")
    play(s, "borrow camp")  # seat 1 holds the token
    assert "move camp" in texts(s)
    play(s, "move green1", "end")
    assert "borrow union" in texts(s)  # seat 0 may take it from seat 1
    play(s, "borrow union")
    assert (s.loan, s.view(None)["loan"]["building"]) == (0, "union")
    assert s.score_breakdown(1)["loan"] == 0 and s.score_breakdown(0)["loan"] == -2
    play(s, "move green1", "end")
    assert "move camp" not in texts(s)  # seat 1's borrowing ended
    assert "borrow camp" in texts(s)  # and seat 1 may take the token back


def test_token_cannot_be_taken_without_a_lender_of_ones_own() -> None:
    s = started()
    give(s, 1, "lender")
    give(s, 0, "camp")
    play(s, "move green1", "end", "borrow camp", "move green1", "end")
    assert not any(t.startswith("borrow") for t in texts(s))


# -- harbor, boats and sailors ----------------------------------------------------------------------


def _harbor_built_by_seat0() -> ProvinceState:
    s = started()
    to_spend(s, labor=3, coins=6)
    play(s, "build harbor")
    return s


def test_first_harbor_builder_tosses_at_the_end_of_that_turn() -> None:
    s = _harbor_built_by_seat0()
    play(s, "end")
    assert s.is_chance()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [
        ("boats white", 0.25),
        ("boats black", 0.25),
        ("boats mixed", 0.5),
    ]
    play(s, "boats black")
    assert (s.current_seat(), s.coins[0], s.phase) == (0, 5, SPEND)
    assert not any(t.startswith("build") for t in texts(s))
    play(s, "end")
    assert s.current_seat() == 1


def test_harbor_builder_tosses_at_the_start_of_each_own_turn() -> None:
    s = _harbor_built_by_seat0()
    play(s, "end", "boats black", "end")
    assert s.current_seat() == 1  # seat 1 does not toss
    play(s, "move green1", "end")
    assert s.is_chance()
    play(s, "boats white")
    assert (s.current_seat(), s.labor, s.phase) == (0, 1, WORK)


def test_mixed_boats_allow_one_sailor_for_three_coins() -> None:
    s = _harbor_built_by_seat0()
    play(s, "end", "boats mixed")
    assert "hire" in texts(s)
    play(s, "hire")
    assert s.pos[5] == 0 and s.coins[0] == 1  # red sailor 1 on the top labor space
    assert "hire" not in texts(s)
    play(s, "end", "move green1", "end", "boats mixed")
    s.coins[0] = 10
    play(s, "move red1")
    assert s.labor == 1
    play(s, "hire")
    assert "hire" not in texts(s)  # one hire a turn


def test_hiring_needs_mixed_boats_and_three_coins() -> None:
    s = _harbor_built_by_seat0()
    play(s, "end", "boats white")
    s.coins[0] = 10
    assert "hire" not in texts(s)
    s2 = _harbor_built_by_seat0()
    play(s2, "end", "boats mixed")
    s2.coins[0] = 2
    assert "hire" not in texts(s2)


def test_only_the_hirer_moves_a_sailor_and_none_is_left_after_three() -> None:
    s = _harbor_built_by_seat0()
    play(s, "end", "boats mixed", "hire", "end")
    assert "move red1" not in texts(s)  # seat 1 may not move seat 0's sailor
    s.pos[6] = s.pos[7] = 0  # seat 0 holds all three red sailors
    play(s, "move green1", "end", "boats mixed", "move green1")
    s.coins[0] = 10
    assert "hire" not in texts(s)


def test_second_harbor_builder_gets_no_toss() -> None:
    s = _harbor_built_by_seat0()
    play(s, "end", "boats white", "end")
    assert (s.current_seat(), s.phase) == (1, WORK)  # seat 1 has no Harbor: no toss
    to_spend(s, labor=3, coins=5)
    play(s, "build harbor")
    assert s.end_toss == 0  # not the first builder: no end-of-turn toss
    play(s, "end")
    assert s.is_chance() and s.current == 0  # seat 0's turn starts with its toss
    play(s, "boats black", "move green1", "end")
    assert (s.current_seat(), s.phase) == (1, WORK)  # still no toss for seat 1


def test_borrowed_harbor_gives_the_toss() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "harbor")  # seat 1 is the first Harbor builder
    play(s, "borrow harbor", "move green1", "end")
    assert s.is_chance() and s.current == 1  # the owner's own toss
    play(s, "boats black", "move green1", "end")
    assert s.is_chance() and s.current == 0  # the borrower tosses too


# -- goals ---------------------------------------------------------------------------------------------


def test_coins_goal_is_claimed_the_moment_it_is_met() -> None:
    s = started()
    set_goals(s, "coins", stack=("labor", "workers"))
    s.coins[0] = 4
    play(s, "move green2")  # fifth coin
    assert s.goal_state[G_INDEX["coins"]] == 0
    assert s.is_chance()  # next goal turned face up at once
    assert sorted(str(a) for a, _ in s.chance_outcomes()) == ["reveal labor", "reveal workers"]
    play(s, "reveal workers")
    assert s.current_seat() == 0 and "end" in texts(s)


def test_claimed_goal_stays_after_the_condition_is_lost() -> None:
    s = started()
    set_goals(s, "coins", stack=("labor",))
    s.coins[0] = 4
    play(s, "move green2", "reveal labor")
    s.labor = 2
    play(s, "build lender")
    assert s.coins[0] == 3 and s.score_breakdown(0)["goals"] == 1


def test_workers_goal_counts_camp_village_and_sailors() -> None:
    s = started()
    set_goals(s, "workers", stack=("labor",))
    give(s, 0, "camp")
    to_spend(s, labor=3, coins=3)
    assert s.goal_state[G_INDEX["workers"]] == FACE_UP
    play(s, "build village")
    assert s.goal_state[G_INDEX["workers"]] == 0
    s2 = _harbor_built_by_seat0()
    set_goals(s2, "workers", stack=("labor",))
    give(s2, 0, "camp")
    play(s2, "end", "boats mixed", "hire")
    assert s2.goal_state[G_INDEX["workers"]] == 0


def test_workers_goal_ignores_a_borrowed_camp_and_green_workers() -> None:
    s = started()
    set_goals(s, "workers", stack=("labor",))
    give(s, 0, "lender", "village")
    give(s, 1, "camp")
    play(s, "borrow camp", "move camp")
    assert s.goal_state[G_INDEX["workers"]] == FACE_UP


def test_labor_goal_five_labor_in_one_turn() -> None:
    s = started()
    set_goals(s, "labor", stack=("coins",))
    give(s, 0, "camp", "village")
    s.pos[:5] = [2, 2, 0, 2, 0]
    play(s, "move green1", "move green2", "move green3", "move camp")
    assert s.gained == 4 and s.goal_state[G_INDEX["labor"]] == FACE_UP
    play(s, "move village")
    assert s.goal_state[G_INDEX["labor"]] == 0


def test_labor_goal_counts_union_labor() -> None:
    s = started()
    set_goals(s, "labor", stack=("coins",))
    give(s, 0, "union")
    to_spend(s, labor=1, coins=10)
    s.gained = 1
    play(s, "union", "union", "union")
    assert s.goal_state[G_INDEX["labor"]] == FACE_UP
    play(s, "union")
    assert s.goal_state[G_INDEX["labor"]] == 0


def test_buildings_goal_first_to_four() -> None:
    s = started()
    set_goals(s, "buildings", stack=("coins",))
    give(s, 0, "camp", "mill", "union")
    to_spend(s, labor=2, coins=2)
    play(s, "build lender")
    assert s.goal_state[G_INDEX["buildings"]] == 0


def test_two_point_goal_counts_buildings_built_second_too() -> None:
    s = started()
    set_goals(s, "twopoint", stack=("coins",))
    give(s, 1, "lender", "bank")  # seat 1 built the Bank first
    give(s, 0, "lender", "bank", "camp")
    to_spend(s, labor=3, coins=3)
    play(s, "build village")
    assert s.goal_state[G_INDEX["twopoint"]] == 0


def test_goal_both_already_meet_is_removed_and_the_next_revealed() -> None:
    s = started()
    set_goals(s, "labor", stack=("coins", "buildings"))
    s.goal_state[G_INDEX["labor"]] = 1  # taken earlier
    s.reveal_pending = True
    s.coins = [6, 7]
    play(s, "reveal coins")
    assert s.goal_state[G_INDEX["coins"]] == REMOVED
    assert [str(a) for a, _ in s.chance_outcomes()] == ["reveal buildings"]


def test_goal_revealed_met_by_the_opponent_only_goes_to_the_opponent() -> None:
    s = started()
    set_goals(s, None, stack=("coins", "buildings"), labor=0)
    s.reveal_pending = True
    s.coins = [2, 9]
    play(s, "reveal coins")
    assert s.goal_state[G_INDEX["coins"]] == 1
    assert s.is_chance()


def test_last_goal_claimed_leaves_no_reveal() -> None:
    s = started()
    set_goals(s, "coins", labor=0, workers=1, buildings=2, twopoint=2)
    s.coins[0] = 4
    play(s, "move green2")
    assert not s.is_chance() and s.view(None)["goals_left"] == 0
    assert s.end_condition() == "goals_exhausted"


# -- end of the game ---------------------------------------------------------------------------------


def _assert_ends_at_end_of_turn(s: ProvinceState, condition: str) -> None:
    assert s.end_condition() == condition
    assert s.current_seat() == 0 and "end" in texts(s)  # the turn is finished first
    play(s, "end")
    assert s.is_terminal() and s.phase == OVER
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []


def test_game_ends_when_a_player_has_seven_buildings() -> None:
    s = started()
    give(s, 0, "lender", "bank", "camp", "village", "mill", "smithy")
    set_goals(s, "labor", stack=("coins",), twopoint=0, buildings=0)
    to_spend(s, labor=2, coins=3)
    assert s.end_condition() is None
    play(s, "build union")
    _assert_ends_at_end_of_turn(s, "seven_buildings")


def test_game_ends_when_every_building_type_is_built() -> None:
    s = started()
    give(s, 0, "lender", "bank", "camp", "village")
    give(s, 1, "mill", "smithy", "union")
    set_goals(s, "labor", stack=("coins",), twopoint=0, buildings=0)
    to_spend(s, labor=3, coins=2)
    play(s, "build harbor")
    assert s.end_condition() == "all_types_built"
    play(s, "end", "boats white")  # the new Harbor's toss still happens
    _assert_ends_at_end_of_turn(s, "all_types_built")


def test_game_ends_when_all_goals_are_gone() -> None:
    s = started()
    set_goals(s, "coins", labor=0, workers=1, buildings=2, twopoint=2)
    s.coins[0] = 4
    play(s, "move green2")
    _assert_ends_at_end_of_turn(s, "goals_exhausted")


def test_turn_cap_ends_a_stalled_game() -> None:
    s = started()
    s.turns = MAX_TURNS - 1
    play(s, "move green1", "end")
    assert s.is_terminal()


# -- scoring and tiebreaks -------------------------------------------------------------------------------


def test_final_scoring_buildings_goals_coins_and_loan() -> None:
    s = started()
    give(s, 0, "lender", "bank", "camp")  # 1 + 2 + 1
    give(s, 1, "lender", "mill")  # Lender second: only the Mill's 1 point
    set_goals(s, None, coins=0, labor=0, workers=1)
    s.coins = [14, 9]  # 2 points, 1 point
    s.loan, s.borrowed = 0, B_INDEX["mill"]
    assert s.score_breakdown(0) == {"buildings": 4, "goals": 2, "coins": 2, "loan": -2}
    assert s.scores() == [6.0, 3.0]


def test_equal_points_and_buildings_share_the_win() -> None:
    s = started()
    give(s, 0, "lender", "camp")  # 1 + 1
    give(s, 1, "bank", "lender")  # Bank first (2), Lender second (0)
    set_goals(s, None)
    s.phase = OVER
    assert s.scores() == [2.0, 2.0]
    assert s.tiebreaks() == [(2.0,), (2.0,)]
    assert s.winners() == [0, 1] and s.returns() == [0.0, 0.0]


def test_tiebreak_most_buildings_wins() -> None:
    s = started()
    give(s, 0, "bank")  # 2 points, 1 building
    give(s, 1, "lender", "camp")  # 2 points, 2 buildings
    set_goals(s, None)
    s.phase = OVER
    assert s.scores() == [2.0, 2.0]
    assert s.winners() == [1]
    assert s.returns() == [-1.0, 1.0]


# -- bad input changes nothing -----------------------------------------------------------------------------


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    s = started()
    before = s.state_id()
    for bad in (Build("bank"), Build("lender"), Borrow("camp"), Move("camp"), Move("red1")):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
        assert s.state_id() == before


def test_out_of_turn_is_refused_and_changes_nothing() -> None:
    s = started(first=0)
    before = s.state_id()
    with pytest.raises(NotYourTurnError):
        s.apply(Move("green1"), seat=1)
    assert s.state_id() == before


def test_seat_actions_at_a_chance_node_and_chance_outcomes_in_a_turn_are_refused() -> None:
    s = GAME.new_initial_state()
    before = s.state_id()
    with pytest.raises(IllegalActionError):
        s.apply(Move("green1"))
    with pytest.raises(NotYourTurnError):
        s.apply(GAME.parse_action("first 0"), seat=0)
    assert s.state_id() == before
    s = started()
    before = s.state_id()
    with pytest.raises(IllegalActionError):
        s.apply(GAME.parse_action("boats white"))
    with pytest.raises(IllegalActionError):
        s.apply(GAME.parse_action("reveal coins"))
    assert s.state_id() == before


def test_garbled_input_is_a_parse_error() -> None:
    for text in ("build castle", "move", "grind 2", ""):
        with pytest.raises(ActionParseError):
            GAME.parse_action(text)
    with pytest.raises(ActionParseError):
        GAME.action_from_json({"type": "build", "building": "castle"})
    with pytest.raises(ActionParseError):
        GAME.action_from_json({"type": "move"})


def test_nothing_after_the_end() -> None:
    s = started()
    s.turns = MAX_TURNS - 1
    play(s, "move green1", "end")
    before = s.state_id()
    with pytest.raises(IllegalActionError):
        s.apply(Move("green1"), seat=0)
    assert s.state_id() == before


# -- views, secrets, tensors, undo -------------------------------------------------------------------------


def test_view_shows_the_face_up_goal_and_count_not_the_stack() -> None:
    s = started(goal="coins")
    v = s.view(0)
    assert v["goal_up"] == "coins" and v["goals_left"] == 4
    hidden = {"labor", "workers", "buildings", "twopoint"}
    public = {k: x for k, x in v.items() if k != "spaces"}  # space kinds share a word
    assert not hidden & set(_string_values(public))  # which goals are left is not spelled out
    assert s.determinize(1, Rng(5)).view(1) == s.view(1)


def _string_values(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [x for v in data.values() for x in _string_values(v)]
    if isinstance(data, list):
        return [x for v in data for x in _string_values(v)]
    return []


def test_views_are_the_same_for_both_seats_but_the_seat_field() -> None:
    s = started()
    play(s, "move green1")
    v0, v1 = s.view(0), s.view(1)
    v0.pop("seat"), v1.pop("seat")
    assert v0 == v1


def test_observation_tensor_fixed_shape_and_seat_relative() -> None:
    s = started()
    give(s, 0, "mill")
    o0, o1 = s.observation_tensor(0), s.observation_tensor(1)
    assert o0.shape == o1.shape == GAME.observation_shape()
    assert o0.dtype == np.float32 and not np.array_equal(o0, o1)


def test_json_round_trip_mid_turn() -> None:
    s = started()
    give(s, 0, "lender")
    give(s, 1, "camp")
    play(s, "borrow camp", "move camp")
    again = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.state_id() == s.state_id()
    assert again.legal_actions(0) == s.legal_actions(0)


def test_undo_within_the_turn_until_a_goal_is_revealed() -> None:
    m = Match(GAME, seed=3)
    m.play(GAME.parse_action("first 0"))
    m.play(GAME.parse_action("reveal coins"))
    assert not m.can_undo(0)  # nothing of seat 0's yet
    m.play(GAME.parse_action("move green1"))
    assert m.can_undo(0)
    m.undo(0)
    assert m.state.pos[0] == 0
    m.state.coins[0] = 4
    m.play(GAME.parse_action("move green2"))  # claims the coins goal
    m.play(GAME.parse_action("reveal labor"))  # the reveal is a barrier
    with pytest.raises(UndoError):
        m.undo(0)


def test_game_metadata() -> None:
    g = Province()
    assert (g.min_players, g.max_players, g.has_chance) == (2, 2, True)
    assert g.title_zh == "小城故事"
    assert len(set(map(str, g.action_space.actions))) == g.num_distinct_actions
