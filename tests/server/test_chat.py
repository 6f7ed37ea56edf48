"""Chat in every match (issue 41, item 5): seats and logged-in spectators write over the
match socket, messages are stored with the match before anyone hears them and paged back
over REST; length and rate limits; a seat-only channel; mutes kept per account; reports
and an operator's mute; bots and anonymous spectators do not write; a refused message
changes nothing, in memory or in the database. All of it fails on main (no chat)."""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
import time
import types
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from meeple.cli import main
from meeple.server.chat import LIMITS, ChatLimits, guest_key, writer_of
from meeple.server.protocol import ApiError
from meeple.server.walltime import FakeWall
from tests.server.conftest import WAIT, Client, Server, running_server
from tests.server.test_postgres import postgres_url  # noqa: F401  (a throwaway PostgreSQL)

pytestmark = pytest.mark.asyncio

PASSWORD = "correct horse battery"


def _client(server: Server) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=server.url, timeout=WAIT)


def _csrf(http: httpx.AsyncClient) -> dict[str, str]:
    return {"x-csrf-token": http.cookies["meeple_csrf"]}


async def _register(http: httpx.AsyncClient, name: str) -> None:
    r = await http.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text


async def _socket(
    server: Server,
    match_id: str,
    token: str | None = None,
    http: httpx.AsyncClient | None = None,
    origin: str | None = None,
) -> Client:
    headers = []
    if http is not None:
        headers.append(("Cookie", f"meeple_session={http.cookies['meeple_session']}"))
    if origin is not None:
        headers.append(("Origin", origin))
    ws = await asyncio.wait_for(
        websockets.connect(server.ws_url(match_id, token), additional_headers=headers), WAIT
    )
    client = Client(ws)
    await client.state()
    return client


async def _say(client: Client, text: Any, ref: str = "c1") -> dict[str, Any]:
    """Send a chat message; the answer to it (its stored copy, or the refusal)."""
    await client.send({"type": "chat", "text": text, "ref": ref})
    while True:
        msg = await client.receive()
        if msg.get("ref") == ref:
            return msg


async def _heard(client: Client) -> dict[str, Any]:
    """The next chat message this client hears (state messages skipped)."""
    while True:
        msg = await client.receive()
        if msg["type"] == "chat":
            return msg
        assert msg["type"] == "state", msg


async def _nothing_heard(client: Client, wait: float = 0.3) -> None:
    try:
        while True:
            msg = json.loads(await asyncio.wait_for(client.ws.recv(), wait))
            assert msg["type"] != "chat", f"heard {msg}"
    except TimeoutError:
        pass


async def _guest_ann_and_account_bob(
    server: Server, bob_http: httpx.AsyncClient
) -> tuple[dict[str, Any], str]:
    """A match of Ann (a guest, seat 0) and Bob (an account, seat 1): (its creation's
    answer, Bob's seat token)."""
    await _register(bob_http, "Bob")
    created = await server.create(seats=["human", "human"], join=0, name="Ann")
    url = f"/api/matches/{created['match']['id']}/join"
    r = await bob_http.post(url, json={}, headers=_csrf(bob_http))
    assert r.status_code == 200, r.text
    return created, str(r.json()["token"])


async def _admin(argv: list[str]) -> int:
    """``meeple admin ...`` as the operator runs it (its own event loop, in a thread)."""
    return int(await asyncio.to_thread(main, argv))


def _rows(server: Server) -> list[tuple[Any, ...]]:
    with sqlite3.connect(server.database) as db:
        return db.execute(
            "SELECT match_id, idx, seat, account_id, name, text FROM chat_messages ORDER BY idx"
        ).fetchall()


async def test_seats_write_and_everyone_hears_it_stored_first(server: Server) -> None:
    match_id, ann, bob = await server.two_humans()
    watcher = await _socket(server, match_id)
    await ann.act(4)  # one move: the message says it was written after it
    await bob.state(lambda m: m["moves"] == 1)
    mine = await _say(ann, "  good luck <b>Bob</b> & co  ")
    assert mine["type"] == "chat" and mine["message"]["mine"] is True
    message = mine["message"]
    assert message["text"] == "good luck <b>Bob</b> & co"  # trimmed, kept as text
    assert (message["idx"], message["seat"], message["name"], message["move"]) == (
        0,
        0,
        "Ann",
        1,
    )
    for other in (bob, watcher):
        heard = await _heard(other)
        assert heard["message"] == {k: v for k, v in message.items() if k != "mine"}
    assert _rows(server) == [(match_id, 0, 0, None, "Ann", "good luck <b>Bob</b> & co")]
    page = (await server.http.get(f"/api/matches/{match_id}/chat")).json()
    assert page == {"messages": [page["messages"][0]], "more": False}
    assert page["messages"][0]["text"] == "good luck <b>Bob</b> & co"


async def test_an_anonymous_spectator_reads_but_does_not_write(server: Server) -> None:
    match_id, ann, _ = await server.two_humans()
    watcher = await _socket(server, match_id)
    refused = await _say(watcher, "hello")
    assert refused["type"] == "error" and refused["code"] == "chat_refused"
    assert _rows(server) == []
    await _say(ann, "hi")
    assert (await _heard(watcher))["message"]["text"] == "hi"


@pytest.mark.parametrize(
    "text",
    [
        None,
        42,
        "",
        "   ",
        "x" * (LIMITS.max_text + 1),
        "line\nbreak",
        "bell\x07",
        "evil\u202etxt",
        "zero\u200bwidth",
        ["list"],
    ],
)
async def test_bad_messages_change_nothing(server: Server, text: Any) -> None:
    _match_id, ann, bob = await server.two_humans()
    refused = await _say(ann, text)
    assert refused["type"] == "error" and refused["code"] == "bad_message", refused
    await _nothing_heard(bob)
    assert _rows(server) == []
    ok = await _say(ann, "x" * LIMITS.max_text)  # the longest allowed
    assert ok["message"]["idx"] == 0  # the refusal took no number either


async def test_a_seat_only_channel_refuses_spectators(server: Server) -> None:
    async with _client(server) as cat:
        await _register(cat, "Cat")
        created = await server.create(seats=["human", "human"], join=0, name="Ann", chat="seats")
        assert created["match"]["chat"] == "seats"
        match_id = created["match"]["id"]
        bob = await server.join(match_id, name="Bob")
        watcher = await _socket(server, match_id, http=cat)
        refused = await _say(watcher, "hi from the stands")
        assert refused["code"] == "chat_refused" and "seats only" in refused["message"]
        seat = await _socket(server, match_id, bob["token"])
        assert (await _say(seat, "hi"))["type"] == "chat"
        assert (await _heard(watcher))["message"]["text"] == "hi"  # spectators still read
        assert (await server.http.get(f"/api/matches/{match_id}")).json()["match"][
            "chat"
        ] == "seats"
        r = await server.http.post("/api/matches", json={"game": "tictactoe", "chat": "nobody"})
        assert r.status_code == 400


async def test_a_logged_in_spectator_writes_under_its_name(server: Server) -> None:
    async with _client(server) as cat:
        await _register(cat, "Cat")
        match_id, ann, _ = await server.two_humans()
        watcher = await _socket(server, match_id, http=cat)
        said = await _say(watcher, "nice move")
        assert said["message"]["seat"] is None and said["message"]["name"] == "Cat"
        assert (await _heard(ann))["message"]["name"] == "Cat"
        # the same browser's cookie from another site's page: no account, so no voice
        elsewhere = await _socket(server, match_id, http=cat, origin="https://evil.example")
        assert (await _say(elsewhere, "forged"))["code"] == "chat_refused"
        assert [r[5] for r in _rows(server)] == ["nice move"]


async def test_rate_limits_per_writer_and_per_match(server: Server) -> None:
    _match_id, ann, bob = await server.two_humans()
    for i in range(LIMITS.burst):
        assert (await _say(ann, f"m{i}", ref=f"r{i}"))["type"] == "chat"
    refused = await _say(ann, "one too many", ref="over")
    assert refused["code"] == "rate_limited" and 1 <= refused["retry_after"] <= 11
    assert (await _say(bob, "bob may still"))["type"] == "chat"  # a limit per writer
    assert len(_rows(server)) == LIMITS.burst + 1
    server.app.state.chat.limits = ChatLimits(burst=100, match_per_minute=LIMITS.burst + 3)
    assert (await _say(ann, "again", ref="a1"))["type"] == "chat"
    assert (await _say(bob, "more", ref="b1"))["type"] == "chat"
    full = await _say(bob, "the match is busy", ref="b2")
    assert full["code"] == "rate_limited" and "a minute" in full["message"]
    server.app.state.chat.limits = ChatLimits(burst=100, hourly=2)
    assert (await _say(bob, "hourly", ref="b3"))["code"] == "rate_limited"
    server.app.state.chat.limits = ChatLimits(burst=100, match_total=LIMITS.burst + 3)
    assert "full" in (await _say(bob, "no room", ref="b4"))["message"]
    assert len(_rows(server)) == LIMITS.burst + 3


async def test_an_accounts_limit_holds_across_its_matches(server: Server) -> None:
    async with _client(server) as cat:
        await _register(cat, "Cat")
        first, _, _ = await server.two_humans()
        second, _, _ = await server.two_humans()
        a = await _socket(server, first, http=cat)
        b = await _socket(server, second, http=cat)
        for i in range(LIMITS.burst):
            assert (await _say(a if i % 2 else b, f"m{i}", ref=f"r{i}"))["type"] == "chat"
        assert (await _say(a, "over", ref="x"))["code"] == "rate_limited"


async def test_history_is_paged_and_bounded(server: Server) -> None:
    match_id, ann, bob = await server.two_humans()
    server.app.state.chat.limits = ChatLimits(burst=100)
    for i in range(12):
        await _say(ann if i % 2 else bob, f"m{i}", ref=f"r{i}")
    get = server.http.get
    page = (await get(f"/api/matches/{match_id}/chat", params={"limit": 5})).json()
    assert [m["text"] for m in page["messages"]] == [f"m{i}" for i in range(7, 12)]
    assert page["more"] is True
    older = (await get(f"/api/matches/{match_id}/chat", params={"limit": 5, "before": 7})).json()
    assert [m["idx"] for m in older["messages"]] == [2, 3, 4, 5, 6] and older["more"]
    newer = (await get(f"/api/matches/{match_id}/chat", params={"after": 9})).json()
    assert [m["idx"] for m in newer["messages"]] == [10, 11] and not newer["more"]
    huge = (await get(f"/api/matches/{match_id}/chat", params={"limit": 10**6})).json()
    assert len(huge["messages"]) == 12  # capped at page_max (100), here all of them
    for bad in ({"limit": "x"}, {"before": 1, "after": 2}, {"after": 10**20}):
        r = await get(f"/api/matches/{match_id}/chat", params=bad)
        assert r.status_code == 400, bad
    assert (await get("/api/matches/nope/chat")).status_code == 404


async def test_a_player_mutes_another_kept_per_account(server: Server) -> None:
    async with _client(server) as ann_http, _client(server) as bob_http:
        await _register(ann_http, "Ann")
        await _register(bob_http, "Bob")
        r = await ann_http.post(
            "/api/matches",
            json={"game": "tictactoe", "seats": ["human", "human"], "join": 0},
            headers=_csrf(ann_http),
        )
        match_id = r.json()["match"]["id"]
        r = await bob_http.post(f"/api/matches/{match_id}/join", json={}, headers=_csrf(bob_http))
        assert r.status_code == 200
        ann = await _socket(server, match_id, http=ann_http)
        bob = await _socket(server, match_id, http=bob_http)
        watcher = await _socket(server, match_id)
        first = (await _say(bob, "rude words"))["message"]
        assert (await _heard(ann))["message"]["text"] == "rude words"  # before the mute

        url = f"/api/matches/{match_id}/chat/{first['idx']}/mute"
        assert (await ann_http.post(url)).json()["error"]["code"] == "bad_csrf"  # no token
        assert (await server.http.post(url)).status_code == 401  # not logged in
        assert (await bob_http.post(url, headers=_csrf(bob_http))).status_code == 400  # self
        r = await ann_http.post(url, headers=_csrf(ann_http))
        assert r.status_code == 200 and r.json()["muted"]["name"] == "Bob"
        target = r.json()["muted"]["target"]

        await _say(bob, "more rude words", ref="c2")
        assert (await _heard(watcher))["message"]["text"] == "rude words"
        assert (await _heard(watcher))["message"]["text"] == "more rude words"
        await _nothing_heard(ann)
        history = (await ann_http.get(f"/api/matches/{match_id}/chat")).json()["messages"]
        assert history == []
        assert len((await server.http.get(f"/api/matches/{match_id}/chat")).json()["messages"]) == 2

        # kept with the account: another browser of Ann's sees the same
        async with _client(server) as phone:
            r = await phone.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
            mutes = (await phone.get("/api/account/mutes")).json()["mutes"]
            assert [(m["target"], m["name"]) for m in mutes] == [(target, "Bob")]
            assert (await phone.get(f"/api/matches/{match_id}/chat")).json()["messages"] == []
            r = await phone.post(
                "/api/account/mutes/unmute", json={"target": target}, headers=_csrf(phone)
            )
            assert r.status_code == 200 and r.json()["mutes"] == []
        assert len((await ann_http.get(f"/api/matches/{match_id}/chat")).json()["messages"]) == 2


async def test_reports_are_stored_and_listed_for_the_operator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "meeple.sqlite3"
    async with running_server(db) as server, _client(server) as bob_http:
        created, _ = await _guest_ann_and_account_bob(server, bob_http)
        match_id = created["match"]["id"]
        bob = await _socket(server, match_id, http=bob_http)
        said = (await _say(bob, "you <script>alert(1)</script> lose"))["message"]
        url = f"/api/matches/{match_id}/chat/{said['idx']}/report"
        assert (await server.http.post(url, json={})).status_code == 401  # nobody
        bad = await server.http.post(url, json={"token": "not a seat"})
        assert bad.status_code == 403
        r = await server.http.post(url, json={"token": created["token"], "reason": "insults"})
        assert r.status_code == 201
        report_id = r.json()["report"]["id"]
        again = await server.http.post(url, json={"token": created["token"]})
        assert again.json()["report"]["id"] == report_id  # one report per reporter and message
        own = await bob_http.post(url, json={}, headers=_csrf(bob_http))
        assert own.status_code == 400
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT COUNT(*) FROM chat_reports").fetchone()[0] == 1

    capsys.readouterr()
    assert await _admin(["admin", "--database", str(db), "reports", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["account"], r["text"], r["reason"]) for r in listed] == [
        (report_id, "Bob", "you <script>alert(1)</script> lose", "insults")
    ]
    assert listed[0]["reporter"] == guest_key(match_id, 0)
    assert await _admin(["admin", "--database", str(db), "reports"]) == 0
    table = capsys.readouterr().out
    assert "Bob" in table and "insults" in table and f"#{report_id}" in table

    # the operator mutes Bob from the chat: his next message is refused
    assert await _admin(["admin", "--database", str(db), "mute", "bob"]) == 0
    assert await _admin(["admin", "--database", str(db), "mute", "nobody"]) == 1
    assert await _admin(["admin", "--database", str(db), "close", str(report_id)]) == 0
    capsys.readouterr()
    assert await _admin(["admin", "--database", str(db), "reports", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert await _admin(["admin", "--database", str(db), "reports", "--all", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["account_muted"] is True

    async with running_server(db) as server:
        r = await server.http.post("/api/account/login", json={"name": "Bob", "password": PASSWORD})
        bob = await _socket(server, match_id, http=server.http)
        refused = await _say(bob, "let me talk")
        assert refused["code"] == "chat_refused" and "operator" in refused["message"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM chat_messages").fetchone()[0] == 1
    assert await _admin(["admin", "--database", str(db), "unmute", "Bob"]) == 0
    async with running_server(db) as server:
        await server.http.post("/api/account/login", json={"name": "Bob", "password": PASSWORD})
        bob = await _socket(server, match_id, http=server.http)
        assert (await _say(bob, "sorry"))["type"] == "chat"
        # kept across the restarts, in order
        page = (await server.http.get(f"/api/matches/{match_id}/chat")).json()
        assert [m["text"] for m in page["messages"]] == [said["text"], "sorry"]


async def test_a_disabled_account_writes_nothing_even_with_its_seat_token(
    tmp_path: Path,
) -> None:
    db = tmp_path / "meeple.sqlite3"
    async with running_server(db) as server, _client(server) as bob_http:
        created, token = await _guest_ann_and_account_bob(server, bob_http)
        match_id = created["match"]["id"]
        assert await _admin(["admin", "--database", str(db), "disable", "Bob"]) == 0
        bob = await _socket(server, match_id, token)
        assert (await _say(bob, "still here"))["code"] == "chat_refused"
        assert _rows(server) == []


async def test_a_seat_that_left_or_went_to_a_bot_writes_nothing(server: Server) -> None:
    match_id, _ann, bob = await server.two_humans()
    r = await server.http.post(
        f"/api/matches/{match_id}/leave", json={"token": bob.token, "bot": "random"}
    )
    assert r.status_code == 200
    refused = await _say(bob, "I am a bot now")
    assert refused["code"] == "chat_refused"
    # and a bot seat, even one whose old token were still held, has no voice
    seats = [
        types.SimpleNamespace(kind="bot", token="digest", account=None, name="random"),
        types.SimpleNamespace(kind="human", token="digest", account=None, name="Ann"),
    ]
    live: Any = types.SimpleNamespace(
        id=match_id, seats=seats, info=types.SimpleNamespace(chat="all")
    )
    with pytest.raises(ApiError) as refused_bot:
        writer_of(live, 0, None)
    assert refused_bot.value.code == "chat_refused"
    assert writer_of(live, 1, None).author == guest_key(match_id, 1)
    assert _rows(server) == []


async def test_a_deleted_account_leaves_its_messages_under_a_neutral_name(
    server: Server,
) -> None:
    async with _client(server) as cat:
        await _register(cat, "Cat")
        match_id, _ann, _ = await server.two_humans()
        watcher = await _socket(server, match_id, http=cat)
        await _say(watcher, "bye all")
        r = await cat.post("/api/account/delete", json={"password": PASSWORD}, headers=_csrf(cat))
        assert r.status_code == 200
        assert [(r[3], r[4]) for r in _rows(server)] == [(None, "Spectator")]


async def test_the_chat_on_postgresql(postgres_url: str) -> None:  # noqa: F811
    """Every statement of the chat on PostgreSQL: writing and its limits, the history,
    a mute, a report and the operator's list, a deleted account's messages."""
    tag = secrets.token_hex(3)
    async with running_server(postgres_url) as server, _client(server) as cat:
        await _register(cat, f"Cat{tag}")
        match_id, ann, bob = await server.two_humans()
        watcher = await _socket(server, match_id, http=cat)
        for i in range(LIMITS.burst):
            assert (await _say(ann, f"m{i}", ref=f"r{i}"))["type"] == "chat"
        assert (await _say(ann, "over", ref="o"))["code"] == "rate_limited"
        said = (await _say(watcher, "hello <b>all</b>", ref="w"))["message"]
        assert said["seat"] is None and said["name"] == f"Cat{tag}"
        r = await cat.post(f"/api/matches/{match_id}/chat/0/mute", headers=_csrf(cat))
        assert r.status_code == 200
        page = (await cat.get(f"/api/matches/{match_id}/chat", params={"limit": 3})).json()
        assert [m["text"] for m in page["messages"]] == ["hello <b>all</b>"]
        assert page["messages"][0]["mine"] is True
        older = await server.http.get(f"/api/matches/{match_id}/chat", params={"before": 3})
        assert [m["idx"] for m in older.json()["messages"]] == [0, 1, 2]
        r = await server.http.post(
            f"/api/matches/{match_id}/chat/{said['idx']}/report",
            json={"token": bob.token, "reason": "shouting"},
        )
        assert r.status_code == 201
        reports = await server.app.state.chat.reports()
        assert any(x["account"] == f"Cat{tag}" and x["reason"] == "shouting" for x in reports)
        r = await cat.post("/api/account/delete", json={"password": PASSWORD}, headers=_csrf(cat))
        assert r.status_code == 200
        page = (await server.http.get(f"/api/matches/{match_id}/chat")).json()
        assert page["messages"][-1]["name"] == "Spectator"


async def test_bad_requests_to_the_chat_endpoints_change_nothing(server: Server) -> None:
    async with _client(server) as cat:
        await _register(cat, "Cat")
        match_id, ann, bob = await server.two_humans()
        said = (await _say(ann, "hello"))["message"]
        base = f"/api/matches/{match_id}/chat"
        csrf = _csrf(cat)
        for path in (f"{base}/x/mute", f"{base}/-1/mute", f"{base}/99999999999/mute"):
            r = await cat.post(path, headers=csrf)
            assert r.status_code in (400, 404), (path, r.text)
        assert (await cat.post(f"{base}/7/mute", headers=csrf)).status_code == 404
        assert (await cat.post("/api/matches/nope/chat/0/mute", headers=csrf)).status_code == 404
        report = f"{base}/{said['idx']}/report"
        for body in (
            [1, 2],
            {"reason": 5},
            {"reason": "x" * 301},
            {"reason": "bell\x07"},
            {"token": 7},
            {"token": "x" * 500},
        ):
            r = await server.http.post(report, json=body)
            assert r.status_code in (400, 401, 403), (body, r.text)
        r = await cat.post(report, json={"reason": "ok"})  # the session without its token
        assert r.json()["error"]["code"] == "bad_csrf"
        r = await cat.post(
            report, json={}, headers={**csrf, "origin": "https://evil.example"}
        )  # another site
        assert r.json()["error"]["code"] == "bad_csrf"
        for body in ({}, {"target": 5}, {"target": "nobody"}, {"target": "x" * 300}):
            r = await cat.post("/api/account/mutes/unmute", json=body, headers=csrf)
            assert r.status_code in (400, 404), (body, r.text)
        with sqlite3.connect(server.database) as db:
            counts = [
                db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in ("chat_messages", "chat_mutes", "chat_reports", "chat_bans")
            ]
        assert counts == [1, 0, 0, 0]
        assert (await _say(bob, "still fine"))["message"]["idx"] == 1


async def test_the_chat_reads_the_servers_wall_clock(tmp_path: Path) -> None:
    """Messages are stamped, and limits counted, on the wall clock turn-based clocks read,
    so a test that moves it days forward sees a chat that agrees (issue 41, item 7)."""
    wall = FakeWall()
    async with running_server(tmp_path / "meeple.sqlite3", wall=wall) as server:
        _, ann, _ = await server.two_humans()
        for i in range(LIMITS.burst):
            assert (await _say(ann, f"m{i}", ref=f"r{i}"))["type"] == "chat"
        assert (await _say(ann, "over", ref="o"))["code"] == "rate_limited"
        wall.advance(3 * 86400.0)  # three days later
        later = await _say(ann, "three days on", ref="d3")
        assert later["type"] == "chat"
        assert later["message"]["at"] > time.time() + 3 * 86400.0 - 60
