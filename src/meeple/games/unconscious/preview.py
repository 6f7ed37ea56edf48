"""What the board shows beside the view: every visible component in words, and where the
inkpot would land (and what it would trigger) before the player moves it.

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
from meeple.games.unconscious import labels as lb
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    CLIENTS,
    DISTRICTS,
    DREAMS,
    GOALS,
    GRIEF,
    LOCATIONS,
    NR,
    RESEARCH,
    RONDEL_BONUS,
    RONDEL_KEYS,
    SECTIONS,
    TILES,
    TREATISES,
    ZONE_VP,
)
from meeple.games.unconscious.state import FOLLOW, PLAY, UnconsciousData


def _both(fn: Any, *args: Any) -> dict[str, str]:
    return {lang: fn(*args, lang) for lang in LANGUAGES}


def inkpot_preview(s: UnconsciousData, seat: int | None) -> list[dict[str, Any]]:
    """For the seat about to move its inkpot: one entry per number of bright ideas it may
    spend (0-2), with the steps, the landing space and what happens there in words."""
    if seat is None or s.phase != PLAY or s.current != seat:
        return []
    d = dec.top(s.decisions)
    if d is None:
        if s.step != FOLLOW or s.recalled or s.placed_row < 0:
            return []
        choices = range(min(s.bright[seat], 2) + 1)
    elif d.kind == "bright_ink" and d.seat == seat:
        choices = range(min(s.bright[seat], 2) + 1)
    else:
        return []
    out = []
    for k in choices:
        steps, space = lb.inkpot_landing(s, seat, k)
        out.append(
            {
                "bright": k,
                "steps": steps,
                "space": space,
                "what": {lang: lb.landing_words(s, seat, space, lang) for lang in LANGUAGES},
            }
        )
    return out


def board_words(s: UnconsciousData, seat: int | None) -> dict[str, Any]:
    """Every component the seat can see, by id, in both languages (what the board prints)."""
    n = len(s.vp)
    tiles = {t for t in (*s.middle, *s.right) if t >= 0}
    for p in range(n):
        tiles |= {t for t in s.notebook[p] if t >= 0}
    dreams = {m for m in s.manifest_display if m >= 0}
    clients = {c for c in s.client_display if c >= 0}
    cards = {s.research_up} if s.research_up >= 0 else set()
    for p in range(n):
        for r in (0, 1):
            dreams |= {x for x in (s.room_latent[p][r], s.room_manifest[p][r]) if x >= 0}
            if s.room_client[p][r] >= 0:
                clients.add(s.room_client[p][r])
        clients |= set(s.cured[p])
        cards |= set(s.played[p])
        if seat == p:
            cards |= set(s.hand[p])
    for t in range(len(TREATISES)):
        cards |= set(s.treatise_cards[t])
    grief = {g for g in s.display_grief if g >= 0}
    for p in range(n):
        grief |= {g for g in s.room_grief[p] if g >= 0}
    return {
        "tiles": {str(t): _both(wd.tile, t) for t in sorted(tiles)},
        "banners": {str(t): _both(_banner, t) for t in sorted(tiles)},
        "dreams": {
            str(m): {**_both(wd.dream, m), "symbol": _both(_dream_symbol, m)}
            for m in sorted(dreams)
        },
        "clients": {
            str(c): {
                "name": _both(wd.client, c),
                "ability": _both(wd.ability, c),
                "complex": CLIENTS[c].complex,
                "hearts": CLIENTS[c].hearts,
                "vp": CLIENTS[c].vp,
                "tags": [_both(wd.tag, t) for t in CLIENTS[c].tags],
            }
            for c in sorted(clients)
        },
        "grief": {
            str(g): {"hearts": GRIEF[g][0], "symbol": _both(wd.symbol, GRIEF[g][1])}
            for g in sorted(grief)
        },
        "research": {
            str(c): {
                "tag": _both(wd.tag, RESEARCH[c].tag),
                "colour": RESEARCH[c].colour,
                "effect": _both(wd.effect, RESEARCH[c].effect),
            }
            for c in sorted(cards)
        },
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
        "sections": [[_both(wd.effect, e) for e in sec] for sec in SECTIONS],
    }


def _banner(t: int, lang: str) -> str:
    return wd.effect(TILES[t].banner, lang)


def _dream_symbol(m: int, lang: str) -> str:
    d = DREAMS[m]
    return "" if d.latent else wd.symbol(d.symbol, lang)
