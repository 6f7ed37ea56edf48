"""Run the docstring examples of the core modules (docs/*.md run through --doctest-glob)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "meeple",
    "meeple.bots.evaluators",
    "meeple.bots.limits",
    "meeple.bots.mcts",
    "meeple.core.actions",
    "meeple.core.game",
    "meeple.core.match",
    "meeple.core.options",
    "meeple.core.registry",
    "meeple.core.rng",
    "meeple.stats",
    "meeple.games.tictactoe.rules",
    "meeple.server.limits",
    "meeple.server.logsafe",
    "meeple.server.validation",
]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
    assert result.attempted > 0, f"{name} has no doctest examples"
