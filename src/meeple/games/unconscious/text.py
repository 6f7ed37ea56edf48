"""Unconscious Mind as text: the boards for the terminal and every action's label, en + zh-TW.

Idea spaces are numbered 1-16 row by row over the meeting table's corners;
notebook cells by row and column; insights by colour and level. The board
is drawn compactly: the round, Freud and the market, the meeting table,
then one block per player (dial, notebook, rooms, research).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.i18n import LANGUAGES, Strings
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import turns as tn
from meeple.games.unconscious import words as wd
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
    RULES,
    SOLO,
    TILES,
)
from meeple.games.unconscious.state import FOLLOW, KEEP, OVER, TREAT
from meeple.games.unconscious.tableau import render as render  # the text plug-in's board

TEXT = Strings(
    {
        "en": {
            "keep": "Keep the starting tile “{tile}” (professor at {loc}; {banner}), in notebook row {row}",
            "place": "Space {space}: {action}, with {ideas} idea(s){bright}",
            "place_bright": " and {n} bright idea(s) added",
            "recall": "Recall all your ideas (1 coffee per space)",
            "option": "Choice {n}",
            "follow_inkpot": "Move the inkpot",
            "follow_inkpot_to": "Move the inkpot {n} space(s) to {space}: {what}",
            "follow_bonus": "Take a recall bonus",
            "follow_treat": "Treat your clients instead",
            "bright_ink": "Move the inkpot {n} space(s) to {space} ({k} bright idea(s) spent): {what}",
            "skip": "Stop: skip the rest",
            "decline": "Decline",
            "decline_all": "Decline: take none of these",
            "choose": "{what}",
            "publish_one": "Publish the {what}",
            "bonus_slot": "Cover a bonus slot of {loc}: {what}",
            "district_slot": "Cover the {need}-tag scoring slot of {district}: {what}",
            "client_display": "Take the {name} ({kind}, {hearts} hearts) from the display",
            "client_normal": "A random normal client from the deck",
            "client_complex": "A random complex client from the deck",
            "dream_display": "Take the dream {what} ({symbol}) from the display",
            "dream_deck": "A random dream from the deck",
            "normal": "normal",
            "complex": "complex",
            "spot": "Your {level} {colour} insight",
            "spot_pay": "Pay with your {level} {colour} insight",
            "spot_gen": "Take the {level} {colour} insight off your dial for it",
            "spot_gen_none": "Skip: keep your dial as it is, no insight generated",
            "spot_transfer_none": "Skip: no transfer, every insight keeps its colour",
            "spot_elevate": "Elevate your {level} {colour} insight",
            "spot_transfer": "Transfer your {level} {colour} insight",
            "spot_coffee": "Pay 1 coffee instead of suppressing",
            "colour": "{colour}",
            "colour_gen": "Generate in {colour}",
            "colour_to": "Transfer it to {colour}",
            "market": "Market row {row}, {column}",
            "market_tile": "Market row {row}, {column}: {what}",
            "col_stack": "the face-down stack",
            "col_middle": "the middle tile",
            "col_right": "the right tile",
            "cell": "Notebook row {row}, column {col}",
            "cell_over": "Notebook row {row}, column {col} (replaces {what})",
            "cell_tile": "Put “{what}” in notebook row {row}, column {col}",
            "cell_tile_over": "Put “{what}” in notebook row {row}, column {col} (replaces {old})",
            "steps": "{n} location(s) clockwise",
            "steps_to": "Professor {n} location(s) clockwise, to {loc}",
            "room": "The client in room {room}",
            "room_named": "The {name} in room {room} (treatment track {track})",
            "card": "Research card: {what}",
            "card_play": "Play the research card: {what}",
            "card_swap": "Swap for the face-up card: {what}",
            "card_article": "Use as an article: {what}",
            "card_cite": "Cite {who}'s article: {what}",
            "card_done": "Play no more research",
            "treat_base": "Treat the client in room {room}: base treatment {k}",
            "treat_base_named": "Treat the {name} (room {room}): {what}",
            "treat_dream": "Treat the client in room {room} with the top dream",
            "treat_dream_named": "Treat the {name} (room {room}) with the dream: {what}",
            "coffee_0": "Coffee: buy a bright idea (3)",
            "coffee_1": "Coffee: elevate an insight (2)",
            "coffee_2": "Coffee: transfer an insight (2)",
            "done": "Done",
            "done_turn": "End your turn",
            "seat": "player {n}",
        },
        "zh-TW": {
            "keep": "保留起始板塊「{tile}」（教授在{loc}；{banner}），放在筆記本第 {row} 橫列",
            "place": "主意欄位 {space}：用 {ideas} 個主意{bright}{action}",
            "place_bright": "（另加 {n} 個好主意）",
            "recall": "召回所有主意（每個主意欄位 1 杯咖啡）",
            "option": "選項 {n}",
            "follow_inkpot": "移動墨水瓶",
            "follow_inkpot_to": "墨水瓶走 {n} 格到{space}：{what}",
            "follow_bonus": "領取召回獎勵",
            "follow_treat": "改為治療案主",
            "bright_ink": "墨水瓶走 {n} 格到{space}（用掉 {k} 個好主意）：{what}",
            "skip": "停止：跳過其餘的",
            "decline": "不使用",
            "decline_all": "不使用：以上皆不選",
            "choose": "{what}",
            "publish_one": "發表{what}",
            "bonus_slot": "蓋住{loc}的獎勵欄位：{what}",
            "district_slot": "蓋住{district}需要 {need} 個標籤的得分欄位：{what}",
            "client_display": "從展示區收{name}（{kind}，{hearts} 顆心）",
            "client_normal": "從牌庫隨機收一位一般案主",
            "client_complex": "從牌庫隨機收一位複雜案主",
            "dream_display": "從展示區拿夢境：{what}（{symbol}）",
            "dream_deck": "從牌庫隨機拿一張夢境",
            "normal": "一般",
            "complex": "複雜",
            "spot": "你的{colour}{level}頓悟",
            "spot_pay": "用你的{colour}{level}頓悟支付",
            "spot_gen": "改用頓悟錶盤上的{colour}{level}頓悟",
            "spot_gen_none": "略過：頓悟錶盤維持原樣，不生成頓悟",
            "spot_transfer_none": "略過：不移情，頓悟都維持原本的顏色",
            "spot_elevate": "提升你的{colour}{level}頓悟",
            "spot_transfer": "移情你的{colour}{level}頓悟",
            "spot_coffee": "付 1 杯咖啡，不抑制頓悟",
            "colour": "{colour}",
            "colour_gen": "生成{colour}頓悟",
            "colour_to": "移情到{colour}",
            "market": "市場第 {row} 列，{column}",
            "market_tile": "市場第 {row} 列，{column}：{what}",
            "col_stack": "正面朝下的供應堆",
            "col_middle": "中間的板塊",
            "col_right": "右邊的板塊",
            "cell": "筆記本第 {row} 橫列第 {col} 直行",
            "cell_over": "筆記本第 {row} 橫列第 {col} 直行（取代：{what}）",
            "cell_tile": "把「{what}」放在筆記本第 {row} 橫列第 {col} 直行",
            "cell_tile_over": "把「{what}」放在筆記本第 {row} 橫列第 {col} 直行（取代：{old}）",
            "steps": "順時針 {n} 個地點",
            "steps_to": "教授順時針走 {n} 個地點，到{loc}",
            "room": "第 {room} 間案主室的案主",
            "room_named": "第 {room} 間案主室的{name}（治療軌 {track}）",
            "card": "研究卡：{what}",
            "card_play": "打出研究卡：{what}",
            "card_swap": "換成正面朝上的那張：{what}",
            "card_article": "當作文章：{what}",
            "card_cite": "引用{who}的文章：{what}",
            "card_done": "不再打出研究卡",
            "treat_base": "以基礎治療 {k} 治療第 {room} 間案主室的案主",
            "treat_base_named": "治療{name}（第 {room} 間）：{what}",
            "treat_dream": "以最上層的夢境治療第 {room} 間案主室的案主",
            "treat_dream_named": "以夢境治療{name}（第 {room} 間）：{what}",
            "coffee_0": "咖啡：換 1 個好主意（3 杯）",
            "coffee_1": "咖啡：提升 1 個頓悟（2 杯）",
            "coffee_2": "咖啡：移情 1 個頓悟（2 杯）",
            "done": "完成",
            "done_turn": "結束回合",
            "seat": "玩家 {n}",
        },
    }
)


#: The same actions told in the log, of whoever took them: third person, so that a
#: line reads the same for every viewer beside the actor's name ("Ann: elevates their
#: minor green insight"), never "Elevate your ..." about somebody else's move.
_TOLD: dict[str, dict[str, str]] = {
    "en": {
        "keep": "keeps the starting tile “{tile}” (professor at {loc}; {banner}), in notebook row {row}",
        "place": "places {ideas} idea(s){bright} on space {space} to {action}",
        "place_bright": " and {n} bright idea(s)",
        "recall": "recalls all their ideas (1 coffee per space)",
        "option": "takes option {n}",
        "follow_inkpot": "moves the inkpot",
        "follow_inkpot_to": "moves the inkpot {n} space(s) to {space}: {what}",
        "follow_bonus": "takes a recall bonus",
        "follow_treat": "treats their clients instead",
        "bright_ink": "moves the inkpot {n} space(s) to {space} ({k} bright idea(s) spent): {what}",
        "skip": "stops and skips the rest",
        "decline": "declines",
        "decline_all": "declines, taking none of these",
        "choose": "chooses: {what}",
        "publish_one": "publishes the {what}",
        "bonus_slot": "covers a bonus slot of {loc}: {what}",
        "district_slot": "covers the {need}-tag scoring slot of {district}: {what}",
        "client_display": "takes the {name} ({kind}, {hearts} hearts) from the display",
        "client_normal": "takes a random normal client from the deck",
        "client_complex": "takes a random complex client from the deck",
        "dream_display": "takes the dream {what} ({symbol}) from the display",
        "dream_deck": "takes a random dream from the deck",
        "spot": "picks their {level} {colour} insight",
        "spot_pay": "pays with their {level} {colour} insight",
        "spot_gen": "takes the {level} {colour} insight off their dial for it",
        "spot_gen_none": "skips: their dial stays as it is, no insight generated",
        "spot_transfer_none": "skips the transfer: every insight keeps its colour",
        "spot_elevate": "elevates their {level} {colour} insight",
        "spot_transfer": "transfers their {level} {colour} insight",
        "spot_coffee": "pays 1 coffee instead of suppressing",
        "colour": "picks {colour}",
        "colour_gen": "generates in {colour}",
        "colour_to": "transfers it to {colour}",
        "market": "takes from market row {row}: {column}",
        "market_tile": "takes from market row {row}: {column}, {what}",
        "col_stack": "the top tile of the face-down stack",
        "cell": "puts the tile in notebook row {row}, column {col}",
        "cell_tile": "puts “{what}” in notebook row {row}, column {col}",
        "cell_over": "puts the tile in notebook row {row}, column {col} (replacing {what})",
        "cell_tile_over": "puts “{what}” in notebook row {row}, column {col} (replacing {old})",
        "steps": "moves {n} location(s) clockwise",
        "steps_to": "moves their professor {n} location(s) clockwise, to {loc}",
        "room": "picks the client in room {room}",
        "room_named": "picks the {name} in room {room} (treatment track {track})",
        "card": "picks the research card {what}",
        "card_play": "plays the research card {what}",
        "card_swap": "swaps the research card {what} for the face-up one",
        "card_article": "uses as an article: {what}",
        "card_cite": "cites {who}'s article: {what}",
        "card_done": "plays no more research",
        "treat_base": "treats the client in room {room}: base treatment {k}",
        "treat_base_named": "treats the {name} (room {room}): {what}",
        "treat_dream": "treats the client in room {room} with the top dream",
        "treat_dream_named": "treats the {name} (room {room}) with the dream: {what}",
        "coffee_0": "spends 3 coffee on a bright idea",
        "coffee_1": "spends 2 coffee to elevate an insight",
        "coffee_2": "spends 2 coffee to transfer an insight",
        "done": "is done",
        "done_turn": "ends their turn",
    },
    "zh-TW": {
        "place": "在主意欄位 {space} 放 {ideas} 個主意{bright}：{action}",
        "option": "選了第 {n} 項",
        "skip": "停止，跳過其餘的",
        "decline_all": "不使用，以上皆不選",
        "choose": "選擇：{what}",
        "spot": "選自己的{colour}{level}頓悟",
        "spot_pay": "用自己的{colour}{level}頓悟支付",
        "spot_transfer_none": "略過移情：頓悟都維持原本的顏色",
        "spot_elevate": "提升自己的{colour}{level}頓悟",
        "spot_transfer": "移情自己的{colour}{level}頓悟",
        "colour": "選{colour}",
        "market": "從市場第 {row} 列拿{column}",
        "market_tile": "從市場第 {row} 列拿{column}：{what}",
        "col_stack": "正面朝下的供應堆最上面的板塊",
        "cell": "把板塊放在筆記本第 {row} 橫列第 {col} 直行",
        "cell_over": "把板塊放在筆記本第 {row} 橫列第 {col} 直行（取代：{what}）",
        "steps": "順時針走 {n} 個地點",
        "room": "選第 {room} 間案主室的案主",
        "room_named": "選第 {room} 間案主室的{name}（治療軌 {track}）",
        "card": "選研究卡：{what}",
        "card_swap": "用研究卡「{what}」換正面朝上的那張",
        "coffee_0": "用 3 杯咖啡換 1 個好主意",
        "coffee_1": "用 2 杯咖啡提升 1 個頓悟",
        "coffee_2": "用 2 杯咖啡移情 1 個頓悟",
    },
}
#: Words a told line shares with the menu's (a Chinese line the menu's words already
#: tell in the third person is left out of _TOLD and read from TEXT).
_SHARED = ("normal", "complex", "col_middle", "col_right", "seat")
LOG = Strings(
    {
        lang: {k: _TOLD[lang].get(k, TEXT[lang][k]) for k in (*_TOLD["en"], *_SHARED)}
        for lang in ("en", "zh-TW")
    }
)


#: What the ideas placed on a space go to do, as a verb phrase a menu line ends with
#: ("place 2 ideas to take a tile from a stack"); the others read as words.py names them.
_DOING = Strings(
    {
        "en": {
            "tile_stack": "take a tile from a stack (1 coffee)",
            "tile_middle": "take the middle tile (2 coffee)",
            "tile_right": "take the right tile (3 coffee)",
            "elevate": "elevate two insights",
            "generate": "gain three minor insights of one colour",
            "research_or_publish": "play research or publish",
            "professor": "move your professor",
        },
        "zh-TW": {
            "tile_stack": "從供應堆拿板塊（1 杯咖啡）",
            "tile_middle": "拿中間的板塊（2 杯咖啡）",
            "tile_right": "拿右邊的板塊（3 杯咖啡）",
            "elevate": "把兩個頓悟各提升一級",
            "generate": "獲得三個小頓悟",
            "research_or_publish": "打出研究卡或發表論文",
            "professor": "移動你的教授",
        },
    }
)

#: The same, told of another player in the log ("their professor", not "your").
_DOING_LOG = Strings(
    {
        "en": {"professor": "move their professor"},
        "zh-TW": {"professor": "移動自己的教授"},
    }
)


def _doing(a: int, lang: str, told: bool = False) -> str:
    key = ACTION_KEYS[a]
    if told and key in _DOING_LOG:
        return _DOING_LOG(key, lang)
    return _DOING(key, lang) if key in _DOING else wd.action(a, lang)


def _loc(i: int, lang: str) -> str:
    return wd.location(i, lang)


def action_label(action: Action, lang: str) -> str:
    """A player's words for ``action`` in ``lang``, without the state (the menu of
    every action the game has; a legal action is labelled by :func:`state_label`)."""
    return _words(action, lang, TEXT)


def _words(action: Action, lang: str, T: Strings) -> str:
    """``action`` in the words of table ``T``: :data:`TEXT` (to the player choosing it)
    or :data:`LOG` (told of whoever took it)."""
    told = T is LOG
    if isinstance(action, KeepStart):
        t = TILES[action.tile]
        return T(
            "keep",
            lang,
            tile=wd.tile(action.tile, lang),
            loc=_loc(t.tag, lang),
            banner=wd.effect(t.banner, lang),
            row=action.row + 1,
        )
    if isinstance(action, PlaceIdeas):
        bright = T("place_bright", lang, n=action.bright) if action.bright else ""
        return T(
            "place",
            lang,
            ideas=action.ideas,
            bright=bright,
            space=action.space + 1,
            action=_doing(action.action, lang, told),
        )
    if isinstance(action, Recall):
        return T("recall", lang)
    if isinstance(action, Option):
        return T("option", lang, n=action.n + 1)
    if isinstance(action, Spot):
        if action.colour < 0:
            return T("spot_coffee", lang)
        return T(
            "spot", lang, colour=wd.colour(action.colour, lang), level=wd.level(action.level, lang)
        )
    if isinstance(action, Colour):
        return T("colour", lang, colour=wd.colour(action.colour, lang))
    if isinstance(action, MarketTile):
        column = T(("col_stack", "col_middle", "col_right")[action.column], lang)
        return T("market", lang, row=action.row + 1, column=column)
    if isinstance(action, Cell):
        return T("cell", lang, row=action.cell // 3 + 1, col=action.cell % 3 + 1)
    if isinstance(action, Steps):
        return T("steps", lang, n=action.n)
    if isinstance(action, Room):
        return T("room", lang, room=action.room + 1)
    if isinstance(action, Card):
        return T("card", lang, what=wd.research_card(action.card, lang))
    if isinstance(action, Treat):
        if action.how == 2:
            return T("treat_dream", lang, room=action.room + 1)
        return T("treat_base", lang, room=action.room + 1, k=action.how + 1)
    if isinstance(action, Coffee):
        return T(f"coffee_{action.use}", lang)
    if isinstance(action, Done):
        return T("done", lang)
    return str(action)


def landing_words(s: Any, seat: int, space: int, lang: str) -> str:
    """What the inkpot does on ``space`` for ``seat`` now, in words."""
    return wd.program(en.rondel_program(s, seat, space), lang)


def inkpot_words(s: Any, seat: int, bright: int, key: str, T: Strings, lang: str) -> str:
    """The inkpot moved with ``bright`` bright ideas spent: how far, where to, what then."""
    steps, space = tn.inkpot_landing(s, seat, bright)
    what = landing_words(s, seat, space, lang)
    return T(key, lang, n=steps, k=bright, space=wd.rondel_space(space, lang), what=what)


def inkpot_entry(s: Any, seat: int, bright: int) -> dict[str, Any]:
    """The inkpot's preview with ``bright`` bright ideas spent: the steps, the landing
    space and what happens there, in both languages."""
    steps, space = tn.inkpot_landing(s, seat, bright)
    return {
        "bright": bright,
        "steps": steps,
        "space": space,
        "what": {lang: landing_words(s, seat, space, lang) for lang in LANGUAGES},
    }


def _phase_label(s: Any, action: Action, lang: str, T: Strings) -> str | None:
    """The words of an action of the turn itself (no decision owed): the follow-up of
    the turn's choice, a treatment named, the end of the turn."""
    seat = s.current
    if isinstance(action, Option):
        if s.step != FOLLOW:
            return None
        if action.n == 1:
            return T("follow_treat", lang)
        if s.recalled:
            return T("follow_bonus", lang)
        if s.bright[seat]:
            return T("follow_inkpot", lang)
        return inkpot_words(s, seat, 0, "follow_inkpot_to", T, lang)
    if isinstance(action, Treat) and s.step == TREAT:
        c = s.room_client[seat][action.room]
        if c < 0:
            return None
        options = en.treatment_options(s, seat, action.room)
        if action.how >= len(options):
            return None
        key = "treat_dream_named" if action.how == 2 else "treat_base_named"
        what = wd.effect(options[action.how], lang)
        return T(key, lang, name=wd.client(c, lang), room=action.room + 1, what=what)
    if isinstance(action, Done) and s.step == TREAT:
        return T("done_turn", lang)
    return None


def _in_state(s: Any, action: Action, lang: str, T: Strings) -> str | None:
    """``action``'s words in ``s`` for the seat that may take it, or None (no context):
    an answer to the decision on top reads as its kind says (decisions.KINDS, reached
    through the state), an action of the turn as :func:`_phase_label` says."""
    if s.phase in (KEEP, OVER):
        return None
    stack = s.decisions
    if stack:
        said: str | None = s.KINDS.label(s, stack[-1], action, lang, T is LOG)
        return said
    return _phase_label(s, action, lang, T)


def state_label(state: Any, action: Action, lang: str) -> str:
    """``action``'s words in ``state`` (where it is legal): what a choice's option does,
    which tile, client, dream or card it takes, where the inkpot lands. Only what the
    board shows is named (never a face-down tile or another player's hand)."""
    return _in_state(state, action, lang, TEXT) or action_label(action, lang)


def log_says_more(before: Any, action: Action, actor: int | None) -> bool:
    """Never: the log tells one's own choice again in the third person, which is no
    news to its actor, so the terminal does not print it back (core.labels.says_more)."""
    return False


def log_label(before: Any, action: Action, actor: int | None, lang: str) -> str:
    """A log line's words (meeple.core.labels.seen_label): what :func:`state_label` says,
    told in the third person of whoever took the action ("elevates their minor green
    insight"), so that no viewer reads somebody else's move as their own."""
    return _in_state(before, action, lang, LOG) or _words(action, lang, LOG)


#: How a game ended, for the result box (``end_label``), in both languages.
END = Strings(
    {
        "en": {
            "freud": "Freud's marker reached the end of his track: that round was finished "
            "and one more was played.",
            "cap": "The round limit ({n} rounds) ended the game before Freud's marker got "
            "to the end.",
            "tie": "A tie on points was broken by {what}.",
            "by_rep": "the higher reputation",
            "by_stamp": "the marker lower in its stack (the one that got there first)",
            "solo_won": "Solo: {score} VP reached the target of {target} VP, so the game is won.",
            "solo_lost": "Solo: {score} VP, {short} short of the target of {target} VP, so the "
            "game is lost.",
        },
        "zh-TW": {
            "freud": "佛洛依德的標記走到軌道盡頭：打完那一輪，再多打一輪。",
            "cap": "輪數上限（{n} 輪）先到了：佛洛依德的標記還沒走到盡頭。",
            "tie": "同分時以{what}分出名次。",
            "by_rep": "較高的聲望",
            "by_stamp": "疊在較下面（先到達）的聲望標記",
            "solo_won": "單人：{score} 分，達到目標 {target} 分，所以贏了。",
            "solo_lost": "單人：{score} 分，離目標 {target} 分還差 {short} 分，所以輸了。",
        },
    }
)


def end_label(state: Any, lang: str, names: Sequence[str] | None) -> str:
    """Freud's clock (the seed's end), or the round limit (an option, capped by design);
    in solo, then the score against the designed target, won or lost."""
    if state.rounds_left >= 0 and state.round >= state.rounds_left:
        why = END("freud", lang)
    else:
        limit = min(int(state.game.options["rounds"]), int(RULES["round_cap"]))
        why = END("cap", lang, n=limit)
    if state.game.players != 1:
        return why
    score, target = int(state.scores()[0]), int(SOLO["target"])
    key = "solo_won" if state.solo_won() else "solo_lost"
    solo = END(key, lang, score=score, target=target, short=target - score)
    return f"{why}{'' if wd.zh(lang) else ' '}{solo}"


def tiebreak_label(state: Any, lang: str) -> str | None:
    """Which tiebreak (reputation, then the earlier marker) ranked seats level on points."""
    scores, breaks = state.scores(), state.tiebreaks()
    n = len(scores)
    used: set[int] = set()
    for a in range(n):
        for b in range(a + 1, n):
            if scores[a] == scores[b] and breaks[a] != breaks[b]:
                used.add(next(k for k in range(len(breaks[a])) if breaks[a][k] != breaks[b][k]))
    if not used:
        return None
    joint = "、" if wd.zh(lang) else ", then "
    return END(
        "tie", lang, what=joint.join(END(("by_rep", "by_stamp")[k], lang) for k in sorted(used))
    )


#: The game's vocabulary (meeple.core.vocabulary): what its options and their values
#: are called, ``<option>``, ``<option>.help`` and ``<option>.<value>``. The server sends
#: them with the game, the lobby and the terminal show them.
OPTION_WORDS = Strings(
    {
        "en": {
            "rounds": "Round limit",
            "rounds.help": "The game ends after this many rounds at the latest (Freud's clock usually ends it sooner)",
            "ideas": "Ideas per placement",
            "ideas.help": "Most ideas in one placement, bright ideas included: 3 in the Kickstarter rules, 2 in the retail edition",
            "location_uses": "Location uses",
            "location_uses.help": "Most uses of a location at once: 4 in the Kickstarter rules, 5 in the retail edition",
            "treat_turn": "Treating is a turn of its own (retail)",
            "treat_turn.help": "Retail edition: placing is followed by the inkpot only and recalling by the recall bonus only; treating your clients takes a whole turn",
            "retail_scoring": "Retail end scoring",
            "retail_scoring.help": "Retail edition's end scoring: 3 VP for bringing Freud to the end, the VP above your reputation marker, district presence, full rows",
        },
        "zh-TW": {
            "rounds": "輪數上限",
            "rounds.help": "遊戲最晚在這麼多輪後結束（通常佛洛依德的時鐘會更早結束遊戲）",
            "ideas": "每次放置的主意數",
            "ideas.help": "一次放置最多幾個主意（含好主意）：募資版規則 3 個，零售版 2 個",
            "location_uses": "地點使用次數",
            "location_uses.help": "一次最多使用地點幾次：募資版規則 4 次，零售版 5 次",
            "treat_turn": "治療是獨立的回合（零售版）",
            "treat_turn.help": "零售版：放置主意後只移動墨水瓶，召回後只領召回獎勵；治療案主要用掉整個回合",
            "retail_scoring": "零售版終局計分",
            "retail_scoring.help": "零售版的終局計分：讓佛洛依德走到終點的玩家得 3 分、聲望標記上方的分數、行政區的存在、完整的橫列",
        },
    }
)
