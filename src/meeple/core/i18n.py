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

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

#: The languages every player-facing string exists in.
LANGUAGES = ("en", "zh-TW")


def lang_of(lang: str) -> str:
    """The supported language ``lang`` means: ``"zh-TW"`` for any Chinese tag, else ``"en"``.

    >>> lang_of("zh"), lang_of("zh-Hant-TW"), lang_of("fr")
    ('zh-TW', 'zh-TW', 'en')
    """
    return "zh-TW" if lang.lower().startswith("zh") else "en"


_PLURAL = re.compile(r"\b(\d+)((?: [A-Za-z-]+){1,2})\(s\)")


def settle_plurals(text: str) -> str:
    """Settle a template's "word(s)" by the number before it, so that no reader meets
    "(s)": a template may say ``{n} idea(s)`` once and read "1 idea" or "3 ideas".

    >>> settle_plurals("1 idea(s) + 2 bright idea(s); 0 card(s); Winner(s): Ann")
    '1 idea + 2 bright ideas; 0 cards; Winner(s): Ann'
    """

    def one(m: re.Match[str]) -> str:
        return f"{m[1]}{m[2]}" + ("" if m[1] == "1" else "s")

    return _PLURAL.sub(one, text)


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
        """The string ``key`` in ``lang`` with ``fields`` filled in (plurals settled:
        :func:`settle_plurals`)."""
        template = self.tables[lang_of(lang)][key]
        return settle_plurals(template.format(**fields))

    def __getitem__(self, lang: str) -> dict[str, str]:
        """The whole table of one language (any tag :func:`lang_of` understands)."""
        return self.tables[lang_of(lang)]

    def __contains__(self, key: object) -> bool:
        return key in self.tables["en"]

    def keys(self) -> list[str]:
        return list(self.tables["en"])


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: a wide (CJK) character takes two.

    >>> display_width("egg"), display_width("蛋 o")
    (3, 4)
    """
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def wrap_items(
    head: str, items: Sequence[str], width: int, sep: str, indent: str = "  "
) -> list[str]:
    """``head`` and ``items`` joined by ``sep``, broken between items so that no line
    runs past ``width`` terminal columns (a legend: each symbol stays with its word).

    >>> wrap_items("legend: ", ["o egg", "p penguin", "# iceberg"], 20, ", ")
    ['legend: o egg,', '  p penguin,', '  # iceberg']
    >>> wrap_items("圖例：", ["o 藍蛋", "# 冰山"], 12, "、")
    ['圖例：o 藍蛋、', '  # 冰山']
    """
    mark = sep.rstrip()
    space = sep[len(mark) :]
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + (mark if i < len(items) - 1 else "")
        fresh = line in (head, indent)
        candidate = line + ("" if fresh else space) + piece
        if display_width(candidate) > width and not fresh:
            lines.append(line)
            candidate = indent + piece
        line = candidate
    lines.append(line)
    return lines
