"""``meeple serve``: the web platform (lobby, live matches, replays) on one port.

It binds the listening socket itself before handing it to uvicorn, so it can
print the real URL (also with ``--port 0``, which tests use to get a free
port) and fail with a clear message when the port is taken.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import os
import signal
import socket
import sys
from collections.abc import Callable
from typing import Any

from meeple.cli.argtypes import number, whole_number
from meeple.core.errors import MeepleError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web platform (lobby, matches, replays) in the browser",
        description="Serve the lobby, live matches over WebSocket and replays. "
        "Unfinished matches in the database resume on start.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--port", type=whole_number, default=8000, help="port (default 8000; 0 picks a free one)"
    )
    p.add_argument(
        "--database",
        default="meeple.sqlite3",
        metavar="PATH_OR_URL",
        help="SQLite file (default ./meeple.sqlite3) or postgresql://user@host/db",
    )
    p.add_argument(
        "--bot-delay",
        type=number,
        default=0.5,
        metavar="SECONDS",
        help="default pause before a bot moves, so humans can follow (default 0.5)",
    )
    p.add_argument(
        "--bot-workers", type=whole_number, default=2, help="threads bots think in (default 2)"
    )
    p.add_argument(
        "--bot-limit",
        action="append",
        default=[],
        metavar="NAME=MAX",
        help="cap a bot parameter in the specs clients send, e.g. time=2 or workers=1 "
        "(repeatable; defaults: " + _default_caps() + ")",
    )
    p.add_argument(
        "--fsync",
        action="store_true",
        help="SQLite: sync every commit to disk (survives power loss, not just a crash; slower)",
    )
    p.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")
    _add_limit_arguments(p)
    _add_smtp_arguments(p)
    p.add_argument(
        "--workers",
        type=whole_number,
        default=1,
        metavar="N",
        help="server processes sharing the port, each serving its share of the matches "
        "(default 1; use up to one per core)",
    )
    p.add_argument("--worker", help=argparse.SUPPRESS)  # "K/N": set by the supervisor
    p.add_argument("--worker-fds", help=argparse.SUPPRESS)  # inherited descriptors
    add_cluster_arguments(p)
    p.set_defaults(func=run)


def add_cluster_arguments(p: argparse.ArgumentParser) -> None:
    """Several nodes on one PostgreSQL database behind HAProxy (docs/architecture.md)."""
    g = p.add_argument_group("cluster (several nodes on one PostgreSQL database)")
    g.add_argument(
        "--cluster",
        metavar="HOST:PORT,...",
        help="every node's address, in the same order on every node and in the proxy",
    )
    g.add_argument(
        "--node",
        type=whole_number,
        metavar="K",
        help="which entry of --cluster this process is (1-based); it listens there",
    )
    g.add_argument(
        "--lease",
        type=number,
        default=3.0,
        metavar="SECONDS",
        help="how long a node's lease lasts without a heartbeat: a dead node's matches "
        "move within about this long (default 3)",
    )
    g.add_argument(
        "--print-proxy-config",
        action="store_true",
        help="print the HAProxy configuration for --cluster, listening on --host:--port, and exit",
    )


def _cluster_config(args: argparse.Namespace) -> Any:
    """The ``--cluster`` options checked (None without them); binds to the node's entry."""
    from meeple.server.cluster import ClusterConfig, parse_nodes

    if args.cluster is None:
        if args.node is not None or args.print_proxy_config:
            raise MeepleError("--node and --print-proxy-config need --cluster HOST:PORT,...")
        return None
    try:
        nodes = parse_nodes(args.cluster)
    except ValueError as exc:
        raise MeepleError(str(exc)) from None
    if args.print_proxy_config:
        return ClusterConfig(nodes, 0, args.lease)
    if args.node is None:
        raise MeepleError("a cluster node needs --node K (its place in --cluster, from 1)")
    if args.workers != 1:
        raise MeepleError("a cluster node runs one process: use more nodes, not --workers")
    if not args.database.startswith(("postgresql://", "postgres://")):
        raise MeepleError("a cluster shares one PostgreSQL database: --database postgresql://...")
    try:
        config = ClusterConfig(nodes, args.node - 1, args.lease)
    except ValueError as exc:
        raise MeepleError(str(exc)) from None
    args.host, args.port = config.address
    return config


def _default_caps() -> str:
    from meeple.bots.limits import BotLimits

    return ", ".join(f"{k}={v}" for k, v in dataclasses.asdict(BotLimits()).items())


def _add_limit_arguments(p: argparse.ArgumentParser) -> None:
    """The limits a public server needs (meeple.server.limits; docs/protocol.md, "Limits")."""
    g = p.add_argument_group("limits")
    g.add_argument(
        "--max-body",
        type=whole_number,
        default=64 * 1024,
        metavar="BYTES",
        help="largest REST request body accepted (default 65536)",
    )
    g.add_argument(
        "--create-rate",
        type=number,
        default=60.0,
        metavar="PER_MINUTE",
        help="matches (and accounts) one client address may create per minute (default 60; 0: no limit)",
    )
    g.add_argument(
        "--create-burst",
        type=whole_number,
        default=20,
        metavar="N",
        help="matches one address may create at once before the rate applies (default 20)",
    )
    g.add_argument(
        "--open-ttl",
        type=number,
        default=86400.0,
        metavar="SECONDS",
        help="an open match nobody fills in this time expires (default 86400, a day; 0: never)",
    )
    g.add_argument(
        "--review-iters",
        type=whole_number,
        default=300,
        metavar="N",
        help="most search iterations per decision of a match review (default 300)",
    )
    g.add_argument(
        "--review-queue",
        type=whole_number,
        default=8,
        metavar="N",
        help="reviews queued or running at once; more are refused until one ends (default 8)",
    )
    g.add_argument(
        "--hint-iters",
        type=whole_number,
        default=200,
        metavar="N",
        help="search iterations of a hint while playing (default 200)",
    )


def _add_smtp_arguments(p: argparse.ArgumentParser) -> None:
    """Turn notices by e-mail (meeple.server.notices; docs/protocol.md)."""
    g = p.add_argument_group(
        "turn notices by e-mail (the SMTP password, if any, in MEEPLE_SMTP_PASSWORD)"
    )
    g.add_argument(
        "--smtp",
        metavar="HOST:PORT",
        help="the SMTP server that mails turn notices (none: no mail)",
    )
    g.add_argument("--smtp-from", metavar="ADDRESS", help="the notices' From address")
    g.add_argument("--smtp-user", metavar="NAME", help="log in to the SMTP server as NAME")
    g.add_argument(
        "--smtp-starttls", action="store_true", help="switch the SMTP connection to TLS first"
    )
    g.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players open, for the links in mails (default: http://HOST:PORT)",
    )
    g.add_argument(
        "--notice-interval",
        type=number,
        default=3600.0,
        metavar="SECONDS",
        help="least time between two notices to one account (default 3600)",
    )


def _smtp(args: argparse.Namespace) -> Any:
    """The SMTP settings, or None without ``--smtp`` (a clear error when they are wrong)."""
    from meeple.server.notices import SmtpConfig, check_email
    from meeple.server.protocol import ApiError

    if not getattr(args, "smtp", None):
        return None
    try:
        host, port = SmtpConfig.parse_address(args.smtp)
        sender = check_email(args.smtp_from or "")
    except ValueError as exc:
        raise MeepleError(str(exc)) from None
    except ApiError:
        raise MeepleError("--smtp needs --smtp-from ADDRESS (name@example.org)") from None
    if args.notice_interval < 60:
        raise MeepleError("--notice-interval must be 60 seconds or more")
    url = args.public_url or f"http://{args.host}:{args.port}"
    if not url.startswith(("http://", "https://")):
        raise MeepleError("--public-url must start with http:// or https://")
    return SmtpConfig(
        host, port, sender, url, args.smtp_user, args.smtp_starttls, args.notice_interval
    )


def _smtp_argv(args: argparse.Namespace) -> list[str]:
    """The SMTP options again, for a worker of ``--workers N``."""
    if not args.smtp:
        return []
    argv = ["--smtp", args.smtp, "--smtp-from", args.smtp_from]
    argv += ["--notice-interval", repr(args.notice_interval)]
    if args.smtp_user:
        argv += ["--smtp-user", args.smtp_user]
    if args.public_url:
        argv += ["--public-url", args.public_url]
    return [*argv, "--smtp-starttls"] if args.smtp_starttls else argv


def _limits(args: argparse.Namespace) -> Any:
    from meeple.server.limits import Limits

    if args.max_body < 1024:
        raise MeepleError("--max-body must be at least 1024 bytes")
    if args.create_rate < 0 or args.create_burst < 1:
        raise MeepleError("--create-rate cannot be negative and --create-burst must be 1 or more")
    if args.open_ttl < 0:
        raise MeepleError("--open-ttl cannot be negative")
    if min(args.review_iters, args.review_queue, args.hint_iters) < 1:
        raise MeepleError("--review-iters, --review-queue and --hint-iters must be 1 or more")
    return Limits(
        max_body=args.max_body,
        create_rate=args.create_rate or None,
        create_burst=args.create_burst,
        open_ttl=args.open_ttl or None,
        review_iters=args.review_iters,
        review_queue=args.review_queue,
        hint_iters=args.hint_iters,
    )


def _limit_argv(args: argparse.Namespace) -> list[str]:
    """The limit options again, for a worker of ``--workers N``."""
    return [
        "--max-body", str(args.max_body), "--create-rate", repr(args.create_rate),
        "--create-burst", str(args.create_burst), "--open-ttl", repr(args.open_ttl),
        "--review-iters", str(args.review_iters), "--review-queue", str(args.review_queue),
        "--hint-iters", str(args.hint_iters),
    ]  # fmt: skip


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # noqa: F401  (checked here for a clear message)

        from meeple.server import create_app  # noqa: F401
    except ImportError as exc:  # pragma: no cover - the server extra is missing
        raise MeepleError(
            f"meeple serve needs the server extra: pip install 'meeple[server]' ({exc})"
        ) from None
    from meeple.bots.limits import BotLimits

    args.bot_limits = BotLimits.from_pairs(args.bot_limit)  # OptionError: a clear message
    if not 0 <= args.port <= 65535:
        raise MeepleError(f"port must be 0..65535, got {args.port}")
    if args.bot_delay < 0:
        raise MeepleError("--bot-delay cannot be negative")
    if not 1 <= args.workers <= 64:
        raise MeepleError(f"--workers must be 1..64, got {args.workers}")
    _limits(args)  # refuse bad limits before anything starts
    _smtp(args)
    if args.worker:
        return _run_worker(args)
    cluster = _cluster_config(args)
    if args.print_proxy_config:
        from meeple.server.proxy import haproxy_config

        host = f"[{args.host}]" if ":" in args.host else args.host
        print(haproxy_config(cluster.nodes, f"{host}:{args.port}"), end="")
        return 0
    from meeple.server.storage import Storage, StorageError

    if cluster is not None:  # the node creates its tables itself, under a lock
        return _run_node(args, cluster)
    probe = Storage(args.database, fsync=args.fsync)  # a clear error now, not a traceback later
    try:
        probe.open()
    except StorageError as exc:
        raise MeepleError(str(exc)) from None
    probe.close()
    if args.workers > 1:
        return _run_supervisor(args)
    sock = _listen(args)
    ready = _announce(args, sock.getsockname()[1])
    try:
        return _serve(args, sock, on_ready=ready)
    finally:
        sock.close()


def _listen(args: argparse.Namespace) -> socket.socket:
    """The bound socket on ``--host:--port`` (a clear error if it is taken)."""
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        sock.close()
        raise MeepleError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    # listening now, not when uvicorn starts: the URL is printed once matches are
    # resumed, which is before uvicorn listens, and a client that connects at once
    # must wait in the backlog, not be refused
    sock.listen(2048)
    return sock


def _run_node(args: argparse.Namespace, cluster: Any) -> int:
    """One node of a cluster: one process on its ``--cluster`` address."""
    sock = _listen(args)
    announce = _announce(args, sock.getsockname()[1])

    def ready(resumed: int) -> None:
        print(f"meeple: node {cluster.index + 1} of {len(cluster.nodes)}", flush=True)
        announce(resumed)

    try:
        return _serve(args, sock, on_ready=ready, cluster=cluster)
    finally:
        sock.close()


def _announce(args: argparse.Namespace, port: int) -> Callable[[int], None]:
    """What prints the URL to open, once unfinished matches are back."""
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{port}/"

    def ready(resumed: int) -> None:
        note = f" ({resumed} unfinished match(es) resumed)" if resumed else ""
        workers = f"  workers: {args.workers}" if args.workers > 1 else ""
        print(f"meeple: serving on {url}  database: {args.database}{workers}{note}", flush=True)
        print(f"open {url} in a browser; Ctrl+C stops", flush=True)

    return ready


def _serve(
    args: argparse.Namespace,
    sock: socket.socket,
    on_ready: Callable[[int], None],
    shard: Any = None,
    inbox: socket.socket | None = None,
    cluster: Any = None,
) -> int:
    """Run one server process on a listening socket until it is stopped."""
    import uvicorn

    from meeple.server import create_app

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app = create_app(
        args.database,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
        on_ready=on_ready,
        fsync=args.fsync,
        shard=shard,
        settle_gc=True,
        cluster=cluster,
        bot_limits=args.bot_limits,
        limits=_limits(args),
        smtp=_smtp(args),
    )
    extra: dict[str, Any] = {}
    if inbox is not None:  # a worker: route each request to its match's owner first
        from meeple.server.shards import RoutingHttpProtocol

        extra["http"] = RoutingHttpProtocol
    config = uvicorn.Config(
        app,
        log_level=args.log_level,
        access_log=False,  # query strings carry seat tokens: keep them out of logs
        ws_ping_interval=20,
        ws_max_size=1 << 16,  # a client message is a small JSON object; refuse floods
        ws_ping_timeout=20,
        lifespan="on",
        **extra,
    )

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if inbox is not None and self.started:
                from meeple.server.shards import receive_handoffs

                receive_handoffs(self, inbox)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            # stop adopting before the connections are told to finish: one
            # adopted later would never be told, and would hold the worker up
            # until the supervisor kills it (a WebSocket, for as long as its
            # client stays). Handoffs still queued go to the worker's next
            # incarnation, or close with the supervisor.
            if inbox is not None:
                asyncio.get_running_loop().remove_reader(inbox.fileno())
            await super().shutdown(sockets=sockets)

    server = Server(config)
    server.run(sockets=[sock])
    if not server.started:
        print("meeple: the server did not start (see the messages above)", file=sys.stderr)
        return 1
    return 0


def _run_supervisor(args: argparse.Namespace) -> int:
    from meeple.server.workers import Supervisor, WorkerFds, bind_group

    try:
        listeners = bind_group(args.host, args.port, args.workers)
    except OSError as exc:
        raise MeepleError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    ready = _announce(args, listeners[0].getsockname()[1])

    def worker_argv(index: int, fds: WorkerFds) -> list[str]:
        argv = [
            sys.executable, "-m", "meeple", "serve", "--host", args.host,
            "--database", args.database, "--bot-delay", repr(args.bot_delay),
            "--bot-workers", str(args.bot_workers), "--log-level", args.log_level,
            "--workers", str(args.workers),
            *(f"--bot-limit={pair}" for pair in args.bot_limit),
            "--worker", f"{index}/{args.workers}", "--worker-fds", fds.to_arg(),
        ]  # fmt: skip
        argv += _limit_argv(args) + _smtp_argv(args)
        return [*argv, "--fsync"] if args.fsync else argv

    supervisor = Supervisor(args.workers, worker_argv, listeners)

    def terminate(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminate)
    try:
        try:
            resumed = supervisor.start()
        except RuntimeError as exc:
            print(f"meeple: {exc}", file=sys.stderr)
            return 1
        ready(resumed)
        supervisor.watch()
    except KeyboardInterrupt:
        pass
    finally:
        supervisor.stop()
    return 0


def _run_worker(args: argparse.Namespace) -> int:
    """One worker of ``--workers N`` (started by the supervisor, never by hand)."""
    from meeple.server import shards
    from meeple.server.workers import WorkerFds, exit_with_supervisor

    index_text, _, count_text = args.worker.partition("/")
    index, count = int(index_text), int(count_text)
    fds = WorkerFds.from_arg(args.worker_fds)
    exit_with_supervisor(fds.life)
    outboxes = {}
    for i, fd in enumerate(fds.outboxes):
        outbox = socket.socket(fileno=fd)
        if i == index:
            outbox.close()
            continue
        outboxes[i] = outbox
    shard = shards.Shard(index, count, outboxes)
    shards.CURRENT = shard

    def ready(resumed: int) -> None:
        os.write(fds.ready, f"{index} {resumed}\n".encode())

    sock = socket.socket(fileno=fds.listen)
    inbox = socket.socket(fileno=fds.inbox)
    return _serve(args, sock, on_ready=ready, shard=shard, inbox=inbox)
