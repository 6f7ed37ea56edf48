"""The board's shape rules read straight off the tiles: what is visible, what falls.

Pure functions of the ``tile`` list (a face, or -1 where the tile is gone), shared by
the rules (legal actions, the collapse after a dig) and the dig previews, which ask
them for every tile of every turn: one copy of each rule, and no method call or
state copy per tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

try:
    import cython
except ImportError:  # no Cython: the interpreted module, with stand-ins for its names
    from meeple.core import _cython as cython

from meeple.games.ice.components import (
    COVERS,
    EDGE,
    EDIFICE,
    FACES,
    FAULT,
    ICE,
    LAYER_OF,
    NEIGHBOURS,
    NP,
)

# Every position has three covers (its layer's tiles above it) or none (the ice layer):
# the functions below read a covered tile's three covers unrolled.
if any(len(covers) not in (0, 3) for covers in COVERS) or any(
    bool(COVERS[p]) == (LAYER_OF[p] == ICE) for p in range(NP)
):
    raise ImportError("ICE's board changed shape: revisit meeple.games.ice.board")

#: Whether each face is a fault's (a fault only on an ice-layer position).
FAULT_FACE: tuple[bool, ...] = tuple(face.terrain == FAULT for face in FACES)
#: The live same-layer neighbours a tile needs to stay up: one on its layer's edge, else two.
_STAYS_WITH = tuple(1 if EDGE[p] else 2 for p in range(NP))
#: Tiles that can fall (an edifice never does).
_CAN_FALL = tuple(LAYER_OF[p] != EDIFICE for p in range(NP))
NOTHING: frozenset[int] = frozenset()


def visible_of(
    tile: Sequence[int], spots: Iterable[int], skip: frozenset[int], no_fault: bool
) -> list[int]:
    """The tiles of ``spots`` not in ``skip`` that are visible (there, with at least one
    cover gone: ``IceData.visible``) and, with ``no_fault``, no fault on the ice layer
    (``IceState.is_fault``), in order."""
    out = []
    for p in spots:
        face = tile[p]
        if face < 0 or p in skip:
            continue
        covers = COVERS[p]
        if covers:  # visible: one of its three covers gone
            a, b, c = covers
            if tile[a] >= 0 and tile[b] >= 0 and tile[c] >= 0:
                continue
        elif no_fault and FAULT_FACE[face]:
            continue
        out.append(p)
    return out


def visible_all(tile: Sequence[int]) -> list[bool]:
    """``IceData.visible`` of every position, in order."""
    out = []
    for p in range(NP):
        if tile[p] < 0:
            out.append(False)
            continue
        covers = COVERS[p]
        if covers:
            a, b, c = covers
            out.append(tile[a] < 0 or tile[b] < 0 or tile[c] < 0)
        else:
            out.append(True)
    return out


@cython.locals(
    q=cython.Py_ssize_t, x=cython.Py_ssize_t, live=cython.Py_ssize_t, need=cython.Py_ssize_t
)
def falls_after(tile: Sequence[int], removed: Sequence[int]) -> list[int]:
    """The tiles that fall, in order, once ``removed`` leave the board (``tile`` is not
    changed): the collapse rule, which :meth:`IceState.collapse` applies.

    A tile left with at most one same-layer neighbour falls (one on its layer's edge
    only with none); an edifice never falls; each fall is checked again around it,
    round by round in position order, until nothing more falls.
    """
    gone = set(removed)
    fell: list[int] = []
    check = sorted({q for p in removed for q in NEIGHBOURS[p]})
    while check:
        nxt: set[int] = set()
        for q in check:
            if tile[q] < 0 or q in gone or not _CAN_FALL[q]:
                continue
            need = _STAYS_WITH[q]
            live = 0
            for x in NEIGHBOURS[q]:
                if tile[x] >= 0 and x not in gone:
                    live += 1
                    if live >= need:
                        break
            if live < need:
                gone.add(q)
                fell.append(q)
                nxt.update(NEIGHBOURS[q])
        check = sorted(nxt)
    return fell
