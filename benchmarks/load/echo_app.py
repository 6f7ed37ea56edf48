"""The ceiling: a bare WebSocket echo on meeple's own stack (Starlette on uvicorn).

Run as ``python echo_app.py PORT``; it serves ``/ws/echo`` on 127.0.0.1 with
the same uvicorn settings as ``meeple serve`` and prints ``ready PORT``.
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


app = Starlette(routes=[WebSocketRoute("/ws/echo", echo)])


def main() -> None:
    port = int(sys.argv[1])
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    print(f"ready {port}", flush=True)
    server.run()


if __name__ == "__main__":
    main()
