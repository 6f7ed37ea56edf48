"""The table the browser board reads once: geometry, content and names in both languages.

Written to ``web/static/js/games/ice.components.json`` by ``python -m
meeple.web.components``. Views carry what changes (which tiles are there,
figures, holdings); this carries what never does during a match: where each
position is drawn, what covers it, the content tables with their numbers
(so a retuned data.toml reaches the board without a JavaScript change), and
the names of terrains, artifacts, hints, guilds, events, edicts, edifices and
layers, taken from text.py so nothing is translated twice.
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import LANGUAGES
from meeple.games.ice.components import (
    ARTIFACTS,
    COVERS,
    DATA,
    DAYS,
    DEED_COUNTERS,
    EDICTS,
    EDIFICE_EFFECTS,
    EVENTS,
    GUILDS,
    HINTS,
    LAYER_NAMES,
    PLACES,
    POSITIONS,
    RENOWN,
    REQUESTS,
    RULES,
    TAKE_PER_DAY,
    TERRAINS,
    TURN_MAX_AP,
    XY,
    tile_name,
)
from meeple.games.ice.text import LAYER_WORDS, NAMES, TEXT, deed_words


def _both(strings: Any, key: str) -> dict[str, str]:
    return {lang: strings[lang][key] for lang in LANGUAGES}


def client_components() -> dict[str, Any]:
    """The board geometry, the content tables and their names, for the browser."""
    return {
        "positions": [
            {
                "layer": layer,
                "x": round(XY[i][0], 4),
                "y": round(XY[i][1], 4),
                "name": tile_name(i),
                "covers": list(COVERS[i]),
            }
            for i, (layer, _, _) in enumerate(POSITIONS)
        ],
        "layers": [{"key": k, "name": _both(LAYER_WORDS, k)} for k in LAYER_NAMES],
        "terrains": [
            {"key": k, "ability": a, "name": _both(TEXT, f"terrain_{k}")}
            for k, a in zip(TERRAINS, DATA["terrains"]["abilities"], strict=True)
        ],
        "artifacts": [
            {"key": k, "hint": HINTS[int(h)], "name": _both(TEXT, f"art_{k}")}
            for k, h in zip(ARTIFACTS, DATA["artifacts"]["type_hint"], strict=True)
        ],
        "empty": _both(TEXT, "empty"),
        "hints": [{"key": k, "name": _both(TEXT, f"hint_{k}")} for k in HINTS],
        "guilds": [
            {"key": g["key"], "ability": g["ability"], "name": _both(NAMES, g["key"])}
            for g in GUILDS
        ],
        "events": [
            {
                "key": e["key"],
                "kind": e["kind"],
                "value": int(e["value"]),
                "name": _both(NAMES, e["key"]),
            }
            for e in EVENTS
        ],
        "edicts": [
            {
                "key": e["key"],
                "kind": e["kind"],
                "value": int(e["value"]),
                "name": _both(NAMES, e["key"]),
            }
            for e in EDICTS
        ],
        "edifices": [
            {
                "key": e["key"],
                "kind": e["kind"],
                "value": int(e["value"]),
                "name": _both(NAMES, e["key"]),
            }
            for e in EDIFICE_EFFECTS
        ],
        "requests": [
            {
                "needs": list(r.needs),
                "vp": r.vp,
                # a deed card: what to do (DEED_COUNTERS' names), how often, in words
                "deed": r.deed or None,
                "times": r.times,
                "layer": LAYER_NAMES[r.layer] if r.layer >= 0 else None,
                "words": {lang: deed_words(r, lang) for lang in LANGUAGES} if r.deed else None,
            }
            for r in REQUESTS
        ],
        "deed_counters": list(DEED_COUNTERS),
        "rules": {
            "days": DAYS,
            "places": PLACES,
            "turn_max_ap": TURN_MAX_AP,
            "take_per_day": TAKE_PER_DAY,
            "renown": list(RENOWN),
            "solo_target": int(RULES["solo_target"]),
        },
    }
