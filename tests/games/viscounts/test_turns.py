"""Viscounts: a turn's phases, each rule from a set-up situation with a checked outcome."""

from __future__ import annotations

import pytest

from meeple.games.viscounts.actions import (
    Choose,
    Hire,
    Move,
    NoAction,
    Pick,
    Play,
    Rearrange,
    Resource,
    Skip,
    Trade,
)
from meeple.games.viscounts.components import (
    CARDS,
    INNER,
    OUTER_LEFT,
    TRACK,
    part,
    position,
    reachable,
)
from meeple.games.viscounts.state import ACTION, COLLIDE, MOVE, PLAY, RECRUIT
from tests.games.viscounts.builders import (
    at_action,
    at_phase,
    bare_turn,
    cid,
    clear,
    deck_in_discards,
    from_phase,
    met_at,
    my_turn,
    nothing_to_hire,
    on_pile,
    space_with,
    started,
    to_collision,
    viscount_at,
    with_board,
    with_built,
    with_counts,
    with_deck,
    with_discard,
    with_hand,
    with_pile,
)

# -- phase 1: card management ------------------------------------------------------------


def test_playing_shifts_the_board_right_and_the_dropped_card_resolves_its_drop_off() -> None:
    s, me = bare_turn(board=["Abbot", "Squire", "Thief"], hand=["Labourer"])
    debts, above = s.debts[me], s.debts_above
    s.apply(Play(cid("Labourer")))
    assert s.board[me] == [cid("Labourer"), cid("Abbot"), cid("Squire")]
    assert s.discard[me] == [cid("Thief")]
    assert s.debts[me] == debts + 1 and s.debts_above == above - 1 and s.silver[me] == 1
    assert s.phase == MOVE


def test_a_criminal_played_costs_one_corruption_per_criminal_icon_on_the_board() -> None:
    s, me = bare_turn(
        board=["Antagonist", "Labourer"],  # two criminal icons
        hand=["Scoundrel"],  # one more, and +1 gold when played
    )
    s.apply(Play(cid("Scoundrel")))
    assert s.corruption[me] == 3 and s.gold[me] == 1


def test_a_non_criminal_card_gives_no_corruption() -> None:
    s, me = bare_turn(board=["Antagonist"], hand=["Labourer"])
    s.apply(Play(cid("Labourer")))
    assert s.corruption[me] == 0


def test_with_no_hand_the_top_of_the_draw_pile_is_played_blind() -> None:
    s, me = my_turn(hand=[])
    top = s.deck[me][-1]
    from_phase(s, PLAY)
    assert s.board[me][0] == top and (s.phase == MOVE or s.decisions)


def test_an_immediate_choice_is_the_players_decision() -> None:
    s, me = bare_turn(board=["Abbot", "Squire"], hand=["Architect", "Labourer"])
    s.apply(Play(cid("Architect")))  # rearrange, or discard two cards
    assert s.decisions and s.turn().seats == (me,)
    assert s.legal_actions() == [Choose(0), Choose(1)]
    s.apply(Choose(0))
    assert s.legal_actions()[0] == Rearrange(0)
    s.apply(Rearrange(5))  # (2, 1, 0): the order reversed
    assert s.board[me] == [cid("Squire"), cid("Abbot"), cid("Architect")] and s.phase == MOVE


# -- phase 2: movement -----------------------------------------------------------------


def test_the_viscount_moves_exactly_the_cards_silver_and_more_for_silver() -> None:
    s, me = bare_turn(hand=["Labourer"])  # 2 silver
    s.apply(Play(cid("Labourer")))
    here = s.viscount[me]
    assert {a.space for a in s.legal_actions()} == set(reachable(here, 2))  # no silver
    with_counts(s, me, silver=2)
    costs = s.move_costs(me)
    assert set(costs) == set(reachable(here, 2)) | set(reachable(here, 3)) | set(reachable(here, 4))
    far = next(t for t in reachable(here, 4) if t not in reachable(here, 2) | reachable(here, 3))
    s.apply(Move(far))
    assert s.silver[me] == 0 and s.viscount[me] == far and s.phase == ACTION


def test_the_first_trading_post_gives_one_free_step() -> None:
    s, me = bare_turn()
    with_built(s, me, trading_post=1)
    with_hand(s, me, "Labourer")
    s.apply(Play(cid("Labourer")))
    here = s.viscount[me]
    assert s.move_costs(me) == {t: 0 for t in reachable(here, 2) | reachable(here, 3)}


@pytest.mark.parametrize(
    ("start", "lap", "trading_post"),
    [
        # outer left: in, four inner steps, out to the outer right before it, on: 7 steps
        (3 * 0 + OUTER_LEFT, 7, 0),
        (3 * 2 + OUTER_LEFT, 7, 1),  # the first trading post's free step: one silver less
        (3 * 1 + INNER, 5, 0),  # inner: the five inner spaces round
    ],
)
def test_a_full_lap_back_to_the_start_costs_a_silver_a_step_beyond_the_card(
    start: int, lap: int, trading_post: int
) -> None:
    """The seed lets a viscount go round the kingdom back to where it began, "需要花費
    大量的銀幣": the card's silver value of steps free, one silver each step more."""
    s, me = bare_turn()
    other = 1 - me
    with_built(s, me, trading_post=trading_post)
    viscount_at(s, me, start)
    viscount_at(s, other, (start + 7) % 15)  # nowhere on the way's end
    with_hand(s, me, "Labourer")  # 2 silver: 2 steps
    price = lap - 2 - trading_post
    with_counts(s, me, silver=price - 1)
    s.apply(Play(cid("Labourer")))
    assert start not in s.move_costs(me)  # one silver short: no lap
    with_counts(s, me, silver=price + 3)
    assert s.move_costs(me)[start] == price
    s.apply(Move(start))
    assert s.viscount[me] == start and s.silver[me] == 3 and s.phase == ACTION


def test_ending_on_an_opponent_lets_that_opponent_rearrange_out_of_turn() -> None:
    s = started()
    me = s.current
    other = 1 - me
    clear(s, me)
    with_board(s, other, "Abbot", "Squire", "Labourer")
    with_hand(s, me, "Labourer")
    s.apply(Play(cid("Labourer")))
    target = sorted(reachable(s.viscount[me], 2))[0]
    viscount_at(s, other, target)
    s.apply(Move(target))
    assert s.turn().seats == (other,)
    assert len(s.legal_actions(other)) == 6 and s.legal_actions(me) == []
    s.apply(Rearrange(1), other)  # (0, 2, 1)
    assert s.board[other] == [cid("Abbot"), cid("Labourer"), cid("Squire")]
    assert s.turn().seats == (me,) and s.phase == ACTION


# -- phase 3: the primary action ------------------------------------------------------


def test_trade_repeats_the_exchange_as_often_as_paid_with_silver_for_extra_merchants() -> None:
    s, me = bare_turn(board=["Lender", "Trader"])  # 3 merchants
    at_action(s, space_with(s, "ink"))
    with_counts(s, me, silver=3)
    assert max(a.uses for a in s.legal_actions() if isinstance(a, Trade) and not a.dismiss) == 3
    s.apply(Trade(3, 0))  # 6 merchants: 3 on the board, 3 silver
    assert s.ink[me] == 3 and s.silver[me] == 0 + 1  # Trader: +1 silver after a trade
    assert s.phase in (RECRUIT, COLLIDE, PLAY)


def test_silver_bought_merchants_give_nothing_at_the_silver_exchange() -> None:
    s, me = bare_turn(board=["Lender"])  # 2 merchants
    at_action(s, space_with(s, "silver"))
    with_counts(s, me, silver=10)
    assert max(a.uses for a in s.legal_actions() if isinstance(a, Trade) and not a.dismiss) == 2


def test_trading_to_destroy_removes_a_card_and_pays_its_silver() -> None:
    s, me = bare_turn(
        board=["Courier"],  # 3 merchants
        hand=["Financier"],
    )
    at_action(s, space_with(s, "destroy"))
    s.apply(Trade(1, 0))
    assert s.decisions and s.decisions[-1].kind == "destroy"
    owned = len(s.owned(me))
    s.apply(Pick(cid("Financier")))
    assert len(s.owned(me)) == owned - 1 and s.silver[me] == 3  # the Financier's value


def test_trading_to_flip_flips_debts_and_a_paid_debt_gives_a_resource() -> None:
    s, me = bare_turn(
        board=["Courier", "Lender"],  # 5 merchants
        debts=1,
        deeds=0,
    )
    at_action(s, space_with(s, "flip"))
    s.apply(Trade(1, 0))
    assert s.paid[me] == 1 and s.debts[me] == 0
    s.apply(Resource("gold"))
    assert s.gold[me] == 1


def test_a_seat_may_skip_the_primary_action() -> None:
    s = started()
    me = s.current
    at_action(s, s.viscount[me])
    assert NoAction() in s.legal_actions()
    s.apply(NoAction())
    assert s.phase in (RECRUIT, PLAY) or s.current != me


# -- phases 4-6: recruit, collision, draw ----------------------------------------------


def test_recruiting_pays_the_silver_puts_the_card_in_the_discards_and_resolves_its_effect() -> None:
    s, me = bare_turn()
    pos = position(s.viscount[me])
    on_pile(s, pos, "Friar")  # 2 silver, hire: +1 virtue
    with_counts(s, me, silver=2)
    at_phase(s, RECRUIT)
    s.apply(Hire(1))
    assert s.silver[me] == 0 and cid("Friar") in s.discard[me] and s.virtue[me] == TRACK - 2


def test_the_collision_pays_the_current_player_and_every_opponent_then_resets() -> None:
    s, me = bare_turn(3, seed=2)
    met_at(s, me, 3)  # met in the middle: 2 silver, 1 deed, 1 debt
    deeds, debts = s.deeds[me], s.debts[me]
    for t in range(3):
        if t != me:
            with_board(s, t, "Abbot", "Squire")
    to_collision(s)  # nothing to hire: on to the collision
    assert (s.deeds[me], s.debts[me], s.silver[me]) == (deeds + 1, debts + 1, 2)
    # every opponent may rearrange, one after the other, from the current player's left
    order = []
    while s.decisions:
        seat = s.turn().seats[0]
        order.append(seat)
        s.apply(Rearrange(0), seat)
    assert order == [(me + 1) % 3, (me + 2) % 3]
    assert (s.corruption[me], s.virtue[me]) == (0, TRACK - 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_second_workshops_virtue_moves_the_met_markers_before_the_track_pays(
    players: int,
) -> None:
    """The seed's phase 5 runs step by step: the second workshop's virtue (step 1) moves
    the joined markers one space left, and only then (step 3) is their space read: the
    mover is paid for the new space, and so is every opponent (step 4)."""
    s = started(players, seed=2)
    me = s.current
    for t in range(players):
        clear(s, t)
    with_built(s, me, workshop=2)  # the second workshop, and no criminal on the mover's board
    with_board(s, me, "Abbot")
    others = [t for t in range(players) if t != me]
    for t in others:
        with_board(s, t, "Thief")  # a criminal each
    met_at(s, me, 3)  # met on the middle space
    deeds, debts = s.deeds[me], s.debts[me]
    to_collision(s)
    # paid for the third space (1 silver, 1 deed), not the middle (2 silver, deed, debt)
    assert (s.silver[me], s.deeds[me] - deeds, s.debts[me] - debts) == (1, 1, 0)
    # opponents with a criminal: one corruption (the third space), not a rearrangement
    assert [s.corruption[t] for t in others] == [1] * len(others) and not s.decisions
    assert (s.corruption[me], s.virtue[me]) == (0, TRACK - 1) and s.current != me


def test_adas_virtue_moves_the_met_markers_before_the_track_pays() -> None:
    """Ada (step 2: a virtue and a resource at any collision) on the mover's board moves
    the joined markers left before the track is read."""
    s, me = bare_turn(2, seed=3)
    other = 1 - me
    clear(s, other)
    with_board(s, me, "Ada")
    with_board(s, other, "Abbot")  # no criminal: a virtue on the two right spaces
    met_at(s, me, 5)  # 3 silver and 2 debts there
    debts = s.debts[me]
    to_collision(s)
    assert s.turn().seats == (me,)  # Ada's resource comes before the payout
    assert s.silver[me] == 0
    s.apply(Resource("ink"), me)
    # paid for the fifth space: 2 silver and 1 debt
    assert (s.silver[me], s.debts[me] - debts, s.ink[me]) == (2, 1, 1)
    assert s.virtue[other] == TRACK - 2


def test_an_opponents_collision_virtue_moves_only_its_own_markers() -> None:
    """Step 1 and 2 gains of other seats (their second workshop, their Ada) move their
    markers, not the mover's: the mover is paid for its own space."""
    s, me = bare_turn(2, seed=3)
    other = 1 - me
    clear(s, other)
    with_board(s, me, "Abbot")
    with_board(s, other, "Ada")
    met_at(s, me, 5)
    debts = s.debts[me]
    to_collision(s)
    s.apply(Resource("gold"), other)  # Ada's resource, the opponent's
    assert (s.silver[me], s.debts[me] - debts) == (3, 2)
    assert s.virtue[other] == TRACK - 2 and s.gold[other] == 1


def test_at_the_left_end_a_second_workshops_virtue_moves_nothing() -> None:
    s, me = bare_turn(2, seed=2)
    other = 1 - me
    clear(s, other)
    with_built(s, me, workshop=2)
    with_board(s, me, "Abbot")
    with_board(s, other, "Thief")
    met_at(s, me, 0)  # 1 silver and 3 deeds; a criminal: a debt
    deeds, debts = s.deeds[me], s.debts[other]
    to_collision(s)
    assert (s.silver[me], s.deeds[me] - deeds, s.debts[other] - debts) == (1, 3, 1)


def test_drawing_fills_the_hand_and_a_reshuffle_gives_virtue_without_criminals() -> None:
    s, me = bare_turn(board=["Abbot"], hand=[])
    deck_in_discards(s, me)
    from_phase(s, COLLIDE)
    assert len(s.hand[me]) == 3 and s.virtue[me] == TRACK - 2 and s.current != me


def test_a_reshuffle_with_a_criminal_on_the_board_gives_corruption() -> None:
    s, me = bare_turn(board=["Thief"], hand=[])
    deck_in_discards(s, me)
    from_phase(s, COLLIDE)
    assert s.corruption[me] == 1 and s.virtue[me] == TRACK - 1


def _through_my_turn(s, me: int) -> None:  # type: ignore[no-untyped-def]
    """Play ``me``'s turn to the end of phase 5 with the first choice each time (the
    other seats answer what they are asked), no primary action, no hire."""
    while s.current == me and s.phase != COLLIDE:
        seat = s.turn().seats[0]
        acts = s.legal_actions(seat)
        pick = next(
            (a for a in acts if isinstance(a, (NoAction, Hire)) and not getattr(a, "take", 0)),
            acts[0],
        )
        s.apply(pick, seat)


def test_markers_met_by_a_reshuffle_in_the_draw_wait_for_the_next_phase_5() -> None:
    """The seed: a reshuffle may make the markers meet, "但必須等到「階段五」才會結算".
    Met while drawing (phase 6), they are not paid then, stay met through the other
    seats' turns, and the seat's next phase 5 pays for their space."""
    s, me = bare_turn()
    other = 1 - me
    clear(s, other)
    with_board(s, me, "Abbot", "Squire", "Labourer")  # no criminal: a virtue
    with_board(s, other, "Thief")
    with_counts(s, me, corruption=2, virtue=3)
    s.hand[me], s.deck[me] = [], []
    with_discard(s, me, "Abbot", "Squire", "Labourer")
    deeds, corruption = s.deeds[me], s.corruption[other]
    from_phase(s, COLLIDE)  # the draw: the reshuffle's virtue joins the markers on space 2
    assert s.current == other and len(s.hand[me]) == 3
    assert (s.corruption[me], s.virtue[me]) == (2, 2)
    assert (s.silver[me], s.deeds[me]) == (0, deeds) and s.corruption[other] == corruption
    while s.current != me:  # the other seat's turn
        seat = s.turn().seats[0]
        s.apply(s.legal_actions(seat)[0], seat)
    assert (s.corruption[me], s.virtue[me]) == (2, 2)
    nothing_to_hire(s)  # nothing to hire: straight to phase 5
    with_deck(s, me, "Squire")  # this turn's draw needs no reshuffle
    silver = s.silver[me]
    _through_my_turn(s, me)
    # paid at phase 5 for space 2 (index 2): 1 silver and 1 deed; the rival: a corruption
    assert (s.silver[me] - silver, s.deeds[me] - deeds) == (1, 1)
    assert s.corruption[other] == corruption + 1
    assert (s.corruption[me], s.virtue[me]) == (0, TRACK - 1)


def test_markers_met_by_a_blind_plays_reshuffle_are_paid_at_phase_5_not_at_once() -> None:
    s, me = bare_turn()
    other = 1 - me
    clear(s, other)
    with_board(s, me, "Abbot", "Squire")
    with_counts(s, me, corruption=4, virtue=5)
    s.hand[me], s.deck[me] = [], []
    with_discard(s, me, "Labourer", "Squire", "Abbot")
    debts = s.debts[me]
    from_phase(s, PLAY)  # no hand: the draw pile is made from the discards, a virtue, then played
    assert s.phase == MOVE and (s.corruption[me], s.virtue[me]) == (4, 4)
    assert (s.silver[me], s.debts[me]) == (0, debts)  # nothing paid yet
    nothing_to_hire(s)
    _through_my_turn(s, me)
    # phase 5, space 4 (index 4): 2 silver and 1 debt; the rival (no criminal): a virtue
    assert (s.silver[me], s.debts[me] - debts) == (2, 1) and s.virtue[other] == TRACK - 2


def test_a_rivals_markers_met_during_my_collision_wait_for_its_own_phase_5() -> None:
    s, me = bare_turn()
    other = 1 - me
    clear(s, other)
    with_board(s, me, "Abbot")
    with_board(s, other, "Squire")  # no criminal
    met_at(s, me, 5)  # rivals without a criminal gain a virtue
    with_counts(s, other, corruption=4, virtue=5)
    debts = s.debts[other]
    to_collision(s)
    assert s.current == other and (s.corruption[other], s.virtue[other]) == (4, 4)
    assert (s.silver[other], s.debts[other]) == (0, debts)  # not paid on my turn
    nothing_to_hire(s)
    _through_my_turn(s, other)
    assert (s.silver[other], s.debts[other] - debts) == (2, 1)  # its own phase 5, space 4


def test_markers_that_have_met_move_together() -> None:
    from meeple.games.viscounts.effects import corrupt, virtuous

    s, me = my_turn(corruption=2, virtue=3)
    corrupt(s, me)
    assert (s.corruption[me], s.virtue[me]) == (3, 3)
    virtuous(s, me)
    assert (s.corruption[me], s.virtue[me]) == (2, 2)


# -- corruption first (the seed: gained together, corruption moves first) ---------------


def _plain(prog) -> bool:  # type: ignore[no-untyped-def]
    """A reward that asks nothing and leaves the markers alone."""
    return all(e[0] == "gain" and e[1] in ("silver", "ink", "gold", "stone") for e in prog)


def _action_with_plain_reward(s, me: int, action: str):  # type: ignore[no-untyped-def]
    """Put ``me`` where ``action`` can be done and answer it; its own reward (the spot's,
    the manuscript's) asks nothing and moves no marker, so only the triggers do."""
    from meeple.games.viscounts.actions import Build, Transcribe, Workers
    from meeple.games.viscounts.components import MANUSCRIPTS, spots

    nothing_to_hire(s)  # nothing to dismiss
    if action == "build":
        for sp in range(15):
            if part(sp) == INNER:
                continue
            at_action(s, sp)
            free = [i for i in s.build_spots(me) if _plain(spots(s.game.players)[i].reward)]
            if free:
                return Build(0, free[0], 0)
        raise AssertionError("no spot with a plain reward")
    at_action(s, 2)  # the inner space of ring position 0
    if action == "workers":
        return Workers(1, 0)
    m = next(i for i, ms in enumerate(MANUSCRIPTS) if ms.cost <= 3 and _plain(ms.now))
    s.ms_piles[0].append(m)
    return Transcribe(0)


@pytest.mark.parametrize(
    ("action", "virtue_card", "corruption_card"),
    [
        ("build", cid("Woodcutter", 0), cid("Charlatan")),
        ("transcribe", cid("Deacon", 1), cid("Bishop")),
        ("workers", cid("Overseer", 1), cid("Enforcer")),
    ],
)
def test_triggers_that_gain_virtue_and_corruption_together_move_corruption_first(
    action: str, virtue_card: int, corruption_card: int
) -> None:
    """After the action both cards react at once (+1 virtue, +1 corruption), the virtue
    one on the left; the seed moves corruption first. Markers one space apart:
    corruption first joins them on the virtue's space and the virtue then takes both one
    left, to where corruption was; virtue first would join them on corruption's space
    and push both one right."""
    s, me = bare_turn()
    s.board[me] = [virtue_card, corruption_card]
    with_counts(s, me, corruption=2, virtue=3)
    act = _action_with_plain_reward(s, me, action)
    with_pile(s, position(s.viscount[me]), "Friar")  # a hire to stop at, before phase 5
    with_counts(s, me, silver=2)
    s.apply(act)
    assert s.phase == RECRUIT and not s.decisions
    assert (s.corruption[me], s.virtue[me]) == (2, 2)


def test_a_program_listing_virtue_before_corruption_still_moves_corruption_first() -> None:
    """Data that lists the two gains the other way round (an expansion's card, a designed
    reward) is put right as it loads: the gains with nothing between them are at once."""
    from meeple.games.viscounts.components import program
    from meeple.games.viscounts.effects import ENGINE

    prog = program(
        [["gain", "virtue", 1], ["gain", "silver", 1], ["gain", "corruption", 1]], "X.play"
    )
    assert prog == (("gain", "corruption", 1), ("gain", "virtue", 1), ("gain", "silver", 1))
    nested = program([["may", [["gain", "virtue", 2], ["gain", "corruption", 1]]]], "X.hire")
    assert nested == (("may", (("gain", "corruption", 1), ("gain", "virtue", 2))),)
    # a decision between them: not at once, the order stays
    apart = [["gain", "virtue", 1], ["rearrange"], ["gain", "corruption", 1]]
    assert program(apart, "X.leave") == tuple(tuple(e) for e in apart)
    s, me = my_turn(corruption=2, virtue=3)
    ENGINE.run(s, me, prog)
    assert (s.corruption[me], s.virtue[me]) == (2, 2) and not s.decisions


def test_a_discard_decision_may_take_a_hand_card_or_be_skipped() -> None:
    s, me = bare_turn(board=["Abbot", "Squire"], hand=["Financier", "Labourer"])
    s.apply(Play(cid("Financier")))  # discard a card, take 2 silver
    assert Skip() in s.legal_actions() and Pick(cid("Labourer")) in s.legal_actions()
    s.apply(Pick(cid("Labourer")))
    assert cid("Labourer") in s.discard[me] and s.silver[me] == 2


_ = CARDS
