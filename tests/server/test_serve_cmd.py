"""``meeple serve`` as a command: clear errors before anything starts."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import websockets

from meeple.cli import COMMAND_MODULES, build_parser
from tests.server.conftest import WAIT
from tests.server.test_crash_resume import serve


def run_serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meeple", "serve", *args],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


def test_serve_is_a_registered_command() -> None:
    assert "meeple.cli.serve_cmd" in COMMAND_MODULES
    args = build_parser().parse_args(["serve", "--port", "0", "--database", "x.sqlite3"])
    assert args.command == "serve" and args.port == 0 and args.host == "127.0.0.1"


def test_busy_port_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = run_serve("--port", str(port), "--database", str(tmp_path / "db.sqlite3"))
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr


def test_unreachable_database_is_a_clear_error(tmp_path: Path) -> None:
    done = run_serve("--port", "0", "--database", "postgresql://nobody@127.0.0.1:1/none")
    assert done.returncode == 2
    assert "cannot connect to PostgreSQL" in done.stderr and "Traceback" not in done.stderr
    # a path under a regular file cannot be created
    (tmp_path / "blocker").write_text("x")
    done = run_serve("--port", "0", "--database", str(tmp_path / "blocker" / "db.sqlite3"))
    assert done.returncode == 2 and "cannot open database" in done.stderr


@pytest.mark.parametrize(
    "option", [("--open-ttl", "-1"), ("--create-rate", "-5"), ("--max-body", "10")]
)
def test_bad_limits_are_a_clear_error(tmp_path: Path, option: tuple[str, str]) -> None:
    done = run_serve("--port", "0", "--database", str(tmp_path / "db.sqlite3"), *option)
    assert done.returncode == 2 and option[0] in done.stderr and "Traceback" not in done.stderr


@pytest.mark.asyncio
async def test_serve_limits_match_creation_by_default(tmp_path: Path) -> None:
    """A public server's defaults: a burst of 20 creates from one address, then 429."""
    async with (
        serve(tmp_path / "db.sqlite3") as (_proc, url),
        httpx.AsyncClient(base_url=url, timeout=WAIT) as http,
    ):
        codes = [
            (await http.post("/api/matches", json={"game": "tictactoe"})).status_code
            for _ in range(25)
        ]
    assert codes[:20] == [201] * 20 and codes[-1] == 429


@pytest.mark.asyncio
async def test_oversized_frames_close_the_socket(tmp_path: Path) -> None:
    async with serve(tmp_path / "big.sqlite3") as (_proc, url):
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
            r = await http.post("/api/matches", json={"game": "tictactoe"})
            match_id = r.json()["match"]["id"]
        ws_url = url.replace("http://", "ws://") + f"/ws/match/{match_id}"
        async with websockets.connect(ws_url, max_size=None) as ws:
            await asyncio.wait_for(ws.recv(), WAIT)  # the state
            await ws.send("x" * (1 << 17))
            with pytest.raises(websockets.ConnectionClosed) as info:
                await asyncio.wait_for(ws.recv(), WAIT)
            assert info.value.rcvd is not None and info.value.rcvd.code == 1009
