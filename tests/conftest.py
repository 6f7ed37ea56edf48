"""Shared fixtures: the registry's game configurations, every player count."""

from __future__ import annotations

import pytest

from meeple.core.registry import games


def all_configs() -> list[tuple[str, int]]:
    """(game name, player count) for every registered game and supported count."""
    out = []
    for cls in games():
        for n in cls.allowed_player_counts():
            out.append((cls.name, n))
    return out


def config_ids() -> list[str]:
    return [f"{g}-{n}p" for g, n in all_configs()]


@pytest.fixture(params=all_configs(), ids=config_ids())
def game_config(request: pytest.FixtureRequest) -> tuple[str, int]:
    return request.param  # type: ignore[no-any-return]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the browser tests last.

    Playwright's sync API keeps an event loop running in the main thread while
    its session-scoped browser lives; the asyncio tests (the server's) cannot
    start their own loop meanwhile, so the browser session must come after them.
    """
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
