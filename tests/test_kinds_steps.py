"""The core's automatic steps and chance steps on the decision stack (core/kinds.py):
a row with ``run`` is done by the core, nobody answers it; a decision owed by
``CHANCE`` is chance's turn, its outcomes declared by its kind. Played on the shared
toy's die card (tests/toy.py, Toy dice): chance rolls, then an automatic step notes
the roll."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError, Turn
from meeple.core import decisions as dec
from meeple.core.turn import TurnKind
from tests.toy import DICE_KINDS, DIE, Discard, PlayCard, Roll, ToyDice


def test_a_chance_step_is_chances_turn_with_its_kinds_outcomes() -> None:
    s = ToyDice(1).new_initial_state()
    s.apply(PlayCard(DIE), 0)
    assert s.turn().kind is TurnKind.CHANCE and s.is_chance()
    assert s.chance_outcomes() == [(Roll(1), 1 / 3), (Roll(2), 1 / 3), (Roll(3), 1 / 3)]
    assert s.legal_actions() == [Roll(1), Roll(2), Roll(3)]
    s.apply(Roll(2))
    # the step on top ran at once (noting the roll), then seat 0 plays again
    assert s.rolls == [[2]] and s.decisions == dec.EMPTY
    assert s.turn() == Turn.seat(0) and s.chance_outcomes() == []
    assert s.scores() == [2.0]


def test_a_step_asks_nothing_and_answers_nothing() -> None:
    s = ToyDice(2).new_initial_state()
    s.decisions = (dec.Decision(0, "discard", (1,)), dec.Decision(0, "note", (3,)))
    assert DICE_KINDS.answers(s, s.decisions[-1]) == []
    assert DICE_KINDS.words("note", "en") == "note"
    assert DICE_KINDS.words("roll", "zh-TW") == "骰子"
    with pytest.raises(IllegalActionError):
        DICE_KINDS.decide(s, Discard(1))
    s.decisions = (dec.Decision(0, "discard", (1,)), dec.Decision(0, "note", (3,)))
    assert DICE_KINDS.run_step(s) and s.rolls[0] == [3] and not DICE_KINDS.run_step(s)
    assert [d.kind for d in s.decisions] == ["discard"]


def test_steps_and_chance_round_trip_through_json() -> None:
    game = ToyDice(1)
    s = game.new_initial_state()
    s.apply(PlayCard(DIE), 0)
    again = game.state_from_json(s.to_json())
    assert again.is_chance() and again.chance_outcomes() == s.chance_outcomes()
    again.apply(Roll(1))
    assert again.rolls == [[1]] and again.turn() == Turn.seat(0)
