"""The chat's REST endpoints (writing goes over the match socket: ``{"type": "chat"}``).

``GET /api/matches/{id}/chat`` pages through a match's chat; ``POST
/api/matches/{id}/chat/{idx}/mute`` and ``.../report`` act on one message;
``GET /api/account/mutes`` and ``POST /api/account/mutes/unmute`` keep the
account's mutes. See :mod:`meeple.server.chat` for who may do what, and
docs/protocol.md ("Chat") for the documents.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from meeple.server.account_routes import SESSION_COOKIE
from meeple.server.accounts import Account, Accounts
from meeple.server.chat import Chat, ChatLimited
from meeple.server.lobby import MAX_TOKEN, Lobby
from meeple.server.protocol import ApiError, token_digest

Json = Callable[..., Response]
Body = Callable[..., Awaitable[Any]]


def _int_param(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ApiError("bad_request", f"{name} must be a whole number") from None
    if not -1 <= value < 1 << 31:
        raise ApiError("bad_request", f"{name} is out of range")
    return value


def _idx(request: Request) -> int:
    try:
        value = int(request.path_params["idx"])
    except ValueError:
        raise ApiError("bad_request", "the message number must be a whole number") from None
    if not 0 <= value < 1 << 31:
        raise ApiError("not_found", "no such chat message")
    return value


def _limited(json: Json, exc: ChatLimited) -> Response:
    response = json(exc.to_json(), exc.status)
    if exc.retry_after is not None:
        response.headers["retry-after"] = str(exc.retry_after)
    return response


def chat_handlers(
    chat: Chat, accounts: Accounts, lobby: Lobby, json: Json, body: Body
) -> dict[str, Callable[[Request], Awaitable[Response]]]:
    """The handlers, by name, for app.py to route (each raises :class:`ApiError`)."""

    async def viewer(request: Request) -> Account | None:
        return await accounts.account_of(request.cookies.get(SESSION_COOKIE))

    async def logged_in(request: Request, what: str) -> Account:
        account = await viewer(request)
        if account is None:
            raise ApiError("not_logged_in", f"log in to {what}")
        return account

    async def history(request: Request) -> Response:
        before, after = _int_param(request, "before"), _int_param(request, "after")
        if before is not None and after is not None:
            raise ApiError("bad_request", "ask for messages before or after one, not both")
        page = await chat.history(
            request.path_params["match_id"],
            await viewer(request),
            before=before,
            after=after,
            limit=_int_param(request, "limit"),
        )
        return json(page)

    async def mute(request: Request) -> Response:
        account = await logged_in(request, "mute a player")
        muted = await chat.mute(account, request.path_params["match_id"], _idx(request))
        return json({"muted": muted})

    async def report(request: Request) -> Response:
        data = await body(request, required=False)
        if not isinstance(data, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        match_id, idx = request.path_params["match_id"], _idx(request)
        account = await viewer(request)
        seat = None
        token = data.get("token")
        if account is None and token is not None:
            if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
                raise ApiError("bad_token", "this token holds no seat of this match")
            live = await lobby.get(match_id)
            seat = live.seat_for_token(token_digest(token))
            if seat is None:
                raise ApiError("bad_token", "this token holds no seat of this match")
        try:
            report_id = await chat.report(match_id, idx, data.get("reason"), account, seat)
        except ChatLimited as exc:
            return _limited(json, exc)
        return json({"report": {"id": report_id}}, 201)

    async def mutes(request: Request) -> Response:
        account = await logged_in(request, "see whom you muted")
        return json({"mutes": await chat.mutes(account)})

    async def unmute(request: Request) -> Response:
        account = await logged_in(request, "unmute a player")
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        if not await chat.unmute(account, data.get("target")):
            raise ApiError("not_found", "you have not muted that writer")
        return json({"mutes": await chat.mutes(account)})

    return {
        "history": history,
        "mute": mute,
        "report": report,
        "mutes": mutes,
        "unmute": unmute,
    }
