"""What a dig would do, before it is made: its cost, the tiles it exposes, the tiles that fall.

The browser board shows this when a player hovers or selects a tile, so
they see the price and the collapse before committing, for every tile the
leader could dig from, reached or not. It is told through the core's preview
contract (:mod:`meeple.core.preview`): each tile is a hypothetical,
:class:`DigFrom`, whose child is the board after the rules' own take-off and
collapse of the tile and its cover (:func:`dig_child`); the tiles it exposes and
brings down are read from that child, the cost from the rules' own cost formula
(:meth:`IceData.dig_cost_at`, with 0-3 archaeologists brought along, which one
child cannot tell), rather than again in JavaScript: the cost depends on events,
the edifice in play, guilds and per-turn flags, and a second copy of those
rules in the client would drift from the first. Everything it reads is public
(which tiles are there, figures, camps, ice terrains), so it may go into any
seat's view without leaking a face; the child is the seat's determinization.

The view carries it as ``digs``: a list of ``{"tile", "cover", "cost", "exposed",
"falls"}`` (docs/web-client.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.preview import Preview
from meeple.games.ice.components import EDGE, EDIFICE, LAYER_OF, NEIGHBOURS, NP, RULES, SUPPORTS
from meeple.games.ice.state import TURN, IceData

#: Previews list the cost with up to this many archaeologists brought along.
CARRY = int(RULES["explore_carry"])


def falls_after(tile: list[int], removed: list[int]) -> list[int]:
    """The tiles that fall, in order, once ``removed`` leave the board (``tile`` is not changed).

    The rule of :meth:`IceState.collapse`: a tile left with at most one
    same-layer neighbour falls (one on its layer's edge only with none), and
    each fall is checked again around it until nothing more falls.
    """
    gone = set(removed)
    fell: list[int] = []
    check = sorted({q for p in removed for q in NEIGHBOURS[p]})
    while check:
        nxt: set[int] = set()
        for q in check:
            if tile[q] < 0 or q in gone or LAYER_OF[q] == EDIFICE:
                continue
            live = sum(1 for x in NEIGHBOURS[q] if tile[x] >= 0 and x not in gone)
            if live <= (0 if EDGE[q] else 1):
                gone.add(q)
                fell.append(q)
                nxt.update(NEIGHBOURS[q])
        check = sorted(nxt)
    return fell


@dataclass(frozen=True, slots=True)
class DigFrom(Action):
    """A preview's hypothetical, not a move of the game: the leader standing on ``tile``
    digs there (the dig previews show every tile the leader could reach)."""

    kind: ClassVar[str] = "dig-from"
    tile: int


def planning(state: IceData, seat: int) -> bool:
    """Whether ``seat`` is choosing its turn's next AP action (when dig previews help)."""
    return state.phase == TURN and state.current == seat and state.pending() is None


def previewed(state: IceData, seat: int) -> list[Action]:
    """A dig from every tile ``seat``'s leader could dig from, while it plans its turn."""
    if not planning(state, seat):
        return []
    return [
        DigFrom(p)
        for p in range(NP)
        if state.tile[p] >= 0 and state.visible(p) and state.dig_target_at(p) is not None
    ]


def dig_child(before: IceData, action: Action, seat: int) -> IceData:
    """The child of a :class:`DigFrom`: ``before`` with the tile (and its single cover)
    taken off and the collapse run, by the rules' own ``take_off`` and ``collapse``
    (what a dig does to the board; its AP, its gains and the decisions it leaves
    are not read, and a full dig from every tile cost a view 10 ms more)."""
    assert isinstance(action, DigFrom)
    target = before.dig_target_at(action.tile)
    assert target is not None
    removed = [q for q in target if q >= 0]
    child: Any = before.clone()
    for q in removed:
        child.take_off(q)
    child.collapse(seat, removed)
    out: IceData = child
    return out


def describe(before: IceData, action: Action, child: IceData, seat: int) -> dict[str, Any]:
    """``cost[k]`` is the AP with ``k`` archaeologists more on the tile than now
    (brought along by Explore), the leader counted as standing there; ``cover`` the
    single cover taken with the tile (-1 none); ``exposed`` the tiles the figures and
    camp may go to and ``falls`` the collapse, both as the child has them (the falls
    in the order the collapse takes them)."""
    assert isinstance(action, DigFrom)
    p = action.tile
    target = before.dig_target_at(p)
    assert target is not None
    _, cover = target
    removed = [p] if cover < 0 else [p, cover]
    falls = [q for q in falls_after(before.tile, removed) if child.tile[q] < 0]
    exposed = sorted({q for r in removed for q in SUPPORTS[r] if child.tile[q] >= 0})
    here = before.figures_on(p) + (0 if before.leader[seat] == p else 1)
    return {
        "tile": p,
        "cover": cover,
        "cost": [before.dig_cost_at(seat, p, cover, here + k) for k in range(CARRY + 1)],
        "exposed": exposed,
        "falls": falls,
    }


#: The view's ``digs`` through the core's preview contract.
PREVIEW: Preview[Any] = Preview(key="digs", actions=previewed, describe=describe, child=dig_child)


def dig_preview(state: IceData, seat: int, p: int) -> dict[str, Any] | None:
    """A dig by ``seat``'s leader standing on ``p``: None when nothing can be dug there."""
    if state.dig_target_at(p) is None:
        return None
    action = DigFrom(p)
    return describe(state, action, dig_child(state, action, seat), seat)
