"""Match clients that survive their node: reconnect through the proxy, resume, play on."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx
import websockets

from tests.server.conftest import WAIT, Client

#: How long a client keeps reconnecting after losing its node (a failover takes
#: about one lease, 2 s in these tests, plus the proxy's health checks).
FAILOVER_BUDGET = 20.0


def ws_url(base: str, match_id: str, token: str | None) -> str:
    url = base.replace("http://", "ws://") + f"/ws/match/{match_id}"
    return url + (f"?token={token}" if token else "")


async def connect(base: str, match_id: str, token: str | None) -> Client:
    """One connection and its first state, or an exception (refused, closed, 503)."""
    ws = await asyncio.wait_for(websockets.connect(ws_url(base, match_id, token)), WAIT)
    client = Client(ws)
    client.token = token
    try:
        await client.state()
    except BaseException:
        await ws.close()
        raise
    return client


async def reconnect(base: str, match_id: str, token: str | None) -> tuple[Client, int]:
    """Connect until a state arrives, as the browser does (``connection.js``); returns
    the client and how many attempts were refused on the way."""
    deadline = time.monotonic() + FAILOVER_BUDGET
    refused = 0
    while True:
        try:
            return await connect(base, match_id, token), refused
        except (OSError, websockets.exceptions.WebSocketException, TimeoutError, AssertionError):
            refused += 1
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"match {match_id}: no node served it within {FAILOVER_BUDGET} s"
                ) from None
            await asyncio.sleep(0.1)


async def create_pair(
    base: str, game: str = "tictactoe", **body: Any
) -> tuple[str, list[str], list[Client]]:
    """A running two-human match made through ``base``: (id, tokens, clients)."""
    async with httpx.AsyncClient(base_url=base, timeout=WAIT) as http:
        r = await http.post(
            "/api/matches",
            json={"game": game, "seats": ["human", "human"], "join": 0, "name": "Ann", **body},
        )
        assert r.status_code == 201, r.text
        match_id, token0 = r.json()["match"]["id"], r.json()["token"]
        r = await http.post(f"/api/matches/{match_id}/join", json={"name": "Bob"})
        assert r.status_code == 200, r.text
        token1 = r.json()["token"]
    clients = [await connect(base, match_id, t) for t in (token0, token1)]
    return match_id, [token0, token1], clients


class Player:
    """One seat of a match played over a socket that may die: every action it sends
    carries a ``ref``; a state carrying that ``ref`` is an acknowledgement (the
    server stored the move before saying so). ``acked`` keeps each acknowledged
    state's log, to check later that the match still holds all of them."""

    def __init__(self, base: str, match_id: str, token: str, client: Client) -> None:
        self.base, self.match_id, self.token = base, match_id, token
        self.client: Client | None = client
        self.acked: list[list[dict[str, Any]]] = []
        self.reconnects = 0
        self._ref = 0

    @property
    def last(self) -> dict[str, Any]:
        assert self.client is not None and self.client.last is not None
        return self.client.last

    async def ensure(self) -> Client:
        if self.client is None:
            self.client, _ = await reconnect(self.base, self.match_id, self.token)
            self.reconnects += 1
        return self.client

    async def step(self, rng: random.Random) -> bool:
        """Play one random legal action (True when it was acknowledged); on a lost
        socket, reconnect later (the move may or may not have been stored: it was
        not acknowledged, so either is correct)."""
        client = await self.ensure()
        self._ref += 1
        ref = self._ref
        try:
            assert client.last is not None
            code = rng.choice(client.last["legal"])["code"]
            await client.send(
                {"type": "action", "state_id": client.last["state_id"], "code": code, "ref": ref}
            )
            while True:
                msg = await client.receive()
                if msg["type"] == "state" and msg.get("ref") == ref:
                    self.acked.append(msg["log"])
                    return True
                if msg["type"] == "error" and msg.get("ref") == ref:
                    return False  # refused (stale after a resume, say): nothing changed
        except (websockets.exceptions.ConnectionClosed, TimeoutError, OSError):
            self.client = None
            return False

    async def catch_up(self, state_id: str) -> None:
        """Read this seat's socket until it shows ``state_id`` (or reconnect)."""
        client = await self.ensure()
        try:
            while client.last is None or client.last["state_id"] != state_id:
                await client.receive()
        except (websockets.exceptions.ConnectionClosed, TimeoutError, OSError):
            self.client = None


async def play(players: list[Player], until_moves: int, rng: random.Random) -> None:
    """Both seats play random moves until the match has ``until_moves`` moves or ends."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for p in players:
            await p.ensure()
        last = max((p.last for p in players), key=lambda m: m["moves"])
        if last["status"] == "finished" or last["moves"] >= until_moves:
            return
        mover = next((p for p in players if p.last["legal"]), None)
        if mover is None:  # the states on the sockets differ: a fresh one is on its way
            for p in players:
                await p.catch_up(last["state_id"])
            continue
        if await mover.step(rng):
            for p in players:
                if p is not mover:
                    await p.catch_up(mover.last["state_id"])
    raise AssertionError("the match did not reach its move count in 120 s")
