"""core.effects: programs as data, checked at load, run with choices that suspend and resume.

A toy state with a ledger per seat, a hand of cards and a decision stack
stands in for a game; its verbs are the kind a card game registers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from meeple.core import Action, Game, IllegalActionError, Turn
from meeple.core import decisions as dec
from meeple.core.effects import EffectError, Effects, Grammar, Pending, Then, Verb, Word
from meeple.core.fields import FieldState, StateFields

FIELDS = StateFields(
    silver=list[int], virtue=list[int], hand=list[list[int]], log=list[str], decisions=dec.FIELD
)


class ToyGame(Game):
    name = "toyeffects"
    title = "Toy"
    min_players = 1
    max_players = 4

    def enumerate_actions(self) -> list[Action]:
        return []

    def max_game_length(self) -> int:
        return 1

    def new_initial_state(self, seed: int = 0) -> ToyState:
        s = object.__new__(ToyState)
        s.game = self
        n = self.players
        s.silver, s.virtue, s.hand, s.log = [3] * n, [0] * n, [[1, 2, 3] for _ in range(n)], []
        s.decisions = dec.EMPTY
        return s

    def state_from_json(self, data: dict[str, Any]) -> ToyState:
        return ToyState.load(self, data)


class ToyState(FieldState):
    __slots__ = FIELDS.slots
    fields = FIELDS
    silver: list[int]
    virtue: list[int]
    hand: list[list[int]]
    log: list[str]
    decisions: dec.Stack

    def turn(self) -> Turn:
        return dec.turn_of(self.decisions, Turn.seat(0))

    def _legal_actions(self, seat: int) -> list[Action]:
        return []

    def apply_unchecked(self, action: Action, seat: int | None) -> None:
        pass

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        return np.zeros(1, dtype=np.float32)

    def scores(self) -> list[float]:
        return [0.0] * self.game.players


def _gain(s: ToyState, seat: int, item: str, n: int) -> None:
    getattr(s, item)[seat] += n
    s.log.append(f"{seat}+{n}{item}")


def _pay(s: ToyState, seat: int, item: str, n: int) -> None:
    getattr(s, item)[seat] -= n
    s.log.append(f"{seat}-{n}{item}")


def _has(s: ToyState, seat: int, item: str, n: int) -> bool:
    return bool(getattr(s, item)[seat] >= n)


def _discard(s: ToyState, seat: int, n: int) -> Pending | None:
    return Pending("discard", (n,)) if s.hand[seat] else None


def _bonus(s: ToyState, seat: int) -> Then:
    return Then((("gain", "silver", 1), ("gain", "virtue", 1)))


GRAMMAR = Grammar(
    {"discard": Word(arity=(1, 1), counts=(0,)), "bonus": Word()},
    queries=("hand", "silver"),
    items=("silver", "virtue"),
)
ENGINE = Effects(
    GRAMMAR,
    players=lambda s: s.game.players,
    gain=_gain,
    pay=_pay,
    has=_has,
    verbs={
        "discard": Verb(_discard, can=lambda s, seat, n: bool(s.hand[seat])),
        "bonus": Verb(_bonus),
    },
    queries={"hand": lambda s, seat: len(s.hand[seat]), "silver": lambda s, seat: s.silver[seat]},
)


def _state(players: int = 3) -> ToyState:
    return ToyGame(players).new_initial_state()


def test_a_program_without_choices_runs_to_the_end() -> None:
    s = _state()
    prog = ENGINE.program(
        [["gain", "silver", 2], ["pay", "silver", 1], ["each", "hand", [["gain", "virtue", 1]]]]
    )
    assert ENGINE.run(s, 1, prog)
    assert s.silver[1] == 4 and s.virtue[1] == 3 and s.decisions == dec.EMPTY


def test_a_choice_suspends_with_the_rest_of_the_program_and_resumes() -> None:
    s = _state()
    prog = ENGINE.program(
        [
            ["choose", [["gain", "silver", 2]], [["pay", "silver", 1], ["gain", "virtue", 2]]],
            ["gain", "virtue", 1],
        ]
    )
    assert not ENGINE.run(s, 0, prog, source="Card")
    d = dec.top(s.decisions)
    assert d is not None and d.seat == 0 and d.kind == "choose" and d.source == "Card"
    assert s.turn() == Turn.seat(0) and ENGINE.options(s, d) == [0, 1]
    loaded = s.game.state_from_json(s.to_json())  # mid-effect, through JSON
    for state in (s, loaded):
        assert ENGINE.choose(state, 0, 1)
        assert state.silver[0] == 2 and state.virtue[0] == 3 and state.decisions == dec.EMPTY


def test_an_option_the_seat_cannot_pay_for_is_not_offered_and_one_left_is_taken() -> None:
    s = _state()
    s.silver[0] = 0
    prog = ENGINE.program(
        [["choose", [["pay", "silver", 1], ["gain", "virtue", 5]], [["gain", "silver", 1]]]]
    )
    assert ENGINE.run(s, 0, prog)  # only the free option: taken without asking
    assert s.silver[0] == 1 and s.virtue[0] == 0


def test_choosing_an_unavailable_option_or_out_of_turn_is_refused_and_changes_nothing() -> None:
    s = _state()
    ENGINE.run(s, 0, ENGINE.program([["may", [["pay", "silver", 3], ["gain", "virtue", 1]]]]))
    s.silver[0] = 0  # can no longer pay for option 0
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        ENGINE.choose(s, 0, 0)
    with pytest.raises(IllegalActionError):
        ENGINE.choose(s, 1, 1)
    assert s.to_json() == before
    assert ENGINE.choose(s, 0, 1) and s.virtue[0] == 0


def test_others_gives_each_opponent_its_own_decision_in_seat_order() -> None:
    """The collision's "every opponent gains": each other seat decides in turn, from the
    actor's left, and the actor's program goes on once they all have."""
    s = _state(4)
    prog = ENGINE.program(
        [
            ["others", [["choose", [["gain", "silver", 1]], [["gain", "virtue", 1]]]]],
            ["gain", "silver", 10],
        ]
    )
    assert not ENGINE.run(s, 2, prog)
    order = []
    while s.decisions:
        d = dec.top(s.decisions)
        assert d is not None and s.turn() == Turn.seat(d.seat)
        order.append(d.seat)
        ENGINE.choose(s, d.seat, d.seat % 2)
    assert order == [3, 0, 1]
    assert s.silver == [4, 3, 13, 3] and s.virtue == [0, 1, 0, 1]


def test_a_game_verb_can_ask_for_a_decision_and_the_game_resumes_it() -> None:
    s = _state()
    prog = ENGINE.program([["discard", 2], ["gain", "silver", 5]])
    assert not ENGINE.run(s, 1, prog)
    d, s.decisions = dec.pop_kind(s.decisions, 1, "discard")
    assert d.args == (2,)
    s.hand[1].pop()  # the game does the discard the seat picked
    if d.args[0] > 1:  # and asks again for the next card, keeping the continuation
        s.decisions = dec.push(s.decisions, d.again(d.args[0] - 1))
    d, s.decisions = dec.pop_kind(s.decisions, 1, "discard")
    s.hand[1].pop()
    assert ENGINE.resume(s, d) and s.silver[1] == 8


def test_if_each_and_then_compose() -> None:
    s = _state()
    prog = ENGINE.program(
        [
            ["if", ["silver", ">=", 3], [["bonus"]], [["gain", "virtue", 9]]],
            ["if", ["silver", "<", 0], [["gain", "virtue", 9]]],
            ["each", 2, [["bonus"]]],
        ]
    )
    assert ENGINE.run(s, 0, prog)
    assert s.silver[0] == 6 and s.virtue[0] == 3


def test_a_choice_for_another_seat_inside_as_keeps_whose_program_continues() -> None:
    s = _state()
    prog = ENGINE.program(
        [
            ["as", 2, [["may", [["gain", "virtue", 1]]], ["gain", "silver", 1]]],
            ["gain", "silver", 7],
        ]
    )
    assert not ENGINE.run(s, 0, prog)
    d = dec.top(s.decisions)
    assert d is not None and d.seat == 2 and d.actor == 0
    ENGINE.choose(s, 2, 0)
    assert s.virtue[2] == 1 and s.silver[2] == 4 and s.silver[0] == 10


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([["fly"]], "unknown verb"),
        ([["gain", "gold", 1]], "unknown item"),
        ([["gain", "silver"]], "takes 2-2"),
        ([["choose", [["gain", "silver", 1]]]], "at least two"),
        ([["if", ["silver", "=~", 1], []]], "condition"),
        ([["each", "nope", []]], "unknown query"),
        ([["discard"]], "takes 1-1"),
        ([["gain", "silver", True]], "a count"),
        ("gain", "a list of effects"),
        ([[1, 2]], "an effect is"),
    ],
)
def test_malformed_programs_are_refused_when_the_data_loads(data: object, message: str) -> None:
    with pytest.raises(EffectError, match=message):
        ENGINE.program(data, "Card X")


def test_game_verbs_cannot_replace_core_words() -> None:
    with pytest.raises(ValueError, match="core words"):
        Grammar({"gain": Word()})


def test_every_word_of_the_grammar_needs_its_function_and_no_more() -> None:
    hooks = {"players": len, "gain": _gain, "pay": _pay, "has": _has}
    with pytest.raises(ValueError, match=r"verbs without a function: \['bonus'\]"):
        Effects(GRAMMAR, **hooks, verbs={"discard": Verb(_discard)}, queries=ENGINE.queries)
    with pytest.raises(ValueError, match=r"functions without a query: \['extra'\]"):
        Effects(GRAMMAR, **hooks, verbs=ENGINE.verbs, queries={**ENGINE.queries, "extra": len})


def test_paying_what_the_seat_lacks_is_a_bug_the_engine_reports() -> None:
    s = _state()
    with pytest.raises(EffectError, match="cannot pay"):
        ENGINE.run(s, 0, ENGINE.program([["pay", "silver", 9]]))


def test_a_gain_can_set_off_more_effects_or_a_decision() -> None:
    """A ledger gain may answer Then (a debt taken with a card that reacts to debts) or
    Pending; the engine runs on from it like after a verb."""

    def reacting_gain(s: ToyState, seat: int, item: str, n: int) -> Then | Pending | None:
        _gain(s, seat, item, n)
        if item == "virtue":
            return Then((("gain", "silver", n),))
        return None

    engine = Effects(
        GRAMMAR,
        players=ENGINE.players,
        gain=reacting_gain,
        pay=_pay,
        has=_has,
        verbs=ENGINE.verbs,
        queries=ENGINE.queries,
    )
    s = _state()
    assert engine.run(s, 0, engine.program([["gain", "virtue", 2], ["gain", "virtue", 1]]))
    assert s.virtue[0] == 3 and s.silver[0] == 6
    assert s.log == ["0+2virtue", "0+2silver", "0+1virtue", "0+1silver"]
