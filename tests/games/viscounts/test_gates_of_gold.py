"""Gates of Gold (content set ``gates_of_gold``): the seed's rules, each from a set-up
situation with its outcome checked (listed in docs/games/viscounts-rule-coverage.md).

Seed 004, part "Gates of Gold 輝煌拱門"; research ../shared/research/viscounts/.
"""

from __future__ import annotations

import pytest

from meeple.core import Rng
from meeple.games.viscounts import Viscounts, text
from meeple.games.viscounts.actions import (
    HIRE_ORDER,
    NO_ACTION,
    PICK_TOP,
    Choose,
    Flip,
    Pick,
    PickRibbon,
    Play,
    Rearrange,
    Resource,
    TakeManuscript,
    TakeOutsider,
    Trade,
    UseColumn,
)
from meeple.games.viscounts.actions import SKIP as SKIP_ACTION
from meeple.games.viscounts.components import (
    CARDS,
    CONTENT,
    KINGS_ORDER,
    MANUSCRIPTS,
    OUTSIDERS,
    RIBBONS,
    card_ids,
)
from meeple.games.viscounts.state import ACTION, END, MOVE, OVER, PLAY, RECRUIT
from tests.games.viscounts.builders import (
    at_action,
    cid,
    cids,
    empty_pile,
    gates_turn,
    oid,
    space_with,
    started,
    with_display,
    with_orders,
    with_outsider_pile,
)

LANGS = ("en", "zh-TW")
KO = "King's Order"


def _answer(s, action):  # type: ignore[no-untyped-def]
    s.apply(action, s.turn().seats[0])


# -- (1) the content set -------------------------------------------------------------------


def test_gates_of_gold_is_a_content_set_option_and_off_by_default() -> None:
    names = [o.name for o in Viscounts.option_specs]
    assert "gates_of_gold" in names
    assert Viscounts(2).options["gates_of_gold"] is False
    assert [c.name for c in CONTENT][:2] == ["base", "gates_of_gold"]


def test_the_expansion_rows_come_after_every_base_row() -> None:
    base = CONTENT.ids("cards", {})
    assert base == tuple(range(len(base)))  # the base's cards keep their numbers
    gog = CONTENT.ids("cards", {"gates_of_gold": True})[len(base) :]
    assert gog == tuple(range(len(base), len(base) + len(gog)))  # right after the base's
    assert all(CARDS[i].set == "gates_of_gold" for i in gog)


def test_the_new_townsfolk_heroes_and_outsiders_are_all_in_the_data() -> None:
    gog = {"gates_of_gold": True}
    new_folk = [i for i in card_ids("townsfolk", gog) if CARDS[i].set == "gates_of_gold"]
    new_heroes = [i for i in card_ids("hero", gog) if CARDS[i].set == "gates_of_gold"]
    assert len(new_folk) == 28 and len(new_heroes) == 5  # the GoG box (research README)
    assert len(OUTSIDERS) == 24  # the GoG box's outsiders (the Collector's Box four: promos)
    assert {CARDS[h].name for h in new_heroes} == {
        "Arnulf",
        "Charles",
        "Clothilde",
        "Louis",
        "Matilda",
    }


def test_without_the_expansion_nothing_of_it_is_dealt_or_stored() -> None:
    s = started(3, seed=4)
    dealt = [c for pile in s.piles for c in pile] + [h for _, h in s.pairs if h >= 0]
    assert all(CARDS[c].set == "base" for c in dealt)
    assert all(MANUSCRIPTS[m].ribbon >= 0 for pile in s.ms_piles for m in pile)
    data = s.to_json()
    assert not {"orders", "outsiders", "outsider_pile", "wild_ribbon"} & set(data)
    assert "gates_of_gold" not in s.view(0)
    assert Viscounts(3).state_from_json(data).to_json() == data


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_with_the_expansion_its_cards_join_the_piles_and_one_manuscript_per_pile(
    players: int,
) -> None:
    s = Viscounts(players, gates_of_gold=True).new_initial_state(7)
    folk = [c for pile in s.piles for c in pile]
    assert len(folk) == 68 + 28
    # "each expansion adds 5 manuscripts (one more per pile)": 1 grey-backed + 7 black
    assert [len(p) for p in s.ms_piles] == [8] * 5
    heroes = set(card_ids("hero", {"gates_of_gold": True}))
    assert all(h in heroes for _, h in s.pairs)


# -- (2) King's Orders and outsiders ---------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_puts_24_kings_orders_and_three_face_up_outsiders(players: int) -> None:
    s = Viscounts(players, gates_of_gold=True).new_initial_state(3)
    assert s.orders == 24  # before the pairs are picked (each deck then takes one)
    assert len(s.outsiders) == 3 and len(s.outsider_pile) == 21
    assert sorted(s.outsiders + s.outsider_pile) == sorted(OUTSIDERS)


def test_a_kings_order_gained_goes_to_the_discard_pile() -> None:
    # 每當玩家獲得國王命令卡時，必須將卡牌放入自己的棄牌堆
    s, me = gates_turn(hand=["Follower"])
    with_orders(s, 10)
    s.apply(Play(cid("Follower")))  # a King's Order (nothing to rearrange on a bare board)
    assert s.discard[me] == [KINGS_ORDER] and s.orders == 9


def test_no_kings_order_left_means_the_effect_is_ignored() -> None:
    # 若場上沒有任何剩餘的國王命令卡，則忽略此效果
    s, me = gates_turn(hand=["Clothilde"])
    with_orders(s, 1)
    s.apply(Play(cid("Clothilde")))  # take 2: only one is left
    assert s.discard[me].count(KINGS_ORDER) == 1 and s.orders == 0


def test_a_kings_order_leaving_the_board_returns_and_welcomes_an_outsider() -> None:
    # 當國王命令卡「離開」玩家圖板時，該卡牌將回到國王命令卡牌堆。接著，玩家必須從
    # 3 張正面朝上的外來者卡中，免費拿取 1 張放入自己的棄牌堆。
    s, me = gates_turn(board=["Abbot", "Squire", KO], hand=["Abbot"], silver=0)
    with_orders(s, 20)
    a, b, c, top = oid("Tyrant"), oid("Hunter"), oid("Warrior"), oid("Champion")
    with_display(s, a, b, c)
    with_outsider_pile(s, oid("Carpenter"), top)
    s.apply(Play(cid("Abbot")))
    assert s.legal_actions() == [TakeOutsider(0), TakeOutsider(1), TakeOutsider(2)]
    assert _stack(s)[0].kind == "welcome"
    _answer(s, TakeOutsider(1))
    assert s.orders == 21 and KINGS_ORDER not in s.discard[me]
    assert s.discard[me] == [b] and s.silver[me] == 0  # free
    assert s.outsiders == [a, top, c]  # refilled at once, in the same place


def test_welcoming_an_outsider_is_not_a_hire() -> None:
    # 拿取外來者卡並非「僱用」，因此無法觸發與僱用相關的任何效果
    s, me = gates_turn(board=["Matilda", "Squire", KO], hand=["Abbot"])
    s.built[me][0] = 1  # the first workshop: a discard with every hire
    s.apply(Play(cid("Abbot")))  # Matilda stays (the King's Order drops off)
    hand = list(s.hand[me])
    _answer(s, TakeOutsider(0))
    assert not s.decisions or s.turn().seats[0] != me or s.phase != PLAY
    assert s.hand[me] == hand and s.silver[me] == 0  # no draw, no silver, no discard asked


def test_a_welcomed_outsider_is_a_card_of_the_deck_that_can_be_played() -> None:
    # 被歡迎的外來者卡視為玩家牌庫的一部份，而與其他卡牌一樣能被打出並放在玩家圖板上
    t = oid("Tyrant")
    s, me = gates_turn(hand=["Abbot"])
    s.hand[me] = [t]
    assert Play(t) in s.legal_actions()
    s.apply(Play(t))
    assert s.board[me][0] == t


def test_destroying_a_kings_order_from_hand_refuses_an_outsider() -> None:
    # 摧毀國王命令卡的玩家獲得 3 銀幣，並從 3 張正面朝上的外來者卡中選擇 1 張。依照所選
    # 卡牌右上方的指示結算卡牌效果之後，將該卡牌移出遊戲。立即翻開外來者牌堆最上方的卡牌
    # 補充空位。
    s, me = gates_turn(hand=["Judith", KO, "Abbot"])
    s.deck[me] = [cid("Squire"), cid("Abbot"), cid("Thief")]
    with_orders(s, 10)
    rogue, hunter, tyrant, top = oid("Rogue"), oid("Hunter"), oid("Tyrant"), oid("Scholar")
    with_display(s, rogue, hunter, tyrant)
    with_outsider_pile(s, top)
    s.apply(Play(cid("Judith")))
    _answer(s, Choose(0))  # destroy 1 card
    _answer(s, Pick(KINGS_ORDER))
    assert s.silver[me] == 3 and s.orders == 11
    assert set(s.legal_actions()) == {TakeOutsider(0), TakeOutsider(1), TakeOutsider(2)}
    _answer(s, TakeOutsider(0))  # the Rogue: +1 corruption, +3 gold
    assert s.gold[me] == 3 and s.corruption[me] == 1
    assert rogue not in s.owned(me) and rogue not in s.outsiders
    assert s.outsiders == [top, hunter, tyrant]


def test_a_kings_order_destroyed_from_the_draw_pile_is_no_refuse() -> None:
    # the seed: 摧毀「手中」的國王命令卡; from the draw pile it only goes back
    s, me = gates_turn(hand=["Judith", "Abbot"])
    s.deck[me] = [cid("Squire"), cid("Abbot"), cid("Thief"), KINGS_ORDER]
    with_orders(s, 10)
    s.apply(Play(cid("Judith")))
    _answer(s, Choose(0))
    _answer(s, PICK_TOP)
    assert s.orders == 11 and s.silver[me] == 0
    assert not any(d.kind == "refuse" for d in _stack(s))


def _stack(s):  # type: ignore[no-untyped-def]
    from meeple.core import decisions as dec

    out = []
    st = s.decisions
    while dec.top(st) is not None:
        d, st = dec.pop(st)
        out.append(d)
    return out


def test_the_outsider_pile_is_never_reshuffled() -> None:
    # 外來者卡並非無限供應，因此無須於耗盡外來者牌堆之後重新設置牌堆
    s, _me = gates_turn(board=["Abbot", "Squire", KO], hand=["Abbot"])
    a, b, c = oid("Tyrant"), oid("Hunter"), oid("Warrior")
    with_display(s, a, b, c)
    with_outsider_pile(s)
    s.apply(Play(cid("Abbot")))
    _answer(s, TakeOutsider(2))
    assert s.outsiders == [a, b] and s.outsider_pile == []


def test_nothing_to_welcome_when_every_outsider_is_gone() -> None:
    s, _me = gates_turn(board=["Abbot", "Squire", KO], hand=["Abbot"])
    with_display(s)
    with_outsider_pile(s)
    s.apply(Play(cid("Abbot")))
    assert not _stack(s) and s.phase != PLAY  # no decision; the turn goes on


def test_the_end_scoring_outsiders_score_at_the_end() -> None:
    # 遊戲結束時，玩家牌庫中的外來者卡將依其卡牌上的特定得分條件提供勝利分數
    s, me = gates_turn()
    s.discard[me] = [oid("Tyrant"), oid("Warrior")]
    s.debts[me] = 3
    s.deck[me].append(oid("Protector"))
    parts = s.score_parts(me)
    # Tyrant 3; Warrior 1 + 3 outsiders (itself too); Protector: +1 per unpaid debt
    assert parts["outsiders"] == 3 + 4 + 3
    assert "outsiders" not in started(2).score_parts(0)


def test_an_envoy_counts_as_one_more_ribbon_of_the_best_colour() -> None:
    s, me = gates_turn()
    black, grey = RIBBONS.index("black"), RIBBONS.index("grey")
    ms = [i for i, m in enumerate(MANUSCRIPTS) if not m.printed and not m.wild]
    s.manuscripts[me] = [
        next(i for i in ms if MANUSCRIPTS[i].ribbon == black),
        next(i for i in ms if MANUSCRIPTS[i].ribbon == grey),
    ]
    before = s.score_parts(me)["manuscripts"]
    s.discard[me] = [oid("Envoy")]
    assert before == 4 and s.score_parts(me)["manuscripts"] == 9  # a set of three


def test_end_of_game_outsiders_act_in_reverse_turn_order() -> None:
    # the end-of-game ones (Assassin, Rogue) in reverse turn order (research README)
    s, _me = gates_turn(players=3)
    for t in range(3):
        s.deeds[t], s.debts[t], s.approved[t] = 1, 1, 0
    s.discard[s.first] = [oid("Rogue", 0)]
    s.discard[(s.first + 2) % 3] = [oid("Rogue", 1)]
    s.end_round, s.round = 3, 3
    s._game_end()
    assert s.phase == END
    assert s.turn().seats == ((s.first + 2) % 3,)  # the last in turn order acts first
    _answer(s, Flip("deed"))
    assert s.turn().seats == (s.first,)
    _answer(s, Flip("deed"))
    assert s.phase == OVER and s.is_terminal()
    assert s.approved[s.first] == 1 and s.approved[(s.first + 2) % 3] == 1


def test_the_assassin_returns_two_debts_or_gives_an_approved_deed() -> None:
    s, me = gates_turn()
    s.discard[me] = [oid("Assassin")]
    s.debts[me], s.approved[me] = 3, 0
    s.end_round = s.round
    s._game_end()
    _answer(s, Choose(0))
    assert s.debts[me] == 1 and s.phase == OVER


# -- the wild manuscript ------------------------------------------------------------------------


def test_the_wild_manuscript_takes_a_ribbon_when_taken_for_good() -> None:
    # 玩家取得此手抄本時，必須立即決定其綬帶顏色並到對應欄位下方，而且決定之後就不能再變更
    s, me = gates_turn()
    wild = next(i for i, m in enumerate(MANUSCRIPTS) if m.wild)
    s.ms_piles[0].append(wild)
    from meeple.core import decisions as dec

    s.decisions = dec.push(s.decisions, dec.Decision(me, "take_manuscript", ("anywhere",)))
    _answer(s, TakeManuscript(0))
    assert s.legal_actions() == [PickRibbon(r) for r in range(len(RIBBONS))]
    _answer(s, PickRibbon(RIBBONS.index("blue")))
    assert s.ribbons(me)[RIBBONS.index("blue")] == 1
    assert s.corruption[me] == 1  # its immediate effect, after the ribbon
    assert not any(d.kind == "ribbon" for d in _stack(s))


# -- hidden information and words -------------------------------------------------------------


def test_determinize_keeps_the_display_and_hides_the_pile_order() -> None:
    s = Viscounts(2, gates_of_gold=True).new_initial_state(5)
    orders = set()
    for k in range(8):
        d = s.determinize(0, Rng(k))
        assert d.outsiders == s.outsiders and d.orders == s.orders
        assert sorted(d.outsider_pile) == sorted(s.outsider_pile)
        orders.add(tuple(d.outsider_pile))
    assert len(orders) > 1
    assert s.view(1)["gates_of_gold"]["outsider_pile"] == 21
    assert "outsider_pile" not in str(s.view(1)["gates_of_gold"]["outsiders"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_welcome_and_refuse_answers_name_the_outsider(lang: str) -> None:
    s, me = gates_turn(board=["Abbot", "Squire", KO], hand=["Abbot"])
    with_display(s, oid("Tyrant"), oid("Hunter"), oid("Warrior"))
    s.apply(Play(cid("Abbot")))
    label = text.state_label(s, TakeOutsider(0), lang)
    told = text.log_label(s, TakeOutsider(0), me, lang)
    name = CARDS[oid("Tyrant")].zh if lang == "zh-TW" else "Tyrant"
    assert name in told and name in label


def test_the_gates_of_gold_game_plays_to_the_end_at_every_player_count() -> None:
    import random

    for players in (1, 2, 3, 4):
        st = Viscounts(players, gates_of_gold=True).new_initial_state(11)
        r = random.Random(players)
        n = 0
        while not st.is_terminal() and n < 5000:
            seat = st.current_seat()
            acts = st.legal_actions(seat)
            st.apply(acts[r.randrange(len(acts))], seat)
            n += 1
        assert st.is_terminal()
        assert st.phase == OVER


# -- (3) the manuscript board -----------------------------------------------------------------

GREY, BLACK, YELLOW, BLUE = (RIBBONS.index(r) for r in ("grey", "black", "yellow", "blue"))


def _ms(ribbon: int) -> int:
    """A real manuscript of that ribbon (not the starting one, not wild)."""
    return next(
        i
        for i, m in enumerate(MANUSCRIPTS)
        if m.ribbon == ribbon and m.back in ("grey", "black") and not m.wild
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_seat_starts_with_the_grey_manuscript_and_a_kings_order(players: int) -> None:
    # 每位玩家在設置遊戲時都會獲得 1 張手抄本圖板。手抄本圖板提供玩家 1 個灰色綬帶的
    # 起始手抄本 (and, the research: a King's Order in the starting deck)
    s = started(players, seed=2, gates_of_gold=True)
    for t in range(players):
        assert MANUSCRIPTS[s.manuscripts[t][0]].back == "start"  # (player card 6 adds one)
        assert s.ribbons(t)[GREY] >= 1
        assert (s.deck[t] + s.hand[t] + s.discard[t] + s.board[t]).count(KINGS_ORDER) == 1
    assert s.orders == 24 - players


def test_a_column_is_unlocked_by_a_manuscript_of_its_ribbon() -> None:
    # 當欄位下方至少放置 1 個手抄本時，就能解鎖該欄位的能力
    s, me = gates_turn(hand=["Abbot"], ink=2)
    assert UseColumn(BLACK) not in s.legal_actions()
    s.manuscripts[me].append(_ms(BLACK))
    assert UseColumn(BLACK) in s.legal_actions()


def test_no_column_in_a_base_game() -> None:
    s, me = started(2, seed=1), 0
    me = s.current
    s.manuscripts[me] += [_ms(BLACK), _ms(BLUE), _ms(YELLOW)]
    s.ink[me] = s.silver[me] = 5
    assert not any(isinstance(a, UseColumn) for a in s.legal_actions())


@pytest.mark.parametrize("phase", [PLAY, MOVE, ACTION, RECRUIT])
def test_the_black_column_any_time_in_ones_turn_any_number_of_times(phase: int) -> None:
    # 玩家能在自己的回合內隨時而且不限次數的執行任何手抄本圖板能力。
    # 黑色綬帶欄位能力：玩家能支付 1 個任意資源來換取 1 銀幣。
    s, me = gates_turn(hand=["Abbot"], ink=1, stone=1)
    s.manuscripts[me].append(_ms(BLACK))
    if phase != PLAY:
        at_action(s, s.viscount[me])
        s.phase = phase
        if phase == RECRUIT:
            s.silver[me] = 0
            empty_pile(s, s.viscount[me] // 3)
            s.piles[s.viscount[me] // 3] = [cid("Teacher")]  # something to hire, too dear
    for paid in ("ink", "stone"):
        assert UseColumn(BLACK) in s.legal_actions()
        s.apply(UseColumn(BLACK))
        assert set(s.legal_actions()) >= {Resource(paid)}
        _answer(s, Resource(paid))
        assert s.phase == phase
    assert s.silver[me] == 2 and s.ink[me] == s.stone[me] == 0
    assert UseColumn(BLACK) not in s.legal_actions()  # nothing left to pay with


def test_the_blue_column_pays_two_silver_to_draw_a_card() -> None:
    # 藍色綬帶欄位能力：玩家能支付 2 銀幣，將自己抽牌堆最上方的 1 張卡牌加入手牌。
    s, me = gates_turn(hand=["Abbot"], silver=3)
    s.manuscripts[me].append(_ms(BLUE))
    s.deck[me] = [cid("Squire"), cid("Thief")]
    s.apply(UseColumn(BLUE))
    assert s.hand[me] == [cid("Abbot"), cid("Thief")] and s.silver[me] == 1
    assert UseColumn(BLUE) not in s.legal_actions()  # 1 silver left


def test_the_yellow_column_pays_three_resources_to_rearrange() -> None:
    # 黃色綬帶欄位能力：玩家可以支付 3 個任意資源來重新排列自己玩家圖板上的卡牌。
    s, me = gates_turn(board=["Abbot", "Squire"], hand=["Thief"], ink=1, gold=2)
    s.manuscripts[me].append(_ms(YELLOW))
    s.apply(UseColumn(YELLOW))
    for r in ("gold", "ink", "gold"):
        _answer(s, Resource(r))
    assert _stack(s)[0].kind == "rearrange"
    _answer(s, next(a for a in s.legal_actions() if a != Rearrange(0)))
    assert s.board[me] == [cid("Squire"), cid("Abbot")]
    assert s.ink[me] == s.gold[me] == 0


def test_columns_are_not_used_in_another_seats_turn() -> None:
    s, me = gates_turn(hand=["Abbot"])
    other = 1 - me
    s.manuscripts[other].append(_ms(BLACK))
    s.ink[other] = 3
    from meeple.core import decisions as dec

    s.board[other] = cids("Abbot", "Squire")
    s.decisions = dec.push(s.decisions, dec.Decision(other, "rearrange", source="landed"))
    assert s.turn().seats == (other,)
    assert not any(isinstance(a, UseColumn) for a in s.legal_actions(other))


def test_the_wild_manuscript_unlocks_the_column_of_its_ribbon() -> None:
    # 這個新的手抄本能當作任何一種顏色
    s, me = gates_turn(hand=["Abbot"], silver=2)
    s.manuscripts[me].append(next(i for i, m in enumerate(MANUSCRIPTS) if m.wild))
    s.wild_ribbon[me] = BLUE
    s.deck[me] = [cid("Squire")]
    assert UseColumn(BLUE) in s.legal_actions()


def _at_recruit(s, me: int, pile: list[str]) -> None:  # type: ignore[no-untyped-def]
    space = s.viscount[me]
    s.piles[space // 3] = cids(*pile)
    at_action(s, space)
    s.apply(NO_ACTION)


def test_the_grey_column_takes_a_kings_order_instead_of_a_hire_for_3_silver() -> None:
    # 灰色綬帶欄位能力：每當玩家有機會僱用居民卡（無論以何種方式）時，能改為獲得國王
    # 命令卡。除非玩家能「免費僱用」居民卡，否則必須支付 3 銀幣才能獲得國王命令卡。
    s, me = gates_turn(hand=["Abbot"], silver=3)
    with_orders(s, 5)
    _at_recruit(s, me, ["Teacher"])
    assert s.phase == RECRUIT and HIRE_ORDER in s.legal_actions()
    s.apply(HIRE_ORDER)
    _answer(s, SKIP_ACTION) if _stack(s) else None  # the King's Order's optional discard
    assert s.silver[me] == 0 and s.orders == 4 and KINGS_ORDER in s.discard[me]
    assert s.piles[s.viscount[me] // 3] == [cid("Teacher")]  # the townsfolk stays


def test_the_grey_column_counts_as_a_hire_for_other_purposes() -> None:
    # 對其他遊戲目的而言，選擇獲得國王命令卡仍視為「僱用」
    s, me = gates_turn(board=["Matilda"], hand=["Abbot"], silver=3)
    s.deck[me] = cids("Squire", "Thief")
    _at_recruit(s, me, [])
    s.apply(HIRE_ORDER)
    while _stack(s):  # the King's Order's discard and Matilda's: none
        _answer(s, SKIP_ACTION)
    assert s.silver[me] == 0 + 1  # Matilda: +1 silver with every hire
    assert cid("Thief") in s.hand[me]  # and a card drawn


def test_the_grey_column_is_free_in_place_of_a_free_hire() -> None:
    s, me = gates_turn(hand=["Father"], silver=0)
    with_orders(s, 5)
    s.apply(Play(cid("Father")))  # a free hire
    assert HIRE_ORDER in s.legal_actions()
    _answer(s, HIRE_ORDER)
    assert s.orders == 4 and KINGS_ORDER in s.discard[me] and s.silver[me] == 0


def test_no_kings_order_left_no_grey_column() -> None:
    # 若場上沒有任何剩餘的國王命令卡，則忽略此效果
    s, me = gates_turn(hand=["Abbot"], silver=5)
    with_orders(s, 0)
    _at_recruit(s, me, ["Teacher"])
    assert HIRE_ORDER not in s.legal_actions()


@pytest.mark.parametrize("lang", LANGS)
def test_the_columns_and_the_grey_kings_order_say_what_they_do(lang: str) -> None:
    s, me = gates_turn(hand=["Abbot"], ink=1)
    s.manuscripts[me].append(_ms(BLACK))
    label = text.state_label(s, UseColumn(BLACK), lang)
    told = text.log_label(s, UseColumn(BLACK), me, lang)
    if lang == "en":
        assert label == "Use your black column: pay 1 resource of your choice, +1 silver"
        assert told == "uses their black column: pay 1 resource of their choice, +1 silver"
    else:
        assert label == "使用黑欄位：支付 1 個任選資源、+1 銀幣"
        assert not any(ch.isascii() and ch.isalpha() for ch in label + told)


@pytest.mark.parametrize("lang", LANGS)
def test_the_grey_columns_kings_order_says_its_price_before_it_is_chosen(lang: str) -> None:
    """The board's grey column offers the King's Order with what it costs: 3 silver in
    the recruit phase, nothing in place of a free hire (issue 36, item 6)."""
    s, me = gates_turn(hand=["Abbot"], silver=3)
    with_orders(s, 5)
    _at_recruit(s, me, ["Teacher"])
    paid = text.state_label(s, HIRE_ORDER, lang)
    s, me = gates_turn(hand=["Father"], silver=0)
    with_orders(s, 5)
    s.apply(Play(cid("Father")))  # a free hire
    free = text.state_label(s, HIRE_ORDER, lang)
    if lang == "en":
        assert paid == "Take a King's Order instead of a hire (costs 3 silver)"
        assert free == "Take a King's Order instead of a hire (free)"
    else:
        assert paid == "以國王命令代替僱用（花費 3 銀幣）"
        assert free == "以國王命令代替僱用（免費）"
    assert text.log_label(s, HIRE_ORDER, me, lang) in (
        "takes a King's Order instead of a hire",
        "以國王命令代替僱用",
    )


# -- (4) builder bonus cards ---------------------------------------------------------------------


def _bonus(name: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.bonus and name in c.name)


def _with_bonus(s, *cards: int) -> None:  # type: ignore[no-untyped-def]
    s.bonus_cards = list(cards)
    s.bonus_owner = [-1] * len(cards)


def _build(s, seat: int, kind: str) -> None:  # type: ignore[no-untyped-def]
    from meeple.games.viscounts import kingdom
    from meeple.games.viscounts.components import BUILDING_KINDS

    spot = s.spot_owner.index(-1)
    kingdom.build(s, seat, BUILDING_KINDS.index(kind), spot)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_shows_one_diversified_and_one_specialized_builder_card(players: int) -> None:
    # 設置遊戲時，會將 1 張多元建築工卡與 1 張專精建築工卡作為建造獎勵卡，正面朝上
    s = Viscounts(players, gates_of_gold=True).new_initial_state(9)
    assert [CARDS[c].bonus for c in s.bonus_cards] == ["diversified", "specialized"]
    assert s.bonus_owner == [-1, -1]
    assert started(players, 9).to_json().get("bonus_cards") is None


def test_the_first_to_build_three_different_buildings_takes_the_diversified_card() -> None:
    # 率先建造出 3 種不同建築的玩家，將獲得多元建築工卡
    s, me = gates_turn()
    other = 1 - me
    _with_bonus(s, _bonus("Tax Collector"), _bonus("Loyal Servant"))
    for kind in ("workshop", "trading_post"):
        _build(s, me, kind)
    assert s.bonus_owner == [-1, -1]
    _build(s, me, "guildhall")
    assert s.bonus_owner == [me, -1]
    for kind in ("workshop", "trading_post", "guildhall"):
        _build(s, other, kind)
    assert s.bonus_owner[0] == me  # never lost


def test_the_first_to_build_three_of_one_kind_takes_the_specialized_card() -> None:
    # 率先建造出 3 種相同建築的玩家，將獲得專精建築工卡；玩家能同時持有這兩張卡牌
    s, me = gates_turn()
    _with_bonus(s, _bonus("Tax Collector"), _bonus("Loyal Servant"))
    for kind in ("workshop", "workshop", "trading_post", "guildhall"):
        _build(s, me, kind)
    assert s.bonus_owner == [me, -1]
    _build(s, me, "workshop")
    assert s.bonus_owner == [me, me]
    parts = s.score_parts(me)
    assert parts["builder_bonus"] == 3 + 2


def test_a_builder_card_ability_each_kings_order_gained() -> None:
    s, me = gates_turn(hand=["Clothilde"])
    _with_bonus(s, _bonus("Tax Collector"), _bonus("Loyal Servant"))
    s.bonus_owner = [me, -1]
    with_orders(s, 5)
    s.apply(Play(cid("Clothilde")))  # two King's Orders
    while _stack(s):
        _answer(s, SKIP_ACTION)
    assert s.silver[me] == 2


def test_a_builder_card_working_only_with_a_kings_order_on_the_board() -> None:
    s, me = gates_turn(board=["Abbot"])
    _with_bonus(s, _bonus("Royal Market"), _bonus("Loyal Servant"))
    s.bonus_owner = [me, -1]
    from meeple.games.viscounts.components import MERCHANT

    without = s.board_icons(me, MERCHANT)
    s.board[me] = [KINGS_ORDER, cid("Abbot")]
    assert s.board_icons(me, MERCHANT) == without + 1 + 2  # the order's own, and +2


# -- (5) castle leaders as data ------------------------------------------------------------------


def _leader(name: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.kind == "leader" and c.name == name)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_random_castle_leader_card_replaces_the_base_one(players: int) -> None:
    # 《輝煌拱門》還加入了……城堡領袖卡 (research: one of six, at random)
    seen = {
        Viscounts(players, gates_of_gold=True).new_initial_state(k).leader_card for k in range(30)
    }
    assert len(seen) > 1 and all(CARDS[c].kind == "leader" for c in seen)
    assert "leader_card" not in started(players, 1).to_json()


def test_the_castle_leader_cards_points_and_hand_limit_go_to_the_leader() -> None:
    s, me = gates_turn()
    other = 1 - me
    s.leader_card = _leader("Treasurer")
    s.leader = me
    assert s.hand_limit(me) == 3  # not the base card's +1
    assert s.score_parts(me)["leader"] == 4 and s.score_parts(other)["leader"] == 0
    from meeple.games.viscounts.components import MERCHANT

    before = s.board_icons(other, MERCHANT)
    s.leader = other  # taken over: the card and its ability go with the leadership
    assert s.board_icons(other, MERCHANT) == before + 2
    s.leader_card = _leader("Lord Protector")
    assert s.hand_limit(other) == 4 and s.score_parts(other)["leader"] == 5


def test_a_castle_leader_ability_reacts_like_a_card() -> None:
    s, me = gates_turn()
    s.leader_card, s.leader = _leader("Herald"), me
    from meeple.games.viscounts.state import board_triggers

    assert board_triggers(s, me, "on_collision") == (("resource", 1),)
    assert board_triggers(s, 1 - me, "on_collision") == ()


# -- (6) the generic conformance suite with the expansion -----------------------------------------


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_conformance_suite_passes_with_gates_of_gold(players: int) -> None:
    # determinize keeps what the seat saw, clone/JSON round trips, the action space, ...
    from meeple.core.conformance import ALL_CHECKS

    game = Viscounts(players, gates_of_gold=True)
    for check in ALL_CHECKS:
        for seed in (1, 2):
            check(game, seed)


# -- (7) the terminal -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_shows_the_orders_outsiders_builder_cards_and_leader(lang: str) -> None:
    s, me = gates_turn()
    with_orders(s, 7)
    with_display(s, oid("Tyrant"), oid("Hunter"))
    with_outsider_pile(s, oid("Warrior"))
    _with_bonus(s, _bonus("Tax Collector"), _bonus("Loyal Servant"))
    s.bonus_owner = [me, -1]
    s.leader_card = _leader("Herald")
    shown = text.render(s.view(me), me, lang)
    zh = lang == "zh-TW"
    for c in (oid("Tyrant"), oid("Hunter"), _bonus("Tax Collector"), _leader("Herald")):
        assert (CARDS[c].zh if zh else CARDS[c].name) in shown
    if zh:
        assert "國王命令剩 7 張；外來者牌堆剩 1 張" in shown
        assert "尚無人獲得" in shown
        gog = [ln for ln in shown.splitlines() if "國王命令" in ln or "外來者" in ln]
        assert gog and not any(ch.isascii() and ch.isalpha() for ln in gog for ch in ln)
    else:
        assert "King's Orders left: 7; outsiders face down: 1" in shown
        assert "not yet earned" in shown
    assert "King's Order" not in text.render(started(2).view(0), 0, "en")


def test_the_outriders_refuse_takes_only_a_manuscript_costing_3_or_4() -> None:
    # research: "Take a visible Manuscript costing 3 or 4 for free"
    s, _me = gates_turn(board=["Abbot", "Squire"], hand=["Judith", KO])
    cost = {m: MANUSCRIPTS[m].cost for pile in s.ms_piles for m in pile}
    cheap = [m for m, c in cost.items() if c in (3, 4)]
    dear = [m for m, c in cost.items() if c not in (3, 4)]
    s.ms_piles = [[dear[0]], [cheap[0]], [dear[1]], [cheap[1]], []]
    with_display(s, oid("Outrider"), oid("Tyrant"), oid("Hunter"))
    s.apply(Play(cid("Judith")))
    _answer(s, Choose(0))  # destroy 1
    _answer(s, Pick(KINGS_ORDER))
    _answer(s, TakeOutsider(0))
    assert set(s.legal_actions()) == {TakeManuscript(1), TakeManuscript(3), SKIP_ACTION}


def test_a_card_that_dismisses_from_any_segment_offers_every_piles_top() -> None:
    # research: Advocate, Goldsmith, Partisan, Vagrant: "You may dismiss a Townsfolk from
    # any wedge of the Main Board, not only the one next to your Viscount."
    s, me = gates_turn(board=["Abbot"], hand=["Squire"], silver=9)
    here = space_with(s, "silver")
    at_action(s, here)
    pos = here // 3
    far = (pos + 2) % 5
    s.piles[pos] = cids("Teacher")  # beside the viscount
    s.piles[far] = cids("Traitor")  # a criminal: wild, any action
    trades = {a for a in s.legal_actions() if isinstance(a, Trade)}
    assert not any(a.dismiss == 2 + far for a in trades)  # no such card on the board
    s.board[me] = cids("Vagrant", "Abbot")
    trades = {a for a in s.legal_actions() if isinstance(a, Trade)}
    assert any(a.dismiss == 2 + far for a in trades)
    action = next(a for a in trades if a.dismiss == 2 + far)
    label = text.state_label(s, action, "en")
    assert f"dismissing Traitor of segment {far + 1}" in label
    assert f"遣散第 {far + 1} 區的叛徒" in text.state_label(s, action, "zh-TW")
    s.apply(action)
    assert s.piles[far] == [] and s.dismissed == cid("Traitor")
    assert s.piles[pos] == cids("Teacher")


# -- the solo AI with the expansion (designed) ----------------------------------------------------


def test_the_solo_ai_takes_no_builder_card() -> None:
    # designed (data.toml [gates_of_gold.solo] builder_bonus): the card stays for the player
    s = started(1, seed=3, gates_of_gold=True)
    ai = s.ai
    _with_bonus(s, _bonus("Tax Collector"), _bonus("Loyal Servant"))
    for kind in ("workshop", "trading_post", "guildhall"):
        _build(s, ai, kind)
    assert s.bonus_owner == [-1, -1]
    assert s.score_parts(ai)["builder_bonus"] == 0
    assert "outsiders" not in s.score_parts(ai)
    for kind in ("workshop", "trading_post", "guildhall"):
        _build(s, 0, kind)
    assert s.bonus_owner == [0, -1]


def test_the_solo_ai_refuses_a_kings_order_and_welcomes_nothing() -> None:
    # designed (data.toml [gates_of_gold.solo] refuse_orders): for each King's Order it
    # would gain, the left-most face-up outsider leaves the game, refilled at once, with
    # no effect for it; the order stays in the supply
    from meeple.games.viscounts.effects import ENGINE

    s = started(1, seed=3, gates_of_gold=True)
    ai, orders = s.ai, s.orders
    a, b, c = oid("Tyrant"), oid("Hunter"), oid("Warrior")
    with_display(s, a, b, c)
    with_outsider_pile(s, oid("Carpenter"), oid("Champion"))
    held = (s.silver[ai], s.debts[ai], s.corruption[ai], list(s.ai_discard))
    ENGINE.run(s, ai, (("kings_order", 2),))
    # the Tyrant leaves, the Champion (the pile's top) takes its place and leaves in turn
    assert s.orders == orders and s.outsiders == [oid("Carpenter"), b, c]
    assert s.outsider_pile == []
    assert (s.silver[ai], s.debts[ai], s.corruption[ai], list(s.ai_discard)) == held
    shown = list(s.outsiders)
    ENGINE.run(s, ai, (("welcome",), ("refuse",)))  # no outsider of its own, no effect
    assert s.outsiders == shown and not _stack(s)


def test_a_kings_order_stays_when_its_return_would_leave_fewer_than_three_cards() -> None:
    # the base game: a deck never shrinks below three cards (with exactly three, the card
    # dropped off is shuffled and played again); a King's Order leaving such a board stays
    s, me = gates_turn(board=["Abbot", "Squire", KO], hand=[])
    s.deck[me], s.discard[me] = [], []
    with_orders(s, 5)
    with_display(s)
    with_outsider_pile(s)
    from tests.games.viscounts.builders import run_on

    run_on(s)  # no hand: the draw pile's top is played blind (the dropped card, shuffled)
    assert s.orders == 5
    assert sorted(s.owned(me)) == sorted([cid("Abbot"), cid("Squire"), KINGS_ORDER])
    assert s.board[me][0] == KINGS_ORDER


def test_the_pettingzoo_and_openspiel_suites_pass_with_gates_of_gold() -> None:
    # the action space grows with the expansion (outsiders, ribbons, columns, a King's
    # Order for a hire, dismissals from any segment); the adapters' own checkers still pass
    import warnings

    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    pyspiel = pytest.importorskip("pyspiel")
    from meeple.adapters.openspiel import load
    from meeple.adapters.pettingzoo import env

    game = Viscounts(2, gates_of_gold=True)
    assert game.num_distinct_actions > Viscounts(2).num_distinct_actions
    assert load(game).num_distinct_actions() == game.num_distinct_actions
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        pettingzoo_test.api_test(env(game), num_cycles=300)
    pyspiel.random_sim_test(load(game), num_sims=2, serialize=True, verbose=False)
