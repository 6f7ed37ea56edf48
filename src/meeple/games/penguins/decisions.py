"""The penguin game's kinds, one row each: every decision a seat answers (its answers,
what an answer does, what it asks in both languages, how an answer reads), every
automatic step, and the chance step that picks who starts. They all live on the
core's stack (:mod:`meeple.core.kinds`), the next one on top, so the rules are one
ordered list of small steps, each pushed by the one before; the functions are in
the module that holds their rule (:mod:`.setup`, :mod:`.flow`, :mod:`.cards`), the
answers' words in :mod:`.asks`.

A row is the core's :class:`~meeple.core.kinds.Kind` with two things only this game
needs: the words of a card's question that name the card (``card_words``: "where #3
Gust moves the piece"), and, for the one decision holding a secret (which hand the
rival hid the penguin in), what a seat may see of it and how a search imagines it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from meeple.core.decisions import Decision
from meeple.core.kinds import Kind, Kinds, step
from meeple.games.penguins import asks, cards, flow, setup
from meeple.games.penguins.state import PenguinData


@dataclass(frozen=True)
class PenguinKind(Kind[Any]):
    """A kind of the penguin game (see the module docstring)."""

    #: what is asked, naming the card whose question it is (``{card}``: ``args[0]``)
    card_words: Mapping[str, str] | None = None
    #: ``seen(d, viewer)``: the args ``viewer`` may see (a secret left out)
    seen: Callable[[Decision, int | None], tuple[Any, ...]] | None = None
    #: ``resample(d, viewer, draw)``: the decision as ``viewer`` may imagine it, the
    #: secret drawn anew with ``draw(n)`` (a number below ``n``)
    resample: Callable[[Decision, int, Callable[[int], int]], Decision] | None = None


def _kind(answers: Any, take: Any, en: str, zh: str, **more: Any) -> PenguinKind:
    return PenguinKind(answers, take, {"en": en, "zh-TW": zh}, **more)


#: Every decision a seat answers, by kind.
DECISIONS: dict[str, PenguinKind] = {
    "scene": _kind(setup._scene_legal, setup._scene_apply, "choose a scene", "選擇場景卡"),
    "freeset": _kind(
        setup._freeset_legal, setup._freeset_apply, "choose a component set", "選擇一組物件"
    ),
    "freeplace": _kind(
        setup._freeplace_legal, setup._freeplace_apply, "place a piece", "放置物件",
        label=asks.freeplace_label,
    ),
    "keep": _kind(setup._keep_legal, setup._keep_apply, "keep a starting card", "選擇起始手牌"),
    "rival": _kind(
        setup._rival_egg_legal, setup._rival_egg_apply, "place a rival egg", "放置對手的蛋",
        label=asks.picks("rival"),
    ),
    "peek": _kind(flow._peek_legal, flow._peek_apply, "keep one card", "選一張加入手牌"),
    "peek_return": _kind(
        flow._peek_return_legal, flow._peek_return_apply,
        "put the other card on top or bottom", "另一張放回牌頂或牌底",
    ),
    "discard": _kind(flow._discard_legal, flow._discard_apply, "discard to the limit", "棄牌至上限"),
    "hole": _kind(
        flow._hole_legal, flow._hole_apply, "jump to another hole?", "是否移到另一個洞穴？",
        label=asks.picks("hole", "hole_pass"),
    ),
    "storm": _kind(
        flow._storm_legal, flow._storm_apply, "where the storm throws the penguin",
        "風暴把企鵝吹到哪裡", label=asks.picks("storm"),
    ),
    "seagull": _kind(
        flow._seagull_legal, flow._seagull_apply, "where the seagull flies", "海鷗飛到哪裡",
        label=asks.picks("seagull"),
    ),
    "krill": _kind(
        flow._krill_legal, flow._krill_apply, "extra egg from krill", "磷蝦的額外蛋",
        label=asks.picks("krill", "krill_pass"),
    ),
    "order": _kind(flow._order_legal, flow._order_apply, "which effect first", "先結算哪個效果"),
    "river_first": _kind(
        flow._river_first_legal, flow._river_first_apply, "which river piece moves first",
        "哪個河流物件先移動", label=asks.picks("river_first"),
    ),
    "river_branch": _kind(
        flow._river_branch_legal, flow._river_branch_apply, "which river branch",
        "選擇河流分支", label=asks.river_branch_label,
    ),
    "blaze": _kind(
        flow._blaze_legal, flow._blaze_apply, "which egg burns", "移除哪顆酷熱旁的蛋",
        label=asks.picks("blaze"),
    ),
    "cancel": _kind(
        cards._cancel_legal, cards._cancel_apply, "cancel the card with #10?",
        "是否打出 #10 取消？", label=asks.cancel_label,
    ),
    "c_point": _kind(
        cards._point_legal, cards._point_apply, "card target", "卡牌目標",
        card_words={"en": "where {card} takes effect", "zh-TW": "{card}的目標"},
        label=asks.point_label,
    ),
    "c_to": _kind(
        cards._to_legal, cards._to_apply, "card destination", "卡牌目的地",
        card_words={"en": "where {card} moves the piece", "zh-TW": "{card}把物件移到哪裡"},
        label=asks.to_label,
    ),
    "c_rival": _kind(
        cards._rival_legal, cards._rival_apply, "rival penguin for card #9", "#9 的對手企鵝",
        label=asks.picks("c_rival"),
    ),
    "c_triangle": _kind(
        cards._triangle_legal, cards._triangle_apply, "triangle area", "三角形區域",
        label=asks.triangle_label,
    ),
    "tailwind": _kind(
        cards._tailwind_legal, cards._tailwind_apply, "extra exploring action", "額外的探索行動"
    ),
    "hide": _kind(cards._hide_legal, cards._hide_apply, "hide the penguin", "把企鵝藏在哪隻手"),
    "guess": _kind(
        cards._guess_legal, cards._guess_apply, "guess a hand", "猜一隻手",
        seen=cards.guess_seen, resample=cards.guess_resampled,
    ),
    "c_place": _kind(
        cards._place_legal, cards._place_apply, "where to put it", "放在哪裡",
        label=asks.place_label,
    ),
}  # fmt: skip

#: Every automatic step, by kind: nobody answers it; the rules run it once it is on top.
STEPS: dict[str, Kind[PenguinData]] = {
    "use_scene": step(setup._use_scene),
    "free_deck": step(setup._free_deck),
    "deal": step(setup._deal),
    "shuffle": step(setup._shuffle),
    "start": step(setup._start),
    "main_done": step(flow._main_done),
    "hand_limit": step(flow._hand_limit),
    "slide": step(flow._slide),
    "lay": step(flow._lay),
    "effects": step(flow._effects),
    "t_seagull": step(flow._seagull),
    "t_tent": step(flow._tent),
    "t_krill": step(flow._krill),
    "t_river": step(flow._river_start),
    "river": step(flow._river),
    "end_turn": step(flow._end_turn),
    "next_turn": step(flow._next_turn),
    "card": step(cards._card),
}

#: The chance step every match begins with: who starts (owed by chance, seat -1).
FIRST = PenguinKind(
    setup._first_answers, setup.begin, {"en": "who starts", "zh-TW": "誰先開始"},
    chance=setup.first_player_chances,
)  # fmt: skip

KINDS: Kinds[Any] = Kinds({**DECISIONS, **STEPS, "first": FIRST})

#: The kinds a seat answers, in the observation tensor's order (one plane each).
PENDING_KINDS = sorted(DECISIONS)
