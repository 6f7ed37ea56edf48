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
(which tiles are there, figures, camps, ice terrains, the day's event and the
edifice in play), so it may go into any seat's view without leaking a face, and
it is read from the state itself (``basis="state"``: a determinization redraws
only faces it never reads, and cost a view 70 us; tests/test_preview.py holds it to
the same previews in another world). The child is the board alone
(:class:`Dug`), not a copy of the state.

The view carries it as ``digs``: a list of ``{"tile", "cover", "cost", "exposed",
"falls"}`` (docs/web-client.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.preview import Preview
from meeple.games.ice.board import NOTHING, falls_after, visible_of
from meeple.games.ice.components import NP, RULES, SUPPORTS
from meeple.games.ice.state import TURN, IceData

#: Previews list the cost with up to this many archaeologists brought along.
CARRY = int(RULES["explore_carry"])


@dataclass(frozen=True, slots=True)
class DigFrom(Action):
    """A preview's hypothetical, not a move of the game: the leader standing on ``tile``
    digs there (the dig previews show every tile the leader could reach)."""

    kind: ClassVar[str] = "dig-from"
    tile: int


_DIG_FROM = tuple(DigFrom(p) for p in range(NP))


def planning(state: IceData, seat: int) -> bool:
    """Whether ``seat`` is choosing its turn's next AP action (when dig previews help)."""
    return state.phase == TURN and state.current == seat and state.pending() is None


def previewed(state: IceData, seat: int) -> list[Action]:
    """A dig from every tile ``seat``'s leader could dig from, while it plans its turn."""
    if not planning(state, seat):
        return []
    return [
        _DIG_FROM[p]
        for p in visible_of(state.tile, range(NP), NOTHING, False)
        if state.dig_target_at(p) is not None
    ]


class Dug:
    """The board after a dig: what a dig's child holds that the preview reads.

    The dug tile (``tile``), its single cover (``cover``, -1 none), the tiles the
    collapse brings down in order (``falls``), and the positions the two empty
    (``gone``: a position holds a tile after the dig when the board has one there
    and it is not gone). The rest of a dig (figures back, camps to the mover, AP,
    gains, the decisions it leaves) is not read, so the child is this delta over the
    board rather than a copy of the state: a view shows some 50 digs, and a copy and
    collapse of the state for each made ICE's view cost 1.1-1.4 ms (issue 39)."""

    __slots__ = ("cover", "falls", "gone", "tile")

    def __init__(self, tile: int, cover: int, falls: list[int]) -> None:
        self.tile, self.cover, self.falls = tile, cover, falls
        self.gone = {tile, cover, *falls}


def dig_child(before: IceData, action: Action, seat: int) -> Dug:
    """The child of a :class:`DigFrom`: ``before``'s board with the tile (and its single
    cover) taken off and the collapse run, by the rules' own collapse rule
    (:func:`meeple.games.ice.board.falls_after`, which ``IceState.collapse`` applies)."""
    assert isinstance(action, DigFrom)
    target = before.dig_target_at(action.tile)
    assert target is not None
    p, cover = target
    falls = falls_after(before.tile, (p,) if cover < 0 else target)
    return Dug(p, cover, falls)


def describe(before: IceData, action: Action, child: Dug, seat: int) -> dict[str, Any]:
    """``cost[k]`` is the AP with ``k`` archaeologists more on the tile than now
    (brought along by Explore), the leader counted as standing there; ``cover`` the
    single cover taken with the tile (-1 none); ``exposed`` the tiles the figures and
    camp may go to and ``falls`` the collapse, both as the child has them (the falls
    in the order the collapse takes them)."""
    assert isinstance(action, DigFrom)
    p, cover = child.tile, child.cover
    removed = (p,) if cover < 0 else (p, cover)
    board, gone = before.tile, child.gone
    exposed = sorted({q for r in removed for q in SUPPORTS[r] if board[q] >= 0 and q not in gone})
    here = before.figures_on(p) + (0 if before.leader[seat] == p else 1)
    return {
        "tile": p,
        "cover": cover,
        "cost": before.dig_costs_at(seat, p, cover, here, CARRY + 1),
        "exposed": exposed,
        "falls": list(child.falls),
    }


#: The view's ``digs`` through the core's preview contract.
PREVIEW: Preview[Any] = Preview(
    key="digs", actions=previewed, describe=describe, child=dig_child, basis="state"
)


def dig_preview(state: IceData, seat: int, p: int) -> dict[str, Any] | None:
    """A dig by ``seat``'s leader standing on ``p``: None when nothing can be dug there."""
    if state.dig_target_at(p) is None:
        return None
    action = DigFrom(p)
    return describe(state, action, dig_child(state, action, seat), seat)
