"""Province in the terminal: the board drawn as text and actions in words, English and 繁體中文.

Both functions work from public data only (a view, an action), so the CLI can
use them for any seat or a spectator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings, lang_of
from meeple.games.province.actions import (
    BoatToss,
    Borrow,
    Build,
    EndTurn,
    FirstPlayer,
    Grind,
    Hire,
    Move,
    Repay,
    RevealGoal,
    UnionLabor,
)
from meeple.games.province.components import DATA, HIRE_COST, MAX_TURNS, REPAY_COST, popcount

BUILDING_INFO: dict[str, dict[str, Any]] = {b["id"]: b for b in DATA["buildings"]}
GOAL_INFO: dict[str, dict[str, Any]] = {g["id"]: g for g in DATA["goals"]}

_WORKER_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "green": "green worker",
        "camp": "yellow camp worker",
        "village": "orange village worker",
        "red": "red sailor",
        "blue": "blue sailor",
    },
    "zh-TW": {
        "green": "綠色工人",
        "camp": "黃色營地工人",
        "village": "橘色村莊工人",
        "red": "紅色水手",
        "blue": "藍色水手",
    },
}
WORKER_NAMES = Strings(_WORKER_NAMES)

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "seat": "Player {n} ({colour})",
        "seat_plain": "Player {n}",
        "you": " (you)",
        "turn": "Turn {t} · {who} to play · phase: {phase}",
        "over": "Game over after {t} turns. Winner(s): {who}",
        "setup": "Setting up: tossing a boat for the start player",
        "supply": "Coin supply: {n}",
        "cycle": "Work cycle (clockwise 1 → 2 → 3 → 1):",
        "moved_mark": "* moved this turn",
        "space_labor": "labor",
        "space_coin": "coin",
        "empty": "-",
        "next": "a move from here: +1 {what}",
        "labor": "Labor this turn: {n} (gained {g})",
        "built_turn": "already built this turn",
        "may_hire": "may hire a sailor",
        "coins": "coins {n}",
        "score": "score {n}",
        "buildings": "buildings: {list}",
        "goals": "goals: {list}",
        "sailors": "sailors {n}",
        "none": "none",
        "goal_up": "Goal face up: {goal} · {n} left in the stack",
        "no_goal": "No goal face up · {n} left in the stack",
        "loan": "Loan token: held by {who}, borrowing {b}",
        "loan_free": "Loan token: in the supply",
        "board": "Buildings (labor + coins, points, first builder):",
        "needs": "needs {b}",
        "phase_setup": "setup",
        "phase_boats": "boat toss",
        "phase_work": "move workers",
        "phase_spend": "spend",
        "phase_end_boats": "boat toss (new Harbor)",
        "phase_over": "over",
    },
    "zh-TW": {
        "seat": "玩家 {n}（{colour}）",
        "seat_plain": "玩家 {n}",
        "you": "（你）",
        "turn": "第 {t} 回合 · 輪到 {who} · 階段：{phase}",
        "over": "遊戲結束，共 {t} 回合。勝者：{who}",
        "setup": "遊戲設置：拋船決定起始玩家",
        "supply": "供應區金錢：{n}",
        "cycle": "工作周期（順時針 1 → 2 → 3 → 1）：",
        "moved_mark": "* 本回合已移動",
        "space_labor": "勞動力",
        "space_coin": "金錢",
        "empty": "－",
        "next": "從這裡移動：+1 {what}",
        "labor": "本回合勞動力：{n}（共獲得 {g}）",
        "built_turn": "本回合已建造",
        "may_hire": "可雇用水手",
        "coins": "{n} 元",
        "score": "{n} 分",
        "buildings": "建築：{list}",
        "goals": "目標：{list}",
        "sailors": "水手 {n}",
        "none": "無",
        "goal_up": "翻開的目標：{goal} · 目標堆還剩 {n} 個",
        "no_goal": "沒有翻開的目標 · 目標堆還剩 {n} 個",
        "loan": "借貸幣：{who} 持有，借用{b}",
        "loan_free": "借貸幣：在供應區",
        "board": "建築（勞動力 + 金錢，分數，首位建造者）：",
        "needs": "需先蓋{b}",
        "phase_setup": "設置",
        "phase_boats": "拋船",
        "phase_work": "移動工人",
        "phase_spend": "資源花費",
        "phase_end_boats": "拋船（新港口）",
        "phase_over": "結束",
    },
}
TEXT = Strings(_TEXT)

COLOUR_NAMES = Strings({"en": {"red": "red", "blue": "blue"}, "zh-TW": {"red": "紅", "blue": "藍"}})
_BOAT_NAMES = {
    "en": {
        "white": "two white: 1 labor",
        "black": "two black: 1 coin",
        "mixed": "mixed: may hire a sailor",
    },
    "zh-TW": {
        "white": "兩個白面：1 點勞動力",
        "black": "兩個黑面：1 元",
        "mixed": "一白一黑：可雇用水手",
    },
}
BOAT_NAMES = Strings(_BOAT_NAMES)


#: Every action's words, by action kind.
LABELS = Strings(
    {
        "en": {
            "move": "Move the {worker}",
            "build": "Build {name} ({labor} labor + {coins} coins, {points} pt)",
            "grind": "Grind: 2 labor for 1 coin",
            "union": "Union: 2 coins for 1 labor",
            "borrow": "Take the loan token and borrow the {name}",
            "repay": "Pay {cost} coins to return the loan token",
            "hire": "Hire a sailor for {cost} coins",
            "end": "End the turn",
            "first": "Start player: player {n}",
            "boats": "Boats: {result}",
            "reveal": "Goal revealed: {name}",
        },
        "zh-TW": {
            "move": "移動{worker}",
            "build": "建造{name}（{labor} 勞動力 + {coins} 元，{points} 分）",
            "grind": "研磨：2 勞動力換 1 元",
            "union": "工會：2 元換 1 勞動力",
            "borrow": "拿借貸幣，借用對手的{name}",
            "repay": "付 {cost} 元歸還借貸幣",
            "hire": "花 {cost} 元雇用一個水手",
            "end": "結束回合",
            "first": "起始玩家：玩家 {n}",
            "boats": "拋船：{result}",
            "reveal": "翻開目標：{name}",
        },
    }
)


def building_name(b: str, lang: str) -> str:
    info = BUILDING_INFO[b]
    return str(info["name_zh"] if lang_of(lang) == "zh-TW" else info["name"])


def goal_name(g: str, lang: str) -> str:
    info = GOAL_INFO[g]
    return str(info["name_zh"] if lang_of(lang) == "zh-TW" else info["name"])


def worker_name(w: str, lang: str) -> str:
    names = WORKER_NAMES[lang]
    base = w.rstrip("0123456789")
    number = w[len(base) :]
    return names[base] + (f" {number}" if number else "")


def action_label(action: Action, lang: str) -> str:
    """One action in words, e.g. ``Build Mill (4 labor + 2 coins, 2 pt)`` or ``建造磨坊…``."""
    if isinstance(action, Move):
        return LABELS("move", lang, worker=worker_name(action.worker, lang))
    if isinstance(action, Build):
        info = BUILDING_INFO[action.building]
        name = building_name(action.building, lang)
        return LABELS(
            "build",
            lang,
            name=name,
            labor=info["labor"],
            coins=info["coins"],
            points=info["points"],
        )
    if isinstance(action, Borrow):
        return LABELS("borrow", lang, name=building_name(action.building, lang))
    if isinstance(action, Repay):
        return LABELS("repay", lang, cost=REPAY_COST)
    if isinstance(action, Hire):
        return LABELS("hire", lang, cost=HIRE_COST)
    if isinstance(action, (Grind, UnionLabor, EndTurn)):
        return LABELS(action.kind, lang)
    if isinstance(action, FirstPlayer):
        return LABELS("first", lang, n=action.seat + 1)
    if isinstance(action, BoatToss):
        return LABELS("boats", lang, result=BOAT_NAMES(action.result, lang))
    if isinstance(action, RevealGoal):
        return LABELS("reveal", lang, name=goal_name(action.goal, lang))
    return str(action)


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The board as text: whose turn, the work cycle, each player's town, goals, buildings."""
    lg = lang_of(lang)
    t = TEXT[lg]
    colours = COLOUR_NAMES[lg]
    lines: list[str] = []

    def who(s: int) -> str:
        return t["seat"].format(n=s + 1, colour=colours[view["players"][s]["colour"]]) + (
            t["you"] if s == seat else ""
        )

    if view["phase"] == "over":
        winners = ", ".join(who(s) for s in view["winners"] or [])
        lines.append(t["over"].format(t=view["turns"], who=winners))
    elif view["current"] is None:
        lines.append(t["setup"])
    else:
        lines.append(
            t["turn"].format(
                t=view["turns"] + 1, who=who(view["current"]), phase=t["phase_" + view["phase"]]
            )
        )
    lines.append(t["supply"].format(n=view["supply"]))
    lines.append("")
    lines.append(t["cycle"])
    moved = set(view["moved"])
    for i, space in enumerate(view["spaces"]):
        here = [
            worker_name(w, lg) + ("*" if w in moved else "")
            for w, p in view["workers"].items()
            if p == i
        ]
        label = t["space_labor"] if space == "labor" else t["space_coin"]
        nxt = view["spaces"][(i + 1) % len(view["spaces"])]
        hint = t["next"].format(what=t["space_labor"] if nxt == "labor" else t["space_coin"])
        lines.append(
            f"  {i + 1}. [{label}] " + (", ".join(here) if here else t["empty"]) + f"   ({hint})"
        )
    if view["current"] is not None and view["phase"] != "over":
        extra = [t["labor"].format(n=view["labor"], g=view["labor_gained"])]
        if moved:  # the mark after a worker's name, said where it is drawn
            extra.insert(0, t["moved_mark"])
        if view["built_this_turn"]:
            extra.append(t["built_turn"])
        if view["may_hire"]:
            extra.append(t["may_hire"])
        lines.append("  " + " · ".join(extra))
    lines.append("")
    for s, p in enumerate(view["players"]):
        blist = ", ".join(building_name(b, lg) for b in p["buildings"]) or t["none"]
        glist = ", ".join(goal_name(g, lg) for g in p["goals"]) or t["none"]
        lines.append(
            f"{who(s)}: "
            + " · ".join(
                [
                    t["score"].format(n=int(p["score"])),
                    t["coins"].format(n=p["coins"]),
                    t["sailors"].format(n=p["sailors"]),
                ]
            )
        )
        lines.append("    " + t["buildings"].format(list=blist))
        lines.append("    " + t["goals"].format(list=glist))
    lines.append("")
    if view["goal_up"]:
        g = view["goal_up"]
        text = GOAL_INFO[g]["text_zh" if lg == "zh-TW" else "text"]
        lines.append(t["goal_up"].format(goal=f"{goal_name(g, lg)} ({text})", n=view["goals_left"]))
    else:
        lines.append(t["no_goal"].format(n=view["goals_left"]))
    loan = view["loan"]
    if loan["holder"] is None:
        lines.append(t["loan_free"])
    else:
        lines.append(
            t["loan"].format(who=who(loan["holder"]), b=building_name(loan["building"], lg))
        )
    lines.append("")
    lines.append(t["board"])
    for b, info in BUILDING_INFO.items():
        first = view["first_builder"][b]
        owner = who(first) if first is not None else t["empty"]
        needs = (
            f" ({t['needs'].format(b=building_name(info['requires'], lg))})"
            if info["requires"]
            else ""
        )
        lines.append(
            f"  {building_name(b, lg)}: {info['labor']} + {info['coins']}, "
            f"{info['points']} · {owner}{needs}"
        )
    return "\n".join(lines)


#: How a game ended, for the result box (``end_label``, ``tiebreak_label``).
END = Strings(
    {
        "en": {
            "seven_by": "{who} has built seven buildings.",
            "all_types_built": "Every kind of building has been built.",
            "goals_exhausted": "All five goals have been turned up and claimed.",
            "turn_cap": "The turn limit ({n} turns) was reached before any end condition.",
            "tiebreak": "Equal points: the tie is broken by the most buildings ({counts}).",
            "still_tied": "Equal points and equal buildings: the win is shared.",
        },
        "zh-TW": {
            "seven_by": "{who} 蓋好了七棟建築。",
            "all_types_built": "每一種建築都已經有人蓋了。",
            "goals_exhausted": "五張目標都已翻開並被達成。",
            "turn_cap": "在任何結束條件成立前，已達回合上限（{n} 回合）。",
            "tiebreak": "同分：以建築較多者勝（{counts}）。",
            "still_tied": "同分且建築數相同：共同獲勝。",
        },
    }
)


def end_label(state: Any, lang: str, names: Sequence[str] | None) -> str:
    """Which end condition closed the game (the seed's three), or the designed turn cap;
    seven buildings names who built them (``names``: the seats as the reader knows them)."""
    condition = state.end_condition()
    if condition is None:
        return END("turn_cap", lang, n=MAX_TURNS)
    if condition == "seven_buildings":
        builders = [s for s in range(2) if popcount(state.built[s]) >= 7]
        who = [names[s] if names else TEXT("seat_plain", lang, n=s + 1) for s in builders]
        return END("seven_by", lang, who=("、" if lang_of(lang) == "zh-TW" else " and ").join(who))
    return END(condition, lang)


def tiebreak_label(state: Any, lang: str) -> str | None:
    """How equal points were settled (buildings), or None when the points differed."""
    scores = state.scores()
    if scores[0] != scores[1]:
        return None
    counts = [popcount(b) for b in state.built]
    if counts[0] == counts[1]:
        return END("still_tied", lang)
    return END("tiebreak", lang, counts=f"{counts[0]} : {counts[1]}")


#: The game's vocabulary (meeple.core.vocabulary): what its options and their values
#: are called, ``<option>``, ``<option>.help`` and ``<option>.<value>``. The server sends
#: them with the game, the lobby and the terminal show them.
OPTION_WORDS = Strings(
    {
        "en": {
            "goals": "Goal tokens",
            "goals.help": "5: the original five goals, all used. 9: four more goals join the pool and five of the nine are drawn.",
        },
        "zh-TW": {
            "goals": "目標指示物",
            "goals.help": "5：原本的五個目標全部使用。9：再加入四個目標，從九個中抽出五個。",
        },
    }
)
