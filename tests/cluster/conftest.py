"""Fixtures for the cluster tests: a throwaway PostgreSQL, a fresh database per test,
and three `meeple serve` nodes behind HAProxy on loopback."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster.harness import HAPROXY, Cluster
from tests.server.test_postgres import postgres_url  # noqa: F401  (the throwaway cluster)


@pytest.fixture
def database(postgres_url: str) -> str:  # noqa: F811
    """A database of its own for one test (its nodes' leases and matches start empty)."""
    import psycopg

    name = f"cluster_{secrets.token_hex(4)}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return postgres_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def cluster(database: str, tmp_path: Path) -> Iterator[Cluster]:
    """Three nodes (2-second leases) and the proxy, stopped at the end whatever happens."""
    if not Path(HAPROXY).exists():
        pytest.skip("haproxy is not installed (scripts/system-deps installs Debian's haproxy)")
    with Cluster(database, tmp_path) as running:
        try:
            yield running
        finally:
            print(running.logs())  # shown by pytest when the test failed
