"""The printed things the browser draws, from data.toml: the game's ``client_components``
(meeple.web.components writes them to viscounts.components.json).

Apart from components.py because a card's words come from describe.py, which reads
the components: the table needs both.
"""

from __future__ import annotations

from typing import Any

from meeple.games.viscounts.components import (
    ACTIONS,
    CARDS,
    DIFFICULTIES,
    EXCHANGES,
    FOCUS,
    ICONS,
    MANUSCRIPTS,
    RIBBONS,
    SCHEMES,
)
from meeple.games.viscounts.describe import card_words


def client_components() -> dict[str, Any]:
    """The printed things the browser draws (names, costs, icons, what each card does in
    both languages: the card's own words, issue 34), from data.toml."""
    return {
        "cards": [
            {
                "name": c.name,
                "zh": c.zh,
                "kind": c.kind,
                "silver": c.silver,
                "icons": list(c.icons),
                "says": {lang: card_words(i, lang) for lang in ("en", "zh-TW")},
            }
            for i, c in enumerate(CARDS)
        ],
        "manuscripts": [{"ribbon": m.ribbon, "cost": m.cost} for m in MANUSCRIPTS],
        "exchanges": list(EXCHANGES),
        "icons": list(ICONS),
        "ribbons": list(RIBBONS),
        "schemes": [
            {
                "name": c.name,
                "zh": c.zh,
                "future": c.future,
                "move": c.move,
                "icons": list(c.icons),
                "action": c.action,
            }
            for c in SCHEMES
        ],
        "focus": [
            {"name": f.name, "en": f.en, "zh": f.zh, "action": ACTIONS[f.action]} for f in FOCUS
        ],
        "difficulties": list(DIFFICULTIES),
    }
