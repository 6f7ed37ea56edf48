"""The account endpoints, the session cookie, and the cross-site request check.

``/api/account``: ``GET`` who the session belongs to; ``POST /register``,
``/login``, ``/logout``, ``/password``, ``/delete``. A session travels in two cookies:
``meeple_session`` (the token: HttpOnly, so no script reads it; SameSite=Lax, so no
other site's form sends it; Secure over HTTPS) and ``meeple_csrf`` (derived from the
token, readable by this site's pages), whose value every state-changing request
made with the session must repeat in the ``X-CSRF-Token`` header; a request whose
``Origin`` is another site is refused whatever it carries (:func:`check_request`).
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response

from meeple.server.accounts import SESSION_DAYS, Accounts, Session, Throttled, csrf_token
from meeple.server.limits import RateLimiter, client_address
from meeple.server.protocol import ApiError

SESSION_COOKIE = "meeple_session"
CSRF_COOKIE = "meeple_csrf"
CSRF_HEADER = "x-csrf-token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

Json = Callable[..., Response]
Body = Callable[[Request], Awaitable[Any]]


def same_site(origin: str, request: Request) -> bool:
    """Whether ``origin`` (``scheme://host[:port]``) names this server's host: compared
    by host and port only, as a TLS proxy in front may make the scheme differ."""
    return urlsplit(origin).netloc.lower() == request.headers.get("host", "").lower()


def check_request(request: Request) -> None:
    """Refuse a state-changing request another site could have made: one whose
    ``Origin`` is not this server's, or one carrying the session cookie without its
    CSRF token in the header (double submit). Safe methods pass."""
    if request.method not in UNSAFE:
        return
    origin = request.headers.get("origin")
    if origin is not None and not same_site(origin, request):
        raise ApiError("bad_csrf", "a request from another site is refused")
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode(), csrf_token(token).encode()):
            raise ApiError("bad_csrf", "the request lacks this session's CSRF token")


def _with_cookies(response: Response, request: Request, session: Session | None) -> Response:
    secure = request.url.scheme == "https"
    if session is None:
        for name in (SESSION_COOKIE, CSRF_COOKIE):
            response.delete_cookie(name, path="/", secure=secure, samesite="lax")
        return response
    age = SESSION_DAYS * 86400
    # the token: for the server only (HttpOnly); its CSRF token: for this site's pages
    for name, value, httponly in (
        (SESSION_COOKIE, session.token, True),
        (CSRF_COOKIE, session.csrf, False),
    ):
        response.set_cookie(
            name, value, max_age=age, path="/", httponly=httponly, secure=secure, samesite="lax"
        )
    return response


def _session_out(session: Session) -> dict[str, Any]:
    """What a client learns of a new session: its account and CSRF token (the session
    token itself only in the HttpOnly cookie)."""
    return {"account": session.account.to_json(), "csrf": session.csrf}


def account_handlers(
    accounts: Accounts, json: Json, body: Body, registrations: RateLimiter | None = None
) -> dict[str, Callable[[Request], Awaitable[Response]]]:
    """The handlers, by name, for app.py to route (each raises :class:`ApiError`).
    ``registrations`` bounds new accounts per address (the server's --create-rate, which
    bounds new matches too)."""

    async def me(request: Request) -> Response:
        token = request.cookies.get(SESSION_COOKIE)
        account = await accounts.account_of(token)
        if account is None or token is None:
            raise ApiError("not_logged_in", "not logged in")
        return json({"account": account.to_json(), "csrf": csrf_token(token)})

    async def register(request: Request) -> Response:
        if registrations is not None:
            wait = registrations.retry_after(client_address(request))
            if wait is not None:
                refused = ApiError("rate_limited", "too many new accounts from your address")
                response = json(refused.to_json(), refused.status)
                response.headers["retry-after"] = str(max(1, round(wait + 0.5)))
                return response
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        session = await accounts.register(data.get("name"), data.get("password"))
        return _with_cookies(json(_session_out(session), 201), request, session)

    async def login(request: Request) -> Response:
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        try:
            session = await accounts.login(
                data.get("name"),
                data.get("password"),
                client_address(request),
                request.cookies.get(SESSION_COOKIE),
            )
        except Throttled as exc:
            response = json(exc.to_json(), exc.status)
            response.headers["retry-after"] = str(exc.retry_after)
            return response
        return _with_cookies(json(_session_out(session)), request, session)

    async def logout(request: Request) -> Response:
        await accounts.logout(request.cookies.get(SESSION_COOKIE))
        return _with_cookies(json({"account": None}), request, None)

    async def password(request: Request) -> Response:
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        session = await accounts.change_password(
            request.cookies.get(SESSION_COOKIE), data.get("password"), data.get("new_password")
        )
        return _with_cookies(json(_session_out(session)), request, session)

    async def delete(request: Request) -> Response:
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        await accounts.delete(request.cookies.get(SESSION_COOKIE), data.get("password"))
        return _with_cookies(json({"account": None}), request, None)

    return {
        "me": me,
        "register": register,
        "login": login,
        "logout": logout,
        "password": password,
        "delete": delete,
    }
