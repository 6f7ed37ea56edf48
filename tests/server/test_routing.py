"""The routing protocol of ``meeple serve --workers N``, one connection at a time.

These drive :class:`RoutingHttpProtocol` directly, over a transport that
records what it is asked to do, on a real TCP socket (the one a handoff would
pass), so each case says exactly whether a connection was handed over or
answered here. The last test runs the real supervisor and workers.
"""

from __future__ import annotations

import asyncio
import itertools
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest
import uvicorn
import websockets
from uvicorn.server import ServerState

from meeple.server import shards
from meeple.server.shards import RoutingHttpProtocol, Shard, owner_of
from tests.server.conftest import WAIT
from tests.server.test_workers import FRESH, serve_workers, worker_process

pytestmark = pytest.mark.asyncio

#: A match id worker 1 of 2 owns (so worker 0 hands its requests over).
FOREIGN = next(f"{i:010x}" for i in itertools.count() if owner_of(f"{i:010x}", 2) == 1)


async def ok_app(scope: Any, receive: Any, send: Any) -> None:
    """Answers every request ``200 ok``: whatever is answered here was not handed over."""
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
    )
    await send({"type": "http.response.body", "body": b"ok"})


class RecordingTransport(asyncio.Transport):
    """A transport on a real socket that records writes, closes and aborts."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock
        self.written = bytearray()
        self.closed = False
        self.aborted = False
        #: What the write buffer holds (a slow client leaves a response in it).
        self.buffered = 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.sock if name == "socket" else default

    def write(self, data: Any) -> None:
        self.written += data

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


@pytest.fixture
def worker0() -> Iterator[tuple[socket.socket, socket.socket]]:
    """This process as worker 0 of 2; yields (worker 1's inbox, a client's server-side socket)."""
    inbox, outbox = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname())
    accepted, _ = listener.accept()
    saved, shards.CURRENT = shards.CURRENT, Shard(0, 2, {1: outbox})
    try:
        yield inbox, accepted
    finally:
        shards.CURRENT = saved
        for sock in (inbox, outbox, listener, client, accepted):
            sock.close()


def protocol_on(sock: socket.socket) -> tuple[RoutingHttpProtocol, RecordingTransport]:
    config = uvicorn.Config(ok_app, http=RoutingHttpProtocol, lifespan="off", log_level="warning")
    config.load()
    protocol = RoutingHttpProtocol(config=config, server_state=ServerState(), app_state={})
    transport = RecordingTransport(sock)
    protocol.connection_made(transport)
    return protocol, transport


def handed_over(inbox: socket.socket) -> bytes | None:
    """The bytes handed to worker 1 with a connection, or None if none was."""
    inbox.setblocking(False)
    try:
        data, fds, _flags, _addr = socket.recv_fds(inbox, shards.HANDOFF_MAX, 4)
    except BlockingIOError:
        return None
    for fd in fds:
        socket.close(fd)
    return data


async def test_a_request_line_ending_in_a_bare_lf_is_answered_not_left_waiting(
    worker0: tuple[socket.socket, socket.socket],
) -> None:
    """The router waited for a CRLF that such a client never sends, so it got no
    answer at all; uvicorn alone answers 400 at once."""
    _inbox, sock = worker0
    protocol, transport = protocol_on(sock)
    protocol.data_received(b"GET /api/games HTTP/1.1\nHost: x\n\n")
    await asyncio.sleep(0)
    assert bytes(transport.written).startswith(b"HTTP/1.1 400 ")


@pytest.mark.parametrize(
    "target",
    [
        f"/api/matches/%{ord(FOREIGN[0]):02x}{FOREIGN[1:]}",  # escaped: the app unescapes it
        f"http://localhost/api/matches/{FOREIGN}",  # absolute form, as a proxy sends it
    ],
)
async def test_a_target_naming_a_match_in_another_form_is_still_routed(
    worker0: tuple[socket.socket, socket.socket], target: str
) -> None:
    """The app serves these as the plain path's match; routed by their raw bytes
    they stayed here and got 307, and the retry, identical, was no better."""
    inbox, sock = worker0
    protocol, transport = protocol_on(sock)
    request = f"GET {target} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    protocol.data_received(request)
    assert handed_over(inbox) == request
    assert transport.aborted and not transport.written


async def test_runs_of_spaces_in_the_request_line_are_routed(
    worker0: tuple[socket.socket, socket.socket],
) -> None:
    inbox, sock = worker0
    protocol, _transport = protocol_on(sock)
    request = f"GET  /ws/match/{FOREIGN}?token=t  HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    protocol.data_received(request)  # the parser accepts this line, so routing must too
    assert handed_over(inbox) == request


async def test_a_response_still_being_written_is_not_cut_off_by_a_handoff(
    worker0: tuple[socket.socket, socket.socket],
) -> None:
    """A pipelining client may send its next request once the last response is
    complete but not yet flushed to a slow network; aborting our copy of the socket
    to hand it over would drop the rest of that response."""
    inbox, sock = worker0
    protocol, transport = protocol_on(sock)
    protocol.data_received(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
    for _ in range(10):
        await asyncio.sleep(0)
    assert protocol.cycle is not None and protocol.cycle.response_complete
    transport.buffered = 40_000  # the response, waiting for the client to read
    protocol.data_received(f"GET /api/matches/{FOREIGN} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    for _ in range(10):
        await asyncio.sleep(0)
    assert handed_over(inbox) is None and not transport.aborted
    assert bytes(transport.written).count(b"HTTP/1.1 200 OK") == 2  # answered here instead


async def test_a_full_handoff_queue_answers_retry_without_blocking_the_event_loop() -> None:
    """While an owner is restarting nobody reads its queue. A send that waits for
    room stalls the sending worker's event loop, and every match on it, each time."""
    inbox, outbox = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    outbox.settimeout(0.5)  # how the worker used to open it
    shard = Shard(0, 2, {1: outbox})
    passed = socket.socket()
    try:
        for _ in range(1000):  # fill the queue (nobody reads the inbox)
            if not shard.hand_off(1, passed.fileno(), b"GET / HTTP/1.1\r\n"):
                break
        else:
            pytest.fail("the queue never filled")
        started = time.monotonic()
        assert not shard.hand_off(1, passed.fileno(), b"GET / HTTP/1.1\r\n")
        assert time.monotonic() - started < 0.1
    finally:
        for sock in (inbox, outbox, passed):
            sock.close()


def landed_on(supervisor_pid: int, client: socket.socket) -> int | None:
    """The worker whose accepted socket is the other end of ``client``."""
    port = client.getsockname()[1]
    for child in psutil.Process(supervisor_pid).children():
        if any(c.raddr and c.raddr[1] == port for c in child.net_connections("tcp")):
            argv = child.cmdline()
            return int(argv[argv.index("--worker") + 1].split("/")[0])
    return None


async def test_a_worker_shutting_down_adopts_no_connection_that_would_hold_it_up(
    tmp_path: Path,
) -> None:
    """A worker that is stopping told its connections to finish; one handed to it
    afterwards was never told, so a WebSocket kept the worker alive (until the
    supervisor's SIGKILL). Queued instead, it is served by the restarted worker."""
    async with serve_workers(tmp_path / "w.sqlite3", 2) as (proc, url):
        port = int(url.rsplit(":", 1)[1])
        async with httpx.AsyncClient(base_url=url, timeout=WAIT, limits=FRESH) as http:
            ids = [
                (await http.post("/api/matches", json={"game": "tictactoe"})).json()["match"]["id"]
                for _ in range(24)
            ]
        match_id = next(m for m in ids if owner_of(m, 2) == 1)

        async def connection_to(worker: int) -> socket.socket:
            for _ in range(200):
                sock = socket.create_connection(("127.0.0.1", port))
                for _ in range(20):
                    landed = landed_on(proc.pid, sock)
                    if landed is not None:
                        break
                    await asyncio.sleep(0.02)
                if landed == worker:
                    return sock
                sock.close()
            raise AssertionError(f"no connection reached worker {worker}")

        # keep worker 1 busy shutting down: a request whose body has not all come
        busy = await connection_to(1)
        busy.sendall(
            f"POST /api/matches/{match_id}/join HTTP/1.1\r\nHost: x\r\n"
            "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{".encode()
        )
        await asyncio.sleep(0.3)
        victim = worker_process(proc.pid, 1)
        victim.send_signal(signal.SIGTERM)
        await asyncio.sleep(0.5)
        # a socket for worker 1's match that reaches worker 0, which hands it over
        via0 = await connection_to(0)
        ws_url = url.replace("http://", "ws://") + f"/ws/match/{match_id}"
        connecting = asyncio.ensure_future(websockets.connect(ws_url, sock=via0))
        await asyncio.sleep(0.5)
        busy.sendall(b"}")  # the last request finishes; worker 1 can now exit
        await asyncio.to_thread(victim.wait, WAIT)  # psutil.TimeoutExpired if held up
        ws = await asyncio.wait_for(connecting, WAIT)  # served by the restarted worker 1
        assert '"type":"state"' in str(await asyncio.wait_for(ws.recv(), WAIT)).replace(" ", "")
        await ws.close()
        busy.close()
