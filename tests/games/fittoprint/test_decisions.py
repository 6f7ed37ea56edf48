"""A drawn tile to keep or return is a declared decision kind on the core's stack
(games/fittoprint/decisions.py); in real time several seats each hold one at once.

Fails on main before the change: there was no decisions module and no stack, only a
per-seat ``pending`` list.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.core import IllegalActionError, Turn
from meeple.core import decisions as dec
from meeple.core.labels import log_label
from meeple.games.fittoprint import Draw, FitToPrint, Keep, Return, Take
from meeple.games.fittoprint.decisions import DRAWN, KINDS
from meeple.games.fittoprint.rules import FitToPrintState
from meeple.games.fittoprint.text import tile_name
from tests.games.fittoprint.builders import new

OLD = Path(__file__).with_name("old_pending_states.json")


def _all_agree(s: FitToPrintState) -> None:
    """The fast is_legal says what legal_actions says, for every seat and action."""
    every = list(s.game.enumerate_actions())
    for seat in range(s.game.players):
        legal = set(s.legal_actions(seat))
        assert {a for a in every if s.is_legal(a, seat)} == legal


def test_in_real_time_each_seat_keeps_or_returns_its_own_drawn_tile() -> None:
    """Seats 0 and 2 draw: each owes its own keep-or-return at once, the day's turn stays
    everyone's, seat 1 (owing nothing) goes on reporting; seat 0 answers first, though
    seat 2's decision is on top."""
    s = new(3, mode="realtime")
    s.apply(Draw("1x1"), 0)
    s.apply(Draw("1x2"), 2)
    t0, t2 = s.drawn(0), s.drawn(2)
    assert [(d.seat, d.kind, d.args) for d in s.decisions] == [
        (0, DRAWN, (t0,)),
        (2, DRAWN, (t2,)),
    ]
    assert s.turn() == Turn.simultaneous((0, 1, 2))
    assert s.legal_actions(0) == s.legal_actions(2) == [Keep(), Return()]
    assert Keep() not in s.legal_actions(1) and Draw("1x1") in s.legal_actions(1)
    _all_agree(s)
    s.apply(Keep(), 0)
    assert t0 in s.desk[0] and s.drawn(0) == -1 and s.drawn(2) == t2
    s.apply(Return(), 2)
    assert t2 in s.face_up and s.decisions == dec.EMPTY and s.drawn_on[t2] == -1
    s.apply(Take(t2), 1)
    assert t2 in s.desk[1]
    _all_agree(s)


def test_the_drawn_tiles_lie_in_seat_order_whoever_drew_first() -> None:
    """Each seat answers its own, so the stack's order says nothing: a state is the same
    whichever seat drew first, as it was when the drawn tiles were a per-seat list."""
    one, other = new(4, mode="realtime"), new(4, mode="realtime")
    for seat, size in ((3, "1x1"), (0, "1x2"), (2, "2x1"), (1, "1x3")):
        one.apply(Draw(size), seat)
    for seat, size in ((1, "1x3"), (2, "2x1"), (0, "1x2"), (3, "1x1")):
        other.apply(Draw(size), seat)
    assert [d.seat for d in one.decisions] == [0, 1, 2, 3]
    assert one.to_json() == other.to_json() and one.state_id() == other.state_id()


def test_in_slo_mode_the_drawer_keeps_or_returns_then_the_turn_passes() -> None:
    s = new(2, mode="slo")
    s.apply(Draw("2x1"), 0)
    assert s.turn() == Turn.seat(0) and s.legal_actions(0) == [Keep(), Return()]
    assert [d.seat for d in s.decisions] == [0]
    _all_agree(s)
    with pytest.raises(IllegalActionError):
        s.apply(Draw("1x1"), 0)
    s.apply(Return(), 0)
    assert s.decisions == dec.EMPTY and s.turn() == Turn.seat(1)


@pytest.mark.parametrize(
    ("lang", "asks", "keep", "ret", "others"),
    [
        (
            "en",
            "a drawn tile to keep or return face up",
            "keep the ",
            "return the ",
            "returns the ",
        ),
        ("zh-TW", "抽到的板塊：保留或正面朝上退回", "保留", "將", "將"),
    ],
)
def test_the_kind_s_words_and_labels_in_both_languages(
    lang: str, asks: str, keep: str, ret: str, others: str
) -> None:
    """What the decision asks, and how an answer reads in the log: its drawer reads the
    tile by name, the others read a returned tile by name and a kept one as "keep"."""
    s = new(2, mode="realtime")
    s.apply(Draw("1x1"), 0)
    d = dec.top(s.decisions)
    assert d is not None
    name = tile_name(s.drawn(0), lang)
    assert KINDS.words(DRAWN, lang) == asks
    assert KINDS.label(s, d, Keep(), lang, False) == log_label(s, Keep(), 0, 0, lang)
    assert log_label(s, Keep(), 0, 0, lang).startswith(keep) and name in log_label(
        s, Keep(), 0, 0, lang
    )
    assert log_label(s, Return(), 0, 0, lang).startswith(ret)
    told = log_label(s, Return(), 0, 1, lang)
    assert told == KINDS.label(s, d, Return(), lang, True) and told.startswith(others)
    assert name in told and name not in log_label(s, Keep(), 0, 1, lang)


def test_time_up_returns_every_held_tile_and_clears_the_stack() -> None:
    s = new(3, mode="realtime")
    s.apply(Draw("1x1"), 1)
    s.apply(Draw("1x1"), 2)
    held = [s.drawn(1), s.drawn(2)]
    s.apply(s.round_timer()[1])  # type: ignore[index]
    assert s.decisions == dec.EMPTY and all(t in s.pool for t in held)


def test_states_stored_before_the_kinds_load_as_the_stack() -> None:
    """old_pending_states.json was made on main before this change: a real-time game of
    three (seed 7) and six snapshots where two seats held a drawn tile at once, each
    with the old ``pending`` list. Replayed now, every snapshot loads as the state
    reached at its step (the pending tiles on the stack), and plays on the same."""
    old = json.loads(OLD.read_text())
    game = FitToPrint(players=old["players"], **old["options"])
    decode = game.action_space.action
    s = game.new_initial_state(old["seed"])
    snaps = old["snapshots"]
    assert len(snaps) == 6
    for step, (seat, code) in enumerate(old["actions"]):
        if str(step) in snaps:
            stored = snaps[str(step)]
            loaded = game.state_from_json(stored)
            assert loaded.to_json() == s.to_json() and loaded.state_id() == s.state_id()
            assert "pending" not in loaded.to_json()
            held = [t for t in stored["pending"]]
            assert [loaded.drawn(p) for p in range(3)] == held and sum(t >= 0 for t in held) == 2
            for p in range(3):
                assert loaded.legal_actions(p) == s.legal_actions(p)
                assert loaded.view(p) == s.view(p)
        s.apply(decode(code), seat)
