"""Viscounts solo: the designed AI opponent (issue 20, item 7), rule by rule.

Each test sets up the situation on a started one-player game and checks the
outcome; docs/games/viscounts-rule-coverage.md ("Solo") lists which rule each
covers. The AI's turn is driven the way the rules drive it (``ai_turn`` on the
effect stack, then the flow), with the scheme it reveals put on top of its deck.
"""

from __future__ import annotations

import pytest

from meeple.core import Rng
from meeple.core.playout import random_playout
from meeple.games.viscounts import Viscounts, solo, text
from meeple.games.viscounts.actions import Bump, Hire, Move, Rearrange
from meeple.games.viscounts.components import (
    ACTIONS,
    COLLISION_OTHERS,
    EXCHANGES,
    FOCUS,
    FUTURE_SCHEMES,
    INNER,
    MANUSCRIPTS,
    OUTER_LEFT,
    PLAYER_CARDS,
    SCHEMES,
    SOLO,
    SPACES,
    STARTING_SCHEMES,
    TRACK,
    part,
    position,
    space_number,
)
from meeple.games.viscounts.rules import ViscountsState
from meeple.games.viscounts.state import AI_TURN, OVER, PLAY, RECRUIT
from tests.games.viscounts.builders import (
    at_phase,
    empty_pile,
    met_at,
    run_on,
    started,
    viscount_at,
    with_workers,
)

SCHEME = {c.name: i for i, c in enumerate(SCHEMES)}
FOCUS_ID = {f.name: i for i, f in enumerate(FOCUS)}


def solo_game(seed: int = 1, **options: object) -> ViscountsState:
    return started(1, seed=seed, **options)


def outer(s: ViscountsState, number: int) -> int:
    """The space printed with ``number`` (1-10) in this game's ring."""
    return next(sp for sp in range(SPACES) if space_number(sp, s.ring) == number)


def quiet(s: ViscountsState) -> None:
    """The AI with nothing on hand, markers apart, no schemes shown, the player far away."""
    ai = s.ai
    s.silver[ai] = s.ink[ai] = s.gold[ai] = s.stone[ai] = 0
    s.corruption[ai], s.virtue[ai] = 0, TRACK - 1
    s.ai_board, s.ai_discard = [], []
    viscount_at(s, 0, 2)  # an inner space: the AI never lands there


def ai_turn(s: ViscountsState, scheme: str, at: int | None = None) -> None:
    """The AI reveals ``scheme`` (from ``at``, a space) and resolves its turn, as the rules
    run it at the end of a round."""
    if at is not None:
        s.viscount[s.ai] = at
    s.ai_deck.append(SCHEME[scheme])
    s.phase, s.current = AI_TURN, s.ai
    s._run(s.ai, (("ai_turn",),), "solo")
    run_on(s)


# -- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "future"), [("easy", 0), ("normal", 1), ("hard", 2), ("expert", 3)]
)
def test_the_deck_is_the_kept_starting_schemes_and_the_difficultys_future_schemes(
    difficulty: str, future: int
) -> None:
    s = solo_game(difficulty=difficulty)
    focus = FOCUS[s.ai_focus]
    deck = s.ai_deck
    assert sorted(c for c in deck if not SCHEMES[c].future) == sorted(
        c for c in STARTING_SCHEMES if c not in focus.leave_out
    )
    assert sum(SCHEMES[c].future for c in deck) == future
    assert sorted(s.ai_future + [c for c in deck if SCHEMES[c].future]) == sorted(FUTURE_SCHEMES)


def test_the_ai_starts_with_its_focus_boards_items_and_building_where_the_spare_card_says() -> None:
    s = solo_game(seed=1, opponent="cleric")
    ai = s.ai
    assert FOCUS[s.ai_focus].name == "cleric" and s.ai == 1 and s.sides == 2
    spare = next(p for p in s.pairs if p[0] >= 0)  # the pair the player left in the row
    assert space_number(s.viscount[ai], s.ring) == PLAYER_CARDS[spare[0]].number
    assert s.built[ai] == [0, 0, 1]  # the cleric board's guildhall
    spot = s.spot_owner.index(ai)
    side = [i for i, o in enumerate(s.spot_owner) if o < 0 or i == spot]
    here = sorted({*s.build_spots(ai), spot})
    assert spot == here[0] and spot in side  # the left-most spot by its viscount
    assert (s.deeds[ai], s.debts[ai]) == (1, 1)
    assert s.ink[ai] >= 1 and s.stone[ai] >= 1  # its items (a spot reward may add more)


def test_the_ai_is_no_seat_the_player_always_has_the_move() -> None:
    for seed in range(3):
        state, _ = random_playout(Viscounts(1, difficulty="expert"), seed)
        assert state.phase == OVER and len(state.scores()) == 1
    s = solo_game()
    while not s.is_terminal() and s.round < 4:
        assert s.turn().seats == (0,)
        s.apply(s.legal_actions()[0])


def test_the_difficulty_and_opponent_options_refuse_unknown_values() -> None:
    from meeple.core.errors import OptionError

    with pytest.raises(OptionError):
        Viscounts(1, difficulty="impossible")
    with pytest.raises(OptionError):
        Viscounts(1, opponent="jester")


# -- its turn ------------------------------------------------------------------------------


def test_the_ai_takes_its_turn_after_the_players_and_so_takes_the_last_turn() -> None:
    s = solo_game()
    at_phase(s, RECRUIT)
    empty_pile(s, position(s.viscount[0]))  # nobody to hire: the turn ends at once
    rounds, shown = s.round, len(s.ai_log)
    s.apply(Hire(0))
    assert len(s.ai_log) == shown + 1 and s.ai_log[-1][solo.LOG_ROUND] == rounds
    assert s.round == rounds + 1 and s.phase == PLAY and s.current == 0
    # the end: the last round ends with the AI's turn too
    s.end_round = s.round
    at_phase(s, RECRUIT)
    empty_pile(s, position(s.viscount[0]))
    s.apply(Hire(0))
    assert s.phase == OVER and s.ai_log[-1][solo.LOG_ROUND] == rounds + 1


def test_schemes_shift_right_and_the_fourth_drops_to_its_discards() -> None:
    s = solo_game()
    quiet(s)
    names = ["Tithe", "Copy Room", "Back Alley", "Ambition"]
    for name in names:
        ai_turn(s, name)
    assert [SCHEMES[c].name for c in s.ai_board] == ["Ambition", "Back Alley", "Copy Room"]
    assert SCHEME["Tithe"] in s.ai_discard


def test_an_empty_scheme_deck_is_reshuffled_from_its_discards_with_a_virtue() -> None:
    s = solo_game(opponent="cleric")
    quiet(s)
    s.piles = [[] for _ in range(5)]  # nothing to dismiss: both schemes fall back to silver
    s.ai_deck, s.ai_discard = [], [SCHEME["Tithe"], SCHEME["Copy Room"]]
    s.ai_board = [SCHEME["Quarry Order"]]
    virtue = s.virtue[s.ai]
    s.phase, s.current = AI_TURN, s.ai
    s._run(s.ai, (("ai_turn",),), "solo")
    run_on(s)
    assert s.ai_discard == [] and len(s.ai_deck) == 1 and len(s.ai_board) == 2
    assert s.virtue[s.ai] == virtue - 1  # no criminal on its board


def test_a_criminal_scheme_costs_a_corruption_per_criminal_icon_on_its_board() -> None:
    s = solo_game()
    quiet(s)
    s.ai_board = [SCHEME["Conspiracy"]]  # two criminals already shown
    ai_turn(s, "Back Alley")  # one more: three on its board
    assert s.corruption[s.ai] == 3


@pytest.mark.parametrize(
    ("difficulty", "worth"), [("easy", 0), ("normal", 1), ("hard", 1), ("expert", 2)]
)
def test_a_future_scheme_is_worth_the_difficultys_points_each_time_it_shows(
    difficulty: str, worth: int
) -> None:
    """The difficulty's lever (data.toml ``reveal_vp``; the Figures say why these)."""
    s = solo_game(opponent="cleric", difficulty=difficulty)
    quiet(s)
    ai = s.ai
    vp = s.vp_bonus[ai]
    ai_turn(s, "Tithe")  # a starting scheme: nothing
    assert s.vp_bonus[ai] == vp
    ai_turn(s, "Grand Design")
    assert s.vp_bonus[ai] == vp + worth and s.score_parts(ai)["effects"] == vp + worth
    ai_turn(s, "Conspiracy")  # every time one shows
    assert s.vp_bonus[ai] == vp + 2 * worth


def test_only_the_bankers_focus_schemes_get_an_extra_icon() -> None:
    """The designed strengths: the Banker's trades need the icon; the other three boards
    were the AI's strongest and lost it (measured: Figures)."""
    assert {f.name: f.focus_icons for f in FOCUS} == {
        "cleric": 0,
        "builder": 0,
        "noble": 0,
        "merchant": 1,
    }
    for stone, built in ((1, 1), (2, 2)):
        s = solo_game(opponent="builder")
        quiet(s)
        ai = s.ai
        at = outer(s, 3)
        empty_pile(s, position(at))  # nothing to dismiss
        viscount_at(s, ai, solo.next_outer(solo.next_outer(at)))  # Ambition moves 2
        assert s.build_spots(ai)
        s.stone[ai] = stone  # + Ambition's 1 builder; its next affordable: a workshop (3)
        ai_turn(s, "Ambition", at=at)
        assert s.built[ai][0] == built and s.stone[ai] == stone - 2 * (built - 1)


def test_the_ai_moves_only_along_the_outer_spaces() -> None:
    for space in range(SPACES):
        if part(space) == INNER:
            continue
        step = solo.next_outer(space)
        assert part(step) != INNER
        if part(space) == OUTER_LEFT:
            assert step == space + 1
        else:
            assert part(step) == OUTER_LEFT and position(step) == (position(space) + 1) % 5
    s = solo_game()
    quiet(s)
    start = outer(s, 1)
    ai_turn(s, "Back Alley", at=start)  # moves 3
    expect = solo.next_outer(solo.next_outer(solo.next_outer(start)))
    assert s.viscount[s.ai] == expect and s.ai_log[-1][solo.LOG_TO] == expect


def test_the_ai_builds_its_leftmost_affordable_building_on_the_leftmost_free_spot() -> None:
    s = solo_game(opponent="builder")
    quiet(s)
    ai = s.ai
    at = outer(s, 3)
    to = solo.next_outer(at)  # Quarry Order moves 1
    empty_pile(s, position(at))  # nothing to dismiss: its 3 builders
    viscount_at(s, ai, to)
    spot = s.build_spots(ai)[0]  # the left-most free spot there
    s.stone[ai] = 1
    # its row: the workshop it started with, then a guildhall (7) and a trading post (5)
    # it cannot pay for with 3 builders and 1 stone, then a second workshop (3)
    assert s.built[ai] == [1, 0, 0]
    ai_turn(s, "Quarry Order", at=at)
    assert s.built[ai] == [2, 0, 0] and s.spot_owner[spot] == ai and s.spot_kind[spot] == 0
    assert s.ai_log[-1][solo.LOG_DONE] == 1


def test_the_ai_places_as_many_workers_as_it_can_and_never_one() -> None:
    s = solo_game(opponent="noble")
    quiet(s)
    ai = s.ai
    at = outer(s, 3)
    empty_pile(s, position(at))
    ai_turn(s, "Tithe", at=at)  # the Courtier's focus scheme: 1 noble, no gold (2 need 3)
    assert s.workers_left(ai) == 20 and s.ai_log[-1][solo.LOG_DONE] == 0
    s.gold[ai] = 2  # 1 noble + 2 gold: two workers (one would be affordable: never one)
    at = s.viscount[ai]
    empty_pile(s, position(at))
    ai_turn(s, "Tithe")
    assert s.workers_left(ai) == 18 and s.gold[ai] == 0 and s.ai_log[-1][solo.LOG_DONE] == 1
    s.gold[ai] = 2  # Noble Favour's 3 nobles + 2 gold: 5 nobles, three workers
    at = s.viscount[ai]
    empty_pile(s, position(at))
    ai_turn(s, "Noble Favour")
    assert s.workers_left(ai) == 15 and s.gold[ai] == 0


def test_the_ai_always_bumps_the_players_worker() -> None:
    s = solo_game(opponent="noble")
    quiet(s)
    ai = s.ai
    at = outer(s, 3)
    empty_pile(s, position(at))
    wedge = s.wedge_at(solo.next_outer(solo.next_outer(at)))  # Royal Audience moves 2
    with_workers(s, 0, 2, tier=1, wedge=wedge)
    s.gold[ai] = 0  # 4 nobles: two workers (5 would place three)
    silver = s.silver[0]
    ai_turn(s, "Royal Audience", at=at)
    # four in the wedge: the AI bumps down to three, and it bumps the player
    assert s.tier1[wedge] == [1, 2] and s.silver[0] == silver + 2


def test_the_ai_transcribes_from_an_outer_space() -> None:
    s = solo_game(opponent="cleric")
    quiet(s)
    ai = s.ai
    at = outer(s, 5)
    to = solo.next_outer(at)  # Copy Room moves 1
    empty_pile(s, position(at))
    m = next(i for i, ms in enumerate(MANUSCRIPTS) if ms.cost == 3 and not ms.printed)
    s.ms_piles[position(to)].append(m)
    s.ink[ai] = 1  # 2 clerics + 1 ink
    ai_turn(s, "Copy Room", at=at)
    assert (
        part(to) != INNER
        and m in s.manuscripts[ai]
        and s.ink[ai] == 0 + (s.ink[ai] if MANUSCRIPTS[m].now else 0)
    )


def test_a_focus_scheme_does_the_focus_boards_action_with_an_extra_icon() -> None:
    s = solo_game(opponent="merchant")
    quiet(s)
    ai = s.ai
    to = outer(s, 1)  # a silver exchange: one merchant a use
    assert EXCHANGES[0] == "silver"
    at = next(sp for sp in range(SPACES) if part(sp) != INNER and solo.next_outer(sp) == to)
    empty_pile(s, position(at))
    ai_turn(s, "Tithe", at=at)  # no merchant on the card; the focus gives one: one use
    entry = s.ai_log[-1]
    assert entry[solo.LOG_ACTION] == ACTIONS.index("trade") and entry[solo.LOG_DONE] == 1
    assert s.silver[ai] == 1


def test_the_fallback_when_the_action_cannot_be_done() -> None:
    s = solo_game(opponent="cleric")
    quiet(s)
    ai = s.ai
    _only_six_cleric_manuscripts(s)
    ai_turn(s, "Copy Room")  # 3 clerics and no ink: no manuscript; 1 silver instead
    assert s.ai_log[-1][solo.LOG_DONE] == 0 and s.silver[ai] == 1 and not s.manuscripts[ai]


def test_dismissing_removes_the_townsfolk_by_it_and_lends_its_icons() -> None:
    s = solo_game(opponent="builder")
    quiet(s)
    at = outer(s, 3)
    pile = s.piles[position(at)]
    top = pile[-1]
    size = len(pile)
    ai_turn(s, "Quarry Order", at=at)
    assert len(pile) == size - 1 and top not in pile and top not in s.owned(0)


def test_gaining_a_future_scheme_or_a_flip_when_none_is_left() -> None:
    s = solo_game(opponent="cleric")
    quiet(s)
    ai = s.ai
    top = s.ai_future[-1]
    ai_turn(s, "Back Alley")
    assert top in s.ai_discard
    s.ai_future = []
    s.debts[ai], s.paid[ai] = 1, 0
    ai_turn(s, "Back Alley")
    assert s.paid[ai] >= 1  # the card flip instead


# -- substitutes ---------------------------------------------------------------------------


def test_resources_follow_the_focus_boards_order_and_caps() -> None:
    s = solo_game(opponent="cleric")  # ink up to 6, stone up to 4, then gold
    quiet(s)
    ai = s.ai
    solo.take_resources(s, 12)
    assert (s.ink[ai], s.stone[ai], s.gold[ai]) == (6, 4, 2)


def test_silver_becomes_resources_six_for_one() -> None:
    s = solo_game(opponent="builder")
    quiet(s)
    ai = s.ai
    from meeple.games.viscounts.effects import ENGINE

    per = int(SOLO["silver_per_resource"])
    ENGINE.run(s, ai, (("gain", "silver", 2 * per + 1),))
    assert s.silver[ai] == 1 and s.stone[ai] == 2


def test_it_flips_its_less_flipped_kind_debts_on_a_tie_and_a_virtue_with_nothing() -> None:
    s = solo_game()
    quiet(s)
    ai = s.ai
    from meeple.games.viscounts.effects import ENGINE

    s.debts[ai], s.deeds[ai], s.paid[ai], s.approved[ai] = 1, 1, 0, 0
    ENGINE.run(s, ai, (("flip", "either"),))
    assert (s.paid[ai], s.approved[ai]) == (1, 0)  # the tie: a debt
    ENGINE.run(s, ai, (("flip", "either"),))
    assert (s.paid[ai], s.approved[ai]) == (1, 1)  # then the deed, flipped fewer
    virtue = s.virtue[ai]
    ENGINE.run(s, ai, (("flip", "either"),))
    assert s.virtue[ai] == virtue - 1 and not s.decisions


@pytest.mark.parametrize(
    ("program", "check"),
    [
        ((("rearrange",),), "resource"),
        ((("destroy", 1),), "flip"),
        ((("discard", 1),), "virtue"),
        ((("castle_move",),), "virtue"),
        ((("free_hire",),), "virtue"),
        ((("choose", (("gain", "ink", 1),), (("gain", "gold", 1),)),), "first"),
    ],
)
def test_what_would_be_a_choice_is_a_fixed_outcome(program: tuple, check: str) -> None:
    s = solo_game(opponent="cleric")
    quiet(s)
    ai = s.ai
    s.debts[ai], s.paid[ai] = 1, 0
    with_workers(s, ai, 1, tier=1, wedge=0)
    from meeple.games.viscounts.effects import ENGINE

    before = (s.ink[ai], s.paid[ai], s.virtue[ai], s.gold[ai])
    ENGINE.run(s, ai, program)
    run_on(s)  # the flow answers any choice the AI owes at once
    assert not s.decisions
    if check == "resource":
        assert s.ink[ai] == before[0] + 1
    elif check == "flip":
        assert s.paid[ai] == before[1] + 1
    elif check == "virtue":
        assert s.virtue[ai] == before[2] - 1
    else:
        assert (s.ink[ai], s.gold[ai]) == (before[0] + 1, before[3])


def test_ending_on_the_player_lets_the_player_rearrange_then_the_ai_turn_goes_on() -> None:
    s = solo_game()
    quiet(s)
    me = 0
    at = outer(s, 1)
    viscount_at(s, me, solo.next_outer(at))  # Tithe moves 1: onto the player
    s.board[me] = s.hand[me][:2]
    ai_turn(s, "Tithe", at=at)
    d = s.decisions[-1]
    assert s.turn().seats == (me,) and d.kind == "rearrange" and s.phase == AI_TURN
    order = s.legal_actions()[-1]
    assert isinstance(order, Rearrange)
    s.apply(order)
    assert s.phase == PLAY and s.current == me and not s.decisions


def test_the_player_ending_on_the_ai_gives_it_a_resource_instead_of_a_rearrangement() -> None:
    s = solo_game(opponent="cleric")
    quiet(s)
    ai, me = s.ai, 0
    from meeple.games.viscounts.state import MOVE

    at_phase(s, MOVE)
    s.played = s.hand[me][0]
    viscount_at(s, ai, next(t for t in sorted(s.move_costs(me)) if part(t) != INNER))
    s.apply(Move(s.viscount[ai]))
    assert not s.decisions and s.ink[ai] == 1


def test_the_player_may_bump_the_ais_workers_and_it_takes_the_reward() -> None:
    s = solo_game(opponent="builder")
    quiet(s)
    ai = s.ai
    s.tier1[0] = [2, 2]
    from meeple.core import decisions as dec

    s.decisions = dec.push(s.decisions, dec.Decision(0, "bump", (0, 1)))
    assert Bump(1) in s.legal_actions() and Bump(0) in s.legal_actions()
    s.apply(Bump(1))
    assert s.tier1[0][ai] == 1 and s.silver[ai] == 2  # 2 silver: not yet a resource


def test_a_collision_of_the_players_pays_the_ai_as_a_rival() -> None:
    s = solo_game()
    quiet(s)
    ai, me = s.ai, 0
    met_at(s, me, 4)  # the "if no criminal: 1 virtue" space for rivals
    assert COLLISION_OTHERS[4]
    virtue = s.virtue[ai]
    at_phase(s, RECRUIT)
    empty_pile(s, position(s.viscount[me]))
    s.ai_deck.append(SCHEME["Tithe"])  # its own turn follows: no criminal, no collision
    s.apply(Hire(0))
    assert s.virtue[ai] <= virtue - 1


def test_its_own_collision_pays_it_and_the_player_as_its_rival() -> None:
    s = solo_game(opponent="builder")
    quiet(s)
    ai = s.ai
    met_at(s, ai, 0)  # space 1: 1 silver + 3 deeds
    deeds = s.deeds[ai]
    ai_turn(s, "Tithe")
    assert s.deeds[ai] >= deeds + 3 and (s.corruption[ai], s.virtue[ai]) == (0, TRACK - 1)


# -- the result ------------------------------------------------------------------------------


def test_leftover_resources_score_a_point_each_for_the_ai_only() -> None:
    s = solo_game()
    ai = s.ai
    s.ink[ai], s.gold[ai], s.stone[ai] = 2, 1, 3
    assert s.score_parts(ai)["leftover"] == 6.0
    assert "leftover" not in s.score_parts(0)


def test_the_player_wins_only_by_outscoring_the_ai() -> None:
    s = solo_game()
    at_phase(s, OVER)
    me, ai = s.scores()[0], s.ai_score()
    s.vp_bonus[0] += int(ai - me)  # level: a tie is the AI's
    assert s.scores()[0] == s.ai_score() and not s.solo_won() and s.returns() == [-1.0]
    s.vp_bonus[0] += 1
    assert s.solo_won() and s.returns() == [1.0]
    v = s.view(0)["ai"]
    assert v["won"] is True and v["score"] == s.ai_score()
    en, zh = text.end_label(s, "en", None), text.end_label(s, "zh-TW", None)
    assert "you won" in en and f"{int(s.ai_score())}" in en and "你贏了" in zh


# -- knowledge ------------------------------------------------------------------------------


def test_the_scheme_deck_order_and_its_future_schemes_are_secret() -> None:
    s = solo_game(difficulty="hard")
    quiet(s)
    ai_turn(s, "Tithe")
    twin = s.clone()
    twin.ai_deck.reverse()
    assert s.view(0) == twin.view(0)
    d = s.determinize(0, Rng(3))
    assert d.ai_board == s.ai_board and d.ai_discard == s.ai_discard
    assert len(d.ai_deck) == len(s.ai_deck) and len(d.ai_future) == len(s.ai_future)
    starting = sorted(c for c in s.ai_deck if not SCHEMES[c].future)
    assert sorted(c for c in d.ai_deck if not SCHEMES[c].future) == starting
    assert sorted(d.ai_deck + d.ai_future) == sorted(s.ai_deck + s.ai_future)
    assert d.view(0) == s.view(0)


def test_revealing_a_scheme_is_an_undo_barrier() -> None:
    s = solo_game()
    at_phase(s, RECRUIT)
    empty_pile(s, position(s.viscount[0]))
    assert s.reveals_information(Hire(0), 0)


# -- the round cap ---------------------------------------------------------------------------


def test_the_view_carries_the_round_cap_and_the_terminal_warns_near_it() -> None:
    s = started(2)
    from meeple.games.viscounts.components import RULES

    cap, warn = int(RULES["round_cap"]), int(RULES["round_cap_warning"])
    v = s.view(0)
    assert v["round_cap"] == cap and v["round_cap_near"] is False
    assert "cap" not in text.render(v, 0, "en")
    s.round = cap - warn + 1
    v = s.view(0)
    assert v["round_cap_near"] is True
    assert f"the round cap is {cap}" in text.render(v, 0, "en")
    assert f"輪數上限 {cap}" in text.render(v, 0, "zh-TW")


def test_the_terminal_shows_the_ai_and_its_last_turn_in_both_languages() -> None:
    s = solo_game(opponent="builder", difficulty="easy")
    quiet(s)
    ai_turn(s, "Quarry Order")
    en = text.render(s.view(0), 0, "en")
    zh = text.render(s.view(0), 0, "zh-TW")
    assert "The AI opponent, the Master Mason (buildings), easy" in en
    assert "Its last turn" in en and "Quarry Order" in en
    assert "石匠大師" in zh and "簡單" in zh and "採石令" in zh


def test_its_resources_may_pay_a_whole_shortfall() -> None:
    """The AI pays what its icons leave short with all the resources it needs (it spent
    at most one before, and fell back on most manuscripts and buildings)."""
    s = solo_game(opponent="cleric")
    quiet(s)
    ai = s.ai
    _only_six_cleric_manuscripts(s)
    s.ink[ai] = 3
    ai_turn(s, "Copy Room")  # 3 clerics + 3 ink: a 6-cleric manuscript
    assert s.ai_log[-1][solo.LOG_DONE] == 1 and len(s.manuscripts[ai]) == 1 and s.ink[ai] == 0


def _only_six_cleric_manuscripts(s: ViscountsState) -> None:
    """Every pile shows a 6-cleric manuscript and no townsfolk (nothing to dismiss)."""
    for pos in range(5):
        s.ms_piles[pos] = [next(i for i, m in enumerate(MANUSCRIPTS) if m.cost == 6)]
        empty_pile(s, pos)
