"""Wire-level pieces of the protocol (docs/protocol.md): error codes, client messages, ids.

Kept apart from the match runtime so the contract with the browser client
lives in one small module: every error code the server can send is listed
here with its HTTP status.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

try:  # orjson (the server extra) serializes state messages several times faster
    import orjson
except ImportError:  # pragma: no cover - plain json works the same, slower
    orjson = None  # type: ignore[assignment]

#: error code -> HTTP status (REST); WebSocket errors use the same codes.
ERROR_STATUS: dict[str, int] = {
    "bad_request": 400,
    "unknown_game": 400,
    "bad_options": 400,
    "bad_seats": 400,
    "bad_bot": 400,
    "bad_clock": 400,
    "not_found": 404,
    "method_not_allowed": 405,
    "body_too_large": 413,
    "rate_limited": 429,
    "bad_token": 403,
    "bad_login": 401,
    "not_logged_in": 401,
    "bad_csrf": 403,
    "chat_refused": 403,
    "name_taken": 409,
    "seat_taken": 409,
    "no_free_seat": 409,
    "match_finished": 409,
    "match_not_finished": 409,
    "not_late": 409,
    "bad_vacation": 400,
    "bad_notices": 400,
    "hints_off": 403,
    "server_error": 500,
    "try_again": 503,
    # WebSocket-only codes (the HTTP status is never used)
    "bad_json": 400,
    "bad_message": 400,
    "bad_action": 400,
    "illegal_action": 409,
    "stale_state": 409,
    "not_your_seat": 403,
    "not_your_turn": 409,
    "not_started": 409,
    "undo_refused": 409,
}

#: WebSocket close codes sent after a connect-time error.
CLOSE_NOT_FOUND = 4404
CLOSE_BAD_TOKEN = 4403
#: The standard "try again later": another worker serves the match (see shards.py).
CLOSE_TRY_AGAIN = 1013


class ApiError(Exception):
    """A refusal with a stable machine-readable ``code`` and a human ``message``."""

    def __init__(self, code: str, message: str, ref: Any = None) -> None:
        if code not in ERROR_STATUS:
            raise ValueError(f"undocumented error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref  #: the client's ``ref`` when the message was readable enough to have one

    @property
    def status(self) -> int:
        return ERROR_STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}


def dumps(data: Any) -> str:
    """Compact JSON text (UTF-8, not ASCII-escaped), through orjson when installed.

    >>> dumps({"b": [1, "井"], "a": None})
    '{"b":[1,"井"],"a":null}'
    """
    if orjson is not None:
        try:
            return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass  # a type orjson does not know (e.g. a numpy scalar in a view): json decides
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def state_token(match_id: str, seq: int) -> str:
    """The ``state_id`` clients see: digest of (match id, event count), never of the state.

    >>> state_token("abc", 3) == state_token("abc", 3) != state_token("abc", 4)
    True
    """
    return hashlib.blake2b(f"{match_id}/{seq}".encode(), digest_size=8).hexdigest()


def token_digest(token: str) -> str:
    """What the database stores of a seat token (a leaked database reveals no tokens)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class ClientMessage:
    """A parsed client message. ``ref`` is echoed back in errors."""

    type: str
    data: dict[str, Any]
    ref: Any = None


CLIENT_TYPES = frozenset({"action", "undo", "sync", "ping", "describe", "chat"})


def loads(text: str | bytes) -> Any:
    """orjson when it can (every move passes here); the standard library for what it
    refuses (integers past 64 bits, NaN), and for the error message of bad JSON."""
    if orjson is not None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


def error_message(exc: ApiError, ref: Any = None, state_id: str | None = None) -> str:
    body: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message}
    if ref is not None:
        body["ref"] = ref
    if state_id is not None:
        body["state_id"] = state_id
    return dumps(body)
