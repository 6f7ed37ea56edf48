"""The effect language's own words, said once for every game.

:mod:`meeple.core.effects` runs programs whose control words (``choose``,
``may``, ``if``, ``each``, ``others``, ``everyone``, ``as``, ``any_order``)
belong to the core; only the verbs and counts belong to a game. So the
core also says the control words, in both languages, and a game says only
its own verbs: a card of Viscounts and a tile of Unconscious Mind read
"choose one: ..." from the same code, and the next game (or expansion)
that writes programs gets the sentence for its choices for free.

A game builds its word table with :func:`words_with_control`, which puts
the core's control words under the game's own keys; a game that prints its
choices differently (Unconscious Mind's boards say "one of: a / b")
overrides a control word by giving the same key, and the dispatch stays
here. :data:`TOLD_CONTROL` holds the third-person forms a log line needs
("may: ..." where the reader's own card says "you may: ...").

The layout of a whole program (Viscounts joins effects with commas,
Unconscious Mind prints costs, an arrow, then gains) stays the game's:
:func:`say_control` is called for one effect, with the game's own way of
saying a sub-program and a count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meeple.core.effects import ANY_ORDER, CHOOSE, Effect
from meeple.core.i18n import LANGUAGES, Strings

#: The control words of :mod:`meeple.core.effects`, to the reader ("you may").
CONTROL_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "choose": "choose one: {options}",
        "or": " or ",
        "group": "({what})",
        "any_order": "in any order: {what}",
        "any_order.join": ", ",
        "may": "you may: {what}",
        "if": "if {count} {op} {n}: {then}",
        "else": "; otherwise {other}",
        "op.>=": "is at least",
        "op.>": "is more than",
        "op.<=": "is at most",
        "op.<": "is less than",
        "op.==": "is",
        "op.!=": "is not",
        "each": "for each {count}: {what}",
        "times": "{n} times: {what}",
        "others": "each opponent: {what}",
        "everyone": "everyone: {what}",
        "as": "{what}",
        "nothing": "nothing",
    },
    "zh-TW": {
        "choose": "擇一：{options}",
        "or": "或",
        "group": "（{what}）",
        "any_order": "任意順序：{what}",
        "any_order.join": "、",
        "may": "可以：{what}",
        "if": "若{count}{op} {n}：{then}",
        "else": "；否則{other}",
        "op.>=": "至少",
        "op.>": "多於",
        "op.<=": "至多",
        "op.<": "少於",
        "op.==": "等於",
        "op.!=": "不等於",
        "each": "每有 1 個{count}：{what}",
        "times": "{n} 次：{what}",
        "others": "每位對手：{what}",
        "everyone": "每位玩家：{what}",
        "as": "{what}",
        "nothing": "無",
    },
}

#: The control words told of another player (a log line): third person where
#: :data:`CONTROL_WORDS` says "you".
TOLD_CONTROL: dict[str, dict[str, str]] = {
    "en": {"may": "may: {what}"},
    "zh-TW": {},
}

#: The verbs :func:`say_control` says; any other verb is the game's.
CONTROL_VERBS = frozenset((CHOOSE, ANY_ORDER, "may", "if", "each", "others", "everyone", "as"))


def words_with_control(game: Mapping[str, Mapping[str, str]], *, told: bool = False) -> Strings:
    """The game's word table over the core's control words (the game's keys win); with
    ``told`` the third-person control words too, under the game's."""
    return Strings(
        {
            lang: {
                **CONTROL_WORDS[lang],
                **(TOLD_CONTROL[lang] if told else {}),
                **game[lang],
            }
            for lang in LANGUAGES
        }
    )


def say_control(
    eff: Effect,
    lang: str,
    T: Strings,
    program: Callable[[Any], str],
    count: Callable[[Any], str],
) -> str | None:
    """One control-word effect in words, or None when ``eff``'s verb is the game's.

    ``T`` is the game's table (built by :func:`words_with_control`); ``program`` says a
    sub-program and ``count`` a count, both the game's own way and in ``lang``.
    """
    verb, *args = eff
    if verb not in CONTROL_VERBS:
        return None
    if verb in (CHOOSE, ANY_ORDER):
        parts = [
            T("group", lang, what=program(p)) if len(p or ()) > 1 else program(p) for p in args
        ]
        if verb == ANY_ORDER:
            return T("any_order", lang, what=T("any_order.join", lang).join(parts))
        return T("choose", lang, options=T("or", lang).join(parts))
    if verb in ("may", "others", "everyone"):
        return T(verb, lang, what=program(args[0]))
    if verb == "as":
        return T("as", lang, what=program(args[1]))
    if verb == "if":
        (left, op, right), then, *other = args
        out = T(
            "if",
            lang,
            count=count(left),
            op=T(f"op.{op}", lang),
            n=count(right),
            then=program(then),
        )
        if other:
            out += T("else", lang, other=program(other[0]))
        return out
    # each
    what = program(args[1])
    if isinstance(args[0], int):
        return T("times", lang, n=args[0], what=what)
    return T("each", lang, count=count(args[0]), what=what)
