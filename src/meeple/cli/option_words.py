"""Game options in people's words for the terminal, from the same strings the lobby uses.

A record's options are stored by their names and values (``{"mode": "slo"}``):
fine for a machine, but ``slo`` is an internal value a reader should never
meet. The browser lobby already names every option and choice in both
languages in the game's page strings (``web/static/i18n/<slug>.json``:
``option.<name>`` and ``option.<name>.<value>``); the terminal reads the same
file rather than keeping a second copy of those names. An option or value the
file does not name is shown as it is stored (numbers, mostly: "Goals: 9").
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from meeple.core.i18n import lang_of

_I18N = Path(__file__).resolve().parent.parent / "web" / "static" / "i18n"


@cache
def _strings(slug: str) -> dict[str, dict[str, str]]:
    path = _I18N / f"{slug}.json"
    if not path.is_file():
        return {}
    data: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _word(strings: dict[str, dict[str, str]], key: str, lang: str) -> str | None:
    entry = strings.get(key)
    if not entry:
        return None
    return entry.get(lang) or entry.get("en")


def _value(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        if lang == "zh-TW":
            return "是" if value else "否"
        return "yes" if value else "no"
    return str(value)


def describe_options(slug: str, options: dict[str, Any], lang: str) -> str:
    """``options`` as one line of "Name: value" pairs in ``lang``.

    >>> describe_options("fittoprint", {"mode": "slo"}, "en")
    'Mode: Slo-Mode: in turns, no timer'
    >>> describe_options("nosuchgame", {"rounds": 3, "fast": True}, "en")
    'rounds: 3; fast: yes'
    """
    lang = lang_of(lang)
    strings = _strings(slug)
    parts = []
    for name, value in options.items():
        label = _word(strings, f"option.{name}", lang) or name
        shown = _word(strings, f"option.{name}.{value}", lang) or _value(value, lang)
        parts.append(f"{label}{'：' if lang == 'zh-TW' else ': '}{shown}")
    return ("；" if lang == "zh-TW" else "; ").join(parts)
