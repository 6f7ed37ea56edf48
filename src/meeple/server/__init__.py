"""The meeple server: lobby REST API, match WebSockets, clocks and durable storage.

``create_app(database)`` returns the Starlette application; ``meeple serve``
runs it under uvicorn. The wire protocol is documented in docs/protocol.md.
"""

from meeple.server.app import create_app

__all__ = ["create_app"]
