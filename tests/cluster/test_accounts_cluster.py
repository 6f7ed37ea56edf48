"""Accounts, sessions and ratings on three nodes behind HAProxy (issue 40, item 5): a
session made on one node logs in on every node; a rated match whose node is killed
mid-game comes back with each account in its seat from the session cookie alone, and
its ratings are settled once it ends, on whichever node ends it."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest
import websockets

from meeple.server.cluster import node_name, preference
from tests.cluster.clients import Player, play, ws_url
from tests.cluster.harness import Cluster
from tests.server.conftest import WAIT, Client

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]


async def _by_cookie(base: str, match_id: str, session: str) -> Client:
    """A socket opened with the session cookie only (no seat token), retried through a
    failover as the browser does."""
    for _ in range(200):
        try:
            ws = await asyncio.wait_for(
                websockets.connect(
                    ws_url(base, match_id, None),
                    additional_headers=[("Cookie", f"meeple_session={session}")],
                ),
                WAIT,
            )
            client = Client(ws)
            await client.state()
            return client
        except (OSError, websockets.exceptions.WebSocketException, TimeoutError, AssertionError):
            await asyncio.sleep(0.1)
    raise AssertionError("no node served the match")


async def test_a_rated_match_keeps_its_accounts_across_a_node_kill_and_is_rated_once(
    cluster: Cluster,
) -> None:
    base = cluster.proxy_url
    async with (
        httpx.AsyncClient(base_url=base, timeout=WAIT) as ann,
        httpx.AsyncClient(base_url=base, timeout=WAIT) as bob,
    ):
        for http, name in ((ann, "Ann"), (bob, "Bob")):
            r = await http.post(
                "/api/account/register", json={"name": name, "password": "good password"}
            )
            assert r.status_code == 201, r.text
        csrf = lambda h: {"x-csrf-token": h.cookies["meeple_csrf"]}  # noqa: E731
        r = await ann.post(
            "/api/matches",
            json={"game": "tictactoe", "seats": ["human", "human"], "join": 0, "rated": True},
            headers=csrf(ann),
        )
        assert r.status_code == 201, r.text
        match_id, token0 = r.json()["match"]["id"], r.json()["token"]
        r = await bob.post(f"/api/matches/{match_id}/join", json={}, headers=csrf(bob))
        assert r.status_code == 200, r.text
        token1 = r.json()["token"]
        sessions = [ann.cookies["meeple_session"], bob.cookies["meeple_session"]]

        clients = [await _by_cookie(base, match_id, s) for s in sessions]
        assert [c.last["seat"] for c in clients if c.last] == [0, 1]
        players = [
            Player(base, match_id, t, c) for t, c in zip((token0, token1), clients, strict=True)
        ]
        await play(players, 3, random.Random(4))
        before: dict[str, Any] = max((p.last for p in players), key=lambda m: m["moves"])

        owner = cluster.first_choice(match_id)
        await asyncio.to_thread(owner.kill)
        for p in players:
            await p.client.close()  # type: ignore[union-attr]
        back = [await _by_cookie(base, match_id, s) for s in sessions]
        assert cluster.owner(match_id) == node_name(preference(match_id, 3)[1])
        for seat, client in enumerate(back):
            assert client.last is not None and client.last["seat"] == seat  # from the cookie
            assert client.last["state_id"] == before["state_id"]
        for p, client in zip(players, back, strict=True):
            p.client = client
        await play(players, 99, random.Random(5))
        assert players[0].last["status"] == "finished"

        for _ in range(100):  # settled by the node that ended it
            prof = (await ann.get("/api/players/Ann")).json()
            if prof["ratings"]:
                break
            await asyncio.sleep(0.1)
        assert [(r["game"], r["games"]) for r in prof["ratings"]] == [("tictactoe", 1)]
        assert [r["games"] for r in (await bob.get("/api/players/Bob")).json()["ratings"]] == [1]
        me = await ann.get("/api/account")  # the session still answers on any node
        assert me.status_code == 200 and me.json()["account"]["name"] == "Ann"
