"""Viscounts as text: the kingdom, castle, boards and tracks for the terminal, and every
action's label, in English and Traditional Chinese.

Card effects are described from their programs (the effect language), so a
card's words are never written twice and an expansion's cards get words
for free.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core import decisions as dec
from meeple.core.actions import Action
from meeple.core.i18n import Strings, display_width
from meeple.games.viscounts import costs, describe, solo
from meeple.games.viscounts.actions import (
    Build,
    BuildPublic,
    Bump,
    CastleGroup,
    CastleMove,
    Choose,
    Flip,
    FreeBuild,
    FreeHire,
    Fund,
    Hire,
    HireOrder,
    Move,
    NoAction,
    Pick,
    PickPair,
    PickRibbon,
    PickTop,
    PlaceWorker,
    Play,
    Rearrange,
    Resource,
    Skip,
    TakeChest,
    TakeHero,
    TakeManuscript,
    TakeOutsider,
    Trade,
    Transcribe,
    UseColumn,
    Workers,
)
from meeple.games.viscounts.components import (
    BUILDING_KINDS,
    CARDS,
    CHESTS,
    COLUMNS,
    EXCHANGES,
    FOCUS,
    ICONS,
    INNER,
    MANUSCRIPTS,
    ORDER_PRICE,
    PLAYER_CARDS,
    RIBBONS,
    RULES,
    SCHEMES,
    SEGMENTS,
    TRACK,
    position,
    space_number,
    spots,
)
from meeple.games.viscounts.describe import TOLD, WORDS, card_words, item, program_words
from meeple.games.viscounts.funding import ITEMS
from meeple.games.viscounts.preview import space_words

TEXT = Strings(
    {
        "en": {
            "pair": "Take pair {index}",
            "play": "Play {card}",
            "move": "Move to {space}",
            "trade_one": "Trade once{dismiss}",
            "trade": "Trade {uses} times{dismiss}",
            "build": "Build a {building} on spot {spot}{dismiss}",
            "workers_one": "Place 1 worker in the castle{dismiss}",
            "workers": "Place {count} workers in the castle{dismiss}",
            "transcribe": "Transcribe the manuscript{dismiss}",
            "dismissing": ", dismissing the townsfolk beside you",
            "dismissing_named": ", dismissing {card} beside you",
            "dismissing_far": ", dismissing {card} of segment {position}",
            "pair_named": "Take pair {index}: {hero} and player card {number}",
            "hire_named": "Hire {card} beside you",
            "free_hire_named": "Hire {card} from segment {position} for free",
            "bump_ai": "Bump a worker of the AI opponent",
            "bump_own": "Bump one of your own workers",
            "lap": "Go a full lap back to {space}",
            "costs": " (costs {what})",
            "free_cost": " (free)",
            "silver_n": "{n} silver",
            "preview": "{label}: then {what}",
            "gives": "{label}: {what}",
            "pay_later": " (you choose how to pay next: {plans})",
            "pay_or": " or ",
            "pay_more": "{shown} or {n} other ways",
            "ex_silver": "+{n} silver",
            "ex_resource": "+{n} {item}",
            "ex_destroy": "destroy up to {n} card(s)",
            "ex_flip": "flip {n} debt(s) or deed(s)",
            "play_moves": "Play {card} (moves {n})",
            "ai_name": "the AI",
            "ai_opponent": "AI opponent",
            "no_action": "No primary action",
            "hire": "Hire the townsfolk beside you",
            "no_hire": "Hire nobody",
            "choose": "Choose option {option}",
            "pick": "{card} from your hand",
            "pick_top": "The top card of your draw pile",
            "skip": "Skip",
            "perm0": "Keep the board as it is",
            "perm1": "Swap the middle and right cards",
            "perm2": "Swap the left and middle cards",
            "perm3": "Move the left card to the right end",
            "perm4": "Move the right card to the left end",
            "perm5": "Swap the left and right cards",
            "resource": "Take {name}",
            "flip": "Flip a {what}",
            "free_hire": "Hire the townsfolk of segment {position} for free",
            "castle_move": "Move a castle worker from section {wedge} to section {to}",
            "bump": "Bump a worker of player {seat}",
            "free_build": "Build a {building} for free on spot {spot}",
            "place_worker": "Place a worker in castle section {wedge}",
            "take_manuscript": "Take the manuscript of segment {position}",
            "fund": "Payment plan {n}",
            "fund_pay": "Pay {what}",
            "fund_and": " + ",
            "castle_group": "Move your group in castle section {wedge} next",
            "take_outsider": "Outsider {slot}",
            "welcome_outsider": "Welcome the {card}",
            "refuse_outsider": "Refuse the {card}: {what}",
            "pick_ribbon": "The {colour} ribbon",
            "use_column": "Use your {colour} column: {what}",
            "hire_order": "Take a King's Order instead of a hire",
            "pay_resource": "Pay 1 {name}",
            "build_public": "Build the public {building} over yours on spot {spot}{dismiss}",
            "take_hero": "Face-up hero {slot}",
            "take_hero_named": "Take {card}",
            "take_chest": "Chest tile {slot} into slot {space}",
            "take_chest_named": "Chest tile ({what}) into slot {space}",
            "use_boost": "Use the chest tile: {what}",
            "kok_heroes": "Heroes face up: {cards}; face down: {pile}",
            "kok_chests": "Chest tiles face up: {tiles}; face down: {pile}",
            "kok_public": "Public buildings: {list}",
            "kok_public_one": "{card} ({cost} builder icons, {vp} VP; {who})",
            "kok_unbuilt": "not built",
            "public_kind": "public {kind}",
            "kok_slots": "Chest slots: {tiles}",
            "kok_empty": "empty",
            "kok_boost": "Chest icons this turn: {icons}",
            "tile_sep": "; ",
            "part_public_buildings": "public buildings",
            "part_chests": "chest tiles",
            "castle_group_reward": "{label} (its reward: {what})",
            "outer": "outer space {number}",
            "inner": "inner space {number}",
            "round": "Round {round}{last}",
            "last": " (the last round)",
            "cap": " (the round cap is {cap}: the game ends after round {cap})",
            "ai": "The AI opponent, {focus}, {difficulty}: {space}; {score} points so far",
            "ai_res": "  silver {silver}, ink {ink}, gold {gold}, stone {stone}; "
            "debts {debts} (paid {paid}), deeds {deeds} (approved {approved})",
            "ai_board": "  Its schemes: {cards}; {deck} in its deck",
            "ai_last": "  Its last turn (round {round}): {scheme}, {space}, {what}",
            "ai_did": "did {action}",
            "ai_fell_back": "could not {action}: took its fallback",
            "ai_waits": "its turn waits on the player's decision",
            "ai_turn": "Round {round}: {scheme}, {space}, {what}",
            "log_ai": "{label}; then the AI's turn (round {round}): {scheme}, {space}, {what}",
            "log_option": "{label}: {option}",
            "easy": "easy",
            "normal": "normal",
            "hard": "hard",
            "expert": "expert",
            "seat": "Player {seat}",
            "you": " (you)",
            "hand": "Hand: {cards}",
            "gathered": "Cards to be shuffled into the deck (setup): {cards}",
            "pick_setup": "{card} from your starting cards",
            "hand_size": "{n} cards in hand, {deck} in the draw pile, {discard} discarded",
            "board": "Board (left to right): {cards}",
            "track": "Corruption {corruption}, virtue {virtue} (of {top}; a collision when they meet)",
            "res": "silver {silver}, ink {ink}, gold {gold}, stone {stone}",
            "dd": "debts {debts} (paid {paid}), deeds {deeds} (approved {approved})",
            "built": "built: workshops {workshop}, trading posts {trading_post}, "
            "guildhalls {guildhall}; workers left {workers}; manuscripts {manuscripts}",
            "segment": "Segment {n}: {left}, {right}, {inner}; beside it castle section {wedge}",
            "exchange": "{space} (trade: {what})",
            "pile": "  townsfolk: {card} for {cost} silver ({size} under it); "
            "manuscript: {ms} clerics, {ribbon} ({ms_size} under it)",
            "pile_empty": "  townsfolk: {card} printed (the pile is empty); "
            "manuscript: {ms} clerics, {ribbon}",
            "spots": "  building spots: {left} | river | {right}",
            "spot_free": "{n} free",
            "spot_built": "{n} {who}'s {kind}",
            "here": "  viscounts here: {who}",
            "castle": "Castle section {wedge}: tier 1 {t1}; tier 2 {t2}",
            "centre": "Castle centre: {who}; leader: {leader}",
            "nobody": "nobody",
            "count": "{who} ×{n}",
            "cards_left": "Debts on Poverty: {debts}; deeds on Prosperity: {deeds}",
            "gog_supply": "King's Orders left: {orders}; outsiders face down: {pile}",
            "gog_outsiders": "Outsiders face up: {cards}",
            "gog_bonus": "Builder bonus cards: {cards}",
            "gog_held_by": "{card} ({who})",
            "gog_nobody": "not yet earned",
            "gog_leader": "Castle leader card: {card}",
            "pair_line": "Pair {index}: {hero} and player card {number} (starts on {space}; "
            "{silver} silver{res}; debts {debts}, deeds {deeds}{extra})",
            "pair_res": ", {n} {name}",
            "pair_any": ", {n} resources of your choice",
            "pair_any_one": ", 1 resource of your choice",
            "off_board": "not on the board yet",
            "pair_extra": "; then {what}",
            "decision": "Waiting for player {seat}: {kind}{why}",
            "because": " ({source})",
            "option": "  option {n}: {what}",
            "ribbon": "{colour} ribbon",
            "no_ribbon": "no ribbon",
            "workshop": "workshop",
            "trading_post": "trading post",
            "guildhall": "guildhall",
            "a_trade": "trade",
            "a_chest": "turn a chest tile face up",
            "a_build": "build",
            "a_workers": "place workers",
            "a_transcribe": "transcribe",
            "ink": "ink",
            "gold": "gold",
            "stone": "stone",
            "debt": "debt",
            "deed": "deed",
            "grey": "grey",
            "black": "black",
            "yellow": "yellow",
            "blue": "blue",
            "sep": ", ",
            "colon": ": ",
            "card_line": "{name} ({silver} silver; {icons}): {what}",
            "no_icons": "no icons",
            "final_head": "Final score by source:",
            "part_buildings": "buildings",
            "part_castle": "castle workers",
            "part_manuscripts": "manuscript sets",
            "part_manuscript_vp": "manuscripts' own points",
            "part_cleric_bonus": "cleric bonus cards",
            "part_leader": "castle leader",
            "part_deeds": "deeds",
            "part_debts": "unpaid debts",
            "part_majorities": "majorities",
            "part_effects": "cards' points",
            "part_outsiders": "outsiders",
            "part_builder_bonus": "builder bonus cards",
            "part_leftover": "resources left (AI)",
            "part_total": "total",
        },
        "zh-TW": {
            "pair": "拿取第 {index} 組",
            "play": "打出{card}",
            "move": "移動到{space}",
            "trade_one": "交易 1 次{dismiss}",
            "trade": "交易 {uses} 次{dismiss}",
            "build": "在建築點 {spot} 建造{building}{dismiss}",
            "workers_one": "放 1 名工人進城堡{dismiss}",
            "workers": "放 {count} 名工人進城堡{dismiss}",
            "transcribe": "抄錄手抄本{dismiss}",
            "dismissing": "，並遣散身旁的居民",
            "dismissing_named": "，並遣散身旁的{card}",
            "dismissing_far": "，並遣散第 {position} 區的{card}",
            "pair_named": "拿取第 {index} 組：{hero}與玩家卡 {number}",
            "hire_named": "僱用身旁的{card}",
            "free_hire_named": "免費僱用第 {position} 區的{card}",
            "bump_ai": "撞掉 AI 對手的 1 名工人",
            "bump_own": "撞掉自己的 1 名工人",
            "lap": "繞一整圈回到{space}",
            "costs": "（花費 {what}）",
            "free_cost": "（免費）",
            "silver_n": "{n} 銀幣",
            "preview": "{label}：接著可以{what}",
            "gives": "{label}：{what}",
            "pay_later": "（接著選擇付法：{plans}）",
            "pay_or": "或 ",
            "pay_more": "{shown}或另外 {n} 種付法",
            "ex_silver": "+{n} 銀幣",
            "ex_resource": "+{n} {item}",
            "ex_destroy": "摧毀至多 {n} 張牌",
            "ex_flip": "翻面 {n} 張債務或地契",
            "play_moves": "打出{card}（移動 {n} 步）",
            "ai_name": "AI 對手",
            "ai_opponent": "AI 對手",
            "no_action": "不執行主要行動",
            "hire": "僱用身旁的居民",
            "no_hire": "不僱用",
            "choose": "選擇選項 {option}",
            "pick": "手牌中的{card}",
            "pick_top": "抽牌堆最上方的牌",
            "skip": "跳過",
            "perm0": "圖板維持原樣",
            "perm1": "交換中間與右邊的牌",
            "perm2": "交換左邊與中間的牌",
            "perm3": "把最左邊的牌移到最右邊",
            "perm4": "把最右邊的牌移到最左邊",
            "perm5": "交換左邊與右邊的牌",
            "resource": "拿取{name}",
            "flip": "將 1 張{what}翻面",
            "free_hire": "免費僱用第 {position} 區的居民",
            "castle_move": "把 1 名城堡工人從第 {wedge} 區域移到第 {to} 區域",
            "bump": "撞掉玩家 {seat} 的 1 名工人",
            "free_build": "在建築點 {spot} 免費建造{building}",
            "place_worker": "放 1 名工人到城堡第 {wedge} 區域",
            "take_manuscript": "拿取第 {position} 區的手抄本",
            "fund": "付款方式 {n}",
            "fund_pay": "支付 {what}",
            "fund_and": "、",
            "castle_group": "接著移動你在城堡第 {wedge} 區域的三名工人",
            "take_outsider": "外來者 {slot}",
            "welcome_outsider": "歡迎{card}",
            "refuse_outsider": "拒絕{card}：{what}",
            "pick_ribbon": "{colour}綬帶",
            "use_column": "使用{colour}欄位：{what}",
            "hire_order": "以國王命令代替僱用",
            "pay_resource": "支付 1 {name}",
            "build_public": "在建築點 {spot} 把自己的{building}改建為公共{building}{dismiss}",
            "take_hero": "正面朝上的英雄 {slot}",
            "take_hero_named": "拿取{card}",
            "take_chest": "寶箱板塊 {slot} 放入欄位 {space}",
            "take_chest_named": "寶箱板塊（{what}）放入欄位 {space}",
            "use_boost": "使用寶箱板塊：{what}",
            "kok_heroes": "正面朝上的英雄：{cards}；英雄牌堆剩 {pile} 張",
            "kok_chests": "正面朝上的寶箱板塊：{tiles}；寶箱板塊堆剩 {pile} 片",
            "kok_public": "公共建築：{list}",
            "kok_public_one": "{card}（{cost} 個建築工圖示，{vp} 分；{who}）",
            "kok_unbuilt": "尚未建造",
            "public_kind": "公共{kind}",
            "kok_slots": "寶箱欄位：{tiles}",
            "kok_empty": "空",
            "kok_boost": "本回合寶箱圖示：{icons}",
            "tile_sep": "；",
            "part_public_buildings": "公共建築",
            "part_chests": "寶箱板塊",
            "castle_group_reward": "{label}（獎勵：{what}）",
            "outer": "外側第 {number} 格",
            "inner": "內側第 {number} 格",
            "round": "第 {round} 輪{last}",
            "last": "（最後一輪）",
            "cap": "（輪數上限 {cap}：第 {cap} 輪後遊戲結束）",
            "ai": "AI 對手：{focus}，{difficulty}；{space}；目前 {score} 分",
            "ai_res": "  銀幣 {silver}、墨水瓶 {ink}、黃金 {gold}、石頭 {stone}；"
            "債務 {debts}（已償還 {paid}）、地契 {deeds}（已批准 {approved}）",
            "ai_board": "  它的計謀：{cards}；牌堆剩 {deck} 張",
            "ai_last": "  它的上一回合（第 {round} 輪）：{scheme}，{space}，{what}",
            "ai_did": "執行了{action}",
            "ai_fell_back": "無法{action}，改拿替代獎勵",
            "ai_waits": "它的回合等玩家決定",
            "ai_turn": "第 {round} 輪：{scheme}，{space}，{what}",
            "log_ai": "{label}；接著是 AI 的回合（第 {round} 輪）：{scheme}，{space}，{what}",
            "log_option": "{label}：{option}",
            "easy": "簡單",
            "normal": "普通",
            "hard": "困難",
            "expert": "專家",
            "seat": "玩家 {seat}",
            "you": "（你）",
            "hand": "手牌：{cards}",
            "gathered": "準備中、等著洗成牌堆的牌：{cards}",
            "pick_setup": "起始牌中的{card}",
            "hand_size": "手牌 {n} 張，抽牌堆 {deck} 張，棄牌 {discard} 張",
            "board": "圖板（由左至右）：{cards}",
            "track": "墮落 {corruption}，美德 {virtue}（共 {top} 格；兩者相遇即碰撞）",
            "res": "銀幣 {silver}、墨水瓶 {ink}、黃金 {gold}、石頭 {stone}",
            "dd": "債務 {debts}（已償還 {paid}）、地契 {deeds}（已批准 {approved}）",
            "built": "已建：工坊 {workshop}、貿易站 {trading_post}、市政廳 {guildhall}；"
            "剩 {workers} 名工人；手抄本 {manuscripts} 份",
            "segment": "第 {n} 區：{left}、{right}、{inner}；旁邊是城堡第 {wedge} 區域",
            "exchange": "{space}（交易：{what}）",
            "pile": "  居民：{card}，{cost} 銀幣（下面還有 {size} 張）；"
            "手抄本：{ms} 牧師，{ribbon}（下面還有 {ms_size} 份）",
            "pile_empty": "  居民：印在圖板上的{card}（牌堆已空）；手抄本：{ms} 牧師，{ribbon}",
            "spots": "  建築點：{left} ｜河｜ {right}",
            "spot_free": "{n} 空",
            "spot_built": "{n} {who}的{kind}",
            "here": "  在這裡的子爵：{who}",
            "castle": "城堡第 {wedge} 區域：第一層 {t1}；第二層 {t2}",
            "centre": "城堡中央：{who}；城堡領袖：{leader}",
            "nobody": "無人",
            "count": "{who} ×{n}",
            "cards_left": "貧困牌上的債務：{debts}；繁榮牌上的地契：{deeds}",
            "gog_supply": "國王命令剩 {orders} 張；外來者牌堆剩 {pile} 張",
            "gog_outsiders": "正面朝上的外來者：{cards}",
            "gog_bonus": "建造獎勵卡：{cards}",
            "gog_held_by": "{card}（{who}）",
            "gog_nobody": "尚無人獲得",
            "gog_leader": "城堡領袖卡：{card}",
            "pair_line": "第 {index} 組：{hero}與玩家卡 {number}（從{space}出發；"
            "{silver} 銀幣{res}；債務 {debts}、地契 {deeds}{extra}）",
            "pair_res": "、{name} {n}",
            "pair_any": "、任選資源 {n}",
            "pair_any_one": "、任選資源 1",
            "off_board": "尚未上場",
            "pair_extra": "；然後{what}",
            "decision": "等待玩家 {seat} 決定：{kind}{why}",
            "because": "（{source}）",
            "option": "  選項 {n}：{what}",
            "ribbon": "{colour}色綬帶",
            "no_ribbon": "沒有綬帶",
            "workshop": "工坊",
            "trading_post": "貿易站",
            "guildhall": "市政廳",
            "a_trade": "交易",
            "a_chest": "翻開 1 片寶箱板塊",
            "a_build": "建造",
            "a_workers": "放置工人",
            "a_transcribe": "抄錄",
            "ink": "墨水瓶",
            "gold": "黃金",
            "stone": "石頭",
            "debt": "債務",
            "deed": "地契",
            "grey": "灰",
            "black": "黑",
            "yellow": "黃",
            "blue": "藍",
            "sep": "、",
            "colon": "：",
            "card_line": "{name}（{silver} 銀幣；{icons}）：{what}",
            "no_icons": "無圖示",
            "final_head": "依來源的最終得分：",
            "part_buildings": "建築",
            "part_castle": "城堡工人",
            "part_manuscripts": "手抄本套組",
            "part_manuscript_vp": "手抄本分數",
            "part_cleric_bonus": "牧師獎勵卡",
            "part_leader": "城堡領袖",
            "part_deeds": "地契",
            "part_debts": "未償債務",
            "part_majorities": "多數獎勵",
            "part_effects": "卡牌分數",
            "part_outsiders": "外來者",
            "part_builder_bonus": "建造獎勵卡",
            "part_leftover": "剩餘資源（AI）",
            "part_total": "總分",
        },
    }
)


def card_name(card: int, lang: str) -> str:
    c = CARDS[card]
    return c.zh if lang == "zh-TW" else c.name


def space_name(space: int, lang: str) -> str:
    """A space as the board labels it: outer spaces 1-10 clockwise round the ring, inner
    spaces 1-5 by their segment (never the printed numbers, which follow the pieces)."""
    pos, k = divmod(space, 3)
    if k == INNER:
        return TEXT("inner", lang, number=pos + 1)
    return TEXT("outer", lang, number=2 * pos + k + 1)


def exchange_words(space: int, ring: list[int], lang: str) -> str:
    """What one use of a space's exchange gives and costs."""
    kind = EXCHANGES[space_number(space, ring) - 1]
    if kind in EXCHANGE:
        return EXCHANGE(kind, lang)
    return EXCHANGE("resource", lang, item=item(kind, lang))


EXCHANGE = Strings(
    {
        "en": {
            "silver": "1 silver for each merchant icon",
            "resource": "1 {item} for every 2 merchants or silver",
            "destroy": "destroy a card, gaining its silver, for every 3 merchants or silver",
            "flip": "flip a debt or deed for every 4 merchants or silver",
        },
        "zh-TW": {
            "silver": "每個商人圖示換 1 銀幣",
            "resource": "每 2 個商人或銀幣換 1 {item}",
            "destroy": "每 3 個商人或銀幣摧毀 1 張牌並得到其銀幣值",
            "flip": "每 4 個商人或銀幣翻面 1 張債務或地契",
        },
    }
)


#: The same actions told in the log, of whoever took them: the third person, so that a
#: line reads the same for every viewer beside the actor's name ("Ann: discards Lender
#: from their hand"), never "Lender from your hand" about somebody else's move (issue 34).
#: A Chinese line the menu's words already tell without 你 is left to :data:`TEXT`.
_TOLD: dict[str, dict[str, str]] = {
    "en": {
        "pair": "takes pair {index}",
        "pair_named": "takes pair {index}: {hero} and player card {number}",
        "play": "plays {card}",
        "play_moves": "plays {card} (moves {n})",
        "move": "moves to {space}",
        "lap": "goes a full lap back to {space}",
        "trade_one": "trades once{dismiss}",
        "trade": "trades {uses} times{dismiss}",
        "build": "builds a {building} on spot {spot}{dismiss}",
        "workers_one": "places 1 worker in the castle{dismiss}",
        "workers": "places {count} workers in the castle{dismiss}",
        "transcribe": "transcribes the manuscript{dismiss}",
        "dismissing": ", dismissing the townsfolk beside them",
        "dismissing_named": ", dismissing {card}",
        "dismissing_far": ", dismissing {card} of segment {position}",
        "no_action": "takes no primary action",
        "hire": "hires the townsfolk beside them",
        "hire_named": "hires {card}",
        "no_hire": "hires nobody",
        "choose": "chooses option {option}",
        "pick": "picks {card} from their hand",
        "pick_told": "{verb} {card} from their hand",
        "pick_setup": "{verb} {card} from their starting cards",
        "pick_top": "{verb} the top card of their draw pile",
        "v_discard": "discards",
        "v_destroy": "destroys",
        "v_pick": "picks",
        "skip": "skips",
        "perm0": "keeps their board as it is",
        "perm1": "swaps the middle and right cards of their board",
        "perm2": "swaps the left and middle cards of their board",
        "perm3": "moves the left card of their board to the right end",
        "perm4": "moves the right card of their board to the left end",
        "perm5": "swaps the left and right cards of their board",
        "resource": "takes 1 {name}",
        "flip": "flips a {what}",
        "free_hire": "hires the townsfolk of segment {position} for free",
        "free_hire_named": "hires {card} from segment {position} for free",
        "castle_move": "moves a castle worker from section {wedge} to section {to}",
        "bump": "bumps a worker of player {seat}",
        "bump_ai": "bumps a worker of the AI opponent",
        "bump_own": "bumps one of their own workers",
        "free_build": "builds a {building} for free on spot {spot}",
        "place_worker": "places a worker in castle section {wedge}",
        "take_manuscript": "takes the manuscript of segment {position}",
        "fund": "pays with plan {n}",
        "fund_pay": "pays {what}",
        "castle_group": "moves their group in castle section {wedge} next",
        "take_outsider": "takes outsider {slot}",
        "welcome_outsider": "welcomes the {card}",
        "refuse_outsider": "refuses the {card}: {what}",
        "pick_ribbon": "gives the wild manuscript the {colour} ribbon",
        "use_column": "uses their {colour} column: {what}",
        "hire_order": "takes a King's Order instead of a hire",
        "pay_resource": "pays 1 {name}",
        "build_public": "builds the public {building} over theirs on spot {spot}{dismiss}",
        "take_hero": "takes face-up hero {slot}",
        "take_hero_named": "takes {card}",
        "take_chest": "puts chest tile {slot} into slot {space}",
        "take_chest_named": "puts the chest tile ({what}) into slot {space}",
        "use_boost": "uses the chest tile: {what}",
        "costs": ", paying {what}",
        "free_cost": "",
    },
    "zh-TW": {
        "pair_named": "拿取第 {index} 組：{hero}與玩家卡 {number}",
        "dismissing_named": "，並遣散{card}",
        "dismissing_far": "，並遣散第 {position} 區的{card}",
        "hire_named": "僱用{card}",
        "pick": "從手牌選{card}",
        "pick_told": "從手牌{verb}{card}",
        "pick_setup": "從起始牌{verb}{card}",
        "pick_top": "{verb}抽牌堆最上方的牌",
        "v_discard": "棄掉",
        "v_destroy": "摧毀",
        "v_pick": "選",
        "perm0": "自己的圖板維持原樣",
        "perm1": "交換自己圖板中間與右邊的牌",
        "perm2": "交換自己圖板左邊與中間的牌",
        "perm3": "把自己圖板最左邊的牌移到最右邊",
        "perm4": "把自己圖板最右邊的牌移到最左邊",
        "perm5": "交換自己圖板左邊與右邊的牌",
        "resource": "拿取 1 {name}",
        "bump_own": "撞掉自己的 1 名工人",
        "castle_group": "接著移動自己在城堡第 {wedge} 區域的三名工人",
        "take_outsider": "拿取外來者 {slot}",
        "welcome_outsider": "歡迎{card}",
        "refuse_outsider": "拒絕{card}：{what}",
        "pick_ribbon": "把萬用手抄本定為{colour}綬帶",
        "use_column": "使用自己的{colour}欄位：{what}",
        "hire_order": "以國王命令代替僱用",
        "pay_resource": "支付 1 {name}",
        "build_public": "在建築點 {spot} 把自己的{building}改建為公共{building}{dismiss}",
        "take_hero": "拿取正面朝上的英雄 {slot}",
        "take_hero_named": "拿取{card}",
        "take_chest": "把寶箱板塊 {slot} 放入欄位 {space}",
        "take_chest_named": "把寶箱板塊（{what}）放入欄位 {space}",
        "use_boost": "使用寶箱板塊：{what}",
        "costs": "，花費 {what}",
        "free_cost": "",
    },
}
LOG = Strings({lang: {**TEXT[lang], **_TOLD[lang]} for lang in ("en", "zh-TW")})


def action_label(action: Action, lang: str) -> str:
    """A player's words for ``action`` in ``lang``, without the state (the menu of every
    action the game has; a legal action is labelled by :func:`state_label`)."""
    return action_words(action, lang, TEXT)


def action_words(action: Action, lang: str, T: Strings, dismissing: str | None = None) -> str:
    """``action`` in the words of table ``T``: :data:`TEXT` (to the player choosing it)
    or :data:`LOG` (told of whoever took it); ``dismissing``: the words of the dismissal
    when the state names the card."""
    dm = ""
    if getattr(action, "dismiss", 0):
        dm = T("dismissing", lang) if dismissing is None else dismissing
    if isinstance(action, PickPair):
        return T("pair", lang, index=action.index + 1)
    if isinstance(action, Play):
        return T("play", lang, card=card_name(action.card, lang))
    if isinstance(action, Move):
        return T("move", lang, space=space_name(action.space, lang))
    if isinstance(action, Trade):
        return T("trade_one" if action.uses == 1 else "trade", lang, uses=action.uses, dismiss=dm)
    if isinstance(action, (Build, BuildPublic)):
        return T(
            "build" if isinstance(action, Build) else "build_public",
            lang,
            building=TEXT(BUILDING_KINDS[action.building], lang),
            spot=action.spot + 1,
            dismiss=dm,
        )
    if isinstance(action, Workers):
        key = "workers_one" if action.count == 1 else "workers"
        return T(key, lang, count=action.count, dismiss=dm)
    if isinstance(action, Transcribe):
        return T("transcribe", lang, dismiss=dm)
    if isinstance(action, NoAction):
        return T("no_action", lang)
    if isinstance(action, Hire):
        return T("hire" if action.take else "no_hire", lang)
    if isinstance(action, Choose):
        return T("choose", lang, option=action.option + 1)
    if isinstance(action, Pick):
        return T("pick", lang, card=card_name(action.card, lang))
    if isinstance(action, PickTop):
        return TEXT("pick_top", lang) if T is TEXT else T("pick_top", lang, verb=T("v_pick", lang))
    if isinstance(action, Skip):
        return T("skip", lang)
    if isinstance(action, Rearrange):
        return T(f"perm{action.order}", lang)
    if isinstance(action, Resource):
        return T("resource", lang, name=TEXT(action.name, lang))
    if isinstance(action, Flip):
        return T("flip", lang, what=TEXT(action.what, lang))
    if isinstance(action, FreeHire):
        return T("free_hire", lang, position=action.position + 1)
    if isinstance(action, CastleMove):
        return T("castle_move", lang, wedge=action.wedge + 1, to=action.to + 1)
    if isinstance(action, Bump):
        return T("bump", lang, seat=action.seat + 1)
    if isinstance(action, FreeBuild):
        return T(
            "free_build",
            lang,
            building=TEXT(BUILDING_KINDS[action.building], lang),
            spot=action.spot + 1,
        )
    if isinstance(action, PlaceWorker):
        return T("place_worker", lang, wedge=action.wedge + 1)
    if isinstance(action, TakeManuscript):
        return T("take_manuscript", lang, position=action.position + 1)
    if isinstance(action, Fund):
        return T("fund", lang, n=action.plan + 1)
    if isinstance(action, CastleGroup):
        return T("castle_group", lang, wedge=action.wedge + 1)
    if isinstance(action, TakeOutsider):
        return T("take_outsider", lang, slot=action.slot + 1)
    if isinstance(action, PickRibbon):
        return T("pick_ribbon", lang, colour=TEXT(RIBBONS[action.ribbon], lang))
    if isinstance(action, UseColumn):
        ability = next((c.ability for c in COLUMNS if c.ribbon == action.ribbon), ())
        what = program_words(ability, lang, TOLD if T is not TEXT else WORDS)
        return T("use_column", lang, colour=TEXT(RIBBONS[action.ribbon], lang), what=what)
    if isinstance(action, HireOrder):
        return T("hire_order", lang)
    if isinstance(action, TakeHero):
        return T("take_hero", lang, slot=action.slot + 1)
    if isinstance(action, TakeChest):
        return T("take_chest", lang, slot=action.slot + 1, space=action.space + 1)
    return str(action)


def chest_words(tile: int, lang: str) -> str:
    """A chest tile (its number) in words, as the board and the client tables say it."""
    return describe.chest_words(CHESTS[tile], lang)


def plan_words(plan: tuple[int, ...], lang: str) -> str:
    """What a payment plan spends: "2 stone", "1 stone + 2 silver"."""
    parts = [f"{k} {item(name, lang)}" for name, k in zip(ITEMS, plan, strict=True) if k]
    return TEXT("fund_and", lang).join(parts) or program_words((), lang)


def _cards(cards: list[int], lang: str) -> str:
    return TEXT("sep", lang).join(card_name(c, lang) for c in cards) or "-"


def _ribbon(m: int, lang: str) -> str:
    r = MANUSCRIPTS[m].ribbon
    if r < 0:
        return TEXT("no_ribbon", lang)
    return TEXT("ribbon", lang, colour=TEXT(RIBBONS[r], lang))


def _who(t: int, lang: str, view: dict[str, Any]) -> str:
    """A seat as the terminal names it ("Player 2"), or the solo AI, which holds no seat
    and is named as the AI wherever its pieces stand (issue 34: its buildings read as
    "Player 2's guildhall")."""
    ai = view.get("ai")
    if ai is not None and t == ai["index"]:
        return TEXT("ai_name", lang)
    return TEXT("seat", lang, seat=t + 1)


def _counts(row: list[int], lang: str, view: dict[str, Any]) -> str:
    """Workers per seat, as "Player 1 ×2, Player 3 ×1", or "nobody"."""
    parts = [TEXT("count", lang, who=_who(t, lang, view), n=k) for t, k in enumerate(row) if k]
    return TEXT("sep", lang).join(parts) or TEXT("nobody", lang)


def _spots(view: dict[str, Any], seg: int, side: int, lang: str) -> str:
    out = []
    for i, sp in enumerate(spots(len(view["players"]))):
        if sp.segment != seg or sp.side != side:
            continue
        owner, kind = view["spots"][i]
        if owner < 0:
            out.append(TEXT("spot_free", lang, n=i + 1))
        else:
            who = _who(owner, lang, view)
            # Keeper of Keys: 3 + the kind is that kind's public building (view "spots")
            said = TEXT(BUILDING_KINDS[kind % len(BUILDING_KINDS)], lang)
            if kind >= len(BUILDING_KINDS):
                said = TEXT("public_kind", lang, kind=said)
            out.append(TEXT("spot_built", lang, n=i + 1, who=who, kind=said))
    return TEXT("sep", lang).join(out)


def _kingdom(view: dict[str, Any], lang: str) -> list[str]:
    ring = view["ring"]
    lines = []
    for p in range(SEGMENTS):
        left, right, inner = 3 * p, 3 * p + 1, 3 * p + 2
        lines.append(
            TEXT(
                "segment",
                lang,
                n=p + 1,
                left=TEXT(
                    "exchange",
                    lang,
                    space=space_name(left, lang),
                    what=exchange_words(left, ring, lang),
                ),
                right=TEXT(
                    "exchange",
                    lang,
                    space=space_name(right, lang),
                    what=exchange_words(right, ring, lang),
                ),
                inner=space_name(inner, lang),
                wedge=(p - view["castle_turn"]) % SEGMENTS + 1,
            )
        )
        pile, ms = view["piles"][p], view["manuscripts"][p]
        card = CARDS[pile["top"]]
        m = MANUSCRIPTS[ms["top"]]
        key = "pile" if pile["size"] else "pile_empty"
        lines.append(
            TEXT(
                key,
                lang,
                card=card_name(pile["top"], lang),
                cost=card.silver,
                size=max(0, pile["size"] - 1),
                ms=m.cost,
                ribbon=_ribbon(ms["top"], lang),
                ms_size=max(0, ms["size"] - 1),
            )
        )
        lines.append("    " + card_line(pile["top"], lang))
        seg = ring[p]
        lines.append(
            TEXT("spots", lang, left=_spots(view, seg, 0, lang), right=_spots(view, seg, 1, lang))
        )
        pieces = [(t, pl["space"]) for t, pl in enumerate(view["players"])]
        if view.get("ai"):
            pieces.append((view["ai"]["index"], view["ai"]["space"]))
        here = [
            _who(t, lang, view) + TEXT("because", lang, source=space_name(space, lang))
            for t, space in pieces
            if space >= 0 and space // 3 == p
        ]
        if here:
            lines.append(TEXT("here", lang, who=TEXT("sep", lang).join(here)))
    return lines


def _castle(view: dict[str, Any], lang: str) -> list[str]:
    lines = [
        TEXT(
            "castle",
            lang,
            wedge=w + 1,
            t1=_counts(view["tier1"][w], lang, view),
            t2=_counts(view["tier2"][w], lang, view),
        )
        for w in range(len(view["tier1"]))
    ]
    centre = [p["tier3"] for p in view["players"]]
    if view.get("ai"):
        centre.append(view["ai"]["tier3"])
    leader = _who(view["leader"], lang, view) if view["leader"] >= 0 else TEXT("nobody", lang)
    lines.append(TEXT("centre", lang, who=_counts(centre, lang, view), leader=leader))
    return lines


def pair_line(index: int, pair: dict[str, Any], lang: str) -> str:
    """One player card and hero pair offered at setup, in words (the view's ``pairs``)."""
    res = "".join(TEXT("pair_res", lang, n=k, name=TEXT(r, lang)) for r, k in pair["resources"])
    if pair["any_resource"]:
        n = pair["any_resource"]
        res += TEXT("pair_any_one", lang) if n == 1 else TEXT("pair_any", lang, n=n)
    extra = TEXT("pair_extra", lang, what=pair["setup"][lang]) if pair["setup_effect"] else ""
    return TEXT(
        "pair_line",
        lang,
        index=index + 1,
        hero=card_name(pair["hero"], lang),
        number=pair["number"],
        space=space_name(pair["space"], lang),
        silver=pair["silver"],
        res=res,
        debts=pair["debts"],
        deeds=pair["deeds"],
        extra=extra,
    )


def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    lines = []
    last = (
        TEXT("last", lang) if view["end_round"] >= 0 and view["round"] >= view["end_round"] else ""
    )
    cap = TEXT("cap", lang, cap=view["round_cap"]) if view.get("round_cap_near") else ""
    lines.append(TEXT("round", lang, round=view["round"], last=last) + cap)
    lines.extend(_kingdom(view, lang))
    lines.extend(_castle(view, lang))
    lines.append(TEXT("cards_left", lang, debts=view["debts_above"], deeds=view["deeds_above"]))
    lines.extend(_gates_lines(view, lang))
    lines.extend(_keeper_lines(view, lang))
    for i, pair in enumerate(view.get("pairs") or []):
        if pair is not None:
            lines.append(pair_line(i, pair, lang))
    for t, p in enumerate(view["players"]):
        head = _who(t, lang, view) + (TEXT("you", lang) if t == seat else "")
        if p["space"] >= 0:
            head += TEXT("colon", lang) + space_name(p["space"], lang)
        lines.append(head)
        lines.append(
            "  " + TEXT("res", lang, **{k: p[k] for k in ("silver", "ink", "gold", "stone")})
        )
        lines.append(
            "  " + TEXT("dd", lang, **{k: p[k] for k in ("debts", "paid", "deeds", "approved")})
        )
        lines.append(
            "  "
            + TEXT(
                "built",
                lang,
                **dict(zip(BUILDING_KINDS, p["built"], strict=True)),
                workers=p["workers_left"],
                manuscripts=len(p["manuscripts"]),
            )
        )
        lines.append("  " + TEXT("board", lang, cards=_cards(p["board"], lang)))
        if t == seat:  # what one's own cards do, beside their names (issue 34)
            lines.extend("    " + card_line(c, lang) for c in p["board"])
        lines.append(
            "  "
            + TEXT("track", lang, corruption=p["corruption"] + 1, virtue=p["virtue"] + 1, top=TRACK)
        )
        if p.get("gathered"):
            lines.append("  " + TEXT("gathered", lang, cards=_cards(p["gathered"], lang)))
        elif p.get("hand"):  # no "Hand: -" before the cards are dealt
            lines.append("  " + TEXT("hand", lang, cards=_cards(p["hand"], lang)))
            lines.extend("    " + card_line(c, lang) for c in p["hand"])
        lines.append(
            "  "
            + TEXT(
                "hand_size",
                lang,
                n=p["hand_size"],
                deck=p["deck_size"],
                discard=len(p["discard"]),
            )
        )
    if view.get("ai"):
        lines += _ai_lines(view["ai"], lang)
    if view.get("final"):
        lines += final_lines(view, seat, lang)
    d = view.get("decision")
    if d is not None:
        why = TEXT("because", lang, source=d["why"][lang]) if d["why"][lang] else ""
        lines.append(TEXT("decision", lang, seat=d["seat"] + 1, kind=d["asks"][lang], why=why))
        for o in d.get("options") or []:
            lines.append(TEXT("option", lang, n=o["option"] + 1, what=o["text"][lang]))
    return "\n".join(lines)


def _gates_lines(view: dict[str, Any], lang: str) -> list[str]:
    """Gates of Gold's supplies and displays (none without the expansion): the King's
    Orders left, the outsiders face up with what each does, the builder bonus cards and
    who holds them, the castle leader's card."""
    gog = view.get("gates_of_gold")
    if not gog:
        return []
    lines = [TEXT("gog_supply", lang, orders=gog["orders"], pile=gog["outsider_pile"])]
    lines.append(TEXT("gog_outsiders", lang, cards=_cards(gog["outsiders"], lang)))
    d = view.get("decision") or {}
    if d.get("kind") in ("welcome", "refuse"):  # what each does, when one is to be picked
        lines.extend("    " + card_line(c, lang) for c in gog["outsiders"])
    held = [
        TEXT(
            "gog_held_by",
            lang,
            card=card_name(b["card"], lang),
            who=_who(b["owner"], lang, view) if b["owner"] >= 0 else TEXT("gog_nobody", lang),
        )
        for b in gog["builder_bonus"]
    ]
    lines.append(TEXT("gog_bonus", lang, cards=TEXT("sep", lang).join(held)))
    if gog["leader_card"] >= 0:
        leader = gog["leader_card"]
        said = card_name(leader, lang) + TEXT("colon", lang) + card_words(CARDS[leader], lang)
        lines.append(TEXT("gog_leader", lang, card=said))
    return lines


def _keeper_lines(view: dict[str, Any], lang: str) -> list[str]:
    """Keeper of Keys' displays and buildings (none without the expansion): the heroes
    face up (each with what it does), the chest tiles face up (each in words), the
    public buildings and who built them, then each side's chest slots."""
    kok = view.get("keeper_of_keys")
    if not kok:
        return []
    sep = TEXT("sep", lang)
    lines = [TEXT("kok_heroes", lang, cards=_cards(kok["heroes"], lang), pile=kok["hero_pile"])]
    lines.extend("    " + card_line(c, lang) for c in kok["heroes"])
    tile_sep = TEXT("tile_sep", lang)
    tiles = tile_sep.join(f"{i + 1}. {chest_words(t, lang)}" for i, t in enumerate(kok["chests"]))
    lines.append(TEXT("kok_chests", lang, tiles=tiles or "-", pile=kok["chest_pile"]))
    built = [
        TEXT(
            "kok_public_one",
            lang,
            card=card_name(p["card"], lang),
            cost=CARDS[p["card"]].cost,
            vp=CARDS[p["card"]].vp,
            who=_who(p["owner"], lang, view) if p["owner"] >= 0 else TEXT("kok_unbuilt", lang),
        )
        for p in kok["public"]
    ]
    lines.append(TEXT("kok_public", lang, list=sep.join(built)))
    for side, slots in enumerate(kok["chest_slots"]):
        said = tile_sep.join(
            f"{k + 1}. " + (chest_words(t, lang) if t >= 0 else TEXT("kok_empty", lang))
            for k, t in enumerate(slots)
        )
        lines.append(
            _who(side, lang, view) + TEXT("colon", lang) + TEXT("kok_slots", lang, tiles=said)
        )
        boost = kok["boost"][side] if side < len(kok["boost"]) else []
        if any(boost):
            icons = sep.join(
                TEXT("count", lang, who=describe.WORDS(f"icon.{ICONS[i]}", lang), n=n)
                for i, n in enumerate(boost)
                if n
            )
            lines.append("  " + TEXT("kok_boost", lang, icons=icons))
    return lines


def card_line(card: int, lang: str) -> str:
    """One townsfolk in words: its name, silver value and icons, then what it does
    (describe.card_words), so a terminal player reads a card's effect beside its name."""
    c = CARDS[card]
    icons = TEXT("sep", lang).join(
        TEXT("count", lang, who=describe.WORDS(f"icon.{ICONS[i]}", lang), n=k)
        if k > 1
        else describe.WORDS(f"icon.{ICONS[i]}", lang)
        for i, k in enumerate(c.icons)
        if k
    )
    return TEXT(
        "card_line",
        lang,
        name=card_name(card, lang),
        silver=c.silver,
        icons=icons or TEXT("no_icons", lang),
        what=card_words(c, lang),
    )


#: The parts of a final score, in the order the seed lists them (rules.score_parts).
FINAL_PARTS = (
    "buildings",
    "castle",
    "manuscripts",
    "manuscript_vp",
    "cleric_bonus",
    "leader",
    "deeds",
    "debts",
    "majorities",
    "effects",
    "builder_bonus",
    "outsiders",
    "public_buildings",
    "chests",
    "leftover",
)


def final_lines(view: dict[str, Any], seat: int | None, lang: str) -> list[str]:
    """At the end, every seat's score by source (and the solo AI's), as a table: a row
    per part any of them scored, a column per seat, the totals last."""
    final = view["final"]
    columns = [
        (_who(t, lang, view) + (TEXT("you", lang) if t == seat else ""), f)
        for t, f in enumerate(final)
    ]
    ai = view.get("ai")
    if ai is not None and ai.get("final"):
        columns.append((_who(ai["index"], lang, view), ai["final"]))
    label_width = max(display_width(TEXT(f"part_{k}", lang)) for k in (*FINAL_PARTS, "total"))
    width = max(10, *(display_width(name) + 2 for name, _ in columns))

    def row(label: str, cells: list[str]) -> str:
        out = "  " + label + " " * (label_width - display_width(label))
        return (out + "".join(" " * (width - display_width(c)) + c for c in cells)).rstrip()

    lines = [TEXT("final_head", lang), row("", [name for name, _ in columns])]
    for key in FINAL_PARTS:
        values = [f["parts"].get(key) for _, f in columns]
        if any(values):
            cells = [_num(v) if v is not None else "-" for v in values]
            lines.append(row(TEXT(f"part_{key}", lang), cells))
    lines.append(row(TEXT("part_total", lang), [_num(f["total"]) for _, f in columns]))
    return lines


def scheme_name(scheme: int, lang: str) -> str:
    c = SCHEMES[scheme]
    return c.zh if lang == "zh-TW" else c.name


def focus_name(name: str, lang: str) -> str:
    f = next(f for f in FOCUS if f.name == name)
    return f.zh if lang == "zh-TW" else f.en


def _ai_lines(ai: dict[str, Any], lang: str) -> list[str]:
    """The solo AI: who it is, where, its score so far, its holdings and its last turn."""
    lines = [
        TEXT(
            "ai",
            lang,
            focus=focus_name(ai["focus"], lang),
            difficulty=TEXT(ai["difficulty"], lang),
            space=space_name(ai["space"], lang) if ai["space"] >= 0 else TEXT("off_board", lang),
            score=_num(ai["score"]),
        ),
        TEXT(
            "ai_res",
            lang,
            **{k: ai[k] for k in ("silver", "ink", "gold", "stone")},
            **{k: ai[k] for k in ("debts", "paid", "deeds", "approved")},
        ),
        TEXT(
            "ai_board",
            lang,
            cards=TEXT("sep", lang).join(scheme_name(c, lang) for c in ai["board"]) or "-",
            deck=ai["deck_size"],
        ),
    ]
    if ai["turns"]:
        t = ai["turns"][-1]
        lines.append(TEXT("ai_last", lang, **_turn_words(t, lang)))
    return lines


def _turn_words(t: dict[str, Any], lang: str) -> dict[str, Any]:
    """An AI turn's parts in words (solo.turn_record): round, scheme, space, what it did."""
    action = TEXT("a_" + t["action"], lang) if t["action"] else "-"
    if t["action"] is None:
        what = TEXT("ai_waits", lang)
    else:
        what = TEXT("ai_did" if t["done"] else "ai_fell_back", lang, action=action)
    return {
        "round": t["round"],
        "scheme": scheme_name(t["scheme"], lang),
        "space": space_name(t["to"], lang) if t["to"] >= 0 else "-",
        "what": what,
    }


def ai_turn_says(t: dict[str, Any]) -> dict[str, str]:
    """An AI turn as one sentence in both languages, as the view sends it (view.ai.turns)."""
    return {lang: TEXT("ai_turn", lang, **_turn_words(t, lang)) for lang in ("en", "zh-TW")}


def state_label(state: Any, action: Action, lang: str) -> str:
    """An action's label where it is legal (meeple.core.labels): what the action does
    there and what it costs (a move's silver, a primary action's payment, a hire's
    price; issue 34: "a full lap silently took 6 of 7 silver"), a move with what the
    primary action there would give, a card's option by its printed words."""
    return _told(state, action, lang, TEXT)


def log_label(before: Any, action: Action, actor: int | None, lang: str) -> str:
    """A log line's words (meeple.core.labels.seen_label): what :func:`state_label` says,
    told in the third person of whoever took the action ("discards Lender from their
    hand", "moves to outer space 4, paying 2 silver"), so that no viewer reads somebody
    else's move as their own; in solo, then each AI turn the action ran (or resumed).

    For the log only: the AI's turn is public once it happened (its schemes and moves
    are drawn for everyone), a secret before. It is read off a copy of the state with
    the action applied, as the rules' own ``reveals_information`` does.
    """
    label = _told(before, action, lang, LOG)
    for turn in _ai_turns(before, action, actor):
        label = LOG("log_ai", lang, label=label, **_turn_words(turn, lang))
    return label


def log_says_more(before: Any, action: Action, actor: int | None) -> bool:
    """Whether the log line of one's own action tells what the rules did without asking:
    in solo, an AI turn it ran (meeple.core.labels.says_more; the terminal prints it).
    Telling the action itself in the third person is no news to its actor."""
    return bool(_ai_turns(before, action, actor))


def _ai_turns(before: Any, action: Action, actor: int | None) -> list[dict[str, Any]]:
    """Each AI turn ``action`` ran or resumed (solo.turn_record), read off a copy of the
    state with the action applied; none with more than one player."""
    if before.ai < 0:
        return []
    after = before.clone()
    after.apply_unchecked(action, actor)
    start = max(0, len(before.ai_log) - 1)
    return [
        solo.turn_record(after.ai_log[i])
        for i in range(start, len(after.ai_log))
        if i >= len(before.ai_log) or before.ai_log[i] != after.ai_log[i]
    ]


def _told(s: Any, action: Action, lang: str, T: Strings) -> str:
    """``action`` where it is legal (or was taken) in ``s``, in table ``T``'s words."""
    d = dec.top(s.decisions)
    if d is not None:  # an answer to a decision: its kind's words (decisions.KINDS)
        said = s.KINDS.label(s, d, action, lang, T is LOG)
        return action_words(action, lang, T) if said is None else str(said)
    if s.is_terminal():
        return action_words(action, lang, T)
    seat = s.turn().seats[0]
    if isinstance(action, PickPair) and 0 <= action.index < len(s.pairs):
        number_idx, hero = s.pairs[action.index]
        if number_idx >= 0:
            return T(
                "pair_named",
                lang,
                index=action.index + 1,
                hero=card_name(hero, lang),
                number=PLAYER_CARDS[number_idx].number,
            )
    if isinstance(action, Play) and T is TEXT:
        return T("play_moves", lang, card=card_name(action.card, lang), n=CARDS[action.card].silver)
    if isinstance(action, Move):
        key = "lap" if action.space == s.viscount[seat] else "move"
        label = T(key, lang, space=space_name(action.space, lang))
        label += _cost(T, lang, [(costs.move_cost(s, seat, action.space), 0, 0, 0)])
        if T is TEXT:  # the choice: what the primary action there would give
            label = T("preview", lang, label=label, what=space_words(s, seat, action.space, lang))
        return label
    if type(action) in costs.KIND:
        dm = costs.dismissed(s, seat, action)
        named = T("dismissing_named", lang, card=card_name(dm, lang)) if dm >= 0 else None
        if dm >= 0 and getattr(action, "dismiss", 0) > 1:  # from another segment (GoG)
            far = action.dismiss - 1  # type: ignore[attr-defined]
            named = T("dismissing_far", lang, card=card_name(dm, lang), position=far)
        label = action_words(action, lang, T, named)
        if isinstance(action, Trade):
            label = T("gives", lang, label=label, what=_exchange_gain(s, seat, action.uses, lang))
        return label + _cost(T, lang, costs.primary_plans(s, seat, action))
    if isinstance(action, HireOrder):  # the grey column in the recruit phase: its price
        return action_words(action, lang, T) + _cost(T, lang, [(ORDER_PRICE, 0, 0, 0)])
    if isinstance(action, Hire) and action.take:
        pile = s.piles[position(s.viscount[seat])]
        if pile:
            card = pile[-1]
            label = T("hire_named", lang, card=card_name(card, lang))
            return label + _cost(T, lang, [(CARDS[card].silver, 0, 0, 0)])
    return action_words(action, lang, T)


def _cost(T: Strings, lang: str, plans: Sequence[tuple[int, ...]]) -> str:
    """What a choice spends, after its label: " (costs 2 silver)", " (free)"; with several
    ways to pay, the menu lists them (the seat is asked next) and the log says nothing
    here (the payment is its own line)."""
    if len(plans) == 1:
        plan = plans[0]
        return T("costs", lang, what=plan_words(plan, lang)) if any(plan) else T("free_cost", lang)
    if not plans or T is LOG:
        return ""
    said = [plan_words(p, lang) for p in plans[:3]]
    listed = T("pay_or", lang).join(said)
    if len(plans) > 3:
        listed = T("pay_more", lang, shown=T("pay_or", lang).join(said[:2]), n=len(plans) - 2)
    return T("pay_later", lang, plans=listed)


def _exchange_gain(s: Any, seat: int, uses: int, lang: str) -> str:
    """What ``uses`` trades at the seat's exchange give ("+2 ink", "flip 2 debts or deeds")."""
    kind = s.exchange(seat)
    if kind in ("silver", "destroy", "flip"):
        return TEXT(f"ex_{kind}", lang, n=uses)
    return TEXT("ex_resource", lang, n=uses, item=item(kind, lang))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


_ = ICONS


#: How a game ended, for the result box (``end_label``), in both languages.
END = Strings(
    {
        "en": {
            "poverty": "Poverty was uncovered: that round and one more were played.",
            "prosperity": "Prosperity was uncovered: that round and one more were played.",
            "both": "Poverty and Prosperity were both uncovered: that round and one more "
            "were played.",
            "round_cap": "The round cap ({n} rounds, a designed limit) ended the game.",
            "solo_won": "You scored {me} against the AI's {ai}: you won.",
            "solo_lost": "You scored {me} against the AI's {ai}: you lost (you must outscore it).",
            "solo_won_of": "{name} scored {me} against the AI's {ai}: a win.",
            "solo_lost_of": "{name} scored {me} against the AI's {ai}: a loss "
            "(the AI must be outscored).",
        },
        "zh-TW": {
            "poverty": "貧困牌翻開了：打完那一輪，再多打一輪。",
            "prosperity": "繁榮牌翻開了：打完那一輪，再多打一輪。",
            "both": "貧困與繁榮牌都翻開了：打完那一輪，再多打一輪。",
            "round_cap": "到達輪數上限（{n} 輪，本平台設計的限制），對局到此為止。",
            "solo_won": "你得 {me} 分，AI 得 {ai} 分：你贏了。",
            "solo_lost": "你得 {me} 分，AI 得 {ai} 分：你輸了（必須比它分數高）。",
            "solo_won_of": "{name}得 {me} 分，AI 得 {ai} 分：獲勝。",
            "solo_lost_of": "{name}得 {me} 分，AI 得 {ai} 分：落敗（必須比 AI 分數高）。",
        },
    }
)


def rivals(state: Any) -> dict[str, Any] | None:
    """Solo: the AI opponent as a row of the result, ranked with the player (meeple.core.
    labels.rivals). The player ranks first only by outscoring it (a tie is the AI's)."""
    if state.ai < 0:
        return None
    won = state.solo_won()
    return {
        "rivals": [
            {
                "name": {lang: TEXT("ai_opponent", lang) for lang in ("en", "zh-TW")},
                "score": state.ai_score(),
                "rank": 2 if won else 1,
            }
        ],
        "seat_ranks": [1 if won else 2],
    }


def end_label(state: Any, lang: str, names: Sequence[str] | None) -> str:
    """Which card started the end (Poverty, Prosperity or both), or the designed round cap;
    in solo, then the result against the AI with both scores: of the seat by its name
    when ``names`` are given (the page's "Ann", a spectator reading it too; the
    terminal's "player 1 (you)"), else to "you"."""
    why = _why(state, lang)
    if state.ai < 0:
        return why
    key = "solo_won" if state.solo_won() else "solo_lost"
    sep = "" if lang == "zh-TW" else " "
    me, ai = _num(state.scores()[0]), _num(state.ai_score())
    if names:
        return why + sep + END(f"{key}_of", lang, name=names[0], me=me, ai=ai)
    return why + sep + END(key, lang, me=me, ai=ai)


def _why(state: Any, lang: str) -> str:
    if not state.final_round():  # the cap came first (a card may be up, its round not reached)
        return END("round_cap", lang, n=int(RULES["round_cap"]))
    if state.poverty and state.prosperity:
        return END("both", lang)
    if state.poverty:
        return END("poverty", lang)
    if state.prosperity:
        return END("prosperity", lang)
    return END("round_cap", lang, n=int(RULES["round_cap"]))


#: The game's vocabulary (meeple.core.vocabulary): what its options and their values
#: are called, ``<option>``, ``<option>.help`` and ``<option>.<value>``. The server sends
#: them with the game, the lobby and the terminal show them.
OPTION_WORDS = Strings(
    {
        "en": {
            "second_under_3": "8 VP for second place with 1-2 players",
            "second_under_3.help": "the majorities' second place scores with fewer than 3 players too (the seed's reading; the rulebook says not)",
            "difficulty": "Solo: the AI's strength",
            "difficulty.help": "how strong the AI opponent is in a solo game: the harder, the more of its stronger future schemes start in its deck",
            "difficulty.easy": "easy",
            "difficulty.normal": "normal",
            "difficulty.hard": "hard",
            "difficulty.expert": "expert",
            "opponent": "Solo: the AI's focus",
            "opponent.help": "the AI opponent's focus board in a solo game: what it is best at, or one drawn at random",
            "opponent.random": "at random",
            "opponent.cleric": "the Abbess (manuscripts)",
            "opponent.builder": "the Master Mason (buildings)",
            "opponent.noble": "the Courtier (castle)",
            "opponent.merchant": "the Banker (trade)",
            "gates_of_gold": "Gates of Gold",
            "gates_of_gold.help": "the first expansion: King's Orders, outsiders and the new townsfolk, heroes and manuscripts",
            "keeper_of_keys": "Keeper of Keys",
            "keeper_of_keys.help": "the second expansion: public buildings, chest tiles, the hero display and the new townsfolk and heroes",
        },
        "zh-TW": {
            "second_under_3": "1-2 人時也給第二名 8 分",
            "second_under_3.help": "少於 3 人時多數獎勵的第二名也得分（依本平台規則來源；規則書說不給）",
            "difficulty": "單人：AI 的強度",
            "difficulty.help": "單人遊戲中 AI 對手有多強：越難，它一開始牌堆裡的強力未來計謀越多",
            "difficulty.easy": "簡單",
            "difficulty.normal": "普通",
            "difficulty.hard": "困難",
            "difficulty.expert": "專家",
            "opponent": "單人：AI 的專長",
            "opponent.help": "單人遊戲中 AI 對手的專長板：它最擅長的事，或隨機抽一張",
            "opponent.random": "隨機",
            "opponent.cleric": "女修道院長（手抄本）",
            "opponent.builder": "石匠大師（建築）",
            "opponent.noble": "朝臣（城堡）",
            "opponent.merchant": "銀行家（交易）",
            "gates_of_gold": "輝煌拱門",
            "gates_of_gold.help": "第一個擴充：國王命令、外來者，以及新的居民、英雄與手抄本",
            "keeper_of_keys": "守衛密鑰",
            "keeper_of_keys.help": "第二個擴充：公共建築、寶箱板塊、英雄展示區，以及新的居民與英雄",
        },
    }
)
