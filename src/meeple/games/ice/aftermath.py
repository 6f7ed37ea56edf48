"""What a dig leaves behind, as functions over the state's data: its figures and camps
going down onto the tiles it exposed, the tiles it (or Philosophy) takes.

The rules' dig and the decision kinds (decisions.py) both carry these out, so they
live below both: a kind's answer places a figure and then lets the rules place the
next ones while only one tile may take them, exactly as the dig itself did. Each
helper says what is still to decide as a decision's args (or ``None``: nothing).
"""

from __future__ import annotations

from meeple.core.decisions import Decision
from meeple.games.ice.components import BASIC_TYPES, EDGE, EDIFICE, FACES, ICE, PRISM
from meeple.games.ice.state import ARCH, PRISM_PLACE, IceData

#: Camps stand at least this many tile widths apart when a dug tile's camp moves.
CAMP_MOVE_SPACING = 2


def place_figure(
    s: IceData, figures: list[int], exposed: tuple[int, ...], counts: list[int], p: int
) -> None:
    """The next of ``figures`` onto exposed tile ``p`` (``counts``: what each took)."""
    fig = figures.pop(0)
    counts[exposed.index(p)] += 1
    if fig == ARCH:
        s.arch[p] += 1
        s.arch_supply -= 1
    else:
        s.leader[fig] = p


def share_left(
    s: IceData, figures: list[int], exposed: tuple[int, ...], counts: list[int]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None:
    """Place figures while only one tile may take the next one (the tile that has taken
    fewest); the ``share`` decision's args when a choice is left, else ``None``."""
    while figures:
        least = min(counts)
        spots = [i for i, k in enumerate(counts) if k == least]
        if len(spots) > 1:
            return (tuple(figures), exposed, tuple(counts))
        place_figure(s, figures, exposed, counts, exposed[spots[0]])
    return None


def camp_targets(s: IceData, exposed: tuple[int, ...]) -> list[int]:
    """Where a dug tile's camp may go: an exposed tile off the edge, next to no camp."""
    return [p for p in exposed if not EDGE[p] and s.camp_spot_ok(p, CAMP_MOVE_SPACING)]


def camps_left(
    s: IceData, me: int, camps: int, exposed: tuple[int, ...]
) -> tuple[int, tuple[int, ...]] | None:
    """Move the dug tiles' ``camps`` where only one place fits, back to ``me`` when none
    does; the ``camp`` decision's args when a choice is left, else ``None``."""
    while camps:
        spots = camp_targets(s, exposed)
        if len(spots) > 1:
            return (camps, exposed)
        if spots:
            s.camp[spots[0]] = 1
        else:
            s.camps_held[me] += 1
        camps -= 1
    return None


def gain(s: IceData, me: int, face: int) -> bool:
    """A tile taken by ``me``: ice to the hand, an artifact to the guild board. Whether
    an artifact joined the board (then every prism there is placed again)."""
    f = FACES[face]
    if f.layer == ICE:
        s.hand[me].append(f.terrain)
        s.hand[me].sort()
        return False
    if f.kind < 0 or f.layer == EDIFICE:
        return False
    s.board[me].append(face)
    s.prism_as[me].append(BASIC_TYPES[0] if f.kind == PRISM else -1)
    return True


def place_prisms(s: IceData, me: int) -> Decision | None:
    """The decision to place every prism on ``me``'s guild board (after an artifact
    joined it), or ``None`` when it holds none."""
    slots = tuple(i for i, g in enumerate(s.board[me]) if FACES[g].kind == PRISM)
    return Decision(me, PRISM_PLACE, (slots,)) if slots else None
