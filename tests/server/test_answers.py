"""Which state answers my action: the state message after a connection's own stored
action or undo carries that message's ``ref`` (docs/protocol.md, ``ref``).

Clients wait for it, not for any state: in a simultaneous turn other seats' moves
arrive while one's own is in flight and show the position before it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from tests.server.conftest import Client, Server
from tests.server.test_ws import raw_state

pytestmark = pytest.mark.asyncio


async def drain(*clients: Client) -> None:
    """Read what is already on its way (presence news) so the next read is fresh."""
    for client in clients:
        with contextlib.suppress(TimeoutError):
            while True:
                await asyncio.wait_for(client.receive(), 0.3)


async def test_only_the_actor_connection_hears_its_ref(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    tab2 = await server.connect(match_id, a.token)  # seat 0 in a second tab
    watcher = await server.connect(match_id)
    await drain(a, b, tab2, watcher)
    assert a.last is not None
    await a.send({"type": "action", "state_id": a.last["state_id"], "code": 4, "ref": 7})
    answer = await raw_state(a)
    assert answer["ref"] == 7 and answer["view"]["board"][4] == "X"
    for other in (b, tab2, watcher):  # the same state, but it answers none of theirs
        seen = await raw_state(other)
        assert seen["state_id"] == answer["state_id"] and "ref" not in seen
    # Bob's move reaches Ann without a ref; his own answer carries his (a string)
    await b.send({"type": "action", "state_id": answer["state_id"], "code": 0, "ref": "b-1"})
    assert (await raw_state(b))["ref"] == "b-1"
    heard = await raw_state(a)
    assert heard["moves"] == 2 and "ref" not in heard
    for client in (a, b, tab2, watcher):
        await client.close()


async def test_an_action_without_a_ref_gets_a_plain_state(server: Server) -> None:
    _, a, b = await server.two_humans()
    await drain(a, b)
    await a.act(4)  # Client.act sends no ref
    state = await raw_state(a)
    assert state["moves"] == 1 and "ref" not in state
    for client in (a, b):
        await client.close()


async def test_a_refused_action_answers_with_an_error_and_leaves_no_ref_behind(
    server: Server,
) -> None:
    _, a, b = await server.two_humans()
    await drain(a, b)
    assert a.last is not None
    sid = a.last["state_id"]
    await b.send({"type": "action", "state_id": sid, "code": 4, "ref": 3})  # not Bob's turn
    refused = await b.error()
    assert refused["code"] == "not_your_turn" and refused["ref"] == 3
    await a.send({"type": "action", "state_id": sid, "code": 4, "ref": 1})
    assert (await raw_state(a))["ref"] == 1
    assert "ref" not in await raw_state(b)  # Bob's refused ref is not carried by anything
    for client in (a, b):
        await client.close()


async def test_a_move_the_database_refuses_is_answered_by_its_error_only(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, a, b = await server.two_humans()
    await drain(a, b)
    storage = server.lobby.storage
    real_append = storage.append_events

    async def refuse(*args: Any, **kwargs: Any) -> None:
        from meeple.server.storage import StorageError

        raise StorageError("disk full (simulated)")

    monkeypatch.setattr(storage, "append_events", refuse)
    assert a.last is not None
    sid = a.last["state_id"]
    await a.send({"type": "action", "state_id": sid, "code": 4, "ref": 9})
    err = await a.error()
    assert err["code"] == "server_error" and err["ref"] == 9
    monkeypatch.setattr(storage, "append_events", real_append)
    await a.send({"type": "sync"})  # the next state to Ann must not claim to answer ref 9
    synced = await raw_state(a)
    assert "ref" not in synced and synced["moves"] == 0
    for client in (a, b):
        await client.close()


async def test_in_a_simultaneous_turn_other_seats_states_do_not_answer(
    server: Server, secretbids: Any
) -> None:
    """Seat 1's bid arrives at seat 0 without a ref; seat 0's own bid is answered with its ref."""
    _, a, b = await server.two_humans(game="secretbids")
    await drain(a, b)
    assert a.last is not None and b.last is not None
    sid, rolled = a.last["state_id"], a.last["moves"]  # the prize roll came first
    await b.send({"type": "action", "state_id": sid, "code": b.last["legal"][0]["code"], "ref": 1})
    assert (await raw_state(b))["ref"] == 1
    theirs = await raw_state(a)
    assert theirs["moves"] == rolled + 1 and "ref" not in theirs
    # seat 0 bids on the state it saw before seat 1's bid (allowed: nothing of its changed)
    await a.send({"type": "action", "state_id": sid, "code": a.last["legal"][0]["code"], "ref": 2})
    mine = await raw_state(a)
    assert mine["ref"] == 2 and mine["moves"] == rolled + 3  # and the next round's prize
    for client in (a, b):
        await client.close()


async def test_an_undo_is_answered_with_its_ref(server: Server) -> None:
    a, b = await server.province_pair()
    await drain(a, b)
    assert a.last is not None
    move = next(e for e in a.last["legal"] if e["json"]["type"] == "move")
    await a.send({"type": "action", "state_id": a.last["state_id"], "code": move["code"], "ref": 1})
    moved = await raw_state(a)
    assert moved["ref"] == 1 and moved["can_undo"] is True
    await a.send({"type": "undo", "state_id": moved["state_id"], "ref": 2})
    undone = await raw_state(a)
    assert undone["ref"] == 2 and undone["moves"] == moved["moves"] - 1
    for client in (a, b):
        await client.close()
