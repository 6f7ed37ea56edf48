"""Terrain and barrier effects that move things around: tents, rivers, storms,
seagulls, the emperor penguin and the seal.

These helpers take the board and layout explicitly so they can be tested on
their own and reused by event cards (the whirlpool turns a ring like a tent).
"""

from __future__ import annotations

from meeple.games.penguins.components import (
    BLAZING,
    EMPTY,
    OFF_BOARD,
    SEAGULL,
    TENT,
    Layout,
    is_egg,
)
from meeple.games.penguins.geometry import Lattice


def rotate_ring(board: list[int], grid: Lattice, centre: int, turn: int) -> None:
    """Turn whatever stands on the neighbours of ``centre`` one step (+1 clockwise).

    Neighbours off the board (a centre on the rim) are skipped: the pieces
    turn among the neighbours that exist.
    """
    ring = [q for q in grid.ring[centre] if q is not None]
    values = [board[q] for q in ring]
    n = len(ring)
    for i, q in enumerate(ring):
        board[q] = values[(i - turn) % n]


def tents_beside(layout: Layout, grid: Lattice, p: int) -> list[int]:
    return sorted(q for q in grid.adjacent[p] if layout.terrain[q] == TENT)


def storm_exits(
    board: list[int], grid: Lattice, storm: int, came_from: int, side: int
) -> list[int]:
    """Where a penguin caught in a storm may go: a neighbour on the board (no
    wrap, FAQ 7) that is empty or holds a rival egg, other than where it came from."""
    rival_egg = 2 - side  # EGG[1 - side]
    return sorted(
        q
        for q in grid.adjacent[storm]
        if q != came_from and (board[q] == EMPTY or board[q] == rival_egg)
    )


def points_of(board: list[int], a: int, b: int) -> list[int]:
    """The points holding ``a`` or ``b``, in order: a side's eggs, or its penguins.

    Legal actions ask it at every step (the hatchable eggs twice: whether the turn has
    a main action, then the list), so it finds the few pieces with ``list.count`` and
    ``list.index``, which scan in C, rather than a Python loop over every point."""
    out: list[int] = []
    for v in (a, b):
        i = -1
        for _ in range(board.count(v)):
            i = board.index(v, i + 1)
            out.append(i)
    out.sort()
    return out


def seagulls_beside(board: list[int], grid: Lattice, points: list[int]) -> list[int]:
    """Seagulls next to any of ``points`` (adjacency without wrap, FAQ 6)."""
    return sorted({q for p in points for q in grid.adjacent[p] if board[q] == SEAGULL})


def blazing_eggs(board: list[int], layout: Layout, grid: Lattice) -> list[int]:
    """Eggs (of either side) beside a blazing tile."""
    out: set[int] = set()
    for b in layout.points(BLAZING):
        out.update(q for q in grid.adjacent[b] if is_egg(board[q]))
    return sorted(out)


def river_ready(layout: Layout, remaining: list[int]) -> list[int]:
    """River tiles whose downstream tiles have all been processed."""
    rest = set(remaining)
    return [t for t in remaining if not any(x in rest for x in layout.river_map[t])]


def river_targets(board: list[int], layout: Layout, tile: int) -> list[int]:
    """Downstream points a piece on ``tile`` can move to now (OFF_BOARD always can)."""
    return [x for x in layout.river_map[tile] if x == OFF_BOARD or board[x] == EMPTY]


def river_conflict(board: list[int], layout: Layout, remaining: list[int]) -> list[int]:
    """Ready tiles with a piece competing for the same free downstream point
    (expansion FAQ 2: the current player says which moves first)."""
    ready = [t for t in river_ready(layout, remaining) if board[t] != EMPTY]
    by_target: dict[int, list[int]] = {}
    for t in ready:
        for x in river_targets(board, layout, t):
            if x != OFF_BOARD:
                by_target.setdefault(x, []).append(t)
    for sources in by_target.values():
        if len(sources) > 1:
            return sorted(sources)
    return []
