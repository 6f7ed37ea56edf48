"""What the board shows beside the view: where the inkpot would land (and what it would
trigger) before the player moves it, and why a seat starts with more than the others.
(Every component in words, the browser's static table, is components.client_components.)

The inkpot's landing depends on the action row the ideas point at, the bright
ideas spent, a cured client's ability, and what the landing space then does
with the player's notebook (every tile of a row, an open column, an idea to
unlock, the reputation track): all rules the server already has. The browser
draws the preview from here rather than from a second copy of those rules in
JavaScript, as ICE's dig preview does, and through the core's preview contract
(:mod:`meeple.core.preview`: each choice's child, from the seat's own basis).
Everything read is public (notebooks, the rondel, locked ideas), so it may go
into the deciding seat's view.
"""

from __future__ import annotations

from typing import Any

from meeple.core import decisions as dec
from meeple.core.actions import Action
from meeple.core.i18n import LANGUAGES
from meeple.core.preview import Preview, previews
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.actions import Option
from meeple.games.unconscious.components import (
    CATHARSIS,
    CATHARSIS_AT,
    TRACK_VP,
    TURN_ORDER_BONUS,
)
from meeple.games.unconscious.decisions import OPTIONS, row
from meeple.games.unconscious.state import FOLLOW, PLAY, UnconsciousData
from meeple.games.unconscious.text import inkpot_entry


def _both(fn: Any, *args: Any) -> dict[str, str]:
    return {lang: fn(*args, lang) for lang in LANGUAGES}


def previewed(s: UnconsciousData, seat: int) -> list[Action]:
    """The choices previewed for the seat about to move its inkpot: the bright ideas to
    spend (the ``bright_ink`` decision's answers, its kind's ``preview``), or before
    the follow-up, the follow-up's inkpot (option 0; a hypothetical while the seat
    must treat first)."""
    if s.phase != PLAY or s.current != seat:
        return []
    d = dec.top(s.decisions)
    if d is None:
        if s.step != FOLLOW or s.recalled or s.placed_row < 0:
            return []
        return [OPTIONS[0]]
    declared = row(d.kind)
    if d.seat != seat or declared is None or declared.preview is None:
        return []
    return list(declared.answers(s, d))


def describe(s: UnconsciousData, action: Action, child: UnconsciousData, seat: int) -> Any:
    """A decision's answer: its kind's own preview (where the inkpot lands with that many
    bright ideas spent). The follow-up's inkpot: one entry per number of bright ideas
    the child then lets the seat spend (the answers of the decision it asks, whose kind
    previews them: ``bright_ink``; none asked: 0)."""
    d = dec.top(s.decisions)
    if d is not None:
        declared = row(d.kind)
        assert declared is not None and declared.preview is not None
        return [declared.preview(s, d, action)]
    asked = dec.top(child.decisions)
    then = row(asked.kind) if asked is not None and asked.seat == seat else None
    if asked is None or then is None or then.preview is None:  # no bright ideas to spend
        return [inkpot_entry(s, seat, 0)]
    return [inkpot_entry(s, seat, a.n) for a in then.answers(child, asked) if isinstance(a, Option)]


def gather(s: UnconsciousData, seat: int | None, items: list[tuple[Action, Any]]) -> Any:
    """The view's ``inkpot_preview``: the entries in order of bright ideas spent."""
    return [entry for _, entries in items for entry in entries]


#: The view's ``inkpot_preview`` through the core's contract (:mod:`meeple.core.preview`).
PREVIEW: Preview[Any] = Preview(
    key="inkpot_preview", actions=previewed, describe=describe, gather=gather
)


def inkpot_preview(s: UnconsciousData, seat: int | None) -> list[dict[str, Any]]:
    """For the seat about to move its inkpot: one entry per number of bright ideas it may
    spend (engine.inkpot_bright), with the steps, the landing space and what happens
    there in words (:data:`PREVIEW`)."""
    out: list[dict[str, Any]] = previews(PREVIEW, s, seat)
    return out


def start_note(s: UnconsciousData, seat: int) -> dict[str, str] | None:
    """Why ``seat`` starts with what it has beyond the others (shown in the first round):
    VP printed on the space its starting client's marker was set on, a catharsis at
    once (the marker set on the catharsis space), the turn-order bonus. None: nothing."""
    out = {}
    for lang in LANGUAGES:
        parts = []
        track = s.start_track[seat]
        if track and TRACK_VP[track]:
            parts.append(wd.W("start_vp", lang, n=TRACK_VP[track], space=track))
        if track and track <= CATHARSIS_AT:
            parts.append(
                wd.W("start_catharsis", lang, space=track, what=wd.effect(CATHARSIS, lang))
            )
        bonus = TURN_ORDER_BONUS[seat] if seat < len(TURN_ORDER_BONUS) else ()
        if bonus:
            parts.append(wd.W("start_bonus", lang, what=wd.effect(bonus, lang), n=seat + 1))
        if not parts:
            return None
        out[lang] = wd.W("start", lang, what=wd.W("sentences", lang).join(parts))
    return out
