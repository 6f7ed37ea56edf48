"""What every seat knows about tiles it cannot see, and worlds drawn to agree with it.

A seat's log tells it more than its current view shows:

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

import numpy as np

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
