"""Fit To Print's hidden information: undo barriers, determinization, the redacted log.

Secret: which tile each face-down back in the pool is, which tile another seat
drew (its size is public) and keeps on its desk, the centrepiece stack's and
the breaking-news decks' order, and the state's generator. Others see sizes
drawn, tiles returned or taken face up, layout calls, prints and drafts; never
which tile was kept nor any layout move.

What every seat knows about tiles it cannot see, and worlds drawn to agree
with it. A seat's log tells it more than its current view shows:

* a tile another seat took face up from the centre is on that seat's desk or
  page until the day ends (everyone watched it go);
* a tile shown at a day's end (on a page, or face up in the centre) went back
  into the face-down pool then, so no desk tile drawn *before* that day can be
  it.

Determinization must keep both, or information-set search plays in worlds the
seat knows to be impossible. :func:`resample` redraws the identities of the
hidden tiles under exactly these constraints: every hidden slot keeps its size
(face-down backs and drawn sizes are public), a tile a seat drew on day ``d``
is replaced only by a tile unseen since day ``d`` or earlier, and known tiles
stay put. The constraint sets are nested (a later draw accepts every tile an
earlier one accepts), so filling the most constrained slots first, each from
its sorted candidates, draws uniformly among the consistent worlds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np

from meeple.core import Action, Rng
from meeple.core.game import State
from meeple.core.kinds import first_owed
from meeple.games.fittoprint.actions import (
    Draft,
    Draw,
    Flip,
    Keep,
    Lift,
    MoveCentre,
    Place,
    Print,
    Return,
    TimeUp,
)
from meeple.games.fittoprint.components import TILE_SIZE
from meeple.games.fittoprint.state import FitToPrintData
from meeple.games.fittoprint.text import WORDS

#: the concrete state class (the rules' subclass of the data): determinize returns its own kind
S = TypeVar("S", bound=FitToPrintData)

#: The cap of a pool slot: the pool may hold any hidden tile.
POOL = 1 << 30


def resample(
    slots: Sequence[int],
    caps: Sequence[int],
    size_of: Sequence[int],
    unseen_since: Sequence[int],
    permutation: Callable[[int], np.ndarray],
) -> dict[int, int]:
    """A consistent relabelling of hidden tiles: ``{tile now in a slot: tile drawn for it}``.

    ``slots`` lists the hidden tiles in a public slot order, ``caps[k]`` the
    day slot ``k``'s tile was drawn (``POOL`` for the face-down pool),
    ``unseen_since[t]`` the first day from which nobody has seen tile ``t``.
    The result depends only on that public structure and ``permutation``.
    """
    groups: dict[tuple[int, int], list[int]] = {}
    for k, tile in enumerate(slots):
        groups.setdefault((size_of[tile], caps[k]), []).append(k)
    remaining: dict[int, set[int]] = {}
    for tile in slots:
        remaining.setdefault(size_of[tile], set()).add(tile)
    mapping: dict[int, int] = {}
    for (size, cap), members in sorted(groups.items()):
        eligible = sorted(t for t in remaining[size] if unseen_since[t] <= cap)
        chosen = [eligible[i] for i in permutation(len(eligible))[: len(members)]]
        for k, tile in zip(members, chosen, strict=True):
            mapping[slots[k]] = tile
            remaining[size].discard(tile)
    return mapping


def reveals(action: Action, seat: int | None) -> bool:
    """Whether ``action`` shows something hidden (an undo barrier): drawing shows the
    drawer a tile; returning shows it to all; printing, drafting and the timer may end a
    day (scoring shows every page); chance always does."""
    return seat is None or isinstance(action, (Draw, Return, Print, Draft, TimeUp))


def determinize(state: S, seat: int, rng: Rng) -> S:
    """Redraw the hidden tiles' identities under what ``seat``'s log told it.

    Every position and size stays (face-down backs and drawn sizes are
    public); tiles another seat took face up stay with it; a tile drawn on
    day ``d`` becomes one nobody has seen since day ``d`` or before (tiles
    shown at a day's end went back to the pool then; :func:`resample`).
    """
    c = state.clone()
    perm = np.random.default_rng(rng.next64()).permutation
    hidden = c.hidden_from(seat)
    pool = set(c.pool)
    caps = [POOL if t in pool else state.drawn_on[t] for t in hidden]
    mapping = resample(hidden, caps, TILE_SIZE, state.unseen_since, perm)
    c.pool = [mapping[t] for t in c.pool]
    for s in range(c.game.players):
        if s == seat:
            continue
        c.desk[s] = [mapping.get(t, t) for t in c.desk[s]]
        c.page[s] = {mapping.get(t, t): v for t, v in c.page[s].items()}
    # A drawn tile another seat holds is redrawn too (its decision's tile).
    c.decisions = tuple(
        d if d.seat == seat else d.again(*(mapping[t] for t in d.args)) for d in c.decisions
    )
    for old, new in mapping.items():  # the draw day belongs to the slot
        c.drawn_on[new] = -1 if old in pool else state.drawn_on[old]
    # Nobody knows the centrepiece stack or the breaking-news decks either.
    stack = sorted(c.cp_stack)
    c.cp_stack = [stack[i] for i in perm(len(stack))]
    c.news_decks = [[sorted(d)[i] for i in perm(len(d))] for d in c.news_decks]
    c.rng = Rng(rng.next64())
    return c


def redact(state: FitToPrintData, action: Action, actor: int | None, viewer: int | None) -> str:
    """Others see sizes drawn, tiles returned or taken (face up), layout calls,
    prints and drafts; never which tile was kept nor any layout move."""
    if actor is None:
        return str(action)
    if viewer == actor:
        held = state.drawn(actor)
        if isinstance(action, (Keep, Return)) and held >= 0:
            return f"seat {actor}: {action} {held}"
        return f"seat {actor}: {action}"
    if isinstance(action, Return):
        return f"seat {actor}: return {state.drawn(actor)}"
    if isinstance(action, (Place, Flip, Lift, MoveCentre)):
        return f"seat {actor}: works on the layout"
    return f"seat {actor}: {action}"


def hidden_label(
    before: State, action: Action, actor: int | None, viewer: int | None, lang: str
) -> str:
    """A log line the viewer sees only in part (``FitToPrintState.redact_action``): your
    own kept or returned tile by name, another's returned tile (the drawn tile's kind
    says both, decisions.py), another's layout work."""
    assert isinstance(before, FitToPrintData) and actor is not None
    if isinstance(action, (Keep, Return)):
        d = first_owed(before.decisions, actor)
        if d is not None:
            said = before.KINDS.label(before, d, action, lang, viewer != actor)
            if said is not None:
                return str(said)
    return WORDS("works", lang)
