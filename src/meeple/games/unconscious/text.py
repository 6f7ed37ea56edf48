"""Unconscious Mind as text: the boards for the terminal and every action's label, en + zh-TW.

Idea spaces are numbered 1-16 row by row over the meeting table's corners;
notebook cells by row and column; insights by colour and level. The board
is drawn compactly: the round, Freud and the market, the meeting table,
then one block per player (dial, notebook, rooms, research).
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings, lang_of
from meeple.games.unconscious.actions import (
    Card,
    Cell,
    Coffee,
    Colour,
    Done,
    KeepStart,
    MarketTile,
    Option,
    PlaceIdeas,
    Recall,
    Room,
    Spot,
    Steps,
    Treat,
)
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    COLOURS,
    LOCATIONS,
    RESEARCH,
    RULES,
    TAG_KEYS,
    TILES,
)

TEXT = Strings(
    {
        "en": {
            "keep": "Keep starting tile {tile}, in notebook row {row}",
            "place": "{ideas} idea(s){bright} on space {space}: {action}",
            "bright": " + {n} bright idea(s)",
            "recall": "Recall all your ideas (1 coffee per space)",
            "option": "Choice {n}",
            "spot": "Your {level} {colour} insight",
            "spot_coffee": "Pay 1 coffee instead of suppressing",
            "colour": "{colour}",
            "market": "Market row {row}, {column}",
            "col_stack": "the face-down stack",
            "col_middle": "the middle tile",
            "col_right": "the right tile",
            "cell": "Notebook row {row}, column {col}",
            "steps": "{n} location(s) clockwise",
            "room": "The client in room {room}",
            "card": "Research card {card} ({tag}, {colour} article)",
            "treat_base": "Treat the client in room {room}: base treatment {k}",
            "treat_dream": "Treat the client in room {room} with the top dream",
            "coffee_0": "Coffee: buy a bright idea (3)",
            "coffee_1": "Coffee: elevate an insight (2)",
            "coffee_2": "Coffee: transfer an insight (2)",
            "done": "Done",
            "red": "red",
            "green": "green",
            "purple": "purple",
            "minor": "minor",
            "median": "median",
            "major": "major",
            "a_tile_stack": "a tile from a stack (1 coffee)",
            "a_tile_middle": "a middle tile (2 coffee)",
            "a_tile_right": "a right tile (3 coffee)",
            "a_elevate": "elevate two insights",
            "a_research_or_publish": "play research / publish",
            "a_professor": "move your professor",
            "a_generate": "three minor insights",
            "a_draw": "draw research",
            "a_freud": "move Freud",
            "head": "Round {round}, era {era}; Freud at {loc}, reputation {rep}{last}",
            "last": " (last round: {n})",
            "over": "Game over",
            "market_line": "Market: row 1 [{s1} left] {m1} | {r1}; row 2 [{s2} left] {m2} | {r2}",
            "table_line": "Table: {spaces}",
            "player": "Seat {seat}: {vp} VP, reputation {rep}, coffee {coffee}, bright {bright}, ideas {ideas} (+{locked} locked), professor at {prof}, inkpot {ink}",
            "dial": "  dial: {dial}; reserve {res} (+{own} own)",
            "notebook": "  notebook: {cells}",
            "rooms": "  rooms: {rooms}; cured {cured}",
            "research": "  research: hand {hand}; in play {played}; treatises {treatises}",
            "decision": "Deciding: seat {seat}, {kind}",
        },
        "zh-TW": {
            "keep": "保留起始板塊 {tile}，放在筆記本第 {row} 列",
            "place": "{ideas} 個主意{bright}放在欄位 {space}：{action}",
            "bright": "＋{n} 個好主意",
            "recall": "召回所有主意（每個欄位 1 杯咖啡）",
            "option": "選項 {n}",
            "spot": "你的{colour}{level}頓悟",
            "spot_coffee": "付 1 杯咖啡，不抑制頓悟",
            "colour": "{colour}",
            "market": "市場第 {row} 列，{column}",
            "col_stack": "正面朝下的供應堆",
            "col_middle": "中間的板塊",
            "col_right": "右邊的板塊",
            "cell": "筆記本第 {row} 列第 {col} 行",
            "steps": "順時針 {n} 個地點",
            "room": "第 {room} 間案主室的案主",
            "card": "研究卡 {card}（{tag}，{colour}文章）",
            "treat_base": "以基礎治療 {k} 治療第 {room} 間案主室的案主",
            "treat_dream": "以最上層的夢境治療第 {room} 間案主室的案主",
            "coffee_0": "咖啡：換 1 個好主意（3 杯）",
            "coffee_1": "咖啡：提升 1 個頓悟（2 杯）",
            "coffee_2": "咖啡：移情 1 個頓悟（2 杯）",
            "done": "完成",
            "red": "紅色",
            "green": "綠色",
            "purple": "紫色",
            "minor": "小",
            "median": "中",
            "major": "大",
            "a_tile_stack": "從供應堆拿板塊（1 杯咖啡）",
            "a_tile_middle": "拿中間的板塊（2 杯咖啡）",
            "a_tile_right": "拿右邊的板塊（3 杯咖啡）",
            "a_elevate": "提升兩個頓悟",
            "a_research_or_publish": "打出研究卡／發表論文",
            "a_professor": "移動你的教授",
            "a_generate": "三個小頓悟",
            "a_draw": "抽研究卡",
            "a_freud": "移動佛洛依德",
            "head": "第 {round} 輪，時代 {era}；佛洛依德在{loc}，聲望 {rep}{last}",
            "last": "（最後一輪：{n}）",
            "over": "遊戲結束",
            "market_line": "市場：第 1 列［剩 {s1}］{m1}｜{r1}；第 2 列［剩 {s2}］{m2}｜{r2}",
            "table_line": "會議桌：{spaces}",
            "player": "座位 {seat}：{vp} 分，聲望 {rep}，咖啡 {coffee}，好主意 {bright}，主意 {ideas}（鎖住 {locked}），教授在{prof}，墨水瓶 {ink}",
            "dial": "  頓悟錶盤：{dial}；存放區 {res}（自己顏色 {own}）",
            "notebook": "  筆記本：{cells}",
            "rooms": "  案主室：{rooms}；已治癒 {cured}",
            "research": "  研究：手牌 {hand}；場上 {played}；論文 {treatises}",
            "decision": "待決定：座位 {seat}，{kind}",
        },
    }
)


def _loc(i: int, lang: str) -> str:
    loc = LOCATIONS[i]
    return loc.zh if lang_of(lang) == "zh-TW" else loc.en


def _tag(t: int, lang: str) -> str:
    return _loc(t, lang) if t < len(LOCATIONS) else TAG_KEYS[t]


def action_label(action: Action, lang: str) -> str:
    """A player's words for ``action`` in ``lang``."""
    if isinstance(action, KeepStart):
        return TEXT("keep", lang, tile=TILES[action.tile].key, row=action.row + 1)
    if isinstance(action, PlaceIdeas):
        bright = TEXT("bright", lang, n=action.bright) if action.bright else ""
        return TEXT(
            "place",
            lang,
            ideas=action.ideas,
            bright=bright,
            space=action.space + 1,
            action=TEXT(f"a_{ACTION_KEYS[action.action]}", lang),
        )
    if isinstance(action, Recall):
        return TEXT("recall", lang)
    if isinstance(action, Option):
        return TEXT("option", lang, n=action.n + 1)
    if isinstance(action, Spot):
        if action.colour < 0:
            return TEXT("spot_coffee", lang)
        return TEXT(
            "spot",
            lang,
            colour=TEXT(COLOURS[action.colour], lang),
            level=TEXT(("minor", "median", "major")[action.level - 1], lang),
        )
    if isinstance(action, Colour):
        return TEXT("colour", lang, colour=TEXT(COLOURS[action.colour], lang))
    if isinstance(action, MarketTile):
        column = TEXT(("col_stack", "col_middle", "col_right")[action.column], lang)
        return TEXT("market", lang, row=action.row + 1, column=column)
    if isinstance(action, Cell):
        return TEXT("cell", lang, row=action.cell // 3 + 1, col=action.cell % 3 + 1)
    if isinstance(action, Steps):
        return TEXT("steps", lang, n=action.n)
    if isinstance(action, Room):
        return TEXT("room", lang, room=action.room + 1)
    if isinstance(action, Card):
        r = RESEARCH[action.card]
        return TEXT(
            "card",
            lang,
            card=action.card + 1,
            tag=_tag(r.tag, lang),
            colour=TEXT(COLOURS[r.colour], lang),
        )
    if isinstance(action, Treat):
        if action.how == 2:
            return TEXT("treat_dream", lang, room=action.room + 1)
        return TEXT("treat_base", lang, room=action.room + 1, k=action.how + 1)
    if isinstance(action, Coffee):
        return TEXT(f"coffee_{action.use}", lang)
    if isinstance(action, Done):
        return TEXT("done", lang)
    return str(action)


def _dial(d: list[int], lang: str) -> str:
    parts = []
    for c, colour in enumerate(COLOURS):
        counts = [d[c * 3 + k] + d[9 + c * 3 + k] for k in range(3)]
        parts.append(f"{TEXT(colour, lang)} {'/'.join(str(x) for x in counts)}")
    return ", ".join(parts)


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The boards of ``view`` (what ``seat`` sees) as terminal text."""
    market = view["market"]

    def tile(t: int) -> str:
        return "-" if t < 0 else TILES[t].key

    loc_index = {loc.key: loc.index for loc in LOCATIONS}
    freud = view["freud"]
    last = TEXT("last", lang, n=view["last_round"]) if view["last_round"] >= 0 else ""
    lines = [
        TEXT("over", lang)
        if view["phase"] == "over"
        else TEXT(
            "head",
            lang,
            round=view["round"],
            era="I" * view["era"],
            loc=_loc(loc_index[freud["location"]], lang),
            rep=freud["reputation"],
            last=last,
        ),
        TEXT(
            "market_line",
            lang,
            s1=market["stacks"][0],
            s2=market["stacks"][1],
            m1=tile(market["middle"][0]),
            r1=tile(market["right"][0]),
            m2=tile(market["middle"][1]),
            r2=tile(market["right"][1]),
        ),
    ]
    spaces = []
    for i, sp in enumerate(view["table"]):
        if sp is not None:
            spaces.append(f"{i + 1}:{sp['seat']}x{sp['ideas']}>{TEXT('a_' + sp['action'], lang)}")
    lines.append(TEXT("table_line", lang, spaces="; ".join(spaces) or "-"))
    if view["decision"] is not None:
        lines.append(TEXT("decision", lang, **view["decision"]))
    for p, pl in enumerate(view["players"]):
        prof = pl["professor"]
        lines.append(
            TEXT(
                "player",
                lang,
                seat=p,
                vp=pl["vp"],
                rep=pl["reputation"],
                coffee=pl["coffee"],
                bright=pl["bright"],
                ideas=pl["ideas"],
                locked=pl["locked_ideas"],
                prof=_loc(loc_index[prof], lang) if prof else "-",
                ink=pl["inkpot"],
            )
        )
        d = pl["dial"]
        lines.append(TEXT("dial", lang, dial=_dial(d, lang), res=d[18], own=d[19]))
        lines.append(TEXT("notebook", lang, cells=" ".join(tile(t) for t in pl["notebook"])))
        rooms = [f"{r['client']}@{r['track']}" if r["client"] >= 0 else "-" for r in pl["rooms"]]
        lines.append(TEXT("rooms", lang, rooms=", ".join(rooms), cured=len(pl["cured"])))
        hand = pl["hand"] if pl["hand"] is not None else f"({pl['hand_size']})"
        lines.append(
            TEXT("research", lang, hand=hand, played=pl["played"], treatises=pl["treatises"])
        )
    return "\n".join(lines)


#: How a game ended, for the result box (``end_label``), in both languages.
END = Strings(
    {
        "en": {
            "freud": "Freud's marker reached the end of his track: that round was finished "
            "and one more was played.",
            "cap": "The round limit ({n} rounds) ended the game before Freud's marker got "
            "to the end.",
        },
        "zh-TW": {
            "freud": "佛洛伊德的標記走到軌道盡頭：打完那一輪，再多打一輪。",
            "cap": "到達輪數上限（{n} 輪），佛洛伊德的標記還沒走到盡頭，遊戲結束。",
        },
    }
)


def end_label(state: Any, lang: str) -> str:
    """Freud's clock (the seed's end), or the round limit (an option, capped by design)."""
    if state.rounds_left >= 0 and state.round >= state.rounds_left:
        return END("freud", lang)
    limit = min(int(state.game.options["rounds"]), int(RULES["round_cap"]))
    return END("cap", lang, n=limit)
