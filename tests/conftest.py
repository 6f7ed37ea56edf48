"""Shared fixtures: the registry's game configurations, every player count."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

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


@pytest.fixture(autouse=True)
def _no_borrowed_running_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test outside the browser tests starts with no event loop marked running.

    The browser tests share one Playwright session per worker (tests/e2e/conftest.py),
    whose sync API runs its own asyncio loop in a greenlet of the main thread and marks
    it as the thread's running loop while it works. On a fresh clone's CI one worker
    was left with that mark after its browser tests, and every asyncio test it ran next
    failed at setup ("Runner.run() cannot be called from a running event loop"). The
    mark belongs to a loop that is not running here, so it is set aside for the test and
    put back after it (the browser session goes on using it).
    """
    if "e2e" in request.node.path.parts:
        yield
        return
    borrowed = asyncio._get_running_loop()
    if borrowed is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(borrowed)


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[str]:
    """A local Dask scheduler with one worker process, for the arena's cluster paths
    (tournaments, batches of reviews); skipped without dask.distributed."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        host="127.0.0.1",
        n_workers=1,
        threads_per_worker=2,
        processes=True,
        dashboard_address=None,
        silence_logs=40,
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()
