"""The board: a triangular lattice of points whose edges wrap around.

Points are stored in axial coordinates: each row is drawn half a step to the
right of the one above, so the board is a rhombus. Wrapping both pairs of
opposite sides makes it a torus on which every straight line, in all three
orientations, closes after exactly ``width`` (or ``height``) points. (An
offset-row rectangle would make its diagonals twice as long as its rows,
which lets one slide lay far too many eggs.)

Two notions of "next to" are needed, and the seed's FAQ keeps them apart:
*movement* wraps (a slide leaving one edge re-enters at the opposite one),
but *adjacency for effects* does not (FAQ 6 and 7: a point on one edge is not
beside a seagull or a free space on the opposite edge).

>>> g = Lattice(8, 8)
>>> g.label(0), g.label(g.index(7, 7)), g.point("C2")
('A1', 'H8', 10)
>>> g.step(g.point("A1"), WEST)
(7, True)
"""

from __future__ import annotations

from functools import cache

EAST, SOUTH_EAST, SOUTH_WEST, WEST, NORTH_WEST, NORTH_EAST = range(6)
#: Directions in clockwise order as drawn (row numbers grow downwards).
DIRECTIONS: tuple[int, ...] = (EAST, SOUTH_EAST, SOUTH_WEST, WEST, NORTH_WEST, NORTH_EAST)
DIRECTION_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")
#: Pseudo-directions of an exploring action that circles a penguin nest.
CIRCLE_CW, CIRCLE_CCW = 6, 7
ALL_MOVES: tuple[int, ...] = (*DIRECTIONS, CIRCLE_CW, CIRCLE_CCW)
MOVE_NAMES: tuple[str, ...] = (*DIRECTION_NAMES, "CW", "CCW")

#: (column, row) steps in direction order E, SE, SW, W, NW, NE.
_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def opposite(d: int) -> int:
    return (d + 3) % 6


class Lattice:
    """Precomputed neighbour tables for a ``width`` x ``height`` wrap-around lattice."""

    def __init__(self, width: int, height: int) -> None:
        if width < 3 or height < 3:
            raise ValueError("the lattice needs at least 3 columns and 3 rows")
        self.width = width
        self.height = height
        self.size = width * height
        steps: list[tuple[tuple[int, bool], ...]] = []
        for p in range(self.size):
            c, r = p % width, p // width
            row: list[tuple[int, bool]] = []
            for dc, dr in _STEPS:
                nc, nr = c + dc, r + dr
                wrapped = not (0 <= nc < width and 0 <= nr < height)
                row.append(((nr % height) * width + nc % width, wrapped))
            steps.append(tuple(row))
        self._steps = tuple(steps)
        #: Per point, the neighbour in each direction without wrapping (None off the board).
        self.ring: tuple[tuple[int | None, ...], ...] = tuple(
            tuple(q if not w else None for q, w in row) for row in self._steps
        )
        #: Per point, its neighbours on the board (no wrap): adjacency for effects.
        self.adjacent: tuple[frozenset[int], ...] = tuple(
            frozenset(q for q in ring if q is not None) for ring in self.ring
        )
        #: The same neighbours in increasing order (a nest is looked for at every step).
        self.adjacent_in_order: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(a)) for a in self.adjacent
        )
        #: Per point, its neighbour in each direction across edges (movement wraps).
        self.wrapped: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q, _ in row) for row in self._steps
        )
        #: (triangle, its corners) for every triangle on the board, in order:
        #: cards scan them all to know whether they may be played.
        self.triangles: tuple[tuple[int, tuple[int, int, int]], ...] = tuple(
            (t, corners) for t in range(2 * self.size) if (corners := self.triangle(t)) is not None
        )
        #: Points on the rim of the board (fewer than six on-board neighbours).
        self.edge: frozenset[int] = frozenset(
            p for p in range(self.size) if len(self.adjacent[p]) < 6
        )

    def index(self, col: int, row: int) -> int:
        return row * self.width + col

    def coords(self, p: int) -> tuple[int, int]:
        return p % self.width, p // self.width

    def step(self, p: int, d: int) -> tuple[int, bool]:
        """The next point from ``p`` in direction ``d`` and whether the move crossed an edge."""
        return self._steps[p][d]

    def move_neighbours(self, p: int) -> list[int]:
        """Neighbours for movement, across edges too (emperor penguin, seal, cards)."""
        return list(self.wrapped[p])

    def label(self, p: int) -> str:
        """Column letter and row number, as printed around the board: ``A1`` .. ``H8``."""
        c, r = self.coords(p)
        return f"{chr(ord('A') + c)}{r + 1}"

    def point(self, label: str) -> int:
        text = label.strip().upper()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            raise ValueError(f"not a point label: {label!r}")
        c, r = ord(text[0]) - ord("A"), int(text[1:]) - 1
        if not (0 <= c < self.width and 0 <= r < self.height):
            raise ValueError(f"point {label!r} is off the board")
        return self.index(c, r)

    def triangle(self, t: int) -> tuple[int, int, int] | None:
        """The three corners of small triangle ``t`` (two per point), or None if it
        would straddle an edge (those areas do not exist on the physical board).
        Triangle ``2p`` is (p, its E, its SE neighbour); ``2p+1`` is (p, SE, SW)."""
        p, k = divmod(t, 2)
        a, b = ((EAST, SOUTH_EAST), (SOUTH_EAST, SOUTH_WEST))[k]
        qa, qb = self.ring[p][a], self.ring[p][b]
        if qa is None or qb is None:
            return None
        return (p, qa, qb)

    @property
    def triangle_count(self) -> int:
        return 2 * self.size


@cache
def lattice(width: int = 8, height: int = 8) -> Lattice:
    """The shared (immutable) lattice of a board size."""
    return Lattice(width, height)
