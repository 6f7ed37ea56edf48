"""Viscounts: the choices a faithful engine leaves to the player: how to pay for a
primary action (funding plans) and the order of one's castle groups."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalActionError
from meeple.games.viscounts import text
from meeple.games.viscounts.actions import Build, CastleGroup, CastleMove, Fund, Transcribe
from meeple.games.viscounts.bots import HeuristicBot, evaluate
from meeple.games.viscounts.components import (
    BUILD,
    INNER,
    MANUSCRIPTS,
    OUTER_LEFT,
    TRANSCRIBE,
    position,
)
from meeple.games.viscounts.effects import ENGINE, order_matters
from meeple.games.viscounts.state import RECRUIT
from tests.games.viscounts.builders import (
    at_action,
    bare_turn,
    empty_castle,
    empty_pile,
    run_on,
    started,
    with_counts,
    with_workers,
)


def _build_with_mason(stone: int = 2, silver: int = 4):  # type: ignore[no-untyped-def]
    """A seat on an outer space with the Mason (1 builder; 2 silver buy a builder)."""
    s, me = bare_turn(board=["Mason"], stone=stone, silver=silver)
    at_action(s, OUTER_LEFT)
    empty_pile(s, position(OUTER_LEFT))  # nothing to dismiss
    return s, me


# -- funding -------------------------------------------------------------------------------


def test_a_workshop_payable_with_stone_or_silver_asks_how_to_pay() -> None:
    """1 builder on the board, 2 short: 2 stone, 1 stone + 2 silver or 4 silver (the Mason's
    two silver a builder). The old rules paid 2 stone without asking."""
    s, me = _build_with_mason()
    build = next(a for a in s.legal_actions() if isinstance(a, Build) and a.building == 0)
    s.apply(build)
    d = s.decisions[-1]
    assert d.kind == "fund" and d.seat == me and s.turn().seats == (me,)
    plans = set(d.args[-1])
    assert plans == {(0, 0, 0, 2), (2, 0, 0, 1), (4, 0, 0, 0)}
    assert s.built[me][0] == 0  # nothing is built before it is paid
    labels = {text.state_label(s, a, "en") for a in s.legal_actions()}
    assert labels == {"Pay 2 stone", "Pay 2 silver + 1 stone", "Pay 4 silver"}
    zh = {text.state_label(s, a, "zh-TW") for a in s.legal_actions()}
    assert "支付 2 銀幣、1 石頭" in zh
    pick = next(a for a in s.legal_actions() if d.args[-1][a.plan] == (2, 0, 0, 1))
    s.apply(pick)
    assert (s.silver[me], s.stone[me]) == (2, 1) and s.built[me][0] == 1
    assert s.phase == RECRUIT or s.decisions


def test_a_dominated_plan_is_never_offered_and_one_plan_asks_nothing() -> None:
    """The Sculptor (1 stone for 2 builders, once) beats 2 stone one for one: with only
    stone to pay, the one plan left is taken without a decision."""
    s, me = bare_turn(
        board=["Sculptor"],  # 1 builder
        stone=3,
    )
    at_action(s, OUTER_LEFT)
    empty_pile(s, position(OUTER_LEFT))
    assert s.fund_plans(me, BUILD, 3, -1) == [(0, 0, 0, 1)]
    build = next(a for a in s.legal_actions() if isinstance(a, Build) and a.building == 0)
    s.apply(build)
    assert not any(d.kind == "fund" for d in s.decisions)
    assert s.stone[me] == 2 and s.built[me][0] == 1


def test_emma_pays_a_manuscript_with_ink_stone_or_gold() -> None:
    s, me = bare_turn(board=["Emma"])  # 1 cleric; stone or gold may stand in for ink
    at_action(s, INNER)
    empty_pile(s, 0)
    need = MANUSCRIPTS[s.manuscript_here(0)].cost
    with_counts(s, me, ink=need, stone=need, gold=need)  # plenty of each
    short = need - 1
    plans = s.fund_plans(me, TRANSCRIBE, need, -1)
    # every split of the shortfall over the three items, none beaten by another
    assert len(plans) == (short + 1) * (short + 2) // 2
    assert all(p[0] == 0 and sum(p[1:]) == short for p in plans)
    s.apply(Transcribe(0))
    d = s.decisions[-1]
    assert d.kind == "fund"
    gold_only = next(i for i, p in enumerate(d.args[-1]) if p[2] == short)
    s.apply(Fund(gold_only))
    assert s.gold[me] == 1 and s.ink[me] == need and len(s.manuscripts[me]) == 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_what_can_be_paid_for_agrees_with_the_plans_whatever_order_it_is_asked_in(
    players: int,
) -> None:
    """The legal actions ask one ``Funding`` for every building, worker count and
    manuscript cost of an action and remember the answers (a need that can be paid makes
    every smaller one payable): asked in any order, each answer is whether a plan exists,
    at positions of random games with both expansions (conversions, dismissals)."""
    import random

    from meeple.core.registry import make_game
    from meeple.games.viscounts.components import WORKERS
    from meeple.games.viscounts.funding import Funding, plans

    rng = random.Random(players)
    g = make_game("viscounts", players=players, gates_of_gold=True, keeper_of_keys=True)
    asked = paid = 0
    for seed in range(4):
        s = g.new_initial_state(seed)
        for _ in range(400):
            if s.is_terminal():
                break
            seat = s.current_seat()
            if seat is not None and seat != s.ai and rng.random() < 0.3:
                for action in (BUILD, WORKERS, TRANSCRIBE):  # trade is paid per use
                    for dismiss in (-1, *rng.sample(range(40), 2)):
                        fund = Funding(s, seat, action, dismiss)
                        for need in rng.sample(range(9), 9):
                            expect = bool(plans(s, seat, action, need, dismiss))
                            assert fund.can(need) == expect, (seed, seat, action, dismiss, need)
                            asked, paid = asked + 1, paid + expect
            legal = s.legal_actions(seat) if seat is not None else s.legal_actions()
            s.apply_unchecked(legal[rng.randrange(len(legal))], seat)
    assert asked > 500 and 0 < paid < asked  # both answers were met


def test_a_plan_out_of_the_list_is_refused_and_changes_nothing() -> None:
    s, _ = _build_with_mason()
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Build)))
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(Fund(7))
    assert s.to_json() == before


def test_the_heuristic_bot_values_an_action_by_its_best_plan() -> None:
    """Looking one decision ahead, an action still to be paid is worth its best plan (not
    the unpaid state); at the plan itself it takes the best one."""
    s, me = _build_with_mason()
    bot = HeuristicBot(s.game, me, seed=1)
    build = next(a for a in s.legal_actions() if isinstance(a, Build) and a.building == 0)
    child = s.clone()
    child.apply(build)
    best = max(evaluate(_applied(child, a), me) for a in child.legal_actions())
    assert bot._value(child) == pytest.approx(best)
    choice = bot._best(child, child.legal_actions())
    assert evaluate(_applied(child, choice), me) == pytest.approx(best)


def _applied(s, action):  # type: ignore[no-untyped-def]
    c = s.clone()
    c.apply(action)
    return c


def test_the_solo_ai_never_gets_a_fund_decision() -> None:
    """The AI pays its own way (its icons, then its resources): no plan is ever asked of it."""
    s = started(players=1, seed=3)
    for _ in range(400):
        if s.is_terminal():
            break
        assert all(d.kind != "fund" or d.seat != s.ai for d in s.decisions)
        s.apply(s.legal_actions()[0])


# -- castle groups in the player's order ----------------------------------------------------


def _castle_state(groups: dict[int, int]):  # type: ignore[no-untyped-def]
    s, me = bare_turn()
    empty_castle(s, 1)
    for w, k in groups.items():
        with_workers(s, me, k, tier=1, wedge=w)
    return s, me


def test_groups_whose_order_can_matter_are_resolved_in_the_players_order() -> None:
    """Groups in the sections with the castle move (2) and the free hire (3) rewards: the
    seat picks which moves first, and its reward is taken at once. The old rules moved
    them in section order and paid the rewards after every move."""
    s, me = _castle_state({0: 3, 2: 3})
    assert order_matters(s, me)
    ENGINE.run(s, me, (("castle",),))
    d = s.decisions[-1]
    assert d.kind == "castle_group" and d.seat == me
    assert {a.wedge for a in s.legal_actions()} == {0, 2}
    label = text.state_label(s, CastleGroup(2), "en")
    assert "castle section 3" in label and "gold" in label
    s.apply(CastleGroup(2))
    # section 2 moved first: one worker in, one to each side; its reward now (gold, a move)
    assert s.tier2[2][me] == 1 and s.tier1[2][me] == 0
    assert s.tier1[1][me] == 1 and s.tier1[3][me] == 1 and s.tier1[0][me] == 3
    assert s.gold[me] == 1 and s.decisions[-1].kind == "castle_move"


def test_order_free_rewards_need_no_choice_and_move_in_section_order() -> None:
    """Sections 0 (ink and stone) and 4 (two virtue), neighbours on the ring: the cascade
    is the same in any order and the rewards are plain gains, so nothing is asked."""
    s, me = _castle_state({0: 3, 4: 3})
    assert not order_matters(s, me)
    ENGINE.run(s, me, (("castle",),))
    assert not any(d.kind == "castle_group" for d in s.decisions)
    assert s.tier2[0][me] == 1 and s.tier2[4][me] == 1
    assert s.ink[me] == 1 and s.stone[me] == 1


def test_a_single_group_never_asks() -> None:
    s, me = _castle_state({3: 3})
    assert not order_matters(s, me)
    ENGINE.run(s, me, (("castle",),))
    assert not any(d.kind == "castle_group" for d in s.decisions)


def test_a_group_not_offered_is_refused_and_changes_nothing() -> None:
    s, me = _castle_state({0: 3, 2: 3})
    ENGINE.run(s, me, (("castle",),))
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(CastleGroup(4))
    assert s.to_json() == before


def test_the_solo_ai_resolves_its_groups_in_section_order() -> None:
    s = started(players=1, seed=2)
    ai = s.ai
    empty_castle(s, 1)
    with_workers(s, ai, 3, tier=1, wedge=0)
    with_workers(s, ai, 3, tier=1, wedge=2)
    ENGINE.run(s, s.current, (("castle",),))
    while s.decisions and s.decisions[-1].seat == ai:
        run_on(s)
    assert not any(d.kind == "castle_group" for d in s.decisions)
    assert s.tier2[0][ai] == 1 and s.tier2[2][ai] == 1


def test_seat_by_seat_the_current_player_first() -> None:
    """Both seats have a group: the current seat moves (and decides its reward) while the
    other's group still waits; the other moves after."""
    s, me = _castle_state({3: 3})  # free hire or destroy: a decision of mine
    other = 1 - me
    with_workers(s, other, 3, tier=1, wedge=0)
    ENGINE.run(s, me, (("castle",),))
    assert s.decisions[-1].seat == me and s.tier2[3][me] == 1
    assert s.tier1[0][other] == 3  # not moved yet
    while s.decisions:
        s.apply(s.legal_actions()[0])
    assert s.tier2[0][other] == 1 and s.tier1[0][other] == 0


def test_a_castle_move_reward_does_not_settle_the_castle_a_second_time() -> None:
    """Three of mine already in tier 2 of section 0 and groups in sections 0 and 2: section
    2's reward (a gold and a castle move) comes first, then section 0's group makes four in
    its tier 2. The seed sends one worker of such a section to the centre (then a crowded
    section is bumped). The old rules settled the castle again after the castle move, so the
    tier-2 step ran twice and a second worker went in."""
    s, me = _castle_state({0: 3, 2: 3})
    empty_castle(s, 2, 3)
    with_workers(s, me, 3, tier=2, wedge=0)
    ENGINE.run(s, me, (("castle",),))
    s.apply(CastleGroup(2))
    assert s.decisions[-1].kind == "castle_move"
    s.apply(CastleMove(3, 4))  # the worker section 2's group sent to 3 moves on to 4
    resources = 0
    while s.decisions:
        resources += s.decisions[-1].kind == "resource"
        s.apply(s.legal_actions()[0])
    assert s.tier3[me] == 1 and resources == 1
    assert s.tier2[0][me] == 3 and s.tier2[2][me] == 1
    assert s.tier1[4][me] == 2 and s.tier1[3][me] == 0  # the move, and section 0's group


def test_a_castle_move_outside_a_settlement_settles_the_castle() -> None:
    """A card's castle move that makes a group of three: the castle settles after it."""
    s, me = _castle_state({0: 2, 1: 1})
    ENGINE.run(s, me, (("castle_move",),))
    s.apply(CastleMove(1, 0))
    assert s.tier2[0][me] == 1 and s.tier1[0][me] == 0
    assert s.tier1[1][me] == 1 and s.tier1[4][me] == 1


def test_the_most_plans_fit_the_action_universe() -> None:
    """Emma (stone or gold for ink) and Clergymen (two silver a cleric) with a 6-cleric
    manuscript and nothing free: every split of 6 over four items, C(9, 3) = 84."""
    from meeple.games.viscounts.funding import MAX_PLANS

    s, me = bare_turn(board=["Emma", "Clergymen"])
    s.turns_taken[me] = 5
    with_counts(s, me, ink=6, stone=6, gold=6, silver=12)
    free = s.free_icons(me, TRANSCRIBE, -1)
    plans = s.fund_plans(me, TRANSCRIBE, 6 + free, -1)
    assert len(plans) == MAX_PLANS == 84
    assert len(set(plans)) == 84 and plans[0] != plans[-1]
