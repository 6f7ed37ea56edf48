"""Labels, written once in a game's text plug-in and read by every driver.

The terminal, the server (with every legal action and every log line it
sends) and the replay page all take an action's words from here, so the
browser never translates an action itself and a label never says more than
the game's ``redact_action`` lets a viewer see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Game, State
from meeple.core.i18n import LANGUAGES


def action_label(game: Game, action: Action, lang: str, state: State | None = None) -> str:
    """A player's words for ``action`` in ``lang``: the game's text plug-in, else its text form.

    With ``state`` (where ``action`` is legal, or was taken), a text plug-in that
    defines ``state_label(state, action, lang)`` names what the action does there:
    a game whose actions are "option 2 of whatever is being decided" says which
    option that is. Without it, or without the state, the label is the action's own.
    """
    text = game.plugins.text
    if text is None:
        return str(action)
    if state is not None and text.state_label is not None:
        return str(text.state_label(state, action, lang))
    return text.action_label(action, lang)


def has_state_labels(game: Game) -> bool:
    """Whether ``game``'s labels depend on the state (its text plug-in has ``state_label``)."""
    text = game.plugins.text
    return text is not None and text.state_label is not None


def action_labels(game: Game, action: Action, state: State | None = None) -> dict[str, str]:
    """:func:`action_label` in every language, as the server sends it with a legal action."""
    return {lang: action_label(game, action, lang, state) for lang in LANGUAGES}


def _strip_seat(line: str) -> str:
    head, sep, rest = line.partition(": ")
    return rest if sep and head.startswith("seat ") else line


def log_label(
    before: State, action: Action, actor: int | None, viewer: int | None, lang: str
) -> str:
    """How ``viewer`` reads ``actor`` taking ``action`` (``before``: the state it was taken in).

    A viewer who sees the whole action (its redacted line is the unredacted
    one) reads the action's label, or the words the game's text plug-in gives
    it with the state (:func:`seen_label`). A viewer the game hides something from
    reads the game's ``hidden_label``, or else the redacted line itself; so a
    label never tells more than ``redact_action`` does. The actor's name is
    not part of the label: every client shows it beside the line.
    """
    seen = before.redact_action(action, actor, viewer)
    if seen == State.redact_action(before, action, actor, viewer):  # the line hides nothing
        return seen_label(before, action, actor, lang)
    hidden = before.game.plugins.hidden_label
    if hidden is not None:
        return hidden(before, action, actor, viewer, lang)
    return _strip_seat(seen)


def seen_label(before: State, action: Action, actor: int | None, lang: str) -> str:
    """The words of a log line seen whole: the text plug-in's ``log_label(before, action,
    actor, lang)`` when it has one, else the action's label in ``before``.

    ``log_label`` is for the log only, never for a legal action: it may tell what the
    rules did after the action (Viscounts: the solo AI's turn it ran), which is public
    once it happened and a secret before (the AI's next scheme)."""
    text = before.game.plugins.text
    told = None if text is None else text.log_label
    if told is None:
        return action_label(before.game, action, lang, before)
    return str(told(before, action, actor, lang))


def confirm_labels(state: State, action: Action, seat: int) -> dict[str, str] | None:
    """The question ``seat`` is asked before taking ``action`` (the game's ``confirm``
    plug-in), in every language, or ``None`` when the action is taken at once."""
    confirm = state.game.plugins.confirm
    if confirm is None:
        return None
    asked = {lang: confirm(state, action, seat, lang) for lang in LANGUAGES}
    return None if any(q is None for q in asked.values()) else {k: str(v) for k, v in asked.items()}


def says_more(before: State, action: Action, actor: int | None, seen: str, lang: str) -> bool:
    """Whether ``seen``, the log line of ``actor``'s own ``action``, tells its actor more
    than the label they chose it by: what the rules then did without asking (Viscounts'
    solo AI turn, ICE's camp moved to the one place it fits), which the terminal prints.

    A text plug-in whose log words always differ from its menu's (told in the third
    person: "discards Lender from their hand" for "Lender from your hand") says which
    lines say more with ``log_says_more(before, action, actor)``; otherwise a line says
    more when it differs from the label."""
    text = before.game.plugins.text
    more = None if text is None else text.log_says_more
    if more is not None:
        return bool(more(before, action, actor))
    return seen != action_label(before.game, action, lang, before)


def log_labels(
    before: State, action: Action, actor: int | None, viewer: int | None
) -> dict[str, str]:
    """:func:`log_label` in every language, as the server sends it with a log line."""
    return {lang: log_label(before, action, actor, viewer, lang) for lang in LANGUAGES}


def end_label(state: State, lang: str, names: Sequence[str] | None = None) -> str | None:
    """Why a finished game ended, in ``lang`` (``end_label`` of the game's text plug-in),
    followed by how a tie was broken (``tiebreak_label``, when one was).

    ``names`` are the seats' names as the reader knows them (the players'
    names in the browser, "player 2 (heuristic)" in the terminal), for the
    sentences that name a seat (the game says "player 2" without them). ``None``
    while the game runs or when its text module does not say.
    """
    text = state.game.plugins.text
    if text is None or text.end_label is None or not state.is_terminal():
        return None
    sentence = str(text.end_label(state, lang, None if names is None else list(names)))
    extra = text.tiebreak_label(state, lang) if text.tiebreak_label is not None else None
    space = "" if lang == "zh-TW" else " "  # Chinese sentences follow each other bare
    return f"{sentence}{space}{extra}" if extra else sentence


def rivals(state: State) -> dict[str, Any] | None:
    """The sides of a finished game that hold no seat (Viscounts' solo AI opponent), for
    the result: ``{"rivals": [{"name": {lang: ...}, "score": ..., "rank": ...}],
    "seat_ranks": [...]}``, the seats' ranks counted among them too.

    A solo seat always ranks 1 among the seats (``State.ranks``: what records and
    statistics keep); beside an opponent that outscored it, that rank misleads ("rank 1"
    under "you lost"), so the result shows the rivals as rows and ranks everyone
    together. From the text plug-in's ``rivals(state)``; ``None`` while the game runs
    or when the game has none.
    """
    text = state.game.plugins.text
    fn = None if text is None else text.rivals
    if fn is None or not state.is_terminal():
        return None
    got = fn(state)
    return dict(got) if got else None


def seat_marks(players: int) -> list[str]:
    """``{seat:0}``, ``{seat:1}``, ...: the names the server gives :func:`end_labels`.

    The page shows a seat's name in its own language (a bot is "電腦（策略型）"
    there), so the server sends a mark where a sentence names a seat and the
    page puts the name it shows there (docs/protocol.md, ``fillSeats``).
    """
    return [f"{{seat:{i}}}" for i in range(players)]


def end_labels(state: State, names: Sequence[str] | None = None) -> dict[str, str] | None:
    """:func:`end_label` in every language, as the server sends it in the result as
    ``end``, so the page can say which end condition (or the turn cap) closed the game."""
    out = {}
    for lang in LANGUAGES:
        sentence = end_label(state, lang, names)
        if sentence is None:
            return None
        out[lang] = sentence
    return out


def tie_broken(state: State) -> bool:
    """Two seats level on points that the game's tiebreaks ranked apart (say how, then)."""
    scores, ranks = state.scores(), state.ranks()
    n = len(scores)
    return any(
        scores[a] == scores[b] and ranks[a] != ranks[b] for a in range(n) for b in range(a + 1, n)
    )
