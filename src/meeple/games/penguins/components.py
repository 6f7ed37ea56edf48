"""Pieces, barriers, terrain, event cards and scenes, read from ``data.toml``.

The board is a list of small ints (one per point) so that a state clones in a
single list copy; terrain never moves, so it lives in an immutable
:class:`Layout` shared by every clone.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from meeple.games.penguins.geometry import Lattice, lattice

# -- what stands on a point ------------------------------------------------------
EMPTY = 0
EGG = (1, 2)  #: egg of side 0 / side 1
ASSISTANT = (3, 4)
STAR = (5, 6)
SEAGULL, ICEBERG, EMPEROR, NEST, SEAL = 7, 8, 9, 10, 11
BARRIERS: dict[str, int] = {
    "seagull": SEAGULL,
    "iceberg": ICEBERG,
    "emperor": EMPEROR,
    "nest": NEST,
    "seal": SEAL,
}
BARRIER_NAMES: dict[int, str] = {v: k for k, v in BARRIERS.items()}


def is_egg(v: int) -> bool:
    return v in (1, 2)


def is_penguin(v: int) -> bool:
    return 3 <= v <= 6


def is_barrier(v: int) -> bool:
    return v >= SEAGULL


def side_of(v: int) -> int:
    """The side (0 or 1) owning an egg or penguin code."""
    return (v - 1) % 2


# -- what lies flat on a point ------------------------------------------------------
NO_TERRAIN, STORM, TENT, RIVER, HOLE, FREEZING, RADIATION, SEAWEED, BLAZING, KRILL = range(10)
TERRAINS: dict[str, int] = {
    "storm": STORM,
    "tent": TENT,
    "river": RIVER,
    "hole": HOLE,
    "freezing": FREEZING,
    "radiation": RADIATION,
    "seaweed": SEAWEED,
    "blazing": BLAZING,
    "krill": KRILL,
}
TERRAIN_NAMES: dict[int, str] = {v: k for k, v in TERRAINS.items()}
OFF_BOARD = -1


@dataclass(frozen=True)
class Layout:
    """Terrain of one match: a kind per point, river arrows and tent turns."""

    terrain: tuple[int, ...]
    #: river tile -> downstream points (OFF_BOARD leaves the board)
    river: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: tent point -> +1 (clockwise) or -1 (counter-clockwise)
    tents: tuple[tuple[int, int], ...] = ()
    river_map: dict[int, tuple[int, ...]] = field(init=False, compare=False, repr=False)
    tent_map: dict[int, int] = field(init=False, compare=False, repr=False)
    by_kind: dict[int, tuple[int, ...]] = field(init=False, compare=False, repr=False)
    #: (grid width, height, kind) -> per point, whether a tile of that kind is beside it
    _beside: dict[tuple[int, int, int], tuple[bool, ...]] = field(
        init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_beside", {})
        object.__setattr__(self, "river_map", dict(self.river))
        object.__setattr__(self, "tent_map", dict(self.tents))
        kinds: dict[int, list[int]] = {}
        for p, t in enumerate(self.terrain):
            if t:
                kinds.setdefault(t, []).append(p)
        object.__setattr__(self, "by_kind", {k: tuple(v) for k, v in kinds.items()})

    def points(self, kind: int) -> tuple[int, ...]:
        return self.by_kind.get(kind, ())

    def beside(self, grid: Lattice, kind: int) -> tuple[bool, ...]:
        """Per point, whether a tile of ``kind`` lies beside it (adjacency without wrap).

        Whether an egg is frozen or irradiated is asked of every egg at every
        step of a game (legal hatches, slides); terrain never moves, so each
        answer is computed once per layout and shared by all its clones.
        """
        key = (grid.width, grid.height, kind)
        table = self._beside.get(key)
        if table is None:
            terrain = self.terrain
            table = tuple(any(terrain[q] == kind for q in adj) for adj in grid.adjacent)
            self._beside[key] = table
        return table

    def to_json(self) -> dict[str, Any]:
        return {
            "terrain": list(self.terrain),
            "river": [[p, list(t)] for p, t in self.river],
            "tents": [[p, d] for p, d in self.tents],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Layout:
        return Layout(
            tuple(int(t) for t in data["terrain"]),
            tuple((int(p), tuple(int(x) for x in t)) for p, t in data["river"]),
            tuple((int(p), int(d)) for p, d in data["tents"]),
        )

    def river_component(self, p: int) -> list[int]:
        """The river tiles connected (either way along arrows) to tile ``p``."""
        links: dict[int, set[int]] = {q: set() for q in self.river_map}
        for q, targets in self.river_map.items():
            for t in targets:
                if t in links:
                    links[q].add(t)
                    links[t].add(q)
        seen, todo = {p}, [p]
        while todo:
            for q in links[todo.pop()]:
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        return sorted(seen)


@dataclass(frozen=True)
class Card:
    number: int
    colour: str
    key: str
    name: str
    name_zh: str
    text: str
    text_zh: str


@dataclass(frozen=True)
class Scene:
    number: int
    key: str
    name: str
    name_zh: str
    gold: tuple[int, ...]
    silver: tuple[int, ...]
    barriers: tuple[tuple[int, int], ...]  #: (point, barrier code)
    layout: Layout


@dataclass(frozen=True)
class Components:
    width: int
    height: int
    eggs: int
    assistants: int
    turn_limit: int
    cards: dict[int, Card]
    scenes: tuple[Scene, ...]
    free_gold: tuple[int, ...]
    free_silver: tuple[int, ...]
    free_sets: tuple[tuple[str, tuple[int, ...]], ...]

    @property
    def grid(self) -> Lattice:
        return lattice(self.width, self.height)


def _scene(raw: dict[str, Any], g: Lattice) -> Scene:
    terrain = [NO_TERRAIN] * g.size
    barriers: list[tuple[int, int]] = []
    used: set[int] = set()

    def take(label: str) -> int:
        p = g.point(label)
        if p in used:
            raise ValueError(f"scene {raw['key']}: point {label} used twice")
        used.add(p)
        return p

    for name, code in BARRIERS.items():
        for label in raw.get(name, []):
            barriers.append((take(label), code))
    for name, code in TERRAINS.items():
        if name in ("river", "tent"):
            continue
        for label in raw.get(name, []):
            terrain[take(label)] = code
    tents = []
    for t in raw.get("tents", []):
        p = take(t["at"])
        terrain[p] = TENT
        tents.append((p, 1 if t["turn"] == "cw" else -1))
    river = []
    for tile in raw.get("rivers", []):
        p = take(tile["at"])
        terrain[p] = RIVER
        river.append((p, tuple(OFF_BOARD if x == "off" else g.point(x) for x in tile["to"])))
    return Scene(
        number=int(raw["number"]),
        key=raw["key"],
        name=raw["name"],
        name_zh=raw["name_zh"],
        gold=tuple(raw["gold"]),
        silver=tuple(raw["silver"]),
        barriers=tuple(barriers),
        layout=Layout(tuple(terrain), tuple(river), tuple(tents)),
    )


@cache
def components() -> Components:
    """The parsed ``data.toml`` (cached: components never change)."""
    raw = tomllib.loads(
        resources.files("meeple.games.penguins").joinpath("data.toml").read_text("utf-8")
    )
    board = raw["board"]
    g = lattice(board["width"], board["height"])
    cards = {
        c["number"]: Card(
            c["number"], c["colour"], c["key"], c["name"], c["name_zh"], c["text"], c["text_zh"]
        )
        for c in raw["cards"]
    }
    return Components(
        width=board["width"],
        height=board["height"],
        eggs=board["eggs"],
        assistants=board["assistants"],
        turn_limit=board["turn_limit"],
        cards=cards,
        scenes=tuple(_scene(s, g) for s in raw["scenes"]),
        free_gold=tuple(raw["free"]["gold"]),
        free_silver=tuple(raw["free"]["silver"]),
        free_sets=tuple((s["kind"], tuple(s["counts"])) for s in raw["free_sets"]),
    )


def deck_for(gold: tuple[int, ...], silver: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The 8 gold cards (2 per kind) and 12 silver cards (3 per kind) of a deck."""
    return [n for n in gold for _ in range(2)], [n for n in silver for _ in range(3)]


def client_components() -> dict[str, Any]:
    """What the browser renderer needs that views do not carry (card and scene
    names and texts), written to ``web/static/js/games/penguins.components.json``
    by ``python -m meeple.web.components``."""
    comps = components()
    return {
        "cards": {
            str(n): {"colour": c.colour, "name": {"en": c.name, "zh-TW": c.name_zh},
                     "text": {"en": c.text, "zh-TW": c.text_zh}}
            for n, c in sorted(comps.cards.items())
        },
        "scenes": {
            str(sc.number): {"name": {"en": sc.name, "zh-TW": sc.name_zh}} for sc in comps.scenes
        },
    }  # fmt: skip
