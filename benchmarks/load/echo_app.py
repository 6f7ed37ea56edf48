"""The ceiling: a bare WebSocket echo on meeple's own stack (Starlette on uvicorn).

Run as ``python echo_app.py PORT``; it serves on 127.0.0.1, with the same
uvicorn settings as ``meeple serve``, and prints ``ready PORT``:

* ``/ws/echo``: every frame goes back to its sender (the classic echo);
* ``/ws/relay/{room}``: every frame goes to every socket of the room, the
  sender included: the bare transport cost of a game's message pattern (one
  frame in, one frame out to each of the two players), with no game, no
  storage and 60-byte frames.
"""

from __future__ import annotations

import sys

import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect


async def echo(websocket: WebSocket) -> None:
    await websocket.accept()
    try:
        while True:
            await websocket.send_text(await websocket.receive_text())
    except WebSocketDisconnect:
        pass


ROOMS: dict[str, set[WebSocket]] = {}


async def relay(websocket: WebSocket) -> None:
    await websocket.accept()
    room = ROOMS.setdefault(websocket.path_params["room"], set())
    room.add(websocket)
    try:
        while True:
            text = await websocket.receive_text()
            for peer in list(room):
                await peer.send_text(text)
    except WebSocketDisconnect:
        pass
    finally:
        room.discard(websocket)
        if not room:
            ROOMS.pop(websocket.path_params["room"], None)


app = Starlette(
    routes=[WebSocketRoute("/ws/echo", echo), WebSocketRoute("/ws/relay/{room}", relay)]
)


def main() -> None:
    port = int(sys.argv[1])
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    print(f"ready {port}", flush=True)
    server.run()


if __name__ == "__main__":
    main()
