"""Fit To Print components and front-page geometry, read once from data.toml.

Everything here is immutable lookup data shared by all states: the tiles
(articles, photos, ads), the centrepieces, characters and breaking-news cards,
and the grid. Cells are numbered ``row * MAX_COLS + col`` on a grid large
enough for the biggest day (the Sunday side); a day's *area* is a bitmask of
the cells it allows, so placement checks are a few integer operations.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from meeple.core.content import ContentSet, ContentSets

DATA: dict[str, Any] = tomllib.loads(
    resources.files("meeple.games.fittoprint").joinpath("data.toml").read_text(encoding="utf-8")
)

ARTICLE, PHOTO, AD = "article", "photo", "ad"
COLOURS: tuple[str, ...] = ("sports", "news", "business")
MOODS: tuple[str, ...] = ("good", "bad")

MAX_COLS: int = int(DATA["page"]["max_columns"])
MAX_ROWS: int = int(DATA["page"]["max_rows"])
NCELLS = MAX_COLS * MAX_ROWS
FOLD_AFTER_ROW: int = int(DATA["page"]["fold_after_row"])
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"[:MAX_COLS]


def parse_size(text: str) -> tuple[int, int]:
    """``"3x2"`` -> (3 columns, 2 rows)."""
    w, _, h = text.partition("x")
    return int(w), int(h)


def cell_name(cell: int) -> str:
    """Cell 0 is ``a1`` (top-left); columns are letters, rows numbers from the top."""
    return f"{COLUMN_LETTERS[cell % MAX_COLS]}{cell // MAX_COLS + 1}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(c) for c in range(NCELLS))
CELL_INDEX: dict[str, int] = {n: i for i, n in enumerate(CELL_NAMES)}


@dataclass(frozen=True, slots=True)
class Tile:
    """One newspaper tile. Only ``size`` shows on its back."""

    id: int
    kind: str
    size: str
    width: int
    height: int
    colour: str = ""
    mood: str = ""
    icons: int = 0
    points: int = 0
    likes: tuple[str, ...] = ()
    dollars: int = 0

    @property
    def area(self) -> int:
        return self.width * self.height


def _tile(row: dict[str, Any]) -> Tile:
    w, h = parse_size(row["size"])
    return Tile(
        id=int(row["id"]),
        kind=row["kind"],
        size=row["size"],
        width=w,
        height=h,
        colour=row.get("colour", ""),
        mood=row.get("mood", ""),
        icons=int(row.get("icons", 0)),
        points=int(row.get("points", 0)),
        likes=tuple(row.get("likes", ())),
        dollars=int(row.get("dollars", 0)),
    )


TILES: tuple[Tile, ...] = tuple(_tile(r) for r in DATA["tiles"])
assert [t.id for t in TILES] == list(range(len(TILES))), "tile ids must be 0..n-1 in order"
NTILES = len(TILES)


def _copies() -> tuple[tuple[int, int], ...]:
    """Per tile: its number among the tiles with the same face, and how many share it."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for t in TILES:
        face = (t.kind, t.size, t.colour, t.mood, t.icons, t.points, t.likes, t.dollars)
        groups.setdefault(face, []).append(t.id)
    out = {tid: (k + 1, len(ids)) for ids in groups.values() for k, tid in enumerate(ids)}
    return tuple(out[t] for t in range(NTILES))


#: Tiles with the same face are told apart by a copy number: the labels say it
#: ("#2") and the board writes it on the tile (text.tile_name, view's faces).
TILE_COPIES: tuple[tuple[int, int], ...] = _copies()
#: The distinct tile sizes (what a face-down tile shows), smallest area first.
SIZES: tuple[str, ...] = tuple(
    sorted({t.size for t in TILES}, key=lambda s: (parse_size(s)[0] * parse_size(s)[1], s))
)
SIZE_INDEX: dict[str, int] = {s: i for i, s in enumerate(SIZES)}
TILE_SIZE: tuple[int, ...] = tuple(SIZE_INDEX[t.size] for t in TILES)


@dataclass(frozen=True, slots=True)
class Condition:
    """A centrepiece scoring condition (see data.toml for the rule names)."""

    rule: str
    arg: str
    value: int
    limit: int


@dataclass(frozen=True, slots=True)
class Centrepiece:
    id: int
    name: str
    name_zh: str
    sides: tuple[Condition, ...]  # one side for the start ones, two otherwise
    start: bool


def _cond(row: dict[str, Any]) -> Condition:
    return Condition(row["rule"], row.get("arg", ""), int(row["value"]), int(row.get("limit", 99)))


CENTREPIECES: tuple[Centrepiece, ...] = tuple(
    Centrepiece(
        int(r["id"]),
        r["name"],
        r["name_zh"],
        tuple(_cond(r[s]) for s in ("a", "b") if s in r),
        start,
    )
    for start, rows in ((True, DATA["start_centrepieces"]), (False, DATA["centrepieces"]))
    for r in rows
)
assert [c.id for c in CENTREPIECES] == list(range(len(CENTREPIECES)))
START_CENTREPIECES: tuple[int, ...] = tuple(c.id for c in CENTREPIECES if c.start)
STACK_CENTREPIECES: tuple[int, ...] = tuple(c.id for c in CENTREPIECES if not c.start)
CP_W, CP_H = parse_size(DATA["centrepiece"]["size"])

#: The base game and its two advanced modules as content sets (meeple.core.content):
#: each module's option turns it on, and its cards keep their numbers either way (their
#: names are those options' words, text.OPTION_WORDS).
CONTENT = ContentSets(
    [
        ContentSet("base", base=True),
        ContentSet("characters", tables={"characters": DATA["characters"]}, designed=True),
        ContentSet("breaking_news", tables={"news": DATA["news"]}, designed=True),
    ]
)

CHARACTERS: tuple[dict[str, Any], ...] = CONTENT.rows("characters")
CHARACTER_IDS: tuple[str, ...] = tuple(c["id"] for c in CHARACTERS)
NEWS: tuple[dict[str, Any], ...] = CONTENT.rows("news")
NEWS_IDS: tuple[str, ...] = tuple(n["id"] for n in NEWS)
NEWS_DECKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, n in enumerate(NEWS) if int(n["deck"]) == d) for d in range(3)
)

RULES: dict[str, Any] = DATA["rules"]
SOLO: dict[str, Any] = DATA["solo"]
REARRANGEMENTS_PER_DAY: int = int(RULES["rearrangements_per_day"])
#: Family mode's designed changes (see docs/games/fittoprint.md, "Family mode").
FAMILY: dict[str, Any] = DATA["family"]
FAMILY_RULES: frozenset[str] = frozenset(FAMILY["simple_rules"])
PUZZLE_REARRANGEMENTS: int = int(DATA["puzzle_mode"]["rearrangements"])


@dataclass(frozen=True, slots=True)
class Goal:
    """What a puzzle asks of the printed page; every part must hold.

    ``min_points``: the day's points (white space by the solo marks) at least
    this; ``min_revenue``: dollars at least this; ``max_empty``: the largest
    empty area at most this many cells (-1: no limit); ``all_placed``: no tile
    left on the desk; ``all_face_up``: no tile laid face down; ``no_flips``:
    nothing turned over for breaking an adjacency rule.
    """

    min_points: int = 0
    min_revenue: int = 0
    max_empty: int = -1
    all_placed: bool = False
    all_face_up: bool = False
    no_flips: bool = False


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One designed puzzle: a day's area, the tiles on the desk, the centrepiece, a goal.

    ``figures`` are our search's measurements (puzzle_search.py): ``best``, the
    highest score any layout reaches while keeping the goal's other parts;
    ``layouts``, the layouts the search enumerates; ``solutions``, how many of
    them meet the goal; ``nodes``, the search's effort. The tests rerun the
    search and compare.
    """

    number: int  # 1-based, the order of rising difficulty
    id: str
    name: str
    name_zh: str
    day: int
    centrepiece: int
    side: int
    tiles: tuple[int, ...]
    goal: Goal
    figures: dict[str, int]


def _puzzle(number: int, row: dict[str, Any]) -> Puzzle:
    unknown = set(row["goal"]) - set(Goal.__dataclass_fields__)
    assert not unknown, f"puzzle {row['id']}: unknown goal parts {sorted(unknown)}"
    return Puzzle(
        number,
        row["id"],
        row["name"],
        row["name_zh"],
        int(row["day"]),
        int(row["centrepiece"]),
        int(row["side"]),
        tuple(int(t) for t in row["tiles"]),
        Goal(**row["goal"]),
        {k: int(v) for k, v in row["figures"].items()},
    )


PUZZLES: tuple[Puzzle, ...] = tuple(_puzzle(i + 1, r) for i, r in enumerate(DATA["puzzles"]))


# ------------------------------------------------------------------ geometry


def rect_mask(col: int, row: int, width: int, height: int) -> int:
    """Bitmask of the cells of a ``width`` x ``height`` rectangle at (col, row)."""
    mask = 0
    for r in range(row, row + height):
        for c in range(col, col + width):
            mask |= 1 << (r * MAX_COLS + c)
    return mask


@dataclass(frozen=True, slots=True)
class Day:
    """One day's page: the side, the allowed area and the star the centrepiece covers."""

    index: int
    name: str
    name_zh: str
    side: str
    columns: int
    rows: int
    area: int  # bitmask of allowed cells
    star: int  # star cell


def _day(index: int, row: dict[str, Any]) -> Day:
    star_col, star_row = DATA["stars"][row["side"]]
    return Day(
        index,
        row["name"],
        row["name_zh"],
        row["side"],
        int(row["columns"]),
        int(row["rows"]),
        rect_mask(0, 0, int(row["columns"]), int(row["rows"])),
        star_row * MAX_COLS + star_col,
    )


DAYS: tuple[Day, ...] = tuple(_day(i, r) for i, r in enumerate(DATA["days"]))


def _placements(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """Every (top-left cell, mask) of a rectangle inside the full grid."""
    return tuple(
        (r * MAX_COLS + c, rect_mask(c, r, width, height))
        for r in range(MAX_ROWS - height + 1)
        for c in range(MAX_COLS - width + 1)
    )


#: Per size index: every (cell, mask) where a tile of that size fits the full grid.
SIZE_PLACEMENTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _placements(*parse_size(s)) for s in SIZES
)
#: Per size index: cell -> mask (absent when the tile would leave the grid).
SIZE_MASK: tuple[dict[int, int], ...] = tuple(dict(p) for p in SIZE_PLACEMENTS)
CP_PLACEMENTS: tuple[tuple[int, int], ...] = _placements(CP_W, CP_H)
CP_MASK: dict[int, int] = dict(CP_PLACEMENTS)


def centre_cells(day: Day) -> list[int]:
    """Top-left cells where the centrepiece covers the day's star inside its area."""
    return [
        cell for cell, mask in CP_PLACEMENTS if mask >> day.star & 1 and mask & day.area == mask
    ]


def tile_mask(tile: int, cell: int) -> int:
    return SIZE_MASK[TILE_SIZE[tile]][cell]


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * MAX_COLS + (c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < MAX_ROWS and 0 <= c + dc < MAX_COLS
    )
    for r in range(MAX_ROWS)
    for c in range(MAX_COLS)
)


def grow(mask: int) -> int:
    """The cells edge-adjacent to ``mask`` (not including it)."""
    out = 0
    m = mask
    while m:
        low = m & -m
        cell = low.bit_length() - 1
        for n in NEIGHBOURS[cell]:
            out |= 1 << n
        m ^= low
    return out & ~mask


def largest_empty_area(free: int) -> int:
    """Size of the largest 4-connected group of cells in the bitmask ``free``."""
    best = 0
    remaining = free
    while remaining:
        low = remaining & -remaining
        region = low
        frontier = low
        while frontier:
            frontier = grow(region) & free & ~region
            region |= frontier
        remaining &= ~region
        best = max(best, region.bit_count())
    return best
