"""The ceiling: a bare WebSocket echo on meeple's own stack (uvicorn, Starlette).

Run as ``python echo_app.py PORT``; it serves on 127.0.0.1, with the same
uvicorn settings as ``meeple serve``, and prints ``ready PORT``:

* ``/ws/echo``: every frame goes back to its sender (the classic echo);
* ``/ws/relay/{room}``: every frame goes to every socket of the room, the
  sender included: the bare transport cost of a game's message pattern (one
  frame in, one frame out to each of the two players), with no game, no
  storage and 60-byte frames.

Both sockets are reached the way ``meeple serve`` reaches its match sockets:
a middleware in front of Starlette hands them to plain-ASGI handlers (see
``meeple.server.app.MatchSockets``), so the ceiling is the best this stack
does, not Starlette's ``WebSocket`` wrapper.
"""

from __future__ import annotations

import sys
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send

ROOMS: dict[str, set[Any]] = {}


async def echo(receive: Receive, send: Send) -> None:
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            return
        await send({"type": "websocket.send", "text": message.get("text") or ""})


async def relay(room_id: str, receive: Receive, send: Send) -> None:
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    room = ROOMS.setdefault(room_id, set())
    room.add(send)
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            out = {"type": "websocket.send", "text": message.get("text") or ""}
            for peer in list(room):
                try:
                    await peer(out)
                except Exception:  # that peer left; its own loop ends it
                    room.discard(peer)
    finally:
        room.discard(send)
        if not room:
            ROOMS.pop(room_id, None)


class Sockets:
    """The two sockets, dispatched before Starlette (as meeple's match sockets are)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path: str = scope["path"]
            if path == "/ws/echo":
                await echo(receive, send)
                return
            if path.startswith("/ws/relay/"):
                await relay(path[len("/ws/relay/") :], receive, send)
                return
        await self.app(scope, receive, send)


app = Starlette(routes=[], middleware=[Middleware(Sockets)])


def main() -> None:
    port = int(sys.argv[1])
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    print(f"ready {port}", flush=True)
    server.run()


if __name__ == "__main__":
    main()
