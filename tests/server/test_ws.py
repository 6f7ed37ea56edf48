"""The match WebSocket: state messages, every bad input (each changes nothing), undo, reconnect."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from typing import Any

import pytest
import websockets

from tests.server.conftest import WAIT, Client, Server

pytestmark = pytest.mark.asyncio


def stored_events(server: Server, match_id: str) -> int:
    with sqlite3.connect(server.database) as db:
        return int(
            db.execute("SELECT COUNT(*) FROM events WHERE match_id = ?", [match_id]).fetchone()[0]
        )


async def test_state_message_shape(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    state = await a.state(lambda m: m["match"]["seats"][1]["connected"])
    assert state["type"] == "state" and state["seat"] == 0 and state["match_id"] == match_id
    assert state["status"] == "running"
    assert state["turn"] == {"kind": "seat", "seats": [0]}
    assert state["legal"][4] == {
        "code": 4,
        "text": "place 4",
        "json": {"type": "place", "cell": 4},
        "label": {"en": "Mark row 2, column 2", "zh-TW": "畫在第 2 列第 2 欄"},  # from text.py
    }
    assert state["view"]["board"] == ["."] * 9
    assert state["log"] == [] and state["clocks"] is None and state["can_undo"] is False
    assert state["match"]["seats"][1]["connected"] is True
    assert b.last is not None and b.last["legal"] == [] and b.last["seat"] == 1
    await a.act(4)
    after_a = await a.state(lambda m: m["moves"] == 1)
    after_b = await b.state(lambda m: m["moves"] == 1)
    assert after_a["state_id"] == after_b["state_id"] != state["state_id"]
    assert after_b["log"] == [
        {
            "index": 0,
            "seat": 0,
            "text": "seat 0: place 4",
            "json": {"type": "place", "cell": 4},
            "label": {"en": "Mark row 2, column 2", "zh-TW": "畫在第 2 列第 2 欄"},
        }
    ]
    assert [e["code"] for e in after_b["legal"]] == [0, 1, 2, 3, 5, 6, 7, 8]
    assert after_a["legal"] == []
    # actions by JSON form and by text are accepted too
    await b.send(
        {"type": "action", "state_id": after_b["state_id"], "action": {"type": "place", "cell": 0}}
    )
    s2 = await a.state(lambda m: m["moves"] == 2)
    await a.send({"type": "action", "state_id": s2["state_id"], "text": "PLACE  8"})
    s3 = await a.state(lambda m: m["moves"] == 3)
    assert s3["view"]["board"] == ["O", ".", ".", ".", "X", ".", ".", ".", "X"]
    await a.send({"type": "ping", "ref": 9})
    assert (await a.receive()) == {"type": "pong"}
    await a.close()
    await b.close()


BAD_INPUTS: list[tuple[str, Any, str]] = [
    ("not json", "{oops", "bad_json"),
    ("json array", "[1, 2]", "bad_json"),
    ("unknown type", {"type": "dance"}, "bad_message"),
    ("no state id", {"type": "action", "code": 1}, "bad_message"),
    ("two forms", {"type": "action", "state_id": "S", "code": 1, "text": "place 1"}, "bad_message"),
    ("code out of range", {"type": "action", "state_id": "S", "code": 99}, "bad_action"),
    ("code not int", {"type": "action", "state_id": "S", "code": "1"}, "bad_action"),
    ("unknown text", {"type": "action", "state_id": "S", "text": "castle kingside"}, "bad_action"),
    (
        "bad json form",
        {"type": "action", "state_id": "S", "action": {"type": "place"}},
        "bad_action",
    ),
    (
        "bad json kind",
        {"type": "action", "state_id": "S", "action": {"type": "jump", "cell": 1}},
        "bad_action",
    ),
    ("occupied cell", {"type": "action", "state_id": "S", "code": 4}, "illegal_action"),
    ("stale state", {"type": "action", "state_id": "0000000000000000", "code": 1}, "stale_state"),
    ("nothing to undo", {"type": "undo", "state_id": "S"}, "undo_refused"),
    ("describe without lang", {"type": "describe"}, "bad_message"),
    ("describe in klingon", {"type": "describe", "lang": "tlh"}, "bad_message"),
]


@pytest.mark.parametrize(("label", "message", "code"), BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
async def test_bad_input_gets_its_own_error_and_changes_nothing(
    server: Server, label: str, message: Any, code: str
) -> None:
    match_id, a, b = await server.two_humans()
    await a.act(4)
    await b.state(lambda m: m["moves"] == 1)
    before = b.last
    assert before is not None
    events_before = stored_events(server, match_id)
    if isinstance(message, dict):
        message = {**message, "ref": "r1"}
        if message.get("state_id") == "S":
            message["state_id"] = before["state_id"]
    await b.send(message)
    err = await b.error()
    assert err["code"] == code, err
    assert err["message"] and err["state_id"] == before["state_id"]
    if isinstance(message, dict) and code != "bad_json":
        assert err["ref"] == "r1"
    # nothing changed: same state, same stored events, b may still play
    await b.send({"type": "sync"})
    again = await b.state()
    assert again["state_id"] == before["state_id"] and again["view"] == before["view"]
    assert stored_events(server, match_id) == events_before
    await b.act(0)
    assert (await b.state(lambda m: m["moves"] == 2))["view"]["board"][0] == "O"
    await a.close()
    await b.close()


async def test_not_your_turn_and_spectators(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    await b.act(4)  # seat 1 tries on seat 0's turn
    assert (await b.error())["code"] == "not_your_turn"
    watcher = await server.connect(match_id)
    assert watcher.last is not None
    assert watcher.last["seat"] is None and watcher.last["legal"] == []
    await watcher.act(4)
    assert (await watcher.error())["code"] == "not_your_seat"
    await watcher.send({"type": "undo", "state_id": watcher.last["state_id"]})
    assert (await watcher.error())["code"] == "not_your_seat"
    assert stored_events(server, match_id) == 0
    for c in (a, b, watcher):
        await c.close()


async def test_not_started_until_every_seat_is_filled(server: Server) -> None:
    created = await server.create(join=0)
    a = await server.connect(created["match"]["id"], created["token"])
    assert a.last is not None and a.last["status"] == "open" and a.last["legal"] == []
    await a.act(4)
    assert (await a.error())["code"] == "not_started"
    await server.join(created["match"]["id"])
    started = await a.state(lambda m: m["status"] == "running")
    assert started["legal"]
    await a.close()


async def test_match_finished_refuses_actions(server: Server) -> None:
    _, a, b = await server.two_humans()
    for i, (seat, cell) in enumerate([(a, 0), (b, 3), (a, 1), (b, 4), (a, 2)]):
        await seat.state(lambda m: m["moves"] == i)  # noqa: B023
        await seat.act(cell)
    final = await b.state(lambda m: m["status"] == "finished")
    assert final["result"]["winners"] == [0] and final["result"]["reason"] == "finished"
    assert final["legal"] == []
    await b.act(5, final["state_id"])
    assert (await b.error())["code"] == "match_finished"
    await a.close()
    await b.close()


async def test_bad_token_and_unknown_match_close_the_socket(server: Server) -> None:
    match_id = (await server.create())["match"]["id"]
    for url, code, close in (
        (server.ws_url(match_id, "forged-token"), "bad_token", 4403),
        (server.ws_url("nosuchmatch"), "not_found", 4404),
    ):
        ws = await websockets.connect(url)
        import json

        err = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        assert err["type"] == "error" and err["code"] == code
        with pytest.raises(websockets.ConnectionClosed) as info:
            await asyncio.wait_for(ws.recv(), WAIT)
        assert info.value.rcvd is not None and info.value.rcvd.code == close


async def test_reconnect_resumes(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    await a.act(4)
    await a.state(lambda m: m["moves"] == 1)
    await a.close()
    await b.state(lambda m: m["moves"] == 1)
    await b.act(0)
    await b.state(lambda m: m["moves"] == 2)
    back = await server.connect(match_id, a.token)
    assert back.last is not None
    assert back.last["seat"] == 0 and back.last["moves"] == 2
    assert [e["text"] for e in back.last["log"]] == ["seat 0: place 4", "seat 1: place 0"]
    assert back.last["legal"] and back.last["state_id"] == b.last["state_id"]  # type: ignore[index]
    await back.close()
    await b.close()


async def test_two_tabs_of_one_seat_race_exactly_one_applies(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    tab2 = await server.connect(match_id, a.token)
    sid = server.lobby.live[match_id].state_id
    await asyncio.gather(a.act(0, sid), tab2.act(8, sid))
    outcomes = []
    for tab in (a, tab2):
        while True:
            msg = await tab.receive()
            if msg["type"] == "error":
                outcomes.append(msg["code"])
                break
            if msg["type"] == "state" and msg["moves"] == 1:
                outcomes.append("applied")
                break
    assert sorted(outcomes) in (["applied", "stale_state"], ["applied", "applied"])
    final = await b.state(lambda m: m["moves"] >= 1)
    assert final["moves"] == 1 and stored_events(server, match_id) == 1
    assert final["view"]["board"].count("X") == 1
    for c in (a, b, tab2):
        await c.close()


async def test_race_at_the_match_lock(server: Server) -> None:
    """Many submissions for one state gathered at once: exactly one applies."""
    match_id, a, b = await server.two_humans()
    live = server.lobby.live[match_id]
    sid = live.state_id
    results = await asyncio.gather(
        *(live.submit(0, {"state_id": sid, "code": c}) for c in range(9)), return_exceptions=True
    )
    applied = [r for r in results if r is None]
    refused = [r for r in results if r is not None]
    assert len(applied) == 1 and len(live.match.history) == 1
    assert {getattr(r, "code", None) for r in refused} == {"stale_state"}
    await a.close()
    await b.close()


async def test_undo_within_own_turn(server: Server) -> None:
    a, b = await server.province_pair()
    state = a.last
    assert state is not None and state["legal"]
    moves = [e for e in state["legal"] if e["json"]["type"] == "move"]
    await a.act(moves[0]["code"])
    moved = await a.state(lambda m: m["moves"] == state["moves"] + 1)
    assert moved["can_undo"] is True
    assert b.last is not None
    await b.send({"type": "undo", "state_id": moved["state_id"]})
    assert (await b.error())["code"] in ("not_your_turn", "undo_refused")
    await a.send({"type": "undo", "state_id": state["state_id"]})
    assert (await a.error())["code"] == "stale_state"
    await a.send({"type": "undo", "state_id": moved["state_id"]})
    undone = await a.state(lambda m: m["moves"] == state["moves"])
    assert undone["view"] == state["view"] and undone["log"] == state["log"]
    assert undone["state_id"] not in (state["state_id"], moved["state_id"])
    assert undone["can_undo"] is False
    await a.send({"type": "undo", "state_id": undone["state_id"]})
    assert (await a.error())["code"] == "undo_refused"
    for c in (a, b):
        await c.close()


async def test_messages_go_to_every_connection_of_a_match(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    watchers: list[Client] = [await server.connect(match_id) for _ in range(3)]
    await a.act(4)
    for w in watchers:
        got = await w.state(lambda m: m["moves"] == 1)
        assert got["view"]["board"][4] == "X" and got["seat"] is None
    for c in (a, b, *watchers):
        await c.close()


async def test_a_move_the_database_refuses_is_never_shown(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    live = server.lobby.live[match_id]
    storage = server.lobby.storage
    real_append = storage.append_events

    async def refuse(*args: Any, **kwargs: Any) -> None:
        from meeple.server.storage import StorageError

        raise StorageError("disk full (simulated)")

    storage.append_events = refuse
    before = live.state_id
    await a.act(4)
    err = await a.error()
    assert err["code"] == "server_error" and err["state_id"] == before
    assert live.state_id == before and len(live.match.history) == 0
    assert live.match.state.view(None)["board"] == ["."] * 9
    storage.append_events = real_append
    await a.act(4, before)
    moved = await b.state(lambda m: m["moves"] == 1)
    assert moved["view"]["board"][4] == "X" and stored_events(server, match_id) == 1
    await a.close()
    await b.close()


async def test_simultaneous_turn_seats_act_on_the_same_state(
    server: Server, secretbids: Any
) -> None:
    """In a simultaneous turn other seats' actions do not make yours stale; your own do."""
    match_id, a, b = await server.two_humans(game="secretbids")
    live = server.lobby.live[match_id]
    sid = live.state_id
    assert a.last is not None and b.last is not None
    assert a.last["turn"] == {"kind": "simultaneous", "seats": [0, 1]}
    rolled = a.last["moves"]  # the prize roll came first
    tab2 = await server.connect(match_id, a.token)
    # seat 1 bids first; seat 0 then bids on the state id it saw before that bid
    await b.act(b.last["legal"][0]["code"], sid)
    await a.state(lambda m: m["moves"] == rolled + 1)
    await a.act(a.last["legal"][0]["code"], sid)  # type: ignore[index]
    both = await a.state(lambda m: m["moves"] == rolled + 3)  # and the next prize rolled
    assert len(both["view"]["revealed"]) == 1  # the round was revealed
    # seat 0's second tab, still on the first state: what seat 0 may do has changed
    await tab2.act(a.last["legal"][0]["code"], sid)  # type: ignore[index]
    assert (await tab2.error())["code"] == "stale_state"
    assert len(live.match.history) == rolled + 3
    for c in (a, b, tab2):
        await c.close()


async def raw_state(client: Client) -> dict[str, Any]:
    """The next state message exactly as sent (Client.receive merges deltas)."""
    while True:
        data = json.loads(await asyncio.wait_for(client.ws.recv(), WAIT))
        if data["type"] == "state":
            return data  # type: ignore[no-any-return]


async def test_state_messages_carry_only_what_the_connection_lacks(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    await a.state(lambda m: m["match"]["seats"][1]["connected"])  # presence settled
    assert a.last is not None
    await a.act(4)
    first = await raw_state(a)
    assert first["log_start"] == 0 and [e["index"] for e in first["log"]] == [0]
    assert "match" not in first  # the summary did not change: not resent
    await b.act(0, first["state_id"])
    second = await raw_state(a)
    assert second["log_start"] == 1 and [e["index"] for e in second["log"]] == [1]
    assert second["moves"] == 2 and "match" not in second
    # a new connection, and sync, get everything
    watcher = await server.connect(match_id)
    assert watcher.last is not None and [e["index"] for e in watcher.last["log"]] == [0, 1]
    await a.send({"type": "sync"})
    whole = await raw_state(a)
    assert whole["log_start"] == 0 and len(whole["log"]) == 2 and "match" in whole
    # a summary change (a seat leaves) is sent again, to every connection
    await b.close()
    left = await raw_state(a)
    assert left["match"]["seats"][1]["connected"] is False and left["log"] == []
    await a.close()
    await watcher.close()


async def test_an_undo_shortens_the_log_by_its_start(server: Server) -> None:
    _, first, second = await server.two_humans(game="province")
    clients = [first, second]
    a = next(c for c in clients if c.last and c.last["legal"])
    assert a.last is not None
    before = len(a.last["log"])
    move = next(e for e in a.last["legal"] if e["json"]["type"] == "move")
    await a.act(move["code"])
    moved = await raw_state(a)
    assert moved["log_start"] == before and len(moved["log"]) == 1
    await a.send({"type": "undo", "state_id": moved["state_id"]})
    undone = await raw_state(a)
    assert undone["log_start"] == before and undone["log"] == []
    for c in clients:
        await c.close()


async def test_nobody_hears_of_a_move_before_it_is_stored(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a move's write is in flight, a new connection, a sync and a presence
    change get no state message ahead of it; they get it once the write is done."""
    match_id, a, b = await server.two_humans()
    await a.state(lambda m: m["match"]["seats"][1]["connected"])
    for client in (a, b):  # read what is already on its way (presence)
        with contextlib.suppress(TimeoutError):
            while True:
                await asyncio.wait_for(client.receive(), 0.3)
    assert a.last is not None
    before = a.last["state_id"]
    storage = server.lobby.storage
    release = asyncio.Event()
    writing = asyncio.Event()
    real_append = storage.append_events

    async def slow_append(*args: Any, **kwargs: Any) -> None:
        writing.set()
        await release.wait()
        await real_append(*args, **kwargs)

    monkeypatch.setattr(storage, "append_events", slow_append)
    await a.act(4)
    await asyncio.wait_for(writing.wait(), WAIT)
    watcher_ws = await websockets.connect(server.ws_url(match_id))  # attaches mid-write
    await b.send({"type": "sync"})
    with pytest.raises(TimeoutError):  # nothing reaches anyone while the write is pending
        await asyncio.wait_for(watcher_ws.recv(), 0.3)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(b.ws.recv(), 0.1)
    release.set()
    watcher = Client(watcher_ws)
    for client in (a, b, watcher):
        state = await client.state()
        assert state["state_id"] != before and state["view"]["board"][4] == "X"
    assert watcher.last is not None and [e["index"] for e in watcher.last["log"]] == [0]
    for client in (a, b, watcher):
        await client.close()
