"""Province's components, loaded once from data.toml: buildings, goals, the cycle,
coins, sailors, the workers, and the action objects built from them.

Everything the rules, the bots and the text read about the physical game is
here; ``client_components()`` is the part the browser draws from
(web/static/js/games/province.components.json, written by
``python -m meeple.web.components``).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from meeple.core import Action
from meeple.games.province.actions import (
    BoatToss,
    Borrow,
    Build,
    EndTurn,
    FirstPlayer,
    Grind,
    Hire,
    Move,
    Repay,
    RevealGoal,
    UnionLabor,
)

DATA: dict[str, Any] = tomllib.loads(
    resources.files("meeple.games.province").joinpath("data.toml").read_text(encoding="utf-8")
)

# -- buildings, goals, cycle, coins, from data.toml ---------------------------------------------------

BUILDINGS: tuple[str, ...] = tuple(b["id"] for b in DATA["buildings"])
B_INDEX: dict[str, int] = {b: i for i, b in enumerate(BUILDINGS)}
NB = len(BUILDINGS)
COST_LABOR: tuple[int, ...] = tuple(int(b["labor"]) for b in DATA["buildings"])
COST_COINS: tuple[int, ...] = tuple(int(b["coins"]) for b in DATA["buildings"])
POINTS: tuple[int, ...] = tuple(int(b["points"]) for b in DATA["buildings"])
REQUIRES: tuple[int, ...] = tuple(
    B_INDEX[b["requires"]] if b["requires"] else -1 for b in DATA["buildings"]
)
LENDER, BANK, CAMP, VILLAGE, MILL, SMITHY, UNION, HARBOR = (
    B_INDEX[n] for n in ("lender", "bank", "camp", "village", "mill", "smithy", "union", "harbor")
)
ALL_BUILDINGS_MASK = (1 << NB) - 1
#: Buildings printed with 2 points (the "two 2-point buildings" goal counts these).
TWO_POINT_MASK = sum(1 << i for i in range(NB) if POINTS[i] == 2)
ONE_POINT_MASK = sum(1 << i for i in range(NB) if POINTS[i] == 1)

#: Every goal in data order: the seed's five first, then the four designed ones
#: of the 9-goal variant (option ``goals=9``).
GOALS: tuple[str, ...] = tuple(g["id"] for g in DATA["goals"])
G_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOALS)}
NG = len(GOALS)
SEED_GOALS = sum(1 for g in DATA["goals"] if not g.get("designed"))
GOALS_PER_GAME: int = int(DATA["goal_rules"]["goals_per_game"])
G_WORKERS, G_LABOR, G_BUILDINGS, G_COINS, G_TWOPOINT = (
    G_INDEX[n] for n in ("workers", "labor", "buildings", "coins", "twopoint")
)
G_TREASURY, G_CREW, G_ONEPOINT, G_TRADE = (
    G_INDEX[n] for n in ("treasury", "crew", "onepoint", "trade")
)

SPACES: tuple[str, ...] = tuple(DATA["cycle"]["spaces"])
IS_LABOR_SPACE: tuple[bool, ...] = tuple(s == "labor" for s in SPACES)
ENTRY_SPACE: int = int(DATA["cycle"]["entry_space"])
NSPACES = len(SPACES)

COIN_TOTAL: int = sum(v * n for v, n in DATA["coins"]["denominations"])
START_COINS: tuple[int, int] = (
    int(DATA["coins"]["start_first"]),
    int(DATA["coins"]["start_second"]),
)
COINS_PER_POINT: int = int(DATA["coins"]["points_per"])
REPAY_COST: int = int(DATA["loan"]["repay"])
LOAN_PENALTY: int = int(DATA["loan"]["penalty"])
SAILORS_PER_COLOUR: int = int(DATA["sailors"]["per_colour"])
#: Sailor tokens in the game, shared by both players (double-sided red/blue).
SAILOR_TOKENS: int = int(DATA["sailors"]["tokens"])
HIRE_COST: int = int(DATA["sailors"]["hire_cost"])
MAX_TURNS: int = int(DATA["limits"]["max_turns"])
GRIND_LABOR = 2  # labor paid per coin when grinding
UNION_COINS = 2  # coins paid per labor at the Union

# -- workers ------------------------------------------------------------------------

COLOURS = ("red", "blue")  # seat 0 plays red, seat 1 blue
WORKERS: tuple[str, ...] = (
    "green1",
    "green2",
    "green3",
    "camp",
    "village",
    *(f"{c}{i + 1}" for c in COLOURS for i in range(SAILORS_PER_COLOUR)),
)
W_INDEX: dict[str, int] = {w: i for i, w in enumerate(WORKERS)}
NW = len(WORKERS)
W_CAMP, W_VILLAGE = W_INDEX["camp"], W_INDEX["village"]
SAILOR_BASE = 5
#: Sailor worker indices per seat.
SAILORS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(range(SAILOR_BASE, SAILOR_BASE + SAILORS_PER_COLOUR)),
    tuple(range(SAILOR_BASE + SAILORS_PER_COLOUR, SAILOR_BASE + 2 * SAILORS_PER_COLOUR)),
)
OFF = -1  # position of a worker not (yet) on the cycle

BOAT_RESULTS: tuple[str, ...] = tuple(r["id"] for r in DATA["boat_results"])
BOAT_OUTCOMES: list[tuple[Action, float]] = [
    (BoatToss(r["id"]), float(r["probability"])) for r in DATA["boat_results"]
]
FIRST_OUTCOMES: list[tuple[Action, float]] = [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]

# Pre-built action objects (actions are immutable, so sharing them is safe and fast).
MOVES = tuple(Move(w) for w in WORKERS)
BUILDS = tuple(Build(b) for b in BUILDINGS)
BORROWS = tuple(Borrow(b) for b in BUILDINGS)
REVEALS = tuple(RevealGoal(g) for g in GOALS)
GRIND, UNION_ACT, HIRE, REPAY, END = Grind(), UnionLabor(), Hire(), Repay(), EndTurn()


def popcount(x: int) -> int:
    return x.bit_count()


#: Per building: (index, bit, prerequisite bit or 0, labor, coins, build action).
BUILD_TABLE: tuple[tuple[int, int, int, int, int, Action], ...] = tuple(
    (
        b,
        1 << b,
        (1 << REQUIRES[b]) if REQUIRES[b] >= 0 else 0,
        COST_LABOR[b],
        COST_COINS[b],
        BUILDS[b],
    )
    for b in range(NB)
)


#: The fields of each building and goal the browser shows (it computes nothing from them).
_CLIENT_BUILDING_FIELDS = (
    "id",
    "name",
    "name_zh",
    "labor",
    "coins",
    "points",
    "requires",
    "effect",
    "effect_zh",
)
_CLIENT_GOAL_FIELDS = ("id", "name", "name_zh", "text", "text_zh")


def client_components() -> dict[str, Any]:
    """The browser's component table: costs, points, prerequisites and texts in board order."""
    return {
        "spaces": DATA["cycle"]["spaces"],
        "entry_space": DATA["cycle"]["entry_space"],
        "hire_cost": DATA["sailors"]["hire_cost"],
        "repay": DATA["loan"]["repay"],
        "loan_penalty": DATA["loan"]["penalty"],
        "buildings": [{k: b[k] for k in _CLIENT_BUILDING_FIELDS} for b in DATA["buildings"]],
        "goals": [{k: g[k] for k in _CLIENT_GOAL_FIELDS} for g in DATA["goals"]],
    }
