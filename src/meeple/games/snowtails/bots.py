"""Snow Tails bots: a turn planner (``HeuristicBot``) and ``evaluate`` for search.

Why a planner: every decision of a Snow Tails turn (cards, step order, bonus)
belongs to the same seat and, until the hand is refilled, involves no hidden
card. So the bot searches its whole turn exhaustively on a determinized copy
(its own deck order is unknown even to itself), memoizing on the few facts
that matter (cell, steps left, dogs, brake, hand), and keeps the plan until
the turn ends or the state stops matching it.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.games.snowtails.actions import ChooseLane, Discard
from meeple.games.snowtails.rules import SnowTailsState
from meeple.games.snowtails.state import OUT

#: Rows of progress one dent is worth giving up (designed weight).
DENT_COST = 2.5
#: Value of a finished sled, on top of its distance past the line.
FINISH_BONUS = 40.0
#: Forward value at the end of a turn worth keeping for the next one.
NEXT_SPEED_WEIGHT = 0.4


def sled_value(state: SnowTailsState, seat: int) -> float:
    """How well placed one sled is, in rows of progress."""
    track = state.game.track
    cell = state.cell[seat]
    progress = 4.0 * track.pos[cell] / track.pos_scale if cell >= 0 else 0.0
    dents = state.dents(seat)
    if state.status[seat] == OUT:
        return progress - 1000.0
    value = progress - DENT_COST * dents * (1 + dents / 4)
    if track.is_finished_cell(cell):
        value += FINISH_BONUS
    forward, drift = state.movement(seat)
    value += NEXT_SPEED_WEIGHT * min(max(forward, 0), 7) - 0.1 * abs(drift)
    return value


def evaluate(state: State, seat: int) -> float:
    """Own sled's value minus the best other sled's (used by greedy and search)."""
    assert isinstance(state, SnowTailsState)
    if state.is_terminal():
        return 1000.0 * state.returns()[seat]
    mine = sled_value(state, seat)
    others = [sled_value(state, s) for s in range(state.game.players) if s != seat]
    return mine - max(others, default=0.0)


class HeuristicBot(Bot):
    """Plans each turn to the end: the cards to play, the step order, the bonus.

    Lane choice: the lowest free lane (lane 1 is the inside of the first
    corner). Discards keep variety: the most duplicated value goes first.
    """

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"bot 'heuristic' takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)
        self._plan: list[Action] = []
        self._plan_turn: tuple[int, int, int] | None = None

    def choose(self, state: State) -> Action:
        assert isinstance(state, SnowTailsState)
        legal = state.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "lanes":
            return min(legal, key=lambda a: a.lane if isinstance(a, ChooseLane) else 9)
        if state.phase == "discard":
            hand = state.hand[self.seat]
            return max(
                (a for a in legal if isinstance(a, Discard)),
                key=lambda a: (hand[a.value], -abs(a.value - 3)),
            )
        key = (state.race, state.round_no, state.order_idx)
        if self._plan_turn != key or not self._plan or self._plan[0] not in legal:
            self._plan_turn = key
            self._plan = self.plan_turn(state)
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        return legal[0]

    def plan_turn(self, state: SnowTailsState) -> list[Action]:
        """The best sequence of this seat's decisions from here to the end of its turn."""
        base = state.determinize(self.seat, self.rng)
        seat = self.seat
        turn_key = (base.race, base.round_no, base.order_idx)
        memo: dict[tuple[Any, ...], tuple[float, list[Action]]] = {}

        def ended(s: SnowTailsState) -> bool:
            return (
                s.phase in ("over", "lanes", "discard")
                or (s.race, s.round_no, s.order_idx) != turn_key
            )

        def search(s: SnowTailsState) -> tuple[float, list[Action]]:
            if ended(s):
                return sled_value(s, seat), []
            k = (
                s.phase,
                s.cell[seat],
                s.fwd_rem,
                s.diag_rem,
                s.dents(seat),
                s.placed_value,
                frozenset(s.placed_slots),
                s.brake[seat],
                s.dog(seat, "left"),
                s.dog(seat, "right"),
                tuple(s.hand[seat]),
                s.bonus_steps,
            )
            if k in memo:
                return memo[k]
            best: tuple[float, list[Action]] = (float("-inf"), [])
            for action in s._legal_actions(seat):
                child = s.clone()
                child.apply_unchecked(action, seat)
                value, rest = search(child)
                if value > best[0]:
                    best = (value, [action, *rest])
            memo[k] = best
            return best

        return search(base)[1]
