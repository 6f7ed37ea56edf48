"""Province's state as data: a handful of ints and short int lists.

The fields are declared once (:class:`~meeple.core.fields.StateFields`), so
``clone`` (which search lives on), ``to_json`` and loading follow from the
declaration. The queries here read the data and change nothing; the rules
(rules.py) change it.
"""

from __future__ import annotations

from meeple.core.fields import FieldState, StateFields
from meeple.core.game import Game
from meeple.games.province.components import (
    ALL_BUILDINGS_MASK,
    CAMP,
    COIN_TOTAL,
    COINS_PER_POINT,
    G_BUILDINGS,
    G_COINS,
    G_CREW,
    G_LABOR,
    G_ONEPOINT,
    G_TREASURY,
    G_TWOPOINT,
    G_WORKERS,
    GOALS_PER_GAME,
    HARBOR,
    LOAN_PENALTY,
    NB,
    NW,
    OFF,
    ONE_POINT_MASK,
    POINTS,
    SAILOR_TOKENS,
    SAILORS,
    TWO_POINT_MASK,
    VILLAGE,
    W_CAMP,
    W_VILLAGE,
    popcount,
)

# -- phases ---------------------------------------------------------------------------

SETUP, BOATS, WORK, SPEND, END_BOATS, OVER = range(6)
PHASE_NAMES = ("setup", "boats", "work", "spend", "end_boats", "over")

# Goal status values (goal_state[g]).
STACK, FACE_UP, REMOVED = -1, 3, 2  # 0 / 1: claimed by that seat

FIELDS = StateFields(
    current=int,  # seat whose turn it is
    phase=int,
    pos=list[int],  # per worker: its space, OFF when not on the cycle
    moved=int,  # bitmask of workers moved this turn
    coins=list[int],  # the supply holds the rest: COIN_TOTAL - sum(coins)
    built=list[int],  # bitmask of buildings per seat
    first=list[int],  # first builder of each building (gets its points)
    loan=int,  # seat holding the loan token, -1: in the supply
    borrowed=int,  # building borrowed with the token
    goal_state=list[int],  # per goal: STACK, FACE_UP, REMOVED or the claiming seat
    reveal_pending=bool,  # a goal must be turned face up (chance)
    labor=int,  # labor available this turn (lost at its end)
    gained=int,  # labor gained this turn (the labor goal)
    grinds=int,  # grinds this turn (the trade goal of the 9-goal variant)
    built_turn=bool,  # built this turn already (one building a turn)
    hire_ok=bool,  # a mixed boat toss allows one hire this turn
    hired=bool,
    borrowed_turn=bool,  # Decision: one borrow a turn
    end_toss=int,  # Harbor's end-of-turn toss: 0 none, 1 due, 2 done
    turns=int,  # turns completed
    start=int,  # start player
)


class ProvinceData(FieldState):
    """One moment of a Province match, as data. All fields are ints or short int lists."""

    __slots__ = FIELDS.slots
    fields = FIELDS

    current: int
    phase: int
    pos: list[int]
    moved: int
    coins: list[int]
    built: list[int]
    first: list[int]
    loan: int
    borrowed: int
    goal_state: list[int]
    reveal_pending: bool
    labor: int
    gained: int
    grinds: int
    built_turn: bool
    hire_ok: bool
    hired: bool
    borrowed_turn: bool
    end_toss: int
    turns: int
    start: int

    def __init__(self, game: Game) -> None:
        """The state before the start-player toss."""
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
        self.goal_state = [STACK] * int(game.options["goals"])  # the goal pool
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

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Points by source: buildings (first builder only), goals, coins, loan."""
        return {
            "buildings": sum(POINTS[b] for b in range(NB) if self.first[b] == seat),
            "goals": sum(1 for v in self.goal_state if v == seat),
            "coins": self.coins[seat] // COINS_PER_POINT,
            "loan": -LOAN_PENALTY if self.loan == seat else 0,
        }
