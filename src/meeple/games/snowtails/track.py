"""Snow Tails tracks: tiles from data.toml, assembled into a course of lane cells.

A course is a sequence of tile sides, start first and finish last. Each tile
contributes a run of cells to each of the five lanes (left to right as seen by
a driving sled). Straights give every lane the same number of cells; corners
give the inside lane fewer, which is what makes the inside line fast.

The result, :class:`Track`, is flat, immutable and shared by every state of a
game: cells are integers, and per-cell facts are tuples indexed by cell id.

Why a "progress" order rather than rows: in a corner, lanes have different
numbers of cells, so "who is ahead" compares the middle of each cell along the
tile (a fraction of the tile), scaled to integers (``Track.pos``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from meeple.core.errors import OptionError
from meeple.games.snowtails.components import load_data

LANES = 5
CORNER_KINDS = ("corner", "uturn")
STRAIGHT_KINDS = ("straight", "forest", "canyon", "snowdrift")
OPEN, TREE, FORBIDDEN = ".", "T", "X"


@dataclass(frozen=True)
class TileSide:
    """One face of a tile: what each lane holds and, for corners, the limit."""

    tile: str
    side: str
    kind: str
    lane_rows: tuple[tuple[str, ...], ...]  # per lane, the cell kinds in order
    turn: str | None = None  # "left"/"right" for corners and U-turns
    limit: int | None = None  # speed limit on the line in front of a corner
    lane_one: str | None = None  # start tile: side of lane number 1
    flag: str | None = None  # finish tile: side of the chequered flag

    @property
    def token(self) -> str:
        return f"{self.tile}:{self.side}"

    @property
    def is_corner(self) -> bool:
        return self.kind in CORNER_KINDS


def _side_from_data(tile: str, side: str, spec: dict[str, Any]) -> TileSide:
    kind = spec["kind"]
    if kind in STRAIGHT_KINDS:
        rows = spec["rows"]
        lane_rows = tuple(tuple(row[lane] for row in rows) for lane in range(LANES))
        return TileSide(tile, side, kind, lane_rows)
    if kind in CORNER_KINDS:
        lane_rows = tuple(tuple(OPEN for _ in range(n)) for n in spec["cells"])
        return TileSide(tile, side, kind, lane_rows, turn=spec["turn"], limit=spec["limit"])
    rows = tuple(OPEN for _ in range(spec["rows"]))
    lanes = tuple(rows for _ in range(LANES))
    if kind == "start":
        return TileSide(tile, side, kind, lanes, lane_one=spec["lane_one"])
    if kind == "finish":
        return TileSide(tile, side, kind, lanes, flag=spec["flag"])
    raise ValueError(f"data.toml: tile {tile} side {side} has unknown kind {kind!r}")


@cache
def tile_sides() -> dict[tuple[str, str], TileSide]:
    """Every tile side in the box, keyed by (tile id, side letter)."""
    out: dict[tuple[str, str], TileSide] = {}
    for tile, sides in load_data()["tiles"].items():
        for side, spec in sides.items():
            out[(tile, side)] = _side_from_data(tile, side, spec)
    return out


def course_names() -> list[str]:
    return list(load_data()["courses"])


def default_course(players: int) -> str:
    """The shipped course meant for ``players`` players."""
    for name, spec in load_data()["courses"].items():
        if players in spec["players"]:
            return name
    return course_names()[-1]


def parse_course(text: str, players: int) -> tuple[str, tuple[TileSide, ...]]:
    """Resolve the ``course`` option to (name, tile sides), or raise OptionError.

    ``text`` is ``"auto"`` (the course for this player count), a course name,
    or a comma-separated list of ``TILE:SIDE`` tokens such as
    ``"START:a,S1:a,C1:a,S2:b,FINISH:a"``. Appending ``:r`` to a token turns
    the tile round, which the rules forbid (its red flags would be on the left):
    it is accepted by the parser only to give that clear error.
    """
    text = text.strip()
    courses = load_data()["courses"]
    if text in ("", "auto"):
        text = default_course(players)
    if text in courses:
        tokens = list(courses[text]["tiles"])
        name = text
    elif "," in text or ":" in text:
        tokens = [t.strip() for t in text.split(",") if t.strip()]
        name = "custom"
    else:
        raise OptionError(
            f"unknown course {text!r}; shipped courses: {', '.join(courses)}, "
            "or list tiles like 'START:a,S1:a,C1:a,S2:a,FINISH:a'"
        )
    sides = tile_sides()
    chosen: list[TileSide] = []
    seen: set[str] = set()
    for token in tokens:
        parts = [p.strip() for p in token.split(":")]
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2].lower() != "r"):
            raise OptionError(f"course tile {token!r} must read TILE:SIDE, e.g. 'C1:a'")
        tile, side = parts[0].upper(), parts[1].lower()
        if (tile, side) not in sides:
            known = sorted({t for t, _ in sides})
            raise OptionError(
                f"course tile {token!r}: no tile {tile!r} with side {side!r} "
                f"(tiles: {', '.join(known)}; sides a and b)"
            )
        if len(parts) == 3:
            raise OptionError(
                f"course tile {token!r} is turned round: its red flags would be on the left; "
                "every tile must have its red flags on the right"
            )
        if tile in seen:
            raise OptionError(f"course uses tile {tile} twice; the box holds one of each tile")
        seen.add(tile)
        chosen.append(sides[(tile, side)])
    validate_course(chosen)
    return name, tuple(chosen)


def validate_course(tiles: list[TileSide]) -> None:
    """The seed's assembly rules, each with its own message."""
    if len(tiles) < 3:
        raise OptionError("a course needs a start, at least one tile and a finish")
    if tiles[0].kind != "start":
        raise OptionError(f"a course must begin with the START tile, not {tiles[0].tile}")
    if tiles[-1].kind != "finish":
        raise OptionError(f"a course must end with the FINISH tile, not {tiles[-1].tile}")
    for t in tiles[1:-1]:
        if t.kind in ("start", "finish"):
            raise OptionError(f"the {t.tile} tile may only be at the {t.kind} of the course")
    corners = [t for t in tiles if t.is_corner]
    if corners:
        first, last = corners[0], corners[-1]
        if tiles[0].lane_one != first.turn:
            raise OptionError(
                f"start lane 1 is on the {tiles[0].lane_one} but the first corner "
                f"({first.token}) turns {first.turn}: lane 1 must be on the inside of the "
                f"first corner (use START:{'a' if first.turn == 'left' else 'b'})"
            )
        if tiles[-1].flag != last.turn:
            raise OptionError(
                f"the finish flag is on the {tiles[-1].flag} but the last straight's inside "
                f"is on the {last.turn} (after {last.token}): use "
                f"FINISH:{'a' if last.turn == 'left' else 'b'}"
            )


@dataclass(frozen=True)
class Track:
    """A course flattened into cells. Cell ids are lane-major and dense.

    Per-cell tuples: ``lane``, ``tile`` (index in the course), ``index`` (in
    its lane within its tile), ``kind`` (OPEN/TREE/FORBIDDEN), ``pos`` (the
    integer progress order), ``fwd`` (next cell straight ahead, -1 at the end),
    ``diag_left``/``diag_right`` (next cell diagonally, -1 off the track) and
    ``pref`` (tie-break: higher is nearer the inside of the next corner, or
    the finish flag when no corner is left).
    """

    name: str
    tiles: tuple[TileSide, ...]
    lane: tuple[int, ...]
    tile: tuple[int, ...]
    index: tuple[int, ...]
    kind: tuple[str, ...]
    pos: tuple[int, ...]
    fwd: tuple[int, ...]
    diag_left: tuple[int, ...]
    diag_right: tuple[int, ...]
    pref: tuple[int, ...]
    lane_cells: tuple[tuple[int, ...], ...]
    start_cells: tuple[int, ...]  # by start lane number - 1
    finish_tile: int
    limits: tuple[int | None, ...]  # per tile: the limit on the line in front of it
    pos_scale: int  # pos units per tile

    @property
    def num_cells(self) -> int:
        return len(self.lane)

    def tokens(self) -> list[str]:
        return [t.token for t in self.tiles]

    def lines_crossed(self, src: int, dst: int) -> list[int]:
        """Limits of the speed lines between cell ``src`` and cell ``dst``."""
        out = []
        for t in range(self.tile[src] + 1, self.tile[dst] + 1):
            limit = self.limits[t]
            if limit is not None:
                out.append(limit)
        return out

    def is_finished_cell(self, cell: int) -> bool:
        return self.tile[cell] == self.finish_tile

    def past_finish(self, cell: int) -> int:
        """Cells past the finish line (1 = the first row after it; 0 = not across)."""
        return self.index[cell] + 1 if self.is_finished_cell(cell) else 0

    def lane_number(self, lane: int) -> int:
        """The start-lane number printed on the start tile for lane index ``lane``."""
        return lane + 1 if self.tiles[0].lane_one == "left" else LANES - lane

    def cell_at(self, lane: int, tile: int, index: int) -> int:
        """The cell id of lane ``lane``, tile ``tile``, ``index`` cells into that tile."""
        for c in self.lane_cells[lane]:
            if self.tile[c] == tile and self.index[c] == index:
                return c
        raise KeyError((lane, tile, index))


def build_track(name: str, tiles: tuple[TileSide, ...]) -> Track:
    """Flatten tile sides into cells, with neighbours and progress."""
    counts = {len(rows) for t in tiles for rows in t.lane_rows}
    scale = math.lcm(*(2 * n for n in counts))
    lane_l: list[int] = []
    tile_l: list[int] = []
    index_l: list[int] = []
    kind_l: list[str] = []
    pos_l: list[int] = []
    lane_cells: list[tuple[int, ...]] = []
    # (lane, tile) -> first cell id and count, for diagonal look-ups
    first: dict[tuple[int, int], tuple[int, int]] = {}
    for lane in range(LANES):
        ids = []
        for t, side in enumerate(tiles):
            rows = side.lane_rows[lane]
            first[(lane, t)] = (len(lane_l), len(rows))
            for k, kind in enumerate(rows):
                ids.append(len(lane_l))
                lane_l.append(lane)
                tile_l.append(t)
                index_l.append(k)
                kind_l.append(kind)
                pos_l.append(t * scale + (2 * k + 1) * scale // (2 * len(rows)))
        lane_cells.append(tuple(ids))
    n = len(lane_l)
    fwd = [-1] * n
    diag = {-1: [-1] * n, 1: [-1] * n}
    for c in range(n):
        lane, t, k = lane_l[c], tile_l[c], index_l[c]
        last_of_lane = lane_cells[lane][-1]
        fwd[c] = c + 1 if c != last_of_lane else -1
        _, count = first[(lane, t)]
        middle = Fraction(2 * k + 1, 2 * count)
        for d in (-1, 1):
            other = lane + d
            if not 0 <= other < LANES:
                continue
            start, other_count = first[(other, t)]
            beside = start + math.floor(middle * other_count)
            target = beside + 1
            diag[d][c] = target if target <= lane_cells[other][-1] else -1
    # tie-break preference: inside of the corner the sled is in or will reach next
    side_at: list[str] = []
    flag = tiles[-1].flag or "left"
    for t in range(len(tiles)):
        ahead = next((s.turn for s in tiles[t:] if s.is_corner), None)
        side_at.append(ahead or flag)
    pref = [-lane_l[c] if side_at[tile_l[c]] == "left" else lane_l[c] for c in range(n)]
    start_cells = []
    lane_one_left = tiles[0].lane_one == "left"
    for number in range(1, LANES + 1):
        lane = number - 1 if lane_one_left else LANES - number
        start_cells.append(lane_cells[lane][0])
    limits = tuple(t.limit if t.is_corner else None for t in tiles)
    return Track(
        name=name,
        tiles=tiles,
        lane=tuple(lane_l),
        tile=tuple(tile_l),
        index=tuple(index_l),
        kind=tuple(kind_l),
        pos=tuple(pos_l),
        fwd=tuple(fwd),
        diag_left=tuple(diag[-1]),
        diag_right=tuple(diag[1]),
        pref=tuple(pref),
        lane_cells=tuple(lane_cells),
        start_cells=tuple(start_cells),
        finish_tile=len(tiles) - 1,
        limits=limits,
        pos_scale=scale,
    )


@cache
def track_for(course: str, players: int) -> Track:
    """The Track for a ``course`` option value (cached: tracks are immutable)."""
    name, tiles = parse_course(course, players)
    return build_track(name, tiles)


@cache
def track_view(track: Track) -> dict[str, Any]:
    """The course as compact JSON for clients (drawing, move previews).

    Per tile, each lane's cells as a string of kinds (``.`` open, ``T`` tree
    at the start, ``X`` forbidden). Clients number cells the way
    :func:`build_track` does (lane by lane, tile by tile), so the cell ids in
    views match. Cached per track: public, fixed for a match, never mutated.
    """
    return {
        "tiles": [
            {
                "token": t.token,
                "kind": t.kind,
                "turn": t.turn,
                "limit": t.limit,
                "lanes": ["".join(rows) for rows in t.lane_rows],
            }
            for t in track.tiles
        ],
        "lane_one": track.tiles[0].lane_one,
        "flag": track.tiles[-1].flag,
    }
