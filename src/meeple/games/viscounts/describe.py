"""Viscounts' effect programs in words, English and Traditional Chinese.

A card's effect, a choice's options, a spot's reward, a collision's gains
are all programs in the effect language (data.toml); this module reads a
program and says what it does, so a card's words are never written twice
and an expansion's cards get words for free. The browser shows these
sentences (through the view: ``decision.options``, the pairs at setup, the
move preview) and the terminal prints them; neither shows a verb's name.

It imports nothing of the game: the cards it words are given to it (a
``components.Card``, not its number), so components.py can put every card's
words in the browser's table (``client_components``) without an import circle.
"""

from __future__ import annotations

import re
from typing import Any

from meeple.core.effect_words import say_control, words_with_control
from meeple.core.i18n import LANGUAGES, Strings

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "gain": "+{n} {item}",
        "pay": "pay {n} {item}",
        "item.silver": "silver",
        "item.ink": "ink",
        "item.gold": "gold",
        "item.stone": "stone",
        "item.virtue": "virtue",
        "item.corruption": "corruption",
        "item.debt": "debt",
        "item.deed": "deed",
        "item.vp": "VP",
        "resource": "{n} resources of your choice",
        "resource.one": "1 resource of your choice",
        "flip.either": "flip a debt or a deed",
        "flip.debt": "flip a debt",
        "flip.deed": "flip a deed",
        "rearrange": "rearrange the cards on your board",
        "discard": "discard {n} cards",
        "discard.one": "discard 1 card",
        "destroy": "destroy {n} cards",
        "destroy.one": "destroy 1 card",
        "trade_destroy": "destroy up to {n} cards, each paying its silver",
        "trade_destroy.one": "destroy 1 card, paying its silver",
        "free_hire": "hire a visible townsfolk for free",
        "shuffle": "shuffle your discards into your draw pile",
        "castle_move": "move a castle worker to a neighbouring section",
        "free_build": "build a {kind} for free {where}",
        "free_build.any": "building",
        "worker": "place a worker in the castle {where}",
        "free_manuscript": "take a manuscript for free {where}",
        "where.here": "here",
        "where.anywhere": "anywhere",
        "castle": "the castle settles",
        "bumps": "crowded castle sections are bumped",
        "deal": "shuffle your deck and draw 3",
        "if.criminal": "if you show a criminal: {then}",
        "if.no_criminal": "if you show no criminal: {then}",
        "q.criminals": "your criminal icons",
        "q.icons": "{kind} icon on your cards",
        "q.buildings": "building you have built",
        "q.buildings.kind": "{kind} you have built",
        "q.flipped.debt": "debt you have paid",
        "q.flipped.deed": "deed you have approved",
        "q.workers": "worker in the castle",
        "q.tier": "worker on tier {n}",
        "q.manuscripts": "manuscript you transcribed",
        "q.approved_deeds": "approved deed",
        "icon.merchant": "merchant",
        "icon.builder": "builder",
        "icon.noble": "noble",
        "icon.cleric": "cleric",
        "icon.criminal": "criminal",
        "workshop": "workshop",
        "trading_post": "trading post",
        "guildhall": "guildhall",
        "join": ", ",
        "src.collision": "the collision",
        "src.landed": "a viscount landed on yours",
        "src.trade": "the trade",
        "src.build": "the building",
        "src.workers": "the castle",
        "src.transcribe": "the manuscript",
        "src.player_card": "player card {n}",
        "src.bump": "a bumped worker",
        "src.pay_trade": "the trade action",
        "src.pay_build": "the build action",
        "src.pay_workers": "placing workers in the castle",
        "src.pay_transcribe": "transcribing the manuscript",
        # Gates of Gold
        "kings_order": "take {n} King's Orders",
        "kings_order.one": "take a King's Order",
        "welcome": "welcome an outsider",
        "refuse": "refuse an outsider",
        "draw": "draw {n} cards",
        "draw.one": "draw 1 card",
        "wild_ribbon": "pick the wild manuscript's ribbon",
        "shed_debts": "return {n} unpaid debts",
        "approved_deed": "gain an approved deed",
        "game_over": "the game ends",
        "q.own_links": "link with your buildings at both ends",
        "q.castle_majorities": "castle section where your tier 1-2 workers outnumber each rival's",
        "q.resources_left": "{per} resources you have left",
        "q.resources_left.one": "resource you have left",
        "q.castle_tier": "{per} workers on tier {tier}",
        "q.castle_tier.one": "worker on tier {tier}",
        "q.segments_built": "board segment with a building of yours",
        "q.unpaid_debts": "unpaid debt",
        "q.ribbon": "{colour} ribbon you have",
        "q.full_sets": "set of all four ribbons",
        "q.outsiders": "outsider you own",
        "q.orders_owned": "King's Order you own",
        "ribbon.grey": "grey",
        "ribbon.black": "black",
        "ribbon.yellow": "yellow",
        "ribbon.blue": "blue",
        "src.game_end": "the end of the game",
        "free_manuscript.costs": "take a manuscript costing {costs} for free {where}",
        "or_cost": " or ",
        "src.grey_column": "the grey column",
        "src.column_black": "the black column",
        "src.column_blue": "the blue column",
        "src.column_yellow": "the yellow column",
        "pay_resource": "pay {n} resources of your choice",
        "pay_resource.one": "pay 1 resource of your choice",
        # Keeper of Keys
        "gain_hero": "take a face-up hero",
        "chest": "take a face-up chest tile",
        "act.trade": "do a trade action now",
        "act.transcribe": "do a transcribe action now",
        "move_on": "move your viscount 1 or 2 more spaces",
        "chest_boost": "use a chest tile's icons",
        "q.chests": "chest tile you have",
    },
    "zh-TW": {
        "gain": "+{n} {item}",
        "pay": "支付 {n} {item}",
        "item.silver": "銀幣",
        "item.ink": "墨水瓶",
        "item.gold": "黃金",
        "item.stone": "石頭",
        "item.virtue": "美德",
        "item.corruption": "墮落",
        "item.debt": "債務",
        "item.deed": "地契",
        "item.vp": "分",
        "resource": "{n} 個任選資源",
        "resource.one": "1 個任選資源",
        "flip.either": "翻面 1 張債務或地契",
        "flip.debt": "翻面 1 張債務",
        "flip.deed": "翻面 1 張地契",
        "rearrange": "重新排列圖板上的卡牌",
        "discard": "棄掉 {n} 張牌",
        "discard.one": "棄掉 1 張牌",
        "destroy": "摧毀 {n} 張牌",
        "destroy.one": "摧毀 1 張牌",
        "trade_destroy": "摧毀至多 {n} 張牌，每張換得其銀幣值",
        "trade_destroy.one": "摧毀 1 張牌，換得其銀幣值",
        "free_hire": "免費僱用一名看得見的居民",
        "shuffle": "把棄牌洗入抽牌堆",
        "castle_move": "把城堡中 1 名工人移到相鄰的區域",
        "free_build": "{where}免費建造 1 座{kind}",
        "free_build.any": "建築",
        "worker": "{where}放 1 名工人到城堡",
        "free_manuscript": "{where}免費拿取 1 份手抄本",
        "where.here": "在這裡",
        "where.anywhere": "在任何地方",
        "castle": "城堡結算",
        "bumps": "擠滿的城堡區域撞掉工人",
        "deal": "洗牌並抽 3 張",
        "if.criminal": "若你有罪犯：{then}",
        "if.no_criminal": "若你沒有罪犯：{then}",
        "q.criminals": "你的罪犯圖示",
        "q.icons": "你卡牌上的{kind}圖示",
        "q.buildings": "你蓋的建築",
        "q.buildings.kind": "你蓋的{kind}",
        "q.flipped.debt": "你償還的債務",
        "q.flipped.deed": "你批准的地契",
        "q.workers": "城堡中的工人",
        "q.tier": "第 {n} 層的工人",
        "q.manuscripts": "你抄錄的手抄本",
        "q.approved_deeds": "已批准的地契",
        "icon.merchant": "商人",
        "icon.builder": "建築工",
        "icon.noble": "貴族",
        "icon.cleric": "牧師",
        "icon.criminal": "罪犯",
        "workshop": "工坊",
        "trading_post": "貿易站",
        "guildhall": "市政廳",
        "join": "、",
        "src.collision": "碰撞",
        "src.landed": "有子爵停在你的格子上",
        "src.trade": "交易",
        "src.build": "建築",
        "src.workers": "城堡",
        "src.transcribe": "手抄本",
        "src.player_card": "玩家卡 {n}",
        "src.bump": "被撞掉的工人",
        "src.pay_trade": "交易行動",
        "src.pay_build": "建造行動",
        "src.pay_workers": "放工人進城堡",
        "src.pay_transcribe": "抄錄手抄本",
        # 輝煌拱門
        "kings_order": "拿取 {n} 張國王命令",
        "kings_order.one": "拿取 1 張國王命令",
        "welcome": "歡迎 1 名外來者",
        "refuse": "拒絕 1 名外來者",
        "draw": "抽 {n} 張牌",
        "draw.one": "抽 1 張牌",
        "wild_ribbon": "選定萬用手抄本的綬帶顏色",
        "shed_debts": "歸還 {n} 張未償還的債務",
        "approved_deed": "獲得 1 張已批准的地契",
        "game_over": "遊戲結束",
        "q.own_links": "兩端都是你建築的連接",
        "q.castle_majorities": "你第 1、2 層工人多於每位對手的城堡區域",
        "q.resources_left": "你剩下的每 {per} 個資源",
        "q.resources_left.one": "你剩下的資源",
        "q.castle_tier": "第 {tier} 層每 {per} 名工人",
        "q.castle_tier.one": "第 {tier} 層的工人",
        "q.segments_built": "有你建築的圖板區塊",
        "q.unpaid_debts": "未償還的債務",
        "q.ribbon": "你的{colour}綬帶",
        "q.full_sets": "四色齊全的綬帶組",
        "q.outsiders": "你擁有的外來者",
        "q.orders_owned": "你擁有的國王命令",
        "ribbon.grey": "灰色",
        "ribbon.black": "黑色",
        "ribbon.yellow": "黃色",
        "ribbon.blue": "藍色",
        "src.game_end": "遊戲結束",
        "free_manuscript.costs": "{where}免費拿取 1 份費用為 {costs} 的手抄本",
        "or_cost": " 或",
        "src.grey_column": "灰色欄位",
        "src.column_black": "黑色欄位",
        "src.column_blue": "藍色欄位",
        "src.column_yellow": "黃色欄位",
        "pay_resource": "支付 {n} 個任選資源",
        "pay_resource.one": "支付 1 個任選資源",
        # 守衛密鑰
        "gain_hero": "拿取 1 張正面朝上的英雄",
        "chest": "拿取 1 片正面朝上的寶箱板塊",
        "act.trade": "立即執行交易行動",
        "act.transcribe": "立即執行抄錄行動",
        "move_on": "子爵再移動 1 或 2 格",
        "chest_boost": "使用寶箱板塊的圖示",
        "q.chests": "自己的寶箱板塊",
    },
}
#: The reader's words: the game's verbs over the core's control words.
WORDS = words_with_control(_WORDS)

#: The same words told of another player (a log line, "Ann: chooses ..."): the third
#: person wherever the reader's words say "you" (issue 34: no viewer reads somebody
#: else's move as their own).
_TOLD: dict[str, dict[str, str]] = {
    "en": {
        "resource": "{n} resources of their choice",
        "resource.one": "1 resource of their choice",
        "rearrange": "rearrange the cards on their board",
        "shuffle": "shuffle their discards into their draw pile",
        "deal": "shuffle their deck and draw 3",
        "if.criminal": "if they show a criminal: {then}",
        "if.no_criminal": "if they show no criminal: {then}",
        "q.criminals": "their criminal icons",
        "q.icons": "{kind} icon on their cards",
        "q.buildings": "building they have built",
        "q.buildings.kind": "{kind} they have built",
        "q.flipped.debt": "debt they have paid",
        "q.flipped.deed": "deed they have approved",
        "q.manuscripts": "manuscript they transcribed",
        "q.own_links": "link with their buildings at both ends",
        "q.castle_majorities": "castle section where their tier 1-2 workers outnumber each rival's",
        "q.resources_left": "{per} resources they have left",
        "q.resources_left.one": "resource they have left",
        "q.segments_built": "board segment with a building of theirs",
        "q.ribbon": "{colour} ribbon they have",
        "q.outsiders": "outsider they own",
        "q.orders_owned": "King's Order they own",
        "pay_resource": "pay {n} resources of their choice",
        "pay_resource.one": "pay 1 resource of their choice",
        "move_on": "move their viscount 1 or 2 more spaces",
        "q.chests": "chest tile they have",
    },
    "zh-TW": {
        "if.criminal": "若自己有罪犯：{then}",
        "if.no_criminal": "若自己沒有罪犯：{then}",
        "q.criminals": "自己的罪犯圖示",
        "q.icons": "自己卡牌上的{kind}圖示",
        "q.buildings": "自己蓋的建築",
        "q.buildings.kind": "自己蓋的{kind}",
        "q.flipped.debt": "自己償還的債務",
        "q.flipped.deed": "自己批准的地契",
        "q.manuscripts": "自己抄錄的手抄本",
        "q.own_links": "兩端都是自己建築的連接",
        "q.castle_majorities": "自己第 1、2 層工人多於每位對手的城堡區域",
        "q.resources_left": "自己剩下的每 {per} 個資源",
        "q.resources_left.one": "自己剩下的資源",
        "q.segments_built": "有自己建築的圖板區塊",
        "q.ribbon": "自己的{colour}綬帶",
        "q.outsiders": "自己擁有的外來者",
        "q.orders_owned": "自己擁有的國王命令",
        "move_on": "自己的子爵再移動 1 或 2 格",
    },
}
TOLD = words_with_control({lang: {**_WORDS[lang], **_TOLD[lang]} for lang in LANGUAGES}, told=True)

#: What a card does, part by part ("card" words: :func:`card_words`).
CARD = Strings(
    {
        "en": {
            "play": "when played: {what}",
            "leave": "when it leaves the board: {what}",
            "hire": "hired or dismissed: {what}",
            "after_trade": "on the board, after each trade: {what}",
            "after_build": "on the board, after each building: {what}",
            "after_workers": "on the board, after placing workers: {what}",
            "after_transcribe": "on the board, after each manuscript: {what}",
            "on_collision": "on the board, at a collision: {what}",
            "on_flip_debt": "on the board, when a debt is paid: {what}",
            "on_gain_debt": "on the board, when a debt is gained: {what}",
            "on_hire": "on the board, whenever you hire: {what}",
            "on_order": "each King's Order you gain: {what}",
            "on_welcome": "each outsider you welcome: {what}",
            "on_refuse": "each outsider you refuse: {what}",
            "on_hero": "each hero you gain or destroy: {what}",
            "removed": "then it leaves the game",
            "criminals": "a permanent criminal icon",
            "ignore_criminal": "at every collision, ignore {n} of your criminal icons",
            "public": "public building over your {building}: {cost} builder icons, {vp} VP",
            "built": "when built: {what}",
            "merchants": "+{n} merchant icons",
            "needs.order": "while a King's Order is on your board: {what}",
            "needs.outsider": "while an outsider is on your board: {what}",
            "bonus.diversified": "{vp} VP; first to have built all three kinds of building",
            "bonus.specialized": "{vp} VP; first to have built three of one kind",
            "leader": "castle leader: {vp} VP",
            "on_board": "on the board, ",
            "on_flip_deed": "on the board, when a deed is approved: {what}",
            "extra_moves": "on the board, your viscount may move {n} more space(s) for free",
            "hand_limit": "on the board, hand limit +{n}",
            "dismiss_anywhere": "on the board, you may dismiss a townsfolk of any segment",
            "gain": "when taken: {what}",
            "supply": "leaving a board or destroyed, it goes back to the King's Orders",
            "destroyed": "destroyed from your hand: {what}",
            "at_end": "at the end, before scoring: {what}",
            "end": "scores at the end: {what}",
            "extra_ribbon": "scores at the end as one more ribbon of the colour you pick",
            "refuse": "refused: {what}",
            "convert": "on the board, {action}: may pay {per} {pay} for {icons} {icon}(s){once}",
            "chest.enters": "a card with a {needs} enters: {what}",
            "chest.enters_n": "a card with {n} or more {needs}s enters: {what}",
            "chest.counts": "one {needs} may count as {icons} this turn",
            "chest.icon": "a {icon}",
            "chest.icons": "{n} {icon}s",
            "chest.and": " and ",
            "convert.pair": "on the board, {action}: each 2 merchants on the board count "
            "as 1 {icon}",
            "once": " (once an action)",
            "a.trade": "trading",
            "a.build": "building",
            "a.workers": "placing workers",
            "a.transcribe": "transcribing",
            "pay.silver": "silver",
            "pay.ink": "ink",
            "pay.gold": "gold",
            "pay.stone": "stone",
            "pay.stone_or_gold": "stone or gold",
            "join": "; ",
            "nothing": "no effect",
        },
        "zh-TW": {
            "play": "打出時：{what}",
            "leave": "離開圖板時：{what}",
            "hire": "僱用或遣散時：{what}",
            "after_trade": "在圖板上時，每次交易後：{what}",
            "after_build": "在圖板上時，每次建造後：{what}",
            "after_workers": "在圖板上時，放置工人後：{what}",
            "after_transcribe": "在圖板上時，每次抄錄後：{what}",
            "on_collision": "在圖板上時，碰撞時：{what}",
            "on_flip_debt": "在圖板上時，每償還 1 張債務：{what}",
            "on_gain_debt": "在圖板上時，每獲得 1 張債務：{what}",
            "on_hire": "在圖板上時，每次僱用：{what}",
            "on_order": "每獲得 1 張國王命令：{what}",
            "on_welcome": "每歡迎 1 名外來者：{what}",
            "on_refuse": "每拒絕 1 名外來者：{what}",
            "on_hero": "每獲得或摧毀 1 張英雄：{what}",
            "removed": "之後移出遊戲",
            "criminals": "1 個永久的罪犯圖示",
            "ignore_criminal": "每次碰撞時，無視自己的 {n} 個罪犯圖示",
            "public": "蓋在自己的{building}上的公共建築：{cost} 個建築工圖示，{vp} 分",
            "built": "建造時：{what}",
            "merchants": "+{n} 個商人圖示",
            "needs.order": "圖板上有國王命令時：{what}",
            "needs.outsider": "圖板上有外來者時：{what}",
            "bonus.diversified": "{vp} 分；率先建造出 3 種不同建築的玩家獲得",
            "bonus.specialized": "{vp} 分；率先建造出 3 座相同建築的玩家獲得",
            "leader": "城堡領袖：{vp} 分",
            "on_board": "在圖板上時，",
            "on_flip_deed": "在圖板上時，每批准 1 張地契：{what}",
            "extra_moves": "在圖板上時，子爵可免費多移動 {n} 格",
            "hand_limit": "在圖板上時，手牌上限 +{n}",
            "dismiss_anywhere": "在圖板上時，可遣散任何區塊的居民",
            "gain": "獲得時：{what}",
            "supply": "離開圖板或被摧毀時，回到國王命令牌堆",
            "destroyed": "從手牌摧毀時：{what}",
            "at_end": "遊戲結束、計分前：{what}",
            "end": "遊戲結束時計分：{what}",
            "extra_ribbon": "遊戲結束時，算作 1 個你選定顏色的綬帶",
            "refuse": "被拒絕時：{what}",
            "convert": "在圖板上時，{action}時可用 {per} {pay}當 {icons} 個{icon}{once}",
            "chest.enters": "有{needs}的卡牌進入：{what}",
            "chest.enters_n": "有 {n} 個以上{needs}的卡牌進入：{what}",
            "chest.counts": "本回合 1 個{needs}可當作 {icons}",
            "chest.icon": "1 個{icon}",
            "chest.icons": "{n} 個{icon}",
            "chest.and": "與 ",
            "convert.pair": "在圖板上時，{action}時圖板上每 2 個商人可當 1 個{icon}",
            "once": "（每次行動一次）",
            "a.trade": "交易",
            "a.build": "建造",
            "a.workers": "放置工人",
            "a.transcribe": "抄錄",
            "pay.silver": "銀幣",
            "pay.ink": "墨水瓶",
            "pay.gold": "黃金",
            "pay.stone": "石頭",
            "pay.stone_or_gold": "石頭或黃金",
            "join": "；",
            "nothing": "沒有效果",
        },
    }
)


def item(name: str, lang: str) -> str:
    """A ledger item's name (silver, ink, ..., VP)."""
    return WORDS(f"item.{name}", lang)


def count_words(count: Any, lang: str, T: Strings = WORDS) -> str:
    """A count of the effect language: a number, or a query said as what it counts
    (in the words of table ``T``: :data:`WORDS` to the reader, :data:`TOLD` of another)."""
    if isinstance(count, int):
        return str(count)
    query, *args = count if isinstance(count, (list, tuple)) else (count,)
    if query == "icons":
        return T("q.icons", lang, kind=T(f"icon.{args[0]}", lang))
    if query == "buildings":
        if args:
            return T("q.buildings.kind", lang, kind=T(str(args[0]), lang))
        return T("q.buildings", lang)
    if query == "flipped":
        return T(f"q.flipped.{args[0]}", lang)
    if query == "tier":
        return T("q.tier", lang, n=args[0])
    if query == "resources_left":
        per = int(args[0]) if args else 1
        return T("q.resources_left.one" if per == 1 else "q.resources_left", lang, per=per)
    if query == "castle_tier":
        per = int(args[1]) if len(args) > 1 else 1
        key = "q.castle_tier.one" if per == 1 else "q.castle_tier"
        return T(key, lang, tier=args[0], per=per)
    if query == "ribbon":
        return T("q.ribbon", lang, colour=T(f"ribbon.{args[0]}", lang))
    return T(f"q.{query}", lang)


def effect_words(eff: Any, lang: str, T: Strings = WORDS) -> str:
    """One effect ``(verb, *args)`` in words."""
    verb, *args = eff
    if verb in ("gain", "pay"):
        return T(verb, lang, n=count_words(args[1], lang, T), item=item(args[0], lang))
    if verb in (
        "resource",
        "discard",
        "destroy",
        "trade_destroy",
        "kings_order",
        "draw",
        "pay_resource",
    ):
        n = count_words(args[0], lang, T)
        return T(f"{verb}.one" if n == "1" else verb, lang, n=n)
    if verb == "shed_debts":
        return T(verb, lang, n=count_words(args[0], lang, T))
    if verb == "flip":
        return T(f"flip.{args[0]}", lang)
    if verb == "free_build":
        kind = T("free_build.any", lang) if args[0] == "any" else T(str(args[0]), lang)
        return T("free_build", lang, kind=kind, where=T(f"where.{args[1]}", lang))
    if verb == "free_manuscript" and len(args) > 1:  # Gates of Gold: of these costs only
        costs = T("or_cost", lang).join(str(c) for c in args[1:])
        return T("free_manuscript.costs", lang, where=T(f"where.{args[0]}", lang), costs=costs)
    if verb == "act":  # Keeper of Keys: a primary action now
        return T(f"act.{args[0]}", lang)
    if verb in ("worker", "free_manuscript"):
        return T(verb, lang, where=T(f"where.{args[0]}", lang))
    if verb == "if":
        (left, op, right), then, *other = args
        said = _criminal_test(left, op, right)
        if said:
            out = T(said, lang, then=program_words(then, lang, T))
            if other:
                out += T("else", lang, other=program_words(other[0], lang, T))
            return out
    control = say_control(
        eff,
        lang,
        T,
        lambda prog: program_words(prog, lang, T),
        lambda count: count_words(count, lang, T),
    )
    if control is not None:
        return control
    return T(verb, lang)  # the verbs without arguments: rearrange, shuffle, castle, ...


def _criminal_test(left: Any, op: str, right: Any) -> str:
    """The two tests the cards print ("if you show a criminal", "if you show none")."""
    query = left[0] if isinstance(left, (list, tuple)) and left else left
    if query != "criminals":
        return ""
    if (op, right) in ((">=", 1), (">", 0)):
        return "if.criminal"
    if (op, right) in (("==", 0), ("<", 1)):
        return "if.no_criminal"
    return ""


def program_words(prog: Any, lang: str, T: Strings = WORDS) -> str:
    """A whole program in words ("nothing" for an empty one); ``T``: :data:`TOLD` for
    the words told of another player (a log line)."""
    parts = [effect_words(e, lang, T) for e in prog or ()]
    said = T("join", lang).join(parts) if parts else T("nothing", lang)
    # a number after 或 keeps its space, as everywhere in the Chinese text ("或 2 個")
    return _OR_NUMBER.sub("或 ", said) if lang == "zh-TW" else said


_OR_NUMBER = re.compile(r"或(?=[\d+])")


def told_words(prog: Any, lang: str) -> str:
    """:func:`program_words` told of whoever it happened to ("their board")."""
    return program_words(prog, lang, TOLD)


def both(prog: Any) -> dict[str, str]:
    """:func:`program_words` in both languages, as the view sends it."""
    return {lang: program_words(prog, lang) for lang in ("en", "zh-TW")}


def chest_words(t: Any, lang: str) -> str:
    """A Keeper of Keys chest tile (a ``components.Chest``) in words: what the card entering
    the space above it must show, and what it gives then (icons counted this turn in place
    of one of its own, or a reward). Here rather than in text.py because the client
    tables in components.py send it, and text.py reads components.py."""
    needs = WORDS(f"icon.{t.needs_key}", lang)
    if t.boost:
        counts = {key: t.boost_keys.count(key) for key in dict.fromkeys(t.boost_keys)}
        icons = CARD("chest.and", lang).join(
            CARD("chest.icons" if n > 1 else "chest.icon", lang, n=n, icon=WORDS(f"icon.{k}", lang))
            for k, n in counts.items()
        )
        what = CARD("chest.counts", lang, needs=needs, icons=icons)
    else:
        what = program_words(t.gain, lang)
    if t.at_least > 1:
        return CARD("chest.enters_n", lang, n=t.at_least, needs=needs, what=what)
    return CARD("chest.enters", lang, needs=needs, what=what)


def card_words(c: Any, lang: str) -> str:
    """What a townsfolk (a ``components.Card``) does, part by part: when played, its
    ongoing abilities while on the board (a trigger or a "counts as"), when it leaves, and
    when hired or dismissed (the printed card's arrow effects, read from its programs)."""
    parts = []
    if c.play:
        parts.append(CARD("play", lang, what=program_words(c.play, lang)))
    for name, prog in c.triggers:
        parts.append(CARD(name, lang, what=program_words(prog, lang)))
    if c.convert is not None:
        conv = c.convert
        action = CARD(f"a.{conv.action_key}", lang)
        icon = WORDS(f"icon.{conv.icon_key}", lang)
        if conv.pay == "merchant":
            parts.append(CARD("convert.pair", lang, action=action, icon=icon))
        else:
            once = CARD("once", lang) if conv.limit else ""
            parts.append(
                CARD(
                    "convert",
                    lang,
                    action=action,
                    per=conv.per,
                    pay=CARD(f"pay.{conv.pay}", lang),
                    icons=conv.icons,
                    icon=icon,
                    once=once,
                )
            )
    for static in ("extra_moves", "hand_limit"):
        if getattr(c, static, 0):
            parts.append(CARD(static, lang, n=getattr(c, static)))
    if getattr(c, "dismiss_anywhere", False):
        parts.append(CARD("dismiss_anywhere", lang))
    if getattr(c, "kind", "") == "public":  # Keeper of Keys: a public building
        return public_words(c, lang)
    if c.leave:
        said = CARD("leave", lang, what=program_words(c.leave, lang))
        if getattr(c, "removed", False):  # the "remove from game" icon
            said += CARD("join", lang) + CARD("removed", lang)
        parts.append(said)
    if c.hire:
        parts.append(CARD("hire", lang, what=program_words(c.hire, lang)))
    # Gates of Gold: a King's Order's and an outsider's own parts
    for part in ("gain", "destroyed", "at_end", "end", "refuse"):
        prog = getattr(c, part, ())
        if prog:
            parts.append(CARD(part, lang, what=program_words(prog, lang)))
    if getattr(c, "supply", ""):
        parts.append(CARD("supply", lang))
    if getattr(c, "extra_ribbon", False):
        parts.append(CARD("extra_ribbon", lang))
    if getattr(c, "merchants", 0):
        parts.append(CARD("merchants", lang, n=c.merchants))
    if getattr(c, "kind", "") in ("leader", "builder_bonus"):  # held, not on the board
        on_board = CARD("on_board", lang)
        parts = [p.removeprefix(on_board) for p in parts]
    if getattr(c, "kind", "") == "leader":  # a castle leader card: its points first
        return CARD("join", lang).join((CARD("leader", lang, vp=c.vp), *parts))
    if getattr(c, "bonus", ""):  # a builder bonus card: its condition first
        said = CARD("join", lang).join(parts)
        if c.needs:
            said = CARD(f"needs.{c.needs}", lang, what=said)
        return CARD("join", lang).join((CARD(f"bonus.{c.bonus}", lang, vp=c.vp), said))
    return CARD("join", lang).join(parts) if parts else CARD("nothing", lang)


def public_words(c: Any, lang: str) -> str:
    """A public building (Keeper of Keys): over which building, its cost and points,
    what it does when built and from then on (held, not on the board)."""
    building = WORDS(("workshop", "trading_post", "guildhall")[c.building], lang)
    parts = [CARD("public", lang, building=building, cost=c.cost, vp=c.vp)]
    if c.play:
        parts.append(CARD("built", lang, what=program_words(c.play, lang)))
    on_board = CARD("on_board", lang)
    for name, prog in c.triggers:
        parts.append(CARD(name, lang, what=program_words(prog, lang)).removeprefix(on_board))
    if c.criminals:
        parts.append(CARD("criminals", lang))
    if c.ignore_criminal:
        parts.append(CARD("ignore_criminal", lang, n=c.ignore_criminal))
    return CARD("join", lang).join(parts)


def source_words(source: str, lang: str, card: Any = None) -> str:
    """What asks a decision (a card's name, "collision", "player card 3", ...) in words;
    ``card``: the card of that name when it is one (``components.CARD_NAMED``)."""
    if card is not None:
        return str(card.zh if lang == "zh-TW" else card.name)
    if source.startswith("player card "):
        return WORDS("src.player_card", lang, n=source.rsplit(" ", 1)[1])
    key = f"src.{source.replace('-', '_')}"
    if key in WORDS:
        return WORDS(key, lang)
    return ""
