"""A property-based fuzzer over the REST and WebSocket protocol (issue 14, item 7).

Hypothesis writes sequences of client messages: REST requests with random
bodies (JSON of any shape, raw bytes, text with lone surrogates, control and
bidi characters) and socket frames built from the message types with random
fields, or random text. After every message it checks that:

* the server answered it (a REST status below 500 with the documented error
  body, or a socket reply: a state, an error, a pong);
* the server still answers every other client: a bystander socket of another
  match gets its pong and the lobby lists;
* the match did not change unless the message was a legal action or undo
  (the spectator's view of it is the same state id, move count and view).

Bounded: a fixed number of examples with a fixed seed (``derandomize``), so
CI runs the same 150 sequences (about 30 s on a busy 2-core machine).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import uvicorn
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from meeple.server import create_app

WAIT = 5.0
EXAMPLES = 150

# -- the server, in a thread of its own (hypothesis drives plain synchronous code) ----------


class ThreadServer:
    def __init__(self, database: Path) -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.sock = sock
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        config = uvicorn.Config(
            create_app(str(database), bot_delay=0.0),
            log_level="critical",
            lifespan="on",
            ws_max_size=1 << 16,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]})

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise AssertionError("the fuzzed server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(WAIT * 2)
        self.sock.close()

    def ws(self, match_id: str, token: str | None = None) -> ClientConnection:
        url = self.url.replace("http://", "ws://") + f"/ws/match/{match_id}"
        conn = connect(url + (f"?token={token}" if token else ""), open_timeout=WAIT, legacy=True)
        assert isinstance(conn, ClientConnection)
        return conn


def receive(ws: ClientConnection, timeout: float = WAIT) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=timeout))  # type: ignore[no-any-return]


def drain(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every message already received and not read (no waiting: nothing in the fuzzed
    match acts on its own, and every read after a request is answered in order)."""
    out = []
    with contextlib.suppress(TimeoutError):
        while True:
            out.append(receive(ws, timeout=0))
    return out


class Arena:
    """One fuzzed match (two seats, a spectator) and a bystander match beside it."""

    def __init__(self, server: ThreadServer) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=WAIT)
        created = self._post("/api/matches", {"game": "tictactoe", "join": 0, "name": "Ann"})
        self.match_id = created["match"]["id"]
        joined = self._post(f"/api/matches/{self.match_id}/join", {"name": "Bob"})
        self.tokens = [created["token"], joined["token"]]
        self.seats = [server.ws(self.match_id, t) for t in self.tokens]
        self.watcher = server.ws(self.match_id)
        for ws in (*self.seats, self.watcher):
            receive(ws)
        other = self._post("/api/matches", {"game": "tictactoe"})
        self.bystander = server.ws(other["match"]["id"])
        receive(self.bystander)

    def _post(self, path: str, body: Any) -> dict[str, Any]:
        r = self.http.post(path, json=body)
        assert r.status_code in (200, 201), r.text
        return r.json()  # type: ignore[no-any-return]

    def snapshot(self) -> dict[str, Any]:
        """The match as the spectator sees it now (a whole state, through ``sync``)."""
        drain(self.watcher)
        self.watcher.send('{"type": "sync"}')
        while True:
            msg = receive(self.watcher)
            if msg["type"] == "state" and msg["log_start"] == 0:
                return {k: msg[k] for k in ("state_id", "moves", "view", "status")}

    def seat_state(self, seat: int) -> dict[str, Any]:
        ws = self.seats[seat]
        drain(ws)
        ws.send('{"type": "sync"}')
        while True:
            msg = receive(ws)
            if msg["type"] == "state" and msg["log_start"] == 0:
                return msg

    def close(self) -> None:
        for ws in (*self.seats, self.watcher, self.bystander):
            ws.close()
        self.http.close()


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with ThreadServer(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3") as server:
        yield server


# -- what hypothesis writes ---------------------------------------------------------------

NASTY = st.sampled_from(
    ["\ud800", "\udfff", "a\udc00b", "\u202e", "\u2066x", "\x00", "\n", " ", "", "x" * 5000]
)
TEXT = st.one_of(st.text(max_size=20), NASTY, st.sampled_from(["random", "mcts:iters=5", "human"]))
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)


def encode(value: Any) -> str:
    """JSON text; lone surrogates become ``\\udXXX`` escapes, non-finite numbers NaN/Infinity."""
    return json.dumps(value, ensure_ascii=True)


@st.composite
def socket_frame(draw: st.DrawFn) -> dict[str, Any]:
    """A frame for one seat's socket: usually shaped like a message, with random fields."""
    seat = draw(st.integers(0, 1))
    if draw(st.integers(0, 9)) == 0:
        raw = draw(st.one_of(st.text(max_size=40), JSON.map(encode), st.just("[" * 3000)))
        return {"seat": seat, "raw": raw}
    message: dict[str, Any] = {
        "type": draw(st.sampled_from(["action", "undo", "sync", "ping", "x"]))
    }
    sid = draw(st.sampled_from(["current", "stale", "random", "missing"]))
    message["state_id"] = sid  # replaced by the real one (or removed) when sent
    field = draw(st.sampled_from(["code", "action", "text", "none", "two"]))
    if field in ("code", "two"):
        message["code"] = draw(st.one_of(st.integers(-3, 12), JSON))
    if field in ("action", "two"):
        message["action"] = draw(
            st.one_of(JSON, st.builds(lambda c: {"type": "place", "cell": c}, JSON))
        )
    if field == "text":
        message["text"] = draw(st.one_of(TEXT, st.integers(0, 8).map(lambda c: f"place {c}")))
    if draw(st.booleans()):
        message["ref"] = draw(JSON)
    return {"seat": seat, "message": message}


@st.composite
def rest_request(draw: st.DrawFn) -> dict[str, Any]:
    """A REST request with a random body (never a valid token: the match keeps its seats)."""
    path = draw(
        st.sampled_from(
            [
                ("POST", "/api/matches"),
                ("POST", "/api/matches/{id}/join"),
                ("POST", "/api/matches/{id}/leave"),
                ("POST", "/api/matches/{id}/seats/{seat}/bot"),
                ("POST", "/api/matches/{id}/rematch"),
                ("GET", "/api/matches/{id}"),
                ("GET", "/api/matches?status={text}&limit={text}"),
                ("GET", "/api/matches/{text}/record"),
                ("DELETE", "/api/matches/{id}"),
                ("PUT", "/api/matches"),
            ]
        )
    )
    body = draw(
        st.one_of(
            JSON.map(encode),
            st.builds(
                lambda d: encode({"game": "tictactoe", **d}),
                st.dictionaries(TEXT, JSON, max_size=4),
            ),
            st.binary(max_size=30).map(lambda b: b.decode("latin-1")),
        )
    )
    return {
        "method": path[0],
        "path": path[1],
        "body": body,
        "text": draw(TEXT),
        "seat": draw(TEXT),
    }


STEP = st.one_of(socket_frame(), socket_frame(), rest_request())


# -- the property ---------------------------------------------------------------------------


_REFS = itertools.count()


def send_frame(arena: Arena, step: dict[str, Any], before: dict[str, Any]) -> tuple[bool, bool]:
    """Send one socket frame; (the server accepted it as a move, it answered).

    An action or undo carries a ``ref`` of our own (its random one is replaced), so
    its answer is told apart from a broadcast that was still on its way (a seat
    coming online is announced up to 50 ms later); other frames are answered by a
    pong, an error or (``sync``) a state.
    """
    ws = arena.seats[step["seat"]]
    drain(ws)
    ours: str | None = None
    kind = None
    if "raw" in step:
        text = step["raw"]
    else:
        message = dict(step["message"])
        kind = message["type"]
        sid = message.pop("state_id")
        if sid == "current":
            message["state_id"] = before["state_id"]
        elif sid == "stale":
            message["state_id"] = "0" * 16
        elif sid == "random":
            message["state_id"] = "x\ud800"
        if kind in ("action", "undo"):
            ours = message["ref"] = f"fuzz-{next(_REFS)}"
        text = encode(message)
    try:
        ws.send(text)
        while True:
            reply = receive(ws)
            if reply["type"] != "state":
                break
            if ours is not None and reply.get("ref") == ours:
                break  # the state that answers this action or undo
            if ours is None and kind in ("sync", None):  # None: a raw frame
                break
            # otherwise a broadcast that was on its way: not the answer
    except Exception as exc:
        raise AssertionError(f"the socket died on {text[:200]!r}: {exc!r}") from None
    assert reply["type"] in ("state", "error", "pong"), reply
    if reply["type"] == "error":
        assert isinstance(reply["code"], str) and isinstance(reply["message"], str)
    # only an action or undo on the current state id, answered by a state, may move
    return ours is not None and reply["type"] == "state", True


def send_request(arena: Arena, step: dict[str, Any]) -> None:
    path = (
        step["path"]
        .replace("{id}", arena.match_id)
        .replace("{seat}", quote(step["seat"][:3], safe="", errors="surrogatepass") or "0")
        .replace("{text}", quote(step["text"][:10], safe="", errors="surrogatepass"))
    )
    r = arena.http.request(
        step["method"],
        path,
        content=step["body"].encode("utf-8", "surrogatepass"),
        headers={"content-type": "application/json"},
    )
    assert r.status_code < 500, (step, r.status_code, r.text)
    if r.status_code >= 400:  # the documented error body, whatever went wrong
        error = r.json()["error"]
        assert isinstance(error["code"], str) and isinstance(error["message"], str)


def check_others(arena: Arena) -> None:
    arena.bystander.send('{"type": "ping"}')
    while receive(arena.bystander)["type"] != "pong":
        pass
    r = arena.http.get("/api/matches?limit=5")
    assert r.status_code == 200 and isinstance(r.json()["matches"], list)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    # no shrinking: a failure is reported as found, and CI time stays bounded
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(STEP, min_size=1, max_size=6))
def test_no_message_breaks_the_server_or_changes_a_match_unless_legal(
    fuzzed: ThreadServer, steps: list[dict[str, Any]]
) -> None:
    arena = Arena(fuzzed)
    try:
        for step in steps:
            before = arena.snapshot()
            accepted = False
            if "method" in step:
                send_request(arena, step)
            else:
                seat_view = arena.seat_state(step["seat"])
                accepted, _ = send_frame(arena, step, before)
                message = step.get("message", {})
                plain_legal_code = (
                    message.get("type") == "action"
                    and message.get("state_id") == "current"
                    and "action" not in message
                    and "code" in message
                    and not isinstance(message["code"], bool)
                    and message["code"] in {e["code"] for e in seat_view["legal"]}
                )
                if plain_legal_code:  # a legal move is never refused
                    assert accepted, step
            check_others(arena)
            after = arena.snapshot()
            if not accepted:
                assert after == before, f"the match changed on {step}"
            else:
                undo = step["message"]["type"] == "undo"
                assert after["moves"] == before["moves"] + (-1 if undo else 1), step
    finally:
        arena.close()


def test_the_fuzzer_reaches_real_moves(fuzzed: ThreadServer) -> None:
    """The property is not vacuous: a legal action through the same path changes the match."""
    arena = Arena(fuzzed)
    try:
        before = arena.snapshot()
        mover = 0 if arena.seat_state(0)["legal"] else 1
        code = arena.seat_state(mover)["legal"][0]["code"]
        step = {"seat": mover, "message": {"type": "action", "state_id": "current", "code": code}}
        may_change, _ = send_frame(arena, step, before)
        assert may_change and arena.snapshot()["moves"] == before["moves"] + 1
    finally:
        arena.close()
