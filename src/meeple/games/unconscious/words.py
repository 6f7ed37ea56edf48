"""Unconscious Mind's components in words, English and Traditional Chinese.

The board draws every tile, dream, research card and location effect with
the same short words this module gives (the browser receives them with the
view's ``words`` table, the terminal prints them), so an action's label, a
log line and the board always name a thing the same way: "pay a red minor
insight → +2 coffee", never ``II-20`` or an index.

Two inputs are described: effects as data.toml writes them (components.Step)
and programs of the effect engine (the options of a choice the engine puts
on the decision stack, engine.program's tuples).
"""

from __future__ import annotations

from typing import Any

from meeple.core.effect_words import say_control, words_with_control
from meeple.core.effects import ANY_ORDER
from meeple.core.i18n import lang_of
from meeple.games.unconscious.components import (
    ABILITIES,
    ACTION_KEYS,
    ANY,
    CLIENTS,
    COLOURS,
    DISTRICTS,
    DREAMS,
    GOALS,
    LOCATIONS,
    RESEARCH,
    RONDEL_KEYS,
    SCORING,
    SYMBOLS,
    TILES,
    TREATISES,
    WILD,
    Effect,
)

W = words_with_control(
    {
        "en": {
            "red": "red",
            "green": "green",
            "purple": "purple",
            "any": "any",
            "minor": "minor",
            "median": "median",
            "major": "major",
            "pay": "pay a {colour} {level}",
            "pay_any": "pay a {level} of any colour",
            "sup": "suppress a {colour} insight",
            "sup_any": "suppress an insight",
            "coffee": "+{n} coffee",
            "coffee_pay": "pay {n} coffee",
            "gen": "+1 {colour} minor",
            "gen_any": "+1 minor of any colour",
            "gens": "+{n} minors of one colour",
            "elevate": "elevate",
            "elevates": "elevate {n} different insights",
            "transfer": "transfer a {level} (or lower)",
            "vp": "+{n} VP",
            "bright": "+{n} bright idea",
            "rep": "+{n} reputation",
            "therapy": "{n} therapy",
            "heal": "{n} therapy (room {room})",
            "research": "draw {n} research",
            "play": "play 1-{n} research",
            "play_1": "play 1 research",
            "play_more": "play up to {n} more research",
            "tile_stack": "a tile from a stack",
            "tile_middle": "a middle tile",
            "tile_right": "a right tile",
            "prof": "professor 1-{n} steps",
            "prof_1": "professor 1 step",
            "prof_freud": "professor to Freud",
            "freud": "move Freud",
            "freud_quiet": "Freud walks",
            "loc_freud": "use Freud's location {n}x",
            "idea": "unlock an idea",
            "activate": "reputation track",
            "publish": "publish a treatise",
            "place_tile": "put the tile in the notebook",
            # the boards' own layout of the core's control words (meeple.core.effect_words)
            "times": "{n}x ({what})",
            "may": "may: {what}",
            "choose": "one of: {options}",
            "or": " / ",
            "group": "{what}",
            "any_order.join": "; ",
            "then": " → ",
            "key": "key",
            "water": "water",
            "stairs": "stairs",
            "mirror": "mirror",
            "wild": "wild tag",
            "a_tile_stack": "a tile from a stack (1 coffee)",
            "a_tile_middle": "a middle tile (2 coffee)",
            "a_tile_right": "a right tile (3 coffee)",
            "a_elevate": "elevate two insights",
            "a_research_or_publish": "play research / publish",
            "a_professor": "move the professor",
            "a_generate": "three minor insights",
            "a_draw": "draw research",
            "a_freud": "move Freud",
            "r_top": "the top space (an idea or a column)",
            "r_row1": "notebook row 1",
            "r_row2": "notebook row 2",
            "r_row3": "notebook row 3",
            "r_bottom": "the bottom space",
            "r_low_left": "the lower left space",
            "r_left": "the reputation track",
            "r_high_left": "the upper left space",
            "g_insights_on_district_slots": "{n} insights on district scoring slots",
            "g_full_columns": "{n} full notebook columns",
            "g_research_tag_colours": "research in play of {n} district colours",
            "g_cured_normal": "{n} cured normal clients",
            "g_cured_complex": "{n} cured complex clients",
            "g_treatises": "{n} treatises",
            "g_cured_any": "{n} cured clients",
            "scoring": "{vp} VP per {what}",
            "s_per_normal_cured": "cured normal client",
            "s_per_treatise": "treatise you published",
            "s_per_research": "research card in play",
            "s_per_column": "full notebook column",
            "s_per_row": "full notebook row",
            "s_per_coffee": "coffee left",
            "s_per_reputation": "reputation",
            "s_per_district_slot": "district scoring slot you hold",
            "s_red_tags": "red tag in play",
            "s_green_tags": "green tag in play",
            "s_purple_tags": "purple tag in play",
            "s_per_major": "major insight on your dial",
            "treatise": "treatise of {articles} articles ({vp} VP; {tags})",
            "src_start": "starting client",
            "src_notebook": "notebook",
            "src_clients": "clients",
            "src_vienna": "Vienna",
            "src_track": "reputation track",
            "src_research": "research",
            "src_treatises": "treatises",
            "src_goals": "goal tiles",
            "src_recall": "recalls in era II",
            "src_other": "earlier, not itemised",
            "part_reputation": "reputation place",
            "part_tags": "distinct tags",
            "part_clients": "complex clients",
            "part_bright": "bright ideas",
            "part_trigger": "Freud to the end",
            "part_track": "VP above the marker",
            "part_districts": "district presence",
            "part_rows": "full rows",
            "start": "At setup: {what}.",
            "start_vp": "{n} VP, as the starting client's marker was set on space {space} of "
            "the treatment track, which scores {n} VP",
            "start_catharsis": "a catharsis at once, as the starting client's marker was set "
            "on space {space}, the catharsis space: the grief layer left ({what})",
            "start_bonus": "player {n}'s turn-order bonus, {what}",
            "sentences": "; ",
            "card": "{tag}, {colour} article: {effect}",
        },
        "zh-TW": {
            "red": "紅色",
            "green": "綠色",
            "purple": "紫色",
            "any": "任意顏色",
            "minor": "小",
            "median": "中",
            "major": "大",
            "pay": "付一個{colour}{level}頓悟",
            "pay_any": "付一個任意顏色的{level}頓悟",
            "sup": "抑制一個{colour}頓悟",
            "sup_any": "抑制一個頓悟",
            "coffee": "+{n} 咖啡",
            "coffee_pay": "付 {n} 咖啡",
            "gen": "+1 {colour}小頓悟",
            "gen_any": "+1 任意顏色小頓悟",
            "gens": "+{n} 個同色小頓悟",
            "elevate": "提升",
            "elevates": "提升 {n} 個不同的頓悟",
            "transfer": "移情一個{level}（或更低）頓悟",
            "vp": "+{n} 分",
            "bright": "+{n} 好主意",
            "rep": "+{n} 聲望",
            "therapy": "治療 {n}",
            "heal": "治療 {n}（第 {room} 間）",
            "research": "抽 {n} 張研究卡",
            "play": "打出 1－{n} 張研究卡",
            "play_1": "打出 1 張研究卡",
            "play_more": "再打出至多 {n} 張研究卡",
            "tile_stack": "從供應堆拿一片板塊",
            "tile_middle": "拿中間的板塊",
            "tile_right": "拿右邊的板塊",
            "prof": "教授走 1－{n} 步",
            "prof_1": "教授走 1 步",
            "prof_freud": "教授到佛洛依德那裡",
            "freud": "移動佛洛依德",
            "freud_quiet": "佛洛依德走一步",
            "loc_freud": "使用佛洛依德所在地點 {n} 次",
            "idea": "解鎖一個主意",
            "activate": "啟動聲望軌",
            "publish": "發表一篇論文",
            "place_tile": "把板塊放進筆記本",
            "times": "{n} 次（{what}）",
            "may": "可選：{what}",
            "choose": "擇一：{options}",
            "or": " / ",
            "group": "{what}",
            "any_order.join": "；",
            "then": " → ",
            "key": "鑰匙",
            "water": "水",
            "stairs": "樓梯",
            "mirror": "鏡子",
            "wild": "萬用標籤",
            "a_tile_stack": "從供應堆拿板塊（1 杯咖啡）",
            "a_tile_middle": "拿中間的板塊（2 杯咖啡）",
            "a_tile_right": "拿右邊的板塊（3 杯咖啡）",
            "a_elevate": "提升兩個頓悟",
            "a_research_or_publish": "打出研究卡／發表論文",
            "a_professor": "移動教授",
            "a_generate": "三個小頓悟",
            "a_draw": "抽研究卡",
            "a_freud": "移動佛洛依德",
            "r_top": "最上方的格子（主意或直行）",
            "r_row1": "筆記本第 1 橫列",
            "r_row2": "筆記本第 2 橫列",
            "r_row3": "筆記本第 3 橫列",
            "r_bottom": "最下方的格子",
            "r_low_left": "左下方的格子",
            "r_left": "聲望軌",
            "r_high_left": "左上方的格子",
            "g_insights_on_district_slots": "行政區得分欄位上有 {n} 個頓悟",
            "g_full_columns": "筆記本有 {n} 個完整直行",
            "g_research_tag_colours": "場上研究卡有 {n} 種行政區顏色",
            "g_cured_normal": "治癒 {n} 位一般案主",
            "g_cured_complex": "治癒 {n} 位複雜案主",
            "g_treatises": "發表 {n} 篇論文",
            "g_cured_any": "治癒 {n} 位案主",
            "scoring": "每{what} {vp} 分",
            "s_per_normal_cured": "位已治癒的一般案主",
            "s_per_treatise": "篇發表的論文",
            "s_per_research": "張場上的研究卡",
            "s_per_column": "個完整直行",
            "s_per_row": "個完整橫列",
            "s_per_coffee": "杯剩下的咖啡",
            "s_per_reputation": "點聲望",
            "s_per_district_slot": "個佔有的行政區得分欄位",
            "s_red_tags": "個場上紅色標籤",
            "s_green_tags": "個場上綠色標籤",
            "s_purple_tags": "個場上紫色標籤",
            "s_per_major": "個頓悟錶盤上的大頓悟",
            "treatise": "需要{articles}文章的論文（{vp} 分；{tags}）",
            "src_start": "起始案主",
            "src_notebook": "筆記本",
            "src_clients": "案主",
            "src_vienna": "維也納",
            "src_track": "聲望軌",
            "src_research": "研究卡",
            "src_treatises": "論文",
            "src_goals": "目標板塊",
            "src_recall": "時代 Ⅱ 的召回",
            "src_other": "先前（未分項）",
            "part_reputation": "聲望名次",
            "part_tags": "不同標籤",
            "part_clients": "複雜案主",
            "part_bright": "好主意",
            "part_trigger": "讓佛洛依德走到終點",
            "part_track": "聲望標記上方的分數",
            "part_districts": "行政區據點",
            "part_rows": "完整橫列",
            "start": "開局：{what}。",
            "start_vp": "得 {n} 分，因為起始案主的標記放在治療軌第 {space} 格（該格印有 {n} 分）",
            "start_catharsis": "立刻淨化，因為起始案主的標記放在第 {space} 格，也就是淨化格："
            "悲傷圖層隨即移除（{what}）",
            "start_bonus": "玩家 {n} 的順位獎勵（{what}）",
            "sentences": "；",
            "card": "{tag}，{colour}文章：{effect}",
        },
    }
)

#: The clients' names (their keys in data.toml), in both languages.
CLIENT_NAMES: dict[str, tuple[str, str]] = {
    "governess": ("Governess", "家庭教師"),
    "clerk": ("Clerk", "書記員"),
    "violinist": ("Violinist", "小提琴手"),
    "baker": ("Baker", "麵包師傅"),
    "coachman": ("Coachman", "馬車夫"),
    "seamstress": ("Seamstress", "裁縫"),
    "student": ("Student", "大學生"),
    "widow": ("Widow", "寡婦"),
    "officer": ("Officer", "軍官"),
    "painter": ("Painter", "畫家"),
    "actress": ("Actress", "女演員"),
    "notary": ("Notary", "公證人"),
    "watchmaker": ("Watchmaker", "鐘錶匠"),
    "tram_driver": ("Tram driver", "電車司機"),
    "poet": ("Poet", "詩人"),
    "nurse": ("Nurse", "護士"),
    "banker": ("Banker", "銀行家"),
    "chess_player": ("Chess player", "棋手"),
    "countess": ("Countess", "伯爵夫人"),
    "composer": ("Composer", "作曲家"),
    "judge": ("Judge", "法官"),
    "architect": ("Architect", "建築師"),
    "twins": ("Twins", "雙胞胎"),
    "sleepwalker": ("Sleepwalker", "夢遊者"),
    "magician": ("Magician", "魔術師"),
    "industrialist": ("Industrialist", "實業家"),
    "diplomat": ("Diplomat", "外交官"),
    "soprano": ("Soprano", "女高音"),
    "old_professor": ("Old professor", "老教授"),
    "heiress": ("Heiress", "女繼承人"),
}

#: The normal clients' abilities in Chinese (English: data.toml's own words).
ABILITIES_ZH: dict[str, str] = {
    "recall_coffee": "每次召回 +1 咖啡",
    "cheap_transfer": "用咖啡移情只要 1 杯",
    "cheap_elevate": "用咖啡提升只要 1 杯",
    "cheap_bright": "好主意只要 2 杯咖啡",
    "coffee_cap": "咖啡最多可以有 8 杯",
    "publish_vp": "每次發表論文 +2 分",
    "cure_vp": "之後每治癒一位案主 +2 分",
    "draw_more": "抽研究卡行動抽 2 張",
    "generate_more": "生成行動給 4 個小頓悟",
    "cheap_tiles": "拿板塊的行動少付 1 杯咖啡",
    "freud_vp": "每次移動佛洛依德 +1 分",
    "location_tag": "使用地點時多算 1 個相符標籤（仍有上限）",
    "district_tag": "行政區得分欄位多算 1 個標籤",
    "catharsis_coffee": "每次淨化 +2 咖啡",
    "treat_more": "每回合第一次治療多 1 治療",
    "inkpot_more": "墨水瓶移動時多走 1 格",
    "reputation_vp": "每次獲得聲望 +1 分",
    "research_vp": "每打出一張研究卡 +1 分",
}


def zh(lang: str) -> bool:
    return lang_of(lang) == "zh-TW"


def colour(c: int, lang: str) -> str:
    return W("any" if c == ANY else COLOURS[c], lang)


def level(lv: int, lang: str) -> str:
    return W(("minor", "median", "major")[lv - 1], lang)


def location(i: int, lang: str) -> str:
    loc = LOCATIONS[i]
    return loc.zh if zh(lang) else loc.en


def district(i: int, lang: str) -> str:
    d = DISTRICTS[i]
    return d.zh if zh(lang) else d.en


def tag(t: int, lang: str) -> str:
    return W("wild", lang) if t == WILD else location(t, lang)


def symbol(k: int, lang: str) -> str:
    return W(SYMBOLS[k], lang)


def action(a: int, lang: str) -> str:
    return W(f"a_{ACTION_KEYS[a]}", lang)


def rondel_space(space: int, lang: str) -> str:
    return W(f"r_{RONDEL_KEYS[space]}", lang)


def client(c: int, lang: str) -> str:
    en, zh_name = CLIENT_NAMES[CLIENTS[c].key]
    return zh_name if zh(lang) else en


def ability(c: int, lang: str) -> str:
    """What a client does: a normal client's ability once cured, a complex one's scoring."""
    cl = CLIENTS[c]
    if cl.complex:
        vp, _what = SCORING[cl.scoring]
        return W("scoring", lang, vp=vp, what=W(f"s_{cl.scoring}", lang))
    return ABILITIES_ZH[cl.ability] if zh(lang) else ABILITIES[cl.ability]


def vp_source(key: str, lang: str) -> str:
    """Where VP came from during the game (a part of the VP ledger, state.VP_SOURCES)."""
    return W(f"src_{key}", lang)


def final_part(key: str, lang: str) -> str:
    """A line of the final scoring (rules.final_breakdown's keys)."""
    return W(f"part_{key}", lang)


def goal(g: int, lang: str) -> str:
    gl = GOALS[g]
    return W(f"g_{gl.condition}", lang, n=gl.count)


# -- effects (data.toml's notation) -------------------------------------------------------------


def _step(op: str, c: int, n: int, where: str, lang: str) -> str:
    if op == "pay":
        if c == ANY:
            return W("pay_any", lang, level=level(n, lang))
        return W("pay", lang, colour=colour(c, lang), level=level(n, lang))
    if op == "sup":
        return W("sup_any" if c == ANY else "sup", lang, colour=colour(c, lang))
    if op == "coffee":
        return W("coffee", lang, n=n) if n > 0 else W("coffee_pay", lang, n=-n)
    if op == "gen":
        return W("gen_any", lang) if c == ANY else W("gen", lang, colour=colour(c, lang))
    if op == "transfer":
        return W("transfer", lang, level=level(n, lang))
    if op == "tile":
        return W(f"tile_{where}", lang)
    if op in ("prof", "play") and n == 1:  # "play 1 research", not "play 1-1"
        return W(f"{op}_1", lang)
    if op in ("elevate", "prof_freud", "freud", "freud_quiet", "idea", "activate", "publish"):
        return W(op, lang)
    return W(op, lang, n=n)


def _runs(words: list[str]) -> list[str]:
    """Repeats side by side said once with a count: "elevate ×2"."""
    out: list[str] = []
    counts: list[int] = []
    for w in words:
        if out and out[-1] == w:
            counts[-1] += 1
        else:
            out.append(w)
            counts.append(1)
    return [w if k == 1 else f"{w} ×{k}" for w, k in zip(out, counts, strict=True)]


def _join(costs: list[str], gains: list[str], lang: str) -> str:
    sep = "，" if zh(lang) else ", "
    costs, gains = _runs(costs), _runs(gains)
    if costs and gains:
        return sep.join(costs) + W("then", lang) + sep.join(gains)
    return sep.join(costs + gains) or W("nothing", lang)


def effect(e: Effect, lang: str) -> str:
    """An effect as the board prints it: its costs, an arrow, its gains."""
    costs = [_step(s.op, s.colour, s.n, s.where, lang) for s in e if s.is_cost()]
    gains = [_step(s.op, s.colour, s.n, s.where, lang) for s in e if not s.is_cost()]
    return _join(costs, gains, lang)


def tile(t: int, lang: str) -> str:
    """A method tile's main effect (what its notebook row or column triggers)."""
    return effect(TILES[t].main, lang)


def dream(d: int, lang: str) -> str:
    return effect(DREAMS[d].effect, lang)


def research_card(c: int, lang: str) -> str:
    r = RESEARCH[c]
    return W(
        "card",
        lang,
        tag=tag(r.tag, lang),
        colour=colour(r.colour, lang),
        effect=effect(r.effect, lang),
    )


def treatise(t: int, lang: str) -> str:
    tr = TREATISES[t]
    sep = "、" if zh(lang) else " + "
    articles = sep.join(colour(c, lang) for c in tr.articles)
    tags = ("、" if zh(lang) else ", ").join(tag(x, lang) for x in tr.tags)
    return W("treatise", lang, articles=articles, vp=tr.vp, tags=tags)


# -- programs (the engine's options) ------------------------------------------------------------


def _words(eff: tuple[Any, ...], lang: str) -> tuple[list[str], list[str]]:
    """(costs, gains) of one program step in words."""
    verb = eff[0]
    if verb == "pay":
        return [W("coffee_pay", lang, n=eff[2])], []
    if verb == "gain":  # an item: coffee, bright, or vp.<source> (the VP ledger's)
        return [], [W(str(eff[1]).split(".")[0], lang, n=eff[2])]
    if verb == "costs":
        return [_step(op, c, lv, "", lang) for op, c, lv in eff[1]], []
    if verb == "heal":
        return [], [W("heal", lang, n=eff[2], room=int(eff[1]) + 1)]
    if verb == "gen":
        return [], [_step("gen", int(eff[1]), 0, "", lang)]
    if verb == "transfer":
        return [], [_step("transfer", ANY, int(eff[1]), "", lang)]
    if verb == "tile":
        return [], [W(f"tile_{eff[1]}", lang)]
    if verb == "use":
        return [], [action(int(eff[1]), lang)]
    said = say_control(eff, lang, W, lambda prog: program(prog, lang), str)
    if said is not None:
        return [], [said]
    if verb in ("prof", "play") and int(eff[1]) == 1:
        return [], [W(f"{verb}_1", lang)]
    if len(eff) > 1:
        return [], [W(verb, lang, n=eff[1])]
    return [], [W(verb, lang)]


def program(prog: tuple[tuple[Any, ...], ...], lang: str, tail: bool = True) -> str:
    """An engine program in words; ``tail=False`` leaves out a trailing any-order rest
    (an any-order option is "this part, then the rest in any order")."""
    steps = list(prog)
    if not tail and len(steps) > 1 and steps[-1][0] == ANY_ORDER:
        steps = steps[:-1]
    costs: list[str] = []
    gains: list[str] = []
    for eff in steps:
        c, g = _words(eff, lang)
        costs += c
        gains += g
    return _join(costs, gains, lang)
