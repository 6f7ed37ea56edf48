"""A game's vocabulary: what its options, their values and its content sets are called.

A game declares these words once, in its text.py, as one :class:`~meeple.core.i18n.Strings`
table (``OPTION_WORDS``) named in its text plug-in (``Text.option_words``), keyed:

* ``<option>``: the option's name ("Mode", 「模式」);
* ``<option>.help``: what it does, in a line;
* ``<option>.<value>``: a value's name ("Slo-Mode: in turns, no timer"); numbers and
  yes or no say themselves.

A content set other than the base game is a yes/no option named as the set
(:mod:`meeple.core.content`), so its name and help are that option's; the base set is
called by the game's title. The server sends the words with the game (``GET
/api/games``: each option's ``words``, each set's ``words`` and ``help``), the lobby
shows them, and the terminal names a record's options (:func:`describe_options`) and
lists a game's sets (``meeple games``) with the same words: nothing reads them back
out of the browser's files.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core.i18n import LANGUAGES, Strings, lang_of
from meeple.core.options import GameOption

if TYPE_CHECKING:
    from meeple.core.game import Game


def words_of(game_class: type[Game]) -> Strings | None:
    """The vocabulary ``game_class`` declares (its text plug-in's ``option_words``): the
    declared field, never looked up by name."""
    text = game_class.plugins.text
    return None if text is None else text.option_words


def value_key(value: Any) -> str:
    """How a value is named in the keys: text as it is, anything else as JSON
    (``5``, ``true``), the way the browser writes it."""
    return value if isinstance(value, str) else json.dumps(value)


def _pair(words: Strings, key: str) -> dict[str, str]:
    return {lang: words[lang][key] for lang in LANGUAGES}


def option_words(words: Strings | None, spec: GameOption) -> dict[str, Any]:
    """The words of one option as the server sends them: ``{"name": {lang: ...},
    "help": {lang: ...}, "choices": {value: {lang: ...}}}``, each part present when the
    vocabulary has it."""
    if words is None:
        return {}
    out: dict[str, Any] = {}
    if spec.name in words:
        out["name"] = _pair(words, spec.name)
    if f"{spec.name}.help" in words:
        out["help"] = _pair(words, f"{spec.name}.help")
    head = f"{spec.name}."
    choices = {
        key[len(head) :]: _pair(words, key)
        for key in words["en"]
        if key.startswith(head) and key != f"{spec.name}.help"
    }
    if choices:
        out["choices"] = choices
    return out


def options_json(game_class: Any) -> list[dict[str, Any]]:
    """A game's options for a listing: each ``GameOption.to_json()`` with its ``words``."""
    words = words_of(game_class)
    return [{**o.to_json(), "words": option_words(words, o)} for o in game_class.option_specs]


def content_json(game_class: Any) -> list[dict[str, Any]]:
    """A game's content sets for a listing (``ContentSets.to_json()``), each with its
    ``words`` and ``help`` in both languages: the base set's words are the game's title,
    another set's those of the option named as it."""
    if game_class.content is None:
        return []
    words = words_of(game_class)
    out = []
    for entry in game_class.content.to_json():
        if entry["base"]:
            said = {"words": {"en": game_class.title, "zh-TW": game_class.title_zh}, "help": {}}
        else:
            found = option_words(words, GameOption(entry["name"], False))
            said = {"words": found.get("name", {}), "help": found.get("help", {})}
        out.append({**entry, **said})
    return out


def _yes_no(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        if lang == "zh-TW":
            return "是" if value else "否"
        return "yes" if value else "no"
    return str(value)


def describe_options(words: Strings | None, options: Mapping[str, Any], lang: str) -> str:
    """``options`` as one line of "Name: value" pairs in ``lang``, in the game's words
    (an option or value it does not name is shown as it is stored: "Goals: 9").

    >>> words = Strings({"en": {"mode": "Mode", "mode.slo": "in turns"},
    ...                  "zh-TW": {"mode": "模式", "mode.slo": "輪流"}})
    >>> describe_options(words, {"mode": "slo", "fast": True}, "zh-TW")
    '模式：輪流；fast：是'
    >>> describe_options(None, {"rounds": 3}, "en")
    'rounds: 3'
    """
    lang = lang_of(lang)
    table = words[lang] if words is not None else {}
    parts = []
    for name, value in options.items():
        label = table.get(name) or name
        shown = table.get(f"{name}.{value_key(value)}") or _yes_no(value, lang)
        parts.append(f"{label}{'：' if lang == 'zh-TW' else ': '}{shown}")
    return ("；" if lang == "zh-TW" else "; ").join(parts)
