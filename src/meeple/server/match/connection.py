"""One WebSocket of a match: ordered, bounded, never holding the match up.

The match knows nothing of the transport beyond this class: each connection
brings the ASGI server's own ``send`` for its socket, so any number of
clients (seats and spectators) come and go while the match runs.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("meeple.server")

#: A connection holds at most this many messages, or bytes, for a client that reads
#: slowly; past either bound it keeps one whole, current state message instead
#: (a client far behind needs the position now, not every step to it).
MAX_QUEUED = 16
MAX_QUEUED_BYTES = 1 << 20
#: Seconds one message may wait to be taken by the client before the connection is
#: dropped as dead (the server pings every 20 s and allows 20 s for the answer).
SEND_STALL_LIMIT = 40.0


class Connection:
    """One WebSocket of a match.

    A message is written at once when nothing is queued; if the socket is paused
    (a slow client), later messages queue behind it and a short-lived task sends
    them in order once it drains: a slow client never holds up the match or the
    other clients, and an idle connection costs no task at all.

    The queue is bounded (:data:`MAX_QUEUED`, :data:`MAX_QUEUED_BYTES`): past
    either bound it is replaced by one whole state message built by ``latest``
    (so the deltas after it stay consistent), and a message not taken within
    :data:`SEND_STALL_LIMIT` seconds drops the connection through ``abort``
    (a client that stopped reading; once, 30 of them grew a server by 400 MB).
    """

    def __init__(
        self,
        send: Callable[[dict[str, Any]], Awaitable[None]],
        seat: int | None,
        abort: Callable[[], None] | None = None,
    ) -> None:
        #: The ASGI server's own ``send`` for this socket (no framework wrappers:
        #: a state message is the hottest path of the server).
        self._send = send
        self.seat = seat
        #: the account whose session cookie (from this site) opened the socket, or None:
        #: it writes to the chat as a spectator, and its mutes apply (meeple.server.chat)
        self.account: str | None = None
        #: Log lines and match summary this connection already has: the next state
        #: message carries only the lines after them, and the summary if it changed.
        self.log_sent = 0
        self.summary_sent: dict[str, Any] | None = None
        self.outbox: collections.deque[str] = collections.deque()
        self.queued_bytes = 0
        self.flushing: asyncio.Task[None] | None = None
        self.closed = False
        #: The ``ref`` of this connection's own action or undo, once stored: the
        #: next state message to it carries ``"ref"`` so the client knows which
        #: state answers it (in a simultaneous turn other seats' states arrive
        #: meanwhile, and must not end the client's wait).
        self.answers: Any = None
        #: the last ref put into a message that may still be queued (kept across a
        #: coalesced queue, so the answer is not lost with the messages dropped)
        self.queued_ref: Any = None
        #: builds the whole current state message for this connection (set by the match)
        self.latest: Callable[[], str | None] | None = None
        #: drops the client's transport (set by the socket handler when it can)
        self.abort = abort
        self.coalesced = 0  #: how many times the queue was replaced by a whole state

    def answer(self, ref: Any) -> None:
        """Mark the next state message to this connection as the answer to ``ref``."""
        self.answers = ref

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.flushing is None:
            # Nothing queued: write now. The server's send completes without
            # suspending unless the socket is paused for flow control, so run it
            # eagerly and hand it to a task only if it does suspend (what
            # Python 3.12's eager tasks do): a state message then costs no task
            # and no trip round the event loop.
            coro: Any = self._send({"type": "websocket.send", "text": text})
            try:
                waiting_on = coro.send(None)
            except StopIteration:
                return
            except Exception:  # the socket closed under us: the reader ends the connection
                self.closed = True
                return
            self.flushing = asyncio.ensure_future(self._finish(coro, waiting_on))
            return
        if len(self.outbox) >= MAX_QUEUED or self.queued_bytes + len(text) > MAX_QUEUED_BYTES:
            self._coalesce()
            return
        self.outbox.append(text)
        self.queued_bytes += len(text)

    def _coalesce(self) -> None:
        """Replace the queue by one whole state message (see the class docstring)."""
        self.outbox.clear()
        self.queued_bytes = 0
        self.coalesced += 1
        self.log_sent, self.summary_sent = 0, None  # whatever comes next is whole
        if self.answers is None:
            self.answers = self.queued_ref
        whole = self.latest() if self.latest is not None else None
        if whole is not None:  # None: a write is in flight; its broadcast brings it
            self.outbox.append(whole)
            self.queued_bytes = len(whole)

    async def _finish(self, coro: Any, waiting_on: Any) -> None:
        """Drive a suspended send to its end, then send whatever queued meanwhile."""
        try:
            async with asyncio.timeout(SEND_STALL_LIMIT):
                while True:
                    if waiting_on is None:
                        await asyncio.sleep(0)  # a bare yield: just let the loop run
                    else:
                        # The future was yielded once already (flagged as awaited); clear
                        # the flag as asyncio's Task does with a yielded future, then wait.
                        waiting_on._asyncio_future_blocking = False
                        await waiting_on
                    try:
                        waiting_on = coro.send(None)
                    except StopIteration:
                        break
            while self.outbox and not self.closed:
                text = self.outbox.popleft()
                self.queued_bytes -= len(text)
                async with asyncio.timeout(SEND_STALL_LIMIT):
                    await self._send({"type": "websocket.send", "text": text})
            self.queued_ref = None
        except asyncio.CancelledError:
            coro.close()
            raise
        except TimeoutError:  # the client stopped reading: drop it
            coro.close()
            log.info("dropping a connection that took no message for %s s", SEND_STALL_LIMIT)
            self.close()
            if self.abort is not None:
                self.abort()
        except Exception:  # the socket closed under us: the reader ends the connection
            self.closed = True
            coro.close()
        finally:
            self.flushing = None

    def close(self) -> None:
        self.closed = True
        self.outbox.clear()
        self.queued_bytes = 0
