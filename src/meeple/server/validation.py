"""Checks on what a client sends, applied at the door, before any handler reads it.

A client document (a REST body, a WebSocket frame) is parsed and then walked
once: it may not nest deeper than :data:`MAX_DEPTH`, hold a string longer than
:data:`MAX_STRING` or a string that is not valid Unicode (a lone surrogate such
as ``"\\ud800"`` parses as JSON but cannot be written back as UTF-8: once such
a name was stored in memory, every page that listed it failed), or a
non-finite number. Text a person will read back (names, bot specs) is checked
further by :func:`client_text`: no control or bidi-override characters, not
blank, at most a given length. Every refusal is an :class:`ApiError`, so it
reaches the client as ``bad_request`` / ``bad_json`` and changes nothing.
"""

from __future__ import annotations

import json
import math
import unicodedata
from typing import Any

from meeple.core.i18n import LANGUAGES
from meeple.server.protocol import CLIENT_TYPES, ApiError, ClientMessage, loads

#: How deep a client document may nest (ours nest three levels at most).
MAX_DEPTH = 16
#: The longest string anywhere in a client document (characters).
MAX_STRING = 4096
#: The longest player name (characters, after trimming spaces); the lobby's field says so too.
MAX_NAME = 40
#: The longest bot spec (``mcts:iters=500,c=1.4,...``).
MAX_SPEC = 200
#: The longest ``ref`` string a socket message may carry (it is echoed back).
MAX_REF = 200

#: Characters that reorder the text around them (Trojan-source style spoofing of names).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Unicode categories refused in display text: control, surrogate, line/paragraph
#: separators, and format characters (Cf: the zero-width space U+200B, the byte-order
#: mark U+FEFF, the soft hyphen U+00AD, the tag characters U+E0000-E007F, the joiners),
#: which are invisible: two names that look the same must not be two people.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp", "Cf"})
#: Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern,
#: the Mongolian vowel separator): a name of them looks empty or hides in another.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


class BadDocument(ValueError):
    """A client document that parsed but may not be used (see the module docstring)."""


def _valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_document(data: Any) -> None:
    """Walk a parsed document; raise :class:`BadDocument` on the first thing refused.

    >>> check_document({"name": "Ann", "seats": ["human", "random"]})
    >>> check_document({"name": "\\ud800"})
    Traceback (most recent call last):
    ...
    meeple.server.validation.BadDocument: a string is not valid Unicode (a lone surrogate)
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if len(value) > MAX_STRING:
                raise BadDocument(f"a string is longer than {MAX_STRING} characters")
            if not value.isascii() and not _valid_unicode(value):
                raise BadDocument("a string is not valid Unicode (a lone surrogate)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise BadDocument("numbers must be finite")
        elif isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise BadDocument(f"the document nests deeper than {MAX_DEPTH} levels")
            if isinstance(value, dict):
                for key, item in value.items():
                    stack.append((key, depth))
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)


def parse_document(raw: str | bytes) -> Any:
    """Parse and check one client document; every failure is a ``ValueError``.

    Deep nesting fails here, never as a ``RecursionError`` in a handler.

    >>> parse_document(b'{"players": 2}')
    {'players': 2}
    >>> parse_document("[" * 100000 + "]" * 100000)
    Traceback (most recent call last):
    ...
    meeple.server.validation.BadDocument: the document nests too deeply
    """
    try:
        data = loads(raw)
    except RecursionError:
        raise BadDocument("the document nests too deeply") from None
    check_document(data)
    return data


def describe(exc: ValueError) -> str:
    """A short reason for a refused document, for the error message."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} at column {exc.colno}"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not valid UTF-8"
    return str(exc)


def display_problem(text: str) -> str | None:
    """Why ``text`` may not be shown to other players, or None when it may."""
    if not _valid_unicode(text):
        return "it is not valid Unicode"
    for ch in text:
        if ch in BIDI_CONTROLS:
            return f"it holds the direction control U+{ord(ch):04X}"
        category = unicodedata.category(ch)
        if category == "Cf" or ch in INVISIBLE:
            return f"it holds the invisible character U+{ord(ch):04X}"
        if category in REFUSED_CATEGORIES:
            return f"it holds the control character U+{ord(ch):04X}"
    return None


def name_key(name: str) -> str:
    """The form two names are compared in: Unicode compatibility forms folded (NFKC: a
    full-width Ａ is A, a ligature ﬁ is fi) and case folded, so "Ann", "ANN" and "Ａｎｎ"
    are one name.

    >>> name_key("Ａｎｎ") == name_key("ANN") == name_key("ann")
    True
    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def client_text(value: Any, field: str, max_len: int, code: str = "bad_request") -> str:
    """A text field a person reads back (a name, a bot spec): trimmed and checked.

    >>> client_text("  Ann ", "name", 40)
    'Ann'
    >>> client_text("Ann\\u202e", "name", 40)
    Traceback (most recent call last):
    ...
    meeple.server.protocol.ApiError: name is refused: it holds the direction control U+202E
    """
    if not isinstance(value, str):
        raise ApiError(code, f"{field} must be a string")
    text = value.strip()
    if not text:
        raise ApiError(code, f"{field} must not be blank")
    if len(text) > max_len:
        raise ApiError(code, f"{field} is at most {max_len} characters")
    problem = display_problem(text)
    if problem is not None:
        raise ApiError(code, f"{field} is refused: {problem}")
    return text


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Decode one WebSocket frame, raising ``bad_json`` / ``bad_message`` errors.

    >>> parse_client_message('{"type": "ping", "ref": 1}').type
    'ping'
    >>> parse_client_message('nope')
    Traceback (most recent call last):
    ...
    meeple.server.protocol.ApiError: message is not valid JSON: Expecting value at column 1
    """
    try:
        data = parse_document(text)
    except ValueError as exc:
        raise ApiError("bad_json", f"message is not valid JSON: {describe(exc)}") from None
    if not isinstance(data, dict):
        raise ApiError("bad_json", "a message must be a JSON object")
    ref = data.get("ref")
    if isinstance(ref, (dict, list)):
        ref = None
    if isinstance(ref, str) and len(ref) > MAX_REF:
        raise ApiError("bad_message", f"ref is at most {MAX_REF} characters")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ApiError(
            "bad_message",
            f"unknown message type {kind!r}; expected one of {sorted(CLIENT_TYPES)}",
            ref,
        )
    if kind in ("action", "undo"):
        sid = data.get("state_id")
        if not isinstance(sid, str):
            raise ApiError(
                "bad_message", f"a {kind} message needs the state_id it was made for", ref
            )
    if kind == "describe" and data.get("lang") not in LANGUAGES:
        raise ApiError("bad_message", f"describe needs a lang, one of {list(LANGUAGES)}", ref)
    if kind == "action":
        given = [k for k in ("code", "action", "text") if k in data]
        if len(given) != 1:
            raise ApiError(
                "bad_message", "an action message carries exactly one of code, action or text", ref
            )
    return ClientMessage(kind, data, ref)
