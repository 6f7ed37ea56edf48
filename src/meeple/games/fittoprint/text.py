"""Fit To Print in the terminal: the page drawn as a grid, actions in words (English, 繁體中文).

Everything here works from a view (what one seat may see) and an action, so
the CLI can draw the game for any seat or a spectator without leaking secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.i18n import Strings, lang_of
from meeple.core.labels import tie_broken
from meeple.games.fittoprint.actions import (
    CallLayout,
    Draft,
    Draw,
    Flip,
    Keep,
    Lift,
    MoveCentre,
    Place,
    Print,
    Return,
    Take,
    TimeUp,
)
from meeple.games.fittoprint.components import (
    CELL_INDEX,
    CENTREPIECES,
    CHARACTERS,
    COLUMN_LETTERS,
    CP_MASK,
    DAYS,
    FOLD_AFTER_ROW,
    MAX_COLS,
    NEWS,
    NEWS_IDS,
    RULES,
    SOLO,
    TILE_COPIES,
    TILES,
    Condition,
    tile_mask,
)
from meeple.games.fittoprint.preview import unmet
from meeple.games.fittoprint.state import FitToPrintData

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "sports": "sports & entertainment",
        "news": "news",
        "business": "business & science",
        "good": "good news",
        "bad": "bad news",
        "article": "{colour} article {size}, {pts} pt, {mood} x{icons}",
        "photo": "photo {size} (scores per adjacent {likes} article)",
        "ad": "ad {size}, ${dollars}",
        "or": " or ",
        "copy": "{desc} (#{n})",
        "keep_tile": "keep the {desc}",
        "return_tile": "return the {desc} face up",
        "returns_tile": "returns the {desc} face up",
        "works": "works on the layout",
        "draw": "draw a face-down {size} tile",
        "keep": "keep the tile",
        "return": "return the tile face up",
        "take": "take the face-up {desc}",
        "layout": "call layout (stop reporting)",
        "place": "place the {desc} at {at}, face {face}",
        "row": "row {n}",
        "up": "up",
        "down": "down",
        "flip": "turn the {desc} over",
        "lift": "lift the {desc} back to the desk",
        "centre": "move the centrepiece to {at}",
        "print": "print! (finish the page)",
        "timeup": "Time is up! ({day})",
        "draft": "take the centrepiece {name} ({cond})",
        "header": "{day} · {phase} · {mode}",
        "phase_day": "reporting and layout",
        "phase_draft": "centrepiece draft",
        "phase_over": "game over",
        "mode_slo": "Slo-Mode",
        "mode_realtime": "real time, {m} minutes",
        "mode_realtime_seconds": "real time, {s} seconds",
        "mode_family": "family mode, in turns",
        "mode_family_realtime": "family mode, real time, {m} minutes",
        "mode_family_realtime_seconds": "family mode, real time, {s} seconds",
        "mode_puzzle": "puzzle {n} of {count}",
        "puzzle_title": "Puzzle {n}: {name}",
        "goal": "Goal: {parts}",
        "goal_sep": "; ",
        "goal.all_placed": "every tile on the page",
        "goal.all_face_up": "every tile face up",
        "goal.no_flips": "nothing turned over for touching its own kind",
        "goal.max_empty": "largest empty area at most {want} cells",
        "goal.min_revenue": "ads worth at least ${want}",
        "goal.min_points": "at least {want} points",
        "puzzle_best": "The best score we know for this puzzle: {best}.",
        "puzzle_solved": "Puzzle solved! {pts} points (the best we know: {best}).",
        "puzzle_failed": "Not solved yet: {pts} points (the best we know: {best}).",
        "check": "  {mark} {text} (your page: {got})",
        "check_desk": "  {mark} {text} ({got} still on the desk)",
        "unmet": "Printing now, your page would miss:",
        "print_confirm": "Print now? Your page would miss: {items}.",
        "unmet_desk": "{n} tiles still on your desk ({pts} points)",
        "revenue_added": "Family mode: revenue counts as points ({list}).",
        "revenue_item": "Player {n} +{pts}",
        "mode_realtime_idle": "real time",
        "mode_family_realtime_idle": "family mode, real time",
        "pool": "Face-down tiles by size: {sizes}",
        "face_up": "Face-up tiles in the centre:",
        "none": "none",
        "player": "Player {n}{you}: {status}{token} · desk {desk} · page {page} · "
        "total {pts} points, ${rev}{last}",
        "last_day": " · {day}'s page {pts} points, ${rev}",
        "you": " (you)",
        "token": ", finishing token {t}",
        "reporting": "reporting",
        "layout_status": "laying out",
        "printed": "printed",
        "drawing": ", drawing a tile",
        "your_page": "Your front page ({cols}x{rows}; * centrepiece, . empty, "
        "# face down; the centrepiece must cover {star}):",
        "legend": "Tiles on your page:",
        "legend_marks": "Tiles on your page (a face-up tile's cells show its number after {marks}):",
        "mark_article": "{mark} a {colour} article",
        "mark_photo": "p a photo",
        "mark_ad": "$ an ad",
        "desk": "Your desk:",
        "drawn": "You drew: {desc} (keep or return it)",
        "centrepiece": "Your centrepiece: {name}: {cond}",
        "left": "Rearrangements left today: {n}",
        "offer": "Centrepieces on offer (draft order: {order}):",
        "news_card": "Breaking news: {name}: {text}",
        "character": "Your character: {name}: {text}",
        "result": "{day} results:",
        "result_line": "  Player {n}: {pts} points, ${rev} (articles {a}, photos {p}, "
        "centrepiece {c}, white space {w}, mood {m}, desk {d}, other {o}; token {t})",
        "final": "Final scores: {scores}",
        "final_how": "A final score is the points of the three days. {rule} "
        "Ties go to more revenue, then to the lower Sunday finishing token.",
        "rule_two": "With two players, ending more than ${gap} behind the other in "
        "revenue costs {pen} points.",
        "rule_many": "With three or more players, the lowest total revenue cannot win.",
        "final_line": "  Player {n}: {pts} points, ${rev} revenue",
        "penalty": "  Player {n} ended ${rev} against ${other}, more than ${gap} behind: "
        "{pen} points off, {pts} → {score}.",
        "out": "Player {n} has the lowest revenue and is out of the running.",
        "fold": "fold",
        "winner": "Winner: Player {n}.",
        "solo": "Target {target} points with at least ${rev}: {result}",
        "won": "beaten!",
        "lost": "not reached",
        "adjacent_colour": "{v} per adjacent {arg} article (max {limit})",
        "adjacent_mood": "{v} per adjacent {arg} article (max {limit})",
        "adjacent_photos": "{v} per adjacent photo (max {limit})",
        "no_adjacent_ads": "{v} if no ad touches it",
        "page_colours": "{v} if all three article types are on the page",
        "page_photos": "{v} per photo on the page (max {limit})",
        "page_ads": "{v} per ad on the page (max {limit})",
        "balanced": "{v} if good and bad news icons are equal",
    },
    "zh-TW": {
        "sports": "運動與娛樂",
        "news": "新聞",
        "business": "商業與科學",
        "good": "好消息",
        "bad": "壞消息",
        "article": "{colour}文章 {size}，{pts} 分，{mood}×{icons}",
        "photo": "照片 {size}（每相鄰 1 篇{likes}文章得 1 分）",
        "ad": "廣告 {size}，{dollars} 元",
        "or": "或",
        "copy": "{desc}（#{n}）",
        "keep_tile": "保留{desc}",
        "return_tile": "將{desc}正面朝上退回",
        "returns_tile": "將{desc}正面朝上退回",
        "works": "正在排版",
        "draw": "拿取 1 片 {size} 的背面板塊",
        "keep": "保留板塊",
        "return": "將板塊正面朝上退回",
        "take": "拿取正面朝上的{desc}",
        "layout": "喊出「排版！」（停止採訪）",
        "place": "放置{desc}於 {at}（{face}）",
        "row": "第 {n} 列",
        "up": "正面朝上",
        "down": "正面朝下",
        "flip": "翻轉{desc}",
        "lift": "將{desc}拿回辦公桌",
        "centre": "將焦點新聞移到 {at}",
        "print": "「印刷！」（完成頭版）",
        "timeup": "時間到！（{day}）",
        "draft": "拿取焦點新聞「{name}」（{cond}）",
        "header": "{day} · {phase} · {mode}",
        "phase_day": "採訪與排版",
        "phase_draft": "挑選焦點新聞",
        "phase_over": "遊戲結束",
        "mode_slo": "慢速模式",
        "mode_realtime": "即時制，{m} 分鐘",
        "mode_realtime_seconds": "即時制，{s} 秒",
        "mode_family": "家庭模式，輪流進行",
        "mode_family_realtime": "家庭模式，即時制，{m} 分鐘",
        "mode_family_realtime_seconds": "家庭模式，即時制，{s} 秒",
        "mode_puzzle": "解題 {n}／{count}",
        "puzzle_title": "謎題 {n}：{name}",
        "goal": "目標：{parts}",
        "goal_sep": "；",
        "goal.all_placed": "所有板塊都放上頭版",
        "goal.all_face_up": "所有板塊正面朝上",
        "goal.no_flips": "沒有板塊因與同類相鄰而被翻面",
        "goal.max_empty": "最大空白區域不超過 {want} 格",
        "goal.min_revenue": "廣告收益至少 {want} 元",
        "goal.min_points": "至少 {want} 分",
        "puzzle_best": "我們所知此題的最高分：{best} 分。",
        "puzzle_solved": "解題成功！{pts} 分（我們所知的最高分：{best}）。",
        "puzzle_failed": "尚未解開：{pts} 分（我們所知的最高分：{best}）。",
        "check": "  {mark} {text}（你的頭版：{got}）",
        "check_desk": "  {mark} {text}（辦公桌上還有 {got} 張）",
        "unmet": "現在就印刷的話，你的頭版還差：",
        "print_confirm": "現在就印刷？你的頭版還差：{items}。",
        "unmet_desk": "辦公桌上還有 {n} 張板塊（{pts} 分）",
        "revenue_added": "家庭模式：收益計入分數（{list}）。",
        "revenue_item": "玩家 {n} +{pts}",
        "mode_realtime_idle": "即時制",
        "mode_family_realtime_idle": "家庭模式，即時制",
        "pool": "背面板塊（依大小）：{sizes}",
        "face_up": "桌面中央的正面板塊：",
        "none": "無",
        "player": "玩家 {n}{you}：{status}{token} · 辦公桌 {desk} · 頭版 {page} · "
        "累計 {pts} 分、{rev} 元{last}",
        "last_day": " · {day}頭版 {pts} 分、{rev} 元",
        "you": "（你）",
        "token": "，完稿指示物 {t}",
        "reporting": "採訪中",
        "layout_status": "排版中",
        "printed": "已印刷",
        "drawing": "，正在查看板塊",
        "your_page": "你的頭版（{cols}x{rows}；* 焦點新聞，. 空格，# 背面；焦點新聞必須蓋住 {star}）：",
        "legend": "頭版上的板塊：",
        "legend_marks": "頭版上的板塊（正面板塊的格子顯示 {marks}，後接板塊編號）：",
        "mark_article": "{mark} {colour}文章",
        "mark_photo": "p 照片",
        "mark_ad": "$ 廣告",
        "desk": "你的辦公桌：",
        "drawn": "你拿到：{desc}（保留或退回）",
        "centrepiece": "你的焦點新聞：{name}：{cond}",
        "left": "今天還能調整 {n} 次",
        "offer": "可挑選的焦點新聞（順序：{order}）：",
        "news_card": "新聞快報：{name}：{text}",
        "character": "你的角色：{name}：{text}",
        "result": "{day}結算：",
        "result_line": "  玩家 {n}：{pts} 分，{rev} 元（文章 {a}、照片 {p}、焦點新聞 {c}、"
        "留白 {w}、情緒 {m}、辦公桌 {d}、其他 {o}；完稿 {t}）",
        "final": "最終分數：{scores}",
        "final_how": "最終分數是三天分數的總和。{rule}"
        "同分時收益較多者勝，再相同則週日完稿指示物較小者勝。",
        "rule_two": "兩人遊戲時，收益比對手少超過 {gap} 元的玩家扣 {pen} 分。",
        "rule_many": "三人以上時，總收益最低的玩家不能獲勝。",
        "final_line": "  玩家 {n}：{pts} 分，收益 {rev} 元",
        "penalty": "  玩家 {n} 收益 {rev} 元、對手 {other} 元，少了超過 {gap} 元："
        "扣 {pen} 分，{pts} → {score}。",
        "out": "玩家 {n} 廣告收益最低，失去獲勝資格。",
        "fold": "摺線",
        "winner": "獲勝者：玩家 {n}。",
        "solo": "目標 {target} 分且收益至少 {rev} 元：{result}",
        "won": "達成！",
        "lost": "未達成",
        "adjacent_colour": "每相鄰 1 篇{arg}文章 {v} 分（最多 {limit}）",
        "adjacent_mood": "每相鄰 1 篇{arg}文章 {v} 分（最多 {limit}）",
        "adjacent_photos": "每相鄰 1 張照片 {v} 分（最多 {limit}）",
        "no_adjacent_ads": "沒有相鄰廣告時 {v} 分",
        "page_colours": "頭版上三種文章都有時 {v} 分",
        "page_photos": "頭版上每張照片 {v} 分（最多 {limit}）",
        "page_ads": "頭版上每張廣告 {v} 分（最多 {limit}）",
        "balanced": "好消息與壞消息數量相同時 {v} 分",
    },
}
WORDS = Strings(_WORDS)

KIND_MARK = {"sports": "s", "news": "n", "business": "b", "photo": "p", "ad": "$"}


def _check_line(check: dict[str, Any], text: str, lang: str) -> str:
    """A goal part, met or not, with what the page got (the desk's count for "all placed")."""
    key = "check_desk" if check["part"] == "all_placed" else "check"
    return _w(lang, key, mark="✓" if check["ok"] else "✗", text=text, got=check["got"])


def unmet_lines(unmet: list[dict[str, Any]], lang: str) -> list[str]:
    """What printing now would leave undone (the view's ``unmet``), before the player chooses."""
    if not unmet:
        return []
    out = [_w(lang, "unmet")]
    for item in unmet:
        if item["kind"] == "goal":
            text = _w(lang, "goal." + item["part"], want=item["want"])
            out.append(_check_line(item, text, lang))
        else:  # tiles left on the desk
            out.append("  ✗ " + _w(lang, "unmet_desk", n=item["n"], pts=item["points"]))
    return out


def confirm(state: State, action: Action, seat: int, lang: str) -> str | None:
    """The question before "print!" when the page would leave something undone (a
    puzzle's goal part, family mode's desk): printing ends the page for good."""
    if not isinstance(action, Print):
        return None
    assert isinstance(state, FitToPrintData)
    missed = unmet(state, seat)
    if not missed:
        return None
    items = [line.strip().removeprefix("✗").strip() for line in unmet_lines(missed, lang)[1:]]
    sep = "；" if lang_of(lang) == "zh-TW" else "; "
    return _w(lang, "print_confirm", items=sep.join(items))


def _last_day(last: dict[str, int] | None, lang: str) -> str:
    """What the last scored day's page earned, beside the totals ("" before the first)."""
    if last is None:
        return ""
    day = DAYS[last["day"]]
    name = day.name_zh if lang == "zh-TW" else day.name
    return _w(lang, "last_day", day=name, pts=last["points"], rev=last["revenue"])


def _w(lang: str, key: str, **kw: Any) -> str:
    return WORDS(key, lang, **kw)


def tile_name(tile: int, lang: str) -> str:
    """A tile as a player names it: its face in words, and which copy ("#2") when several
    tiles share that face (the board writes that number on the tile, never a tile id)."""
    desc = tile_text(tile, lang)
    n, of = TILE_COPIES[tile]
    return _w(lang, "copy", desc=desc, n=n) if of > 1 else desc


def tile_text(tile: int, lang: str) -> str:
    """A tile's face in words."""
    t = TILES[tile]
    if t.kind == "article":
        return _w(
            lang,
            "article",
            colour=_w(lang, t.colour),
            size=t.size,
            pts=t.points,
            mood=_w(lang, t.mood),
            icons=t.icons,
        )
    if t.kind == "photo":
        likes = _w(lang, "or").join(_w(lang, x) for x in t.likes)
        return _w(lang, "photo", size=t.size, likes=likes)
    return _w(lang, "ad", size=t.size, dollars=t.dollars)


def condition_text(cond: Condition, lang: str) -> str:
    arg = _w(lang, cond.arg) if cond.arg else ""
    return _w(lang, cond.rule, v=f"+{cond.value}", arg=arg, limit=cond.limit)


def centrepiece_name(cp: int, lang: str) -> str:
    c = CENTREPIECES[cp]
    return c.name_zh if lang_of(lang) == "zh-TW" else c.name


def action_label(action: Action, lang: str) -> str:
    """One action in words."""
    if isinstance(action, Draw):
        return _w(lang, "draw", size=action.size)
    if isinstance(action, Keep):
        return _w(lang, "keep")
    if isinstance(action, Return):
        return _w(lang, "return")
    if isinstance(action, Take):
        return _w(lang, "take", desc=tile_name(action.tile, lang))
    if isinstance(action, CallLayout):
        return _w(lang, "layout")
    if isinstance(action, Place):
        desc = tile_name(action.tile, lang)
        return _w(lang, "place", desc=desc, at=action.at, face=_w(lang, action.face))
    if isinstance(action, Flip):
        return _w(lang, "flip", desc=tile_name(action.tile, lang))
    if isinstance(action, Lift):
        return _w(lang, "lift", desc=tile_name(action.tile, lang))
    if isinstance(action, MoveCentre):
        return _w(lang, "centre", at=action.at)
    if isinstance(action, Print):
        return _w(lang, "print")
    if isinstance(action, TimeUp):
        day = DAYS[action.day]
        return _w(lang, "timeup", day=day.name_zh if lang_of(lang) == "zh-TW" else day.name)
    if isinstance(action, Draft):
        cp = CENTREPIECES[action.centrepiece]
        return _w(
            lang,
            "draft",  # by its name, as the board writes it on the page (never its number)
            name=centrepiece_name(action.centrepiece, lang),
            cond=" / ".join(condition_text(c, lang) for c in cp.sides),
        )
    return str(action)


def action_region(action: Action, lang: str) -> str | None:
    """The page row a tile is placed in ("row 3", as the page numbers its rows), so the
    terminal can split a tile's many places by row (:mod:`meeple.cli.menu`)."""
    if isinstance(action, Place):
        return _w(lang, "row", n=int(action.at[1:]))
    return None


def page_grid(view: dict[str, Any], lang: str = "en") -> list[str]:
    """The viewer's page as rows of 3-character cells inside the day's area."""
    area = view["area"]
    cols, rows = area["columns"], area["rows"]
    you = view["you"]
    marks: dict[int, str] = {}
    _cp, _side, at = you["centrepiece"]
    if at is not None:
        mask = CP_MASK[CELL_INDEX[at]]
        for c in range(MAX_COLS * 8):
            if mask >> c & 1:
                marks[c] = " **"
    for tile, at, face in you["page"]:
        t = TILES[tile]
        mark = KIND_MARK[t.colour if t.kind == "article" else t.kind] if face == "up" else "#"
        mask = tile_mask(tile, CELL_INDEX[at])
        for c in range(MAX_COLS * 8):
            if mask >> c & 1:
                marks[c] = f"{mark}{tile:>2}"[-3:]
    lines = ["    " + "".join(f"  {COLUMN_LETTERS[c]}" for c in range(cols))]
    for r in range(rows):
        cells = "".join(marks.get(r * MAX_COLS + c, "  .") for c in range(cols))
        lines.append(f"{r + 1:>3} {cells}")
        if r + 1 == FOLD_AFTER_ROW and rows > FOLD_AFTER_ROW:
            lines.append("    " + "-" * (3 * cols) + " " + _w(lang, "fold"))
    return lines


def page_legend(page: list[Any], lang: str) -> str:
    """The heading of the page's tile list, naming the letters its face-up tiles show."""
    kinds = {TILES[tile].colour if TILES[tile].kind == "article" else TILES[tile].kind
             for tile, _at, face in page if face == "up"}  # fmt: skip
    marks = []
    for kind, mark in KIND_MARK.items():
        if kind in kinds:
            if kind in ("photo", "ad"):
                marks.append(_w(lang, f"mark_{kind}"))
            else:
                marks.append(_w(lang, "mark_article", mark=mark, colour=_w(lang, kind)))
    if not marks:
        return _w(lang, "legend")
    return _w(lang, "legend_marks", marks=("、" if lang_of(lang) == "zh-TW" else ", ").join(marks))


def mode_text(view: dict[str, Any], lang: str) -> str:
    """The mode in words: Slo-Mode, real time and its timer, family mode, the puzzle."""
    mode = view["mode"]
    seconds = view["round_seconds"] or 0
    if mode == "puzzle":
        return _w(lang, "mode_puzzle", n=view["puzzle"]["number"], count=view["puzzle"]["count"])
    if mode in ("slo", "family"):
        return _w(lang, "mode_" + mode)
    if not seconds:  # between days: no round runs
        return _w(lang, f"mode_{mode}_idle")
    if seconds % 60:  # a short test round (round_seconds)
        return _w(lang, f"mode_{mode}_seconds", s=seconds)
    return _w(lang, f"mode_{mode}", m=seconds // 60 or "-")


def goal_parts(goal: dict[str, Any]) -> list[tuple[str, int]]:
    """The parts of a puzzle goal that apply, in the order the game checks them."""
    out = [(k, 0) for k in ("all_placed", "all_face_up", "no_flips") if goal[k]]
    if goal["max_empty"] >= 0:
        out.append(("max_empty", goal["max_empty"]))
    if goal["min_revenue"]:
        out.append(("min_revenue", goal["min_revenue"]))
    out.append(("min_points", goal["min_points"]))
    return out


def puzzle_lines(view: dict[str, Any], lang: str) -> list[str]:
    """The puzzle's name and goal; once printed, whether it is solved, part by part."""
    puzzle = view["puzzle"]
    zh = lang_of(lang) == "zh-TW"
    name = puzzle["name_zh"] if zh else puzzle["name"]
    parts = goal_parts(puzzle["goal"])
    texts = [_w(lang, "goal." + k, want=want) for k, want in parts]
    out = [
        _w(lang, "puzzle_title", n=puzzle["number"], name=name),
        _w(lang, "goal", parts=_w(lang, "goal_sep").join(texts)),
    ]
    final = view.get("final")
    if not final:
        out.append(_w(lang, "puzzle_best", best=puzzle["best"]))
        return out
    result = final["puzzle"]
    pts = int(final["scores"][0])
    key = "puzzle_solved" if result["solved"] else "puzzle_failed"
    out.append(_w(lang, key, pts=pts, best=puzzle["best"]))
    for check, text in zip(result["checks"], texts, strict=True):
        out.append(_check_line(check, text, lang))
    return out


def final_scores(view: dict[str, Any], lang: str) -> list[str]:
    """The final scores and how they came about: each paper's points and revenue,
    the end-of-game revenue rule, and the points it took off (two players)."""
    final = view["final"]
    players = view["players"]
    n = len(players)
    gap, pen = int(RULES["two_player_gap"]), int(RULES["two_player_penalty"])
    out = [_w(lang, "final", scores=", ".join(f"{x:g}" for x in final["scores"]))]
    if n > 1 and view["mode"] not in ("family", "family_realtime"):  # family: no paper closes
        rule = _w(lang, "rule_two" if n == 2 else "rule_many", gap=gap, pen=pen)
        out.append(_w(lang, "final_how", rule=rule))
    for p in players:
        out.append(
            _w(lang, "final_line", n=p["seat"] + 1, pts=p["total_points"], rev=p["total_revenue"])
        )
    for p, score in zip(players, final["scores"], strict=True):
        lost = p["total_points"] - score
        if lost > 0:
            other = max(q["total_revenue"] for q in players if q is not p)
            out.append(
                _w(
                    lang,
                    "penalty",
                    n=p["seat"] + 1,
                    rev=p["total_revenue"],
                    other=other,
                    gap=gap,
                    pen=f"{lost:g}",
                    pts=p["total_points"],
                    score=f"{score:g}",
                )
            )
    return out


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The whole table as ``seat`` sees it."""
    out: list[str] = []
    day = DAYS[view["day"]]
    zh = lang_of(lang) == "zh-TW"
    mode = mode_text(view, lang)
    out.append(
        _w(
            lang,
            "header",
            day=day.name_zh if zh else day.name,
            phase=_w(lang, "phase_" + view["phase"]),
            mode=mode,
        )
    )
    if view.get("news"):
        card = NEWS[NEWS_IDS.index(view["news"])]
        out.append(
            _w(
                lang,
                "news_card",
                name=card["name_zh"] if zh else card["name"],
                text=card["text_zh"] if zh else card["text"],
            )
        )
    if "puzzle" in view:
        out += puzzle_lines(view, lang)
    else:  # a puzzle has nothing in the centre
        sizes = ", ".join(f"{k} x{v}" for k, v in view["pool"].items()) or _w(lang, "none")
        out.append(_w(lang, "pool", sizes=sizes))
        out.append(_w(lang, "face_up"))
        for t in view["face_up"]:
            out.append(f"  {t:>3}: {tile_text(t, lang)}")
        if not view["face_up"]:
            out.append("  " + _w(lang, "none"))
    status_key = {"reporting": "reporting", "layout": "layout_status", "printed": "printed"}
    for p in view["players"]:
        line = _w(
            lang,
            "player",
            n=p["seat"] + 1,
            you=_w(lang, "you") if p["seat"] == seat else "",
            status=_w(lang, status_key[p["status"]]),
            token=_w(lang, "token", t=p["token"]) if p["token"] else "",
            desk=p["desk_count"],
            page=p["page_count"],
            pts=p["total_points"],
            rev=p["total_revenue"],
            last=_last_day(p["last_day"], lang),
        )
        out.append(line + (_w(lang, "drawing") if p["drawing"] else ""))
    if seat is not None and "you" in view:
        you = view["you"]
        me = view["players"][seat]
        if me.get("character"):
            ch = next(c for c in CHARACTERS if c["id"] == me["character"])
            out.append(
                _w(
                    lang,
                    "character",
                    name=ch["name_zh"] if zh else ch["name"],
                    text=ch["text_zh"] if zh else ch["text"],
                )
            )
        cp, side, _at = you["centrepiece"]
        out.append(
            _w(
                lang,
                "centrepiece",
                name=centrepiece_name(cp, lang),
                cond=condition_text(CENTREPIECES[cp].sides[side], lang),
            )
        )
        if view["phase"] == "day":
            out.append(
                _w(
                    lang,
                    "your_page",
                    cols=view["area"]["columns"],
                    rows=view["area"]["rows"],
                    star=view["star"],
                )
            )
            out += page_grid(view, lang)
            if you["page"]:
                out.append(page_legend(you["page"], lang))
                for tile, at, face in you["page"]:
                    out.append(f"  {tile:>3} @ {at} {_w(lang, face)}: {tile_text(tile, lang)}")
            out.append(_w(lang, "left", n=you["rearrangements_left"]))
        out.append(_w(lang, "desk"))
        for t in you["desk"]:
            out.append(f"  {t:>3}: {tile_text(t, lang)}")
        if not you["desk"]:
            out.append("  " + _w(lang, "none"))
        if you["drawn"] is not None:
            out.append(_w(lang, "drawn", desc=f"{you['drawn']}: {tile_text(you['drawn'], lang)}"))
        out += unmet_lines(you.get("unmet", []), lang)
    if view["offer"]:
        order = ", ".join(str(s + 1) for s in view["draft_order"])
        out.append(_w(lang, "offer", order=order))
        for cp, side in view["offer"]:
            out.append(
                f"  {cp:>3}: {centrepiece_name(cp, lang)}: "
                f"{condition_text(CENTREPIECES[cp].sides[side], lang)}"
            )
    for res in view["results"][-1:]:
        d = DAYS[res["day"]]
        out.append(_w(lang, "result", day=d.name_zh if zh else d.name))
        for s, part in enumerate(res["scores"]):
            out.append(
                _w(
                    lang,
                    "result_line",
                    n=s + 1,
                    pts=part["points"],
                    rev=part["revenue"],
                    a=part["articles"],
                    p=part["photos"],
                    c=part["centrepiece"],
                    w=part["white_space"],
                    m=part["mood"],
                    d=part["desk"],
                    o=part["news"] + part["token_bonus"],
                    t=part["token"],
                )
            )
    final = view.get("final")
    if final:
        out += final_scores(view, lang)
        added = final.get("revenue_points") or []
        if any(added):
            items = [_w(lang, "revenue_item", n=s + 1, pts=p) for s, p in enumerate(added)]
            out.append(_w(lang, "revenue_added", list=", ".join(items)))
        for s, gone in enumerate(final["eliminated"]):
            if gone:
                out.append(_w(lang, "out", n=s + 1))
        for s, r in enumerate(final["ranks"]):
            if r == 1 and len(final["ranks"]) > 1:
                out.append(_w(lang, "winner", n=s + 1))
        if final.get("solo_won") is not None:
            out.append(
                _w(
                    lang,
                    "solo",
                    target=view["target"],
                    rev=view["min_revenue"],
                    result=_w(lang, "won" if final["solo_won"] else "lost"),
                )
            )
    return "\n".join(out)


#: How the week ended, for the result box (``end_label``, ``tiebreak_label``).
END = Strings(
    {
        "en": {
            "week": "The {days} days are printed: the week is over.",
            "eliminated": "Lowest total revenue is out of the running: {names}.",
            "penalty": "More than ${gap} behind in revenue costs {pen} points: {names}.",
            "tiebreak": "Equal points: higher total revenue wins, then the lower finishing token of the last day.",
            "seat": "player {n}",
            "puzzle_solved": "The page is printed and meets every part of the goal: puzzle solved.",
            "puzzle_failed": "The page is printed but misses part of the goal ({parts}): puzzle not solved.",
            "solo": "The target was {target} points and at least ${min} of revenue; "
            "the paper made {pts} points and ${rev}: {result}.",
            "solo_won": "target reached",
            "solo_lost": "target missed",
        },
        "zh-TW": {
            "puzzle_solved": "頭版已印刷，目標每一項都達成：解題成功。",
            "puzzle_failed": "頭版已印刷，但沒達成{parts}：解題未成功。",
            "solo": "目標是 {target} 分且收入至少 {min} 元；報紙得到 {pts} 分、{rev} 元：{result}。",
            "solo_won": "達成目標",
            "solo_lost": "未達目標",
            "week": "{days} 天的報紙都已出刊，本週結束。",
            "eliminated": "總收入最低者失去資格：{names}。",
            "penalty": "收入落後超過 ${gap} 扣 {pen} 分：{names}。",
            "tiebreak": "同分：總收入較高者勝，再同則比最後一天較小的完成標記。",
            "seat": "玩家 {n}",
        },
    }
)


def end_label(state: FitToPrintData, lang: str, names: Sequence[str] | None) -> str:
    """The week is over; who was knocked out by revenue, who paid the two-player penalty
    (by ``names``, the seats' names as the reader knows them, else "player 2")."""
    zh = lang_of(lang) == "zh-TW"
    puzzle = state.game.puzzle
    if puzzle is not None:  # one page, printed once: solved, or which goal parts it missed
        checks = state.results[-1]["puzzle"]["checks"] if state.results else []
        missed = [c["part"] for c in checks if not c["ok"]]
        if not missed:
            return END("puzzle_solved", lang)
        goal = {k: getattr(puzzle.goal, k) for k in puzzle.goal.__dataclass_fields__}
        wants = dict(goal_parts(goal))
        texts = [_w(lang, "goal." + part, want=wants[part]) for part in missed]
        joint = "、" if zh else "; "
        return END(
            "puzzle_failed",
            lang,
            parts=("「" + "」、「".join(texts) + "」") if zh else joint.join(texts),
        )
    parts = [END("week", lang, days=len(DAYS))]
    if state.game.players == 1:  # the designed solo game: the target, and how it went
        parts.append(
            END(
                "solo",
                lang,
                target=int(state.game.options["target"]),
                min=int(SOLO["min_revenue"]),
                pts=state.total_points(0),
                rev=state.total_revenue(0),
                result=END("solo_won" if state.solo_won() else "solo_lost", lang),
            )
        )
    out = [s for s, gone in enumerate(state.eliminated()) if gone]
    if out:
        parts.append(END("eliminated", lang, names=_seat_list(out, lang, names)))
    fined = [s for s, pen in enumerate(state.two_player_penalty()) if pen]
    if fined:
        gap, pen = int(RULES["two_player_gap"]), int(RULES["two_player_penalty"])
        listed = _seat_list(fined, lang, names)
        parts.append(END("penalty", lang, gap=gap, pen=pen, names=listed))
    return ("" if lang_of(lang) == "zh-TW" else " ").join(parts)


def _seat_list(seats: list[int], lang: str, names: Sequence[str] | None) -> str:
    joint = "、" if lang_of(lang) == "zh-TW" else ", "
    return joint.join(names[s] if names else END("seat", lang, n=s + 1) for s in seats)


def tiebreak_label(state: FitToPrintData, lang: str) -> str | None:
    """Said when seats level on points were ranked apart by revenue or the finishing token."""
    return END("tiebreak", lang) if tie_broken(state) else None


#: The game's vocabulary (meeple.core.vocabulary): what its options and their values
#: are called, ``<option>``, ``<option>.help`` and ``<option>.<value>``. The server sends
#: them with the game, the lobby and the terminal show them.
OPTION_WORDS = Strings(
    {
        "en": {
            "breaking_news": "Breaking news (advanced)",
            "breaking_news.help": "one breaking-news card changes each day's scoring",
            "characters": "Characters (advanced)",
            "characters.help": "deal one of six character abilities to each player",
            "minutes": "Round timer (minutes)",
            "minutes.help": "real time only: 3 frantic, 4 standard, 5 relaxed",
            "mode": "Mode",
            "mode.family": "Family mode, turn-based (2-6 players)",
            "mode.family_realtime": "Family mode, real time (2-6 players)",
            "mode.help": "in turns without a timer, or everyone at once against the round timer; family mode has gentler rules for children and new players (2-6 players); a puzzle is laid out alone (1 player)",
            "mode.puzzle": "Puzzle (1 player)",
            "mode.realtime": "Real time: everyone at once, against the round timer",
            "mode.slo": "Slo-Mode: in turns, no timer",
            "puzzle": "Puzzle number",
            "puzzle.help": "puzzle mode only: 1 is the easiest, each next one is harder",
            "round_seconds": "Round timer (seconds, tests)",
            "round_seconds.help": "real time only: a short round in seconds for tests and quick tables; 0 uses the minutes",
            "target": "Solo target score",
            "target.help": "solo: the score to beat",
        },
        "zh-TW": {
            "breaking_news": "新聞快報（進階）",
            "breaking_news.help": "每天翻開 1 張新聞快報改變計分",
            "characters": "角色能力（進階）",
            "characters.help": "每位玩家獲得六種角色能力之一",
            "minutes": "每輪計時（分鐘）",
            "minutes.help": "僅限即時制：3 緊張、4 標準、5 悠閒",
            "mode": "模式",
            "mode.family": "家庭模式，輪流進行（2–6 人）",
            "mode.family_realtime": "家庭模式，即時制（2–6 人）",
            "mode.help": "輪流進行不計時，或所有人同時進行並計時；家庭模式規則較簡單，適合孩子與新玩家（2–6 人）；解題模式由 1 人獨自排版",
            "mode.puzzle": "解題模式（1 人）",
            "mode.realtime": "即時制：所有人同時進行，限時",
            "mode.slo": "慢速模式：輪流進行，不計時",
            "puzzle": "謎題編號",
            "puzzle.help": "僅限解題模式：1 最簡單，之後一題比一題難",
            "round_seconds": "每輪計時（秒，測試用）",
            "round_seconds.help": "僅限即時制：以秒計的短回合，供測試與快速對局；0 表示使用分鐘設定",
            "target": "單人目標分數",
            "target.help": "單人模式：要超越的分數",
        },
    }
)
