"""Viscounts: building, workers and the castle, manuscripts, dismissals, the end and scoring."""

from __future__ import annotations

import pytest

from meeple.games.viscounts import kingdom
from meeple.games.viscounts.actions import Build, Bump, Resource, Transcribe, Workers
from meeple.games.viscounts.components import (
    CASTLE_TIER2,
    INNER,
    MANUSCRIPTS,
    OUTER_LEFT,
    OUTER_RIGHT,
    TRACK,
    links,
    part,
    position,
    spots,
)
from meeple.games.viscounts.rules import _set_score
from meeple.games.viscounts.state import OVER
from tests.games.viscounts.builders import (
    at_action,
    bare_turn,
    cid,
    clear,
    empty_pile,
    from_phase,
    my_turn,
    on_pile,
    started,
    with_built,
    with_counts,
    with_hand,
    with_workers,
)


def _outer(s, side: int) -> int:  # type: ignore[no-untyped-def]
    return 3 * 0 + side


# -- building -------------------------------------------------------------------------


def test_a_building_needs_its_builder_icons_and_stone_makes_up_the_rest() -> None:
    s, me = bare_turn(board=["Labourer"])  # 1 builder
    at_action(s, _outer(s, OUTER_LEFT))
    empty_pile(s, 0)  # nothing to dismiss
    assert not [a for a in s.legal_actions() if isinstance(a, Build)]
    with_counts(s, me, stone=2)  # 1 + 2 = 3: a workshop
    kinds = {a.building for a in s.legal_actions() if isinstance(a, Build)}
    assert kinds == {0}


def test_buildings_go_on_empty_spots_on_the_viscounts_side_of_the_river() -> None:
    s, _ = bare_turn(stone=3)
    empty_pile(s, 0)
    for side in (OUTER_LEFT, OUTER_RIGHT):
        at_action(s, _outer(s, side))
        sps = {a.spot for a in s.legal_actions() if isinstance(a, Build)}
        seg = s.ring[0]
        assert sps == {i for i, sp in enumerate(spots(2)) if sp.segment == seg and sp.side == side}


def test_building_gives_the_spot_reward_and_a_link_rewards_both_owners() -> None:
    s, me = bare_turn(stone=3)
    other = 1 - me
    empty_pile(s, 0)
    at_action(s, _outer(s, OUTER_LEFT))
    seg = s.ring[0]
    first, second = [i for i, sp in enumerate(spots(2)) if sp.segment == seg and sp.side == 0]
    link = next(lk for lk in links(2) if {lk.a, lk.b} == {first, second})
    s.spot_owner[second], s.spot_kind[second] = other, 0

    def holdings(t: int) -> tuple[int, ...]:
        return (s.silver[t], s.ink[t], s.gold[t], s.stone[t], s.virtue[t], s.paid[t], s.approved[t])

    before = holdings(other)
    s.apply(Build(0, first, 0))
    while s.decisions:  # a reward to choose (a resource, a flip) is decided by its owner
        s.apply(s.legal_actions()[0], s.turn().seats[0])
    assert s.spot_owner[first] == me and s.built[me][0] == 1 and s.stone[me] == 0
    assert link.reward and holdings(other) != before  # the other end's owner got the link's reward


def test_the_third_guildhall_reveals_a_permanent_cleric_icon() -> None:
    s, me = bare_turn()
    assert s.board_icons(me, 3) == 0
    with_built(s, me, guildhall=3)
    assert s.board_icons(me, 3) == 1 and s.board_icons(me, 1) == 1 and s.board_icons(me, 2) == 1


def test_the_starting_icons_work_on_the_first_two_turns_only() -> None:
    s, me = my_turn(board=[])
    s.turns_taken[me] = 0
    assert s.board_icons(me, 3) == 1 and s.board_icons(me, 0) == 2
    s.turns_taken[me] = 2
    assert s.board_icons(me, 3) == 0


# -- workers and the castle --------------------------------------------------------------


def _inner(s) -> int:  # type: ignore[no-untyped-def]
    return 2


@pytest.mark.parametrize(("nobles", "most"), [(1, 1), (3, 2), (5, 3), (8, 4)])
def test_workers_cost_1_3_5_8_nobles(nobles: int, most: int) -> None:
    s, _ = bare_turn(board=["Squire"], gold=nobles - 1)
    at_action(s, _inner(s))
    empty_pile(s, 0)
    assert max(a.count for a in s.legal_actions() if isinstance(a, Workers)) == most


def test_three_workers_in_a_wedge_move_in_and_to_both_sides() -> None:
    s, me = bare_turn(
        board=["Squire"],
        gold=4,  # 5 nobles: 3 workers
    )
    at_action(s, _inner(s))
    empty_pile(s, 0)
    w = s.wedge_at(_inner(s))
    s.apply(Workers(3, 0))
    assert s.tier2[w][me] == 1 and s.tier1[w][me] == 0
    assert s.tier1[(w + 1) % 5][me] == 1 and s.tier1[(w - 1) % 5][me] == 1
    assert CASTLE_TIER2[w]  # its reward was resolved (or is being decided)


def test_a_crowded_wedge_is_bumped_down_to_three_and_the_bumped_seat_is_paid() -> None:
    s, me = bare_turn(board=["Squire"])
    other = 1 - me
    at_action(s, _inner(s))
    empty_pile(s, 0)
    w = s.wedge_at(_inner(s))
    with_workers(s, other, 2, tier=1, wedge=w)
    with_workers(s, me, 1, tier=1, wedge=w)
    silver = s.silver[other]
    s.apply(Workers(1, 0))  # 4 in tier 1, and 2 of mine (no group of three)
    assert s.decisions[-1].kind == "bump" and s.turn().seats == (me,)
    s.apply(Bump(other))
    assert s.tier1[w][other] == 1 and s.silver[other] == silver + 2
    assert sum(s.tier1[w]) == 3


def test_the_first_worker_in_the_centre_takes_the_castle_leader() -> None:
    s, me = bare_turn()
    with_workers(s, me, 2, tier=2, wedge=1)
    with_workers(s, me, 3, tier=1, wedge=1)
    from meeple.games.viscounts.effects import ENGINE

    ENGINE.run(s, me, (("castle",),))
    while s.decisions:
        s.apply(s.legal_actions()[0])
    assert s.tier3[me] == 1 and s.leader == me and s.hand_limit(me) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_losing_the_castle_leader_forces_no_discard_only_a_smaller_next_draw(
    players: int,
) -> None:
    """The seed: the leader who loses the card (and its extra card in hand) "無須因此棄牌",
    and keeps to the lower limit the next time it draws."""
    from meeple.games.viscounts.effects import ENGINE
    from meeple.games.viscounts.state import COLLIDE

    s = started(players)
    a = s.current
    b = (a + 1) % players
    clear(s, a)
    clear(s, b)
    s.leader, s.tier3[a] = a, 1
    with_hand(s, a, "Abbot", "Squire", "Labourer", "Lender")
    assert s.hand_limit(a) == 4
    s.current, s.tier3[b], s.tier2[3][b] = b, 1, 3  # b's turn: a group of three in tier 2
    ENGINE.run(s, b, (("castle",),))
    s.apply(Resource("ink"), b)  # the centre's resource
    assert s.leader == b and s.tier3[b] == 2
    assert not s.decisions and len(s.hand[a]) == 4 and s.hand_limit(a) == 3
    deck = len(s.deck[a])
    from_phase(s, COLLIDE, a)  # a's draw: four in hand, over the limit: none drawn
    assert len(s.hand[a]) == 4 and len(s.deck[a]) == deck
    s.hand[a] = s.hand[a][:2]
    from_phase(s, COLLIDE, a)
    assert len(s.hand[a]) == 3  # up to the limit of three, not four


# -- manuscripts --------------------------------------------------------------------------


def test_transcribing_takes_the_adjacent_manuscript_for_its_cleric_cost() -> None:
    s, me = bare_turn()
    at_action(s, _inner(s))
    empty_pile(s, 0)
    m = s.ms_piles[0][-1]
    cost = MANUSCRIPTS[m].cost
    with_counts(s, me, ink=cost - 1)
    assert Transcribe(0) not in s.legal_actions()
    with_counts(s, me, ink=cost)
    s.apply(Transcribe(0))
    while s.decisions and s.turn().seats == (me,):
        s.apply(s.legal_actions()[0])
    assert m in s.manuscripts[me] and s.ms_piles[0][-1] != m


def test_the_first_to_three_of_a_ribbon_takes_its_cleric_bonus() -> None:
    s = started()
    me = s.current
    grey = [i for i, m in enumerate(MANUSCRIPTS) if m.ribbon == 0 and not m.printed]
    s.manuscripts[me] = grey[:2]
    kingdom.keep_manuscript(s, me, grey[2])
    assert s.cleric_bonus[0] == me
    kingdom.keep_manuscript(s, 1 - me, grey[3])
    assert s.cleric_bonus[0] == me


@pytest.mark.parametrize(
    ("ribbons", "vp"),
    [([1, 0, 0, 0], 1), ([1, 1, 0, 0], 4), ([1, 1, 1, 1], 16), ([2, 1, 1, 0], 10)],
)
def test_manuscript_sets_score_1_4_9_16(ribbons: list[int], vp: int) -> None:
    assert _set_score(ribbons) == vp


# -- dismissal ------------------------------------------------------------------------


def test_dismissing_needs_a_matching_icon_pays_its_silver_and_lends_its_icons() -> None:
    s, me = bare_turn()
    at_action(s, _outer(s, OUTER_LEFT))
    on_pile(s, 0, "Woodcutter")  # builder, 2 silver, +1 virtue
    with_counts(s, me, silver=2, stone=2)
    assert s.dismissable(me, 1) == cid("Woodcutter")
    assert s.dismissable(me, 0) == -1  # no merchant icon: not for a trade
    builds = [a for a in s.legal_actions() if isinstance(a, Build) and a.dismiss]
    assert builds
    s.apply(builds[0])
    assert s.silver[me] == 0 and s.virtue[me] == TRACK - 2 and cid("Woodcutter") not in s.piles[0]


def test_criminals_are_wild_for_primary_actions() -> None:
    s, me = bare_turn(board=["Antagonist", "Scoundrel"])  # 3 criminals
    assert s.free_icons(me, 1, -1) == 3
    at_action(s, _outer(s, OUTER_LEFT))
    empty_pile(s, 0)
    assert {a.building for a in s.legal_actions() if isinstance(a, Build)} == {0}


# -- the end and scoring -----------------------------------------------------------------


def test_uncovering_poverty_ends_the_game_after_the_next_round() -> None:
    s = started()
    s.debts_above = 1
    from meeple.games.viscounts.effects import ENGINE

    ENGINE.run(s, s.current, (("gain", "debt", 1),))
    assert s.poverty and s.end_round == s.round + 1
    rounds = []
    while s.phase != OVER:
        rounds.append(s.round)
        s.apply(s.legal_actions()[0])
    assert max(rounds) == s.end_round


def test_scoring_buildings_castle_debts_and_deeds() -> None:
    s = started()
    me = s.current
    s.built[me] = [1, 2, 3]  # 2 + 9 + 21
    with_workers(s, me, 2, tier=1, wedge=0)
    with_workers(s, me, 1, tier=2, wedge=0)
    with_workers(s, me, 1, tier=3)  # 2 + 2 + 3
    s.debts[me], s.deeds[me], s.approved[me] = 2, 1, 1  # -4 + 1 + 3
    s.manuscripts[me] = []
    s.leader = me
    parts = s.score_parts(me)
    assert parts["buildings"] == 32 and parts["castle"] == 7 and parts["leader"] == 5
    assert parts["debts"] == -4 and parts["deeds"] == 4


@pytest.mark.parametrize(("option", "second"), [(True, 8.0), (False, 0.0)])
def test_poverty_majority_12_8_4_with_the_rulebooks_option_under_3(
    option: bool, second: float
) -> None:
    s = started(2, second_under_3=option)
    s.poverty = True
    s.approved = [2, 1]
    assert s._majority(0) == 12.0 and s._majority(1) == second


def test_majority_ties_share_the_places_they_cover() -> None:
    s = started(3)
    s.prosperity = True
    s.paid = [2, 2, 0]
    assert s._majority(0) == s._majority(1) == 10.0 and s._majority(2) == 0.0


def test_the_tiebreak_is_silver_and_resources_left() -> None:
    s = started()
    s.silver, s.ink, s.gold, s.stone = [1, 0], [1, 3], [0, 0], [0, 0]
    assert s.tiebreaks() == [(2.0,), (3.0,)]


_ = (INNER, part, position, Resource)
