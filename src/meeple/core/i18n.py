"""Player-facing strings in English and Traditional Chinese, one style for every game.

A game's text module holds its strings as one table per language, the two
tables with the same keys, and reads them through :class:`Strings`::

    TEXT = Strings({
        "en": {"won": "{mark} wins"},
        "zh-TW": {"won": "{mark} 獲勝"},
    })
    TEXT("won", "zh-TW", mark="X")   # '{mark} 獲勝' filled in
    TEXT["zh"]["won"]                # one language's table, for a loop over many keys

The tables are checked when the module loads, so a key missing from one
language is an import error, not a blank label in front of a player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The languages every player-facing string exists in.
LANGUAGES = ("en", "zh-TW")


def lang_of(lang: str) -> str:
    """The supported language ``lang`` means: ``"zh-TW"`` for any Chinese tag, else ``"en"``.

    >>> lang_of("zh"), lang_of("zh-Hant-TW"), lang_of("fr")
    ('zh-TW', 'zh-TW', 'en')
    """
    return "zh-TW" if lang.lower().startswith("zh") else "en"


class Strings:
    """One game's strings: ``{lang: {key: template}}`` for both :data:`LANGUAGES`."""

    def __init__(self, tables: Mapping[str, Mapping[str, str]]) -> None:
        if set(tables) != set(LANGUAGES):
            raise ValueError(f"strings must be given in exactly {LANGUAGES}, got {sorted(tables)}")
        en, zh = (set(tables[lang]) for lang in LANGUAGES)
        if en != zh:
            raise ValueError(
                f"strings differ between languages: only en {sorted(en - zh)}, "
                f"only zh-TW {sorted(zh - en)}"
            )
        self.tables: dict[str, dict[str, str]] = {k: dict(v) for k, v in tables.items()}

    def __call__(self, key: str, lang: str, **fields: Any) -> str:
        """The string ``key`` in ``lang`` with ``fields`` filled in."""
        template = self.tables[lang_of(lang)][key]
        return template.format(**fields)

    def __getitem__(self, lang: str) -> dict[str, str]:
        """The whole table of one language (any tag :func:`lang_of` understands)."""
        return self.tables[lang_of(lang)]

    def __contains__(self, key: object) -> bool:
        return key in self.tables["en"]

    def keys(self) -> list[str]:
        return list(self.tables["en"])
