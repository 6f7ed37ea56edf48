"""Connection: a state message is written at once, and a paused socket keeps the order."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from meeple.server.match import connection
from meeple.server.match.connection import Connection

pytestmark = pytest.mark.asyncio


class PausableSocket:
    """An ASGI ``send`` that suspends while paused (like uvicorn under flow control)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.fail = False

    async def send(self, message: dict[str, Any]) -> None:
        await self.writable.wait()
        if self.fail:
            raise OSError("connection reset")
        self.sent.append(message["text"])


async def test_a_message_is_written_at_once_when_nothing_is_queued() -> None:
    socket = PausableSocket()
    conn = Connection(socket.send, seat=0)
    conn.send("one")
    assert socket.sent == ["one"] and conn.flushing is None  # no task, no loop turn


async def test_a_paused_socket_queues_in_order_and_drains_when_writable() -> None:
    socket = PausableSocket()
    conn = Connection(socket.send, seat=0)
    socket.writable.clear()
    for text in ("a", "b", "c"):
        conn.send(text)
    await asyncio.sleep(0.01)
    assert socket.sent == [] and conn.flushing is not None and list(conn.outbox) == ["b", "c"]
    socket.writable.set()
    await asyncio.wait_for(conn.flushing, 1)
    assert socket.sent == ["a", "b", "c"] and conn.flushing is None
    conn.send("d")
    assert socket.sent == ["a", "b", "c", "d"]


async def test_a_socket_that_fails_while_paused_closes_the_connection() -> None:
    socket = PausableSocket()
    conn = Connection(socket.send, seat=None)
    socket.writable.clear()
    conn.send("a")
    conn.send("b")
    socket.fail = True
    socket.writable.set()
    assert conn.flushing is not None
    await asyncio.wait_for(conn.flushing, 1)
    assert conn.closed and socket.sent == []
    conn.send("c")  # a closed connection drops messages quietly
    assert socket.sent == []


async def test_a_client_that_never_reads_holds_a_bounded_queue_ending_in_a_whole_state() -> None:
    """Once: 30 spectators that never read grew the server from 114 to 524 MB in 90 s."""
    socket = PausableSocket()
    conn = Connection(socket.send, seat=None)
    built: list[str] = []

    def latest() -> str:
        built.append(f"whole {len(built)}")
        return built[-1]

    conn.latest = latest
    socket.writable.clear()
    for i in range(2000):
        conn.send(f"delta {i} " + "x" * 2000)
        assert len(conn.outbox) <= connection.MAX_QUEUED
        assert conn.queued_bytes <= connection.MAX_QUEUED_BYTES
    assert built and conn.outbox[0] == built[-1]  # the queue restarts from a whole state
    assert all(text.startswith("delta") for text in list(conn.outbox)[1:])
    socket.writable.set()
    assert conn.flushing is not None
    await asyncio.wait_for(conn.flushing, 1)
    assert socket.sent[1] == built[-1] and socket.sent[-1].startswith("delta 1999")


async def test_a_client_that_stops_reading_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs promise that a silent peer is dropped; one that stopped reading never
    answered a ping nor took a message, and stayed."""
    monkeypatch.setattr(connection, "SEND_STALL_LIMIT", 0.2)
    socket = PausableSocket()
    aborted: list[bool] = []
    conn = Connection(socket.send, seat=0, abort=lambda: aborted.append(True))
    socket.writable.clear()
    conn.send("a")
    conn.send("b")
    assert conn.flushing is not None
    await asyncio.wait_for(conn.flushing, 2)
    assert aborted == [True] and conn.closed and not conn.outbox
    conn.send("c")
    assert socket.sent == []


async def test_a_slow_reader_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slow is not dead: each message taken within the limit keeps the connection,
    even when the whole queue takes longer than the limit."""
    monkeypatch.setattr(connection, "SEND_STALL_LIMIT", 0.3)
    permits = asyncio.Semaphore(0)
    sent: list[str] = []

    async def send(message: dict[str, Any]) -> None:
        await permits.acquire()  # the client takes one message per permit
        sent.append(message["text"])

    conn = Connection(send, seat=0, abort=lambda: pytest.fail("dropped"))
    for text in ("a", "b", "c"):
        conn.send(text)
    for _ in range(3):
        await asyncio.sleep(0.2)
        permits.release()
    assert conn.flushing is not None
    await asyncio.wait_for(conn.flushing, 1)
    assert sent == ["a", "b", "c"] and not conn.closed
