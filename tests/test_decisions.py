"""core.decisions: the pending-decision stack (order, turns, guards, clone and JSON)."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError, RecordError, Turn
from meeple.core.decisions import (
    EMPTY,
    FIELD,
    Decision,
    freeze,
    owed_by,
    pop,
    pop_kind,
    push,
    push_all,
    stack_from_json,
    stack_to_json,
    top,
    turn_of,
)
from meeple.core.fields import StateFields


def test_the_first_decision_pushed_is_decided_first() -> None:
    s = push(EMPTY, Decision(2, "rearrange"), Decision(3, "rearrange"))
    assert top(s) == Decision(2, "rearrange")
    d, s = pop(s)
    assert d.seat == 2 and top(s) == Decision(3, "rearrange")
    d, s = pop(s)
    assert d.seat == 3 and s == EMPTY and top(s) is None


def test_decisions_pushed_later_come_before_older_ones() -> None:
    """An effect inside a decision's resolution pushes on top: it is decided before
    what was already waiting (the stack discipline TabletopGames uses)."""
    s = push_all(EMPTY, [Decision(1, "bump_reward"), Decision(2, "bump_reward")])
    s = push(s, Decision(0, "choose"))
    assert [d.seat for d in reversed(s)] == [0, 1, 2]
    assert owed_by(s, 2) == [Decision(2, "bump_reward")]


def test_the_turn_is_the_seat_owing_the_top_decision() -> None:
    phase_turn = Turn.seat(0)
    assert turn_of(EMPTY, phase_turn) == phase_turn
    s = push(EMPTY, Decision(3, "rearrange"))
    assert turn_of(s, phase_turn) == Turn.seat(3)


def test_popping_an_empty_stack_or_the_wrong_decision_is_refused() -> None:
    with pytest.raises(IllegalActionError):
        pop(EMPTY)
    s = push(EMPTY, Decision(1, "rearrange"))
    with pytest.raises(IllegalActionError, match="seat 1 decides"):
        pop_kind(s, 0, "rearrange")
    with pytest.raises(IllegalActionError, match="not choose"):
        pop_kind(s, 1, "choose")
    d, rest = pop_kind(s, 1, "rearrange")
    assert d.kind == "rearrange" and rest == EMPTY


def test_a_decision_round_trips_through_json_with_its_continuation() -> None:
    d = Decision(
        1,
        "choose",
        freeze([[["gain", "silver", 2]], []]),
        freeze([["gain", "virtue", 1]]),
        0,
        "Acolyte",
    )
    s = push(EMPTY, d, Decision(2, "rearrange"))
    back = stack_from_json(stack_to_json(s))
    assert back == s
    assert back[-1].args == ((("gain", "silver", 2),), ())
    assert d.continues_as == 0 and Decision(4, "x").continues_as == 4


def test_again_keeps_the_continuation_and_changes_the_args() -> None:
    d = Decision(1, "discard", (2,), (("gain", "silver", 1),), 0)
    e = d.again(1)
    assert e.args == (1,) and e.rest == d.rest and e.actor == 0


@pytest.mark.parametrize("bad", [{"kind": "x"}, "x", {"seat": "a", "kind": "x"}, [1]])
def test_malformed_stored_stacks_are_refused(bad: object) -> None:
    with pytest.raises(RecordError):
        stack_from_json(bad if isinstance(bad, list) else [bad])
    with pytest.raises(RecordError):
        freeze({"a": 1})


def test_the_field_shares_the_stack_on_clone_and_stores_it_as_json() -> None:
    fields = StateFields(decisions=FIELD)
    assert fields.kinds["decisions"].copy == "v"  # shared: tuples are never changed
    s = push(EMPTY, Decision(0, "a", (1, "b")))
    assert stack_from_json(stack_to_json(s)) == s
