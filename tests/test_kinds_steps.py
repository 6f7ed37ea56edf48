"""The core's automatic steps and chance steps on the decision stack (core/kinds.py):
a row with ``run`` is done by the core, nobody answers it; a decision owed by
``CHANCE`` is chance's turn, its outcomes declared by its kind. A dice toy, whole."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pytest

from meeple.core import Action, Game, IllegalActionError, Turn
from meeple.core import decisions as dec
from meeple.core.fields import FieldState, StateFields
from meeple.core.kinds import CHANCE, DecidingState, Kind, Kinds, step
from meeple.core.turn import TERMINAL_TURN, TurnKind


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"
    n: int


@dataclass(frozen=True, slots=True)
class Add(Action):
    kind: ClassVar[str] = "add"
    n: int


def _roll(s: Any, d: dec.Decision, action: Action) -> None:
    assert isinstance(action, Roll)
    s.total += action.n
    s.decisions = dec.push(s.decisions, dec.Decision(0, "double"), dec.Decision(0, "add"))


def _double(s: Any, d: dec.Decision) -> None:
    s.total *= 2


def _add(s: Any, d: dec.Decision, action: Action) -> None:
    assert isinstance(action, Add)
    s.total += action.n


KINDS: Kinds[Any] = Kinds(
    {
        "roll": Kind(
            lambda s, d: [Roll(1), Roll(2)],
            _roll,
            {"en": "the die", "zh-TW": "骰子"},
            chance=lambda s, d: [(Roll(1), 0.5), (Roll(2), 0.5)],
        ),
        "double": step(_double),
        "add": Kind(lambda s, d: [Add(1), Add(2)], _add, {"en": "a number", "zh-TW": "一個數"}),
    }
)

FIELDS = StateFields(total=int, decisions=dec.FIELD)


class Dice(Game):
    name = "dicetoy"
    title = "Dice toy"
    min_players = max_players = 1  # one seat, and chance
    has_chance = True

    def enumerate_actions(self) -> list[Action]:
        return [Roll(1), Roll(2), Add(1), Add(2)]

    def max_game_length(self) -> int:
        return 2

    def new_initial_state(self, seed: int = 0) -> DiceState:
        s = object.__new__(DiceState)
        s.game, s.total, s.decisions = self, 0, (dec.Decision(CHANCE, "roll"),)
        return s

    def state_from_json(self, data: dict[str, Any]) -> DiceState:
        return DiceState.load(self, data)


class DiceState(DecidingState, FieldState):
    __slots__ = FIELDS.slots
    fields = FIELDS
    KINDS = KINDS
    total: int
    decisions: dec.Stack

    def phase_turn(self) -> Turn:
        return TERMINAL_TURN

    def phase_actions(self, seat: int) -> list[Action]:
        return []

    def phase_apply(self, action: Action, seat: int | None) -> None:
        raise IllegalActionError("the game is over")

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"total": self.total}

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return np.zeros(1, dtype=np.float32)

    def scores(self) -> list[float]:
        return [float(self.total)]


def test_a_chance_step_is_chances_turn_with_its_kinds_outcomes() -> None:
    s = Dice().new_initial_state()
    assert s.turn().kind is TurnKind.CHANCE and s.is_chance()
    assert s.chance_outcomes() == [(Roll(1), 0.5), (Roll(2), 0.5)]
    assert s.legal_actions() == [Roll(1), Roll(2)]
    s.apply(Roll(2))
    # the step on top ran at once (doubling), then seat 0 answers
    assert s.total == 4 and s.turn() == Turn.seat(0) and s.chance_outcomes() == []
    assert s.legal_actions() == [Add(1), Add(2)]
    s.apply(Add(1), 0)
    assert s.total == 5 and s.is_terminal()


def test_a_step_asks_nothing_and_answers_nothing() -> None:
    s = Dice().new_initial_state()
    s.decisions = (dec.Decision(0, "add"), dec.Decision(0, "double"))
    assert KINDS.answers(s, s.decisions[-1]) == []
    assert KINDS.words("double", "en") == "double" and KINDS.words("add", "zh-TW") == "一個數"
    with pytest.raises(IllegalActionError):
        KINDS.decide(s, Add(1))
    s.decisions = (dec.Decision(0, "add"), dec.Decision(0, "double"))
    s.total = 3
    assert KINDS.run_step(s) and s.total == 6 and not KINDS.run_step(s)
    assert [d.kind for d in s.decisions] == ["add"]


def test_steps_and_chance_round_trip_through_json() -> None:
    game = Dice()
    s = game.new_initial_state()
    again = game.state_from_json(s.to_json())
    assert again.is_chance() and again.chance_outcomes() == s.chance_outcomes()
    again.apply(Roll(1))
    assert again.total == 2 and again.turn() == Turn.seat(0)
