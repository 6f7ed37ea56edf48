"""Province rules: a 2-player worker-cycle building game (Samuel Strick, 2014).

The state is a handful of ints and short lists so that :meth:`ProvinceState.clone`
is cheap (search lives on it). Every turn is a sequence of small actions:
``move <worker>`` (the work phase), then any of ``build``, ``grind``,
``union``, ``hire`` (the spend phase), with ``borrow`` and ``repay`` allowed
in either phase, and ``end``. Randomness is explicit chance: the start-player
toss, the boat tosses and each goal turned face up. Drawing each goal from
the remaining ones at the moment it is revealed is the same distribution as
shuffling the stack at setup, and it leaves no secret order in the state:
Province has no hidden information at all.

Decisions the seed leaves open are listed in docs/games/province.md; each is
marked "Decision:" in the comments below.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib import resources
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, GameOption, State, Turn
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN
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

# -- components, from data.toml ---------------------------------------------------

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

# -- phases ---------------------------------------------------------------------------

SETUP, BOATS, WORK, SPEND, END_BOATS, OVER = range(6)
PHASE_NAMES = ("setup", "boats", "work", "spend", "end_boats", "over")

# Goal status values (goal_state[g]).
STACK, FACE_UP, REMOVED = -1, 3, 2  # 0 / 1: claimed by that seat

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
SEAT_TURNS = (Turn.seat(0), Turn.seat(1))
PER_TURN_BOUND = 80  # generous upper bound on actions in one turn (see max_game_length)


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


class Province(Game):
    """Province for two seats.

    >>> game = Province()
    >>> state = game.new_initial_state(seed=1)
    >>> state.is_chance(), [str(a) for a, _ in state.chance_outcomes()]
    (True, ['first 0', 'first 1'])
    """

    name = "province"
    title = "Province"
    title_zh = "小城故事"
    min_players = 2
    max_players = 2
    perfect_information = True
    has_chance = True
    option_specs = (
        GameOption(
            "goals",
            SEED_GOALS,
            help="goal pool: 5 (the seed's Kickstarter goals) or 9 (retail-style variant: "
            "4 designed goals added, 5 of the 9 drawn)",
            choices=(SEED_GOALS, NG),
        ),
    )

    @property
    def goal_pool(self) -> int:
        """How many goals the face-down stack is drawn from (5 or 9)."""
        return int(self.options["goals"])

    def enumerate_actions(self) -> Iterable[Action]:
        return [
            *MOVES,
            *BUILDS,
            GRIND,
            UNION_ACT,
            *BORROWS[:LENDER],
            *BORROWS[LENDER + 1 :],
            REPAY,
            HIRE,
            END,
            *(a for a, _ in FIRST_OUTCOMES),
            *(a for a, _ in BOAT_OUTCOMES),
            *REVEALS[: self.goal_pool],
        ]

    def max_game_length(self) -> int:
        # Per turn: <= 8 moves, 1 borrow, 2 repays, 1 build, 1 hire, 2 ends, 2 boat
        # tosses, and union/grind loops bounded by the 28 coins (<= 33 + 22).
        return 1 + GOALS_PER_GAME + MAX_TURNS * PER_TURN_BOUND

    def new_initial_state(self, seed: int = 0) -> ProvinceState:
        """The state before the start-player toss (``seed`` is unused: chance is explicit)."""
        return ProvinceState(self)

    def state_from_json(self, data: dict[str, Any]) -> ProvinceState:
        return ProvinceState.from_json(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (obs_size(self.goal_pool),)


class ProvinceState(State):
    """One moment of a Province match. All fields are ints or short int lists."""

    __slots__ = (
        "borrowed",
        "borrowed_turn",
        "built",
        "built_turn",
        "coins",
        "current",
        "end_toss",
        "first",
        "gained",
        "game",
        "goal_state",
        "grinds",
        "hire_ok",
        "hired",
        "labor",
        "loan",
        "moved",
        "phase",
        "pos",
        "reveal_pending",
        "start",
        "turns",
    )

    game: Province
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "current",
        "phase",
        "pos",
        "moved",
        "coins",
        "built",
        "first",
        "loan",
        "borrowed",
        "goal_state",
        "reveal_pending",
        "labor",
        "gained",
        "grinds",
        "built_turn",
        "hire_ok",
        "hired",
        "borrowed_turn",
        "end_toss",
        "turns",
        "start",
    )

    def __init__(self, game: Province) -> None:
        self.game = game
        self.current = 0  # seat whose turn it is
        self.phase = SETUP
        self.pos = [0, 1, 2] + [OFF] * (NW - 3)  # one green worker per space
        self.moved = 0  # bitmask of workers moved this turn
        self.coins = [0, 0]  # supply holds the rest: COIN_TOTAL - sum(coins)
        self.built = [0, 0]  # bitmask of buildings per seat
        self.first = [-1] * NB  # first builder of each building (gets its points)
        self.loan = -1  # seat holding the loan token, -1: in the supply
        self.borrowed = -1  # building borrowed with the token
        self.goal_state = [STACK] * game.goal_pool
        self.reveal_pending = False  # a goal must be turned face up (chance)
        self.labor = 0  # labor available this turn (lost at its end)
        self.gained = 0  # labor gained this turn (the labor goal)
        self.grinds = 0  # grinds this turn (the trade goal of the 9-goal variant)
        self.built_turn = False  # built this turn already (one building a turn)
        self.hire_ok = False  # a mixed boat toss allows one hire this turn
        self.hired = False
        self.borrowed_turn = False  # Decision: one borrow a turn
        self.end_toss = 0  # Harbor's end-of-turn toss: 0 none, 1 due, 2 done
        self.turns = 0  # turns completed
        self.start = -1  # start player

    # -- copies and JSON ---------------------------------------------------------------

    def clone(self) -> ProvinceState:
        c = ProvinceState.__new__(ProvinceState)
        c.game = self.game
        c.current = self.current
        c.phase = self.phase
        c.pos = self.pos[:]
        c.moved = self.moved
        c.coins = self.coins[:]
        c.built = self.built[:]
        c.first = self.first[:]
        c.loan = self.loan
        c.borrowed = self.borrowed
        c.goal_state = self.goal_state[:]
        c.reveal_pending = self.reveal_pending
        c.labor = self.labor
        c.gained = self.gained
        c.grinds = self.grinds
        c.built_turn = self.built_turn
        c.hire_ok = self.hire_ok
        c.hired = self.hired
        c.borrowed_turn = self.borrowed_turn
        c.end_toss = self.end_toss
        c.turns = self.turns
        c.start = self.start
        return c

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self._FIELDS:
            v = getattr(self, f)
            out[f] = v[:] if isinstance(v, list) else v
        return out

    @staticmethod
    def from_json(game: Province, data: dict[str, Any]) -> ProvinceState:
        s = ProvinceState(game)
        for f in ProvinceState._FIELDS:
            v = data[f]
            if isinstance(getattr(s, f), list):
                v = [int(x) for x in v]
            elif isinstance(getattr(s, f), bool):
                v = bool(v)
            else:
                v = int(v)
            setattr(s, f, v)
        return s

    # -- queries -------------------------------------------------------------------

    @property
    def supply(self) -> int:
        """Coins left in the general supply."""
        return COIN_TOTAL - self.coins[0] - self.coins[1]

    def has_effect(self, seat: int, b: int) -> bool:
        """Whether ``seat`` enjoys building ``b``: built it, or borrows it with the loan token."""
        return bool(self.built[seat] >> b & 1) or (self.loan == seat and self.borrowed == b)

    def harbor_tosser(self, seat: int) -> bool:
        """Decision: only the first Harbor builder tosses (or whoever borrows that Harbor)."""
        return self.first[HARBOR] == seat or (self.loan == seat and self.borrowed == HARBOR)

    def may_move(self, seat: int, w: int) -> bool:
        """Whether ``seat`` may move worker ``w`` at all (ignoring this turn's moves)."""
        if self.pos[w] == OFF:
            return False
        if w < 3:
            return True
        if w == W_CAMP:
            return self.has_effect(seat, CAMP)
        if w == W_VILLAGE:
            return self.has_effect(seat, VILLAGE)
        return w in SAILORS[seat]

    def sailors_in_supply(self) -> int:
        """Sailor tokens nobody has hired yet: one pool of 3 for both players.

        The tokens are double-sided (red/blue) and flipped to the hirer's colour,
        so a sailor hired by one player is no longer there for the other.
        """
        on_cycle = sum(1 for w in (*SAILORS[0], *SAILORS[1]) if self.pos[w] != OFF)
        return SAILOR_TOKENS - on_cycle

    def may_hire(self, seat: int) -> bool:
        """Whether ``seat`` may hire now (coins aside): mixed boats this turn, no hire
        yet this turn, a token left in the shared supply and a free slot in its colour."""
        return (
            self.hire_ok
            and not self.hired
            and self.sailors_in_supply() > 0
            and any(self.pos[w] == OFF for w in SAILORS[seat])
        )

    def extra_workers(self, seat: int) -> int:
        """Workers besides the green ones for the workers goal: own Camp, own Village, own sailors."""
        n = (self.built[seat] >> CAMP & 1) + (self.built[seat] >> VILLAGE & 1)
        return n + sum(1 for w in SAILORS[seat] if self.pos[w] != OFF)

    def goal_met(self, seat: int, g: int) -> bool:
        if g == G_COINS:
            return self.coins[seat] >= 5
        if g == G_BUILDINGS:
            return popcount(self.built[seat]) >= 4
        if g == G_TWOPOINT:
            return popcount(self.built[seat] & TWO_POINT_MASK) >= 2
        if g == G_WORKERS:
            return self.extra_workers(seat) >= 2
        if g == G_TREASURY:
            return self.coins[seat] >= 10
        if g == G_ONEPOINT:
            return popcount(self.built[seat] & ONE_POINT_MASK) >= 3
        # Per-turn goals. Decision: only the seat whose turn it is can meet them.
        if seat != self.current or self.phase not in (BOATS, WORK, SPEND, END_BOATS):
            return False
        if g == G_LABOR:
            return self.gained >= 5
        if g == G_CREW:
            return popcount(self.moved) >= 5
        return self.grinds >= 3  # G_TRADE

    def face_up_goal(self) -> int:
        gs = self.goal_state
        return gs.index(FACE_UP) if FACE_UP in gs else -1

    def goals_left(self) -> int:
        """Goals still to be turned up this game (5 per game, whatever the pool)."""
        return GOALS_PER_GAME - sum(1 for v in self.goal_state if v != STACK)

    def end_condition(self) -> str | None:
        """Which end condition holds now, if any (the game ends at the end of this turn)."""
        if max(popcount(self.built[0]), popcount(self.built[1])) >= 7:
            return "seven_buildings"
        if (self.built[0] | self.built[1]) == ALL_BUILDINGS_MASK:
            return "all_types_built"
        if not self.reveal_pending and not self.goals_left() and FACE_UP not in self.goal_state:
            return "goals_exhausted"
        return None

    # -- turn structure ------------------------------------------------------------------

    def turn(self) -> Turn:
        if self.phase == OVER:
            return TERMINAL_TURN
        if self.reveal_pending or self.phase in (SETUP, BOATS, END_BOATS):
            return CHANCE_TURN
        return SEAT_TURNS[self.current]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == OVER:
            return []
        if self.reveal_pending:
            gs = self.goal_state
            stack = [g for g in range(len(gs)) if gs[g] == STACK]
            p = 1.0 / len(stack)
            return [(REVEALS[g], p) for g in stack]
        if self.phase in (BOATS, END_BOATS):
            return list(BOAT_OUTCOMES)
        if self.phase == SETUP:
            return list(FIRST_OUTCOMES)
        return []

    def _legal_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        me = seat
        pos, moved = self.pos, self.moved
        mine = self.built[me]
        work = self.phase == WORK
        if work:
            # Green workers are always on the cycle and free to everyone.
            for w in (0, 1, 2):
                if not moved >> w & 1:
                    out.append(MOVES[w])
            if pos[W_CAMP] != OFF and not moved >> W_CAMP & 1 and self.has_effect(me, CAMP):
                out.append(MOVES[W_CAMP])
            if (
                pos[W_VILLAGE] != OFF
                and not moved >> W_VILLAGE & 1
                and self.has_effect(me, VILLAGE)
            ):
                out.append(MOVES[W_VILLAGE])
            for w in SAILORS[me]:
                if pos[w] != OFF and not moved >> w & 1:
                    out.append(MOVES[w])
        loan = self.loan
        if mine >> LENDER & 1 and loan != me and not self.borrowed_turn:
            can = self.built[1 - me] & ~mine
            if can:
                for b in range(NB):
                    if can >> b & 1:
                        out.append(BORROWS[b])
        coins, labor = self.coins[me], self.labor
        if loan == me and coins >= REPAY_COST:
            out.append(REPAY)
        if work and not moved:
            return out  # at least one worker must move before spending or ending
        if not self.built_turn:
            for _, bit, req, cost_labor, cost_coins, build in BUILD_TABLE:
                if (
                    not mine & bit
                    and labor >= cost_labor
                    and coins >= cost_coins
                    and (not req or mine & req)
                ):
                    out.append(build)
        if labor >= GRIND_LABOR and coins + self.coins[1 - me] < COIN_TOTAL:
            out.append(GRIND)
        if coins >= UNION_COINS and self.has_effect(me, UNION):
            out.append(UNION_ACT)
        if coins >= HIRE_COST and self.may_hire(me):
            out.append(HIRE)
        out.append(END)
        return out

    # -- applying actions --------------------------------------------------------------------

    def _gain_coins(self, seat: int, n: int) -> None:
        """Take up to ``n`` coins from the finite supply (nothing when it is empty)."""
        self.coins[seat] += min(n, self.supply)

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise TypeError(f"not a Province action: {action!r}")
        handler(self, action)
        if not self.reveal_pending and FACE_UP in self.goal_state:
            self._settle_goal(fresh=False)

    def _do_move(self, action: Move) -> None:
        me = self.current
        w = W_INDEX[action.worker]
        p = (self.pos[w] + 1) % NSPACES
        self.pos[w] = p
        self.moved |= 1 << w
        if IS_LABOR_SPACE[p]:
            self.labor += 1
            self.gained += 1
        else:
            self._gain_coins(me, 2 if self.has_effect(me, BANK) else 1)

    def _do_build(self, action: Build) -> None:
        self._build(self.current, B_INDEX[action.building])

    def _do_grind(self, action: Grind) -> None:
        self.phase = SPEND
        self.labor -= GRIND_LABOR
        self.grinds += 1
        self._gain_coins(self.current, 1)

    def _do_union(self, action: UnionLabor) -> None:
        self.phase = SPEND
        self.coins[self.current] -= UNION_COINS
        self.labor += 1
        self.gained += 1

    def _do_hire(self, action: Hire) -> None:
        me = self.current
        self.phase = SPEND
        self.coins[me] -= HIRE_COST
        self.hired = True
        for w in SAILORS[me]:
            if self.pos[w] == OFF:
                self.pos[w] = ENTRY_SPACE
                break

    def _do_borrow(self, action: Borrow) -> None:
        # Taking the token from an opponent who holds it ends their borrowing.
        self.loan = self.current
        self.borrowed = B_INDEX[action.building]
        self.borrowed_turn = True

    def _do_repay(self, action: Repay) -> None:
        self.coins[self.current] -= REPAY_COST
        self.loan = -1
        self.borrowed = -1

    def _do_end(self, action: EndTurn) -> None:
        self._end_turn()

    def _do_reveal(self, action: RevealGoal) -> None:
        self.reveal_pending = False
        self.goal_state[G_INDEX[action.goal]] = FACE_UP
        self._settle_goal(fresh=True)

    def _do_boats(self, action: BoatToss) -> None:
        self._boats(action.result)

    def _do_first(self, action: FirstPlayer) -> None:
        self.start = self.current = action.seat
        self.coins[action.seat] = START_COINS[0]
        self.coins[1 - action.seat] = START_COINS[1]
        self.reveal_pending = True  # turn the first goal face up
        self._begin_turn()

    def _build(self, me: int, b: int) -> None:
        self.phase = SPEND
        self.labor -= COST_LABOR[b]
        self.coins[me] -= COST_COINS[b]  # back to the supply
        self.built[me] |= 1 << b
        self.built_turn = True
        if self.first[b] < 0:
            self.first[b] = me
            if b == HARBOR:
                self.end_toss = 1
        if b == CAMP and self.pos[W_CAMP] == OFF:
            self.pos[W_CAMP] = ENTRY_SPACE
        elif b == VILLAGE and self.pos[W_VILLAGE] == OFF:
            self.pos[W_VILLAGE] = ENTRY_SPACE

    def _boats(self, result: str) -> None:
        me = self.current
        if result == "white":
            self.labor += 1
            self.gained += 1
        elif result == "black":
            self._gain_coins(me, 1)
        else:
            self.hire_ok = True
        if self.phase == BOATS:
            self.phase = WORK
        else:  # the end-of-turn toss of a new Harbor: the turn goes on in the spend phase
            self.phase = SPEND
            self.end_toss = 2

    def _end_turn(self) -> None:
        if self.end_toss == 1:
            self.phase = END_BOATS
            return
        self.turns += 1
        if self.end_condition() is not None or self.turns >= MAX_TURNS:
            # Decision: the game ends at the end of the turn in which a condition holds.
            self.phase = OVER
            return
        self.current = 1 - self.current
        self._begin_turn()

    def _begin_turn(self) -> None:
        me = self.current
        self.moved = 0
        self.labor = 0
        self.gained = 0
        self.grinds = 0
        self.built_turn = self.hire_ok = self.hired = self.borrowed_turn = False
        self.end_toss = 0
        # Decision: Mill and Smithy labor arrives at the start of the turn.
        bonus = self.has_effect(me, MILL) + self.has_effect(me, SMITHY)
        self.labor += bonus
        self.gained += bonus
        self.phase = BOATS if self.harbor_tosser(me) else WORK

    def _settle_goal(self, fresh: bool) -> None:
        """Claim or remove the face-up goal when someone meets it; queue the next reveal."""
        g = self.face_up_goal()
        if g < 0:
            return
        met0, met1 = self.goal_met(0, g), self.goal_met(1, g)
        if not (met0 or met1):
            return
        if met0 and met1:
            # Both already meet it when it is revealed: remove it. (Mid-turn only the
            # player whose turn it is can newly meet a goal, so that player claims it.)
            self.goal_state[g] = REMOVED if fresh else self.current
        else:
            self.goal_state[g] = 0 if met0 else 1
        if self.goals_left() > 0:
            self.reveal_pending = True

    # -- results --------------------------------------------------------------------------

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Points by source: buildings (first builder only), goals, coins, loan."""
        return {
            "buildings": sum(POINTS[b] for b in range(NB) if self.first[b] == seat),
            "goals": sum(1 for v in self.goal_state if v == seat),
            "coins": self.coins[seat] // COINS_PER_POINT,
            "loan": -LOAN_PENALTY if self.loan == seat else 0,
        }

    def scores(self) -> list[float]:
        return [float(sum(self.score_breakdown(s).values())) for s in (0, 1)]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        """Most buildings breaks a tie; still equal: a shared win."""
        return [(float(popcount(self.built[s])),) for s in (0, 1)]

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public except the order of the face-down goals (only their count)."""
        up = self.face_up_goal()
        players = []
        for s in (0, 1):
            players.append(
                {
                    "colour": COLOURS[s],
                    "coins": self.coins[s],
                    "buildings": [BUILDINGS[b] for b in range(NB) if self.built[s] >> b & 1],
                    "goals": [GOALS[g] for g, v in enumerate(self.goal_state) if v == s],
                    "sailors": sum(1 for w in SAILORS[s] if self.pos[w] != OFF),
                    "score": self.scores()[s],
                    "score_breakdown": self.score_breakdown(s),
                }
            )
        return {
            "seat": seat,
            "phase": PHASE_NAMES[self.phase],
            "current": None if self.phase in (SETUP, OVER) else self.current,
            "start_player": None if self.start < 0 else self.start,
            "turns": self.turns,
            "max_turns": MAX_TURNS,
            "supply": self.supply,
            "workers": {
                WORKERS[w]: (None if self.pos[w] == OFF else self.pos[w]) for w in range(NW)
            },
            "spaces": list(SPACES),
            "moved": [WORKERS[w] for w in range(NW) if self.moved >> w & 1],
            "labor": self.labor,
            "labor_gained": self.gained,
            "built_this_turn": self.built_turn,
            "may_hire": self.may_hire(self.current),
            "sailors_in_supply": self.sailors_in_supply(),
            "first_builder": {
                BUILDINGS[b]: (None if self.first[b] < 0 else self.first[b]) for b in range(NB)
            },
            "loan": {
                "holder": None if self.loan < 0 else self.loan,
                "building": None if self.borrowed < 0 else BUILDINGS[self.borrowed],
            },
            "harbor_tosser": None if self.first[HARBOR] < 0 else self.first[HARBOR],
            "goal_up": None if up < 0 else GOALS[up],
            "goals_left": self.goals_left(),
            "goals_removed": [GOALS[g] for g, v in enumerate(self.goal_state) if v == REMOVED],
            "players": players,
            "winners": self.winners() if self.phase == OVER else None,
        }

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        """Fixed-size encoding from ``seat``'s side (seat None: seat 0's side)."""
        me = 0 if seat is None else seat
        opp = 1 - me
        ng = len(self.goal_state)
        out = np.zeros(obs_size(ng), dtype=np.float32)
        i = 0
        for w in _worker_order(me):
            out[i + 1 + self.pos[w]] = 1.0  # OFF -> slot 0
            out[i + 4] = float(self.moved >> w & 1)
            out[i + 5] = float(self.may_move(me, w))
            i += 6
        for s in (me, opp):
            for b in range(NB):
                out[i] = float(self.built[s] >> b & 1)
                out[i + 1] = float(self.first[b] == s)
                i += 2
            out[i] = self.coins[s] / COIN_TOTAL
            out[i + 1] = float(self.loan == s)
            i += 2
            for g in range(ng):
                out[i] = float(self.goal_state[g] == s)
                i += 1
        out[i] = self.supply / COIN_TOTAL
        i += 1
        for g in range(ng):
            out[i] = float(self.goal_state[g] == STACK)
            out[i + 1] = float(self.goal_state[g] == FACE_UP)
            out[i + 2] = float(self.goal_state[g] == REMOVED)
            i += 3
        if self.borrowed >= 0:
            out[i + self.borrowed] = 1.0
        i += NB
        out[i + self.phase] = 1.0
        i += len(PHASE_NAMES)
        out[i] = float(self.current == me)
        out[i + 1] = self.labor / 10.0
        out[i + 2] = self.gained / 10.0
        out[i + 3] = float(self.built_turn)
        out[i + 4] = float(self.hire_ok and not self.hired)
        out[i + 5] = float(self.borrowed_turn)
        out[i + 6] = float(self.end_toss == 1)
        out[i + 7] = self.turns / MAX_TURNS
        out[i + 8] = float(self.reveal_pending)
        out[i + 9] = self.grinds / 10.0
        out[i + 10] = self.goals_left() / GOALS_PER_GAME
        return out


_HANDLERS: dict[type, Any] = {
    Move: ProvinceState._do_move,
    Build: ProvinceState._do_build,
    Grind: ProvinceState._do_grind,
    UnionLabor: ProvinceState._do_union,
    Hire: ProvinceState._do_hire,
    Borrow: ProvinceState._do_borrow,
    Repay: ProvinceState._do_repay,
    EndTurn: ProvinceState._do_end,
    RevealGoal: ProvinceState._do_reveal,
    BoatToss: ProvinceState._do_boats,
    FirstPlayer: ProvinceState._do_first,
}


def _worker_order(me: int) -> list[int]:
    """Workers with the viewer's sailors first, so the encoding is seat-symmetric."""
    return [0, 1, 2, W_CAMP, W_VILLAGE, *SAILORS[me], *SAILORS[1 - me]]


def obs_size(goal_pool: int) -> int:
    """Length of the observation vector for a goal pool of ``goal_pool`` goals."""
    return NW * 6 + 2 * (NB * 2 + 2 + goal_pool) + 1 + goal_pool * 3 + NB + len(PHASE_NAMES) + 11
