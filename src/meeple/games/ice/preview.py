"""What a dig would do, before it is made: its cost, the tiles it exposes, the tiles that fall.

The browser board shows this when a player hovers or selects a tile, so
they see the price and the collapse before committing. It is computed here,
from the rules' own cost formula (:meth:`IceData.dig_cost_at`) and the same
collapse test as :meth:`IceState.collapse`, rather than again in JavaScript:
the cost depends on events, the edifice in play, guilds and per-turn flags,
and a second copy of those rules in the client would drift from the first.
Everything it reads is public (which tiles are there, figures, camps, ice
terrains), so it may go into any seat's view without leaking a face.
"""

from __future__ import annotations

from typing import Any

from meeple.games.ice.components import EDGE, EDIFICE, LAYER_OF, NEIGHBOURS, NP, RULES, SUPPORTS
from meeple.games.ice.state import IceData

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


def dig_preview(state: IceData, seat: int, p: int) -> dict[str, Any] | None:
    """A dig by ``seat``'s leader standing on ``p``: None when nothing can be dug there.

    ``cost[k]`` is the AP with ``k`` archaeologists more on the tile than now
    (brought along by Explore), the leader counted as standing there;
    ``cover`` is the single cover taken with the tile (-1 none), ``exposed``
    the tiles the figures and camp may go to, ``falls`` the collapse.
    """
    target = state.dig_target_at(p)
    if target is None:
        return None
    _, cover = target
    removed = [p] if cover < 0 else [p, cover]
    here = state.figures_on(p) + (0 if state.leader[seat] == p else 1)
    falls = falls_after(state.tile, removed)
    out = set(removed) | set(falls)
    exposed = sorted({q for r in removed for q in SUPPORTS[r] if state.tile[q] >= 0} - out)
    return {
        "tile": p,
        "cover": cover,
        "cost": [state.dig_cost_at(seat, p, cover, here + k) for k in range(CARRY + 1)],
        "exposed": exposed,
        "falls": falls,
    }


def dig_previews(state: IceData, seat: int) -> list[dict[str, Any]]:
    """Every tile ``seat``'s leader could dig from, with what the dig would do."""
    out = []
    for p in range(NP):
        if state.tile[p] >= 0 and state.visible(p):
            preview = dig_preview(state, seat, p)
            if preview is not None:
                out.append(preview)
    return out
