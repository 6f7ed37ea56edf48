"""Unconscious Mind's decisions are the core's declared kinds (issue 35, item 1): one row
each in decisions.KINDS (answers, what an answer does, words in both languages, labels),
the state a DecidingState, and no dispatch on a decision's kind left in the package."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from meeple.core.decisions import Decision
from meeple.core.kinds import DecidingState
from meeple.games.unconscious import Unconscious, UnconsciousState
from meeple.games.unconscious.actions import DONE, Card, Option
from meeple.games.unconscious.decisions import KINDS, row
from meeple.games.unconscious.text import log_label, state_label

PACKAGE = Path(__file__).resolve().parents[3] / "src" / "meeple" / "games" / "unconscious"

#: Every kind of decision the game asks: the engine's "choose", the effects' own, the
#: rules' own (the recall bonus, the inkpot's bright ideas, the rooms' refill).
ALL = {
    "choose",
    "spot",
    "colour",
    "room",
    "market",
    "cell",
    "steps",
    "card",
    "treatise",
    "article",
    "bright_ink",
    "recall_bonus",
    "client",
    "manifest",
}


def _tops(games: int = 24) -> dict[str, tuple[UnconsciousState, Decision]]:
    """For each kind met in seeded random games (1-4 players), a state with such a
    decision on top (the first met)."""
    found: dict[str, tuple[UnconsciousState, Decision]] = {}
    for g in range(games):
        s = Unconscious(players=1 + g % 4).new_initial_state(g)
        r = random.Random(g)
        for _ in range(1500):
            if s.is_terminal():
                break
            if s.decisions and s.decisions[-1].kind not in found:
                found[s.decisions[-1].kind] = (s.clone(), s.decisions[-1])
            seat = s.current_seat()
            assert seat is not None
            acts = s.legal_actions(seat)
            s.apply(acts[r.randrange(len(acts))], seat)
    return found


@pytest.fixture(scope="module")
def tops() -> dict[str, tuple[UnconsciousState, Decision]]:
    return _tops()


def test_every_decision_the_game_asks_is_a_row_of_the_table(
    tops: dict[str, tuple[UnconsciousState, Decision]],
) -> None:
    assert set(KINDS.names()) == ALL
    assert set(tops) <= ALL
    # random games reach nearly every kind; the rarest (a treatise's articles) may wait
    assert len(tops) >= 12, sorted(ALL - set(tops))
    s = Unconscious(players=2).new_initial_state(0)
    assert isinstance(s, DecidingState) and UnconsciousState.KINDS is KINDS


def test_the_legal_actions_of_a_decision_are_its_kinds_answers(
    tops: dict[str, tuple[UnconsciousState, Decision]],
) -> None:
    for kind, (s, d) in tops.items():
        assert s.legal_actions(d.seat) == KINDS.answers(s, d), kind
        assert s.current_seat() == d.seat


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_each_kind_says_what_is_decided_in_both_languages(lang: str) -> None:
    said = {kind: KINDS.words(kind, lang) for kind in ALL}
    assert all(said.values()) and len(set(said.values())) == len(ALL)
    for kind, words in said.items():
        cjk = any("\u4e00" <= ch <= "\u9fff" for ch in words)
        assert cjk == (lang == "zh-TW"), (kind, words)


def test_an_answer_reads_as_its_kind_says_in_the_menu_and_the_log(
    tops: dict[str, tuple[UnconsciousState, Decision]],
) -> None:
    for kind, (s, d) in tops.items():
        for a in KINDS.answers(s, d):
            for lang in ("en", "zh-TW"):
                menu = KINDS.label(s, d, a, lang, False)
                told = KINDS.label(s, d, a, lang, True)
                if menu is not None:
                    assert state_label(s, a, lang) == menu, (kind, a)
                if told is not None:
                    assert log_label(s, a, d.seat, lang) == told, (kind, a)
    s, d = tops["client"]
    if 4 in [a.n for a in KINDS.answers(s, d) if isinstance(a, Option)]:
        assert state_label(s, Option(4), "en") == "A random normal client from the deck"
        assert log_label(s, Option(4), d.seat, "en") == "takes a random normal client from the deck"
        assert state_label(s, Option(4), "zh-TW") == "從牌庫隨機收一位一般案主"


def test_a_declined_card_and_the_kind_s_extras() -> None:
    s = Unconscious(players=2).new_initial_state(0)
    d = Decision(0, "card", ("swap",))
    assert KINDS.label(s, d, DONE, "en", False) == "Play no more research"
    assert KINDS.label(s, d, DONE, "zh-TW", False)
    assert KINDS.label(s, d, Card(0), "en", False) is not None
    cell, treatise, spot = row("cell"), row("treatise"), row("spot")
    assert cell is not None and cell.shows is not None
    assert cell.shows(Decision(0, "cell", (7,))) == {"tile": 7}
    assert treatise is not None and treatise.opaque is not None
    assert treatise.opaque(Decision(0, "treatise", ()))
    assert spot is not None and spot.opaque is None and spot.shows is None
    ink = row("bright_ink")
    assert ink is not None and ink.preview is not None


def _kind_tests(tree: ast.AST) -> list[int]:
    """Lines comparing a decision's kind (``d.kind ==``, ``kind in``...) with anything."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            left = node.left
            if (isinstance(left, ast.Attribute) and left.attr == "kind") or (
                isinstance(left, ast.Name) and left.id == "kind"
            ):
                out.append(node.lineno)
    return out


def test_nothing_in_the_package_dispatches_on_a_decision_s_kind() -> None:
    found = {}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "components.py":  # the data notation's argument kinds, not decisions
            continue
        lines = _kind_tests(ast.parse(path.read_text()))
        if lines:
            found[path.name] = lines
    assert not found
    assert not (PACKAGE / "labels.py").exists()
