"""Real parts for the cluster tests: `meeple serve` nodes as processes, HAProxy, PostgreSQL.

Everything listens on 127.0.0.1 only. Every process is started in its own
session and stopped (SIGKILL if it lingers) when the :class:`Cluster` closes,
whatever the test did; every wait is bounded.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from meeple.server.cluster import node_name, preference
from meeple.server.proxy import haproxy_config

ROOT = Path(__file__).resolve().parents[2]
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
START_TIMEOUT = 60.0  # a node starting on a machine as busy as this one can take 20 s


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(check: Any, timeout: float, what: str, step: float = 0.05) -> Any:
    """Poll ``check()`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            result = check()
        except (httpx.HTTPError, OSError):
            result = None
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(step)


class Node:
    """One `meeple serve --cluster ... --node K` process."""

    def __init__(self, cluster: Cluster, index: int) -> None:
        self.cluster = cluster
        self.index = index
        self.address = cluster.addresses[index]
        self.url = f"http://{self.address}"
        self.log = cluster.workdir / f"{node_name(index)}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, wait: bool = True) -> None:
        database = self.cluster.databases.get(self.index, self.cluster.database)
        argv = [
            sys.executable, "-m", "meeple", "serve",
            "--database", database,
            "--cluster", ",".join(self.cluster.addresses),
            "--node", str(self.index + 1),
            "--lease", str(self.cluster.lease),
            "--bot-delay", "0", *self.cluster.extra,
        ]  # fmt: skip
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env,
                start_new_session=True,
            )  # fmt: skip
        if wait:
            self.wait_ready()

    def healthy(self) -> bool:
        r = httpx.get(self.url + "/api/cluster/health", timeout=2)
        return r.status_code == 200

    def wait_ready(self) -> None:
        def ready() -> bool:
            if self.proc is not None and self.proc.poll() is not None:
                raise AssertionError(f"{node_name(self.index)} exited:\n{self.output()}")
            return self.healthy()

        wait_until(ready, START_TIMEOUT, f"{node_name(self.index)} to serve")

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def signal(self, signum: int) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signum)

    def kill(self) -> None:
        """SIGKILL: the node dies at once, with no chance to hand anything over."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGCONT)  # a test may have paused it
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


class Cluster:
    """N nodes on one PostgreSQL database behind HAProxy, all on loopback."""

    def __init__(
        self,
        database: str,
        workdir: Path,
        count: int = 3,
        lease: float = 2.0,
        extra: tuple[str, ...] = (),
    ) -> None:
        self.database = database
        #: more `meeple serve` options for every node (the benchmark lifts the creation limit)
        self.extra = extra
        #: per node index, another URL for the same database (through a :class:`Relay`)
        self.databases: dict[int, str] = {}
        self.workdir = workdir
        self.lease = lease
        self.addresses = tuple(f"127.0.0.1:{free_port()}" for _ in range(count))
        self.nodes = [Node(self, i) for i in range(count)]
        self.proxy_port = free_port()
        self.proxy_url = f"http://127.0.0.1:{self.proxy_port}"
        self.proxy: subprocess.Popen[bytes] | None = None
        self.proxy_log = workdir / "haproxy.log"

    def __enter__(self) -> Cluster:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        for node in self.nodes:
            node.start(wait=False)
        for node in self.nodes:
            node.wait_ready()
        self.wait_nodes_see_each_other()
        self.start_proxy()

    def wait_nodes_see_each_other(self, timeout: float = 30.0) -> None:
        """Wait until every node's heartbeat has seen every node alive. A node makes only
        ids it is first in line for among the nodes it sees alive, so a match made before
        that may put another node first, and the proxy's choice (over all three) sends its
        requests to a node that answers "served by another worker" (a fresh clone's CI
        under load did)."""

        def everyone() -> bool:
            return all(
                len(httpx.get(n.url + "/api/cluster/health", timeout=2).json()["alive"])
                == len(self.nodes)
                for n in self.nodes
            )

        wait_until(everyone, timeout, "every node to see every node alive", step=0.2)

    def start_proxy(self) -> None:
        if not Path(HAPROXY).exists():
            raise AssertionError("haproxy is not installed: run scripts/system-deps")
        config = self.workdir / "haproxy.cfg"
        config.write_text(haproxy_config(self.addresses, f"127.0.0.1:{self.proxy_port}"))
        with open(self.proxy_log, "ab") as out:
            self.proxy = subprocess.Popen(
                [HAPROXY, "-f", str(config), "-db"], stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        self.wait_proxy_sees(set(range(len(self.nodes))))

    def wait_proxy_sees(self, up: set[int], timeout: float = 30.0) -> None:
        """Wait until every node in ``up`` answers through the proxy (rise checks passed)."""

        def seen() -> bool:
            assert self.proxy is not None
            if self.proxy.poll() is not None:
                raise AssertionError("haproxy exited:\n" + self.proxy_log.read_text())
            found = set()
            for _ in range(4 * len(self.nodes)):
                r = httpx.get(self.proxy_url + "/api/cluster/health", timeout=2)
                if r.status_code == 200:
                    found.add(int(r.json()["node"].removeprefix("node")) - 1)
            return up <= found

        wait_until(seen, timeout, f"the proxy to reach nodes {sorted(up)}", step=0.2)

    def owner(self, match_id: str) -> str | None:
        """The node named by the match's lease row (straight from the database)."""
        import psycopg

        with psycopg.connect(self.database) as conn:
            row = conn.execute(
                "SELECT node FROM match_owners WHERE match_id = %s", [match_id]
            ).fetchone()
        return None if row is None else str(row[0])

    def first_choice(self, match_id: str) -> Node:
        return self.nodes[preference(match_id, len(self.nodes))[0]]

    def close(self) -> None:
        for node in self.nodes:
            with contextlib.suppress(Exception):
                node.stop()
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.terminate()
            try:
                self.proxy.wait(10)
            except subprocess.TimeoutExpired:
                self.proxy.kill()
                self.proxy.wait(10)

    def logs(self) -> str:
        parts = [f"--- {node_name(n.index)}\n{n.output()[-4000:]}" for n in self.nodes]
        if self.proxy_log.exists():
            parts.append(f"--- haproxy\n{self.proxy_log.read_text(errors='replace')[-2000:]}")
        return "\n".join(parts)


class Relay:
    """A TCP relay between a node and PostgreSQL that the test can cut: the network
    partition of one node from the database, while its clients still reach it.

    ``cut()`` closes every relayed connection and refuses new ones (closing them at
    once) until ``heal()``.
    """

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.cut_off = threading.Event()
        self.closed = False
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, database_url: str) -> str:
        host_port = f"127.0.0.1:{self.target[1]}"
        return database_url.replace(host_port, f"127.0.0.1:{self.port}")

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.cut_off.is_set():
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._open |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data or self.cut_off.is_set():
                    break
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()
            with self._lock:
                self._open.discard(s)

    def cut(self) -> None:
        self.cut_off.set()
        with self._lock:
            sockets = list(self._open)
        for s in sockets:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def heal(self) -> None:
        self.cut_off.clear()

    def close(self) -> None:
        self.closed = True
        self.cut()
        self.listener.close()
