"""ICE's components, loaded from data.toml: the layered board and the content tables.

The board is computed once, at import, from the few numbers in data.toml:
every position's layer, its same-layer neighbours, the tiles that cover it
(above) and that it supports (below), whether it lies on its layer's edge,
which positions are near enough to walk between, and the distance between
any two positions in tile widths. The rules only ever look these up.

Geometry: the points of a fine triangular lattice (axial ``q, r``) fall into
three sublattices by ``(q - r) % 3``; the centres of one sublattice form a
hex lattice whose tile corners are the other two sublattices' points. Layer
``L`` uses sublattice ``L % 3``, so each of its tiles sits where three tiles
of the layer above meet: it lies under those three and rests on three below.

:func:`client_components` is the table the browser board reads once (written to
``web/static/js/games/ice.components.json`` by ``python -m meeple.web.components``):
where each position is drawn and what covers it, the content tables with their
numbers (a retuned data.toml reaches the board without a JavaScript change), and
the names of what is printed in both languages. The names come from names.py,
which imports nothing of the game, so this module may import it; text.py labels
with the same names, and no import goes back up from here to the text.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

from meeple.core.i18n import LANGUAGES
from meeple.games.ice.names import LAYER_WORDS, NAMES, deed_words

DATA: dict[str, Any] = tomllib.loads(
    resources.files("meeple.games.ice").joinpath("data.toml").read_text(encoding="utf-8")
)

BOARD = DATA["board"]
RULES = DATA["rules"]
LAYER_NAMES: tuple[str, ...] = tuple(BOARD["layer_names"])
ICE, SURFACE, MIDDLE, DEEP, EDIFICE = range(5)
#: The three layers whose faces are hidden until the tile leaves the board.
ARTIFACT_LAYERS = (SURFACE, MIDDLE, DEEP)

_FINE = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
_SAME = ((1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2))
_S3 = math.sqrt(3.0)


def _xy(q: int, r: int) -> tuple[float, float]:
    return (q + r / 2.0, r * _S3 / 2.0)


def _reach(x: float, y: float) -> float:
    """Distance from the centre in upper-tile widths, measured hexagonally."""
    return max(x * math.cos(a) + y * math.sin(a) for a in (k * math.pi / 3 for k in range(6))) / 1.5


def _build_layers() -> list[list[tuple[int, int]]]:
    radius = int(BOARD["ice_radius"])
    span = range(-3 * radius - 3, 3 * radius + 4)
    ice = [
        (q, r)
        for q in span
        for r in span
        if (q - r) % 3 == 0 and _reach(*_xy(q, r)) <= radius + 1e-9
    ]
    layers = [ice]
    for depth, reach in enumerate(BOARD["reach"], start=1):
        above = set(layers[-1])
        cands = {
            (q + dq, r + dr)
            for q, r in above
            for dq, dr in _FINE
            if (q + dq - r - dr) % 3 == depth % 3
        }
        layer = [
            p
            for p in cands
            if _reach(*_xy(*p)) <= float(reach) + 1e-9
            and all(
                (p[0] + dq, p[1] + dr) in above
                for dq, dr in _FINE
                if (p[0] + dq - p[1] - dr) % 3 == (depth - 1) % 3
            )
        ]
        layers.append(layer)
    # Within a layer: rows from the top of the picture down, then left to right.
    return [sorted(layer, key=lambda p: (p[1], p[0])) for layer in layers]


_LAYERS = _build_layers()
#: Every position: (layer, q, r). Positions are numbered layer by layer.
POSITIONS: tuple[tuple[int, int, int], ...] = tuple(
    (layer, q, r) for layer, pts in enumerate(_LAYERS) for q, r in pts
)
NP = len(POSITIONS)
LAYER_OF: tuple[int, ...] = tuple(p[0] for p in POSITIONS)
#: The positions of each layer, in order.
LAYER_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(NP) if LAYER_OF[i] == layer) for layer in range(5)
)
#: Each position's number within its layer (what players read: "S12").
INDEX_IN_LAYER: tuple[int, ...] = tuple(LAYER_POSITIONS[LAYER_OF[i]].index(i) for i in range(NP))
XY: tuple[tuple[float, float], ...] = tuple(_xy(q, r) for _, q, r in POSITIONS)
_AT = {(layer, q, r): i for i, (layer, q, r) in enumerate(POSITIONS)}


def _around(i: int, steps: tuple[tuple[int, int], ...], layer: int) -> tuple[int, ...]:
    _, q, r = POSITIONS[i]
    found = (_AT.get((layer, q + dq, r + dr)) for dq, dr in steps)
    return tuple(sorted(j for j in found if j is not None))


#: Same-layer neighbours of each position (up to six).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_around(i, _SAME, LAYER_OF[i]) for i in range(NP))
#: The positions directly above each position (three below the ice, none on it).
COVERS: tuple[tuple[int, ...], ...] = tuple(
    _around(i, _FINE, LAYER_OF[i] - 1) if LAYER_OF[i] > 0 else () for i in range(NP)
)
#: The positions each position rests on (up to three; none for the edifices).
SUPPORTS: tuple[tuple[int, ...], ...] = tuple(
    _around(i, _FINE, LAYER_OF[i] + 1) if LAYER_OF[i] < EDIFICE else () for i in range(NP)
)
#: A position on its layer's edge (fewer than six same-layer neighbours).
EDGE: tuple[bool, ...] = tuple(len(NEIGHBOURS[i]) < 6 for i in range(NP))


def _distance(i: int, j: int) -> int:
    """Distance between two positions in tile widths, seen from above (0 if stacked)."""
    (xi, yi), (xj, yj) = XY[i], XY[j]
    return math.ceil(_reach(xj - xi, yj - yi) - 1e-6)


#: DISTANCE[i][j]: tile widths between two positions seen from above.
DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_distance(i, j) for j in range(NP)) for i in range(NP)
)
#: Positions one can step between (any layers, at most one tile width apart).
NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(NP) if j != i and DISTANCE[i][j] <= 1) for i in range(NP)
)
CENTRE = LAYER_POSITIONS[ICE][len(LAYER_POSITIONS[ICE]) // 2]


def tile_name(i: int) -> str:
    """A position as players write it: layer initial and number, e.g. ``I30``, ``S7``."""
    return f"{'ISMDE'[LAYER_OF[i]]}{INDEX_IN_LAYER[i]}"


# -- tiles --------------------------------------------------------------------

TERRAINS: tuple[str, ...] = tuple(DATA["terrains"]["names"])
CAMP_T, FAULT, NUNATAK, TUNNEL, SNOW = range(5)
TERRAIN_COUNTS: tuple[int, ...] = tuple(int(c) for c in DATA["terrains"]["counts"])
ARTIFACTS: tuple[str, ...] = tuple(DATA["artifacts"]["names"])
ACCOMPLISHMENT, EXALTED, HARMONY, PHILOSOPHY, OBLITERATION, PRISM = range(6)
#: The five types a request or a prism can name (all but the prism).
BASIC_TYPES = (ACCOMPLISHMENT, EXALTED, HARMONY, PHILOSOPHY, OBLITERATION)
HINTS: tuple[str, ...] = tuple(DATA["artifacts"]["hints"])
EMPTY = -1


@dataclass(frozen=True)
class Face:
    """What is printed on a tile's face (and its back's hint)."""

    layer: int
    terrain: int = -1  # ice tiles
    kind: int = EMPTY  # artifact type, EMPTY for an empty artifact tile
    active: bool = False
    hint: int = -1  # artifact tiles' backs
    edifice: int = -1  # edifice tiles


def _faces() -> tuple[tuple[Face, ...], dict[str, list[int]]]:
    faces: list[Face] = [Face(ICE, terrain=t) for t in range(len(TERRAINS))]
    mixes: dict[str, list[int]] = {"ice": []}
    for t, n in enumerate(TERRAIN_COUNTS):
        mixes["ice"] += [t] * n
    for mix in DATA["layer_mix"]:
        layer = LAYER_NAMES.index(mix["layer"])
        codes: list[int] = []
        for kind, active, hint, count in mix["tiles"]:
            face = Face(layer, kind=int(kind), active=bool(active), hint=int(hint))
            if face not in faces:
                faces.append(face)
            codes += [faces.index(face)] * int(count)
        mixes[mix["layer"]] = codes
    edifice_codes = []
    for k in range(len(LAYER_POSITIONS[EDIFICE])):
        faces.append(Face(EDIFICE, edifice=k))
        edifice_codes.append(len(faces) - 1)
    mixes["edifice"] = edifice_codes
    return tuple(faces), mixes


FACES, _MIXES = _faces()
NF = len(FACES)
#: The faces of each layer's tiles, as a multiset (one code per tile).
LAYER_MIX: tuple[tuple[int, ...], ...] = tuple(tuple(_MIXES[name]) for name in LAYER_NAMES)
for _layer, _mix in enumerate(LAYER_MIX):
    if len(_mix) != len(LAYER_POSITIONS[_layer]):
        raise ValueError(
            f"data.toml: layer {LAYER_NAMES[_layer]} has {len(LAYER_POSITIONS[_layer])} "
            f"positions but {len(_mix)} tiles"
        )
#: The faces that can be held on a guild board (artifacts that are not empty).
ARTIFACT_FACES: tuple[int, ...] = tuple(
    f for f, face in enumerate(FACES) if face.layer in ARTIFACT_LAYERS and face.kind != EMPTY
)

GUILDS: tuple[dict[str, Any], ...] = tuple(DATA["guilds"])
GUILD_KEYS: tuple[str, ...] = tuple(g["key"] for g in GUILDS)
NAVIGATORS, INCANDESCENTS, CRYOARCHITECTS, ENLIGHTENED, ALCHEMISTS = range(5)
EVENTS: tuple[dict[str, Any], ...] = tuple(DATA["events"])
EDIFICE_EFFECTS: tuple[dict[str, Any], ...] = tuple(DATA["edifices"])
EDICTS: tuple[dict[str, Any], ...] = tuple(DATA["edicts"])

#: What a deed request can name (the seed's "執行請求卡上所指示的行動"), each counted
#: per player over one day: camps set up, archaeologists called (Call actions),
#: Explore steps, archaeologists carried along by Explore, ice tiles discarded,
#: tiles fallen in one's digs' collapses, edifices one's digs expose, and tiles one's
#: digs take (counted per layer, so a card may name one).
DEED_KINDS = ("camp", "call", "step", "escort", "ice", "fall", "edifice", "dig")
#: Index of the first dig counter (ice layer); the next three are surface, middle, deep.
DIG_COUNTER = DEED_KINDS.index("dig")
#: Per-day counters each player keeps: one per deed kind, the dig one per dug layer.
DEED_COUNTERS: tuple[str, ...] = (
    *DEED_KINDS[:DIG_COUNTER],
    *(f"dig_{name}" for name in LAYER_NAMES[: ARTIFACT_LAYERS[-1] + 1]),
)


class Request(NamedTuple):
    """A city request card: the artifact types to lay on it (a prism stands for any),
    or a deed to do ``times`` times in one day (of ``layer``'s tiles for a dig, -1 any)."""

    needs: tuple[int, ...]
    vp: int
    deed: str = ""
    times: int = 0
    layer: int = -1
    key: str = ""

    @property
    def layer_name(self) -> str:
        """The layer a dig deed asks for (:data:`LAYER_NAMES`), "" for any."""
        return LAYER_NAMES[self.layer] if self.layer >= 0 else ""

    def counter(self, counts: list[int]) -> int:
        """How far a player's day counters (``DEED_COUNTERS``) go towards this deed."""
        if self.deed != "dig":
            return counts[DEED_KINDS.index(self.deed)]
        if self.layer >= 0:
            return counts[DIG_COUNTER + self.layer]
        return sum(counts[DIG_COUNTER:])


def _deed(row: dict[str, Any]) -> Request:
    deed = str(row["deed"])
    if deed not in DEED_KINDS:
        raise ValueError(f"data.toml: deed {row['key']!r} names {deed!r}, not one of {DEED_KINDS}")
    layer = LAYER_NAMES.index(row["layer"]) if "layer" in row else -1
    if layer >= 0 and (deed != "dig" or layer > ARTIFACT_LAYERS[-1]):
        raise ValueError(f"data.toml: deed {row['key']!r}: only a dig names a layer, ice to deep")
    return Request((), int(row["vp"]), deed, int(row["times"]), layer, str(row["key"]))


#: City requests: the artifact cards, then the deed cards (numbered after them).
REQUESTS: tuple[Request, ...] = (
    *(Request(tuple(int(t) for t in needs), int(vp)) for needs, vp in DATA["requests"]["cards"]),
    *(_deed(row) for row in DATA["deeds"]),
)
NR = len(REQUESTS)

DAYS = int(RULES["days"])
AP_PER_DAY = int(RULES["ap_per_day"])
TURN_MAX_AP = int(RULES["turn_max_ap"])
#: The guild board's places for artifacts (the seed's five), one per basic type.
PLACES = int(RULES["guild_places"])
if len(BASIC_TYPES) != PLACES:
    raise ValueError(f"data.toml: {PLACES} guild places for {len(BASIC_TYPES)} artifact types")
BOUNTY: tuple[int, ...] = tuple(int(b) for b in RULES["bounty"])
TAKE_PER_DAY = int(RULES["take_per_day"])
ARCHAEOLOGISTS = int(RULES["archaeologists"])
CAMPS = int(RULES["camps"])
#: Camps the box needs so that setup and every designed ability always find one: one
#: per player at the most players (one guild each), one per camp tile (the seed's
#: setup), one per event that places a camp, and one per ice tile whose ability takes
#: a camp from the pool (each such tile can be dug and discarded once).
CAMPS_NEEDED = (
    len(GUILDS)
    + TERRAIN_COUNTS[CAMP_T]
    + sum(1 for e in EVENTS if e["kind"] == "place")
    + sum(
        n
        for n, ability in zip(TERRAIN_COUNTS, DATA["terrains"]["abilities"], strict=True)
        if ability == "gain_camp"
    )
)
if CAMPS < CAMPS_NEEDED:
    raise ValueError(
        f"data.toml: {CAMPS} camps, but players, camp tiles, events and the camp tiles' "
        f"ability need {CAMPS_NEEDED}"
    )
RENOWN: tuple[int, int] = (int(RULES["renown"][0]), int(RULES["renown"][1]))


def _both(strings: Any, key: str) -> dict[str, str]:
    return {lang: strings[lang][key] for lang in LANGUAGES}


def _effect_cards(rows: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """Events, edicts or edifices for the browser: what each does, and its name."""
    return [
        {
            "key": e["key"],
            "kind": e["kind"],
            "value": int(e["value"]),
            "name": _both(NAMES, e["key"]),
        }
        for e in rows
    ]


def client_components() -> dict[str, Any]:
    """The board geometry, the content tables and their names, for the browser."""
    return {
        "positions": [
            {
                "layer": layer,
                "x": round(XY[i][0], 4),
                "y": round(XY[i][1], 4),
                "name": tile_name(i),
                "covers": list(COVERS[i]),
            }
            for i, (layer, _, _) in enumerate(POSITIONS)
        ],
        "layers": [{"key": k, "name": _both(LAYER_WORDS, k)} for k in LAYER_NAMES],
        "terrains": [
            {"key": k, "ability": a, "name": _both(NAMES, f"terrain_{k}")}
            for k, a in zip(TERRAINS, DATA["terrains"]["abilities"], strict=True)
        ],
        "artifacts": [
            {"key": k, "hint": HINTS[int(h)], "name": _both(NAMES, f"art_{k}")}
            for k, h in zip(ARTIFACTS, DATA["artifacts"]["type_hint"], strict=True)
        ],
        "empty": _both(NAMES, "empty"),
        "hints": [{"key": k, "name": _both(NAMES, f"hint_{k}")} for k in HINTS],
        "guilds": [
            {"key": g["key"], "ability": g["ability"], "name": _both(NAMES, g["key"])}
            for g in GUILDS
        ],
        "events": _effect_cards(EVENTS),
        "edicts": _effect_cards(EDICTS),
        "edifices": _effect_cards(EDIFICE_EFFECTS),
        "requests": [
            {
                "needs": list(r.needs),
                "vp": r.vp,
                # a deed card: what to do (DEED_COUNTERS' names), how often, in words
                "deed": r.deed or None,
                "times": r.times,
                "layer": LAYER_NAMES[r.layer] if r.layer >= 0 else None,
                "words": {lang: deed_words(r, lang) for lang in LANGUAGES} if r.deed else None,
            }
            for r in REQUESTS
        ],
        "deed_counters": list(DEED_COUNTERS),
        "rules": {
            "days": DAYS,
            "places": PLACES,
            "turn_max_ap": TURN_MAX_AP,
            "take_per_day": TAKE_PER_DAY,
            "renown": list(RENOWN),
            "solo_target": int(RULES["solo_target"]),
        },
    }
