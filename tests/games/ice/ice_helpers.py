"""Set-up states for ICE's rule tests: a game past setup on a board we arrange by hand."""

from __future__ import annotations

from meeple.games.ice import Ice, IceState
from meeple.games.ice.actions import KeepRequests
from meeple.games.ice.components import (
    ARCHAEOLOGISTS,
    CENTRE,
    COVERS,
    EDGE,
    FACES,
    ICE,
    LAYER_POSITIONS,
    NEIGHBOURS,
    NP,
    SNOW,
    SUPPORTS,
    Face,
)


def face(layer: int, kind: int = -1, active: bool = False, terrain: int = -1) -> int:
    """The face code of a tile: an ice terrain, or an artifact (-1: empty) of a layer."""
    for code, f in enumerate(FACES):
        if f.layer != layer:
            continue
        if layer == ICE and f.terrain == terrain:
            return code
        if layer != ICE and f.kind == kind and f.active == active:
            return code
    raise KeyError(Face(layer, terrain, kind, active))


def ready(players: int = 2, seed: int = 1, **options: object) -> IceState:
    """A game past setup (everyone gave back their lowest request): day 1, seat 0 to act."""
    state = Ice(players=players, **options).new_initial_state(seed)
    for seat in range(players):
        state.apply(KeepRequests(state.private[seat][0]), seat)
    return state


def blank(state: IceState) -> IceState:
    """Clear the board of figures and camps and make every ice tile snow."""
    state.arch = [0] * NP
    state.camp = [0] * NP
    state.leader = [-1] * state.game.players
    state.arch_supply = ARCHAEOLOGISTS
    for p in LAYER_POSITIONS[ICE]:
        state.tile[p] = face(ICE, terrain=SNOW)
    return state


def dig_ready(players: int = 2, seed: int = 1) -> IceState:
    """A blank board with seat 0's leader on the ice centre, 5 AP, nothing spent."""
    state = blank(ready(players, seed))
    state.leader[0] = CENTRE
    return state


def two_layer_cascade(state: IceState) -> tuple[int, int, int]:
    """Arrange a dig of the surface tile ``s`` under the ice centre, with the centre its
    last cover, that drops a tile in each layer: ``ix`` (ice, next to the centre) and
    ``sx`` (surface, next to ``s``), each left with one neighbour beyond. Returns
    ``(s, ix, sx)``; the leader is the caller's to place on ``s``."""
    s = SUPPORTS[CENTRE][0]
    for c in COVERS[s]:
        if c != CENTRE:
            state.tile[c] = -1  # s keeps a single cover, the centre
    # the ice layer: a neighbour of the centre left with the centre and one more
    ix = next(q for q in NEIGHBOURS[CENTRE] if state.tile[q] >= 0 and not EDGE[q])
    keep_i = next(
        q for q in NEIGHBOURS[ix] if q != CENTRE and q not in NEIGHBOURS[CENTRE] and not EDGE[q]
    )
    for q in NEIGHBOURS[ix]:
        if q not in (CENTRE, keep_i):
            state.tile[q] = -1
    # the surface layer: a neighbour of s left with s and one more
    sx = next(q for q in NEIGHBOURS[s] if not EDGE[q])
    keep_s = next(q for q in NEIGHBOURS[sx] if q != s and q not in NEIGHBOURS[s])
    for q in NEIGHBOURS[sx]:
        if q not in (s, keep_s):
            state.tile[q] = -1
    return s, ix, sx
