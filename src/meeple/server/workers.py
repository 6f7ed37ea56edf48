"""``meeple serve --workers N``: a supervisor process and N worker servers.

The supervisor binds N listening sockets on the one port (``SO_REUSEPORT``:
the kernel spreads new connections over them), makes one handoff channel per
worker (a Unix datagram socket pair that carries connections between workers,
see :mod:`meeple.server.shards`), starts the workers as ``meeple serve``
subprocesses with those descriptors, prints the URL once every worker has
resumed its matches, and restarts a worker that dies (it resumes its matches
from the database on start, as a restarted server does).

Workers watch a pipe from the supervisor: when the supervisor dies, even by
SIGKILL, its end closes and every worker exits at once, so a killed server
is wholly gone, and a restarted one (with any worker count) resumes every
unfinished match.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

#: How long the supervisor waits for the workers to be ready, and to stop.
START_TIMEOUT = 60.0
STOP_TIMEOUT = 15.0


@dataclass(frozen=True)
class WorkerFds:
    """The descriptors a worker inherits (passed as ``--worker-fds a,b,c,...``)."""

    listen: int
    inbox: int
    outboxes: tuple[int, ...]  # one per worker, by index (its own is unused)
    life: int  # read end of the supervisor's pipe: EOF means the supervisor is gone
    ready: int  # write end: the worker reports "INDEX RESUMED" when it serves

    def to_arg(self) -> str:
        return ",".join(
            str(fd) for fd in (self.listen, self.inbox, self.life, self.ready, *self.outboxes)
        )

    @staticmethod
    def from_arg(text: str) -> WorkerFds:
        fds = [int(part) for part in text.split(",")]
        if len(fds) < 5:
            raise ValueError(f"--worker-fds needs at least 5 descriptors, got {text!r}")
        return WorkerFds(fds[0], fds[1], tuple(fds[4:]), fds[2], fds[3])


def bind_group(host: str, port: int, count: int) -> list[socket.socket]:
    """``count`` listening sockets sharing one port, or OSError if it is taken.

    A first bind without ``SO_REUSEPORT`` finds a port that is already in use
    (by anything, another meeple included), which ``SO_REUSEPORT`` alone would
    silently share.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    probe = socket.socket(family, socket.SOCK_STREAM)
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        probe.bind((host, port))
        port = probe.getsockname()[1]
    finally:
        probe.close()
    group: list[socket.socket] = []
    try:
        for _ in range(count):
            sock = socket.socket(family, socket.SOCK_STREAM)
            group.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((host, port))
            sock.listen(2048)
    except OSError:
        for sock in group:
            sock.close()
        raise
    return group


class Supervisor:
    """Starts, watches and stops the workers of one ``meeple serve --workers N``."""

    def __init__(
        self,
        count: int,
        worker_argv: Callable[[int, WorkerFds], list[str]],
        listeners: list[socket.socket],
    ) -> None:
        self.count = count
        self.worker_argv = worker_argv
        self.listeners = listeners
        self.channels = [socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM) for _ in range(count)]
        self.life_r, self.life_w = os.pipe()
        self.ready_r, self.ready_w = os.pipe()
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * count
        self.stopping = False

    def fds(self, index: int) -> WorkerFds:
        return WorkerFds(
            listen=self.listeners[index].fileno(),
            inbox=self.channels[index][0].fileno(),
            outboxes=tuple(pair[1].fileno() for pair in self.channels),
            life=self.life_r,
            ready=self.ready_w,
        )

    def spawn(self, index: int) -> None:
        fds = self.fds(index)
        self.procs[index] = subprocess.Popen(
            self.worker_argv(index, fds),
            pass_fds=(fds.listen, fds.inbox, fds.life, fds.ready, *fds.outboxes),
        )

    def start(self) -> int:
        """Start every worker; returns how many matches they resumed in all."""
        for index in range(self.count):
            self.spawn(index)
        resumed = 0
        pending = set(range(self.count))
        deadline = time.monotonic() + START_TIMEOUT
        with os.fdopen(os.dup(self.ready_r), "rb", buffering=0) as ready:
            buffer = b""
            while pending:
                if time.monotonic() > deadline:
                    raise RuntimeError("the workers did not start within 60 s")
                for index in list(pending):
                    proc = self.procs[index]
                    if proc is not None and proc.poll() is not None:
                        raise RuntimeError(f"worker {index} exited before it was ready")
                readable = _wait_readable(self.ready_r, 0.2)
                if not readable:
                    continue
                buffer += ready.read(4096) or b""
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    index_text, count_text = line.decode().split()
                    pending.discard(int(index_text))
                    resumed += int(count_text)
        threading.Thread(target=self._drain_ready, daemon=True).start()
        return resumed

    def _drain_ready(self) -> None:
        """Read the ready lines of restarted workers (an unread pipe would fill up)."""
        with contextlib.suppress(OSError):
            while os.read(self.ready_r, 4096):
                pass

    def watch(self) -> None:
        """Restart workers that die until :meth:`stop`; returns when stopping."""
        while not self.stopping:
            for index, proc in enumerate(self.procs):
                if proc is not None and proc.poll() is not None and not self.stopping:
                    print(
                        f"meeple: worker {index} exited ({proc.returncode}); restarting it",
                        file=sys.stderr,
                        flush=True,
                    )
                    self.spawn(index)
            time.sleep(0.2)

    def stop(self) -> None:
        self.stopping = True
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                with contextlib.suppress(OSError):
                    proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT
        for proc in self.procs:
            if proc is None:
                continue
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for sock in self.listeners:
            sock.close()
        for a, b in self.channels:
            a.close()
            b.close()
        for fd in (self.life_r, self.life_w, self.ready_r, self.ready_w):
            with contextlib.suppress(OSError):
                os.close(fd)


def _wait_readable(fd: int, timeout: float) -> bool:
    import select

    readable, _, _ = select.select([fd], [], [], timeout)
    return bool(readable)


def exit_with_supervisor(life_fd: int) -> None:
    """In a worker: exit at once when the supervisor's pipe closes (it died).

    Runs on a daemon thread, so it works whatever the event loop is doing.
    Everything acknowledged is already stored; exiting like a killed process
    is exactly what the supervisor's death means.
    """

    def wait() -> None:
        with contextlib.suppress(OSError):
            while os.read(life_fd, 1):
                pass
        os._exit(3)

    threading.Thread(target=wait, daemon=True, name="meeple-supervisor-watch").start()
