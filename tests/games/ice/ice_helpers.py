"""Set-up states for ICE's rule tests: a game past setup on a board we arrange by hand."""

from __future__ import annotations

from meeple.games.ice import Ice, IceState
from meeple.games.ice.actions import KeepRequests
from meeple.games.ice.components import (
    ARCHAEOLOGISTS,
    CENTRE,
    FACES,
    ICE,
    LAYER_POSITIONS,
    NP,
    SNOW,
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
