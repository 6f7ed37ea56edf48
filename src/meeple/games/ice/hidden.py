"""ICE's hidden information: undo barriers, determinization, the redacted log.

Secrets: the faces of artifact tiles still on the board (a seat sees the back's
hint of a tile it can see, nothing of a covered one), the faces of the edifices
not yet exposed, the order of the request deck, and other players' secret
requests (and the ones they gave back at setup). Everything else is on the
table (view.py says what a seat sees).

The one secret choice is the request given back at setup: the others' log line
says only that one was given back.
"""

from __future__ import annotations

import random
from typing import TypeVar

from meeple.core import Action, Rng
from meeple.games.ice.actions import Dig, DoneDay, KeepRequests
from meeple.games.ice.components import (
    ARTIFACT_LAYERS,
    COVERS,
    EDIFICE,
    FACES,
    HINTS,
    LAYER_POSITIONS,
)
from meeple.games.ice.state import IceData
from meeple.games.ice.text import TEXT

#: the concrete state class (the rules' subclass of the data): determinize returns its own kind
S = TypeVar("S", bound=IceData)


def reveals(action: Action, seat: int | None) -> bool:
    """Whether ``action`` shows something hidden (an undo barrier): a dig turns tiles up
    and shows new backs; the night refills the bounty; chance always does."""
    return isinstance(action, (Dig, DoneDay)) or seat is None


def determinize(state: S, seat: int, rng: Rng) -> S:
    """A copy of ``state`` with what ``seat`` cannot see redrawn (:func:`resample`)."""
    other = state.clone()
    resample(other, seat, rng)
    return other


#: Each face's back hint (-1 for faces without one), for the determinization's inner loops.
_HINT_OF = tuple(f.hint for f in FACES)


def resample(state: IceData, seat: int, rng: Rng) -> None:
    """Redraw, in place, everything ``seat`` cannot see, consistently with what it can.

    Hidden faces are shuffled within their layer, a visible tile only among
    faces with its back's hint, and the face-down edifices among themselves
    (an exposed one is face up and stays); the deck and others' secret
    requests are dealt again from their pooled cards. Pools are sorted before
    shuffling, so the result depends on ``seat``'s view and ``rng`` alone.

    Search determinizes once per iteration, so this is on its hot path: the
    shuffles use a ``random.Random`` seeded from ``rng`` (C-level draws,
    several times faster than drawing each index from ``rng`` in Python).
    """
    rnd = random.Random(rng.next64()).random

    def shuffle(items: list[int]) -> None:
        # Sorted first, so the result does not depend on where the faces lay; then
        # ordered by a random key drawn per item in that order (a uniform shuffle).
        items.sort()
        items.sort(key=lambda _: rnd())

    tile = state.tile
    hint_of = _HINT_OF
    for layer in ARTIFACT_LAYERS:
        by_hint: list[list[int]] = [[] for _ in HINTS]
        spots: list[list[int]] = [[] for _ in HINTS]
        covered: list[int] = []
        for p in LAYER_POSITIONS[layer]:
            f = tile[p]
            if f < 0:
                continue
            by_hint[hint_of[f]].append(f)
            if -1 in [tile[c] for c in COVERS[p]]:  # a cover gone: visible, its back seen
                spots[hint_of[f]].append(p)
            else:
                covered.append(p)
        rest: list[int] = []
        for fits, places in zip(by_hint, spots, strict=True):
            shuffle(fits)
            for p, f in zip(places, fits, strict=False):
                tile[p] = f
            rest += fits[len(places) :]
        shuffle(rest)
        for p, f in zip(covered, rest, strict=True):
            tile[p] = f
    face_down = [p for p in LAYER_POSITIONS[EDIFICE] if state.hidden_face(p)]
    edifices = [tile[p] for p in face_down]
    shuffle(edifices)
    for p, f in zip(face_down, edifices, strict=True):
        tile[p] = f
    others = [s for s in range(state.game.players) if s != seat]
    cards = state.deck + [c for s in others for c in state.private[s] + state.given_back[s]]
    shuffle(cards)
    for s in others:
        k = len(state.private[s])
        state.private[s] = sorted(cards[:k])
        cards = cards[k:]
        g = len(state.given_back[s])
        state.given_back[s] = cards[:g]
        cards = cards[g:]
    state.deck = cards


def redact(state: IceData, action: Action, actor: int | None, viewer: int | None) -> str:
    """Every step in full but the request another seat gave back at setup."""
    if isinstance(action, KeepRequests) and viewer != actor:
        return f"seat {actor}: giveback ?"
    return str(action) if actor is None else f"seat {actor}: {action}"


def hidden_label(
    before: object, action: Action, actor: int | None, viewer: int | None, lang: str
) -> str:
    """The one log line others see only in part: a request given back at setup."""
    return TEXT("gave_back", lang)
