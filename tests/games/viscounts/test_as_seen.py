"""Viscounts as a player sees it (issue 34): what a choice costs, what a card does, the
end explained by source, the solo AI named and ranked, one Chinese word per game word.

Every check here reads the words the terminal prints and the server sends (the text
plug-in's labels, the view, the rendered board), in English and Traditional Chinese.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from meeple.bots import make_bot
from meeple.cli import main
from meeple.cli.results import result_lines
from meeple.core import Match, Rng, labels
from meeple.core.labels import action_labels, log_label
from meeple.games.viscounts import Viscounts, describe, preview, text
from meeple.games.viscounts.actions import Build, Hire, Move, Play, Trade
from meeple.games.viscounts.components import (
    CARDS,
    EXCHANGES,
    OUTER_LEFT,
    RESOURCES,
    RULES,
    client_components,
    position,
    space_number,
)
from meeple.games.viscounts.rules import ViscountsState
from meeple.games.viscounts.state import MOVE, OVER, RECRUIT
from tests.games.viscounts.builders import (
    at_action,
    at_phase,
    bare_turn,
    cid,
    clear,
    empty_pile,
    my_turn,
    on_pile,
    started,
    with_board,
    with_counts,
)

LANGS = ("en", "zh-TW")
ROOT = Path(__file__).resolve().parents[3]


def _finished(players: int, seed: int, bots: str = "random") -> ViscountsState:
    game = Viscounts(players)
    match = Match(game, seed)
    seated = [make_bot(bots, game, s, seed + s) for s in range(players)]
    while not match.state.is_terminal():
        seat = match.state.current_seat()
        assert seat is not None
        match.play(seated[seat].choose(match.state), seat)
    state = match.state
    assert isinstance(state, ViscountsState)
    return state


# -- item 2: costs on the choices ------------------------------------------------------------


def _moving(silver: int, card: str = "Trader") -> tuple[ViscountsState, int]:
    """The current seat, ``silver`` in hand, about to move with ``card`` played."""
    s, me = my_turn(2, seed=3, silver=silver)
    s.played = cid(card)
    at_phase(s, MOVE)
    return s, me


def test_a_full_lap_says_the_silver_it_takes_before_it_is_taken() -> None:
    """The space the viscount stands on is reachable again by a lap round the board, at
    nearly all one's silver: the choice said "Move to outer space 3" and took 6 of 7."""
    s, me = _moving(7)
    here = s.viscount[me]
    lap = Move(here)
    assert lap in s.legal_actions(me)
    cost = s.move_costs(me)[here]
    assert cost >= 5
    name = {lang: text.space_name(here, lang) for lang in LANGS}
    en = text.state_label(s, lap, "en")
    zh = text.state_label(s, lap, "zh-TW")
    assert en.startswith(f"Go a full lap back to {name['en']} (costs {cost} silver): then "), en
    assert zh.startswith(f"繞一整圈回到{name['zh-TW']}（花費 {cost} 銀幣）：接著可以"), zh
    told = text.log_label(s, lap, me, "en")
    assert told == f"goes a full lap back to {name['en']}, paying {cost} silver", told
    assert text.log_label(s, lap, me, "zh-TW") == f"繞一整圈回到{name['zh-TW']}，花費 {cost} 銀幣"
    s.apply(lap, me)
    assert s.silver[me] == 7 - cost  # what the label said is what was taken


def test_every_move_of_whole_games_says_exactly_the_silver_it_takes() -> None:
    """The label's silver (or "free") against the silver the move really took, for every
    move of whole games at 2 and 4 players, in both languages."""
    seen = 0
    for players, seed in ((2, 4), (4, 6)):
        game = Viscounts(players)
        match = Match(game, seed)
        bots = [make_bot("random", game, t, seed + t) for t in range(players)]
        while not match.state.is_terminal():
            s = match.state
            seat = s.current_seat()
            assert seat is not None
            action = bots[seat].choose(s)
            if isinstance(action, Move):
                labels = action_labels(game, action, s)
                before = s.silver[seat]
                match.play(action, seat)
                took = before - match.state.silver[seat]
                if took:
                    assert f"(costs {took} silver)" in labels["en"], labels
                    assert f"（花費 {took} 銀幣）" in labels["zh-TW"], labels
                else:
                    assert "(free)" in labels["en"] and "（免費）" in labels["zh-TW"], labels
                seen += 1
                continue
            match.play(action, seat)
    assert seen > 60


def test_a_trade_says_what_it_gives_and_the_silver_it_costs() -> None:
    """No merchant on the board: each trade at a resource exchange costs 2 silver."""
    s, me = bare_turn(2, seed=3)
    space = next(
        sp
        for sp in range(15)
        if sp % 3 != 2 and EXCHANGES[space_number(sp, s.ring) - 1] in RESOURCES
    )
    at_action(s, space)
    clear(s, me)
    empty_pile(s, position(space))  # nothing to dismiss
    with_counts(s, me, silver=4)
    item = EXCHANGES[space_number(space, s.ring) - 1]
    trade = Trade(2, 0)
    assert trade in s.legal_actions(me)
    words = {lang: describe.item(item, lang) for lang in LANGS}
    assert text.state_label(s, trade, "en") == f"Trade 2 times: +2 {words['en']} (costs 4 silver)"
    assert text.state_label(s, trade, "zh-TW") == f"交易 2 次：+2 {words['zh-TW']}（花費 4 銀幣）"
    assert (
        text.log_label(s, trade, me, "en") == f"trades 2 times: +2 {words['en']}, paying 4 silver"
    )


def test_a_building_says_what_pays_for_it_and_asks_when_there_are_several_ways() -> None:
    s = started(2, seed=3)
    me = at_action(s, OUTER_LEFT)
    clear(s, me)
    empty_pile(s, position(OUTER_LEFT))
    with_counts(s, me, stone=3)
    build = next(a for a in s.legal_actions(me) if isinstance(a, Build) and a.building == 0)
    assert text.state_label(s, build, "en").endswith(" (costs 3 stone)")
    assert text.state_label(s, build, "zh-TW").endswith("（花費 3 石頭）")
    # the Mason's two silver for a builder: three ways to pay, asked next
    with_board(s, me, "Mason")
    with_counts(s, me, stone=2, silver=4)
    build = next(a for a in s.legal_actions(me) if isinstance(a, Build) and a.building == 0)
    from meeple.games.viscounts.costs import primary_plans

    assert primary_plans(s, me, build) == [(0, 0, 0, 2), (2, 0, 0, 1), (4, 0, 0, 0)]
    en = text.state_label(s, build, "en")
    assert en.endswith(" (you choose how to pay next: 2 stone or 2 silver + 1 stone or 4 silver)")
    zh = text.state_label(s, build, "zh-TW")
    assert zh.endswith("（接著選擇付法：2 石頭或 2 銀幣、1 石頭或 4 銀幣）"), zh


def test_a_hire_names_the_townsfolk_and_its_price() -> None:
    s = started(2, seed=3)
    me = s.current
    at_phase(s, RECRUIT)
    pos = position(s.viscount[me])
    on_pile(s, pos, "Lender")
    price = CARDS[cid("Lender")].silver
    with_counts(s, me, silver=price + 2)
    assert Hire(1) in s.legal_actions(me)
    assert text.state_label(s, Hire(1), "en") == f"Hire Lender beside you (costs {price} silver)"
    assert text.state_label(s, Hire(1), "zh-TW") == f"僱用身旁的放貸人（花費 {price} 銀幣）"
    assert text.log_label(s, Hire(1), me, "en") == f"hires Lender, paying {price} silver"


# -- item 11: cards say what they do ----------------------------------------------------------


def test_every_card_says_what_it_does_in_the_browser_table_and_the_terminal() -> None:
    table = client_components()["cards"]
    for i, card in enumerate(CARDS):
        for lang in LANGS:
            says = table[i]["says"][lang]
            assert says == describe.card_words(card, lang)
            has_effect = (
                card.play
                or card.leave
                or card.hire
                or card.triggers
                or card.convert
                # Gates of Gold's parts: ongoing abilities, a King's Order's, an outsider's
                or card.extra_moves
                or card.hand_limit
                or card.dismiss_anywhere
                or card.supply
                or card.end
                or card.at_end
                or card.refuse
                or card.extra_ribbon
                or card.bonus
                or card.kind == "leader"
            )
            assert (says != describe.CARD("nothing", lang)) == bool(has_effect), card.name
    # the checked-in table the page fetches carries them
    path = ROOT / "src/meeple/web/static/js/games/viscounts.components.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["cards"][cid("Lender")]["says"] == table[cid("Lender")]["says"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_says_beside_each_card_in_hand_what_it_does(lang: str) -> None:
    s, me = my_turn(2, seed=3, hand=["Courier", "Tinker"])
    shown = text.render(s.view(me), me, lang)
    for c in (cid("Courier"), cid("Tinker")):
        line = text.card_line(c, lang)
        assert "    " + line in shown, shown
        assert describe.card_words(CARDS[c], lang) in line and text.card_name(c, lang) in line
    courier = text.card_line(cid("Courier"), "en")
    assert (
        courier.startswith("Courier (") and "hired or dismissed: shuffle your discards" in courier
    )


def test_the_move_list_says_the_silver_and_what_the_space_gives() -> None:
    """The terminal's move list: each space with its silver and what the primary action
    there would give, the same words the browser's preview shows (view.reach)."""
    s = started(2, seed=3)
    me = s.current
    card = next(c for c in s.hand[me])
    s.apply(Play(card), me)
    while s.decisions:
        s.apply(s.legal_actions(s.turn().seats[0])[0], s.turn().seats[0])
    reach = s.view(me)["reach"][0]["spaces"]
    assert reach
    for x in reach:
        label = text.state_label(s, Move(x["space"]), "en")
        assert label.endswith(f": then {x['say']['en']}"), label
        assert text.state_label(s, Move(x["space"]), "zh-TW").endswith(
            f"：接著可以{x['say']['zh-TW']}"
        )
        assert preview.space_words(s, me, x["space"], "en") == x["say"]["en"]


# -- items 4 and 8: the end explains itself; the solo AI ranked -------------------------------


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (1, 5)])
def test_the_end_shows_every_sides_score_by_source(players: int, seed: int) -> None:
    s = _finished(players, seed)
    view = s.view(None)
    assert len(view["final"]) == players
    for t, f in enumerate(view["final"]):
        assert sum(f["parts"].values()) == f["total"] == s.scores()[t]
    if players == 1:
        assert view["ai"]["final"]["total"] == s.ai_score()
        assert view["ai"]["final"]["parts"]["leftover"] == s.ink[1] + s.gold[1] + s.stone[1]
    for lang in LANGS:
        shown = text.render(view, None, lang)
        head = text.TEXT("final_head", lang)
        assert head in shown
        table = shown.split(head, 1)[1].splitlines()
        total = next(ln for ln in table if ln.strip().startswith(text.TEXT("part_total", lang)))
        totals = [*(f["total"] for f in view["final"])]
        if players == 1:
            totals.append(s.ai_score())
            assert text.TEXT("ai_name", lang) in table[1]
        assert total.split()[-len(totals) :] == [text._num(x) for x in totals], total
        # a part every side scored nothing in is left out; the others are rows
        for key in text.FINAL_PARTS:
            scored = any(f["parts"].get(key) for f in view["final"])
            if players == 1:
                scored = scored or bool(view["ai"]["final"]["parts"].get(key))
            assert (text.TEXT(f"part_{key}", lang) in "\n".join(table)) == scored, key


def test_a_running_game_shows_no_final_scores() -> None:
    s = started(2, seed=3)
    assert s.view(0)["final"] is None
    assert "Final score by source" not in text.render(s.view(0), 0, "en")


def test_a_solo_result_ranks_the_ai_with_the_player_and_never_rank_1_beside_a_loss() -> None:
    results = {}
    for seed in range(1, 40):
        s = _finished(1, seed)
        results.setdefault(s.solo_won(), s)
        if len(results) == 2:
            break
    assert False in results, "no lost solo game in 39 random ones"
    for won, s in results.items():
        field = labels.rivals(s)
        assert field is not None
        assert field["rivals"][0]["score"] == s.ai_score()
        assert field["rivals"][0]["rank"] == (2 if won else 1)
        assert field["seat_ranks"] == [1 if won else 2]
        assert field["rivals"][0]["name"] == {"en": "AI opponent", "zh-TW": "AI 對手"}
        for lang, me, ai in (
            ("en", "player 1 (you)", "AI opponent"),
            ("zh-TW", "玩家 1（你）", "AI 對手"),
        ):
            rows = [ln for ln in result_lines(s, [me], lang) if ln.startswith("  ")]
            first, second = (ai, me) if not won else (me, ai)
            assert first in rows[0] and second in rows[1], rows
            assert ("1" in rows[0].split()[:3][0] + rows[0]) and len(rows) == 2


def test_the_solo_end_sentence_names_the_seat_for_whoever_reads_it() -> None:
    """The page's end sentence (names: the seat's mark, filled with its name) said "You
    scored 43 against the AI's 68: you lost" to a spectator watching a bot play."""
    s = _finished(1, 2)
    me, ai = text._num(s.scores()[0]), text._num(s.ai_score())
    got = labels.end_labels(s, labels.seat_marks(1))
    assert got is not None
    outcome = (
        ("a win.", "獲勝。")
        if s.solo_won()
        else ("a loss (the AI must be outscored).", "落敗（必須比 AI 分數高）。")
    )
    assert got["en"].endswith(f"{{seat:0}} scored {me} against the AI's {ai}: {outcome[0]}")
    assert got["zh-TW"].endswith(f"{{seat:0}}得 {me} 分，AI 得 {ai} 分：{outcome[1]}")
    for lang, pattern in (("en", r"\b(you|your)\b"), ("zh-TW", "你")):
        assert not re.search(pattern, got[lang], re.I), got[lang]


@pytest.mark.parametrize(("lang", "over"), [("en", "Game over"), ("zh-TW", "遊戲結束")])
def test_game_over_is_said_once(lang: str, over: str) -> None:
    """The terminal says "Game over." (遊戲結束。) and the page's header "The game is over"
    above the game's own end sentence; at the round cap that sentence said 遊戲結束 again."""
    s = started(2, seed=3)
    at_phase(s, OVER)  # at the designed round cap: no card uncovered
    assert s.is_terminal() and not s.final_round()
    said = text.end_label(s, lang, ["Ann", "Bob"])
    assert said == text.END("round_cap", lang, n=int(RULES["round_cap"]))
    assert over.lower() not in said.lower()
    assert over not in text.render(s.view(0), 0, lang)


def test_a_game_with_seats_only_has_no_rivals() -> None:
    assert labels.rivals(_finished(2, 3)) is None
    assert labels.rivals(started(1, seed=2)) is None  # not over yet


@pytest.mark.parametrize(
    ("lang", "ai_first", "me_second", "lost"),
    [
        ("en", "  rank 1  AI opponent", "  rank 2  player 1 (you)", "You lost."),
        ("zh-TW", "  第 1 名  AI 對手", "  第 2 名  玩家 1（你）", "你輸了。"),
    ],
)
def test_a_lost_solo_game_in_the_terminal_ranks_the_ai_first(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    ai_first: str,
    me_second: str,
    lost: str,
) -> None:
    """Typing 1 every time (no primary action, no hire) loses to the AI; the table said
    "rank 1 player 1 (you)" above "You lost." and named no AI."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    code = main(["play", "viscounts", "--players", "1", "--seed", "3", "--lang", lang])
    out = capsys.readouterr().out
    assert code == 0 and out.rstrip().endswith(lost)
    lines = out.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith(ai_first))
    assert lines[at + 1].startswith(me_second), lines[at - 2 : at + 3]
    # the breakdown by source was drawn with the last board, the AI's column beside mine
    head = text.TEXT("final_head", lang)
    assert head in out and text.TEXT("ai_name", lang) in out.split(head)[-1].splitlines()[1]


# -- item 15: the solo AI's pieces named as the AI's ------------------------------------------


def _solo_with_ai_buildings() -> ViscountsState:
    s = started(1, seed=2)
    rng = Rng(2)
    while not s.is_terminal():
        if sum(s.built[s.ai]) and any(w[s.ai] for w in s.tier1 + s.tier2):
            return s
        seat = s.turn().seats[0]
        legal = s.legal_actions(seat)
        s.apply(legal[rng.randbelow(len(legal))], seat)
    raise AssertionError("the AI built nothing and placed no worker in a whole game")


def test_the_terminal_names_the_solo_ais_buildings_and_workers_as_the_ais() -> None:
    s = _solo_with_ai_buildings()
    en = text.render(s.view(0), 0, "en")
    zh = text.render(s.view(0), 0, "zh-TW")
    assert "Player 2" not in en and "玩家 2" not in zh  # the AI holds no seat
    assert re.search(r"\d+ the AI's (workshop|trading post|guildhall)", en), en
    assert re.search(r"\d+ AI 對手的(工坊|貿易站|市政廳)", zh), zh
    assert re.search(r"tier [12] [^;]*the AI ×\d", en)
    assert "viscounts here:" in en and "the AI (" in en  # its viscount stands on the ring


# -- item 6: one Chinese word for each game word ----------------------------------------------

#: The game's words in Traditional Chinese, as the seed says them (its Viscounts part), and
#: the other words the screens used for them before.
GLOSSARY = {
    "墮落": ("腐敗",),  # corruption: 「墮落標記」
    "建築工": ("建築師",),  # the builder icon: 「建築工圖示」 (建築師 is the Architect's name)
    "墨水瓶": ("墨水",),  # ink: 「墨水瓶」
    "城堡領袖": ("城主",),  # the castle leader: 「城堡領袖卡」
    "綬帶": ("緞帶",),  # a manuscript's ribbon: 「綬帶顏色」
    "區域": ("區段",),  # a castle section: 「與當前行動玩家的子爵相鄰的區域」
    "外側": ("外圈",),  # the outer spaces: 「外側路徑」
    "內側": ("內圈",),  # the inner spaces: 「內側路徑」
    "僱用": ("雇用",),
}


def _zh_texts() -> dict[str, str]:
    """Every Traditional Chinese string of the game's screens and its rules document."""
    from meeple.core.i18n import Strings

    out: dict[str, str] = {}
    tables: dict[str, Strings] = {
        f"{module.__name__.rsplit('.', 1)[1]}.{name}": getattr(module, name)
        for module, names in (
            (text, ("TEXT", "LOG", "END", "EXCHANGE")),
            (describe, ("WORDS", "TOLD", "CARD")),
            (preview, ("WORDS",)),
        )
        for name in names
        if hasattr(module, name)
    }
    for name, table in tables.items():
        for key, value in table["zh-TW"].items():
            out[f"{name}.{key}"] = value
    page = json.loads((ROOT / "src/meeple/web/static/i18n/viscounts.json").read_text("utf-8"))
    for key, value in page.items():
        out[f"viscounts.json.{key}"] = value["zh-TW"]
    doc = (ROOT / "docs/games/viscounts.md").read_text("utf-8")
    zh_rules = doc.split("## 規則（繁體中文）", 1)[1].split("\n## ", 1)[0]
    out["rules doc"] = zh_rules
    return out


def test_each_game_word_has_one_chinese_term_across_terminal_browser_and_rules() -> None:
    """Corruption was 墮落 in the rules and 腐敗 on screen; the builder icon 建築工 and 建
    築師; a castle section 區域 and 區段; ink 墨水瓶 and 墨水..."""
    card_names = sorted({c.zh for c in CARDS}, key=len, reverse=True)
    wrong = []
    texts = _zh_texts()
    for where, said in texts.items():
        for name in card_names:  # a card's name is a name, not the game word (建築師)
            said = said.replace(name, "")
        for term, others in GLOSSARY.items():
            for other in others:
                hits = re.findall(re.escape(other) + ("(?!瓶)" if other == "墨水" else ""), said)
                if hits:
                    wrong.append((where, other, term))
    assert not wrong, wrong[:8]
    # the log's and the cards' words were read too
    assert {"text.LOG.move", "describe.TOLD.may", "describe.CARD.play"} <= set(texts)
    doc = texts["rules doc"]
    for term in ("墮落", "建築工", "墨水瓶", "城堡領袖", "區域", "外側", "內側"):
        assert term in doc, term  # the rules say each term the screens use


@pytest.mark.parametrize("players", [1, 4])
def test_chinese_lists_take_chinese_punctuation(players: int) -> None:
    """The AI's schemes were joined with ", ", a payment with " + "; a Chinese list takes 、."""
    s = started(players, seed=2)
    rng = Rng(5)
    for _ in range(120):
        if s.is_terminal():
            break
        seat = s.turn().seats[0]
        legal = s.legal_actions(seat)
        for a in legal:
            for said in (
                text.state_label(s, a, "zh-TW"),
                log_label(s, a, seat, None, "zh-TW"),
            ):
                assert not re.search(r", |; | \+ |: ", said), said
        s.apply(legal[rng.randbelow(len(legal))], seat)
        shown = text.render(s.view(0), 0, "zh-TW")
        assert not re.search(r"[\u4e00-\u9fff）], |, [\u4e00-\u9fff]", shown), shown
    if players == 1:
        assert len(s.ai_board) >= 2  # the schemes' list was drawn with two names or more
