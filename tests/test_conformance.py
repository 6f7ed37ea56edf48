"""The generic conformance suite, over every registered game and player count."""

from __future__ import annotations

import pytest

from meeple.core.conformance import ALL_CHECKS
from meeple.core.registry import make_game
from tests.conftest import all_configs, config_ids

SEEDS = (1, 2, 3)


@pytest.mark.parametrize("check", ALL_CHECKS, ids=[c.__name__ for c in ALL_CHECKS])
@pytest.mark.parametrize("config", all_configs(), ids=config_ids())
def test_conformance(check, config) -> None:  # type: ignore[no-untyped-def]
    name, players = config
    game = make_game(name, players=players)
    for seed in SEEDS:
        check(game, seed)
