"""core.effect_words: the core says the effect language's control words; a game says its verbs.

A toy game with two verbs (``gain`` of an item, ``draw``) and one query
(``cards``) says programs through :func:`say_control`, in both languages,
to the reader and told of another player; a second table overrides the
layout of a choice the way Unconscious Mind's boards print it.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.effect_words import CONTROL_VERBS, say_control, words_with_control
from meeple.core.i18n import Strings

_GAME = {
    "en": {
        "gain": "+{n} {item}",
        "draw": "draw a card",
        "q.cards": "card in your hand",
        "join": ", ",
    },
    "zh-TW": {"gain": "+{n} {item}", "draw": "抽 1 張牌", "q.cards": "你手上的牌", "join": "、"},
}
WORDS = words_with_control(_GAME)
TOLD = words_with_control(_GAME, told=True)


def say(prog: Any, lang: str, T: Strings = WORDS) -> str:
    """The toy game's program layout: effects joined, "nothing" when empty."""
    parts = [say_effect(e, lang, T) for e in prog]
    return T("join", lang).join(parts) if parts else T("nothing", lang)


def count(c: Any, lang: str, T: Strings) -> str:
    return str(c) if isinstance(c, int) else T(f"q.{c}", lang)


def say_effect(eff: Any, lang: str, T: Strings) -> str:
    said = say_control(eff, lang, T, lambda p: say(p, lang, T), lambda c: count(c, lang, T))
    if said is not None:
        return said
    if eff[0] == "gain":
        return T("gain", lang, n=eff[2], item=eff[1])
    return T(eff[0], lang)


GAIN = ("gain", "silver", 2)
DRAW = ("draw",)


@pytest.mark.parametrize(
    ("prog", "en", "zh"),
    [
        (
            (("choose", (GAIN,), (DRAW, GAIN)),),
            "choose one: +2 silver or (draw a card, +2 silver)",
            "擇一：+2 silver或（抽 1 張牌、+2 silver）",
        ),
        ((("may", (DRAW,)),), "you may: draw a card", "可以：抽 1 張牌"),
        ((("each", 3, (DRAW,)),), "3 times: draw a card", "3 次：抽 1 張牌"),
        (
            (("each", "cards", (GAIN,)),),
            "for each card in your hand: +2 silver",
            "每有 1 個你手上的牌：+2 silver",
        ),
        (
            (("if", ("cards", ">=", 2), (DRAW,), (GAIN,)),),
            "if card in your hand is at least 2: draw a card; otherwise +2 silver",
            "若你手上的牌至少 2：抽 1 張牌；否則+2 silver",
        ),
        ((("others", (DRAW,)),), "each opponent: draw a card", "每位對手：抽 1 張牌"),
        ((("everyone", (DRAW,)),), "everyone: draw a card", "每位玩家：抽 1 張牌"),
        ((("as", 1, (DRAW,)),), "draw a card", "抽 1 張牌"),
        (
            (("any_order", (DRAW,), (GAIN,)),),
            "in any order: draw a card, +2 silver",
            "任意順序：抽 1 張牌、+2 silver",
        ),
        ((("may", ()),), "you may: nothing", "可以：無"),
    ],
)
def test_each_control_word_is_said_by_the_core_in_both_languages(
    prog: Any, en: str, zh: str
) -> None:
    assert say(prog, "en") == en
    assert say(prog, "zh-TW") == zh


def test_a_log_line_tells_the_choice_of_another_player_in_the_third_person() -> None:
    prog = (("may", (DRAW,)),)
    assert say(prog, "en", TOLD) == "may: draw a card"
    assert say(prog, "en", WORDS) == "you may: draw a card"


def test_a_game_verb_is_left_to_the_game() -> None:
    assert say_control(DRAW, "en", WORDS, str, str) is None
    assert "draw" not in CONTROL_VERBS and {"choose", "may", "if", "each"} <= CONTROL_VERBS


def test_a_game_overrides_the_layout_of_a_control_word_and_keeps_the_dispatch() -> None:
    boards = words_with_control(
        {
            "en": {**_GAME["en"], "choose": "one of: {options}", "or": " / ", "group": "{what}"},
            "zh-TW": {
                **_GAME["zh-TW"],
                "choose": "擇一：{options}",
                "or": " / ",
                "group": "{what}",
            },
        }
    )
    prog = (("choose", (GAIN,), (DRAW, GAIN)),)
    assert say(prog, "en", boards) == "one of: +2 silver / draw a card, +2 silver"
    assert say(prog, "en") == "choose one: +2 silver or (draw a card, +2 silver)"


def test_the_two_games_that_write_programs_say_their_choices_through_the_core() -> None:
    """Viscounts and Unconscious Mind keep no control word of their own: their tables
    are built over the core's, and a choice of theirs is said by the core's dispatch."""
    from meeple.games.unconscious import words as um
    from meeple.games.viscounts import describe as vis

    assert vis.program_words((("may", (("gain", "silver", 1),)),), "en") == "you may: +1 silver"
    assert vis.told_words((("may", (("gain", "silver", 1),)),), "en") == "may: +1 silver"
    assert um.program((("choose", (("gain", "coffee", 1),), (("gain", "coffee", 2),)),), "en") == (
        "one of: +1 coffee / +2 coffee"
    )
    for table in (vis.WORDS, um.W):
        for lang in ("en", "zh-TW"):
            assert (
                table("as", lang, what="x") == "x"
            )  # the core's word, present in the game's table
