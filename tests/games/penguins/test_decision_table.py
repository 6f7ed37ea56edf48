"""The task table is built explicitly in decisions.py, not filled by importing rule modules."""

from __future__ import annotations

import meeple.games.penguins.tasks as tasks
from meeple.games.penguins import cards, flow, setup
from meeple.games.penguins.decisions import AUTO, DECISIONS
from meeple.games.penguins.view import PENDING_KINDS


def test_every_kind_is_listed_once_by_the_module_holding_its_rule() -> None:
    assert not set(DECISIONS) & set(AUTO)
    assert set(DECISIONS) <= set(PENDING_KINDS)  # the observation tensor names every decision
    rule_modules = {cards.__name__, flow.__name__, setup.__name__}
    for decision in DECISIONS.values():
        assert {decision.legal.__module__, decision.apply.__module__} <= rule_modules
        assert decision.legal.__module__ == decision.apply.__module__
    assert {fn.__module__ for fn in AUTO.values()} <= rule_modules
    assert len(DECISIONS) == 25 and len(AUTO) == 18


def test_the_vocabulary_module_holds_no_registry() -> None:
    """Nothing registers itself any more: importing a rule module changes no table."""
    assert not hasattr(tasks, "DECISIONS") and not hasattr(tasks, "AUTO")
    assert not hasattr(tasks, "decision") and not hasattr(tasks, "auto")
