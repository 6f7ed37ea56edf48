"""Hostile and careless clients (issue 14): bad text, bad documents, floods, leaks.

Each test sets up a probe that once broke something (named in its docstring)
and checks that it is refused with the documented error and that nothing
changed: the match in memory, the database, and every other client.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from meeple.server.limits import Limits
from meeple.server.storage import StorageError
from tests.server.conftest import Server, running_server

pytestmark = pytest.mark.asyncio

LONE_SURROGATE = b'"\\ud800"'  # valid JSON text, not valid Unicode


async def open_match(server: Server) -> str:
    created = await server.create(seats=["human", "human"], join=0, name="Ann")
    return created["match"]["id"]  # type: ignore[no-any-return]


async def assert_lobby_answers(server: Server, match_id: str) -> None:
    r = await server.http.get("/api/matches")
    assert r.status_code == 200, r.text
    r = await server.http.get(f"/api/matches/{match_id}")
    assert r.status_code == 200, r.text


# -- item 2: text that is not valid Unicode, or not fit to show -------------------


async def test_a_lone_surrogate_name_is_refused_and_the_seat_stays_free(server: Server) -> None:
    """Once: 500 "nothing changed", yet seat 1 stayed taken in memory by nobody, and
    every lobby listing of the match answered 500 from then on."""
    match_id = await open_match(server)
    body = b'{"name": ' + LONE_SURROGATE + b"}"
    r = await server.http.post(
        f"/api/matches/{match_id}/join", content=body, headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", r.text
    live = server.lobby.live[match_id]
    assert not live.seats[1].taken and live.status == "open"
    stored = await server.lobby.storage.get_match(match_id)
    assert stored is not None and stored.status == "open" and stored.seats[1]["token"] is None
    await assert_lobby_answers(server, match_id)
    joined = await server.join(match_id, name="Bob")  # the seat is still there to take
    assert joined["seat"] == 1


@pytest.mark.parametrize(
    "name",
    ["Ann\u202e", "\u2066Bob", "a\x00b", "two\nlines", "   ", "x" * 41, 7, ""],
    ids=["rlo", "lri", "nul", "newline", "blank", "too-long", "number", "empty"],
)
async def test_names_with_controls_bidi_or_no_text_are_refused(server: Server, name: Any) -> None:
    match_id = await open_match(server)
    r = await server.http.post(f"/api/matches/{match_id}/join", json={"name": name})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", r.text
    assert not server.lobby.live[match_id].seats[1].taken
    r = await server.http.post("/api/matches", json={"game": "tictactoe", "join": 0, "name": name})
    assert r.status_code == 400, r.text


async def test_a_bot_spec_with_a_control_character_is_refused(server: Server) -> None:
    r = await server.http.post(
        "/api/matches", json={"game": "tictactoe", "seats": ["human", "random\u202e"]}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_bot", r.text
    clock = {"initial": 60, "bot": "random\x07"}
    r = await server.http.post("/api/matches", json={"game": "tictactoe", "clock": clock})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_clock", r.text


async def test_a_lone_surrogate_ref_is_refused_and_the_socket_keeps_answering(
    server: Server,
) -> None:
    """Once: the error echoing the ref could not be encoded and the connection went silent."""
    _match_id, a, b = await server.two_humans()
    await a.send('{"type": "ping", "ref": ' + LONE_SURROGATE.decode() + "}")
    error = await a.error()
    assert error["code"] == "bad_json" and "ref" not in error
    await a.send({"type": "ping", "ref": "ok"})
    assert (await a.pong())["type"] == "pong"
    await a.send('{"type": "action", "state_id": "x", "text": ' + LONE_SURROGATE.decode() + "}")
    assert (await a.error())["code"] == "bad_json"
    assert a.last is not None
    await a.act(a.last["legal"][0]["code"])  # and play goes on
    assert (await b.state(lambda m: m["moves"] == 1))["moves"] == 1
    for c in (a, b):
        await c.close()


async def test_a_failed_write_leaves_memory_and_database_as_they_were(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join whose database write fails: 500, and the seat is free in memory too."""
    match_id = await open_match(server)

    async def refuse(*args: Any, **kwargs: Any) -> None:
        raise StorageError("disk full")

    monkeypatch.setattr(server.lobby.storage, "update_match", refuse)
    r = await server.http.post(f"/api/matches/{match_id}/join", json={"name": "Bob"})
    assert r.status_code == 500 and r.json()["error"]["code"] == "server_error"
    live = server.lobby.live[match_id]
    assert not live.seats[1].taken and live.status == "open"
    monkeypatch.undo()
    stored = await server.lobby.storage.get_match(match_id)
    assert stored is not None and stored.status == "open"
    assert (await server.join(match_id, name="Bob"))["match"]["status"] == "running"


# -- item 5: limits and malformed documents -------------------------------------------


async def test_a_body_over_the_cap_is_refused(tmp_path: Path) -> None:
    """Once: a 50 MB body was read whole and accepted."""
    async with running_server(tmp_path / "db.sqlite3", limits=Limits(max_body=4096)) as srv:
        pad = "x" * 5000
        r = await srv.http.post("/api/matches", json={"game": "tictactoe", "pad": pad})
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"

        async def chunks() -> Any:  # no Content-Length: counted as it arrives
            for _ in range(10):
                yield b" " * 1000

        r = await srv.http.post("/api/matches", content=chunks())
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"
        assert (await srv.http.get("/api/matches")).json()["matches"] == []


async def test_match_creation_is_rate_limited_per_address(tmp_path: Path) -> None:
    """Once: 1,200 creates a second were accepted from one address."""
    limits = Limits(create_rate=60, create_burst=3)
    async with running_server(tmp_path / "db.sqlite3", limits=limits) as srv:
        answers = [
            await srv.http.post("/api/matches", json={"game": "tictactoe"}) for _ in range(5)
        ]
        assert [r.status_code for r in answers] == [201, 201, 201, 429, 429]
        refused = answers[3]
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) >= 1
        assert len((await srv.http.get("/api/matches")).json()["matches"]) == 3
        assert (await srv.http.get("/api/games")).status_code == 200  # only creation is limited


async def test_open_matches_expire_and_are_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    async with running_server(db, limits=Limits(open_ttl=0.3)) as srv:
        waiting = (await srv.create())["match"]["id"]
        match_id, a, b = await srv.two_humans()  # running: it never expires
        for _ in range(100):
            if waiting not in srv.lobby.live:
                break
            await asyncio.sleep(0.05)
        assert waiting not in srv.lobby.live and match_id in srv.lobby.live
        r = await srv.http.get(f"/api/matches/{waiting}")
        assert r.json()["match"]["status"] == "expired"
        r = await srv.http.post(f"/api/matches/{waiting}/join", json={})
        assert r.status_code == 409 and r.json()["error"]["code"] == "match_finished"
        assert waiting not in {
            m["id"] for m in (await srv.http.get("/api/matches?status=open")).json()["matches"]
        }
        for c in (a, b):
            await c.close()
    async with running_server(db) as srv:  # no time to live: an open match stays open
        kept = (await srv.create())["match"]["id"]
    async with running_server(db, limits=Limits(open_ttl=0.01)) as srv:
        assert kept not in srv.lobby.live and waiting not in srv.lobby.live
        assert match_id in srv.lobby.live
        r = await srv.http.get(f"/api/matches/{kept}")
        assert r.json()["match"]["status"] == "expired"


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 5000 + b"]" * 5000,
        b'{"game": ' + b"[" * 200 + b"]" * 200 + b"}",
        b'{"game": "tictactoe", "players": 1e999}',
        b'{"game": "tictactoe", "players": NaN}',
        b"\xff\xfe",
    ],
    ids=["deep", "deep-field", "infinite", "nan", "not-utf8"],
)
async def test_deep_or_unreadable_json_is_a_bad_request(server: Server, body: bytes) -> None:
    r = await server.http.post(
        "/api/matches", content=body, headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", r.text


@pytest.mark.parametrize(
    "frame",
    [
        "[" * 20000 + "]" * 20000,
        '{"type": "ping", "ref": ' + "[" * 100 + "]" * 100 + "}",
        '{"type": "ping", "ref": 1e999}',
    ],
    ids=["deep", "deep-ref", "infinite"],
)
async def test_deep_json_on_a_socket_is_bad_json_and_the_socket_stays(
    server: Server, frame: str
) -> None:
    """Once: a deeply nested frame raised RecursionError and dropped the socket."""
    _match_id, a, b = await server.two_humans()
    await a.send(frame)
    assert (await a.error())["code"] == "bad_json"
    await a.send({"type": "ping"})
    assert (await a.pong())["type"] == "pong"
    for c in (a, b):
        await c.close()


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"players": 2.0}, "bad_options"),
        ({"players": "2"}, "bad_options"),
        ({"players": True}, "bad_options"),
        ({"options": []}, "bad_options"),
        ({"options": "fast"}, "bad_options"),
        ({"seats": "human"}, "bad_seats"),
        ({"join": "0"}, "bad_request"),
        ({"bot_delay": "1"}, "bad_request"),
    ],
)
async def test_wrong_types_get_a_clear_400(
    server: Server, extra: dict[str, Any], code: str
) -> None:
    r = await server.http.post("/api/matches", json={"game": "tictactoe", **extra})
    assert r.status_code == 400 and r.json()["error"]["code"] == code, r.text
    assert (await server.http.get("/api/matches")).json()["matches"] == []


async def test_a_body_that_is_not_an_object_is_refused_everywhere(server: Server) -> None:
    match_id = await open_match(server)
    for path in ("/api/matches", f"/api/matches/{match_id}/join", f"/api/matches/{match_id}/leave"):
        r = await server.http.post(path, json=["name", "Bob"])
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", (path, r.text)
    assert not server.lobby.live[match_id].seats[1].taken


async def test_unknown_methods_and_paths_get_the_json_error_format(server: Server) -> None:
    r = await server.http.delete("/api/matches")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
    r = await server.http.put("/api/games")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
    r = await server.http.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


# -- item 6: hygiene ------------------------------------------------------------------


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=1)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


async def test_seat_tokens_never_reach_a_log_at_any_level(tmp_path: Path) -> None:
    """Once: uvicorn logged each socket's path, query string and token, at INFO."""
    collect = Collect()
    names = ["", "uvicorn", "uvicorn.error", "uvicorn.access", "websockets", "meeple"]
    async with running_server(tmp_path / "db.sqlite3", log_level="trace") as srv:
        # after uvicorn configured its loggers (which drops handlers it did not make)
        loggers = [logging.getLogger(n) for n in names]
        levels = [lg.level for lg in loggers]
        for lg in loggers:
            lg.addHandler(collect)
            lg.setLevel(1)  # everything (uvicorn's TRACE is 5)
        try:
            match_id, a, b = await srv.two_humans()
            await srv.http.post(
                f"/api/matches/{match_id}/leave", json={"token": b.token, "bot": "random"}
            )
            bad = await srv.http.post(f"/api/matches/{match_id}/leave", json={"token": "nope-" * 3})
            assert bad.status_code == 403
            for c in (a, b):
                await c.close()
        finally:
            for lg, level in zip(loggers, levels, strict=True):
                lg.removeHandler(collect)
                lg.setLevel(level)
    logged = "\n".join(collect.lines)
    assert "WebSocket /ws/match/" in logged  # the lines are there, their tokens are not
    for token in (a.token, b.token, "nope-nope-nope-"):
        assert token and token not in logged


async def test_pages_send_a_content_security_policy_and_frame_policy(server: Server) -> None:
    for path in ("/", "/match/abc", "/replay/abc"):
        r = await server.http.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
    r = await server.http.get("/api/games")
    assert r.headers["x-content-type-options"] == "nosniff"


async def test_a_secret_log_line_has_the_same_shape_for_every_viewer(server: Server) -> None:
    """Fit To Print's "keep": the keeper sees the tile, the others do not; once the
    others' line carried the action's JSON and the keeper's did not."""
    match_id, a, b = await server.two_humans(game="fittoprint", players=2)
    live = server.lobby.live[match_id]
    state = live.match.state
    seat = state.turn().seats[0]
    # draw, then keep, with whichever sizes the rules offer first
    for _ in range(6):
        keeps = [x for x in live.match.state.legal_actions(seat) if x.kind == "keep"]
        if keeps:
            await live.submit(
                seat, {"state_id": live.state_id, "code": live.game.action_code(keeps[0])}
            )
            break
        first = live.match.state.legal_actions(seat)[0]
        await live.submit(seat, {"state_id": live.state_id, "code": live.game.action_code(first)})
    else:  # pragma: no cover - the rules changed
        raise AssertionError("no keep action offered")
    lines = [view[-1] for view in live.core.log_views]
    assert lines[0]["text"] != lines[1]["text"] or lines[0]["text"] != lines[2]["text"]
    shapes = {tuple(sorted(line)) for line in lines}
    assert shapes == {("index", "label", "seat", "text")}, lines
    others = [line["label"] for viewer, line in enumerate(lines) if viewer != seat]
    assert all(label == others[0] for label in others)  # the others read the same words
    assert lines[seat]["label"] != others[0]  # only the actor's names its tile
    for c in (a, b):
        await c.close()


async def test_clients_keep_playing_while_a_lobby_is_probed(server: Server) -> None:
    """The probes above, fired at once beside a match in play: it never stalls."""
    match_id, a, b = await server.two_humans()
    probes = [
        server.http.post("/api/matches", content=b"[" * 5000),
        server.http.post(f"/api/matches/{match_id}/join", content=b'{"name": "\\udfff"}'),
        server.http.delete("/api/matches"),
    ]
    answers = await asyncio.gather(*probes)
    assert all(400 <= r.status_code < 500 for r in answers)
    assert a.last is not None
    await a.act(a.last["legal"][0]["code"])
    assert (await b.state(lambda m: m["moves"] == 1))["moves"] == 1
    await assert_lobby_answers(server, match_id)
    for c in (a, b):
        await c.close()


async def test_an_unexpected_error_in_a_request_is_a_json_500_that_changes_nothing(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(server.lobby, "create", broken)
    r = await server.http.post("/api/matches", json={"game": "tictactoe"})
    assert r.status_code == 500 and r.json()["error"]["code"] == "server_error"


async def test_an_unexpected_error_during_a_move_reloads_the_match_and_keeps_the_socket(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action was applied in memory, then something failed before it was stored:
    the mover gets server_error, memory is rebuilt from the database, play goes on."""
    from meeple.server.match.core import GameCore

    match_id, a, b = await server.two_humans()
    live = server.lobby.live[match_id]

    def broken(self: GameCore) -> list[Any]:
        raise RuntimeError("a bug after the action was applied in memory")

    monkeypatch.setattr(GameCore, "resolve_chance", broken)
    assert a.last is not None
    sid = a.last["state_id"]
    await a.act(a.last["legal"][0]["code"])
    assert (await a.error())["code"] == "server_error"
    assert len(live.match.history) == 0 and live.state_id == sid
    monkeypatch.undo()
    await a.act(a.last["legal"][0]["code"])
    assert (await b.state(lambda m: m["moves"] == 1))["moves"] == 1
    for c in (a, b):
        await c.close()
