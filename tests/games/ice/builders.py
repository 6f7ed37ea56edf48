"""Named set-ups for ICE's rules tests: a game past setup (:func:`ready`) on a board
arranged by name rather than by writing the state's fields in every test, so a change
to how the state keeps the board is fixed here::

    state = dig_ready()  # a blank board, seat 0's leader on the ice centre
    with_guild(state, 0, NAVIGATORS)
    ice_at(state, x, FAULT)  # the ice tile at x is a fault
    with_arch(state, x, 2)  # two archaeologists stand there
    remove_tile(state, y)  # y's tile is gone
"""

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


def tile_at(state: IceState, position: int, code: int) -> None:
    """The tile at ``position`` shows face ``code`` (:func:`face`)."""
    state.tile[position] = code


def ice_at(state: IceState, position: int, terrain: int) -> None:
    """The ice tile at ``position`` is of ``terrain`` (SNOW, FAULT, NUNATAK, ...)."""
    state.tile[position] = face(ICE, terrain=terrain)


def remove_tile(state: IceState, position: int) -> None:
    """The tile at ``position`` is gone (dug or collapsed)."""
    state.tile[position] = -1


def with_arch(state: IceState, position: int, n: int) -> None:
    """``n`` archaeologists stand at ``position``."""
    state.arch[position] = n


def with_camp(state: IceState, position: int, here: int = 1) -> None:
    """A camp stands at ``position`` (``here=0``: none does)."""
    state.camp[position] = here


def leader_at(state: IceState, seat: int, position: int) -> None:
    """``seat``'s leader stands at ``position`` (-1: off the board)."""
    state.leader[seat] = position


def with_guild(state: IceState, seat: int, guild: int) -> None:
    """``seat`` belongs to ``guild`` (NAVIGATORS, ALCHEMISTS, ...)."""
    state.guild[seat] = guild


def with_ap(state: IceState, seat: int, ap: int) -> None:
    """``seat`` has ``ap`` action points left this turn."""
    state.ap[seat] = ap


def with_hand(state: IceState, seat: int, *terrains: int) -> None:
    """``seat`` holds these ice terrains (none: nothing)."""
    state.hand[seat] = list(terrains)


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
    leader_at(state, 0, CENTRE)
    return state


def two_layer_cascade(state: IceState) -> tuple[int, int, int]:
    """Arrange a dig of the surface tile ``s`` under the ice centre, with the centre its
    last cover, that drops a tile in each layer: ``ix`` (ice, next to the centre) and
    ``sx`` (surface, next to ``s``), each left with one neighbour beyond. Returns
    ``(s, ix, sx)``; the leader is the caller's to place on ``s``."""
    s = SUPPORTS[CENTRE][0]
    for c in COVERS[s]:
        if c != CENTRE:
            remove_tile(state, c)  # s keeps a single cover, the centre
    # the ice layer: a neighbour of the centre left with the centre and one more
    ix = next(q for q in NEIGHBOURS[CENTRE] if state.tile[q] >= 0 and not EDGE[q])
    keep_i = next(
        q for q in NEIGHBOURS[ix] if q != CENTRE and q not in NEIGHBOURS[CENTRE] and not EDGE[q]
    )
    for q in NEIGHBOURS[ix]:
        if q not in (CENTRE, keep_i):
            remove_tile(state, q)
    # the surface layer: a neighbour of s left with s and one more
    sx = next(q for q in NEIGHBOURS[s] if not EDGE[q])
    keep_s = next(q for q in NEIGHBOURS[sx] if q != s and q not in NEIGHBOURS[s])
    for q in NEIGHBOURS[sx]:
        if q not in (s, keep_s):
            remove_tile(state, q)
    return s, ix, sx
