"""``meeple serve``: the web platform (lobby, live matches, replays) on one port.

It binds the listening socket itself before handing it to uvicorn, so it can
print the real URL (also with ``--port 0``, which tests use to get a free
port) and fail with a clear message when the port is taken.
"""

from __future__ import annotations

import argparse
import logging
import socket
import sys

from meeple.core.errors import MeepleError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web platform (lobby, matches, replays) in the browser",
        description="Serve the lobby, live matches over WebSocket and replays. "
        "Unfinished matches in the database resume on start.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument(
        "--database",
        default="meeple.sqlite3",
        metavar="PATH_OR_URL",
        help="SQLite file (default ./meeple.sqlite3) or postgresql://user@host/db",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="default pause before a bot moves, so humans can follow (default 0.5)",
    )
    p.add_argument("--bot-workers", type=int, default=2, help="threads bots think in (default 2)")
    p.add_argument(
        "--fsync",
        action="store_true",
        help="SQLite: sync every commit to disk (survives power loss, not just a crash; slower)",
    )
    p.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from meeple.server import create_app
    except ImportError as exc:  # pragma: no cover - the server extra is missing
        raise MeepleError(
            f"meeple serve needs the server extra: pip install 'meeple[server]' ({exc})"
        ) from None
    if not 0 <= args.port <= 65535:
        raise MeepleError(f"port must be 0..65535, got {args.port}")
    if args.bot_delay < 0:
        raise MeepleError("--bot-delay cannot be negative")
    from meeple.server.storage import Storage, StorageError

    probe = Storage(args.database, fsync=args.fsync)  # a clear error now, not a traceback later
    try:
        probe.open()
    except StorageError as exc:
        raise MeepleError(str(exc)) from None
    probe.close()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        sock.close()
        raise MeepleError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    url = f"http://{host}:{port}/"

    def ready(resumed: int) -> None:
        note = f" ({resumed} unfinished match(es) resumed)" if resumed else ""
        print(f"meeple: serving on {url}  database: {args.database}{note}", flush=True)
        print(f"open {url} in a browser; Ctrl+C stops", flush=True)

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app = create_app(
        args.database,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
        on_ready=ready,
        fsync=args.fsync,
    )
    config = uvicorn.Config(
        app,
        log_level=args.log_level,
        access_log=False,  # query strings carry seat tokens: keep them out of logs
        ws_ping_interval=20,
        ws_max_size=1 << 16,  # a client message is a small JSON object; refuse floods
        ws_ping_timeout=20,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        print("meeple: the server did not start (see the messages above)", file=sys.stderr)
        return 1
    return 0
