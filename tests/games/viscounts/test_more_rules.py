"""Viscounts: the smaller rules of the seed, each from a set-up situation."""

from __future__ import annotations

import pytest

from meeple.games.viscounts import Viscounts, kingdom
from meeple.games.viscounts.actions import Build, Hire, Pick, PickPair, Trade, Transcribe, Workers
from meeple.games.viscounts.components import (
    CASTLE_TIER2,
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
from tests.games.viscounts.builders import (
    at_action,
    at_phase,
    bare_turn,
    cid,
    clear,
    empty_pile,
    from_phase,
    met_at,
    my_turn,
    on_pile,
    settle,
    started,
    viscount_at,
    with_board,
    with_built,
    with_counts,
    with_hand,
    with_pile,
    with_workers,
)


def test_trade_and_build_only_outside_workers_and_manuscripts_only_inside() -> None:
    s, _ = my_turn(silver=20, stone=20, gold=20, ink=20)
    at_action(s, 0)  # outer
    kinds = {type(a) for a in s.legal_actions()}
    assert Trade in kinds and Build in kinds and not kinds & {Workers, Transcribe}
    at_action(s, 2)  # inner
    kinds = {type(a) for a in s.legal_actions()}
    assert Workers in kinds and Transcribe in kinds and not kinds & {Trade, Build}


def test_placing_workers_needs_a_worker_left() -> None:
    s, me = my_turn(gold=20)
    at_action(s, 2)
    with_workers(s, me, 20, tier=3)  # all twenty in the castle
    assert not [a for a in s.legal_actions() if isinstance(a, Workers)]


def test_no_fourth_building_of_a_kind() -> None:
    s, me = my_turn(stone=20)
    with_built(s, me, workshop=3)
    at_action(s, 0)
    assert {a.building for a in s.legal_actions() if isinstance(a, Build)} == {1, 2}


def test_a_link_between_two_of_ones_own_buildings_pays_once() -> None:
    s, me = bare_turn(stone=3)
    empty_pile(s, 0)
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
    on_pile(s, 0, "Woodcutter")
    with_counts(s, me, silver=9)
    assert s.dismissable(me, 1) >= 0
    s.dismissed = cid("Miner")
    assert s.dismissable(me, 1) == -1


def test_the_second_trading_post_makes_every_dismissal_cost_one_silver() -> None:
    s = started()
    me = s.current
    assert s.dismiss_cost(me, cid("Swindler")) == 3
    with_built(s, me, trading_post=2)
    assert s.dismiss_cost(me, cid("Swindler")) == 1


def test_printed_townsfolk_cannot_be_hired_but_can_be_dismissed() -> None:
    s, me = bare_turn()
    empty_pile(s, 0)
    viscount_at(s, me, 0)
    printed = PRINTED[s.ring[0]]
    assert s.pile_top(0) == printed and not s.can_hire(me)
    with_counts(s, me, silver=5)
    at_phase(s, RECRUIT)
    assert s.legal_actions() == [Hire(0)]
    at_action(s, 0)
    from meeple.games.viscounts.components import CARDS

    action = next(a for a in range(4) if CARDS[printed].matches(a))
    assert s.dismissable(me, action) == printed


def test_a_printed_manuscript_gives_its_effect_and_is_never_taken() -> None:
    s, me = bare_turn()
    s.ms_piles[0] = []
    empty_pile(s, 0)
    m = PRINTED_MANUSCRIPTS[s.ring[0]]
    assert s.manuscript_here(0) == m
    s.ink[me] = MANUSCRIPTS[m].cost
    at_action(s, 2)
    before = s.to_json()
    s.apply(Transcribe(0))
    settle(s)
    assert s.manuscripts[me] == [] and s.to_json() != before


def _hire_by(s, me: int, means: str) -> None:  # type: ignore[no-untyped-def]
    """``me`` hires the Miner (top of ring position 0's pile) by ``means``."""
    from meeple.games.viscounts.actions import Choose, FreeHire, Play, Skip

    on_pile(s, 0, "Miner")
    if means == "paid":
        s.viscount[me], s.silver[me], s.phase = 0, 2, RECRUIT
        s.apply(Hire(1))
        return
    if means == "Clovis":  # played: a free hire
        s.hand[me].append(cid("Clovis"))
        s.apply(Play(cid("Clovis")))
    elif means == "Journeyman":  # dropping off the board: a free hire and a virtue
        with_board(s, me, "Abbot", "Squire", "Journeyman")
        s.hand[me].append(cid("Labourer"))
        s.apply(Play(cid("Labourer")))
    else:  # the castle's tier-2 reward: a free hire or a destroy
        w = next(i for i, r in enumerate(CASTLE_TIER2) if r[0][0] == "choose")
        ENGINE.run(s, me, CASTLE_TIER2[w])
        s.apply(Choose(0))
    assert s.decisions[-1].kind == "free_hire" and Skip() in s.legal_actions()
    s.apply(FreeHire(0))


@pytest.mark.parametrize("means", ["paid", "Clovis", "Journeyman", "castle"])
@pytest.mark.parametrize("workshops", [0, 1])
def test_the_first_workshop_gives_a_discard_with_every_hire(means: str, workshops: int) -> None:
    """The seed: the first workshop gives a discard "每當玩家僱用居民（無論以何種方式）":
    a paid hire, a card's free hire (played, dropping off), the castle's free hire."""
    s, me = bare_turn()
    with_built(s, me, workshop=workshops)
    with_hand(s, me, "Squire")
    _hire_by(s, me, means)
    assert cid("Miner") in s.discard[me]
    asked = bool(s.decisions) and s.decisions[-1].kind == "discard"
    assert asked == (workshops == 1)
    if asked:
        assert s.turn().seats == (me,)
        s.apply(Pick(cid("Squire")))
        assert cid("Squire") in s.discard[me] and cid("Squire") not in s.hand[me]


def test_the_second_workshop_gives_a_virtue_at_any_collision_without_criminals() -> None:
    s, me = bare_turn()
    other = 1 - me
    clear(s, other)
    with_built(s, other, workshop=2)
    with_board(s, other, "Abbot")
    met_at(s, me, 0)  # far left: opponents with a criminal get a debt
    s._start_collision(me)
    settle(s)
    assert s.virtue[other] == TRACK - 2


def test_the_third_workshop_raises_the_hand_limit() -> None:
    s = started()
    me = s.current
    assert s.hand_limit(me) == 3
    with_built(s, me, workshop=3)
    assert s.hand_limit(me) == 4


def test_no_draw_when_the_hand_is_already_full() -> None:
    s = started()
    me = s.current
    s.hand[me] = [cid("Abbot")] * 4
    deck = len(s.deck[me])
    from_phase(s, COLLIDE)
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


def _transcribe_ready(s, me: int, cost: int) -> None:  # type: ignore[no-untyped-def]
    """``me`` on the inner space of ring position 0 in its action phase, a manuscript of
    ``cost`` clerics (one that asks nothing and gives no silver or ink) on that pile."""
    m = next(
        i
        for i, ms in enumerate(MANUSCRIPTS)
        if ms.cost == cost
        and not ms.printed
        and all(e[0] == "gain" and e[1] not in ("silver", "ink") for e in ms.now)
    )
    s.ms_piles[0].append(m)
    at_action(s, 2)


def test_the_traveller_counts_each_pair_of_merchants_on_the_board_as_a_cleric() -> None:
    """The seed's own example: the Traveller lets a player count "自己玩家圖板上的每一對
    商人圖示" as one cleric icon. Abbot's cleric and two pairs (the Traveller's own
    and the Lender's) pay a 3-cleric manuscript; without the Traveller, or with an odd
    merchant left over, they do not."""
    s, me = bare_turn()
    empty_pile(s, 0)  # nothing to dismiss
    _transcribe_ready(s, me, 3)
    with_board(s, me, "Traveller", "Lender", "Abbot")  # 4 merchants, 1 cleric
    assert Transcribe(0) in s.legal_actions()
    with_board(s, me, "Journeyman", "Lender", "Abbot")  # 4 merchants, no Traveller
    assert Transcribe(0) not in s.legal_actions()
    with_board(s, me, "Traveller", "Trader", "Abbot")  # 3 merchants: one pair
    assert Transcribe(0) not in s.legal_actions()
    with_counts(s, me, ink=1)  # the third cleric bought with ink
    s.apply(Transcribe(0))
    assert s.ink[me] == 0 and len(s.manuscripts[me]) == 1


def test_a_dismissed_cards_merchants_make_no_pair_for_the_traveller() -> None:
    """Only the board's merchants pair up (the seed names the board; the fan list's note
    that a dismissed card's merchants count too is not followed): the Vicar dismissed
    lends its cleric, but its merchant does not complete a second pair with the board's
    odd one."""
    s, me = bare_turn()
    _transcribe_ready(s, me, 4)
    with_board(s, me, "Traveller", "Trader", "Abbot")  # 1 cleric + 1 pair
    with_pile(s, 0, "Vicar")  # cleric + merchant, 2 silver to dismiss
    with_counts(s, me, silver=2)
    assert s.dismissable(me, 3) == cid("Vicar")
    assert Transcribe(1) not in s.legal_actions()  # 3 clerics of 4
    with_counts(s, me, ink=1)
    s.apply(Transcribe(1))
    assert s.ink[me] == 0 and s.silver[me] == 0 and len(s.manuscripts[me]) == 1


def _pair_with_card(players: int, number: int):  # type: ignore[no-untyped-def]
    """A new game whose first pair holds player card ``number``, taken by the first
    seat to pick; answered up to the card's own step (its resource asked first)."""
    from meeple.games.viscounts.actions import Resource

    s = Viscounts(players).new_initial_state(7)
    s.pairs[0][0] = next(i for i, p in enumerate(PLAYER_CARDS) if p.number == number)
    seat = s.setup_left[0]
    s.apply(PickPair(0))
    while s.decisions[-1].kind == "resource":
        s.apply(Resource("stone"), seat)
    return s, seat


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("number", [3, 8])
def test_player_cards_3_and_8_build_anywhere_and_only_at_ones_own_space(
    players: int, number: int
) -> None:
    """The seed: cards 3, 5, 6 "能在任意的主圖板部件上使用"; card 8 "只能在自己子爵的所在
    格子上使用". Card 3 (a free workshop) offers every empty spot on every segment;
    card 8 (a free building of any kind) only the spots on its viscount's side."""
    from meeple.games.viscounts.actions import FreeBuild, Skip
    from meeple.games.viscounts.components import position

    s, seat = _pair_with_card(players, number)
    assert s.decisions[-1].kind == "free_build" and s.turn().seats == (seat,)
    offered = [a for a in s.legal_actions() if isinstance(a, FreeBuild)]
    assert Skip() in s.legal_actions()
    every = set(range(len(spots(players))))
    if number == 3:
        assert {a.spot for a in offered} == every and {a.building for a in offered} == {0}
        assert len({spots(players)[a.spot].segment for a in offered}) == 5
    else:
        here = s.viscount[seat]
        seg, side = s.ring[position(here)], here % 3
        mine = {i for i, sp in enumerate(spots(players)) if sp.segment == seg and sp.side == side}
        assert {a.spot for a in offered} == mine and mine < every
        assert {a.building for a in offered} == {0, 1, 2}
    far = max(offered, key=lambda a: (spots(players)[a.spot].segment != s.ring[0], a.spot))
    s.apply(far, seat)
    assert s.spot_owner[far.spot] == seat and s.built[seat][far.building] == 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_player_card_5_places_a_worker_in_any_wedge(players: int) -> None:
    from meeple.games.viscounts.actions import PlaceWorker

    s, seat = _pair_with_card(players, 5)
    assert s.legal_actions() == [PlaceWorker(w) for w in range(5)]
    by_viscount = s.wedge_at(s.viscount[seat])
    far = next(w for w in range(5) if w != by_viscount)
    s.apply(PlaceWorker(far), seat)
    assert [row[seat] for row in s.tier1] == [int(w == far) for w in range(5)]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_player_card_6_takes_the_top_manuscript_of_any_pile(players: int) -> None:
    from meeple.games.viscounts.actions import Skip, TakeManuscript
    from meeple.games.viscounts.components import position

    s, seat = _pair_with_card(players, 6)
    assert s.legal_actions() == [*(TakeManuscript(p) for p in range(5)), Skip()]
    far = next(p for p in range(5) if p != position(s.viscount[seat]))
    top, size = s.ms_piles[far][-1], len(s.ms_piles[far])
    s.apply(TakeManuscript(far), seat)
    assert top in s.manuscripts[seat] and len(s.ms_piles[far]) == size - 1


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
    clear(s, other)
    s.tier2[0] = [2, 2]
    ENGINE.run(s, me, (("bumps",),))
    s.apply(Bump(other), me)
    assert s.turn().seats == (other,)  # the bumped seat picks its resource
    s.apply(Resource("ink"), other)
    assert s.ink[other] == 1 and s.virtue[other] == TRACK - 2 and s.tier2[0] == [2, 1]
