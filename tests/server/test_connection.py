"""Connection: a state message is written at once, and a paused socket keeps the order."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from meeple.server.matches import Connection

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
