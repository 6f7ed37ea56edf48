"""Province rules: a 2-player worker-cycle building game (Samuel Strick, 2014).

The state's data is in state.py (a handful of ints and short lists, so that
``clone`` is cheap), the components in components.py, what a seat sees in
view.py; this module is the Game and the forward model. Every turn is a sequence of small actions:
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

from collections.abc import Iterable
from typing import Any

import numpy as np

from meeple.core import Action, Game, GameOption, Turn
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN
from meeple.games.province import view as _view
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
from meeple.games.province.components import (
    B_INDEX,
    BANK,
    BOAT_OUTCOMES,
    BORROWS,
    BUILD_TABLE,
    BUILDS,
    CAMP,
    COIN_TOTAL,
    COST_COINS,
    COST_LABOR,
    END,
    ENTRY_SPACE,
    FIRST_OUTCOMES,
    G_INDEX,
    GOALS_PER_GAME,
    GRIND,
    GRIND_LABOR,
    HARBOR,
    HIRE,
    HIRE_COST,
    IS_LABOR_SPACE,
    LENDER,
    MAX_TURNS,
    MILL,
    MOVES,
    NB,
    NG,
    NSPACES,
    OFF,
    REPAY,
    REPAY_COST,
    REVEALS,
    SAILORS,
    SEED_GOALS,
    SMITHY,
    START_COINS,
    UNION,
    UNION_ACT,
    UNION_COINS,
    VILLAGE,
    W_CAMP,
    W_INDEX,
    W_VILLAGE,
    popcount,
)
from meeple.games.province.state import (
    BOATS,
    END_BOATS,
    FACE_UP,
    OVER,
    REMOVED,
    SETUP,
    SPEND,
    STACK,
    WORK,
    ProvinceData,
)

SEAT_TURNS = (Turn.seat(0), Turn.seat(1))
PER_TURN_BOUND = 80  # generous upper bound on actions in one turn (see max_game_length)


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
        return ProvinceState.load(self, data)

    def observation_shape(self) -> tuple[int, ...]:
        return (_view.obs_size(self.goal_pool),)


class ProvinceState(ProvinceData):
    """The forward model over a Province state: whose turn, what is legal, applying it."""

    __slots__ = ()

    game: Province

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
    def scores(self) -> list[float]:
        return [float(sum(self.score_breakdown(s).values())) for s in (0, 1)]

    def tiebreaks(self) -> list[tuple[float, ...]]:
        """Most buildings breaks a tie; still equal: a shared win."""
        return [(float(popcount(self.built[s])),) for s in (0, 1)]

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public except the order of the face-down goals (only their count)."""
        return _view.view(self, seat)

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        """Fixed-size encoding from ``seat``'s side (seat None: seat 0's side)."""
        return _view.observation_tensor(self, seat)


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
