"""The docstring examples of the CLI's helper modules run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "meeple.cli.argtypes",
    "meeple.cli.common",
    "meeple.cli.i18n",
    "meeple.cli.menu",
    "meeple.cli.render",
    "meeple.cli.simulate_cmd",
    "meeple.cli.stats",
]


@pytest.mark.parametrize("name", MODULES)
def test_cli_module_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0, f"{result.failed} example(s) failed in {name}"
