"""ICE as text: the layers for the terminal and every action's label, en + zh-TW.

A tile is written as its layer's initial and its number in the layer (``I30``
is the ice layer's centre, ``S7`` the surface layer's seventh tile). The
board is drawn as the view from above (the topmost tile at each spot), then
each layer on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import Strings, lang_of, wrap_items
from meeple.games.ice.actions import (
    CallArchaeologist,
    CallLeader,
    Dig,
    Display,
    DoneDay,
    EndTurn,
    ExaltedPlace,
    Explore,
    Fulfil,
    Harmonize,
    KeepRequests,
    MoveCamp,
    Pass,
    PlaceFigure,
    Plan,
    PrismAs,
    SetUpCamp,
    TakeFallen,
    UseIce,
)
from meeple.games.ice.components import (
    ARTIFACTS,
    DEED_COUNTERS,
    EDIFICE,
    FACES,
    GUILD_KEYS,
    HINTS,
    LAYER_NAMES,
    LAYER_OF,
    LAYER_POSITIONS,
    NP,
    PRISM,
    REQUESTS,
    RULES,
    TERRAINS,
    XY,
    tile_name,
)
from meeple.games.ice.names import DEED_WORDS, LAYER_WORDS, NAMES, deed_words

TEXT = Strings(
    {
        "en": {
            "giveback": "Give back request {card} ({needs}, {vp} VP)",
            "card": "{card} ({needs}, {vp} VP)",
            "camp": "Set up camp on {tile} (1 AP)",
            "call": "Call an archaeologist to the camp on {tile} (1 AP)",
            "recall": "Call your leader to the camp on {tile} (1 AP)",
            "explore": "Explore to {tile} with {carry} archaeologists",
            "explore_one": "Explore to {tile} with 1 archaeologist",
            "explore_alone": "Explore to {tile}, your leader alone",
            "dig": "Dig under your leader",
            "plan": "Plan: one more AP tomorrow (1 AP)",
            "harmony": "Harmony: pull archaeologists to your leader (1 AP)",
            "ice": "Discard a {terrain} ice tile",
            "ice_at": "Discard a {terrain} ice tile, target {tile}",
            "end": "End your turn",
            "pass": "Pass (give up today's remaining AP)",
            "pass_n": "Pass (give up today's remaining {n} AP)",
            "keep_ap": " (keep today's remaining {n} AP)",
            "call_n": "Call {n} archaeologists to the camp on {tile} (1 AP)",
            "cost_ap": " ({n} AP)",
            "cost_free": " (free)",
            "cost_free_step": " (free: the Navigators' first step this turn)",
            "share": "Place the next figure on {tile}",
            "movecamp": "Move the camp to {tile}",
            "philosophy": "Philosophy: take the fallen {face} ({layer} layer{back})",
            "back": ", {hint} back",
            "philosophy_none": "Philosophy: take nothing",
            "exalted": "Exalted: an archaeologist onto {tile}",
            "exalted_none": "Exalted: place nothing",
            "prism": "Put the prism in the {artifact} place",
            "fulfil": "Complete request {card} ({needs}, {vp} VP)",
            "display": "Display {artifact} from the {place} place",
            "done": "Finish tonight",
            "gave_back": "Gives back one of the dealt requests",
            "to_place": "To place: {figures} over {tiles}",
            "auto": "{label}; then, with no choice to make: {what}",
            "auto_camp": "the camp goes to {tile}, the one place it fits",
            "auto_camp_back": "{n} camp(s) back to the digger",
            "auto_leader": "player {seat}'s leader onto {tile}",
            "auto_arch": "{n} archaeologist(s) onto {tile}",
            "a_leader": "player {seat}'s leader",
            "an_arch": "archaeologist",
            "day": "Day {day} of 8 - event: {event}",
            "layer": "Layer {name}",
            "top": "From above",
            "w_where": "Seen from above, the tiles where figures stand or a camp is set up:",
            "w_others": "The other tiles seen from above, by what lies there:",
            "w_layers": "The layers:",
            "w_layer": "{name} layer: {left} of {total} tiles left, {seen} seen from above",
            "w_tile": "{tile}: {what}",
            "w_kind": "{what}: {tiles}",
            "w_terrain": "{terrain} tile",
            "w_hint": "hidden, {hint} on its back",
            "w_covered": "covered",
            "w_gone": "gone",
            "w_edifice_down": "edifice, face down",
            "w_leader": "player {n}'s leader",
            "w_camp": "a camp set up there",
            "w_arch": "{n} archaeologists",
            "w_arch_one": "1 archaeologist",
            "turn": "Player {seat} to act ({phase}); AP spent this turn: {spent}",
            "solo_goal": "Solo: {target} points at the end wins (now {score})",
            "final": "Where the points came from:",
            "final_row": "  Player {seat}: {parts} = {total}",
            "src_requests": "requests {n}",
            "src_renown": "renown {n}",
            "src_edict": "{name} {n}",
            "player": "Player {seat} [{guild}] AP {ap}, camps {camps}, leader {leader}, score {score}",
            "guild_board": "  guild board: {places}",
            "guild_marks": " (* active, + made active by a prism in its place)",
            "place": "{place}: {artifacts}",
            "holdings": "  ice: {ice}; done: {done}; renown {renown}",
            "secret": "  your requests: {cards}",
            "bounty": "Bounty: {cards}; edicts: {edicts}",
            "legend": "Legend (each spot: its name, what lies there, who stands there): ",
            "mark_terrain": "{mark} {terrain} tile",
            "mark_hint": "{mark} hidden, {hint} on its back",
            "mark_covered": "? covered",
            "mark_gone": ". gone",
            "mark_edifice": "E edifice",
            "mark_edifice_down": "e edifice, face down",
            "mark_leader": "{n} player {n}'s leader",
            "mark_camp": "c a camp set up there",
            "mark_arch": "*2 archaeologists, with how many",
        },
        "zh-TW": {
            "giveback": "退回請求卡 {card}（{needs}，{vp} 分）",
            "card": "{card}（{needs}，{vp} 分）",
            "camp": "在 {tile} 設立營地（1 AP）",
            "call": "呼叫 1 位考古學家到 {tile} 的營地（1 AP）",
            "recall": "呼叫你的隊長到 {tile} 的營地（1 AP）",
            "explore": "探索到 {tile}，帶 {carry} 位考古學家",
            "explore_one": "探索到 {tile}，帶 1 位考古學家",
            "explore_alone": "探索到 {tile}，隊長獨自前往",
            "dig": "挖掘隊長腳下的版塊",
            "plan": "計畫：明天多 1 AP（1 AP）",
            "harmony": "和諧：把考古學家拉到隊長身邊（1 AP）",
            "ice": "棄置 1 塊{terrain}冰層版塊",
            "ice_at": "棄置 1 塊{terrain}冰層版塊，目標 {tile}",
            "end": "結束回合",
            "pass": "跳過（放棄今天剩下的 AP）",
            "pass_n": "跳過（放棄今天剩下的 {n} AP）",
            "call_n": "呼叫 {n} 位考古學家到 {tile} 的營地（1 AP）",
            "cost_ap": "（{n} AP）",
            "cost_free": "（免費）",
            "cost_free_step": "（免費：領航者本回合的第一步）",
            "keep_ap": "（保留今天剩下的 {n} AP）",
            "share": "把下一個人物放到 {tile}",
            "movecamp": "把營地移到 {tile}",
            "philosophy": "哲學：拿取塌陷的{face}（{layer}層{back}）",
            "back": "，背面{hint}",
            "philosophy_none": "哲學：不拿",
            "exalted": "顯赫：放 1 位考古學家到 {tile}",
            "exalted_none": "顯赫：不放",
            "prism": "把稜鏡放在{artifact}欄位",
            "fulfil": "完成請求卡 {card}（{needs}，{vp} 分）",
            "display": "展示{place}欄位的{artifact}",
            "done": "今晚到此為止",
            "gave_back": "退回一張抽到的請求卡",
            "to_place": "待分配：{figures}，分到 {tiles}",
            "auto": "{label}；接著沒有可選的，規則自動處理：{what}",
            "auto_camp": "營地移到 {tile}（唯一能放的地方）",
            "auto_camp_back": "{n} 個營地回到挖掘者手上",
            "auto_leader": "玩家 {seat} 的隊長到 {tile}",
            "auto_arch": "{n} 位考古學家到 {tile}",
            "a_leader": "玩家 {seat} 的隊長",
            "an_arch": "考古學家",
            "day": "第 {day} 天（共 8 天）－事件：{event}",
            "layer": "{name}層",
            "top": "俯視",
            "w_where": "俯視可見、有人物站著或設有營地的版塊：",
            "w_others": "俯視可見的其他版塊，依版塊內容：",
            "w_layers": "各層：",
            "w_layer": "{name}層：剩 {left} 塊（共 {total} 塊），俯視可見 {seen} 塊",
            "w_tile": "{tile}：{what}",
            "w_kind": "{what}：{tiles}",
            "w_terrain": "{terrain}版塊",
            "w_hint": "未翻開（背面{hint}）",
            "w_covered": "被覆蓋",
            "w_gone": "已移除",
            "w_edifice_down": "雄偉建築（背面朝上）",
            "w_leader": "玩家 {n} 的隊長",
            "w_camp": "已設立的營地",
            "w_arch": "{n} 位考古學家",
            "w_arch_one": "1 位考古學家",
            "turn": "輪到玩家 {seat}（{phase}）；本回合已花 {spent} AP",
            "solo_goal": "單人：終局時達到 {target} 分就獲勝（目前 {score} 分）",
            "final": "分數來源：",
            "final_row": "  玩家 {seat}：{parts}＝{total}",
            "src_requests": "請求卡 {n}",
            "src_renown": "聲望 {n}",
            "src_edict": "{name} {n}",
            "player": "玩家 {seat}［{guild}］AP {ap}，營地 {camps}，隊長 {leader}，分數 {score}",
            "guild_board": "  公會圖版：{places}",
            "guild_marks": "（* 啟用，+ 因同一欄位的稜鏡而啟用）",
            "place": "{place}欄位：{artifacts}",
            "holdings": "  冰層：{ice}；已完成：{done}；聲望 {renown}",
            "secret": "  你的請求卡：{cards}",
            "bounty": "懸賞區：{cards}；政令：{edicts}",
            "legend": "圖例（每格：名稱、那裡有什麼、誰站在那裡）：",
            "mark_terrain": "{mark} {terrain}版塊",
            "mark_hint": "{mark} 未翻開（背面{hint}）",
            "mark_covered": "? 被覆蓋",
            "mark_gone": ". 已移除",
            "mark_edifice": "E 雄偉建築",
            "mark_edifice_down": "e 雄偉建築（背面朝上）",
            "mark_leader": "{n} 玩家 {n} 的隊長",
            "mark_camp": "c 已設立的營地",
            "mark_arch": "*2 考古學家（* 後接人數）",
        },
    }
)

#: The log's words where they differ from the menu's: another player's move told in the
#: third person, their pieces theirs ("digs under their leader"), never the menu's
#: "your", which a reader takes for their own (issue 34, item 1).
_TOLD = {
    "en": {
        "giveback": "gives back request {card} ({needs}, {vp} VP)",
        "camp": "sets up camp on {tile} (1 AP)",
        "call": "calls an archaeologist to the camp on {tile} (1 AP)",
        "call_n": "calls {n} archaeologists to the camp on {tile} (1 AP)",
        "recall": "calls their leader to the camp on {tile} (1 AP)",
        "explore": "explores to {tile} with {carry} archaeologists",
        "explore_one": "explores to {tile} with 1 archaeologist",
        "explore_alone": "explores to {tile}, their leader alone",
        "dig": "digs under their leader",
        "plan": "plans: one more AP tomorrow (1 AP)",
        "harmony": "uses Harmony: pulls archaeologists to their leader (1 AP)",
        "ice": "discards a {terrain} ice tile",
        "ice_at": "discards a {terrain} ice tile, target {tile}",
        "end": "ends their turn",
        "pass": "passes (gives up the day's remaining AP)",
        "pass_n": "passes (gives up the day's remaining {n} AP)",
        "share": "places the next figure on {tile}",
        "movecamp": "moves the camp to {tile}",
        "philosophy": "uses Philosophy: takes the fallen {face} ({layer} layer{back})",
        "philosophy_none": "uses Philosophy: takes nothing",
        "exalted": "uses Exalted: an archaeologist onto {tile}",
        "exalted_none": "uses Exalted: places nothing",
        "prism": "puts the prism in the {artifact} place",
        "fulfil": "completes request {card} ({needs}, {vp} VP)",
        "display": "displays {artifact} from the {place} place",
        "done": "finishes the night",
        "cost_free_step": " (free: the Navigators' first step of the turn)",
    },
    "zh-TW": {
        "recall": "呼叫自己的隊長到 {tile} 的營地（1 AP）",
        "explore_alone": "探索到 {tile}，自己的隊長獨自前往",
        "dig": "挖掘自己隊長腳下的版塊",
        "harmony": "和諧：把考古學家拉到自己的隊長身邊（1 AP）",
        "end": "結束自己的回合",
        "pass_n": "跳過（放棄當天剩下的 {n} AP）",
        "pass": "跳過（放棄當天剩下的 AP）",
        "cost_free_step": "（免費：領航者該回合的第一步）",
    },
}
LOG = Strings({lang: {**TEXT[lang], **_TOLD[lang]} for lang in ("en", "zh-TW")})


def _terrain(t: int, lang: str) -> str:
    return NAMES(f"terrain_{TERRAINS[t]}", lang)


def _artifact(k: int, lang: str) -> str:
    return NAMES(f"art_{ARTIFACTS[k]}", lang)


def _face(face: int, lang: str) -> str:
    f = FACES[face]
    if f.terrain >= 0:
        return _terrain(f.terrain, lang)
    if f.kind < 0:
        return NAMES("empty", lang)
    return _artifact(f.kind, lang) + ("*" if f.active else "")


def _word(short: str, lang: str) -> str:
    """A face's short word in the view (``snow``, ``harmony*``, ``edifice2``) in ``lang``;
    a trailing mark (``*`` active, ``+`` made active by a prism) is kept."""
    base = short.rstrip("*+")
    mark = short[len(base) :]
    if base in TERRAINS:
        word = NAMES(f"terrain_{base}", lang)
    elif base in ARTIFACTS:
        word = NAMES(f"art_{base}", lang)
    elif base.startswith("edifice"):
        word = LAYER_WORDS("edifice", lang) + " " + base[len("edifice") :]
    elif base == "empty":
        word = NAMES("empty", lang)
    else:
        word = base
    return word + mark


def _holding(shorts: list[str], lang: str) -> str:
    """A guild place or an ice hand in words, repeats counted: "snow ×8"."""
    counts: dict[str, int] = {}
    for short in shorts:
        counts[short] = counts.get(short, 0) + 1
    joint = _joint(lang)
    return (
        joint.join(_word(k, lang) + (f" ×{n}" if n > 1 else "") for k, n in counts.items()) or "-"
    )


def _guild_board(places: list[dict[str, Any]], lang: str) -> str:
    """A guild board in words, place by place (empty places left out): ``*`` marks an
    artifact printed active, ``+`` one made active by a prism in its place."""
    said = []
    for place in places:
        if not place["artifacts"]:
            continue
        shorts = [
            a["kind"] + ("*" if a["active"] else "+" if a["lit"] else "")
            for a in place["artifacts"]
        ]
        said.append(
            TEXT("place", lang, place=_word(place["place"], lang), artifacts=_holding(shorts, lang))
        )
    between = "；" if lang_of(lang) == "zh-TW" else "; "
    line = TEXT("guild_board", lang, places=between.join(said) if said else "-")
    marks = {a["active"] or a["lit"] for place in places for a in place["artifacts"]}
    return line + (TEXT("guild_marks", lang) if True in marks else "")


def _needs(card: int, lang: str) -> str:
    """What request ``card`` asks: the artifacts to lay ("Harmony+Exalted"), or its deed."""
    request = REQUESTS[card]
    if request.deed:
        return deed_words(request, lang)
    return "+".join(_artifact(t, lang) for t in request.needs)


def _cards(cards: list[int], lang: str, deeds: list[int] | None = None) -> str:
    """Request cards as their labels name them: number, what they ask, points; with a
    player's day counters (``deeds``), a deed card also says how far that player got."""
    said = []
    for c in cards:
        text = TEXT("card", lang, card=c, needs=_needs(c, lang), vp=REQUESTS[c].vp)
        request = REQUESTS[c]
        if request.deed and deeds is not None:
            done = min(request.counter(deeds), request.times)
            text += " [" + DEED_WORDS("today", lang, done=done, n=request.times) + "]"
        said.append(text)
    return _joint(lang).join(said) or "-"


def _day(player: dict[str, Any]) -> list[int]:
    """A player's deed counters for today, from the view, in DEED_COUNTERS order."""
    return [player["deeds"][name] for name in DEED_COUNTERS]


def _joint(lang: str) -> str:
    return "、" if lang_of(lang) == "zh-TW" else ", "


def action_label(action: Action, lang: str) -> str:
    """A player's words for ``action``."""
    return _words(action, lang, TEXT)


def _words(action: Action, lang: str, t: Strings, cost: str = "") -> str:
    """``action`` in the words of table ``t`` (TEXT: the menu's; LOG: the log's, in the
    third person), ``cost`` (what it costs where it is taken) after the choices whose
    key has no cost of its own."""
    if isinstance(action, KeepRequests):
        return t(
            "giveback",
            lang,
            card=action.card,
            needs=_needs(action.card, lang),
            vp=REQUESTS[action.card].vp,
        )
    if isinstance(action, SetUpCamp):
        return t("camp", lang, tile=tile_name(action.tile))
    if isinstance(action, CallArchaeologist):
        if cost and cost != "1":  # the state's count: how many this guild brings now
            return t("call_n", lang, tile=tile_name(action.tile), n=cost)
        return t("call", lang, tile=tile_name(action.tile))
    if isinstance(action, CallLeader):
        return t("recall", lang, tile=tile_name(action.tile))
    if isinstance(action, Explore):
        key = ("explore_alone", "explore_one")[action.carry] if action.carry < 2 else "explore"
        return t(key, lang, tile=tile_name(action.tile), carry=action.carry) + cost
    if isinstance(action, Dig):
        return t("dig", lang) + cost
    if isinstance(action, Plan):
        return t("plan", lang)
    if isinstance(action, Harmonize):
        return t("harmony", lang)
    if isinstance(action, UseIce):
        if action.tile < 0:
            return t("ice", lang, terrain=_terrain(action.terrain, lang))
        return t(
            "ice_at", lang, terrain=_terrain(action.terrain, lang), tile=tile_name(action.tile)
        )
    if isinstance(action, EndTurn):
        return t("end", lang) + cost
    if isinstance(action, Pass):
        return t("pass_n", lang, n=cost) if cost else t("pass", lang)
    if isinstance(action, PlaceFigure):
        return t("share", lang, tile=tile_name(action.tile))
    if isinstance(action, MoveCamp):
        return t("movecamp", lang, tile=tile_name(action.tile))
    if isinstance(action, TakeFallen):
        if action.face < 0:
            return t("philosophy_none", lang)
        fallen = FACES[action.face]
        layer = LAYER_WORDS(LAYER_NAMES[fallen.layer], lang)
        back = (
            t("back", lang, hint=NAMES(f"hint_{HINTS[fallen.hint]}", lang))
            if fallen.hint >= 0
            else ""
        )
        return t("philosophy", lang, face=_face(action.face, lang), layer=layer, back=back)
    if isinstance(action, ExaltedPlace):
        if action.tile < 0:
            return t("exalted_none", lang)
        return t("exalted", lang, tile=tile_name(action.tile))
    if isinstance(action, PrismAs):
        return t("prism", lang, artifact=_artifact(action.stands_for, lang))
    if isinstance(action, Fulfil):
        return t(
            "fulfil",
            lang,
            card=action.card,
            needs=_needs(action.card, lang),
            vp=REQUESTS[action.card].vp,
        )
    if isinstance(action, Display):
        kind = PRISM if action.prism else action.place
        artifact = _artifact(kind, lang) + ("*" if action.active else "")
        return t("display", lang, artifact=artifact, place=_artifact(action.place, lang))
    if isinstance(action, DoneDay):
        return t("done", lang)
    raise TypeError(f"not an ICE action: {action!r}")


def log_label(before: Any, action: Action, actor: int | None, lang: str) -> str:
    """A log line's words (meeple.core.labels.seen_label): the action's label, and after
    a dig or a placement what the rules then did by themselves: a camp moved to the one
    place it fits (or back to the digger when none does), figures set on the one tile
    that may take them. Read off a copy of the state with the action applied."""
    cost = _cost(before, action, lang, LOG) if actor is not None else ""
    label = _words(action, lang, LOG, cost)
    if not isinstance(action, (Dig, PlaceFigure, MoveCamp)) or actor is None:
        return label
    after = before.clone()
    after.apply_unchecked(action, actor)
    arch = [after.arch[p] - before.arch[p] for p in range(NP)]
    leaders = {s: at for s, at in enumerate(after.leader) if at >= 0 and at != before.leader[s]}
    camps = [p for p in range(NP) if after.camp[p] and not before.camp[p]]
    if isinstance(action, PlaceFigure):  # the chosen figure is the action itself
        figure = before.figures_to_place()[0]
        if figure >= 0:
            leaders.pop(figure, None)
        else:
            arch[action.tile] -= 1
    if isinstance(action, MoveCamp):
        camps.remove(action.tile)
    what = [TEXT("auto_camp", lang, tile=tile_name(p)) for p in camps]
    back = after.camps_held[actor] - before.camps_held[actor]
    if back > 0:
        what.append(TEXT("auto_camp_back", lang, n=back))
    what += [TEXT("auto_leader", lang, seat=s + 1, tile=tile_name(at)) for s, at in leaders.items()]
    what += [TEXT("auto_arch", lang, n=n, tile=tile_name(p)) for p, n in enumerate(arch) if n > 0]
    return TEXT("auto", lang, label=label, what=_joint(lang).join(what)) if what else label


def state_label(state: Any, action: Action, lang: str) -> str:
    """``action``'s words where it is legal (meeple.core.labels), with what it costs there:
    a dig's AP (3 or 4 less one a figure, 1 on a camp, and the day's event), an Explore
    step's 1 AP or the Navigators' free first step, how many archaeologists a Call
    brings (the Cryoarchitects two, an event more or fewer, never more than the supply)
    and how many AP a pass gives up (issue 34: Dig and Explore showed no cost)."""
    return _words(action, lang, TEXT, _cost(state, action, lang))


def log_says_more(before: Any, action: Action, actor: int | None) -> bool:
    """Only a dig or a placement the rules finished by themselves (the camp moved to the
    one place it fits, the figures put on the one tile that takes them): the rest of the
    log tells one's own choice again in the third person, no news to its actor."""
    return actor is not None and log_label(before, action, actor, "en") != _words(
        action, "en", LOG, _cost(before, action, "en", LOG)
    )


def _cost(state: Any, action: Action, lang: str, t: Strings = TEXT) -> str:
    """What ``action`` costs in ``state`` as the label's tail (or, for a Call, the count
    it brings; for a pass, the AP it gives up); "" when the label says it already."""
    seat = state.current
    if seat is None or seat < 0:
        return ""
    if isinstance(action, Dig):
        cost = state.dig_cost(seat)
        if cost is None:
            return ""
        return TEXT("cost_ap", lang, n=cost) if cost else TEXT("cost_free", lang)
    if isinstance(action, Explore):
        if state.free_step(seat):
            return t("cost_free_step", lang)
        return TEXT("cost_ap", lang, n=1)
    if isinstance(action, CallArchaeologist):
        return str(state.call_brings(seat))
    if isinstance(action, Pass):
        return str(state.ap[seat])
    if isinstance(action, EndTurn) and t is TEXT and not state.spent and not state.last_turns():
        return TEXT("keep_ap", lang, n=state.ap[seat])  # beside a pass, after a free step
    return ""


def _cell(view: dict[str, Any], p: int) -> str:
    """Five characters for position ``p``: its name, what lies there, who stands on it.

    What lies there: a terrain's initial, a hint's initial for a hidden tile
    one can see, ``e`` for a face-down edifice one can see, ``E`` for one
    turned up, ``?`` for a covered tile, ``.`` once it is gone.
    """
    seen = view["tiles"][p]
    if seen is None:
        mark = "."
    elif seen == "?":
        mark = "e" if LAYER_OF[p] == EDIFICE and view["visible"][p] else "?"
    elif seen.startswith("?"):
        mark = seen[1]
    elif seen in TERRAINS:
        mark = seen[0].upper()
    else:
        mark = "E"
    return f"{view['names'][p]:<3}{mark}{_figures(view, p)}"


def _figure_marks(view: dict[str, Any], p: int) -> list[str]:
    """Everything standing on ``p``: each leader's seat number, ``c`` for a camp and
    ``*`` with the number of archaeologists (``1c*3``: player 1's leader, a camp and
    three archaeologists). One mark each, so a camp or a leader never hides the others
    (``*``, not a letter: a letter after the terrain's and the camp's read as a word)."""
    marks = [str(s + 1) for s, pl in enumerate(view["players"]) if pl["leader"] == p]
    if p in view["camps"]:
        marks.append("c")
    if view["archaeologists"][p]:
        marks.append(f"*{view['archaeologists'][p]}")
    return marks


def _figures(view: dict[str, Any], p: int) -> str:
    """The figure marks of ``p`` run together (a space when nothing stands there)."""
    return "".join(_figure_marks(view, p)) or " "


def _grid(view: dict[str, Any], positions: list[int], scale: int) -> list[str]:
    """Hex rows: each position at its column seen from above, rows by height."""
    if not positions:
        return []
    rows: dict[float, list[int]] = {}
    for p in positions:
        rows.setdefault(round(XY[p][1], 2), []).append(p)
    left = min(XY[p][0] for p in positions)
    out = []
    for y in sorted(rows):
        line = ""
        for p in sorted(rows[y], key=lambda q: XY[q][0]):
            col = round((XY[p][0] - left) * scale)
            if line and col <= len(line):  # two layers' tiles closer than a cell: a space
                col = len(line) + 1
            line = line.ljust(col) + _cell(view, p)
        out.append(line.rstrip())
    return out


def format_score(score: float) -> str:
    """Points as people write them: ``12``, not ``12.0`` (a half point keeps its ``.5``)."""
    return str(int(score)) if float(score).is_integer() else f"{score:g}"


#: The widest legend line, in terminal columns (a CJK character takes two).
LEGEND_WIDTH = 78


def legend(view: dict[str, Any], lang: str) -> list[str]:
    """What each mark on the board means, for the marks the board shows now only
    (a terrain's letter spelt out in either language), wrapped to 78 columns."""
    marks = {_cell(view, p)[3] for p in range(NP)}
    figures = {mark[0] for p in range(NP) for mark in _figure_marks(view, p)}
    items = []
    for t, name in enumerate(TERRAINS):
        if name[0].upper() in marks:
            items.append(
                TEXT("mark_terrain", lang, mark=name[0].upper(), terrain=_terrain(t, lang))
            )
    for name in HINTS:
        if name[0] in marks:
            hint = NAMES(f"hint_{name}", lang)
            items.append(TEXT("mark_hint", lang, mark=name[0], hint=hint))
    for mark, key in (
        ("?", "mark_covered"),
        (".", "mark_gone"),
        ("e", "mark_edifice_down"),
        ("E", "mark_edifice"),
    ):
        if mark in marks:
            items.append(TEXT(key, lang))
    items += [TEXT("mark_leader", lang, n=f) for f in sorted(figures) if f.isdigit()]
    items += [
        TEXT(key, lang) for f, key in (("c", "mark_camp"), ("*", "mark_arch")) if f in figures
    ]
    zh = lang_of(lang) == "zh-TW"
    return wrap_items(TEXT("legend", lang), items, LEGEND_WIDTH, "、" if zh else ", ")


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The day, the view from above, each layer, the players and the bounty."""
    lang = lang_of(lang)
    lines = [_day_line(view, lang)]
    top = [p for p in range(NP) if view["visible"][p]]
    lines.append(TEXT("top", lang))
    lines += _grid(view, top, 6)
    for layer, name in enumerate(LAYER_NAMES):
        lines.append(TEXT("layer", lang, name=LAYER_WORDS(name, lang)))
        lines += _grid(view, list(LAYER_POSITIONS[layer]), 2)
    lines += legend(view, lang)
    lines += _table_lines(view, seat, lang)
    return "\n".join(lines)


def board_words(view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The position in sentences, for the browser's text view and a screen reader
    (issue 37, item 3): the terminal's map of five-character cells reads as a string
    of codes. Paragraphs: the day; each tile seen from above with a figure or a camp
    on it, one line each; the other tiles seen from above grouped by what lies there;
    each layer's count; then the players, the bounty and the turn as the terminal has
    them. Built from ``view`` only, so it holds what ``seat`` may see and no more."""
    lang = lang_of(lang)
    top = [p for p in range(NP) if view["visible"][p]]
    where = [p for p in top if _figure_marks(view, p)]
    lines = [_day_line(view, lang), "", TEXT("w_where", lang)]
    lines += [
        TEXT(
            "w_tile",
            lang,
            tile=view["names"][p],
            what=_joint(lang).join(_tile_words(view, p, lang)),
        )
        for p in where
    ]
    kinds: dict[str, list[str]] = {}
    for p in top:
        if p not in where:
            kinds.setdefault(_lies_there(view, p, lang), []).append(view["names"][p])
    lines += ["", TEXT("w_others", lang)]
    lines += [
        TEXT("w_kind", lang, what=what, tiles=_joint(lang).join(names))
        for what, names in kinds.items()
    ]
    lines += ["", TEXT("w_layers", lang)]
    for layer, name in enumerate(LAYER_NAMES):
        spots = LAYER_POSITIONS[layer]
        left = sum(1 for p in spots if view["tiles"][p] is not None)
        seen = sum(1 for p in spots if view["visible"][p])
        words = LAYER_WORDS(name, lang)
        lines.append(TEXT("w_layer", lang, name=words, left=left, total=len(spots), seen=seen))
    return "\n".join([*lines, "", *_table_lines(view, seat, lang)])


def _lies_there(view: dict[str, Any], p: int, lang: str) -> str:
    """What lies at ``p`` in words: a terrain's tile, a hidden tile's hint, a covered
    tile, an edifice face down or up, an artifact (the words of ``_cell``'s marks)."""
    seen = view["tiles"][p]
    if seen is None:
        return TEXT("w_gone", lang)
    if seen == "?":
        down = LAYER_OF[p] == EDIFICE and view["visible"][p]
        return TEXT("w_edifice_down" if down else "w_covered", lang)
    if seen.startswith("?"):
        return TEXT("w_hint", lang, hint=NAMES(f"hint_{seen[1:]}", lang))
    if seen in TERRAINS:
        return TEXT("w_terrain", lang, terrain=NAMES(f"terrain_{seen}", lang))
    return _word(seen, lang)


def _tile_words(view: dict[str, Any], p: int, lang: str) -> list[str]:
    """What lies at ``p`` and everything standing on it, in words."""
    words = [_lies_there(view, p, lang)]
    words += [
        TEXT("w_leader", lang, n=s + 1) for s, pl in enumerate(view["players"]) if pl["leader"] == p
    ]
    if p in view["camps"]:
        words.append(TEXT("w_camp", lang))
    n = view["archaeologists"][p]
    if n:
        words.append(TEXT("w_arch_one", lang) if n == 1 else TEXT("w_arch", lang, n=n))
    return words


def _day_line(view: dict[str, Any], lang: str) -> str:
    return TEXT("day", lang, day=view["day"], event=NAMES(view["event"], lang))


def _table_lines(view: dict[str, Any], seat: int | None, lang: str) -> list[str]:
    """The players, the figures waiting to be placed, the bounty and whose turn it is
    (the terminal's board and the text view both end with these)."""
    lines = []
    for s, pl in enumerate(view["players"]):
        leader = "-" if pl["leader"] is None else tile_name(pl["leader"])
        lines.append(
            TEXT(
                "player",
                lang,
                seat=s + 1,
                guild=NAMES(pl["guild"], lang),
                ap=pl["ap"],
                camps=pl["camps"],
                leader=leader,
                score=format_score(pl["score"]),
            )
        )
        lines.append(_guild_board(pl["board"], lang))
        lines.append(
            TEXT(
                "holdings",
                lang,
                ice=_holding(pl["ice"], lang),
                done=_joint(lang).join(str(c) for c in pl["done"]) or "-",
                renown=pl["renown"],
            )
        )
        if pl["requests"] is not None:
            lines.append(TEXT("secret", lang, cards=_cards(pl["requests"], lang, _day(pl))))
    figures = view["pending"]["figures"]
    if figures:
        names = [
            TEXT("an_arch", lang) if f < 0 else TEXT("a_leader", lang, seat=f + 1) for f in figures
        ]
        tiles = _joint(lang).join(view["names"][p] for p in view["pending"]["exposed"])
        lines.append(TEXT("to_place", lang, figures=_joint(lang).join(names), tiles=tiles))
    lines.append(
        TEXT(
            "bounty",
            lang,
            cards=_cards(
                view["bounty"], lang, None if seat is None else _day(view["players"][seat])
            ),
            edicts=_joint(lang).join(NAMES(e, lang) for e in view["edicts"]),
        )
    )
    if len(view["players"]) == 1:
        score = format_score(view["players"][0]["score"])
        lines.append(TEXT("solo_goal", lang, target=int(RULES["solo_target"]), score=score))
    if view["phase"] == "over":  # the terminal says "Game over" itself: here, the sources
        lines += final_lines(view, lang)
    elif view["current"] is not None:
        lines.append(
            TEXT(
                "turn",
                lang,
                seat=view["current"] + 1,
                phase=NAMES(view["phase"], lang),
                spent=view["spent"],
            )
        )
    return lines


def final_lines(view: dict[str, Any], lang: str) -> list[str]:
    """Each player's score by source at the end (requests, each edict, renown), adding
    up to the score the result table shows (issue 34, item 4)."""
    lines = [TEXT("final", lang)]
    for s, pl in enumerate(view["players"]):
        parts = []
        for key, n in pl["score_breakdown"].items():
            if key == "requests":
                parts.append(TEXT("src_requests", lang, n=n))
            elif key == "renown":
                parts.append(TEXT("src_renown", lang, n=n))
            else:
                parts.append(TEXT("src_edict", lang, name=NAMES(key, lang), n=n))
        lines.append(
            TEXT(
                "final_row",
                lang,
                seat=s + 1,
                parts=_joint(lang).join(parts),
                total=format_score(pl["score"]),
            )
        )
    return lines


#: Why a game ended and how a tie was broken, for the result box, in both languages.
END = Strings(
    {
        "en": {
            "edifices": "Every edifice was uncovered: after one last turn each and a last night, the game ended.",
            "first_edifice": "The first edifice was uncovered: after one last turn each and a last night, the game ended.",
            "days": "The eighth night ended the game.",
            "solo_won": "Solo: {score} points against the target of {target}: won.",
            "solo_lost": "Solo: {score} points against the target of {target}: lost.",
            "tie": "A tie on points was broken by {what}.",
            "by_renown": "renown",
            "by_requests": "completed requests",
            "by_board": "artifacts left on the guild board",
        },
        "zh-TW": {
            "edifices": "所有雄偉建築都已露出：每人再進行一次最後回合，過完最後一個夜晚，就此終局。",
            "first_edifice": "第一座雄偉建築已露出：每人再進行一次最後回合，過完最後一個夜晚，就此終局。",
            "days": "第八個夜晚過完，就此終局。",
            "solo_won": "單人：{score} 分，目標 {target} 分：獲勝。",
            "solo_lost": "單人：{score} 分，目標 {target} 分：落敗。",
            "tie": "同分時以{what}分出名次。",
            "by_renown": "聲望",
            "by_requests": "完成的請求卡數",
            "by_board": "公會圖版上剩下的工藝品數",
        },
    }
)
_TIE_KEYS = ("by_renown", "by_requests", "by_board")


def end_label(state: Any, lang: str, names: Sequence[str] | None) -> str:
    """Why the finished game ``state`` ended: the edifices, the eighth night, or the solo result."""
    lang = lang_of(lang)
    if state.game.players == 1:
        key = "solo_won" if state.solo_won() else "solo_lost"
        target = int(RULES["solo_target"])
        return END(key, lang, score=int(state.scores()[0]), target=target)
    if state.final:
        return END("first_edifice" if state.game.options["end"] == "first" else "edifices", lang)
    return END("days", lang)


def tiebreak_label(state: Any, lang: str) -> str | None:
    """Which recorded tiebreak (renown, requests, artifacts left) ranked seats level on points."""
    scores, breaks = state.scores(), state.tiebreaks()
    n = len(scores)
    used: set[int] = set()
    for a in range(n):
        for b in range(a + 1, n):
            if scores[a] != scores[b] or breaks[a] == breaks[b]:
                continue
            used.add(next(k for k in range(len(breaks[a])) if breaks[a][k] != breaks[b][k]))
    if not used:
        return None
    joint = "、" if lang_of(lang) == "zh-TW" else ", then "
    return END("tie", lang, what=joint.join(END(_TIE_KEYS[k], lang) for k in sorted(used)))


__all__ = [
    "GUILD_KEYS",
    "TEXT",
    "action_label",
    "end_label",
    "log_label",
    "render",
    "tiebreak_label",
]


#: The game's vocabulary (meeple.core.vocabulary): what its options and their values
#: are called, ``<option>``, ``<option>.help`` and ``<option>.<value>``. The server sends
#: them with the game, the lobby and the terminal show them.
OPTION_WORDS = Strings(
    {
        "en": {
            "edifice": "An edifice's effect all game",
            "edifice.help": "A random edifice's effect holds all game (not advised in a first game).",
            "end": "End of the game",
            "end.help": "all: once every edifice is uncovered (the rules); first: once the first one is.",
            "end.all": "every edifice uncovered",
            "end.first": "the first edifice uncovered",
        },
        "zh-TW": {
            "edifice": "雄偉建築效果全局生效",
            "edifice.help": "隨機一座雄偉建築的效果整局生效（第一次玩不建議）。",
            "end": "遊戲結束條件",
            "end.help": "全部：所有雄偉建築都露出時（規則書）；第一座：第一座露出時。",
            "end.all": "所有雄偉建築露出",
            "end.first": "第一座雄偉建築露出",
        },
    }
)
