"""The penguin egg game in the terminal: the rhombus board drawn as text and
actions in words, in English and 繁體中文.

Both functions read public data only (a view, an action), so the CLI can use
them for any seat or a spectator.
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.games.penguins.actions import (
    Cancel,
    ChooseScene,
    Discard,
    Draw,
    EndTurn,
    Explore,
    FirstPlayer,
    Guess,
    Hatch,
    Hide,
    Keep,
    Land,
    MoveEmperor,
    MoveSeal,
    Pass,
    Pick,
    PickSet,
    PickTriangle,
    Play,
    Resolve,
    ReturnCard,
)
from meeple.games.penguins.components import components
from meeple.games.penguins.geometry import MOVE_NAMES, lattice

GRID = lattice()
PIECE = {"": ".", "egg0": "o", "egg1": "x", "penguin0": "p", "penguin1": "q", "star0": "P",
         "star1": "Q", "seagull": "G", "iceberg": "#", "emperor": "E", "nest": "N", "seal": "S"}  # fmt: skip
TERRAIN = {"": " ", "storm": "*", "tent": "^", "river": "~", "hole": "@", "freezing": "=",
           "radiation": "!", "seaweed": "%", "blazing": "&", "krill": ","}  # fmt: skip

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "side0": "Blue (o, p, P)", "side1": "Red (x, q, Q)", "eggs": "eggs on board",
        "unused": "unused", "penguins": "penguins unused", "hand": "your hand", "deck": "deck",
        "discard": "discard", "scene": "scene", "turn": "turn", "to_move": "to move",
        "winner": "winner", "draw": "draw (turn limit)", "offers": "offered to you",
        "pending": "waiting for", "seat": "player", "legend": "legend",
        "legend_text": "o/x eggs, p/q penguins, P/Q stars, G seagull, # iceberg, E emperor, "
                       "N nest, S seal; after a point: * storm ^ tent ~ river @ hole = freezing "
                       "! radiation % seaweed & blazing , krill; a frozen egg is shown in brackets",
        "hand_sizes": "hand sizes", "no_cards": "no event cards",
        "keep_secret": "keeps a card", "hide_secret": "hides the penguin in one hand",
    },
    "zh-TW": {
        "side0": "藍方 (o, p, P)", "side1": "紅方 (x, q, Q)", "eggs": "板上的蛋",
        "unused": "未使用", "penguins": "未使用企鵝", "hand": "你的手牌", "deck": "牌組",
        "discard": "棄牌", "scene": "場景", "turn": "回合", "to_move": "輪到",
        "winner": "獲勝", "draw": "平手（回合上限）", "offers": "可選的卡",
        "pending": "等待", "seat": "玩家", "legend": "圖例",
        "legend_text": "o/x 蛋、p/q 企鵝、P/Q 明星企鵝、G 海鷗、# 冰山、E 皇帝企鵝、N 企鵝巢穴、"
                       "S 海豹；點後符號：* 風暴 ^ 帳篷 ~ 河流 @ 洞穴 = 冰凍 ! 輻射 % 變異海藻 "
                       "& 酷熱 , 磷蝦；冰凍的蛋以方括號標示",
        "hand_sizes": "手牌數", "no_cards": "不使用事件卡",
        "keep_secret": "保留了一張牌", "hide_secret": "把企鵝藏在一隻手裡",
    },
}  # fmt: skip

PENDING: dict[str, dict[str, str]] = {
    "en": {
        "scene": "choose a scene", "freeset": "choose a component set", "freeplace": "place a piece",
        "keep": "keep a starting card", "rival": "place a rival egg", "peek": "keep one card",
        "peek_return": "put the other card on top or bottom", "discard": "discard to the limit",
        "hole": "jump to another hole?", "storm": "where the storm throws the penguin",
        "order": "which effect first", "seagull": "where the seagull flies",
        "krill": "extra egg from krill", "river_first": "which river piece moves first",
        "river_branch": "which river branch", "blaze": "which egg burns",
        "cancel": "cancel the card with #10?", "c_point": "card target", "c_to": "card destination",
        "c_rival": "rival penguin for card #9", "c_triangle": "triangle area", "tailwind":
        "extra exploring action", "hide": "hide the penguin", "guess": "guess a hand",
        "c_place": "where to put it",
    },
    "zh-TW": {
        "scene": "選擇場景卡", "freeset": "選擇一組物件", "freeplace": "放置物件",
        "keep": "選擇起始手牌", "rival": "放置對手的蛋", "peek": "選一張加入手牌",
        "peek_return": "另一張放回牌頂或牌底", "discard": "棄牌至上限",
        "hole": "是否移到另一個洞穴？", "storm": "風暴把企鵝吹到哪裡", "order": "先結算哪個效果",
        "seagull": "海鷗飛到哪裡", "krill": "磷蝦的額外蛋", "river_first": "哪個河流物件先移動",
        "river_branch": "選擇河流分支", "blaze": "移除哪顆酷熱旁的蛋",
        "cancel": "是否打出 #10 取消？", "c_point": "卡牌目標", "c_to": "卡牌目的地",
        "c_rival": "#9 的對手企鵝", "c_triangle": "三角形區域", "tailwind": "額外的探索行動",
        "hide": "把企鵝藏在哪隻手", "guess": "猜一隻手", "c_place": "放在哪裡",
    },
}  # fmt: skip

DIRS_ZH = {"E": "東", "SE": "東南", "SW": "西南", "W": "西", "NW": "西北", "NE": "東北",
           "CW": "順時針繞巢", "CCW": "逆時針繞巢"}  # fmt: skip
EFFECTS_ZH = {"seagull": "海鷗", "tent": "帳篷", "river": "河流", "krill": "磷蝦"}
SETS_ZH = {"seagull": "海鷗", "iceberg": "冰山", "storm": "風暴", "emperor": "皇帝企鵝",
           "nest": "企鵝巢穴", "tent": "帳篷", "river": "河流", "hole": "洞穴", "freezing": "冰凍",
           "radiation": "輻射", "blazing": "酷熱", "seaweed": "變異海藻", "krill": "磷蝦"}  # fmt: skip


def _lang(lang: str) -> str:
    return "zh-TW" if lang.lower().startswith("zh") else "en"


def card_name(number: int, lang: str) -> str:
    card = components().cards[number]
    return f"#{number} {card.name_zh if _lang(lang) == 'zh-TW' else card.name}"


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> str:
    """The board (a rhombus: each row half a step right of the one above) and the status."""
    lg = _lang(lang)
    w = WORDS[lg]
    width, height = view["width"], view["height"]
    frozen = set(view["frozen"])
    lines = ["    " + "".join(f" {chr(65 + c)}  " for c in range(width))]
    for r in range(height):
        row = []
        for c in range(width):
            p = r * width + c
            mark = PIECE[view["cells"][p]]
            ter = TERRAIN[view["terrain"][p]]
            row.append(f"[{mark}]{ter}" if p in frozen else f" {mark}{ter} ")
        lines.append(f"{r + 1:>2} " + "  " * r + "".join(row))
    out = ["\n".join(lines), f"{w['legend']}: {w['legend_text']}"]
    scene = view.get("scene")
    if scene:
        out.append(
            f"{w['scene']}: {scene['number']} {scene['name_zh' if lg == 'zh-TW' else 'name']}"
        )
    for side, info in enumerate(view["sides"]):
        out.append(
            f"{w['side' + str(side)]}: {w['eggs']} {info['eggs_on_board']}/{info['egg_target']}, "
            f"{w['unused']} {info['eggs_unused']}, "
            f"{w['penguins']} {info['assistants_unused'] + info['star_unused']}"
        )
    if view["gold"] or view["silver"]:
        if view.get("hand") is not None:
            names = ", ".join(card_name(c, lg) for c in sorted(view["hand"])) or "-"
            out.append(f"{w['hand']}: {names}")
        if view.get("offers"):
            out.append(f"{w['offers']}: " + ", ".join(card_name(c, lg) for c in view["offers"]))
        out.append(f"{w['hand_sizes']}: {view['hand_sizes']}  {w['deck']}: {view['deck_size']}  "
                   f"{w['discard']}: {', '.join('#' + str(c) for c in view['discard']) or '-'}")  # fmt: skip
    else:
        out.append(w["no_cards"])
    if view["winner"] is not None:
        out.append(
            w["draw"]
            if view["winner"] == 2
            else f"{w['winner']}: {w['side' + str(view['winner'])]}"
        )
    else:
        out.append(f"{w['turn']} {view['turns'] + 1}/{view['turn_limit']}, {w['to_move']}: "
                   + ", ".join(f"{w['seat']} {s + 1}" for s in view["to_move"]))  # fmt: skip
        pending = view.get("pending")
        if pending:
            out.append(f"{w['pending']}: {PENDING[lg].get(pending['kind'], pending['kind'])}")
    return "\n".join(out)


def action_label(action: Action, lang: str = "en") -> str:
    """An action in words."""
    zh = _lang(lang) == "zh-TW"
    pt = GRID.label
    a = action
    if isinstance(a, FirstPlayer):
        return f"玩家 {a.seat + 1} 先開始" if zh else f"player {a.seat + 1} starts"
    if isinstance(a, ChooseScene):
        sc = components().scenes[a.scene - 1]
        return f"選擇場景 {a.scene}「{sc.name_zh}」" if zh else f"choose scene {a.scene}, {sc.name}"
    if isinstance(a, PickSet):
        return f"放置{SETS_ZH[a.name]} x{a.count}" if zh else f"place {a.name} x{a.count}"
    if isinstance(a, Keep):
        return f"保留 {card_name(a.card, lang)}" if zh else f"keep {card_name(a.card, lang)}"
    if isinstance(a, ReturnCard):
        if zh:
            return "另一張放回牌頂" if a.where == "top" else "另一張放到牌底"
        return f"put the other card on the {a.where}"
    if isinstance(a, Discard):
        return f"棄掉 {card_name(a.card, lang)}" if zh else f"discard {card_name(a.card, lang)}"
    if isinstance(a, Land):
        return f"降落：在 {pt(a.point)} 放一顆蛋" if zh else f"land an egg on {pt(a.point)}"
    if isinstance(a, Hatch):
        return f"孵化 {pt(a.point)} 的蛋" if zh else f"hatch the egg on {pt(a.point)}"
    if isinstance(a, Explore):
        d = MOVE_NAMES[a.move]
        return (
            f"探索：{pt(a.point)} 的企鵝往{DIRS_ZH[d]}滑"
            if zh
            else (f"explore: penguin on {pt(a.point)} slides {d}")
        )
    if isinstance(a, Play):
        return f"打出 {card_name(a.card, lang)}" if zh else f"play {card_name(a.card, lang)}"
    if isinstance(a, Draw):
        return "抽一張事件卡" if zh else "draw an event card"
    if isinstance(a, Cancel):
        return "打出 #10 取消" if zh else "cancel it with #10"
    if isinstance(a, Pass):
        return "略過" if zh else "pass"
    if isinstance(a, EndTurn):
        return "結束回合" if zh else "end the turn"
    if isinstance(a, MoveEmperor):
        return f"皇帝企鵝移到 {pt(a.point)}" if zh else f"move the emperor penguin to {pt(a.point)}"
    if isinstance(a, MoveSeal):
        return f"海豹移到 {pt(a.point)}" if zh else f"move the seal to {pt(a.point)}"
    if isinstance(a, Pick):
        return f"選擇 {pt(a.point)}" if zh else f"choose {pt(a.point)}"
    if isinstance(a, PickTriangle):
        corners = GRID.triangle(a.triangle) or (a.triangle // 2,)
        names = "-".join(pt(q) for q in corners)
        return f"選擇三角形 {names}" if zh else f"choose triangle {names}"
    if isinstance(a, Hide):
        hand = {"left": "左手", "right": "右手"}[a.hand]
        return f"企鵝藏在{hand}" if zh else f"hide the penguin in the {a.hand} hand"
    if isinstance(a, Guess):
        hand = {"left": "左手", "right": "右手"}[a.hand]
        return f"猜{hand}" if zh else f"pick the {a.hand} hand"
    if isinstance(a, Resolve):
        return f"先結算{EFFECTS_ZH[a.effect]}" if zh else f"resolve the {a.effect} first"
    return str(a)


def hidden_label(
    before: State, action: Action, actor: int | None, viewer: int | None, lang: str
) -> str:
    """Another seat's secret choice (``PenguinState.redact_action``): kept a card, hid the penguin."""
    return WORDS[_lang(lang)]["keep_secret" if action.kind == "keep" else "hide_secret"]
