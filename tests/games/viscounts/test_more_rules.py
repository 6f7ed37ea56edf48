"""Viscounts: the smaller rules of the seed, each from a set-up situation."""

from __future__ import annotations

from meeple.games.viscounts import Viscounts, kingdom
from meeple.games.viscounts.actions import Build, Hire, Pick, PickPair, Trade, Transcribe, Workers
from meeple.games.viscounts.components import (
    MANUSCRIPTS,
    OUTER_LEFT,
    PLAYER_CARDS,
    PRINTED,
    PRINTED_MANUSCRIPTS,
    STARTING,
    TRACK,
    links,
    spots,
)
from meeple.games.viscounts.effects import ENGINE
from meeple.games.viscounts.state import COLLIDE, RECRUIT
from tests.games.viscounts.helpers import at_action, cid, started
from tests.games.viscounts.helpers import clear as _clear


def _settle(s) -> None:  # type: ignore[no-untyped-def]
    while s.decisions:
        s.apply(s.legal_actions()[0], s.turn().seats[0])


def test_trade_and_build_only_outside_workers_and_manuscripts_only_inside() -> None:
    s = started()
    me = s.current
    s.silver[me] = s.stone[me] = s.gold[me] = s.ink[me] = 20
    at_action(s, 0)  # outer
    kinds = {type(a) for a in s.legal_actions()}
    assert Trade in kinds and Build in kinds and not kinds & {Workers, Transcribe}
    at_action(s, 2)  # inner
    kinds = {type(a) for a in s.legal_actions()}
    assert Workers in kinds and Transcribe in kinds and not kinds & {Trade, Build}


def test_placing_workers_needs_a_worker_left() -> None:
    s = started()
    me = s.current
    s.gold[me] = 20
    at_action(s, 2)
    s.tier3[me] = 20  # all twenty in the castle
    assert not [a for a in s.legal_actions() if isinstance(a, Workers)]


def test_no_fourth_building_of_a_kind() -> None:
    s = started()
    me = s.current
    s.stone[me] = 20
    s.built[me][0] = 3
    at_action(s, 0)
    assert {a.building for a in s.legal_actions() if isinstance(a, Build)} == {1, 2}


def test_a_link_between_two_of_ones_own_buildings_pays_once() -> None:
    s = started()
    me = s.current
    _clear(s, me)
    s.stone[me] = 3
    s.piles[0] = []
    at_action(s, 3 * 0 + OUTER_LEFT)
    seg = s.ring[0]
    first, second = [i for i, sp in enumerate(spots(2)) if sp.segment == seg and sp.side == 0]
    s.spot_owner[second], s.spot_kind[second] = me, 0
    prog = kingdom.build(s, me, 0, first)
    link = next(lk for lk in links(2) if {lk.a, lk.b} == {first, second})
    assert prog == (*spots(2)[first].reward, *link.reward)


def test_one_dismissal_a_turn() -> None:
    s = started()
    me = s.current
    at_action(s, 0)
    s.piles[0].append(cid("Woodcutter"))
    s.silver[me] = 9
    assert s.dismissable(me, 1) >= 0
    s.dismissed = cid("Miner")
    assert s.dismissable(me, 1) == -1


def test_the_second_trading_post_makes_every_dismissal_cost_one_silver() -> None:
    s = started()
    me = s.current
    assert s.dismiss_cost(me, cid("Swindler")) == 3
    s.built[me][1] = 2
    assert s.dismiss_cost(me, cid("Swindler")) == 1


def test_printed_townsfolk_cannot_be_hired_but_can_be_dismissed() -> None:
    s = started()
    me = s.current
    _clear(s, me)
    s.piles[0] = []
    s.viscount[me] = 0
    printed = PRINTED[s.ring[0]]
    assert s.pile_top(0) == printed and not s.can_hire(me)
    s.silver[me] = 5
    s.phase = RECRUIT
    assert s.legal_actions() == [Hire(0)]
    at_action(s, 0)
    from meeple.games.viscounts.components import CARDS

    action = next(a for a in range(4) if CARDS[printed].matches(a))
    assert s.dismissable(me, action) == printed


def test_a_printed_manuscript_gives_its_effect_and_is_never_taken() -> None:
    s = started()
    me = s.current
    _clear(s, me)
    s.ms_piles[0] = []
    s.piles[0] = []
    m = PRINTED_MANUSCRIPTS[s.ring[0]]
    assert s.manuscript_here(0) == m
    s.ink[me] = MANUSCRIPTS[m].cost
    at_action(s, 2)
    before = s.to_json()
    s.apply(Transcribe(0))
    _settle(s)
    assert s.manuscripts[me] == [] and s.to_json() != before


def test_the_first_workshop_gives_a_discard_with_every_hire() -> None:
    s = started()
    me = s.current
    _clear(s, me)
    s.built[me][0] = 1
    s.piles[0].append(cid("Miner"))
    s.viscount[me] = 0
    s.silver[me] = 2
    s.phase = RECRUIT
    s.apply(Hire(1))
    assert s.decisions and s.decisions[-1].kind == "discard"


def test_the_second_workshop_gives_a_virtue_at_any_collision_without_criminals() -> None:
    s = started()
    me, other = s.current, 1 - s.current
    _clear(s, me)
    _clear(s, other)
    s.built[other][0] = 2
    s.board[other] = [cid("Abbot")]
    s.corruption[me] = s.virtue[me] = 0  # far left: opponents with a criminal get a debt
    s._start_collision(me)
    _settle(s)
    assert s.virtue[other] == TRACK - 2


def test_the_third_workshop_raises_the_hand_limit() -> None:
    s = started()
    me = s.current
    assert s.hand_limit(me) == 3
    s.built[me][0] = 3
    assert s.hand_limit(me) == 4


def test_no_draw_when_the_hand_is_already_full() -> None:
    s = started()
    me = s.current
    s.hand[me] = [cid("Abbot")] * 4
    deck = len(s.deck[me])
    s.phase = COLLIDE
    s._advance()
    assert len(s.hand[me]) == 4 and len(s.deck[me]) == deck


def test_debts_keep_coming_after_the_poverty_card() -> None:
    s = started()
    me = s.current
    s.debts_above = 0
    s.poverty = True
    d = s.debts[me]
    ENGINE.run(s, me, (("gain", "debt", 2),))
    assert s.debts[me] == d + 2


def test_both_majorities_score_when_both_cards_are_uncovered() -> None:
    s = started(3)
    s.poverty = s.prosperity = True
    s.approved, s.paid = [1, 0, 0], [3, 2, 1]
    assert s._majority(0) == 12.0 + 12.0 and s._majority(2) == 4.0


def test_centre_workers_are_never_bumped() -> None:
    from meeple.games.viscounts.effects import crowded

    s = started()
    s.tier3 = [6, 6]
    assert crowded(s) is None


def test_player_card_9_destroys_a_starting_card_before_the_deck_is_shuffled() -> None:
    s = Viscounts(2).new_initial_state(2)
    s.pairs[0][0] = next(i for i, p in enumerate(PLAYER_CARDS) if p.number == 9)
    seat = s.setup_left[0]
    s.apply(PickPair(0))
    assert s.decisions[-1].kind == "destroy" and s.turn().seats == (seat,)
    s.apply(Pick(STARTING[6]))  # the thief
    assert STARTING[6] not in s.hand[seat] + s.deck[seat]
    assert len(s.hand[seat] + s.deck[seat]) == 8


def test_a_bumped_tier_two_worker_gives_its_owner_a_virtue_and_a_resource() -> None:
    from meeple.games.viscounts.actions import Bump, Resource

    s = started()
    me, other = s.current, 1 - s.current
    _clear(s, other)
    s.tier2[0] = [2, 2]
    ENGINE.run(s, me, (("bumps",),))
    s.apply(Bump(other), me)
    assert s.turn().seats == (other,)  # the bumped seat picks its resource
    s.apply(Resource("ink"), other)
    assert s.ink[other] == 1 and s.virtue[other] == TRACK - 2 and s.tier2[0] == [2, 1]
