"""The penguin game's kinds are one declared table on the core's stack (decisions.py):
each decision a seat answers, each automatic step and the chance step is a row, in the
module holding its rule; the rules dispatch on no kind name."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import importlib.util
import json
import random
from pathlib import Path
from typing import cast

from meeple.core import decisions as dec
from meeple.core.decisions import Decision, thaw
from meeple.core.kinds import CHANCE, DecidingState
from meeple.core.registry import make_game
from meeple.games.penguins import cards, decisions, flow, setup
from meeple.games.penguins.actions import Cancel
from meeple.games.penguins.decisions import DECISIONS, KINDS, PENDING_KINDS, STEPS
from meeple.games.penguins.rules import PenguinState
from meeple.games.penguins.state import OWE_FIELDS, PLAY, owe
from meeple.games.penguins.text import PENDING, pending_words

PACKAGE = Path(decisions.__file__).parent
RULE_MODULES = {cards.__name__, flow.__name__, setup.__name__}


def test_every_kind_is_a_row_by_the_module_holding_its_rule() -> None:
    assert not set(DECISIONS) & set(STEPS)
    assert set(KINDS.names()) == {*DECISIONS, *STEPS, "first"}
    assert len(DECISIONS) == 25 and len(STEPS) == 18
    assert sorted(DECISIONS) == PENDING_KINDS  # the observation tensor names every decision
    for row in DECISIONS.values():
        assert {row.answers.__module__, row.take.__module__} <= RULE_MODULES
        assert row.answers.__module__ == row.take.__module__
        assert row.run is None and row.chance is None
    for row in STEPS.values():
        assert row.run is not None and row.run.__module__ in RULE_MODULES
    assert KINDS["first"].chance is not None
    assert importlib.util.find_spec("meeple.games.penguins.tasks") is None  # the old queue


def test_the_state_is_a_deciding_state_on_the_core_stack() -> None:
    s = make_game("penguins").new_initial_state(3)
    assert isinstance(s, PenguinState) and isinstance(s, DecidingState)
    assert [(d.seat, d.kind) for d in s.decisions] == [(CHANCE, "first")]
    assert s.is_chance() and [a for a, _ in s.chance_outcomes()] == s.legal_actions()
    s.apply(s.chance_outcomes()[1][0])
    assert s.first == 1 and not s.is_chance()
    d = s.decisions[-1]
    assert d.kind == "scene" and d.seat == 0 and s.turn().seats == (0,)
    assert "decisions" in s.to_json() and "queue" not in s.to_json()


def test_every_decision_asks_in_both_languages_from_its_row() -> None:
    for kind, row in DECISIONS.items():
        assert set(row.words) == {"en", "zh-TW"}, kind
        for lang in ("en", "zh-TW"):
            assert KINDS.words(kind, lang) == row.words[lang] == PENDING(kind, lang)
            assert pending_words({"kind": kind, "seat": 0, "data": []}, lang) == row.words[lang]
    assert KINDS.words("hide", "zh-TW") == "把企鵝藏在哪隻手"
    card = {"kind": "c_to", "seat": 0, "data": [3, 10, [11, 12]]}
    assert pending_words(card, "en").startswith("where #3") and "moves the piece" in pending_words(
        card, "en"
    )
    assert "把物件移到哪裡" in pending_words(card, "zh-TW")


def _kind_tests(tree: ast.AST) -> list[str]:
    """Comparisons of a ``kind`` (``x.kind == ...``, ``task[0] in ...``) in a module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                text = ast.unparse(side)
                if text.endswith(".kind") or text.endswith("[0][0]") or text == "task[0]":
                    found.append(ast.unparse(node))
    return found


def test_no_module_dispatches_on_a_kind_name() -> None:
    """Before, rules.py, asks.py, view.py and cards.py tested ``task[0]`` against names."""
    for path in sorted(PACKAGE.glob("*.py")):
        found = _kind_tests(ast.parse(path.read_text(encoding="utf-8")))
        found = [f for f in found if "action.kind" not in f and "a.kind" not in f]
        assert not found, (path.name, found)


OLD = Path(__file__).with_name("old_queue_states.json")


def _play_on(state: PenguinState, seed: int, steps: int = 30) -> str:
    """What a stored state leads to: its legal actions, every view, and a seeded random
    continuation (actions and views), as one digest (the same code made the file on main)."""
    out = hashlib.sha256()
    rnd = random.Random(seed)
    for _ in range(steps):
        out.update(repr(state.legal_actions()).encode())
        for v in (None, *range(state.game.players)):
            out.update(json.dumps(state.view(v), sort_keys=True).encode())
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
            continue
        seat = state.current_seat()
        assert seat is not None
        legal = state.legal_actions(seat)
        state.apply(legal[rnd.randrange(len(legal))], seat)
    return out.hexdigest()


def test_a_state_stored_with_the_old_queue_loads_as_the_stack() -> None:
    """old_queue_states.json was made on main before the stack: 31 states whose task queue
    holds the chance step, setup, cards being cancelled (by one rival and by two), storms,
    holes, rivers, free-mode placing. Each loads (PenguinData.upgrade), with the front of
    the queue on top, and offers and shows the same, and plays on the same, as it did."""
    stored = json.loads(OLD.read_text(encoding="utf-8"))["states"]
    assert len(stored) == 31
    for i, case in enumerate(stored):
        game = make_game("penguins", players=case["players"], **case["options"])
        queue = case["state"]["queue"]
        s = cast(PenguinState, game.state_from_json(case["state"]))
        assert [[d.kind, d.seat, *thaw(d.args)] for d in reversed(s.decisions)] == queue
        for d in s.decisions:
            assert (d.source == PLAY) == (d.kind in ("cancel", "card"))
        assert [str(a) for a in s.legal_actions()] == case["legal"]
        again = game.state_from_json(s.to_json())
        assert again.to_json() == s.to_json() and "queue" not in s.to_json()
        assert _play_on(s, i) == case["plays_on"], i


def test_a_rival_cancels_a_card_stored_with_the_old_queue() -> None:
    """A team game stored while both rivals may still cancel a card: the first #10 drops
    the other rival's chance and the card's effect, as the queue did."""
    stored = json.loads(OLD.read_text(encoding="utf-8"))["states"]
    case = next(
        c for c in stored if [t[0] for t in c["state"]["queue"]] == ["cancel"] * 2 + ["card"]
    )
    s = cast(
        PenguinState,
        make_game("penguins", players=4, **case["options"]).state_from_json(case["state"]),
    )
    d = s.decisions[-1]
    s.hands[d.seat].append(10)
    below = s.decisions[:-3]
    s.apply(Cancel(), d.seat)
    assert s.decisions[: len(below)] == below and all(x.source != PLAY for x in s.decisions)
    assert s.discard[-1] == 10


def test_decisions_are_made_whole_and_frozen() -> None:
    """``owe`` sets every field of the core's Decision (a new field fails here), and what
    the rules push holds tuples all the way down: hashable, shared by clones."""
    assert tuple(f.name for f in dataclasses.fields(Decision)) == OWE_FIELDS
    assert owe(1, "card", (3,), source=PLAY) == Decision(1, "card", (3,), source=PLAY)
    assert owe(0, "slide", (4, 2, ())) == Decision(0, "slide", (4, 2, ()))
    for options in ({}, {"mode": "free"}, {"scene": 2}):
        for seed in range(6):
            s = make_game("penguins", players=2 + 2 * (seed % 2), **options).new_initial_state(seed)
            rnd = random.Random(seed)
            while not s.is_terminal():
                for d in s.decisions:
                    hash(d)
                    assert dec.freeze(d.args) == d.args
                legal = s.legal_actions()
                s.apply(legal[rnd.randrange(len(legal))])
