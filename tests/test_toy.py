"""The shared toy games (tests/toy.py) are real games: they pass the core's conformance
suite at every player count, so the tests that play them test the core, not a toy's
mistake."""

from __future__ import annotations

import pytest

from meeple.core.conformance import ALL_CHECKS
from meeple.core.game import Game
from tests.toy import SecretBids, SecretBidsInTurn, ToyCards, ToyDice, ToyTogether, registered

TOYS: tuple[type[Game], ...] = (ToyCards, ToyTogether, ToyDice, SecretBids, SecretBidsInTurn)
CONFIGS = [(cls, n) for cls in TOYS for n in cls.allowed_player_counts()]


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=[f"{c.name}-{n}p" for c, n in CONFIGS])
def test_toy_passes_conformance(cls: type[Game], players: int) -> None:
    with registered(cls):  # replay checks rebuild the game by name
        game = cls(players=players)
        for check in ALL_CHECKS:
            for seed in (1, 2, 3):
                check(game, seed)


def test_toy_dice_with_more_dice_passes_conformance() -> None:
    with registered(ToyDice):
        for check in ALL_CHECKS:
            check(ToyDice(2, dice=3), 4)
