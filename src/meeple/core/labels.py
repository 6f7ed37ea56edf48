"""Labels, written once in a game's text plug-in and read by every driver.

The terminal, the server (with every legal action and every log line it
sends) and the replay page all take an action's words from here, so the
browser never translates an action itself and a label never says more than
the game's ``redact_action`` lets a viewer see.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence

from meeple.core.actions import Action
from meeple.core.game import Game, State
from meeple.core.i18n import LANGUAGES


def action_label(game: Game, action: Action, lang: str) -> str:
    """A player's words for ``action`` in ``lang``: the game's text plug-in, else its text form."""
    text = game.plugins.text
    return str(action) if text is None else text.action_label(action, lang)


def action_labels(game: Game, action: Action) -> dict[str, str]:
    """:func:`action_label` in every language, as the server sends it with a legal action."""
    return {lang: action_label(game, action, lang) for lang in LANGUAGES}


def _strip_seat(line: str) -> str:
    head, sep, rest = line.partition(": ")
    return rest if sep and head.startswith("seat ") else line


def log_label(
    before: State, action: Action, actor: int | None, viewer: int | None, lang: str
) -> str:
    """How ``viewer`` reads ``actor`` taking ``action`` (``before``: the state it was taken in).

    A viewer who sees the whole action (its redacted line is the unredacted
    one) reads the action's label. A viewer the game hides something from
    reads the game's ``hidden_label``, or else the redacted line itself; so a
    label never tells more than ``redact_action`` does. The actor's name is
    not part of the label: every client shows it beside the line.
    """
    seen = before.redact_action(action, actor, viewer)
    if seen == State.redact_action(before, action, actor, viewer):  # the line hides nothing
        return action_label(before.game, action, lang)
    hidden = before.game.plugins.hidden_label
    if hidden is not None:
        return hidden(before, action, actor, viewer, lang)
    return _strip_seat(seen)


def log_labels(
    before: State, action: Action, actor: int | None, viewer: int | None
) -> dict[str, str]:
    """:func:`log_label` in every language, as the server sends it with a log line."""
    return {lang: log_label(before, action, actor, viewer, lang) for lang in LANGUAGES}


def seat_marks(players: int) -> list[str]:
    """``{seat:0}``, ``{seat:1}``, ...: where an end sentence names a seat, for the client to fill.

    Seat names are the client's (a bot's name is translated in the page), so
    the server sends the mark and the page puts the name in (docs/protocol.md).
    """
    return [f"{{seat:{i}}}" for i in range(players)]


def _takes_names(fn: Callable[..., object]) -> bool:
    try:
        return "names" in inspect.signature(fn).parameters
    except (TypeError, ValueError):  # a builtin or a C function: no keyword
        return False


def end_labels(state: State, names: Sequence[str] | None = None) -> dict[str, str] | None:
    """Why a finished game ended, in every language (``end_label`` of the game's text plug-in).

    The server sends it in the result as ``end`` so the page can say which end
    condition (or the turn cap) closed the game; ``None`` when the game's text
    module does not say. A sentence about a broken tie (``tiebreak_label``,
    optional, ``None`` when no tie was broken) follows it. ``names`` (one per
    seat, e.g. :func:`seat_marks`) go to the text functions that take a
    ``names`` keyword, so a sentence names a seat as the page does rather than
    "player 2"; without it they say "player 2".
    """
    text = state.game.plugins.text
    end = getattr(text, "end_label", None)
    if end is None or not state.is_terminal():
        return None
    tiebreak = getattr(text, "tiebreak_label", None)

    def call(fn: Callable[..., object], lang: str) -> object:
        return fn(state, lang, names=names) if names and _takes_names(fn) else fn(state, lang)

    out = {}
    for lang in LANGUAGES:
        sentence = str(call(end, lang))
        extra = call(tiebreak, lang) if tiebreak is not None else None
        space = "" if lang == "zh-TW" else " "  # Chinese sentences follow each other bare
        out[lang] = f"{sentence}{space}{extra}" if extra else sentence
    return out


def tie_broken(state: State) -> bool:
    """Two seats level on points that the game's tiebreaks ranked apart (say how, then)."""
    scores, ranks = state.scores(), state.ranks()
    n = len(scores)
    return any(
        scores[a] == scores[b] and ranks[a] != ranks[b] for a in range(n) for b in range(a + 1, n)
    )
