"""Viscounts as text: the kingdom, castle, boards and tracks for the terminal, and every
action's label, in English and Traditional Chinese.

Card effects are described from their programs (the effect language), so a
card's words are never written twice and an expansion's cards get words
for free.
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings
from meeple.games.viscounts.actions import (
    Build,
    Bump,
    CastleMove,
    Choose,
    Flip,
    FreeBuild,
    FreeHire,
    Hire,
    Move,
    NoAction,
    Pick,
    PickPair,
    PickTop,
    PlaceWorker,
    Play,
    Rearrange,
    Resource,
    Skip,
    TakeManuscript,
    Trade,
    Transcribe,
    Workers,
)
from meeple.games.viscounts.components import (
    BUILDING_KINDS,
    CARDS,
    FOCUS,
    ICONS,
    MANUSCRIPTS,
    RIBBONS,
    RULES,
    SCHEMES,
    SEGMENTS,
    TRACK,
)

TEXT = Strings(
    {
        "en": {
            "pair": "Take pair {index}",
            "play": "Play {card}",
            "move": "Move to {space}",
            "trade": "Trade {uses} time(s){dismiss}",
            "build": "Build a {building} on spot {spot}{dismiss}",
            "workers": "Place {count} worker(s){dismiss}",
            "transcribe": "Transcribe the manuscript{dismiss}",
            "dismissing": ", dismissing the adjacent townsfolk",
            "no_action": "No primary action",
            "hire": "Hire the adjacent townsfolk",
            "no_hire": "Hire nobody",
            "choose": "Option {option}",
            "pick": "{card} from your hand",
            "pick_top": "The top card of your draw pile",
            "skip": "Skip",
            "rearrange": "Board order {order}",
            "resource": "Take {name}",
            "flip": "Flip a {what}",
            "free_hire": "Hire free from pile {position}",
            "castle_move": "Move a worker from wedge {wedge} to {to}",
            "bump": "Bump a worker of seat {seat}",
            "free_build": "Build a {building} free on spot {spot}",
            "place_worker": "A worker into wedge {wedge}",
            "take_manuscript": "Take the manuscript of pile {position}",
            "outer_left": "outer space {number}",
            "outer_right": "outer space {number}",
            "inner": "inner space of segment {segment}",
            "round": "Round {round}{last}",
            "last": " (the last round)",
            "cap": " (the round cap is {cap}: the game ends after round {cap})",
            "ai": "The AI opponent, {focus}, {difficulty}: {space}; {score} points so far",
            "ai_res": "  silver {silver}, ink {ink}, gold {gold}, stone {stone}; "
            "debts {debts} (paid {paid}), deeds {deeds} (approved {approved})",
            "ai_board": "  Its schemes: {cards}; {deck} in its deck",
            "ai_last": "  Its last turn (round {round}): {scheme}, {space}, {what}",
            "ai_did": "did {action}",
            "ai_fell_back": "could not {action}: took its fallback",
            "easy": "easy",
            "normal": "normal",
            "hard": "hard",
            "expert": "expert",
            "seat": "Seat {seat}",
            "you": " (you)",
            "hand": "Hand: {cards}",
            "board": "Board: {cards}",
            "track": "Track: {track}",
            "res": "silver {silver}, ink {ink}, gold {gold}, stone {stone}",
            "dd": "debts {debts} (paid {paid}), deeds {deeds} (approved {approved})",
            "piles": "Pile {position}: {card} ({size} left); manuscript cost {cost} {ribbon}",
            "castle": "Castle wedge {wedge}: tier 1 {t1}, tier 2 {t2}",
            "decision": "Waiting for seat {seat}: {kind}",
            "workshop": "workshop",
            "trading_post": "trading post",
            "guildhall": "guildhall",
            "a_trade": "trade",
            "a_build": "build",
            "a_workers": "place workers",
            "a_transcribe": "transcribe",
            "ink": "ink",
            "gold": "gold",
            "stone": "stone",
            "debt": "debt",
            "deed": "deed",
            "grey": "grey",
            "black": "black",
            "yellow": "yellow",
            "blue": "blue",
            "colon": ": ",
            "k_choose": "choose an option",
            "k_discard": "a card to discard",
            "k_destroy": "a card to destroy",
            "k_rearrange": "rearrange the board",
            "k_resource": "a resource",
            "k_flip": "a debt or deed to flip",
            "k_free_hire": "a free hire",
            "k_castle_move": "a castle move",
            "k_bump": "whose worker to bump",
            "k_free_build": "a free building",
            "k_place_worker": "where a worker goes",
            "k_take_manuscript": "a manuscript",
        },
        "zh-TW": {
            "pair": "拿取第 {index} 組卡牌",
            "play": "打出{card}",
            "move": "移動到{space}",
            "trade": "交易 {uses} 次{dismiss}",
            "build": "在建築點 {spot} 建造{building}{dismiss}",
            "workers": "放置 {count} 名工人{dismiss}",
            "transcribe": "抄錄手抄本{dismiss}",
            "dismissing": "，並遣散相鄰的居民",
            "no_action": "不執行主要行動",
            "hire": "僱用相鄰的居民",
            "no_hire": "不僱用",
            "choose": "選項 {option}",
            "pick": "手牌中的{card}",
            "pick_top": "抽牌堆最上方的卡牌",
            "skip": "跳過",
            "rearrange": "圖板排列 {order}",
            "resource": "拿取{name}",
            "flip": "將 1 張{what}翻面",
            "free_hire": "免費僱用第 {position} 堆的居民",
            "castle_move": "將 1 名工人從區域 {wedge} 移到區域 {to}",
            "bump": "撞掉座位 {seat} 的 1 名工人",
            "free_build": "在建築點 {spot} 免費建造{building}",
            "place_worker": "放 1 名工人到區域 {wedge}",
            "take_manuscript": "拿取第 {position} 堆的手抄本",
            "outer_left": "外側格子 {number}",
            "outer_right": "外側格子 {number}",
            "inner": "第 {segment} 片的內側格子",
            "round": "第 {round} 輪{last}",
            "last": "（最後一輪）",
            "cap": "（輪數上限 {cap}：第 {cap} 輪後遊戲結束）",
            "ai": "AI 對手：{focus}，{difficulty}；{space}；目前 {score} 分",
            "ai_res": "  銀幣 {silver}、墨水瓶 {ink}、黃金 {gold}、石頭 {stone}；"
            "債務 {debts}（已償還 {paid}）、地契 {deeds}（已批准 {approved}）",
            "ai_board": "  它的計謀：{cards}；牌堆剩 {deck} 張",
            "ai_last": "  它的上一回合（第 {round} 輪）：{scheme}，{space}，{what}",
            "ai_did": "執行了{action}",
            "ai_fell_back": "無法{action}，改拿替代獎勵",
            "easy": "簡單",
            "normal": "普通",
            "hard": "困難",
            "expert": "專家",
            "seat": "座位 {seat}",
            "you": "（你）",
            "hand": "手牌：{cards}",
            "board": "圖板：{cards}",
            "track": "碰撞軌：{track}",
            "res": "銀幣 {silver}、墨水瓶 {ink}、黃金 {gold}、石頭 {stone}",
            "dd": "債務 {debts}（已償還 {paid}）、地契 {deeds}（已批准 {approved}）",
            "piles": "第 {position} 堆：{card}（剩 {size} 張）；手抄本需 {cost} 牧師（{ribbon}）",
            "castle": "城堡區域 {wedge}：第一層 {t1}，第二層 {t2}",
            "decision": "等待座位 {seat} 決定：{kind}",
            "workshop": "工坊",
            "trading_post": "貿易站",
            "guildhall": "市政廳",
            "a_trade": "交易",
            "a_build": "建造",
            "a_workers": "放置工人",
            "a_transcribe": "抄錄",
            "ink": "墨水瓶",
            "gold": "黃金",
            "stone": "石頭",
            "debt": "債務",
            "deed": "地契",
            "grey": "灰",
            "black": "黑",
            "yellow": "黃",
            "blue": "藍",
            "colon": "：",
            "k_choose": "選擇一個選項",
            "k_discard": "要棄掉的卡牌",
            "k_destroy": "要摧毀的卡牌",
            "k_rearrange": "重新排列圖板",
            "k_resource": "一個資源",
            "k_flip": "要翻面的債務或地契",
            "k_free_hire": "免費僱用",
            "k_castle_move": "城堡中的移動",
            "k_bump": "撞掉誰的工人",
            "k_free_build": "免費建造",
            "k_place_worker": "工人放在哪裡",
            "k_take_manuscript": "一份手抄本",
        },
    }
)


def card_name(card: int, lang: str) -> str:
    c = CARDS[card]
    return c.zh if lang == "zh-TW" else c.name


def space_name(space: int, ring: list[int] | None, lang: str) -> str:
    pos, k = divmod(space, 3)
    if k == 2:
        return TEXT("inner", lang, segment=pos + 1)
    number = 2 * (ring[pos] if ring else pos) + k + 1
    return TEXT("outer_left" if k == 0 else "outer_right", lang, number=number)


def action_label(action: Action, lang: str) -> str:
    dm = TEXT("dismissing", lang) if getattr(action, "dismiss", 0) else ""
    if isinstance(action, PickPair):
        return TEXT("pair", lang, index=action.index + 1)
    if isinstance(action, Play):
        return TEXT("play", lang, card=card_name(action.card, lang))
    if isinstance(action, Move):
        return TEXT("move", lang, space=space_name(action.space, None, lang))
    if isinstance(action, Trade):
        return TEXT("trade", lang, uses=action.uses, dismiss=dm)
    if isinstance(action, Build):
        return TEXT(
            "build",
            lang,
            building=TEXT(BUILDING_KINDS[action.building], lang),
            spot=action.spot + 1,
            dismiss=dm,
        )
    if isinstance(action, Workers):
        return TEXT("workers", lang, count=action.count, dismiss=dm)
    if isinstance(action, Transcribe):
        return TEXT("transcribe", lang, dismiss=dm)
    if isinstance(action, NoAction):
        return TEXT("no_action", lang)
    if isinstance(action, Hire):
        return TEXT("hire" if action.take else "no_hire", lang)
    if isinstance(action, Choose):
        return TEXT("choose", lang, option=action.option + 1)
    if isinstance(action, Pick):
        return TEXT("pick", lang, card=card_name(action.card, lang))
    if isinstance(action, PickTop):
        return TEXT("pick_top", lang)
    if isinstance(action, Skip):
        return TEXT("skip", lang)
    if isinstance(action, Rearrange):
        return TEXT("rearrange", lang, order=action.order + 1)
    if isinstance(action, Resource):
        return TEXT("resource", lang, name=TEXT(action.name, lang))
    if isinstance(action, Flip):
        return TEXT("flip", lang, what=TEXT(action.what, lang))
    if isinstance(action, FreeHire):
        return TEXT("free_hire", lang, position=action.position + 1)
    if isinstance(action, CastleMove):
        return TEXT("castle_move", lang, wedge=action.wedge + 1, to=action.to + 1)
    if isinstance(action, Bump):
        return TEXT("bump", lang, seat=action.seat + 1)
    if isinstance(action, FreeBuild):
        return TEXT(
            "free_build",
            lang,
            building=TEXT(BUILDING_KINDS[action.building], lang),
            spot=action.spot + 1,
        )
    if isinstance(action, PlaceWorker):
        return TEXT("place_worker", lang, wedge=action.wedge + 1)
    if isinstance(action, TakeManuscript):
        return TEXT("take_manuscript", lang, position=action.position + 1)
    return str(action)


def _cards(cards: list[int], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in cards) or "-"


def _track(p: dict[str, Any]) -> str:
    cells = []
    for i in range(TRACK):
        mark = ("C" if p["corruption"] == i else "") + ("V" if p["virtue"] == i else "")
        cells.append(mark or ".")
    return " ".join(cells)


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    lines = []
    last = (
        TEXT("last", lang) if view["end_round"] >= 0 and view["round"] >= view["end_round"] else ""
    )
    cap = TEXT("cap", lang, cap=view["round_cap"]) if view.get("round_cap_near") else ""
    lines.append(TEXT("round", lang, round=view["round"], last=last) + cap)
    for p, (pile, ms) in enumerate(zip(view["piles"], view["manuscripts"], strict=True)):
        m = MANUSCRIPTS[ms["top"]]
        ribbon = TEXT(RIBBONS[m.ribbon], lang) if m.ribbon >= 0 else "-"
        lines.append(
            TEXT(
                "piles",
                lang,
                position=p + 1,
                card=card_name(pile["top"], lang),
                size=pile["size"],
                cost=m.cost,
                ribbon=ribbon,
            )
        )
    for w in range(len(view["tier1"])):
        lines.append(TEXT("castle", lang, wedge=w + 1, t1=view["tier1"][w], t2=view["tier2"][w]))
    for t, p in enumerate(view["players"]):
        lines.append(
            TEXT("seat", lang, seat=t + 1)
            + (TEXT("you", lang) if t == seat else "")
            + ": "
            + space_name(p["space"], view["ring"], lang)
            if p["space"] >= 0
            else TEXT("seat", lang, seat=t + 1)
        )
        lines.append(
            "  " + TEXT("res", lang, **{k: p[k] for k in ("silver", "ink", "gold", "stone")})
        )
        lines.append(
            "  " + TEXT("dd", lang, **{k: p[k] for k in ("debts", "paid", "deeds", "approved")})
        )
        lines.append("  " + TEXT("board", lang, cards=_cards(p["board"], lang)))
        lines.append("  " + TEXT("track", lang, track=_track(p)))
        if "hand" in p:
            lines.append("  " + TEXT("hand", lang, cards=_cards(p["hand"], lang)))
    if view.get("ai"):
        lines += _ai_lines(view["ai"], view["ring"], lang)
    d = view.get("decision")
    if d is not None:
        lines.append(TEXT("decision", lang, seat=d["seat"] + 1, kind=TEXT("k_" + d["kind"], lang)))
    return "\n".join(lines)


def scheme_name(scheme: int, lang: str) -> str:
    c = SCHEMES[scheme]
    return c.zh if lang == "zh-TW" else c.name


def focus_name(name: str, lang: str) -> str:
    f = next(f for f in FOCUS if f.name == name)
    return f.zh if lang == "zh-TW" else f.en


def _ai_lines(ai: dict[str, Any], ring: list[int], lang: str) -> list[str]:
    """The solo AI: who it is, where, its score so far, its holdings and its last turn."""
    lines = [
        TEXT(
            "ai",
            lang,
            focus=focus_name(ai["focus"], lang),
            difficulty=TEXT(ai["difficulty"], lang),
            space=space_name(ai["space"], ring, lang),
            score=_num(ai["score"]),
        ),
        TEXT(
            "ai_res",
            lang,
            **{k: ai[k] for k in ("silver", "ink", "gold", "stone")},
            **{k: ai[k] for k in ("debts", "paid", "deeds", "approved")},
        ),
        TEXT(
            "ai_board",
            lang,
            cards=", ".join(scheme_name(c, lang) for c in ai["board"]) or "-",
            deck=ai["deck_size"],
        ),
    ]
    if ai["turns"]:
        t = ai["turns"][-1]
        action = TEXT("a_" + t["action"], lang) if t["action"] else "-"
        lines.append(
            TEXT(
                "ai_last",
                lang,
                round=t["round"],
                scheme=scheme_name(t["scheme"], lang),
                space=space_name(t["to"], ring, lang) if t["to"] >= 0 else "-",
                what=TEXT("ai_did" if t["done"] else "ai_fell_back", lang, action=action),
            )
        )
    return lines


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


_ = (ICONS, SEGMENTS)


#: How a game ended, for the result box (``end_label``), in both languages.
END = Strings(
    {
        "en": {
            "poverty": "Poverty was uncovered: that round and one more were played.",
            "prosperity": "Prosperity was uncovered: that round and one more were played.",
            "both": "Poverty and Prosperity were both uncovered: that round and one more "
            "were played.",
            "round_cap": "The round cap ({n} rounds, a designed limit) ended the game.",
            "solo_won": "You scored {me} against the AI's {ai}: you won.",
            "solo_lost": "You scored {me} against the AI's {ai}: you lost (you must outscore it).",
        },
        "zh-TW": {
            "poverty": "貧困牌翻開了：打完那一輪，再多打一輪。",
            "prosperity": "繁榮牌翻開了：打完那一輪，再多打一輪。",
            "both": "貧困與繁榮牌都翻開了：打完那一輪，再多打一輪。",
            "round_cap": "到達輪數上限（{n} 輪，本平台設計的限制），遊戲結束。",
            "solo_won": "你得 {me} 分，AI 得 {ai} 分：你贏了。",
            "solo_lost": "你得 {me} 分，AI 得 {ai} 分：你輸了（必須比它分數高）。",
        },
    }
)


def end_label(state: Any, lang: str) -> str:
    """Which card started the end (Poverty, Prosperity or both), or the designed round cap;
    in solo, then the result against the AI with both scores."""
    why = _why(state, lang)
    if state.ai < 0:
        return why
    key = "solo_won" if state.solo_won() else "solo_lost"
    sep = "" if lang == "zh-TW" else " "
    return why + sep + END(key, lang, me=_num(state.scores()[0]), ai=_num(state.ai_score()))


def _why(state: Any, lang: str) -> str:
    if not state.final_round():  # the cap came first (a card may be up, its round not reached)
        return END("round_cap", lang, n=int(RULES["round_cap"]))
    if state.poverty and state.prosperity:
        return END("both", lang)
    if state.poverty:
        return END("poverty", lang)
    if state.prosperity:
        return END("prosperity", lang)
    return END("round_cap", lang, n=int(RULES["round_cap"]))
