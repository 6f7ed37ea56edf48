"""The test-only game behind the CLI's chance/secret/undo tests is itself a valid game."""

from __future__ import annotations

import pytest

from meeple.core.conformance import ALL_CHECKS
from tests.cli.fixture_game import DiceSteps, registered


@pytest.mark.parametrize("check", ALL_CHECKS, ids=[c.__name__ for c in ALL_CHECKS])
def test_dicesteps_conforms(check) -> None:  # type: ignore[no-untyped-def]
    with registered():  # replay checks look the game up by name
        for seed in (1, 2):
            check(DiceSteps(), seed)
