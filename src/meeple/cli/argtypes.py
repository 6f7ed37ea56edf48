"""Argument types for the ``meeple`` command whose errors read like sentences.

argparse's own ``type=int`` answers a typo with "invalid int value: 'x'";
these say what the option expects, in the words :mod:`meeple.core.options`
uses for game options ("expects a whole number, got 'x'"), so a command-line
flag and a ``-o KEY=VALUE`` option fail the same way.
"""

from __future__ import annotations

import argparse
import math

from meeple.core.options import kind_words


def whole_number(text: str) -> int:
    """``type=`` for flags taking an integer (``--players``, ``--seed``, ``-n``).

    >>> whole_number(" 7 ")
    7
    >>> whole_number("2.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expects a whole number, got '2.5'
    """
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expects {kind_words(int)}, got {text!r}") from None


def number(text: str) -> float:
    """``type=`` for flags taking seconds or a rate: any finite number.

    >>> number("0.5")
    0.5
    >>> number("soon")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expects a number, got 'soon'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expects {kind_words(float)}, got {text!r}")
    return value
