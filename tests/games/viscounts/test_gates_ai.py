"""Gates of Gold with the bots and the solo AI (issue 36, items 3, 6 and 7): the columns
usable while a decision of one's own waits, the heuristic bot's knowledge of the new
cards, and the solo AI's designed rules with the expansion (listed in
docs/games/viscounts-rule-coverage.md, "Gates of Gold: bots and the solo AI").
"""

from __future__ import annotations

import pytest

from meeple.core import decisions as dec
from meeple.core.errors import IllegalActionError
from meeple.games.viscounts import text
from meeple.games.viscounts.actions import (
    Choose,
    Fund,
    Pick,
    Play,
    Resource,
    TakeOutsider,
    UseColumn,
)
from meeple.games.viscounts.bots import HeuristicBot, evaluate
from meeple.games.viscounts.components import KINGS_ORDER
from tests.games.viscounts.builders import (
    cid,
    gates_turn,
    oid,
    started,
    with_display,
    with_orders,
    with_outsider_pile,
)
from tests.games.viscounts.test_gates_of_gold import BLACK, BLUE, KO, LANGS, _answer, _ms


def _destroy_asked(**counts: int):  # type: ignore[no-untyped-def]
    """Judith played (destroy 1 card): the seat's destroy decision waits, a King's Order
    on top of its draw pile, the blue column unlocked."""
    s, me = gates_turn(hand=["Judith", "Abbot"], **counts)
    s.deck[me] = [cid("Squire"), cid("Abbot"), cid("Thief"), KINGS_ORDER]
    s.manuscripts[me].append(_ms(BLUE))
    with_orders(s, 10)
    s.apply(Play(cid("Judith")))
    _answer(s, Choose(0))
    assert dec.top(s.decisions).kind == "destroy" and s.turn().seats == (me,)
    return s, me


# -- (3) the columns while a decision of one's own waits -----------------------------------------


def test_a_column_is_usable_while_ones_own_destroy_choice_waits() -> None:
    # 玩家能在自己的回合內隨時而且不限次數的執行任何手抄本圖板能力: the blue column draws
    # the King's Order, and the destroy that waits takes it from the hand (a refuse)
    s, me = _destroy_asked(silver=2)
    assert UseColumn(BLUE) in s.legal_actions()
    s.apply(UseColumn(BLUE))
    assert KINGS_ORDER in s.hand[me] and s.silver[me] == 0
    assert dec.top(s.decisions).kind == "destroy"  # the choice still waits
    _answer(s, Pick(KINGS_ORDER))
    assert s.silver[me] == 3 and s.orders == 11
    assert dec.top(s.decisions).kind == "refuse"


def test_a_column_with_a_price_asked_during_a_choice_comes_back_to_it() -> None:
    s, me = _destroy_asked(ink=1)
    s.manuscripts[me].append(_ms(BLACK))
    s.apply(UseColumn(BLACK))
    assert dec.top(s.decisions).kind == "pay_resource"
    assert not any(isinstance(a, UseColumn) for a in s.legal_actions())  # one at a time
    _answer(s, Resource("ink"))
    assert s.silver[me] == 1 and s.ink[me] == 0
    assert dec.top(s.decisions).kind == "destroy"


def test_no_column_while_a_payment_plan_is_chosen() -> None:
    s, me = gates_turn(hand=["Abbot"], ink=2, silver=3)
    s.manuscripts[me].append(_ms(BLACK))
    s.decisions = dec.push(
        s.decisions, dec.Decision(me, "fund", ("transcribe", 0, ((0, 1, 0, 0), (1, 0, 0, 0))))
    )
    assert set(s.legal_actions()) == {Fund(0), Fund(1)}
    with pytest.raises(IllegalActionError):
        s.apply(UseColumn(BLACK))


def test_no_column_while_the_wild_ribbon_is_picked() -> None:
    # 取得此手抄本時，必須立即決定其綬帶顏色: decided at once, nothing in between
    s, me = gates_turn(hand=["Abbot"], ink=2, silver=3)
    s.manuscripts[me].append(_ms(BLACK))
    s.decisions = dec.push(s.decisions, dec.Decision(me, "ribbon", source="wild"))
    assert not any(isinstance(a, UseColumn) for a in s.legal_actions())


@pytest.mark.parametrize("lang", LANGS)
def test_the_column_offered_during_a_choice_says_what_it_does(lang: str) -> None:
    s, _ = _destroy_asked(silver=2)
    label = text.state_label(s, UseColumn(BLUE), lang)
    if lang == "en":
        assert label.startswith("Use your blue column")
    else:
        assert label.startswith("使用藍欄位")
        assert not any(ch.isascii() and ch.isalpha() for ch in label)


# -- (6) the heuristic bot knows the new cards -----------------------------------------------------


def test_the_bot_counts_a_columns_price_asked_after_it_is_picked() -> None:
    # the black column: 1 resource for 1 silver, the resource asked after the column is
    # picked; the bot looks through that choice instead of taking the column for free
    s, me = gates_turn(hand=["Abbot"], ink=1)
    s.manuscripts[me].append(_ms(BLACK))
    bot = HeuristicBot(s.game, me, seed=1)
    child = s.clone()
    child.apply_unchecked(UseColumn(BLACK), me)
    paid = child.clone()
    paid.apply_unchecked(Resource("ink"), me)
    assert bot._value(child) == pytest.approx(evaluate(paid, me))
    assert bot._value(child) < evaluate(s, me)
    assert bot.choose(s) != UseColumn(BLACK)


def test_the_bot_values_a_welcome_by_the_outsider_it_would_take() -> None:
    # a King's Order dropping off the board welcomes an outsider: the play is worth the
    # best of the three, not the board before the choice
    s, me = gates_turn(board=["Abbot", "Squire", KO], hand=["Abbot"], silver=0)
    with_orders(s, 20)
    with_display(s, oid("Tyrant"), oid("Hunter"), oid("Warrior"))
    with_outsider_pile(s, oid("Champion"))
    bot = HeuristicBot(s.game, me, seed=1)
    child = s.clone()
    child.apply_unchecked(Play(cid("Abbot")), me)
    assert dec.top(child.decisions).kind == "welcome"
    takes = []
    for slot in range(3):
        took = child.clone()
        took.apply_unchecked(TakeOutsider(slot), me)
        takes.append(evaluate(took, me))
    assert bot._value(child) == pytest.approx(max(takes))
    assert bot._value(child) > evaluate(child, me)


# -- (item 3) the solo AI with the expansion (designed) --------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "worth", "base"),
    [("easy", 0, 0), ("normal", 1, 1), ("hard", 0, 1), ("expert", 1, 2)],
)
def test_with_the_expansion_a_future_scheme_is_worth_its_own_tables_points(
    difficulty: str, worth: int, base: int
) -> None:
    # designed (data.toml [gates_of_gold.solo] reveal_vp): measured to bring the player's
    # win rates back near the base game's (docs/games/viscounts.md, "Gates of Gold")
    from tests.games.viscounts.test_solo import ai_turn, quiet

    for gates, vp in ((True, worth), (False, base)):
        options = {"gates_of_gold": True} if gates else {}
        s = started(1, seed=1, opponent="cleric", difficulty=difficulty, **options)
        quiet(s)
        ai = s.ai
        before = s.vp_bonus[ai]
        ai_turn(s, "Grand Design")  # a future scheme
        assert s.vp_bonus[ai] == before + vp
