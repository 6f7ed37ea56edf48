"""The penguin egg game in the terminal: the rhombus board drawn as text and
actions in words, in English and 繁體中文.

Both functions read public data only (a view, an action), so the CLI can use
them for any seat or a spectator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.decisions import top
from meeple.core.i18n import Strings, lang_of, wrap_items
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
from meeple.games.penguins.asks import SETS, SETS_ZH, triangle_name
from meeple.games.penguins.components import components
from meeple.games.penguins.decisions import DECISIONS, KINDS
from meeple.games.penguins.geometry import MOVE_NAMES, lattice
from meeple.games.penguins.state import DRAW

GRID = lattice()
PIECE = {"": ".", "egg0": "o", "egg1": "x", "penguin0": "p", "penguin1": "q", "star0": "P",
         "star1": "Q", "seagull": "G", "iceberg": "#", "emperor": "E", "nest": "N", "seal": "S"}  # fmt: skip
TERRAIN = {"": " ", "storm": "*", "tent": "^", "river": "~", "hole": "@", "freezing": "=",
           "radiation": "!", "seaweed": "%", "blazing": "&", "krill": ","}  # fmt: skip

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "side0": "Blue (o, p, P)", "side1": "Red (x, q, Q)", "eggs": "eggs on board",
        "unused": "unused", "penguins": "penguins unused", "hand": "your hand", "deck": "deck",
        "discard": "discard", "scene": "scene", "turn": "turn", "to_move": "to move",
        "winner": "winner", "draw": "draw (turn limit)", "offers": "offered to you",
        "pending": "waiting for", "seat": "player", "legend": "legend",
        "row": "row {n}", "hand_sizes": "cards in hand —", "hand_of": "player {n}: {count}",
        "you_are": "You play {side}", "team_with": ", in a team with {mates}",
        "no_cards": "no event cards",
        "keep_secret": "keeps a card", "hide_secret": "hides the penguin in one hand",
    },
    "zh-TW": {
        "side0": "藍方（o、p、P）", "side1": "紅方（x、q、Q）", "eggs": "板上的蛋",
        "unused": "未使用", "penguins": "未使用企鵝", "hand": "你的手牌", "deck": "牌組",
        "discard": "棄牌", "scene": "場景", "turn": "回合", "to_move": "輪到",
        "winner": "獲勝", "draw": "平手（回合上限）", "offers": "可選的卡",
        "pending": "等待", "seat": "玩家", "legend": "圖例",
        "row": "第 {n} 列", "hand_sizes": "手牌數 —", "hand_of": "玩家 {n}：{count}",
        "you_are": "你是{side}", "team_with": "，與{mates}同隊",
        "no_cards": "不使用事件卡",
        "keep_secret": "保留了一張牌", "hide_secret": "把企鵝藏在一隻手裡",
    },
}  # fmt: skip
WORDS = Strings(_WORDS)

#: What each mark on the board is, for the legend (only the marks the board shows).
_SYMBOLS: dict[str, dict[str, str]] = {
    "en": {
        ".": "empty point", "o": "Blue egg", "x": "Red egg", "p": "Blue penguin",
        "q": "Red penguin", "P": "Blue star penguin", "Q": "Red star penguin", "G": "seagull",
        "#": "iceberg", "E": "emperor penguin", "N": "nest", "S": "seal", "*": "storm",
        "^": "tent", "~": "river", "@": "hole", "=": "freezing", "!": "radiation",
        "%": "seaweed", "&": "blazing", ",": "krill", "[ ]": "a frozen egg",
        "yours": "{what} (yours)", "after": "after a point: {item}",
    },
    "zh-TW": {
        ".": "空點", "o": "藍方的蛋", "x": "紅方的蛋", "p": "藍方企鵝", "q": "紅方企鵝",
        "P": "藍方明星企鵝", "Q": "紅方明星企鵝", "G": "海鷗", "#": "冰山", "E": "皇帝企鵝",
        "N": "企鵝巢穴", "S": "海豹", "*": "風暴", "^": "帳篷", "~": "河流", "@": "洞穴",
        "=": "冰凍", "!": "輻射", "%": "變異海藻", "&": "酷熱", ",": "磷蝦",
        "[ ]": "冰凍的蛋", "yours": "{what}（你的）", "after": "點後的符號：{item}",
    },
}  # fmt: skip
SYMBOLS = Strings(_SYMBOLS)

#: What each decision asks ("waiting for: ..."): the words of its row in decisions.py,
#: and ``<kind>_of`` for the rows whose words name their card.
PENDING = Strings(
    {
        lang: {
            **{kind: row.words[lang] for kind, row in DECISIONS.items()},
            **{f"{kind}_of": row.card_words[lang] for kind, row in DECISIONS.items()
               if row.card_words},
        }
        for lang in ("en", "zh-TW")
    }
)  # fmt: skip

DIRS = ("E", "SE", "SW", "W", "NW", "NE", "CW", "CCW")
_DIRS_ZH = ("東", "東南", "西南", "西", "西北", "東北", "順時針繞巢", "逆時針繞巢")
EFFECTS = ("seagull", "tent", "river", "krill")
_EFFECTS_ZH = ("海鷗", "帳篷", "河流", "磷蝦")

#: Names of directions, effects and component sets (English keeps the rules' words).
NAMES = Strings(
    {
        "en": {
            **{f"dir.{d}": d for d in DIRS},
            **{f"effect.{e}": e for e in EFFECTS},
            **{f"set.{n}": n for n in SETS},
            "hand.left": "left",
            "hand.right": "right",
        },
        "zh-TW": {
            **{f"dir.{d}": z for d, z in zip(DIRS, _DIRS_ZH, strict=True)},
            **{f"effect.{e}": z for e, z in zip(EFFECTS, _EFFECTS_ZH, strict=True)},
            **{f"set.{n}": z for n, z in zip(SETS, SETS_ZH, strict=True)},
            "hand.left": "左手",
            "hand.right": "右手",
        },
    }
)

#: Every action's words, by action kind.
LABELS = Strings(
    {
        "en": {
            "first": "player {n} starts",
            "scene": "choose scene {n}, {name}",
            "set": "place {set} x{count}",
            "keep": "keep {card}",
            "return_top": "put the other card on the top",
            "return_bottom": "put the other card on the bottom",
            "discard": "discard {card}",
            "land": "land an egg on {p}",
            "hatch": "hatch the egg on {p}",
            "explore": "explore: penguin on {p} slides {d}",
            "play": "play {card}",
            "draw": "draw an event card",
            "cancel": "cancel it with #10",
            "pass": "pass",
            "end": "end the turn",
            "emperor": "move the emperor penguin to {p}",
            "seal": "move the seal to {p}",
            "pick": "choose {p}",
            "triangle": "choose triangle {names}",
            "hide": "hide the penguin in the {hand} hand",
            "guess": "pick the {hand} hand",
            "resolve": "resolve the {effect} first",
        },
        "zh-TW": {
            "first": "玩家 {n} 先開始",
            "scene": "選擇場景 {n}「{name}」",
            "set": "放置{set} x{count}",
            "keep": "保留 {card}",
            "return_top": "另一張放回牌頂",
            "return_bottom": "另一張放到牌底",
            "discard": "棄掉 {card}",
            "land": "降落：在 {p} 放一顆蛋",
            "hatch": "孵化 {p} 的蛋",
            "explore": "探索：{p} 的企鵝往{d}滑",
            "play": "打出 {card}",
            "draw": "抽一張事件卡",
            "cancel": "打出 #10 取消",
            "pass": "略過",
            "end": "結束回合",
            "emperor": "皇帝企鵝移到 {p}",
            "seal": "海豹移到 {p}",
            "pick": "選擇 {p}",
            "triangle": "選擇三角形 {names}",
            "hide": "企鵝藏在{hand}",
            "guess": "猜{hand}",
            "resolve": "先結算{effect}",
        },
    }
)


def zh(lang: str) -> bool:
    """Whether ``lang`` asks for Traditional Chinese."""
    return lang_of(lang) == "zh-TW"


def card_name(number: int, lang: str) -> str:
    card = components().cards[number]
    return f"#{number} {card.name_zh if zh(lang) else card.name}"


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The board (a rhombus: each row half a step right of the one above) and the status."""
    lg = lang_of(lang)
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
    out = ["\n".join(lines), *legend(view, seat, lg)]
    board = len(out)
    if seat is not None:
        out.append(your_side(view, seat, lg))
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
        sizes = ("，" if zh(lg) else ", ").join(
            WORDS("hand_of", lg, n=s + 1, count=n) for s, n in enumerate(view["hand_sizes"])
        )
        out.append(f"{w['hand_sizes']} {sizes}")
        discard = [card_name(c, lg) for c in view["discard"]] or ["-"]
        head = f"{w['deck']}: {view['deck_size']}  {w['discard']}: "
        out.extend(wrap_items(head, discard, LEGEND_WIDTH, ", "))  # cards named, not "#3"
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
            out.append(f"{w['pending']}: {pending_words(pending, lg)}")
    if zh(lg):  # the status lines in Chinese punctuation
        out[board:] = [line.replace(": ", "：").replace(", ", "，") for line in out[board:]]
    return "\n".join(out)


def pending_words(pending: dict[str, Any], lang: str) -> str:
    """The question being waited for; a card's question names the card ("where #3 Gust
    moves the piece"), since "card target" alone leaves the reader to find which card."""
    kind, data = pending["kind"], pending["data"]
    row = DECISIONS.get(kind)
    if row is None:
        return str(kind)
    if row.card_words and data and isinstance(data[0], int):
        return PENDING(f"{kind}_of", lang, card=card_name(data[0], lang))
    return PENDING(kind, lang)


#: The widest legend line, in terminal columns (a CJK character takes two).
LEGEND_WIDTH = 78


def legend(view: dict[str, Any], seat: int | None, lang: str) -> list[str]:
    """The meaning of each mark the board shows now (pieces, then the terrain drawn
    after a point, then frozen eggs), yours marked, wrapped to :data:`LEGEND_WIDTH`."""
    shown = {PIECE[c] for c in view["cells"]}
    ground = {TERRAIN[t] for t in view["terrain"]} - {" "}
    mine: set[str] = set()
    if seat is not None:
        side = next(i for i, info in enumerate(view["sides"]) if seat in info["seats"])
        mine = set(("opP", "xqQ")[side])
    items = []
    for mark in PIECE.values():
        if mark in shown:
            what = SYMBOLS(mark, lang)
            if mark in mine:
                what = SYMBOLS("yours", lang, what=what)
            items.append(f"{mark} {what}")
    marks = [  # the comma (krill) quoted, so it is not read as the list's own
        f"{mark if mark != ',' else chr(34) + ',' + chr(34)} {SYMBOLS(mark, lang)}"
        for mark in TERRAIN.values()
        if mark in ground
    ]
    if marks:
        marks[0] = SYMBOLS("after", lang, item=marks[0])
    items += marks
    if view["frozen"]:
        items.append(f"[ ] {SYMBOLS('[ ]', lang)}")
    w = WORDS[lang]
    head = f"{w['legend']}：" if zh(lang) else f"{w['legend']}: "
    return wrap_items(head, items, LEGEND_WIDTH, "、" if zh(lang) else ", ")


def your_side(view: dict[str, Any], seat: int, lang: str) -> str:
    """Which colour (and symbols) ``seat`` plays, and its teammates in team mode."""
    w = WORDS[lang]
    side = next(i for i, info in enumerate(view["sides"]) if seat in info["seats"])
    line = WORDS("you_are", lang, side=w[f"side{side}"])
    mates = [s for s in view["sides"][side]["seats"] if s != seat]
    if mates:
        names = ", ".join(f"{w['seat']} {s + 1}" for s in mates)
        line += WORDS("team_with", lang, mates=names)
    return line


def action_label(action: Action, lang: str) -> str:
    """An action in words."""
    pt = GRID.label
    a = action
    if isinstance(a, FirstPlayer):
        return LABELS("first", lang, n=a.seat + 1)
    if isinstance(a, ChooseScene):
        sc = components().scenes[a.scene - 1]
        return LABELS("scene", lang, n=a.scene, name=sc.name_zh if zh(lang) else sc.name)
    if isinstance(a, PickSet):
        return LABELS("set", lang, set=NAMES(f"set.{a.name}", lang), count=a.count)
    if isinstance(a, (Keep, Discard, Play)):
        return LABELS(a.kind, lang, card=card_name(a.card, lang))
    if isinstance(a, ReturnCard):
        return LABELS("return_top" if a.where == "top" else "return_bottom", lang)
    if isinstance(a, (Land, Hatch, MoveEmperor, MoveSeal, Pick)):
        return LABELS(a.kind, lang, p=pt(a.point))
    if isinstance(a, Explore):
        return LABELS("explore", lang, p=pt(a.point), d=NAMES(f"dir.{MOVE_NAMES[a.move]}", lang))
    if isinstance(a, (Draw, Cancel, Pass, EndTurn)):
        return LABELS(a.kind, lang)
    if isinstance(a, PickTriangle):
        return LABELS("triangle", lang, names=triangle_name(a.triangle))
    if isinstance(a, (Hide, Guess)):
        return LABELS(a.kind, lang, hand=NAMES(f"hand.{a.hand}", lang))
    if isinstance(a, Resolve):
        return LABELS("resolve", lang, effect=NAMES(f"effect.{a.effect}", lang))
    return str(a)


def state_label(state: Any, action: Action, lang: str) -> str:
    """``action``'s words in ``state``, where it is legal or was taken: an answer to the
    pending question says what it does ("the seagull flies to D4", not "choose D4")."""
    return _in_state(state, action, lang, told=False)


def _in_state(state: Any, action: Action, lang: str, told: bool) -> str:
    """:func:`state_label`'s words; ``told``: as the log tells it, the actor's pieces
    theirs ("moves their penguin")."""
    d = top(state.decisions)
    words = KINDS.label(state, d, action, lang, told) if d is not None else None
    return words if words is not None else action_label(action, lang)


def log_says_more(before: Any, action: Action, actor: int | None) -> bool:
    """Never: the log tells one's own choice again in the third person, which is no
    news to its actor, so the terminal does not print it back (core.labels.says_more)."""
    return False


def log_label(before: Any, action: Action, actor: int | None, lang: str) -> str:
    """The log's words for ``action``: the menu's, but a card's own piece is the actor's
    ("moves their penguin on D4"), for every reader (issue 34, item 1)."""
    return _in_state(before, action, lang, told=True)


def action_region(action: Action, lang: str) -> str | None:
    """The board row an action's point lies in ("row 3", as the board numbers its rows),
    so the terminal can split sixty places by row (:mod:`meeple.cli.menu`)."""
    a = action
    if isinstance(a, (Land, Hatch, MoveEmperor, MoveSeal, Pick, Explore)):
        point = a.point
    elif isinstance(a, PickTriangle):
        point = (GRID.triangle(a.triangle) or (a.triangle // 2,))[0]
    else:
        return None
    return WORDS("row", lang, n=GRID.coords(point)[1] + 1)


#: How a game ended, for the result box (``end_label``).
END = Strings(
    {
        "en": {
            "side0": "Blue", "side1": "Red",
            "eggs": "{side} has all {n} of its eggs on the board.",
            "stuck": "{side} had no move left on its turn and loses.",
            "turn_cap": "The turn limit ({n} turns) was reached: a draw.",
        },
        "zh-TW": {
            "side0": "藍方", "side1": "紅方",
            "eggs": "{side}的 {n} 顆蛋全都在板上了。",
            "stuck": "{side}在自己的回合無路可走，判負。",
            "turn_cap": "已達回合上限（{n} 回合）：平手。",
        },
    }
)  # fmt: skip


def end_label(state: Any, lang: str, names: Sequence[str] | None) -> str:
    """Which way the game ended: a side's eggs all laid, a side left without a move, the cap."""
    winner = state.winner
    if winner == DRAW:
        return END("turn_cap", lang, n=state.game.turn_limit)
    if state.eggs_on_board(winner) >= state.egg_target(winner):
        return END("eggs", lang, side=END(f"side{winner}", lang), n=state.egg_target(winner))
    return END("stuck", lang, side=END(f"side{1 - winner}", lang))


#: The game's vocabulary (meeple.core.vocabulary): what its options and their values
#: are called, ``<option>``, ``<option>.help`` and ``<option>.<value>``. The server sends
#: them with the game, the lobby and the terminal show them.
OPTION_WORDS = Strings(
    {
        "en": {
            "scene": "Scene",
            "scene.help": "1-6 fixes the scene; 0 lets the second player choose",
            "mode": "Mode",
            "mode.help": "standard, or free mode",
            "layout": "Free-mode board",
            "layout.help": "placed set by set, or a scene's layout",
            "cards": "Free-mode cards",
            "cards.help": "default, none, or 4 gold + 4 silver card numbers",
            "penguins": "Penguins per side",
            "penguins.help": "free mode only",
            "star_rule": "Star penguin rules",
            "star_rule.help": "free mode: off makes the star an ordinary penguin",
            "turn_limit": "Turn limit",
            "turn_limit.help": "turns before the game is a draw",
            "mode.standard": "Standard game",
            "mode.free": "Free mode (choose the pieces)",
            "layout.placed": "Placed set by set",
            "cards.default": "the free mode's usual 4 gold and 4 silver cards",
            "cards.none": "no cards",
            "scene.0": "chosen by the second player",
        },
        "zh-TW": {
            "scene": "場景",
            "scene.help": "1–6 指定場景；0 由第二位玩家選擇",
            "mode": "模式",
            "mode.help": "標準模式或自由模式",
            "layout": "自由模式圖板",
            "layout.help": "逐組放置，或沿用某張場景卡的佈置",
            "cards": "自由模式卡牌",
            "cards.help": "default、none，或 4 個金卡與 4 個銀卡編號",
            "penguins": "每方企鵝數",
            "penguins.help": "僅限自由模式",
            "star_rule": "明星企鵝規則",
            "star_rule.help": "自由模式：關閉時明星企鵝視為普通企鵝",
            "turn_limit": "回合上限",
            "turn_limit.help": "達到後平手的回合數",
            "mode.standard": "標準遊戲",
            "mode.free": "自由模式（自選配件）",
            "layout.placed": "逐組擺放",
            "cards.default": "自由模式預設的 4 張金卡與 4 張銀卡",
            "cards.none": "不用卡牌",
            "scene.0": "由第二位玩家選擇",
        },
    }
)
