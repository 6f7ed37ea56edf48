"""Province's heuristic bot and position evaluation.

The bot plans a whole turn at once: at the start of its work phase it tries
every subset of the workers it may move, and for each the spend choices that
matter (which building, if any; hiring a sailor; Union labor to top up a
build; grinding what labor is left, since labor is lost at the end of the
turn). It scores each end-of-turn position with :func:`evaluate` and then
plays the best plan one small action at a time, re-planning if anything
unexpected happens (a goal revealed mid-turn, an illegal planned step).
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.games.province.components import (
    BANK,
    BUILDS,
    CAMP,
    COST_COINS,
    COST_LABOR,
    END,
    GRIND,
    GRIND_LABOR,
    HARBOR,
    HIRE,
    HIRE_COST,
    LENDER,
    MILL,
    MOVES,
    NB,
    NW,
    OFF,
    POINTS,
    REPAY,
    REPAY_COST,
    REQUIRES,
    SAILORS,
    SMITHY,
    UNION,
    UNION_ACT,
    UNION_COINS,
    VILLAGE,
    popcount,
)
from meeple.games.province.rules import ProvinceState
from meeple.games.province.state import OVER, SPEND, WORK

#: What owning a building's effect is worth (in points) early in the game.
ENGINE_VALUE: tuple[float, ...] = tuple(
    {
        LENDER: 0.2,
        BANK: 1.0,
        CAMP: 1.2,
        VILLAGE: 1.2,
        MILL: 1.8,
        SMITHY: 1.8,
        UNION: 0.5,
        HARBOR: 0.6,
    }[b]
    for b in range(NB)
)
COIN_VALUE = 0.3  # a coin buys part of a building; 5 coins are 1 point at the end
BUILDING_VALUE = 0.5  # each building counts towards goals and the 7-building end
SAILOR_VALUE = 1.0
EXPECTED_TURNS = 36  # a typical game's length in turns (both seats), for engine decay

#: Search settings for ``mcts`` on Province: random playouts wander for hundreds of
#: actions, so roll out the current turn with the heuristic bot and judge the
#: position with :func:`evaluate`; 470 iterations is about 0.1 s on an idle core
#: (benchmarks/README.md, "Search bots").
MCTS_DEFAULTS = {"rollout": "heuristic", "turns": 1, "scale": 1, "c": 0.2, "iters": 470}


def _side(state: ProvinceState, seat: int, remaining: float) -> float:
    score = sum(POINTS[b] for b in range(NB) if state.first[b] == seat)
    score += sum(1 for v in state.goal_state if v == seat)
    if state.loan == seat:
        score -= 2
    value = float(score)
    if state.phase == OVER:
        return value + state.coins[seat] // 5
    value += COIN_VALUE * state.coins[seat]
    built = state.built[seat]
    value += BUILDING_VALUE * popcount(built)
    engine = 0.0
    for b in range(NB):
        if built >> b & 1:
            engine += ENGINE_VALUE[b]
    if state.first[HARBOR] == seat:
        engine += 0.6  # the boat tosses belong to the first builder only
    engine += SAILOR_VALUE * sum(1 for w in SAILORS[seat] if state.pos[w] != OFF)
    return value + engine * remaining


def evaluate(state: State, seat: int) -> float:
    """Heuristic value of ``state`` for ``seat``: its material and points minus the opponent's.

    Finished games return the score margin plus a large bonus for the win.
    """
    assert isinstance(state, ProvinceState)
    if state.phase == OVER:
        margin = state.scores()[seat] - state.scores()[1 - seat]
        return 1000.0 * state.returns()[seat] + margin
    remaining = max(0.0, 1.0 - state.turns / EXPECTED_TURNS)
    return _side(state, seat, remaining) - _side(state, 1 - seat, remaining)


def _spend_plans(state: ProvinceState, seat: int) -> list[list[Action]]:
    """Candidate spend sequences: build nothing or one affordable building (topping labor
    up at the Union if needed), with or without hiring a sailor."""
    coins, labor = state.coins[seat], state.labor
    union = state.has_effect(seat, UNION)
    builds: list[list[Action]] = [[]]
    if not state.built_turn:
        mine = state.built[seat]
        for b in range(NB):
            if mine >> b & 1 or (REQUIRES[b] >= 0 and not mine >> REQUIRES[b] & 1):
                continue
            short = max(0, COST_LABOR[b] - labor)
            if short and not union:
                continue
            if coins >= COST_COINS[b] + UNION_COINS * short:
                builds.append([UNION_ACT] * short + [BUILDS[b]])
    plans = list(builds)
    if coins >= HIRE_COST and state.may_hire(seat):
        for p in builds:
            plans.append([HIRE, *p])
    return plans


class HeuristicBot(Bot):
    """Plans each turn by trying every worker subset and spend choice (see module docstring)."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"bot 'heuristic' takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)
        self._plan: list[Action] = []

    def choose(self, state: State) -> Action:
        assert isinstance(state, ProvinceState)
        legal = state.legal_actions(self.seat)
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = self._make_plan(state)
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        return END if END in legal else legal[0]

    def _make_plan(self, state: ProvinceState) -> list[Action]:
        seat = self.seat
        prefix: list[Action] = []
        if state.loan == seat and state.coins[seat] >= REPAY_COST + 2:
            prefix.append(REPAY)  # never planned, but clear a debt we find ourselves holding
            state = state.clone()
            state.apply_unchecked(REPAY, seat)
        movable: list[int] = []
        if state.phase == WORK:
            movable = [w for w in range(NW) if not state.moved >> w & 1 and state.may_move(seat, w)]
        must_move = state.phase == WORK and not state.moved
        best_value = float("-inf")
        best: list[list[Action]] = []
        for mask in range(1 << len(movable)):
            if must_move and not mask:
                continue
            after_moves = state.clone()
            moves: list[Action] = []
            for i, w in enumerate(movable):
                if mask >> i & 1:
                    after_moves.apply_unchecked(MOVES[w], seat)
                    moves.append(MOVES[w])
            if after_moves.phase == WORK and moves:
                after_moves.phase = SPEND  # spending closes the work phase
            for spend in _spend_plans(after_moves, seat):
                final = after_moves.clone()
                for a in spend:
                    final.apply_unchecked(a, seat)
                grinds = 0
                while final.labor >= GRIND_LABOR and final.supply > 0:
                    final.apply_unchecked(GRIND, seat)
                    grinds += 1
                value = evaluate(final, seat) + 0.001 * len(moves)
                plan = [*moves, *spend, *([GRIND] * grinds), END]
                if value > best_value + 1e-9:
                    best_value, best = value, [plan]
                elif value > best_value - 1e-9:
                    best.append(plan)
        if not best:
            return [*prefix, END]
        return [*prefix, *best[self.rng.randbelow(len(best))]]


__all__ = ["HeuristicBot", "evaluate"]
