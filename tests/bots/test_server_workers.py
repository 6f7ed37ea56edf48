"""Root-parallel search under ``meeple serve``: its worker processes never outlive the server.

A real server subprocess gets a match of two bots searching with
``workers=2`` (Province: long enough to be mid-game at every step);
then the server is SIGKILLed (no clean-up runs). The port must be free at
once (a forked worker used to inherit the listening socket and keep it), a
new server must start on it, and every process the first one started must
be gone within seconds. A clean stop (SIGTERM) leaves none either.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil
import pytest

pytestmark = pytest.mark.slow

#: Seconds a worker may take to notice its parent died (it checks every 0.2 s).
GONE_WITHIN = 10.0


def start_server(database: Path, port: int = 0) -> tuple[subprocess.Popen[bytes], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "meeple", "serve", "--port", str(port),
         "--database", str(database), "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 60)
    line = proc.stdout.readline().decode() if ready else "(nothing within 60 s)"
    if "serving on http://127.0.0.1:" not in line:
        proc.kill()
        proc.wait()
        raise AssertionError(f"the server did not start: {line}")
    return proc, line.split("serving on ", 1)[1].split()[0].rstrip("/")


def search_workers(server: psutil.Process, count: int, timeout: float = 60) -> list[psutil.Process]:
    """Wait until ``server`` has at least ``count`` worker children; all its descendants.

    A worker is any child but multiprocessing's resource tracker (spawned
    workers run ``spawn_main``; forked ones, as before, look like the server).
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        family = server.children(recursive=True)
        workers = [p for p in family if "resource_tracker" not in " ".join(_cmdline(p))]
        if len(workers) >= count:
            return family
        time.sleep(0.1)
    raise AssertionError(f"no {count} search workers appeared: {server.children(recursive=True)}")


def _cmdline(p: psutil.Process) -> list[str]:
    try:
        return p.cmdline()
    except psutil.Error:
        return []


def still_running(processes: list[psutil.Process], timeout: float) -> list[psutil.Process]:
    """Those of ``processes`` alive after ``timeout`` seconds (a zombie counts as gone)."""
    deadline = time.monotonic() + timeout
    alive = processes
    while True:
        alive = [p for p in alive if _alive(p)]
        if not alive or time.monotonic() >= deadline:
            return alive
        time.sleep(0.1)


def _alive(p: psutil.Process) -> bool:
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_a_sigkilled_server_leaves_no_worker_and_can_restart_on_its_port(tmp_path: Path) -> None:
    database = tmp_path / "meeple.sqlite3"
    proc, url = start_server(database)
    family: list[psutil.Process] = []
    restarted: subprocess.Popen[bytes] | None = None
    try:
        r = httpx.post(
            f"{url}/api/matches",
            json={"game": "province", "seats": ["mcts:workers=2", "mcts:workers=2"]},
            timeout=30,
        )
        assert r.status_code == 201, r.text
        family = search_workers(psutil.Process(proc.pid), 2)
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        port = int(url.rsplit(":", 1)[1])
        restarted, url2 = start_server(database, port)  # at once: nothing holds the port
        assert url2 == url
        left = still_running(family, GONE_WITHIN)
        assert not left, f"processes outlived the SIGKILLed server: {left}"
        # the restarted server resumes the match, its bot searches again: a clean stop ends it all
        second = search_workers(psutil.Process(restarted.pid), 2)
        restarted.send_signal(signal.SIGTERM)
        restarted.wait(30)
        left = still_running(second, GONE_WITHIN)
        assert not left, f"processes outlived the stopped server: {left}"
    finally:
        for p in (proc, restarted):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
        for p in family:
            if _alive(p):
                p.kill()
