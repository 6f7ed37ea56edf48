"""``meeple serve --print-proxy-config`` and the cluster options' errors (no processes kept)."""

from __future__ import annotations

import subprocess
import zlib
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.server.cluster import preference
from meeple.server.proxy import haproxy_config
from tests.cluster.harness import HAPROXY

NODES = "127.0.0.1:8001,127.0.0.1:8002,127.0.0.1:8003"


def test_print_proxy_config_is_valid_haproxy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["serve", "--cluster", NODES, "--print-proxy-config", "--port", "8000"])
    out = capsys.readouterr().out
    assert code == 0
    assert out == haproxy_config(tuple(NODES.split(",")), "127.0.0.1:8000")
    assert "bind 127.0.0.1:8000" in out and "mod(3)" in out
    # node K's matches: K first, then the ring, as ownership.preference orders them
    assert "backend match_1\n    server node2 127.0.0.1:8002 track any/node2\n" in out
    assert "    server node3 127.0.0.1:8003 track any/node3 backup\n" in out
    if not Path(HAPROXY).exists():
        pytest.skip("haproxy is not installed (scripts/system-deps)")
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(out)
    checked = subprocess.run([HAPROXY, "-c", "-f", str(cfg)], capture_output=True, timeout=30)
    assert checked.returncode == 0, checked.stderr.decode()


def test_the_first_node_is_the_crc32_of_the_id_as_haproxy_hashes_it() -> None:
    for match_id in ("6292824dd3", "00000000aa", "ffffffffff"):
        order = preference(match_id, 3)
        assert order[0] == zlib.crc32(match_id.encode()) % 3
        assert sorted(order) == [0, 1, 2] and order[1] == (order[0] + 1) % 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--node", "1"], "need --cluster"),
        (
            ["--cluster", NODES, "--node", "4", "--database", "postgresql://x/y"],
            "--node must be 1..3",
        ),
        (["--cluster", NODES, "--database", "postgresql://x/y"], "needs --node K"),
        (["--cluster", NODES, "--node", "1"], "shares one PostgreSQL database"),
        (
            ["--cluster", NODES, "--node", "1", "--workers", "2", "--database", "postgresql://x/y"],
            "one process",
        ),
        (["--cluster", "127.0.0.1:8001,127.0.0.1:8001", "--node", "1"], "listed twice"),
        (["--cluster", "localhost", "--node", "1"], "HOST:PORT"),
        (
            ["--cluster", NODES, "--node", "1", "--lease", "0.1", "--database", "postgresql://x/y"],
            "0.5..60 seconds",
        ),
    ],
)
def test_cluster_options_are_checked_before_anything_starts(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *argv]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("name", ["meeple.server.cluster", "meeple.server.proxy"])
def test_the_cluster_modules_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
