"""Snow Tails in the terminal: the course near the sleds, each sled's mat, in English and 繁體中文.

Works from a view only (public data plus the viewer's own hand). The track is
rebuilt from the view's tile list, so custom courses draw the same way.
The course is drawn with the direction of travel upwards: the furthest rows
at the top, speed-limit lines as ``====`` rows in front of each corner.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings, display_width, lang_of, wrap_items
from meeple.core.labels import tie_broken
from meeple.games.snowtails.actions import (
    Bonus,
    ChooseLane,
    Discard,
    Go,
    PlayCard,
    Step,
)
from meeple.games.snowtails.components import load_data
from meeple.games.snowtails.state import RACING
from meeple.games.snowtails.track import (
    LANES,
    Track,
    build_track,
    parse_course,
)

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "header": "Snow Tails · {course} · race {race}/{races} · round {round}",
        "header_lanes": "Snow Tails · {course} · race {race}/{races} · choosing start lanes",
        "to_move": "{who} to decide ({phase})",
        "over": "The race is over.",
        "player": "Player {n} ({colour})",
        "you": " (you)",
        "lane": "lane {n}",
        "no_lane": "no start lane yet",
        "mat": "{who}{you}: {status} · {lane} · left dog {left}, right dog {right}, brake {brake}"
        " → forward {fwd}, drift {drift} · dents {dents} · hand {hand} · deck {deck}",
        "place": " · place {place}",
        "past": " · {n} past the line",
        "points": " · season points {n}",
        "hand": "Your hand: {cards}",
        "dent": "dent",
        "legend": "Legend: columns are the lanes, their start numbers above and below, "
        "each row named by its tile and numbered on it; "
        "on the course, "
        "1-5 sleds (player number), T tree, X no-go, | long cell, . open",
        "lanes_head": "lane",
        "line": "==== speed limit {limit} · the corner turns {turn} ====",
        "kind_start": "start",
        "kind_straight": "straight",
        "kind_snowdrift": "snowdrift",
        "kind_forest": "forest",
        "kind_canyon": "canyon",
        "kind_corner": "corner",
        "kind_uturn": "U-turn",
        "kind_finish": "finish",
        "course_first-run": "First Run",
        "course_forest-trail": "Forest Trail",
        "course_canyon-run": "Canyon Run",
        "course_grand-tour": "Grand Tour",
        "course_custom": "your own course",
        "finish": "#### FINISH ####",
        "playing": "Played so far: {value} on {slots}",
        "steps": "Steps left: {fwd} straight, {diag} diagonal to the {dir}",
        "bonus": "No drift: take {n} extra spaces straight ahead (all or nothing)?",
        "discard": "Too many cards: discard down to 5 (dents cannot be discarded)",
        "last": "Last turn: {events}",
        "now": "This turn: {events}",
        "lanes": "Start lanes: {who} chooses next",
        "left": "left",
        "right": "right",
        "none": "none",
        "racing": "racing",
        "finished": "finished",
        "eliminated": "out",
        "phase_lanes": "choose a start lane",
        "phase_play": "play cards",
        "phase_steps": "order the steps",
        "phase_bonus": "bonus",
        "phase_discard": "discard",
        "phase_over": "over",
        "ev_play": "played {v} on {slot}",
        "ev_move": "moved",
        "ev_line": "crossed a limit-{limit} line ({over} over)",
        "ev_line_bonus": "the bonus puts it {over} more over the limit-{limit} line",
        "ev_tree": "hit a tree",
        "ev_crash": "ran off the track",
        "ev_bump": "ran into player {n}",
        "ev_dent": "took a dent",
        "ev_eliminated": "is out of the race",
        "ev_finish": "crossed the finish",
        "ev_bonus": "took a bonus of {n}",
        "ev_bonus_refused": "refused the bonus",
        "ev_discard": "discarded {v}",
        "ev_reshuffle": "reshuffled the deck",
        "ev_no_card": "had no dog card",
        "slot_left": "the left dog",
        "slot_right": "the right dog",
        "slot_discard": "the discard (new brake)",
    },
    "zh-TW": {
        "header": "雪橇競速 · {course} · 第 {race}/{races} 場 · 第 {round} 回合",
        "header_lanes": "雪橇競速 · {course} · 第 {race}/{races} 場 · 選擇起點中",
        "to_move": "輪到 {who} 決定（{phase}）",
        "over": "本場競賽結束。",
        "player": "玩家 {n}（{colour}）",
        "you": "（你）",
        "lane": "起點第 {n} 道",
        "no_lane": "尚未選起點",
        "mat": "{who}{you}：{status} · {lane} · 左犬 {left} 右犬 {right} 煞車 {brake}"
        " → 前進 {fwd}，漂移 {drift} · 凹痕 {dents} · 手牌 {hand} · 牌堆 {deck}",
        "place": " · 第 {place} 名",
        "past": " · 超過終點 {n} 格",
        "points": " · 賽季積分 {n}",
        "hand": "你的手牌：{cards}",
        "dent": "凹痕",
        "legend": "圖例：每一欄是一條賽道，上下標有起點編號，每列標出所屬版塊與它在版塊上的編號；"
        "賽道上 1-5 是雪橇（玩家編號），T 樹木，X 禁止通行，| 長格，. 空格",
        "lanes_head": "賽道",
        "line": "==== 速限 {limit} · 彎道向{turn}彎 ====",
        "kind_start": "起點",
        "kind_straight": "直道",
        "kind_snowdrift": "雪堆",
        "kind_forest": "森林",
        "kind_canyon": "峽谷",
        "kind_corner": "彎道",
        "kind_uturn": "髮夾彎",
        "kind_finish": "終點",
        "course_first-run": "初次出賽",
        "course_forest-trail": "森林小徑",
        "course_canyon-run": "峽谷賽道",
        "course_grand-tour": "大環線",
        "course_custom": "自訂賽道",
        "finish": "#### 終點 ####",
        "playing": "已打出：{value} 到 {slots}",
        "steps": "剩餘步數：直行 {fwd}，向{dir}斜行 {diag}",
        "bonus": "沒有漂移：是否直行額外 {n} 格（全部或不用）？",
        "discard": "手牌過多：棄到剩 5 張（凹痕卡不能丟棄）",
        "last": "上一回合：{events}",
        "now": "本回合：{events}",
        "lanes": "選擇起點：輪到 {who}",
        "left": "左",
        "right": "右",
        "none": "無",
        "racing": "比賽中",
        "finished": "已抵達終點",
        "eliminated": "已淘汰",
        "phase_lanes": "選擇起點賽道",
        "phase_play": "打出雪橇犬卡",
        "phase_steps": "決定移動順序",
        "phase_bonus": "額外前進",
        "phase_discard": "棄牌",
        "phase_over": "結束",
        "ev_play": "打出 {v} 到{slot}",
        "ev_move": "移動",
        "ev_line": "通過速限 {limit} 線（超速 {over}）",
        "ev_line_bonus": "加上額外格數，速限 {limit} 線再超速 {over}",
        "ev_tree": "撞到樹木",
        "ev_crash": "撞壁",
        "ev_bump": "撞上玩家 {n}",
        "ev_dent": "拿取凹痕卡",
        "ev_eliminated": "遭淘汰",
        "ev_finish": "通過終點",
        "ev_bonus": "額外前進 {n} 格",
        "ev_bonus_refused": "放棄額外前進",
        "ev_discard": "棄掉 {v}",
        "ev_reshuffle": "重洗牌堆",
        "ev_no_card": "沒有可打出的雪橇犬卡",
        "slot_left": "左犬",
        "slot_right": "右犬",
        "slot_discard": "棄牌堆（更換煞車）",
    },
}
TEXT = Strings(_TEXT)


def t(key: str, lang: str, **kw: Any) -> str:
    """The terminal string ``key`` in ``lang``, filled in."""
    return TEXT(key, lang, **kw)


@cache
def _track(tokens: tuple[str, ...]) -> Track:
    name, tiles = parse_course(",".join(tokens), LANES)
    return build_track(name, tiles)


def _colour(seat: int, lang: str) -> str:
    data = load_data()
    return data["colours_zh"][seat] if lang_of(lang) == "zh-TW" else data["colours"][seat]


def who(seat: int, lang: str) -> str:
    return t("player", lang, n=seat + 1, colour=_colour(seat, lang))


def draw_course(view: dict[str, Any], lang: str) -> list[str]:
    """The rows around the sleds, furthest ahead at the top."""
    track = _track(tuple(view["tiles"]))
    at: dict[int, str] = {}
    for sled in view["sleds"]:
        if sled["cell"] is not None:
            at[sled["cell"]] = str(sled["seat"] + 1)
    trees = set(view["trees"])
    tiles_with_sleds = [track.tile[c] for c in at] or [0]
    low = max(0, min(tiles_with_sleds) - 1)
    high = min(len(track.tiles) - 1, max(tiles_with_sleds) + 3)
    lines: list[str] = []
    for ti in range(low, high + 1):
        side = track.tiles[ti]
        counts = [len(side.lane_rows[lane]) for lane in range(LANES)]
        rows = max(counts)
        starts = {lane: track.lane_cells[lane] for lane in range(LANES)}
        block: list[str] = []
        for r in range(rows):
            cells = []
            for lane in range(LANES):
                n = counts[lane]
                k = (2 * r + 1) * n // (2 * rows)
                first_row = next(rr for rr in range(rows) if (2 * rr + 1) * n // (2 * rows) == k)
                cell = next(c for c in starts[lane] if track.tile[c] == ti and track.index[c] == k)
                if r != first_row:
                    symbol = "|"
                elif cell in at:
                    symbol = at[cell]
                elif track.kind[cell] == "X":
                    symbol = "X"
                elif cell in trees:
                    symbol = "T"
                else:
                    symbol = "."
                cells.append(symbol)
            block.append(
                f"  {_pad(t('kind_' + side.kind, lang), LABEL)} {r:>2}  " + " ".join(cells)
            )
        if side.kind == "finish":
            block.insert(0, "  " + t("finish", lang))
        if side.is_corner:
            turn = t(side.turn or "left", lang)
            block.insert(0, "  " + t("line", lang, limit=side.limit, turn=turn))
        lines.extend(block)
    lines.reverse()
    head = lane_numbers(track, lang)
    return [head, *lines, head]


def lane_numbers(track: Track, lang: str) -> str:
    """The row that labels the course's columns with the start-lane numbers printed
    on the start tile (lane 1 is on the inside of the first corner, so it may be
    the rightmost column)."""
    # The course rows start with the tile's kind and the row within it.
    return (
        "  "
        + _pad(t("lanes_head", lang), LABEL + 5)
        + " ".join(str(track.lane_number(lane)) for lane in range(LANES))
    )


#: Terminal columns for a course row's tile name ("snowdrift", "髮夾彎").
LABEL = 10


def _pad(text: str, width: int) -> str:
    """``text`` left-justified to ``width`` terminal columns (CJK characters take two)."""
    return text + " " * max(0, width - display_width(text))


def course_name(course: str, lang: str) -> str:
    """A designed course's name, or "custom course" for one given as a tile list."""
    key = f"course_{course}"
    return t(key, lang) if key in TEXT else t("course_custom", lang)


def describe_events(events: list[list[Any]], lang: str) -> str:
    words = []
    for e in events:
        kind = e[0]
        if kind == "turn":
            words.append(who(e[1], lang) + ":")
            continue
        if kind == "move":
            if words and words[-1].startswith(t("ev_move", lang)):
                continue
            words.append(t("ev_move", lang))
        elif kind == "play":
            words.append(t("ev_play", lang, v=e[1], slot=t(f"slot_{e[2]}", lang)))
        elif kind in ("line", "line_bonus"):
            words.append(t(f"ev_{kind}", lang, limit=e[1], over=e[2]))
        elif kind == "bump":
            words.append(t("ev_bump", lang, n=e[1] + 1))
        elif kind in ("bonus", "discard"):
            words.append(t(f"ev_{kind}", lang, n=e[1], v=e[1]))
        elif kind in ("tree", "crash"):
            words.append(t(f"ev_{kind}", lang))
        else:
            words.append(t(f"ev_{kind}", lang))
    if not words:
        return t("none", lang)
    zh = lang_of(lang) == "zh-TW"
    comma = "，" if zh else ", "
    if words[0].endswith(":"):  # who acted, then what they did
        return (words[0][:-1] + "：" if zh else words[0] + " ") + comma.join(words[1:])
    return comma.join(words)


def legend(lang: str) -> list[str]:
    """The legend, broken between its parts so no line passes 78 terminal columns."""
    comma = "，" if lang_of(lang) == "zh-TW" else ", "
    return wrap_items("", t("legend", lang).split(comma), 78, comma)


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The whole table as text for ``seat`` (``None``: a spectator)."""
    out = [
        t(
            "header_lanes" if view["phase"] == "lanes" else "header",
            lang,
            course=course_name(view["course"], lang),
            race=view["race"],
            races=view["races"],
            round=view["round"],
        )
    ]
    phase = view["phase"]
    if phase == "over":
        out.append(t("over", lang))
    else:
        out.append(
            t("to_move", lang, who=who(view["to_move"], lang), phase=t(f"phase_{phase}", lang))
        )
    out.extend(legend(lang))
    out.extend(draw_course(view, lang))
    for sled in view["sleds"]:
        s = sled["seat"]
        fwd = sled["left"] + sled["right"] - sled["brake"]
        drift = sled["right"] - sled["left"]
        drift_txt = f"{t('right', lang)} {drift}" if drift > 0 else f"{t('left', lang)} {-drift}"
        line = t(
            "mat",
            lang,
            who=who(s, lang),
            you=t("you", lang) if s == seat else "",
            status=t(sled["status"], lang),
            lane=t("lane", lang, n=sled["lane_no"]) if sled["lane_no"] else t("no_lane", lang),
            left=sled["left"],
            right=sled["right"],
            brake=sled["brake"],
            fwd=fwd,
            drift=drift_txt if drift else "0",
            dents=sled["dents"],
            hand=sled["hand_size"],
            deck=sled["deck_size"],
        )
        if sled["place"]:
            line += t("place", lang, place=sled["place"])
        if sled["past_finish"]:
            line += t("past", lang, n=sled["past_finish"])
        if view["races"] > 1:
            line += t("points", lang, n=sled["points"])
        out.append(line)
    if view.get("hand") is not None:
        cards = [t("dent", lang) if v == 0 else str(v) for v in view["hand"]]
        out.append(t("hand", lang, cards=" ".join(cards) or t("none", lang)))
    if phase == "lanes":
        out.append(t("lanes", lang, who=who(view["to_move"], lang)))
    elif phase == "play" and view["placed_value"]:
        slots = ", ".join(t(f"slot_{s}", lang) for s in view["placed_slots"])
        out.append(t("playing", lang, value=view["placed_value"], slots=slots))
    elif phase == "steps":
        left = view["steps_left"]
        direction = t("right" if view["drift"] > 0 else "left", lang)
        out.append(t("steps", lang, fwd=left["forward"], diag=left["diagonal"], dir=direction))
    elif phase == "bonus":
        out.append(t("bonus", lang, n=view["bonus"]))
    elif phase == "discard":
        out.append(t("discard", lang))
    if view["last_events"]:
        out.append(t("last", lang, events=describe_events(view["last_events"], lang)))
    if len(view["events"]) > 1:
        out.append(t("now", lang, events=describe_events(view["events"], lang)))
    return "\n".join(out)


_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "lane": "start in lane {n}",
        "play": "play a {v} onto {slot}",
        "go": "stop playing cards and move",
        "forward": "step straight ahead",
        "diagonal": "step diagonally (with the drift)",
        "yes": "take the bonus",
        "no": "refuse the bonus",
        "discard": "discard a {v} from hand",
    },
    "zh-TW": {
        "lane": "選擇起點第 {n} 道",
        "play": "打出 {v} 到{slot}",
        "go": "停止出牌，開始移動",
        "forward": "向前直行 1 格",
        "diagonal": "斜向移動 1 格（往漂移方向）",
        "yes": "使用額外前進",
        "no": "放棄額外前進",
        "discard": "從手牌棄掉 {v}",
    },
}
LABELS = Strings(_LABELS)


def action_label(action: Action, lang: str) -> str:
    """One decision in words."""
    if isinstance(action, ChooseLane):
        return LABELS("lane", lang, n=action.lane)
    if isinstance(action, PlayCard):
        return LABELS("play", lang, v=action.value, slot=t(f"slot_{action.slot}", lang))
    if isinstance(action, Go):
        return LABELS("go", lang)
    if isinstance(action, Step):
        return LABELS(action.move, lang)
    if isinstance(action, Bonus):
        return LABELS(action.choice, lang)
    if isinstance(action, Discard):
        return LABELS("discard", lang, v=action.value)
    return str(action)


#: How a season ended, for the result box (``end_label``, ``tiebreak_label``).
END = Strings(
    {
        "en": {
            "crossed": "Every sled has crossed the finish line or dropped out.",
            "season": "All {n} races of the season have been run.",
            "round_cap": "The round limit ({n} rounds) ended the last race with sleds still on the course.",
            "tiebreak": "Equal points: the better place in the last race breaks the tie.",
        },
        "zh-TW": {
            "crossed": "每輛雪橇都已衝過終點或退出比賽。",
            "season": "本季 {n} 場比賽全部結束。",
            "round_cap": "最後一場比賽達到輪數上限（{n} 輪），仍有雪橇在賽道上。",
            "tiebreak": "同分：以最後一場比賽名次較前者勝。",
        },
    }
)


def end_label(state: Any, lang: str, names: Sequence[str] | None) -> str:
    """Why the season is over: the sleds are all home, or the round cap stopped the last race."""
    game = state.game
    if state.round_no >= game.round_limit and RACING in state.status:
        return END("round_cap", lang, n=game.round_limit)
    races = int(game.options["races"])
    return END("season", lang, n=races) if races > 1 else END("crossed", lang)


def tiebreak_label(state: Any, lang: str) -> str | None:
    """Said only when two seats level on points were ranked apart by the last race."""
    return END("tiebreak", lang) if tie_broken(state) else None


#: The game's vocabulary (meeple.core.vocabulary): what its options and their values
#: are called, ``<option>``, ``<option>.help`` and ``<option>.<value>``. The server sends
#: them with the game, the lobby and the terminal show them.
OPTION_WORDS = Strings(
    {
        "en": {
            "course": "Course",
            "course.help": "auto (the course made for this many sleds), a course's name (first-run, forest-trail, canyon-run, grand-tour), or your own tiles such as START:a,S1:a,C1:a,S2:a,FINISH:a",
            "course.auto": "the course for this many sleds",
            "course.first-run": "First Run",
            "course.forest-trail": "Forest Trail",
            "course.canyon-run": "Canyon Run",
            "course.grand-tour": "Grand Tour",
            "races": "Races in the season",
            "races.help": "how many races make the season (1 to 10); each race's places score points",
        },
        "zh-TW": {
            "course": "賽道",
            "course.help": "auto（依雪橇數選用的賽道）、賽道名稱（first-run、forest-trail、canyon-run、grand-tour），或自己排的賽道圖塊，例如 START:a,S1:a,C1:a,S2:a,FINISH:a",
            "course.auto": "依雪橇數選用的賽道",
            "course.first-run": "初次出賽",
            "course.forest-trail": "森林小徑",
            "course.canyon-run": "峽谷賽道",
            "course.grand-tour": "大環線",
            "races": "賽季場數",
            "races.help": "一個賽季比幾場（1 到 10）；每場依名次得分",
        },
    }
)
