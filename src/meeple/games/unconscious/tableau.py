"""Unconscious Mind's table as terminal text, en + zh-TW: everything the browser board shows.

The round and Freud (how he moves on his own, and in solo the target and his
clock), the market (and a tile on its way to a notebook), the meeting table,
Vienna (every location's effect and bonus slots, each district's recall tokens
and scoring slots, Freud and the professors), the clients waiting with their
grief layers, the manifest dreams, the face-up research card, the treatises
and goal tiles; then one block per player (why they start with what they have,
dial, notebook, rooms with the grief layer and both dreams named, research);
at the end, where every seat's points came from.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import Strings
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.components import (
    CLIENTS,
    COLOURS,
    DISTRICTS,
    DREAMS,
    FINAL_PARTS,
    GOALS,
    GRIEF,
    LOCATIONS,
    TREATISES,
    VP_SOURCES,
)

BOARD = Strings(
    {
        "en": {
            "head": "Round {round}, era {era}; Freud at {loc}, his reputation {rep}{last}",
            "last": " (the last round is round {n})",
            "over": "The final table (round {round}, era {era}; Freud at {loc}, his reputation "
            "{rep})",
            "freud_moves": "Freud on his own: his figure walks one location clockwise when his "
            "marker reaches {spaces}; era II begins at {era2}, the end after {end}",
            "solo": "Solo: score at least {target} VP to win (you have {vp}); Freud's marker "
            "moves {moves} space(s) at the end of every {every} rounds (next: the end of round "
            "{next})",
            "and": " and ",
            "market_head": "Market (face-down stack | middle | right):",
            "market_row": "  row {row}: [{n} left] | {middle} | {right}",
            "placing": "Tile for {who}'s notebook: “{what}” (choose its space)",
            "empty": "-",
            "table_line": "Meeting table: {spaces}",
            "table_space": "space {space}: {seat}, {ideas} idea(s) → {action}",
            "seat": "player {n}",
            "vienna": "Vienna, clockwise (a location is used once per matching tag, at most "
            "{cap} times):",
            "location": "  {loc} ({district}){here}: use: {effect}; bonus slots: {slots}",
            "here": " [{who}]",
            "freud": "Freud",
            "prof_of": "player {n}'s professor",
            "taken": "{what} (player {n})",
            "district": "  {district}: recall tokens left: {tokens}; scoring slots: {slots}",
            "token_stack": "stack {stack} {n}",
            "need": "{need} tags: {what}",
            "clients": "Clients waiting (decks: {normal} normal, {complex} complex): {clients}",
            "client": "{name} ({kind}, {hearts} hearts, {vp} VP, {tags}; cured: {ability})",
            "tag": "tag {tags}",
            "tags": "tags {tags}",
            "grief": "{client} under a grief layer of {hearts} heart(s), {symbol}",
            "normal": "normal",
            "complex": "complex",
            "dreams": "Manifest dreams ({n} in the deck): {dreams}",
            "dream": "{what} ({symbol})",
            "research_up": "Research: the face-up card {card}; {n} in the deck",
            "treatises": "Treatises (the articles they need; VP; their tags): {items}",
            "treatise": "{articles} ({vp} VP; {tags})",
            "treatise_taken": "{what}, published by player {n}",
            "goals": "Goal tiles: {items}",
            "goal": "{tag}: {what} ({vp} VP)",
            "goal_taken": "{what}, claimed by player {n}",
            "player": "Player {seat}: {vp} VP, reputation {rep}, coffee {coffee}, bright ideas "
            "{bright}, ideas {ideas} (+{locked} locked), professor {prof}, inkpot on {ink}",
            "no_prof": "not placed yet",
            "prof_at": "at {loc}",
            "start": "  {note}",
            "dial": "  dial (minor/median/major): {dial}; reserve {res} (+{own} of the "
            "player's colour)",
            "notebook_row": "  notebook row {row}: {cells}",
            "room_line": "  room {room}: {what}",
            "room_client": "{name} ({kind}), treatment track {track}; {grief}; manifest "
            "dream: {manifest}; latent dream: {latent}",
            "room_grief": "grief layer: {hearts} heart(s), {symbol}",
            "room_no_grief": "no grief layer (its catharsis is done)",
            "room_empty": "empty",
            "room_closed": "closed until the player's first cure",
            "cured": "  cured: {names}",
            "research": "  research: hand {hand}; in play {played}; treatises {treatises}",
            "hidden_hand": "{n} card(s), hidden",
            "none": "none",
            "score_head": "Where the points came from:",
            "score_line": "  player {n}: {total} VP = {during} during the game ({parts}) + "
            "{end} at the end ({ends})",
            "score_part": "{what} {n}",
        },
        "zh-TW": {
            "head": "第 {round} 輪，時代 {era}；佛洛依德在{loc}，他的聲望 {rep}{last}",
            "last": "（最後一輪是第 {n} 輪）",
            "over": "終局的桌面（第 {round} 輪，時代 {era}；佛洛依德在{loc}，他的聲望 {rep}）",
            "freud_moves": "佛洛依德自己的移動：他的標記到達 {spaces} 時，他本人順時針走一個"
            "地點；到 {era2} 進入時代 Ⅱ，到 {end} 之後結束",
            "solo": "單人：至少 {target} 分才算贏（你現在 {vp} 分）；每 {every} 輪結束時，"
            "佛洛依德的標記前進 {moves} 格（下一次：第 {next} 輪結束時）",
            "and": "、",
            "market_head": "市場（供應堆｜中間｜右邊）：",
            "market_row": "  第 {row} 列：［剩 {n}］｜{middle}｜{right}",
            "placing": "要放進{who} 的筆記本的板塊：「{what}」（選擇放在哪一格）",
            "empty": "－",
            "table_line": "會議桌：{spaces}",
            "table_space": "主意欄位 {space}：{seat}，{ideas} 個主意 → {action}",
            "seat": "玩家 {n}",
            "vienna": "維也納，順時針（每有一個相符標籤使用地點一次，最多 {cap} 次）：",
            "location": "  {loc}（{district}）{here}：使用：{effect}；獎勵欄位：{slots}",
            "here": "［{who}］",
            "freud": "佛洛依德",
            "prof_of": "玩家 {n} 的教授",
            "taken": "{what}（玩家 {n}）",
            "district": "  {district}：召回指示物還剩：{tokens}；得分欄位：{slots}",
            "token_stack": "第 {stack} 疊 {n} 個",
            "need": "{need} 個標籤：{what}",
            "clients": "等待中的案主（牌庫：一般 {normal}，複雜 {complex}）：{clients}",
            "client": "{name}（{kind}，{hearts} 顆心，{vp} 分，{tags}；治癒後：{ability}）",
            "tag": "標籤 {tags}",
            "tags": "標籤 {tags}",
            "grief": "{client}，悲傷圖層 {hearts} 顆心，{symbol}",
            "normal": "一般",
            "complex": "複雜",
            "dreams": "顯性夢境（牌庫 {n} 張）：{dreams}",
            "dream": "{what}（{symbol}）",
            "research_up": "研究：正面朝上的牌 {card}；牌庫 {n} 張",
            "treatises": "論文（需要的文章；分數；標籤）：{items}",
            "treatise": "{articles}（{vp} 分；{tags}）",
            "treatise_taken": "{what}，玩家 {n} 已發表",
            "goals": "目標板塊：{items}",
            "goal": "{tag}：{what}（{vp} 分）",
            "goal_taken": "{what}，玩家 {n} 已取得",
            "player": "玩家 {seat}：{vp} 分，聲望 {rep}，咖啡 {coffee}，好主意 {bright}，主意 "
            "{ideas}（鎖住 {locked}），教授{prof}，墨水瓶在{ink}",
            "no_prof": "尚未放置",
            "prof_at": "在{loc}",
            "start": "  {note}",
            "dial": "  頓悟錶盤（小／中／大）：{dial}；存放區 {res}（自己顏色 {own}）",
            "notebook_row": "  筆記本第 {row} 橫列：{cells}",
            "room_line": "  第 {room} 間：{what}",
            "room_client": "{name}（{kind}），治療軌 {track}；{grief}；顯性夢境：{manifest}；"
            "隱性夢境：{latent}",
            "room_grief": "悲傷圖層：{hearts} 顆心，{symbol}",
            "room_no_grief": "沒有悲傷圖層（已淨化）",
            "room_empty": "空",
            "room_closed": "第一次治癒前關閉",
            "cured": "  已治癒：{names}",
            "research": "  研究：手牌 {hand}；場上 {played}；論文 {treatises}",
            "hidden_hand": "{n} 張，不公開",
            "none": "無",
            "score_head": "分數來源：",
            "score_line": "  玩家 {n}：{total} 分 = 遊戲中 {during}（{parts}）＋ 終局 {end}"
            "（{ends}）",
            "score_part": "{what} {n}",
        },
    }
)


def _seps(lang: str) -> tuple[str, str]:
    """(between items that hold commas, between plain names): "; " and ", " in English,
    "；" and "、" in Chinese."""
    return ("；", "、") if wd.zh(lang) else ("; ", ", ")


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _loc_index() -> dict[str, int]:
    return {loc.key: loc.index for loc in LOCATIONS}


def _tile(t: int, lang: str) -> str:
    return BOARD("empty", lang) if t < 0 else wd.tile(t, lang)


def client_words(c: int, grief: int, lang: str) -> str:
    """A client as the display and the rooms show them: name, kind, hearts, VP, tags,
    what a cure gives, and the grief layer over them (if any)."""
    cl = CLIENTS[c]
    out = BOARD(
        "client",
        lang,
        name=wd.client(c, lang),
        kind=BOARD("complex" if cl.complex else "normal", lang),
        hearts=cl.hearts,
        vp=cl.vp,
        tags=BOARD(
            "tag" if len(cl.tags) == 1 else "tags",
            lang,
            tags=_seps(lang)[1].join(wd.tag(t, lang) for t in cl.tags),
        ),
        ability=wd.ability(c, lang),
    )
    if grief < 0:
        return out
    hearts, symbol = GRIEF[grief]
    return BOARD("grief", lang, client=out, hearts=hearts, symbol=wd.symbol(symbol, lang))


def _head(view: dict[str, Any], lang: str) -> list[str]:
    freud = view["freud"]
    loc = wd.location(_loc_index()[freud["location"]], lang)
    era, rnd, rep = "I" * view["era"], view["round"], freud["reputation"]
    if view["phase"] == "over":
        return [BOARD("over", lang, round=rnd, era=era, loc=loc, rep=rep)]
    last = BOARD("last", lang, n=view["last_round"]) if view["last_round"] >= 0 else ""
    spaces = [str(x) for x in freud["walks_at"]]
    joined = BOARD("and", lang).join(
        spaces if wd.zh(lang) else [", ".join(spaces[:-1]), spaces[-1]]
    )
    out = [
        BOARD("head", lang, round=rnd, era=era, loc=loc, rep=rep, last=last),
        BOARD("freud_moves", lang, spaces=joined, era2=freud["era2_at"], end=freud["end_at"]),
    ]
    solo = view["solo"]
    if solo is not None:
        vp = view["players"][0]["vp"]
        out.append(
            BOARD("solo", lang, vp=vp, **{k: solo[k] for k in ("target", "moves", "every", "next")})
        )
    return out


def _market(view: dict[str, Any], lang: str) -> list[str]:
    market = view["market"]
    out = [BOARD("market_head", lang)]
    for r in range(2):
        middle, right = _tile(market["middle"][r], lang), _tile(market["right"][r], lang)
        n = market["stacks"][r]
        out.append(BOARD("market_row", lang, row=r + 1, n=n, middle=middle, right=right))
    decision = view["decision"]
    if decision is not None and "tile" in decision:  # a tile on its way to a notebook
        who = BOARD("seat", lang, n=decision["seat"] + 1)
        out.append(BOARD("placing", lang, who=who, what=wd.tile(decision["tile"], lang)))
    return out


def _table(view: dict[str, Any], lang: str) -> str:
    spaces = [
        BOARD(
            "table_space",
            lang,
            space=i + 1,
            seat=BOARD("seat", lang, n=sp["seat"] + 1),
            ideas=sp["ideas"],
            action=wd.W("a_" + sp["action"], lang),
        )
        for i, sp in enumerate(view["table"])
        if sp is not None
    ]
    return BOARD("table_line", lang, spaces=_seps(lang)[0].join(spaces) or BOARD("empty", lang))


def _slots(effects: list[str], who: list[int], lang: str) -> str:
    bar = "｜" if wd.zh(lang) else " | "
    return bar.join(
        e if w < 0 else BOARD("taken", lang, what=e, n=w + 1)
        for e, w in zip(effects, who, strict=True)
    )


def _vienna(view: dict[str, Any], lang: str) -> list[str]:
    cap = view["location_cap"]
    out = [BOARD("vienna", lang, cap=cap)]
    name_sep = _seps(lang)[1]
    for d in DISTRICTS:
        district = f"{wd.district(d.index, lang)}{'，' if wd.zh(lang) else ', '}{wd.colour(d.colour, lang)}"
        for loc in (x for x in LOCATIONS if x.district == d.index):
            here = [BOARD("freud", lang)] if view["freud"]["location"] == loc.key else []
            here += [
                BOARD("prof_of", lang, n=p + 1)
                for p, pl in enumerate(view["players"])
                if pl["professor"] == loc.key
            ]
            slots = _slots(
                [wd.effect(b, lang) for b in loc.bonus], view["bonus_slots"][loc.index], lang
            )
            out.append(
                BOARD(
                    "location",
                    lang,
                    loc=wd.location(loc.index, lang),
                    district=district,
                    here=BOARD("here", lang, who=name_sep.join(here)) if here else "",
                    effect=wd.effect(loc.effect, lang),
                    slots=slots,
                )
            )
        tokens = name_sep.join(
            BOARD("token_stack", lang, stack=["Ⅰ", "Ⅱ", "Ⅲ"][k], n=n)
            for k, n in enumerate(view["recall_tokens"][d.index])
        )
        needs = [
            BOARD("need", lang, need=need, what=wd.effect(r, lang))
            for need, r in zip(d.thresholds, d.rewards, strict=True)
        ]
        slots = _slots(needs, view["district_slots"][d.index], lang)
        out.append(
            BOARD("district", lang, district=wd.district(d.index, lang), tokens=tokens, slots=slots)
        )
    return out


def _displays(view: dict[str, Any], lang: str) -> list[str]:
    item_sep = _seps(lang)[0]
    decks = view["decks"]
    clients = item_sep.join(
        client_words(c, g, lang)
        for c, g in zip(view["clients"], view["client_grief"], strict=True)
        if c >= 0
    )
    dreams = item_sep.join(
        BOARD("dream", lang, what=wd.dream(m, lang), symbol=wd.symbol(DREAMS[m].symbol, lang))
        for m in view["dreams"]
        if m >= 0
    )
    up = view["research_up"]
    card = wd.research_card(up, lang) if up >= 0 else BOARD("none", lang)
    treatises = []
    for t in range(len(TREATISES)):
        owner = view["treatise_owner"][t]
        tr = TREATISES[t]
        what = BOARD(
            "treatise",
            lang,
            articles=("、" if wd.zh(lang) else " + ").join(wd.colour(c, lang) for c in tr.articles),
            vp=tr.vp,
            tags=_seps(lang)[1].join(wd.tag(x, lang) for x in tr.tags),
        )
        treatises.append(
            what if owner < 0 else BOARD("treatise_taken", lang, what=what, n=owner + 1)
        )
    goals = []
    held = {g: p for p, pl in enumerate(view["players"]) for g in pl["goals"]}
    for g in GOALS:
        what = BOARD("goal", lang, tag=wd.tag(g.tag, lang), what=wd.goal(g.index, lang), vp=g.vp)
        goals.append(
            what
            if g.index not in held
            else BOARD("goal_taken", lang, what=what, n=held[g.index] + 1)
        )
    none = BOARD("none", lang)
    return [
        BOARD(
            "clients",
            lang,
            normal=decks["normal"],
            complex=decks["complex"],
            clients=clients or none,
        ),
        BOARD("dreams", lang, n=decks["manifest"], dreams=dreams or none),
        BOARD("research_up", lang, card=card, n=decks["research"]),
        BOARD("treatises", lang, items=item_sep.join(treatises)),
        BOARD("goals", lang, items=item_sep.join(goals)),
    ]


def _dial(d: list[int], lang: str) -> str:
    parts = []
    for c in range(len(COLOURS)):
        counts = [d[c * 3 + k] + d[9 + c * 3 + k] for k in range(3)]
        parts.append(f"{wd.colour(c, lang)} {'/'.join(str(x) for x in counts)}")
    return ("，" if wd.zh(lang) else ", ").join(parts)


def _room(room: dict[str, Any], lang: str) -> str:
    if room["client"] < 0:
        return BOARD("room_empty", lang)
    c = room["client"]
    grief = room["grief"]
    if grief >= 0:
        hearts, symbol = GRIEF[grief]
        layer = BOARD("room_grief", lang, hearts=hearts, symbol=wd.symbol(symbol, lang))
    else:
        layer = BOARD("room_no_grief", lang)
    m, latent = room["manifest"], room["latent"]
    manifest = (
        BOARD("dream", lang, what=wd.dream(m, lang), symbol=wd.symbol(DREAMS[m].symbol, lang))
        if m >= 0
        else BOARD("none", lang)
    )
    return BOARD(
        "room_client",
        lang,
        name=wd.client(c, lang),
        kind=BOARD("complex" if CLIENTS[c].complex else "normal", lang),
        track=room["track"],
        grief=layer,
        manifest=manifest,
        latent=wd.dream(latent, lang) if latent >= 0 else BOARD("none", lang),
    )


def _player(view: dict[str, Any], p: int, lang: str) -> list[str]:
    pl = view["players"][p]
    item_sep, name_sep = _seps(lang)
    prof = pl["professor"]
    out = [
        BOARD(
            "player",
            lang,
            seat=p + 1,
            vp=pl["vp"],
            rep=pl["reputation"],
            coffee=pl["coffee"],
            bright=pl["bright"],
            ideas=pl["ideas"],
            locked=pl["locked_ideas"],
            prof=(
                BOARD("prof_at", lang, loc=wd.location(_loc_index()[prof], lang))
                if prof
                else BOARD("no_prof", lang)
            ),
            ink=wd.rondel_space(pl["inkpot"], lang),
        )
    ]
    if pl["start_note"]:
        out.append(BOARD("start", lang, note=pl["start_note"][lang]))
    d = pl["dial"]
    out.append(BOARD("dial", lang, dial=_dial(d, lang), res=d[18], own=d[19]))
    bar = "｜" if wd.zh(lang) else " | "
    for r in range(3):
        cells = [_tile(t, lang) for t in pl["notebook"][r * 3 : r * 3 + 3]]
        out.append(BOARD("notebook_row", lang, row=r + 1, cells=bar.join(cells)))
    for r, room in enumerate(pl["rooms"]):
        closed = r == 1 and not pl["second_room_open"]
        what = BOARD("room_closed", lang) if closed else _room(room, lang)
        out.append(BOARD("room_line", lang, room=r + 1, what=what))
    if pl["cured"]:
        out.append(
            BOARD("cured", lang, names=name_sep.join(wd.client(c, lang) for c in pl["cured"]))
        )
    none = BOARD("none", lang)
    if pl["hand"] is not None:
        hand = item_sep.join(wd.research_card(c, lang) for c in pl["hand"]) or none
    else:
        hand = BOARD("hidden_hand", lang, n=pl["hand_size"])
    played = item_sep.join(wd.research_card(c, lang) for c in pl["played"]) or none
    treatises = item_sep.join(wd.treatise(t, lang) for t in pl["treatises"]) or none
    out.append(BOARD("research", lang, hand=hand, played=played, treatises=treatises))
    return out


def score_lines(view: dict[str, Any], lang: str) -> list[str]:
    """At the end: every seat's total, the VP of the game by source (the VP ledger) and
    the final scoring by line (a solo game's target is in the end sentence, end_label)."""
    if not view["final"]:
        return []
    name_sep = _seps(lang)[1]
    none = BOARD("none", lang)
    out = [BOARD("score_head", lang)]
    for p, (pl, final) in enumerate(zip(view["players"], view["final"], strict=True)):
        parts = name_sep.join(
            BOARD("score_part", lang, what=wd.vp_source(k, lang), n=pl["vp_by"][k])
            for k in VP_SOURCES
            if pl["vp_by"][k]
        )
        ends = name_sep.join(
            BOARD("score_part", lang, what=wd.final_part(k, lang), n=final[k])
            for k in FINAL_PARTS
            if final.get(k)
        )
        out.append(
            BOARD(
                "score_line",
                lang,
                n=p + 1,
                total=_n(view["scores"][p]),
                during=pl["vp"],
                parts=parts or none,
                end=sum(final.values()),
                ends=ends or none,
            )
        )
    return out


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The table of ``view`` (what ``seat`` sees) as terminal text, naming every tile,
    client, dream and card by what it does, as the browser board shows them."""
    lines = _head(view, lang) + _market(view, lang) + [_table(view, lang)]
    lines += _vienna(view, lang) + _displays(view, lang)
    for p in range(len(view["players"])):
        lines += _player(view, p, lang)
    lines += score_lines(view, lang)
    return "\n".join(lines)
