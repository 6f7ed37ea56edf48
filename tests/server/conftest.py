"""Fixtures for the server tests: a real uvicorn server in the test's event loop, WS clients.

The server runs as a task of the test's own asyncio loop (uvicorn's
``Server.serve`` on a pre-bound loopback socket), so tests talk to it over real
sockets and may still inspect ``app.state.lobby`` safely from the same loop.
Every wait is bounded by a timeout: a broken server fails a test, never hangs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
import uvicorn
import websockets

from meeple.server import create_app
from meeple.server.botpool import BotPool
from meeple.server.match import IdleMatch, MatchHost
from meeple.server.storage import Storage
from tests.toy import SecretBids, registered

WAIT = 10.0  # seconds: the most any single wait in these tests may take


@pytest.fixture
def secretbids() -> Iterator[type[SecretBids]]:
    """Make the toy hidden-information game (tests/toy.py) resolvable by name during one test."""
    with registered(SecretBids):
        yield SecretBids


class IdleLog:
    """An ``on_idle`` hook that notes every match that told its host it may be idle."""

    def __init__(self) -> None:
        self.told: list[IdleMatch] = []

    def __call__(self, live: IdleMatch) -> None:
        self.told.append(live)


@pytest.fixture
def match_storage() -> Iterator[Storage]:
    """Real storage for a match host: SQLite in memory."""
    storage = Storage(":memory:")
    storage.open()
    try:
        yield storage
    finally:
        storage.close()


@pytest.fixture
def idle_log() -> IdleLog:
    return IdleLog()


@pytest.fixture
def match_host(match_storage: Storage, idle_log: IdleLog) -> Iterator[MatchHost]:
    """A match host from real parts and no lobby: ``match_storage``, a bot pool of
    one search thread, and ``idle_log`` as its idle hook; bots move at once."""
    pool = BotPool(workers=1)
    try:
        yield MatchHost(match_storage, pool, on_idle=idle_log, bot_delay=0.0)
    finally:
        pool.shutdown()


class Server:
    """A running server: its base URL, the app (lobby inside) and an HTTP client."""

    def __init__(self, url: str, app: Any, http: httpx.AsyncClient, database: str) -> None:
        self.url = url
        self.app = app
        self.http = http
        self.database = database

    @property
    def lobby(self) -> Any:
        return self.app.state.lobby

    def ws_url(self, match_id: str, token: str | None = None) -> str:
        base = self.url.replace("http://", "ws://") + f"/ws/match/{match_id}"
        return base + (f"?token={token}" if token else "")

    async def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("game", "tictactoe")
        r = await self.http.post("/api/matches", json=body)
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    async def join(self, match_id: str, **body: Any) -> dict[str, Any]:
        r = await self.http.post(f"/api/matches/{match_id}/join", json=body)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    async def connect(self, match_id: str, token: str | None = None) -> Client:
        ws = await asyncio.wait_for(websockets.connect(self.ws_url(match_id, token)), WAIT)
        client = Client(ws)
        await client.state()  # the state every connection receives at once
        return client

    async def two_humans(self, **body: Any) -> tuple[str, Client, Client]:
        """A running 2-seat match with both seats joined and connected."""
        created = await self.create(seats=["human", "human"], join=0, name="Ann", **body)
        match_id = created["match"]["id"]
        joined = await self.join(match_id, name="Bob")
        a = await self.connect(match_id, created["token"])
        b = await self.connect(match_id, joined["token"])
        a.token, b.token = created["token"], joined["token"]
        return match_id, a, b

    async def province_pair(self) -> tuple[Client, Client]:
        """A running 2-seat Province match: (the connection whose turn it is, the other).

        The opening chance decides who is first player, so the order is read back.
        """
        created = await self.create(game="province", seats=["human", "human"], join=0)
        match_id = created["match"]["id"]
        joined = await self.join(match_id)
        first = await self.connect(match_id, created["token"])
        second = await self.connect(match_id, joined["token"])
        assert first.last is not None and second.last is not None
        return (first, second) if first.last["legal"] else (second, first)


def merge_state(last: dict[str, Any] | None, data: dict[str, Any]) -> dict[str, Any]:
    """A state message made whole, as a client does: the log lines it carries go
    after the first ``log_start`` lines already known, and a missing summary is
    the last one (docs/protocol.md, "Deltas")."""
    known = last["log"] if last is not None else []
    start = data["log_start"]
    assert start <= len(known), f"a log gap: lines from {start}, {len(known)} known"
    merged = {**data, "log": known[:start] + data["log"]}
    if "match" not in data:
        assert last is not None, "the first state message must carry the summary"
        merged["match"] = {**last["match"], "moves": data["moves"]}
    return merged


class Client:
    """A WebSocket client that keeps the latest state it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.last: dict[str, Any] | None = None
        self.token: str | None = None

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        data = json.loads(await asyncio.wait_for(self.ws.recv(), WAIT))
        if data.get("type") == "state":
            data = merge_state(self.last, data)
            self.last = data
        return data  # type: ignore[no-any-return]

    async def state(
        self, until: Callable[[dict[str, Any]], bool] = lambda m: True
    ) -> dict[str, Any]:
        """The next state message satisfying ``until`` (skipping errors is NOT allowed)."""
        while True:
            msg = await self.receive()
            if msg["type"] == "error":
                raise AssertionError(f"unexpected error {msg}")
            if msg["type"] == "state" and until(msg):
                return msg

    async def pong(self) -> dict[str, Any]:
        """The answer to a ping. State messages in between are skipped: a presence
        change (the other seat connecting) is broadcast up to PRESENCE_DELAY later,
        so it may come before or after the pong. Anything else fails the test."""
        while True:
            msg = await self.receive()
            if msg["type"] != "state":
                assert msg["type"] == "pong", msg
                return msg

    async def error(self) -> dict[str, Any]:
        """The next error message (state messages in between are skipped)."""
        while True:
            msg = await self.receive()
            if msg["type"] == "error":
                return msg

    async def act(self, code: int, state_id: str | None = None) -> None:
        assert self.last is not None
        await self.send(
            {"type": "action", "state_id": state_id or self.last["state_id"], "code": code}
        )

    async def close(self) -> None:
        await self.ws.close()


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextlib.asynccontextmanager
async def running_server(database: str | Path, **kwargs: Any) -> AsyncIterator[Server]:
    """Serve ``create_app(database, **kwargs)`` on a free loopback port for one ``async with``."""
    kwargs.setdefault("bot_delay", 0.0)
    log_level = kwargs.pop("log_level", "warning")
    #: the proxies whose X-Forwarded-For uvicorn believes (its default: 127.0.0.1)
    trusted = kwargs.pop("forwarded_allow_ips", None)
    app = create_app(str(database), **kwargs)
    sock = free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        log_level=log_level,
        lifespan="on",
        access_log=log_level != "warning",
        forwarded_allow_ips=trusted,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        for _ in range(500):
            if server.started:
                break
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        else:  # pragma: no cover - startup broken
            raise AssertionError("server did not start")
        url = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
            yield Server(url, app, http, str(database))
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, WAIT)
        sock.close()


@pytest_asyncio.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    async with running_server(tmp_path / "meeple.sqlite3") as srv:
        yield srv
