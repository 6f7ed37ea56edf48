"""Exploring: where a sliding penguin goes, computed without touching the state.

A slide runs straight until the next point holds one of the mover's own
pieces or a barrier; rival eggs on the way are removed and the slide goes on;
a rival penguin on the line makes the slide illegal, and so does a slide that
would come back to a point it already crossed (on a wrap-around board a free
line never ends). Storm and mutant seaweed end a slide on entry; a hole may
send the penguin on from another hole, which is a choice taken mid-slide, so
:func:`simulate` takes the choices made so far and either finishes or says
which question comes next.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meeple.games.penguins.components import (
    ASSISTANT,
    EGG,
    FREEZING,
    HOLE,
    NEST,
    SEAGULL,
    SEAWEED,
    STORM,
    Layout,
    side_of,
)
from meeple.games.penguins.geometry import CIRCLE_CW, Lattice


@dataclass
class SlideResult:
    """A finished slide. ``path`` runs from the start to the point where the penguin stopped."""

    path: list[int]
    removed: list[int] = field(default_factory=list)  #: rival eggs taken off on the way
    storm: bool = False  #: stopped by entering a storm
    seaweed: bool = False  #: stopped by entering mutant seaweed (the penguin leaves the board)
    frozen_hit: int | None = None  #: own frozen egg that stopped the slide (it is removed)

    @property
    def final(self) -> int:
        return self.path[-1]


@dataclass
class HoleQuestion:
    """The slide entered ``hole``: continue (None) or jump to one of ``targets``."""

    hole: int
    targets: list[int]
    path: list[int] = field(default_factory=list)  #: the slide so far, ending on the hole
    removed: list[int] = field(default_factory=list)


def is_frozen(layout: Layout, grid: Lattice, p: int) -> bool:
    """An egg is frozen while it lies beside a freezing tile (adjacency without wrap)."""
    return layout.beside(grid, FREEZING)[p]


def nest_ring(board: list[int], grid: Lattice, start: int) -> list[int | None] | None:
    """The ring of the first nest beside ``start``, rotated so ``start`` comes first."""
    for q in grid.adjacent_in_order[start]:
        if board[q] == NEST:
            ring = list(grid.ring[q])
            i = ring.index(start)
            return ring[i:] + ring[:i]
    return None


def simulate(
    board: list[int], layout: Layout, grid: Lattice, start: int, move: int, choices: list[int]
) -> SlideResult | HoleQuestion | None:
    """Run the slide of the penguin on ``start``; None when it is illegal.

    ``choices`` answers the hole questions in order (-1: no jump).
    """
    piece = board[start]
    side = side_of(piece)
    own_egg = EGG[side]
    circling = move >= 6
    ring: list[int | None] = []
    if circling:
        found = nest_ring(board, grid, start)
        if found is None:
            return None
        ring = found if move == CIRCLE_CW else [found[0], *reversed(found[1:])]
    pos, k = start, 0
    # Legal-action lists run this for every penguin and move at every step, so
    # the piece tests are inlined (codes in components.py: 0 empty, 1-2 eggs,
    # 3-6 penguins, SEAGULL and up barriers) and ``path`` doubles as the set
    # of points crossed (a slide crosses a handful).
    path = [start]
    removed: list[int] = []
    used_holes: set[int] = set()
    jump_to: int | None = None
    terrain = layout.terrain
    wrapped = grid.wrapped
    while True:
        if jump_to is not None:
            nxt: int = jump_to
            jump_to = None
        elif circling:
            k += 1
            on_ring = ring[k] if k < len(ring) else None
            if on_ring is None:
                break
            nxt = on_ring
        else:
            nxt = wrapped[pos][move]
        if nxt in path:
            return None  # back where it has been (its start is free now): an endless loop
        v = board[nxt]
        if v >= SEAGULL:  # a barrier
            break
        if v == own_egg:
            frozen = nxt if is_frozen(layout, grid, nxt) else None
            if len(path) < 2:
                return None
            return SlideResult(path, removed, frozen_hit=frozen)
        if v >= ASSISTANT[0]:  # a penguin
            if (v - 1) % 2 == side:
                break
            return None  # a rival penguin's point may not be entered
        if v:
            removed.append(nxt)  # a rival egg
        pos = nxt
        path.append(pos)
        t = terrain[pos]
        if not t:
            continue
        if t == STORM:
            return SlideResult(path, removed, storm=True)
        if t == SEAWEED:
            return SlideResult(path, removed, seaweed=True)
        if t == HOLE and not circling and pos not in used_holes:
            used_holes.add(pos)
            targets = [h for h in layout.points(HOLE) if h not in used_holes and h != pos]
            if not targets:
                continue
            if not choices:
                return HoleQuestion(pos, targets, path, removed)
            choice, choices = choices[0], choices[1:]
            if choice >= 0:
                used_holes.add(choice)
                jump_to = choice
    if len(path) < 2:
        return None
    return SlideResult(path, removed)


def resolve_any(
    board: list[int], layout: Layout, grid: Lattice, start: int, move: int, choices: list[int]
) -> bool:
    """Whether some answers to the remaining hole questions give a legal slide."""
    out = simulate(board, layout, grid, start, move, choices)
    if out is None:
        return False
    if isinstance(out, SlideResult):
        return True
    return any(
        resolve_any(board, layout, grid, start, move, [*choices, c]) for c in (-1, *out.targets)
    )


def hole_options(
    board: list[int], layout: Layout, grid: Lattice, start: int, move: int, choices: list[int]
) -> list[int]:
    """The answers (-1 = no jump) to the pending hole question that keep the slide legal."""
    out = simulate(board, layout, grid, start, move, choices)
    if not isinstance(out, HoleQuestion):
        return []
    return [
        c
        for c in (-1, *out.targets)
        if resolve_any(board, layout, grid, start, move, [*choices, c])
    ]
