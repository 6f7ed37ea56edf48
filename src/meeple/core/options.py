"""Game options: declared per game as data, parsed the same way by every driver."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core.errors import OptionError

#: What a value of each option type is, in the words of an error message.
_KIND_WORDS: dict[type, str] = {
    int: "a whole number",
    float: "a number",
    bool: "yes or no (true/false, on/off, 1/0)",
    str: "text",
    list: "a comma-separated list",
    tuple: "a comma-separated list",
}


def kind_words(kind: type) -> str:
    """How an error names the values of ``kind``: people read "a whole number", not "int".

    >>> kind_words(int), kind_words(float)
    ('a whole number', 'a number')
    """
    return _KIND_WORDS.get(kind, f"a {kind.__name__}")


@dataclass(frozen=True)
class GameOption:
    """One option a game (or a bot) accepts, e.g. ``GameOption("goals", 5, choices=(5, 9))``.

    ``type`` is inferred from the default, or given as ``kind`` when the
    default is ``None`` ("not set": a bot's ``time`` budget, say);
    ``choices`` (if given) is the closed set of allowed values;
    ``minimum``/``maximum`` bound numbers. Floats must be finite: no option
    means anything by ``inf`` or ``nan``, and both slip past a bound check
    (``nan < 1`` is false), so they are refused here for every driver.
    """

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    kind: type | None = None
    #: Not offered to players (the browser lobby leaves it out): an option for tests and tables.
    hidden: bool = False

    @property
    def type(self) -> type:
        return self.kind if self.kind is not None else type(self.default)

    def coerce(self, value: Any) -> Any:
        """Turn a value (possibly a string from ``-o KEY=VALUE``) into the option's type.

        >>> GameOption("time", None, kind=float, minimum=0).coerce("0.5")
        0.5
        >>> GameOption("time", None, kind=float).coerce("inf")
        Traceback (most recent call last):
        ...
        meeple.core.errors.OptionError: option 'time' must be a finite number, got 'inf'
        """
        kind = self.type
        given = value
        try:
            if kind is bool:
                if isinstance(value, str):
                    low = value.strip().lower()
                    if low in ("1", "true", "yes", "on"):
                        value = True
                    elif low in ("0", "false", "no", "off"):
                        value = False
                    else:
                        raise ValueError(value)
                elif not isinstance(value, bool):
                    raise ValueError(value)
            elif kind is int:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError(value)  # True is not 1, and 2.5 is not 2
                value = int(value)
            elif kind is float:
                if isinstance(value, bool):
                    raise ValueError(value)
                value = float(value)
            elif kind is str:
                if not isinstance(value, str):
                    raise ValueError(value)
            elif kind in (list, tuple):
                if isinstance(value, str):
                    value = [v.strip() for v in value.split(",") if v.strip()]
                value = kind(value)
        except (TypeError, ValueError, OverflowError):
            raise OptionError(
                f"option {self.name!r} expects {kind_words(kind)}, got {value!r}"
            ) from None
        if kind is float and not math.isfinite(value):
            raise OptionError(f"option {self.name!r} must be a finite number, got {given!r}")
        if self.choices is not None and value not in self.choices:
            listed = [str(c) for c in self.choices]
            words = ", ".join(listed[:-1]) + " or " + listed[-1] if len(listed) > 1 else listed[0]
            raise OptionError(f"option {self.name!r} must be one of {words}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(
                f"option {self.name!r} must be at least {self.minimum}, got {value!r}"
            )
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}, got {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        if self.choices is not None:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.hidden:
            data["hidden"] = True
        return data


def resolve_options(specs: Sequence[GameOption], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``specs`` and fill in defaults."""
    by_name = {s.name: s for s in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise OptionError(f"unknown option(s) {unknown}; this game accepts: {known}")
    return {s.name: s.coerce(given[s.name]) if s.name in given else s.default for s in specs}


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """Parse ``["KEY=VALUE", ...]`` as given on the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"options are written KEY=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out
