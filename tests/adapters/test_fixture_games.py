"""The adapter fixtures are real games: they pass the core conformance suite too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from meeple.core.conformance import ALL_CHECKS
from meeple.core.game import Game
from meeple.core.registry import register, unregister
from tests.toy import FIXTURE_GAMES

CONFIGS = [(cls, n) for cls in FIXTURE_GAMES for n in cls.allowed_player_counts()]


@pytest.fixture
def registered(request: pytest.FixtureRequest) -> Iterator[None]:
    # Replay checks rebuild the game by name, so register it for this test only.
    cls = request.node.callspec.params["cls"]
    register(cls)
    yield
    unregister(cls.name)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=[f"{c.name}-{n}p" for c, n in CONFIGS])
def test_fixture_passes_conformance(cls: type[Game], players: int) -> None:
    game = cls(players=players)
    for check in ALL_CHECKS:
        for seed in (1, 2, 3):
            check(game, seed)
