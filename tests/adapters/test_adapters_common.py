"""The adapters' docstring examples run, and the core stays light without them."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys

import pytest

ADAPTERS = ["meeple.adapters.pettingzoo", "meeple.adapters.gymnasium", "meeple.adapters.openspiel"]


@pytest.mark.parametrize("name", ADAPTERS)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_importing_meeple_does_not_import_the_rl_frameworks() -> None:
    code = (
        "import sys, meeple, meeple.adapters, meeple.adapters.common, meeple.bots\n"
        "meeple.make_game('tictactoe').new_initial_state(0)\n"
        "heavy = [m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
