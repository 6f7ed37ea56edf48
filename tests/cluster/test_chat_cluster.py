"""A match's chat on three nodes behind HAProxy (issue 41, items 5 and 7): a message
written on the node that serves the match is there after that node is SIGKILLed and
another takes the match over, the new node numbers the next message after it and sends
it to both seats, the limits count what the dead node stored, and the old node, back,
serves the same chat. Fails on main (no chat)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest

from meeple.server.chat import LIMITS
from meeple.server.cluster import node_name, preference
from tests.cluster.clients import create_pair, reconnect
from tests.cluster.harness import Cluster
from tests.server.conftest import WAIT, Client

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]


async def _say(client: Client, text: str, ref: str) -> dict[str, Any]:
    await client.send({"type": "chat", "text": text, "ref": ref})
    while True:
        msg = await client.receive()
        if msg.get("ref") == ref:
            return msg


async def _heard(client: Client) -> dict[str, Any]:
    while True:
        msg = await client.receive()
        if msg["type"] == "chat":
            return msg


async def test_chat_written_on_one_node_is_kept_after_failover_to_another(
    cluster: Cluster,
) -> None:
    base = cluster.proxy_url
    match_id, tokens, (ann, bob) = await create_pair(base)
    owner = cluster.first_choice(match_id)
    said = await _say(ann, "before the crash <i>really</i>", "c0")
    assert said["type"] == "chat" and said["message"]["idx"] == 0
    assert (await _heard(bob))["message"]["text"] == "before the crash <i>really</i>"
    for i in range(1, LIMITS.burst):  # Ann's burst used up on the first node
        assert (await _say(ann, f"m{i}", f"c{i}"))["type"] == "chat"
    burst_ends = time.monotonic() + LIMITS.burst_window - 1.0

    await asyncio.to_thread(owner.kill)
    await ann.close()
    await bob.close()
    ann, _ = await reconnect(base, match_id, tokens[0])
    bob, _ = await reconnect(base, match_id, tokens[1])
    second = node_name(preference(match_id, 3)[1])
    assert cluster.owner(match_id) == second

    async with httpx.AsyncClient(base_url=base, timeout=WAIT) as http:
        page = (await http.get(f"/api/matches/{match_id}/chat")).json()
    assert [m["text"] for m in page["messages"]] == [
        "before the crash <i>really</i>",
        *(f"m{i}" for i in range(1, LIMITS.burst)),
    ]
    assert page["messages"][0]["name"] == "Ann" and page["messages"][0]["seat"] == 0

    # the new node counts what the dead one stored: Ann is still over her burst (when
    # the failover took less than the burst's window, as it does in about 3 s)
    over = await _say(ann, "too fast", "x")
    if time.monotonic() < burst_ends:
        assert over["code"] == "rate_limited"
    assert over.get("code") in ("rate_limited", None)
    answer = await _say(bob, "after the crash", "b1")
    written = LIMITS.burst + (over["type"] == "chat")
    assert answer["message"]["idx"] == written  # numbered after the stored ones
    assert (await _heard(ann))["message"]["text"] == "after the crash"

    # the killed node comes back, takes its match back, and serves the same chat
    await asyncio.to_thread(owner.start)
    await asyncio.to_thread(cluster.wait_proxy_sees, {0, 1, 2})
    async with httpx.AsyncClient(base_url=base, timeout=WAIT) as http:
        for _ in range(100):
            page = (await http.get(f"/api/matches/{match_id}/chat")).json()
            if len(page["messages"]) == written + 1:
                break
            await asyncio.sleep(0.1)
    assert page["messages"][-1]["text"] == "after the crash"
    await ann.close()
    await bob.close()
