"""What the board shows beside the view: every component in words (a static table), and
where the inkpot would land (and what it would trigger) before the player moves it.

The inkpot's landing depends on the action row the ideas point at, the bright
ideas spent, a cured client's ability, and what the landing space then does
with the player's notebook (every tile of a row, an open column, an idea to
unlock, the reputation track): all rules the server already has. The browser
draws the preview from here rather than from a second copy of those rules in
JavaScript, as ICE's dig preview does. Everything read is public (notebooks,
the rondel, locked ideas), so it may go into the deciding seat's view.
"""

from __future__ import annotations

import functools
from typing import Any

from meeple.core import decisions as dec
from meeple.core.i18n import LANGUAGES
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    CATHARSIS,
    CATHARSIS_AT,
    CLIENTS,
    DISTRICTS,
    DREAMS,
    GOALS,
    GRIEF,
    LIGHTNING,
    LOCATIONS,
    NR,
    RESEARCH,
    RONDEL_BONUS,
    RONDEL_KEYS,
    ROW_INKPOTS,
    SECTIONS,
    TILES,
    TRACK_VP,
    TREATISES,
    TURN_ORDER_BONUS,
    ZONE_VP,
)
from meeple.games.unconscious.decisions import row
from meeple.games.unconscious.state import FINAL_PARTS, FOLLOW, PLAY, VP_SOURCES, UnconsciousData
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


def client_components() -> dict[str, Any]:
    """Every component in words, by id, for the browser (written once to
    ``static/js/games/unconscious.components.json`` by ``python -m meeple.web.components``):
    the board looks a tile, dream, client, card up here by the id the view gives, so
    the view itself stays as small as before and names nothing the seat cannot see."""
    return {
        "tiles": [_tile(t.index) for t in TILES],
        "banners": [_banner(t.index) for t in TILES],
        # where a kept starting tile puts the professor (a tile's tag is a location)
        "tile_tags": [t.tag for t in TILES],
        "dreams": [_dream(d.index) for d in DREAMS],
        "clients": [_client(c.index) for c in CLIENTS],
        "grief": [_grief(g) for g in range(len(GRIEF))],
        "research": [_card(c.index) for c in RESEARCH],
        **_static(),
    }


@functools.cache
def _static() -> dict[str, Any]:
    """The words of what never changes (treatises, goals, Vienna, the rondel), built once."""
    return {
        "treatises": [
            {
                "vp": tr.vp,
                "articles": list(tr.articles),
                "tags": [_both(wd.tag, x) for x in tr.tags],
            }
            for tr in TREATISES
        ],
        "goals": [
            {"tag": _both(wd.tag, g.tag), "condition": _both(wd.goal, g.index), "vp": g.vp}
            for g in GOALS
        ],
        "locations": [
            {
                "key": loc.key,
                "name": _both(wd.location, loc.index),
                "colour": loc.colour,
                "district": loc.district,
                "effect": _both(wd.effect, loc.effect),
                "bonus": [_both(wd.effect, b) for b in loc.bonus],
            }
            for loc in LOCATIONS
        ],
        "districts": [
            {
                "name": _both(wd.district, d.index),
                "colour": d.colour,
                "thresholds": list(d.thresholds),
                "rewards": [_both(wd.effect, r) for r in d.rewards],
            }
            for d in DISTRICTS
        ],
        "rondel": [
            {
                "key": RONDEL_KEYS[i],
                "name": _both(wd.rondel_space, i),
                "bonus": _both(wd.effect, RONDEL_BONUS[i]) if RONDEL_BONUS[i] else None,
            }
            for i in range(NR)
        ],
        "actions": {k: _both(wd.action, i) for i, k in enumerate(ACTION_KEYS)},
        "reputation_vp": list(ZONE_VP),
        "lightning": list(LIGHTNING),
        "row_inkpots": list(ROW_INKPOTS),
        "sections": [[_both(wd.effect, e) for e in sec] for sec in SECTIONS],
        # the VP ledger's parts and the final scoring's lines, in the order the end shows
        "vp_sources": [{"key": k, "name": _both(wd.vp_source, k)} for k in VP_SOURCES],
        "final_parts": [{"key": k, "name": _both(wd.final_part, k)} for k in FINAL_PARTS],
    }


# Each component's words, built once per component (a view only assembles them: the
# view is built for every seat after every action, and by the search's checks).


@functools.cache
def _tile(t: int) -> dict[str, str]:
    return _both(wd.tile, t)


@functools.cache
def _banner(t: int) -> dict[str, str]:
    return _both(lambda x, lang: wd.effect(TILES[x].banner, lang), t)


@functools.cache
def _dream(m: int) -> dict[str, Any]:
    d = DREAMS[m]
    symbol = _both(lambda x, lang: "" if d.latent else wd.symbol(d.symbol, lang), m)
    return {**_both(wd.dream, m), "symbol": symbol}


@functools.cache
def _client(c: int) -> dict[str, Any]:
    cl = CLIENTS[c]
    return {
        "name": _both(wd.client, c),
        "ability": _both(wd.ability, c),
        "complex": cl.complex,
        "hearts": cl.hearts,
        "vp": cl.vp,
        "tags": [_both(wd.tag, t) for t in cl.tags],
    }


@functools.cache
def _grief(g: int) -> dict[str, Any]:
    return {"hearts": GRIEF[g][0], "symbol": _both(wd.symbol, GRIEF[g][1])}


@functools.cache
def _card(c: int) -> dict[str, Any]:
    r = RESEARCH[c]
    return {"tag": _both(wd.tag, r.tag), "colour": r.colour, "effect": _both(wd.effect, r.effect)}
