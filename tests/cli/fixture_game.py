"""A tiny test-only game exercising what tic-tac-toe cannot: chance, a secret, undo.

"Dice steps": on each turn chance rolls a die (1-3) that only the mover sees,
then the mover adds 1 or 2 to its public total, twice (two decisions in one
turn, so the first can be undone before the second). Score = total + rolls.
It passes the conformance suite (tests/cli/test_fixture_game.py checks), so
the CLI is tested against a real, if small, game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meeple.core import Action, Game, GameOption, Rng, State, Turn, registry
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    value: int


@dataclass(frozen=True, slots=True)
class Add(Action):
    kind: ClassVar[str] = "add"
    amount: int


class DiceSteps(Game):
    name = "dicesteps"
    title = "Dice steps"
    title_zh = "骰子步數"
    min_players = 2
    max_players = 2
    perfect_information = False
    has_chance = True
    option_specs = (GameOption("rounds", 2, minimum=1, maximum=5),)

    def enumerate_actions(self) -> Iterable[Action]:
        return [*(Roll(v) for v in (1, 2, 3)), Add(1), Add(2)]

    def max_game_length(self) -> int:
        return self.options["rounds"] * 2 * 3

    def new_initial_state(self, seed: int = 0) -> DiceStepsState:
        return DiceStepsState(self, 0, 0, 0, [0, 0], [[], []])

    def state_from_json(self, data: dict[str, Any]) -> DiceStepsState:
        return DiceStepsState(
            self,
            data["to_move"],
            data["step"],
            data["turns"],
            list(data["totals"]),
            [list(r) for r in data["rolls"]],
        )

    def observation_shape(self) -> tuple[int, ...]:
        return (5,)


class DiceStepsState(State):
    game: DiceSteps

    def __init__(
        self,
        game: DiceSteps,
        to_move: int,
        step: int,
        turns: int,
        totals: list[int],
        rolls: list[list[int]],
    ) -> None:
        self.game = game
        self.to_move = to_move
        self.step = step  # 0: chance rolls, 1 and 2: the mover's two additions
        self.turns = turns
        self.totals = totals
        self.rolls = rolls

    def turn(self) -> Turn:
        if self.turns >= 2 * self.game.options["rounds"]:
            return TERMINAL_TURN
        return CHANCE_TURN if self.step == 0 else Turn.seat(self.to_move)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Roll(v), 1 / 3) for v in (1, 2, 3)] if self.is_chance() else []

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Add(1), Add(2)]

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        if isinstance(action, Roll):
            self.rolls[self.to_move].append(action.value)
            self.step = 1
            return
        assert isinstance(action, Add)
        self.totals[self.to_move] += action.amount
        self.step += 1
        if self.step == 3:
            self.step, self.to_move, self.turns = 0, 1 - self.to_move, self.turns + 1

    def redact_action(self, action: Action, actor: int | None, viewer: int | None) -> str:
        if isinstance(action, Roll) and viewer != self.to_move:
            return "roll ?"
        return super().redact_action(action, actor, viewer)

    def clone(self) -> DiceStepsState:
        return DiceStepsState(
            self.game,
            self.to_move,
            self.step,
            self.turns,
            self.totals[:],
            [r[:] for r in self.rolls],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "to_move": self.to_move,
            "step": self.step,
            "turns": self.turns,
            "totals": self.totals[:],
            "rolls": [r[:] for r in self.rolls],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        end = self.is_terminal()
        return {
            "to_move": None if end else self.to_move,
            "step": self.step,
            "totals": self.totals[:],
            "rolls": [
                r[:] if end or seat == i else ["?"] * len(r) for i, r in enumerate(self.rolls)
            ],
        }

    def determinize(self, seat: int, rng: Rng) -> DiceStepsState:
        other = self.clone()
        if self.is_terminal():  # everything is revealed at the end
            return other
        o = 1 - seat
        other.rolls[o] = [1 + rng.randbelow(3) for _ in other.rolls[o]]
        return other

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        me = 0 if seat is None else seat
        own = sum(self.rolls[me]) if seat is not None else 0
        return np.array(
            [self.to_move, self.step, self.totals[0], self.totals[1], own], dtype=np.float32
        )

    def scores(self) -> list[float]:
        return [float(self.totals[i] + sum(self.rolls[i])) for i in (0, 1)]


@contextmanager
def registered() -> Iterator[type[DiceSteps]]:
    """Make ``dicesteps`` resolvable by name for the duration of a test, then remove it."""
    registry.register(DiceSteps)
    try:
        yield DiceSteps
    finally:
        registry.unregister(DiceSteps.name)
