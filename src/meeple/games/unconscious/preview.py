"""What the board shows beside the view: where the inkpot would land (and what it would
trigger) before the player moves it, and why a seat starts with more than the others.
(Every component in words, the browser's static table, is components.client_components.)

The inkpot's landing depends on the action row the ideas point at, the bright
ideas spent, a cured client's ability, and what the landing space then does
with the player's notebook (every tile of a row, an open column, an idea to
unlock, the reputation track): all rules the server already has. The browser
draws the preview from here rather than from a second copy of those rules in
JavaScript, as ICE's dig preview does. Everything read is public (notebooks,
the rondel, locked ideas), so it may go into the deciding seat's view.
"""

from __future__ import annotations

from typing import Any

from meeple.core import decisions as dec
from meeple.core.i18n import LANGUAGES
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.components import (
    CATHARSIS,
    CATHARSIS_AT,
    TRACK_VP,
    TURN_ORDER_BONUS,
)
from meeple.games.unconscious.decisions import row
from meeple.games.unconscious.state import FOLLOW, PLAY, UnconsciousData
from meeple.games.unconscious.text import inkpot_entry


def _both(fn: Any, *args: Any) -> dict[str, str]:
    return {lang: fn(*args, lang) for lang in LANGUAGES}


def inkpot_preview(s: UnconsciousData, seat: int | None) -> list[dict[str, Any]]:
    """For the seat about to move its inkpot: one entry per number of bright ideas it may
    spend (engine.inkpot_bright), with the steps, the landing space and what happens
    there in words: before the follow-up, or the decision's own preview (the bright
    ideas to spend, decisions.KINDS)."""
    if seat is None or s.phase != PLAY or s.current != seat:
        return []
    d = dec.top(s.decisions)
    if d is None:
        if s.step != FOLLOW or s.recalled or s.placed_row < 0:
            return []
        return [inkpot_entry(s, seat, k) for k in range(en.inkpot_bright(s, seat) + 1)]
    declared = row(d.kind)
    if d.seat != seat or declared is None or declared.preview is None:
        return []
    return [declared.preview(s, d, a) for a in declared.answers(s, d)]


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
