"""Serving from several processes: every match lives in exactly one of them.

A Python server runs its game code on one core. ``meeple serve --workers N``
starts N worker processes (see :mod:`meeple.server.workers`), each a whole
server on the same port, and splits the matches between them by id: worker
``owner_of(id, N)`` owns match ``id``. Only the owner holds the match in
memory, resumes it after a crash, applies its moves and talks to its sockets,
so "exactly one submission applies" and "nobody hears of a move before it is
stored" hold as with one process. The database (SQLite in WAL mode, or
PostgreSQL) is shared; the lobby list is read from it.

A connection may reach any worker (the kernel spreads them over the workers'
``SO_REUSEPORT`` sockets). :class:`RoutingHttpProtocol` reads the request line
of each new request before uvicorn parses it; when the path names a match
another worker owns (``/ws/match/{id}``, ``/api/matches/{id}...``), it hands
the open TCP socket and the bytes read so far to the owner over a Unix socket
(``SCM_RIGHTS``), and the owner carries on as if it had accepted the
connection itself. Nothing is proxied: after the handoff the client talks to
the owner directly. A request that cannot be handed off (a pipelined one, or
the owner is restarting) is answered ``307`` to the same URL with
``Connection: close`` (WebSocket: close code 1013, "try again"), and the retry
arrives on a new connection, which is routed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import socket
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote_to_bytes

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

log = logging.getLogger("meeple.server")

#: Path prefixes whose next segment is a match id (the owner must serve them).
MATCH_PREFIXES = (b"/ws/match/", b"/api/matches/")
#: The most a handoff message carries (the bytes read before routing).
HANDOFF_MAX = 1 << 16
#: A request line longer than this is not routed (uvicorn answers it as usual).
REQUEST_LINE_MAX = 8192


def owner_of(match_id: str, workers: int) -> int:
    """The worker that owns a match: a stable hash of its id, so every worker
    (and every later run, whatever its worker count) agrees without asking.

    >>> owner_of("3f9a0c11d2", 1)
    0
    >>> owner_of("3f9a0c11d2", 4) == owner_of("3f9a0c11d2", 4) < 4
    True
    """
    if workers <= 1:
        return 0
    digest = hashlib.blake2b(match_id.encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") % workers


def match_id_of_path(path: bytes) -> str | None:
    """The match id a request path names, if it names one.

    >>> match_id_of_path(b"/ws/match/ab12?token=x")
    'ab12'
    >>> match_id_of_path(b"/api/matches/ab12/join")
    'ab12'
    >>> match_id_of_path(b"/api/matches") is None, match_id_of_path(b"/match/ab12") is None
    (True, True)
    """
    for prefix in MATCH_PREFIXES:
        if path.startswith(prefix):
            rest = path[len(prefix) :]
            end = len(rest)
            for sep in (b"/", b"?", b"#"):
                i = rest.find(sep)
                if i != -1:
                    end = min(end, i)
            ident = rest[:end]
            if ident and ident.isalnum():
                return ident.decode("ascii")
            return None
    return None


def path_of_target(target: bytes) -> bytes:
    """The path the app will see for a request target, decoded as uvicorn decodes it.

    Routing must read the same match id the app will: a target in absolute
    form (``http://host/api/matches/ab12``) or with escapes (``%61b12``) names
    the same match as the plain path, and a request routed by its raw bytes
    would reach a non-owner, be answered "retry", and retry the same way.

    >>> path_of_target(b"http://h/api/matches/%61b12?token=x")
    b'/api/matches/ab12'
    """
    try:
        path = httptools.parse_url(target).path
    except httptools.HttpParserInvalidURLError:
        return b""
    if not path:
        return b""
    return unquote_to_bytes(path) if b"%" in path else path


@dataclass
class Shard:
    """This process's place among the workers (``Shard()`` is the one-process server)."""

    index: int = 0
    count: int = 1
    #: The sending ends of every worker's handoff socket (index -> socket).
    outboxes: dict[int, socket.socket] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # hand_off runs on the event loop: a full queue (its owner is restarting
        # or busy) must answer "retry" at once, not stall every match of this
        # worker while the send waits for room
        for outbox in self.outboxes.values():
            outbox.setblocking(False)

    #: A request for a match served elsewhere is answered 307 to itself (see
    #: module docs); a cluster node answers 503 "try again" instead, since the
    #: proxy in front routes the retry (:mod:`meeple.server.ownership`).
    redirects = True

    def owns(self, match_id: str) -> bool:
        return self.count <= 1 or owner_of(match_id, self.count) == self.index

    def retained(self) -> dict[str, tuple[int, int | None]]:
        """What this shard keeps per match (see Lobby.retained): nothing here."""
        return {}

    async def adopt(self, lobby: Any, match_id: str) -> Any:
        """Take an unfinished match that is not in memory yet; None: read it from
        the database as usual (every unfinished match a worker owns is in memory
        from the start; a cluster node takes matches over, see ``Ownership``)."""
        return None

    def hand_off(self, owner: int, sock_fd: int, data: bytes) -> bool:
        """Send an open connection (its fd and the bytes read so far) to its owner."""
        outbox = self.outboxes.get(owner)
        if outbox is None or len(data) > HANDOFF_MAX:
            return False
        try:
            socket.send_fds(outbox, [data], [sock_fd])
        except OSError as exc:  # the owner is gone or its queue is full: answer with a retry
            log.warning(
                "worker %d: could not hand a connection to worker %d: %s", self.index, owner, exc
            )
            return False
        return True


class Misrouted(Exception):
    """A request for a match another worker owns reached this one (see module docs)."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"match {match_id} is served by another worker; retry")
        self.match_id = match_id


#: This process's shard; set once by the worker before uvicorn starts.
CURRENT = Shard()


class RoutingHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, handing each request to its match's owner first.

    Routing happens only between requests (nothing of the connection is in
    flight here), so the owner receives a connection in a clean state.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._mid_message = False
        self._unrouted = b""  # a request line that has not fully arrived yet
        self._routing = CURRENT.count > 1
        self._prefix: bytes | None = None  # bytes handed over with this connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        prefix, self._prefix = self._prefix, None
        if prefix:
            self.data_received(prefix)

    def on_message_begin(self) -> None:
        self._mid_message = True
        super().on_message_begin()

    def on_message_complete(self) -> None:
        self._mid_message = False
        super().on_message_complete()

    def _between_requests(self) -> bool:
        cycle = self.cycle
        return (
            not self._mid_message
            and (cycle is None or cycle.response_complete)
            and not self.pipeline
            # a pipelining client can send the next request while the last
            # response still waits in our write buffer: handing the socket
            # off now would drop the rest of that response
            and not self.transport.get_write_buffer_size()
        )

    def data_received(self, data: bytes) -> None:
        if self._routing and (self._unrouted or self._between_requests()):
            data = self._unrouted + data
            line_end = data.find(b"\n")  # a bare LF too: the parser answers it 400
            if line_end == -1 and len(data) < REQUEST_LINE_MAX:
                self._unrouted = data  # wait for the rest of the request line
                return
            self._unrouted = b""
            if line_end != -1 and self._route(data, data[:line_end]):
                return
        super().data_received(data)

    def _route(self, data: bytes, request_line: bytes) -> bool:
        """Hand the connection to the owner of the match it asks for; True if done."""
        parts = request_line.split()  # as the parser does: runs of spaces, the CR
        if len(parts) != 3:
            return False
        match_id = match_id_of_path(path_of_target(parts[1]))
        if match_id is None:
            return False
        owner = owner_of(match_id, CURRENT.count)
        if owner == CURRENT.index:
            return False
        sock = self.transport.get_extra_info("socket")
        if sock is None or not CURRENT.hand_off(owner, sock.fileno(), data):
            return False  # served here: the app answers "retry" (Misrouted)
        self._unset_keepalive_if_required()
        self._routing = False
        self.transport.abort()  # our copy of the socket only: the owner holds its own
        return True


def adopt(server: Any, loop: asyncio.AbstractEventLoop, data: bytes, fd: int) -> None:
    """Serve a connection another worker handed over, starting with ``data``."""
    sock = socket.socket(fileno=fd)
    sock.setblocking(False)
    config = server.config

    def factory() -> asyncio.Protocol:
        protocol = config.http_protocol_class(
            config=config, server_state=server.server_state, app_state=server.lifespan.state
        )
        protocol._prefix = data
        return protocol

    async def start() -> None:
        try:
            await loop.connect_accepted_socket(factory, sock)
        except OSError:  # the client left meanwhile
            sock.close()

    task = loop.create_task(start())
    server.server_state.tasks.add(task)
    task.add_done_callback(server.server_state.tasks.discard)


def receive_handoffs(server: Any, inbox: socket.socket) -> None:
    """Accept connections handed to this worker, on its event loop."""
    loop = asyncio.get_running_loop()
    inbox.setblocking(False)

    def ready() -> None:
        while True:
            try:
                data, fds, _flags, _addr = socket.recv_fds(inbox, HANDOFF_MAX, 4)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # pragma: no cover - the parent closed the channel
                log.warning("worker %d: handoff channel failed: %s", CURRENT.index, exc)
                loop.remove_reader(inbox.fileno())
                return
            for extra in fds[1:]:  # never sent, but never leak one
                with contextlib.suppress(OSError):
                    socket.close(extra)
            if fds:
                adopt(server, loop, data, fds[0])

    loop.add_reader(inbox.fileno(), ready)
