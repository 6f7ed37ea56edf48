"""The Starlette application: pages, static client, REST lobby API, match WebSockets.

``create_app(database)`` builds everything; the lifespan opens the storage and
resumes every unfinished match before the first request is served.
"""

from __future__ import annotations

import contextlib
import gc
import html
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from meeple.bots.limits import BotLimits
from meeple.server import logsafe
from meeple.server.account_routes import (
    SESSION_COOKIE,
    account_handlers,
    check_request,
    same_site,
)
from meeple.server.accounts import Account, Accounts
from meeple.server.chat import Chat
from meeple.server.chat_routes import chat_handlers
from meeple.server.cluster import ClusterConfig
from meeple.server.headers import SecurityHeaders
from meeple.server.hints import give_hint
from meeple.server.leases import ClusterStorage
from meeple.server.limits import Limits, RateLimiter, client_address, read_body
from meeple.server.lobby import Lobby, games_info
from meeple.server.match import Connection
from meeple.server.notices import Notices, SmtpConfig
from meeple.server.openapi import openapi_schema
from meeple.server.ownership import Ownership
from meeple.server.protocol import (
    CLOSE_BAD_TOKEN,
    CLOSE_NOT_FOUND,
    CLOSE_TRY_AGAIN,
    ApiError,
    dumps,
    error_message,
    token_digest,
)
from meeple.server.ratings import Ratings, rating_keys
from meeple.server.reviews import Reviews, public
from meeple.server.shards import Misrouted, Shard
from meeple.server.static import CACHE_POLICY, GZIP_MINIMUM_BYTES, ClientFiles
from meeple.server.storage import Storage, StorageError
from meeple.server.vacations import Vacations
from meeple.server.validation import describe, parse_client_message, parse_document
from meeple.server.walltime import WallClock, wall_from_env
from meeple.web import STATIC

log = logging.getLogger("meeple.server")

STATIC_DIR = STATIC  # the browser's files, served as they are

Handler = Callable[[Request], Awaitable[Response]]


class FastJSONResponse(JSONResponse):
    """JSONResponse rendered through :func:`meeple.server.protocol.dumps` (orjson)."""

    def render(self, content: Any) -> bytes:
        return dumps(content).encode()


def _json(data: Any, status: int = 200) -> JSONResponse:
    return FastJSONResponse(data, status_code=status)


def api(handler: Handler) -> Handler:
    """Turn :class:`ApiError` into the documented ``{"error": {...}}`` responses."""

    async def wrapped(request: Request) -> Response:
        try:
            check_request(request)  # another site's request, or a session's without its token
            return await handler(request)
        except ApiError as exc:
            return _json(exc.to_json(), exc.status)
        except Misrouted as exc:
            if not request.app.state.lobby.shard.redirects:  # a cluster node: the proxy reroutes
                busy = ApiError("try_again", str(exc))
                return FastJSONResponse(busy.to_json(), busy.status, headers={"retry-after": "1"})
            # another worker owns the match: retry on a new connection
            return RedirectResponse(str(request.url), 307, headers={"connection": "close"})
        except StorageError as exc:
            log.error("database error on %s %s: %s", request.method, request.url.path, exc)
            refused = ApiError("server_error", "the database refused the change; nothing changed")
            return _json(refused.to_json(), refused.status)
        except Exception:  # a bug: the handlers change memory only after the database
            log.exception("unexpected error on %s %s", request.method, request.url.path)
            refused = ApiError("server_error", "the server failed on this request; nothing changed")
            return _json(refused.to_json(), refused.status)

    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


async def _body(request: Request, required: bool = True) -> Any:
    """The request's JSON document, checked at the door (:mod:`meeple.server.validation`)."""
    raw = await read_body(request, request.app.state.limits.max_body)
    if not raw.strip():
        if required:
            raise ApiError("bad_request", "a JSON body is required")
        return {}
    try:
        return parse_document(raw)
    except ValueError as exc:  # orjson's and json's decode errors are both ValueErrors
        raise ApiError("bad_request", f"the body is not valid JSON: {describe(exc)}") from None


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        path = STATIC_DIR / name
        if path.is_file():
            return FileResponse(
                path, media_type="text/html", headers={"cache-control": CACHE_POLICY}
            )
        return HTMLResponse(
            f"<!doctype html><title>meeple</title><p>The browser client ({name}) is not "
            "installed in this checkout. The API is at <a href='/api/games'>/api/games</a>.",
            status_code=404,
        )

    return page


#: The pages of a turn notice's unsubscribe link (both languages; no script).
UNSUBSCRIBE_PAGE = """<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>meeple: turn notices</title>
<main><h1>Turn notices by e-mail</h1>
<p>Stop the mails that tell you it is your turn? <span lang="zh-TW">不再收到「輪到你了」的郵件？</span></p>
<form method="post" action="{action}">
<button type="submit">Stop these mails / 停止寄送</button></form></main>"""
UNSUBSCRIBED_PAGE = """<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>meeple: turn notices</title><main><h1>Done</h1>
<p>No more turn notices will be mailed to you.
<span lang="zh-TW">之後不會再寄「輪到你了」的郵件給你。</span></p></main>"""
UNSUBSCRIBE_UNKNOWN = """<!doctype html><html lang="en"><meta charset="utf-8">
<title>meeple: turn notices</title><main><h1>Link not known</h1>
<p>This link is old or already used. <span lang="zh-TW">這個連結已過期或已用過。</span></p></main>"""

MATCH_SOCKET_PREFIX = "/ws/match/"

SocketHandler = Callable[[Scope, Receive, Send, str], Awaitable[None]]


class MatchSockets:
    """Outermost middleware: ``/ws/match/{match_id}`` goes straight to the match socket.

    Every frame of a match passes through that socket, and on that path
    Starlette's routing, exception layers and ``WebSocket`` wrapper (a closure
    per layer around ``send``, state checks per frame) cost more CPU than the
    game itself. The socket speaks plain ASGI instead; everything else (pages,
    REST, static files) goes on to Starlette.
    """

    def __init__(self, app: ASGIApp, handler: SocketHandler) -> None:
        self.app = app
        self.handler = handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path: str = scope["path"]
            if path.startswith(MATCH_SOCKET_PREFIX):
                match_id = path[len(MATCH_SOCKET_PREFIX) :]
                if match_id and "/" not in match_id:
                    await self.handler(scope, receive, send, match_id)
                    return
        await self.app(scope, receive, send)


def _query_param(scope: Scope, name: str) -> str | None:
    """One query parameter (the seat token of a match socket), without parse_qs:
    a socket's query string is normally just ``token=...``."""
    query: bytes = scope.get("query_string", b"")
    if b"%" in query or b"+" in query:  # escaped: let the library decode it
        values = parse_qs(query.decode("latin-1")).get(name)
        return values[0] if values else None
    key = name.encode() + b"="
    for part in query.split(b"&"):
        if part.startswith(key):
            return part[len(key) :].decode("latin-1")
    return None


async def _account_of_socket(scope: Scope, accounts: Accounts) -> Account | None:
    """The account whose session cookie a socket's handshake carries, when it comes from
    this site (a page elsewhere could open a socket with the browser's cookies: its
    ``Origin`` says so, and it gets no seat)."""
    headers = {
        k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
    }
    origin, host = headers.get("origin"), headers.get("host", "")
    if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
        return None
    jar = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except CookieError:
        return None
    morsel = jar.get(SESSION_COOKIE)
    return None if morsel is None else await accounts.account_of(morsel.value)


def _transport_abort(send: Send) -> Callable[[], None] | None:
    """How to drop a socket's connection at once, if the ASGI server lets us.

    ``send`` is uvicorn's protocol method; its transport's ``abort`` closes the
    TCP connection without waiting for the unread bytes to drain (a closing
    handshake cannot reach a client that stopped reading). Another server: None.
    """
    transport = getattr(getattr(send, "__self__", None), "transport", None)
    abort = getattr(transport, "abort", None)
    return abort if callable(abort) else None


#: Allocations between young-generation collections once the server runs
#: (CPython's default is 700). See :func:`_settle_garbage_collector`.
GC_THRESHOLD = (20_000, 20, 20)


def _settle_garbage_collector() -> None:
    """After start-up, move every object alive now (modules, game data, resumed
    matches) out of the collector's sight, and collect the young generation less
    often. A move allocates a few hundred short-lived objects that reference
    counting frees at once; with the default thresholds the cyclic collector
    still ran every few moves and walked the long-lived objects again and again
    (about 4% of the server's CPU under load)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def create_app(
    database: str = "meeple.sqlite3",
    bot_delay: float = 0.5,
    bot_workers: int = 2,
    on_ready: Callable[[int], None] | None = None,
    fsync: bool = False,
    shard: Shard | None = None,
    settle_gc: bool = False,
    cluster: ClusterConfig | None = None,
    bot_limits: BotLimits | None = None,
    limits: Limits | None = None,
    wall: WallClock | None = None,
    smtp: SmtpConfig | None = None,
) -> Starlette:
    """The whole server. ``on_ready(resumed)`` runs once unfinished matches are back.

    ``fsync`` makes SQLite sync every commit to disk (see :class:`SqliteBackend`).
    ``shard`` is this process's place among ``meeple serve --workers`` (see
    :mod:`meeple.server.shards`); by default it serves every match.
    ``settle_gc`` tunes the process's garbage collector once started (see
    :func:`_settle_garbage_collector`): for a server process of its own, not
    for an app embedded in another program (tests, notebooks).
    ``cluster`` makes this process one node of several on one PostgreSQL
    database (see :mod:`meeple.server.ownership`).
    ``bot_limits`` caps the bot specs clients send (default: :class:`BotLimits`'s).
    ``limits``: body size, creation rate and open-match lifetime (see
    :mod:`meeple.server.limits`); by default only the body size is capped.
    ``wall``: the wall clock of turn-based clocks and vacations (by default the
    real one, or the test offset ``MEEPLE_FAKE_TIME`` names: :mod:`.walltime`).
    ``smtp``: where turn notices are mailed from (:mod:`.notices`; None: no mail).
    """
    wall = wall if wall is not None else wall_from_env()
    limits = limits if limits is not None else Limits()
    logsafe.install()
    ownership = Ownership(cluster, database) if cluster is not None else None
    storage: Storage
    if ownership is not None:
        storage = ClusterStorage(database, ownership)
        shard = ownership
    else:
        storage = Storage(database, fsync=fsync)
    vacations = Vacations(storage, wall)
    notices = Notices(storage, smtp, wall)

    def on_turn(match_id: str, whose: list[str]) -> None:
        live = lobby.live.get(match_id)
        if live is not None and live.turn_based:  # in real time the players are there
            cls = type(live.game)
            notices.turn(match_id, cls.title, cls.title_zh, whose)

    lobby = Lobby(
        storage,
        bot_delay=bot_delay,
        bot_workers=bot_workers,
        shard=shard,
        open_ttl=limits.open_ttl,
        bot_limits=bot_limits,
        wall=wall,
        vacations=vacations.intervals,
        on_turn=on_turn,
    )
    vacations.on_change = lobby.vacations_changed
    creates = RateLimiter(limits.create_rate, limits.create_burst) if limits.create_rate else None
    accounts = Accounts(storage)
    ratings = Ratings(storage)
    lobby.on_finished = ratings.schedule
    reviews = Reviews(storage, lobby, limits.review_iters, limits.review_queue)
    registrations = (
        RateLimiter(limits.create_rate, limits.create_burst) if limits.create_rate else None
    )
    account = {
        name: api(h) for name, h in account_handlers(accounts, _json, _body, registrations).items()
    }
    chat = Chat(storage, accounts, clock=wall.now)  # the chat's instants on the same wall clock
    chats = {name: api(h) for name, h in chat_handlers(chat, accounts, lobby, _json, _body).items()}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        storage.open()
        try:
            if ownership is not None:
                assert isinstance(storage, ClusterStorage)
                resumed = await ownership.start(lobby, storage)
                lobby.start_sweeper()
            else:
                resumed = await lobby.start()
            queued = await reviews.start()  # reviews a stopped server left half made
            if queued:
                log.info("resumed %d review(s)", queued)
            settled = await ratings.catch_up()  # rated matches that ended before a crash
            if settled:
                log.info("settled the ratings of %d finished match(es)", settled)
            if settle_gc:
                _settle_garbage_collector()
            if resumed:
                log.info("resumed %d unfinished match(es)", resumed)
            if on_ready is not None:
                on_ready(resumed)
            yield
        finally:
            await reviews.stop()
            if ownership is not None:
                await ownership.stop()
            await lobby.stop()
            storage.close()

    # -- REST ----------------------------------------------------------------

    @api
    async def list_games(request: Request) -> Response:
        return _json({"games": games_info()})

    @api
    async def create_match(request: Request) -> Response:
        if creates is not None:
            wait = creates.retry_after(client_address(request))
            if wait is not None:
                refused = ApiError(
                    "rate_limited", f"too many new matches from your address; retry in {wait} s"
                )
                headers = {"retry-after": str(max(1, round(wait + 0.5)))}
                return FastJSONResponse(refused.to_json(), refused.status, headers=headers)
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        live, seat, token = await lobby.create(await _body(request), account)
        if account is not None and seat is not None:
            await accounts.link_seat(live.id, seat, account.id)
        out: dict[str, Any] = {"match": live.summary()}
        if seat is not None:
            out.update(seat=seat, token=token)
        return _json(out, 201)

    @api
    async def list_matches(request: Request) -> Response:
        status = request.query_params.get("status")
        try:
            limit = int(request.query_params.get("limit", "50"))
        except ValueError:
            raise ApiError("bad_request", "limit must be a number") from None
        limit = max(1, min(limit, 500))
        matches = await lobby.list_matches(status, limit)
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        if account is None:
            return _json({"matches": matches})
        # a logged-in player's: the matches where it is their turn first (my_turn: their ids)
        held = dict(await accounts.seats_of(account.id))
        mine = set()
        for summary in matches:
            live = lobby.live.get(summary["id"])
            seat = held.get(summary["id"])
            if live is not None and seat is not None and seat in live.to_move():
                mine.add(summary["id"])
        matches.sort(key=lambda m: m["id"] not in mine)
        return _json({"matches": matches, "my_turn": sorted(mine)})

    @api
    async def get_match(request: Request) -> Response:
        return _json({"match": await lobby.summary(request.path_params["match_id"])})

    @api
    async def join(request: Request) -> Response:
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        live, seat, token = await lobby.join(
            request.path_params["match_id"], await _body(request, required=False), account
        )
        if account is not None:
            await accounts.link_seat(live.id, seat, account.id)
        return _json({"match": live.summary(), "seat": seat, "token": token})

    @api
    async def claim(request: Request) -> Response:
        """A guest's seat (its token in the body) becomes the logged-in account's."""
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        if account is None:
            raise ApiError("not_logged_in", "log in to keep a seat with your account")
        live, seat = await lobby.claim(
            request.path_params["match_id"], await _body(request), account
        )
        await accounts.link_seat(live.id, seat, account.id)
        return _json({"match": live.summary(), "seat": seat})

    @api
    async def my_matches(request: Request) -> Response:
        """The session's account's matches: those where it is the player's turn first,
        then the others being played, then the ended ones, newest first within each."""
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        if account is None:
            raise ApiError("not_logged_in", "log in to see your matches")
        out: list[dict[str, Any]] = []
        for match_id, seat in await accounts.seats_of(account.id):
            try:
                summary = await lobby.summary(match_id)
            except (ApiError, Misrouted):
                continue  # gone, or another worker's: listed where it is served
            live = lobby.live.get(match_id)
            to_move = live.to_move() if live is not None else []
            out.append({"match": summary, "seat": seat, "my_turn": seat in to_move})
        order = {"running": 1, "open": 1}
        out.sort(key=lambda m: 0 if m["my_turn"] else order.get(m["match"]["status"], 2))
        return _json({"matches": out})

    async def _logged_in(request: Request) -> Account:
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        if account is None:
            raise ApiError("not_logged_in", "log in first")
        return account

    @api
    async def vacation(request: Request) -> Response:
        """The account's vacation allowance, what is used and left, and the one now."""
        return _json(await vacations.status((await _logged_in(request)).id))

    @api
    async def start_vacation(request: Request) -> Response:
        """Days off from now: ``{"days": N}`` (a whole number within the allowance)."""
        account = await _logged_in(request)
        body = await _body(request)
        if not isinstance(body, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        return _json(await vacations.start(account.id, body.get("days")))

    @api
    async def end_vacation(request: Request) -> Response:
        return _json(await vacations.end((await _logged_in(request)).id))

    @api
    async def notice_settings(request: Request) -> Response:
        """The account's turn notices by e-mail: whether the server sends any, the
        address and whether they are on."""
        return _json(await notices.settings((await _logged_in(request)).id))

    @api
    async def change_notices(request: Request) -> Response:
        account = await _logged_in(request)
        return _json(await notices.change(account.id, await _body(request)))

    async def unsubscribe_page(request: Request) -> Response:
        """The page a notice's unsubscribe link opens: one button that posts the token."""
        token = request.query_params.get("token", "")
        action = "/api/notices/unsubscribe?token=" + quote(token[:64])
        return HTMLResponse(UNSUBSCRIBE_PAGE.format(action=html.escape(action)))

    async def unsubscribe(request: Request) -> Response:
        """Turn a mail's account's notices off (the token in the query string; a mail
        program's one-click POST, RFC 8058, or the page's button). Needs no session: the
        token is the credential, so a session cookie's CSRF check does not apply."""
        origin = request.headers.get("origin")
        if origin is not None and not same_site(origin, request):
            refused = ApiError("bad_csrf", "a request from another site is refused")
            return _json(refused.to_json(), refused.status)
        done = await notices.unsubscribe(request.query_params.get("token"))
        if "json" in request.headers.get("content-type", ""):
            return _json({"unsubscribed": done}, 200 if done else 404)
        return HTMLResponse(
            UNSUBSCRIBED_PAGE if done else UNSUBSCRIBE_UNKNOWN, 200 if done else 404
        )

    @api
    async def leaderboard(request: Request) -> Response:
        """A game's rated players (accounts and house bots), best first."""
        game = request.path_params["game"]
        if game not in {k["key"] for k in rating_keys()}:
            raise ApiError("unknown_game", f"no leaderboard {game!r}")
        return _json({"game": game, "players": await ratings.leaderboard(game)})

    @api
    async def profile(request: Request) -> Response:
        """An account's public profile: its name, ratings with their history, solo
        records and recent matches."""
        who = await accounts.find(request.path_params["name"])
        if who is None:
            raise ApiError("not_found", "no account of that name")
        recent = []
        for match_id, seat in (await accounts.seats_of(who.id))[:20]:
            try:
                recent.append({"match": await lobby.summary(match_id), "seat": seat})
            except (ApiError, Misrouted):
                continue
        away = (await vacations.status(who.id))["current"]
        return _json(
            {
                "account": who.to_json(),
                **await ratings.profile(who.id),
                "recent": recent,
                "vacation_until": away["end"] if away is not None else None,
            }
        )

    @api
    async def leave(request: Request) -> Response:
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        live = await lobby.leave(request.path_params["match_id"], await _body(request), account)
        return _json({"match": live.summary()})

    @api
    async def takeover(request: Request) -> Response:
        try:
            seat = int(request.path_params["seat"])
        except ValueError:
            raise ApiError("bad_request", "seat must be a number") from None
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        live = await lobby.takeover(
            request.path_params["match_id"], seat, await _body(request), account
        )
        return _json({"match": live.summary()})

    @api
    async def decide_late(request: Request) -> Response:
        """Skip a late seat's turn, or hand the seat to the house bot (turn-based)."""
        try:
            seat = int(request.path_params["seat"])
        except ValueError:
            raise ApiError("bad_request", "seat must be a number") from None
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        live = await lobby.decide_late(
            request.path_params["match_id"], seat, await _body(request), account
        )
        return _json({"match": live.summary()})

    @api
    async def rematch(request: Request) -> Response:
        live, seat, token, created = await lobby.rematch(
            request.path_params["match_id"], await _body(request, required=False)
        )
        out: dict[str, Any] = {"match": live.summary()}
        if seat is not None:
            out.update(seat=seat, token=token)
        return _json(out, 201 if created else 200)

    @api
    async def record(request: Request) -> Response:
        return _json(await lobby.record(request.path_params["match_id"]))

    @api
    async def replay(request: Request) -> Response:
        return _json(await lobby.replay(request.path_params["match_id"]))

    @api
    async def request_review(request: Request) -> Response:
        """Queue the review of a finished match (once: a second request gets the first)."""
        row, created = await reviews.request(
            request.path_params["match_id"], await _body(request, required=False)
        )
        return _json({"review": public(row)}, 202 if created else 200)

    @api
    async def get_review(request: Request) -> Response:
        """A match's review: its progress while it is made, then the review itself."""
        return _json({"review": public(await reviews.get(request.path_params["match_id"]))})

    @api
    async def ask_hint(request: Request) -> Response:
        account = await accounts.account_of(request.cookies.get(SESSION_COOKIE))
        out = await give_hint(
            lobby, request.path_params["match_id"], await _body(request), account,
            limits.hint_iters,
        )  # fmt: skip
        return _json(out)

    async def openapi(request: Request) -> Response:
        return _json(openapi_schema())

    async def cluster_health(request: Request) -> Response:
        """The proxy's health check: 200 while this node holds its lease."""
        if ownership is None:
            return _json({"node": None, "lease": "none (not a cluster node)"}, 404)
        ok, info = ownership.health()
        return _json(info, 200 if ok else 503)

    # -- WebSocket -------------------------------------------------------------

    async def match_socket(scope: Scope, receive: Receive, send: Send, match_id: str) -> None:
        """One match WebSocket, in plain ASGI (see :class:`MatchSockets`)."""
        if (await receive())["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})

        async def refuse(exc: ApiError, code: int) -> None:
            with contextlib.suppress(Exception):  # the client may be gone already
                await send({"type": "websocket.send", "text": error_message(exc)})
                await send({"type": "websocket.close", "code": code})

        try:
            live = await lobby.get(match_id, keep=True)
        except ApiError as exc:
            await refuse(exc, CLOSE_NOT_FOUND)
            return
        except Misrouted as exc:  # another worker owns it: the client reconnects
            await refuse(ApiError("try_again", str(exc)), CLOSE_TRY_AGAIN)
            return
        seat = None
        token = _query_param(scope, "token")
        # the session's account (this site's pages only): its seat when no token names
        # one, and who it is in the chat (a spectator's name, its mutes)
        held = await _account_of_socket(scope, accounts)
        if not token:
            seat = None if held is None else live.seat_for_account(held.id)
        if token:
            seat = live.seat_for_token(token_digest(token))
            if seat is None:
                await refuse(
                    ApiError("bad_token", "this token holds no seat of this match"),
                    CLOSE_BAD_TOKEN,
                )
                lobby.maybe_evict(live)
                return
        conn = Connection(send, seat, abort=_transport_abort(send))
        conn.account = None if held is None else held.id
        live.attach(conn)
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                try:
                    parsed = parse_client_message(raw)
                except ApiError as exc:
                    conn.send(error_message(exc, exc.ref, live.state_id))
                    continue
                if parsed.type == "chat":
                    await chat.handle(live, conn, parsed)
                    continue
                await live.handle(conn, parsed)
        finally:
            live.detach(conn)

    routes = [
        Route("/", _page("index.html")),
        Route("/match/{match_id}", _page("match.html")),
        Route("/replay/{match_id}", _page("replay.html")),
        Route("/rules/{game}", _page("rules.html")),
        Route("/leaderboard", _page("leaderboard.html")),
        Route("/leaderboard/{game}", _page("leaderboard.html")),
        Route("/players/{name}", _page("player.html")),
        Route("/api/openapi.json", openapi),
        Route("/api/cluster/health", cluster_health),
        Route("/api/games", list_games),
        Route("/api/account", account["me"], methods=["GET"]),
        Route("/api/account/register", account["register"], methods=["POST"]),
        Route("/api/account/login", account["login"], methods=["POST"]),
        Route("/api/account/logout", account["logout"], methods=["POST"]),
        Route("/api/account/password", account["password"], methods=["POST"]),
        Route("/api/account/delete", account["delete"], methods=["POST"]),
        Route("/api/account/matches", my_matches, methods=["GET"]),
        Route("/api/account/mutes", chats["mutes"], methods=["GET"]),
        Route("/api/account/mutes/unmute", chats["unmute"], methods=["POST"]),
        Route("/api/account/vacation", vacation, methods=["GET"]),
        Route("/api/account/vacation", start_vacation, methods=["POST"]),
        Route("/api/account/vacation/end", end_vacation, methods=["POST"]),
        Route("/api/account/notices", notice_settings, methods=["GET"]),
        Route("/api/account/notices", change_notices, methods=["POST"]),
        Route("/api/notices/unsubscribe", unsubscribe, methods=["POST"]),
        Route("/notices/unsubscribe", unsubscribe_page, methods=["GET"]),
        Route("/api/leaderboard/{game}", leaderboard, methods=["GET"]),
        Route("/api/players/{name}", profile, methods=["GET"]),
        Route("/api/matches/{match_id}/claim", claim, methods=["POST"]),
        Route("/api/matches", create_match, methods=["POST"]),
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches/{match_id}", get_match),
        Route("/api/matches/{match_id}/join", join, methods=["POST"]),
        Route("/api/matches/{match_id}/leave", leave, methods=["POST"]),
        Route("/api/matches/{match_id}/seats/{seat}/bot", takeover, methods=["POST"]),
        Route("/api/matches/{match_id}/seats/{seat}/late", decide_late, methods=["POST"]),
        Route("/api/matches/{match_id}/rematch", rematch, methods=["POST"]),
        Route("/api/matches/{match_id}/record", record),
        Route("/api/matches/{match_id}/replay", replay),
        Route("/api/matches/{match_id}/chat", chats["history"], methods=["GET"]),
        Route("/api/matches/{match_id}/chat/{idx}/mute", chats["mute"], methods=["POST"]),
        Route("/api/matches/{match_id}/chat/{idx}/report", chats["report"], methods=["POST"]),
        Route("/api/matches/{match_id}/review", request_review, methods=["POST"]),
        Route("/api/matches/{match_id}/review", get_review, methods=["GET"]),
        Route("/api/matches/{match_id}/hint", ask_hint, methods=["POST"]),
        Mount("/static", ClientFiles(directory=STATIC_DIR, check_dir=False), name="static"),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        """Unknown paths and methods: the API answers in its own error format."""
        assert isinstance(exc, HTTPException)
        if not request.url.path.startswith("/api/"):
            return Response(exc.detail, exc.status_code, headers=exc.headers)
        if exc.status_code == 405:
            refused = ApiError("method_not_allowed", f"{request.method} is not allowed here")
            return FastJSONResponse(refused.to_json(), refused.status, headers=exc.headers)
        refused = ApiError("not_found", f"no API endpoint at {request.url.path}")
        return _json(refused.to_json(), refused.status)

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(MatchSockets, handler=match_socket),
            Middleware(SecurityHeaders),
            Middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES),
        ],
        exception_handlers={404: http_error, 405: http_error},
    )
    app.state.lobby = lobby
    app.state.limits = limits

    def retained() -> dict[str, tuple[int, int | None]]:
        """Everything the server keeps per match, client address, bot or socket, by
        name: (size, bound; None where it is empty once nothing runs and nobody
        watches). The one list of them, for tests/server/test_retention.py and
        docs/protocol.md's "Limits"."""
        out = {**lobby.retained(), **reviews.retained(), **notices.retained()}
        if creates is not None:
            out["match creations: client addresses"] = (len(creates), creates.max_keys)
        if registrations is not None:
            out["account registrations: client addresses"] = (
                len(registrations),
                registrations.max_keys,
            )
        return out

    app.state.retained = retained
    app.state.storage = storage
    app.state.accounts = accounts
    app.state.ratings = ratings
    app.state.chat = chat
    app.state.reviews = reviews
    app.state.vacations = vacations
    app.state.notices = notices
    return app
