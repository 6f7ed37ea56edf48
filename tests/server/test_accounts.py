"""Accounts (issue 40, item 1, and item 7's attacks on it): register, log in and out,
change the password, delete; argon2id hashes and hashed sessions at rest; the same
refusal for a wrong name and a wrong password; throttled failures; CSRF and another
site's requests refused; names that hide invisible characters refused."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from meeple.server.accounts import FAILURES_PER_ACCOUNT, SESSION_DAYS
from tests.server.conftest import Server, running_server

pytestmark = pytest.mark.asyncio

PASSWORD = "correct horse battery"


def _client(server: Server) -> httpx.AsyncClient:
    """A browser of its own (its own cookie jar)."""
    return httpx.AsyncClient(base_url=server.url, timeout=10)


async def _register(
    http: httpx.AsyncClient, name: str = "Ann", password: str = PASSWORD
) -> dict[str, Any]:
    r = await http.post("/api/account/register", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _csrf(http: httpx.AsyncClient) -> dict[str, str]:
    return {"x-csrf-token": http.cookies["meeple_csrf"]}


async def test_register_sets_an_httponly_session_and_keeps_only_hashes(server: Server) -> None:
    async with _client(server) as http:
        r = await http.post("/api/account/register", json={"name": "Ann", "password": PASSWORD})
        assert r.status_code == 201
        cookies = r.headers.get_list("set-cookie")
        session = next(c for c in cookies if c.startswith("meeple_session="))
        assert "HttpOnly" in session and "SameSite=lax" in session and "Path=/" in session
        token = http.cookies["meeple_session"]
        assert token not in r.text and PASSWORD not in r.text  # the token only in the cookie
        me = await http.get("/api/account")
        assert me.json()["account"]["name"] == "Ann"
    with sqlite3.connect(server.database) as db:
        stored = db.execute("SELECT password FROM accounts").fetchone()[0]
        sessions = [row[0] for row in db.execute("SELECT token_hash FROM sessions")]
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert token not in sessions and len(sessions) == 1
    assert token.encode() not in Path(server.database).read_bytes()


@pytest.mark.parametrize(
    "twin",
    ["ann", "ANN", "Ａｎｎ", " Ann "],  # case, full-width (NFKC), spaces trimmed
)
async def test_no_two_accounts_share_a_name_after_folding(server: Server, twin: str) -> None:
    async with _client(server) as a, _client(server) as b:
        await _register(a, "Ann")
        r = await b.post("/api/account/register", json={"name": twin, "password": PASSWORD})
        assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"


@pytest.mark.parametrize(
    "name",
    ["A\u200bnn", "\ufeffAnn", "An\u00adn", "Ann\U000e0041", "\u3164", "Ann\u202e", "A\u2060nn"],
)
async def test_names_hiding_invisible_characters_are_refused_for_accounts_and_seats(
    server: Server, name: str
) -> None:
    async with _client(server) as http:
        r = await http.post("/api/account/register", json={"name": name, "password": PASSWORD})
        assert r.status_code == 400, r.text
        assert "U+" in r.json()["error"]["message"]
    r = await server.http.post(
        "/api/matches",
        json={"game": "tictactoe", "seats": ["human", "random"], "join": 0, "name": name},
    )
    assert r.status_code == 400, r.text


async def test_a_wrong_name_and_a_wrong_password_get_the_same_answer(server: Server) -> None:
    async with _client(server) as http:
        await _register(http, "Ann")
    async with _client(server) as http:
        wrong_password = await http.post(
            "/api/account/login", json={"name": "Ann", "password": "x" * 9}
        )
        unknown = await http.post(
            "/api/account/login", json={"name": "Nobody", "password": "x" * 9}
        )
        assert wrong_password.status_code == unknown.status_code == 401
        assert wrong_password.json() == unknown.json()
        assert "meeple_session" not in http.cookies


async def test_failed_logins_are_throttled_per_account(server: Server) -> None:
    async with _client(server) as http:
        await _register(http, "Ann")
    async with _client(server) as http:
        for _ in range(FAILURES_PER_ACCOUNT):
            r = await http.post(
                "/api/account/login", json={"name": "Ann", "password": "wrong pass"}
            )
            assert r.status_code == 401
        r = await http.post("/api/account/login", json={"name": "ann", "password": PASSWORD})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
        assert "meeple_session" not in http.cookies  # even the right password waits


async def test_x_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    """Throttling by address: a client that is not a trusted proxy cannot spread its
    failures over made-up addresses in X-Forwarded-For."""
    async with running_server(tmp_path / "db.sqlite3", forwarded_allow_ips="10.9.9.9") as srv:
        accounts = srv.app.state.accounts
        async with _client(srv) as http:
            for k in range(40):
                await http.post(
                    "/api/account/login",
                    json={"name": f"someone{k}", "password": "wrong pass"},
                    headers={"x-forwarded-for": f"203.0.113.{k}"},
                )
        assert accounts is not None
        with sqlite3.connect(srv.database) as db:
            keys = {
                row[0]
                for row in db.execute("SELECT key FROM login_failures WHERE key LIKE 'address:%'")
            }
        assert keys == {"address:127.0.0.1"}, keys


async def test_login_renews_the_session_and_logout_revokes_it(server: Server) -> None:
    async with _client(server) as http:
        await _register(http)
        first = http.cookies["meeple_session"]
        r = await http.post(
            "/api/account/login", json={"name": "Ann", "password": PASSWORD}, headers=_csrf(http)
        )
        assert r.status_code == 200
        second = http.cookies["meeple_session"]
        assert second != first  # a new token at every login: none fixed in advance
        async with _client(server) as thief:
            thief.cookies.set("meeple_session", first)
            assert (await thief.get("/api/account")).status_code == 401  # the old one is revoked
        assert (await http.post("/api/account/logout", headers=_csrf(http))).status_code == 200
        async with _client(server) as thief:
            thief.cookies.set("meeple_session", second)
            assert (await thief.get("/api/account")).status_code == 401


async def test_a_forged_or_expired_session_is_refused(server: Server) -> None:
    async with _client(server) as http:
        http.cookies.set("meeple_session", "forged-token-" + "x" * 30)
        assert (await http.get("/api/account")).status_code == 401
    async with _client(server) as http:
        await _register(http)
        accounts = server.app.state.accounts
        accounts.clock = lambda: time.time() + SESSION_DAYS * 86400 + 1
        assert (await http.get("/api/account")).status_code == 401


async def test_state_changes_need_the_csrf_token_and_our_own_origin(server: Server) -> None:
    async with _client(server) as http:
        await _register(http)
        body = {"password": PASSWORD, "new_password": "another good one"}
        r = await http.post("/api/account/password", json=body)
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_csrf"
        r = await http.post("/api/account/password", json=body, headers={"x-csrf-token": "0" * 32})
        assert r.status_code == 403
        # with a session, even a match created by this browser needs the token
        r = await http.post(
            "/api/matches", json={"game": "tictactoe", "seats": ["human", "random"]}
        )
        assert r.status_code == 403
        other = {**_csrf(http), "origin": "https://evil.example"}
        r = await http.post("/api/account/password", json=body, headers=other)
        assert r.status_code == 403
        r = await http.post("/api/account/password", json=body, headers=_csrf(http))
        assert r.status_code == 200
    async with _client(server) as http:  # another site cannot log a browser in
        r = await http.post(
            "/api/account/login",
            json={"name": "Ann", "password": "another good one"},
            headers={"origin": "https://evil.example"},
        )
        assert r.status_code == 403


async def test_a_password_change_revokes_every_session_and_the_old_password(server: Server) -> None:
    async with _client(server) as a, _client(server) as b:
        await _register(a)
        r = await b.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
        assert r.status_code == 200
        r = await a.post(
            "/api/account/password",
            json={"password": PASSWORD, "new_password": "a new passphrase"},
            headers=_csrf(a),
        )
        assert r.status_code == 200
        assert (await a.get("/api/account")).status_code == 200  # its new session
        assert (await b.get("/api/account")).status_code == 401  # the other browser's is gone
    async with _client(server) as c:
        r = await c.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
        assert r.status_code == 401
        r = await c.post("/api/account/login", json={"name": "Ann", "password": "a new passphrase"})
        assert r.status_code == 200


async def test_deleting_an_account_needs_its_password_and_frees_the_name(server: Server) -> None:
    async with _client(server) as http:
        await _register(http)
        r = await http.post(
            "/api/account/delete", json={"password": "wrong one!"}, headers=_csrf(http)
        )
        assert r.status_code == 401
        r = await http.post("/api/account/delete", json={"password": PASSWORD}, headers=_csrf(http))
        assert r.status_code == 200 and "meeple_session" not in http.cookies
    async with _client(server) as http:
        r = await http.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
        assert r.status_code == 401
        await _register(http, "Ann", "someone else's pass")


async def test_no_password_or_session_token_reaches_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A server logging everything (debug level, access log on) through a register, a
    failed login and a logout: no log line of the server holds the password, the
    session token or its CSRF token."""
    caplog.set_level(logging.DEBUG)
    # uvicorn's loggers do not propagate to the root: listen on them directly
    watched = [
        logging.getLogger(n) for n in ("uvicorn", "uvicorn.access", "uvicorn.error", "meeple")
    ]
    async with running_server(tmp_path / "db.sqlite3", log_level="debug") as srv:
        for logger in watched:  # after uvicorn configured its logging
            logger.addHandler(caplog.handler)
        async with _client(srv) as http:
            await _register(http)
            token, csrf = http.cookies["meeple_session"], http.cookies["meeple_csrf"]
            await http.post("/api/account/login", json={"name": "Ann", "password": "wrong pass"})
            await http.post("/api/account/logout", headers=_csrf(http))
    for logger in watched:
        logger.removeHandler(caplog.handler)
    # the server's loggers (the test's own HTTP client logs what it sends: not the server)
    server_lines = [
        r.getMessage() for r in caplog.records if r.name.startswith(("uvicorn", "meeple"))
    ]
    assert any("/api/account/login" in line for line in server_lines)  # it did log requests
    text = "\n".join(server_lines)
    for secret in (PASSWORD, "wrong pass", token, csrf):
        assert secret not in text


@pytest.mark.parametrize("password", ["short", "x" * 257, 12345678])
async def test_a_password_out_of_bounds_is_refused(server: Server, password: Any) -> None:
    async with _client(server) as http:
        r = await http.post("/api/account/register", json={"name": "Ann", "password": password})
        assert r.status_code == 400


# -- a seat that follows its player (issue 40, item 2) ---------------------------------------


async def _socket(
    server: Server, match_id: str, cookie: str | None, origin: str | None = None
) -> Any:
    """A match socket opened by a browser whose only credential is its session cookie."""
    headers = []
    if cookie is not None:
        headers.append(("Cookie", f"meeple_session={cookie}"))
    if origin is not None:
        headers.append(("Origin", origin))
    ws = await websockets.connect(server.ws_url(match_id), additional_headers=headers)
    first = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return ws, first


async def test_a_seat_taken_logged_in_is_back_from_another_browser(server: Server) -> None:
    async with _client(server) as home, _client(server) as phone:
        await _register(home, "Ann")
        r = await home.post(
            "/api/matches",
            json={"game": "tictactoe", "seats": ["human", "human"], "join": 0, "name": "ignored"},
            headers=_csrf(home),
        )
        assert r.status_code == 201
        match_id = r.json()["match"]["id"]
        assert r.json()["match"]["seats"][0]["name"] == "Ann"  # the account's name
        # another browser: logged in, no seat token
        r = await phone.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
        assert r.status_code == 200
        ws, first = await _socket(server, match_id, phone.cookies["meeple_session"])
        try:
            assert first["type"] == "state" and first["seat"] == 0
        finally:
            await ws.close()
        mine = (await phone.get("/api/account/matches")).json()["matches"]
        assert [(m["match"]["id"], m["seat"]) for m in mine] == [(match_id, 0)]


async def test_another_account_or_another_site_gets_no_seat(server: Server) -> None:
    async with _client(server) as ann, _client(server) as bob:
        await _register(ann, "Ann")
        await _register(bob, "Bob")
        r = await ann.post(
            "/api/matches",
            json={"game": "tictactoe", "seats": ["human", "human"], "join": 0},
            headers=_csrf(ann),
        )
        match_id = r.json()["match"]["id"]
        ws, first = await _socket(server, match_id, bob.cookies["meeple_session"])
        try:
            assert first["seat"] is None  # a spectator: Bob holds no seat here
            move = {"type": "action", "code": 4, "ref": "x", "state_id": first["state_id"]}
            await ws.send(json.dumps(move))
            refused = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert refused["type"] == "error" and refused["code"] == "not_your_seat"
        finally:
            await ws.close()
        ws, first = await _socket(
            server, match_id, ann.cookies["meeple_session"], origin="https://evil.example"
        )
        try:
            assert first["seat"] is None  # Ann's cookie, opened by another site: no seat
        finally:
            await ws.close()


async def test_my_matches_put_my_turn_first_and_a_guest_seat_can_be_claimed(
    server: Server,
) -> None:
    async with _client(server) as ann:
        await _register(ann, "Ann")
        # a guest seat (no session then), claimed once logged in
        async with _client(server) as guest:
            r = await guest.post(
                "/api/matches", json={"game": "tictactoe", "seats": ["human", "random"], "join": 0}
            )
            guest_match, token = r.json()["match"]["id"], r.json()["token"]
        r = await ann.post(f"/api/matches/{guest_match}/claim", json={"token": token})
        assert r.status_code == 403  # the CSRF token is needed with a session
        r = await ann.post(
            f"/api/matches/{guest_match}/claim", json={"token": token}, headers=_csrf(ann)
        )
        assert r.status_code == 200 and r.json()["seat"] == 0
        # a match where Ann waits for a second human (not her turn: seat 1 has not joined,
        # and tic-tac-toe's first move is seat 0's, so make Ann seat 1)
        r = await ann.post(
            "/api/matches",
            json={"game": "tictactoe", "seats": ["human", "human"], "join": 1},
            headers=_csrf(ann),
        )
        waiting = r.json()["match"]["id"]
        mine = (await ann.get("/api/account/matches")).json()["matches"]
        assert [m["match"]["id"] for m in mine] == [guest_match, waiting]
        assert mine[0]["my_turn"] and not mine[1]["my_turn"]
        async with _client(server) as stranger:
            assert (await stranger.get("/api/account/matches")).status_code == 401


async def test_the_account_leaves_its_seat_from_any_browser_and_its_socket_stops_playing(
    server: Server,
) -> None:
    async with _client(server) as ann:
        await _register(ann, "Ann")
        r = await ann.post(
            "/api/matches",
            json={"game": "tictactoe", "seats": ["human", "human"], "join": 0},
            headers=_csrf(ann),
        )
        match_id = r.json()["match"]["id"]
        ws, first = await _socket(server, match_id, ann.cookies["meeple_session"])
        try:
            assert first["seat"] == 0
            r = await ann.post(f"/api/matches/{match_id}/leave", json={}, headers=_csrf(ann))
            assert r.status_code == 200
            assert r.json()["match"]["seats"][0]["left"] == ["Ann"]
        finally:
            await ws.close()
        ws, first = await _socket(server, match_id, ann.cookies["meeple_session"])
        try:
            assert first["seat"] is None  # given up: no longer hers
        finally:
            await ws.close()


async def test_a_deleted_account_s_finished_matches_stay_under_a_neutral_name(
    server: Server,
) -> None:
    from meeple.server.match import Seat
    from meeple.server.storage import MatchRow

    async with _client(server) as ann:
        me = await _register(ann, "Ann")
        account = me["account"]["id"]
        row = MatchRow(
            id="done1", game="tictactoe", players=2, options={}, seed=1,
            setup={"clock": None, "bot_delay": 0.0},
            seats=[Seat("human", "Ann", account=account).to_db(), Seat("bot", "random", "random").to_db()],
            status="finished", moves=5, created_at=time.time(), finished_at=time.time(),
            result={"ranks": [1, 2], "winners": [0], "scores": [1, 0], "reason": "finished"}, rematch=None,
        )  # fmt: skip
        await server.app.state.storage.create_match(row)
        await server.app.state.accounts.link_seat("done1", 0, account)
        r = await ann.post("/api/account/delete", json={"password": PASSWORD}, headers=_csrf(ann))
        assert r.status_code == 200
    summary = (await server.http.get("/api/matches/done1")).json()["match"]
    assert summary["status"] == "finished" and summary["seats"][0]["name"] == "Player 1"
    assert "Ann" not in json.dumps(summary)


async def test_new_accounts_per_address_are_bounded(tmp_path: Path) -> None:
    """Every resource a client can ask for is bounded: new accounts from one address
    come at the server's --create-rate, as new matches do."""
    from meeple.server.limits import Limits

    limits = Limits(create_rate=1.0, create_burst=2)  # a minute to refill: load cannot
    async with running_server(tmp_path / "db.sqlite3", limits=limits) as srv, _client(srv) as http:
        codes = []
        for k in range(3):
            http.cookies.clear()  # each a new visitor from the same address
            r = await http.post(
                "/api/account/register", json={"name": f"A{k}", "password": PASSWORD}
            )
            codes.append(r.status_code)
        assert codes == [201, 201, 429] and int(r.headers["retry-after"]) >= 1
