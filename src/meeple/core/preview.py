"""Previews through one contract: what an action would do, told from the state and its child.

A preview is what the browser shows a player before they choose: the cost, the
result, where a piece would land. Every game tells it the same way, OpenSpiel's
``Child`` applied to the page: the rules make the child state an action leads
to (:meth:`~meeple.core.game.State.child`), and the game's declared
:class:`Preview` describes the step from the state to that child in the words
and numbers its page draws. The rules are the only copy of the rules; the page
draws what the server sends.

A game declares its preview once (its ``preview.py``, named in the game's
:class:`~meeple.core.game.Plugins`), and its view puts :func:`previews` in the
field it has always used, so the wire format of each game is its own (see
docs/protocol.md, "Previews")::

    PREVIEW = Preview(key="moves", actions=previewed, describe=describe, gather=gather)

    def view(state, seat):
        return {..., PREVIEW.key: previews(PREVIEW, state, seat)}

Secrets stay secret. A child computed from the real state of a game with hidden
information may hold what its seat cannot know (the card a refill draws, the tile
under a face-down one), and a description that read it would show it on the page.
So the children are taken from the seat's own knowledge, never from the real
state: :func:`basis` is the state itself only in a perfect-information game, and
otherwise :meth:`~meeple.core.game.State.determinize` for the seat with a fixed
seed, a world consistent with what the seat sees. Whatever a description reads is
then either known to the seat or a guess it could have made itself, and two real
states the seat cannot tell apart give it the same previews (tests/test_preview.py
checks that for every registered game). The actions previewed are the seat's own
legal actions (which it knows); nothing else is read from the real state.
"""

from __future__ import annotations

from typing import Any, TypeVar

from meeple.core.actions import Action
from meeple.core.game import Preview, State
from meeple.core.rng import Rng

__all__ = ["BASIS_SEED", "Preview", "basis", "carried", "declared", "described", "previews"]

S = TypeVar("S", bound=State)

#: The seed of the world a hidden-information preview is computed in (:func:`basis`):
#: fixed, so one view always shows one preview.
BASIS_SEED = 0x9E37_79B9


def basis(state: S, seat: int, how: str = "seen") -> S:
    """The state ``seat``'s previews are computed from: ``state`` itself when no seat
    holds a secret (or the preview declares ``basis="state"``), else a world
    consistent with what ``seat`` sees (module doc)."""
    if state.game.perfect_information or how == "state":
        return state
    world: Any = state.determinize(seat, Rng(BASIS_SEED))
    return world


def described(preview: Preview[S], state: S, seat: int) -> list[tuple[Action, Any]]:
    """Each previewed action with its description, each from its own child state."""
    actions = list(preview.actions(state, seat))
    if not actions:
        return []
    before = basis(state, seat, preview.basis)
    out = []
    for action in actions:
        # unchecked: the game lists the seat's legal actions (its hypotheticals apply
        # unchecked anyway), and a view of the penguin game lists every slide, each
        # check a list of legal actions more; tests/test_preview.py checks the list
        if preview.child is not None:
            child: Any = preview.child(before, action, seat)
        else:
            child = before.child(action, seat, checked=False)
        out.append((action, preview.describe(before, action, child, seat)))
    return out


def previews(preview: Preview[S], state: S, seat: int | None) -> Any:
    """What ``seat``'s view carries in ``preview.key`` (a spectator gets the empty shape)."""
    items = [] if seat is None else described(preview, state, seat)
    return preview.gather(state, seat, items)


def carried(view: dict[str, Any], key: str) -> Any:
    """What ``view`` carries at a preview's ``key``, a field or a dotted path into one
    (Fit To Print's ``you.unmet``); ``None`` when the view has no such field."""
    out: Any = view
    for part in key.split("."):
        if not isinstance(out, dict) or part not in out:
            return None
        out = out[part]
    return out


def declared(state: State) -> Preview[Any] | None:
    """The preview ``state``'s game declares in its plug-ins, if any."""
    found: Preview[Any] | None = type(state.game).plugins.preview
    return found
