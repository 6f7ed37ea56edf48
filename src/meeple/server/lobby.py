"""The lobby: creating, listing, joining, leaving and rematching matches.

It owns the live matches (unfinished ones, plus finished ones somebody is still
watching), the storage, and the thread pool bots think in. Finished matches
nobody watches are dropped from memory and read back from the database when
asked for.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from meeple.bots import BotLimits, bot_names, house_bot, make_bot
from meeple.core.errors import OptionError, UnknownGameError
from meeple.core.game import Game
from meeple.core.labels import log_labels
from meeple.core.match import replay as replay_record
from meeple.core.registry import games, get_game_class
from meeple.core.vocabulary import content_json, options_json
from meeple.server.accounts import Account
from meeple.server.botpool import BotPool
from meeple.server.chat import CHANNELS
from meeple.server.clocks import ClockConfig, ClockConfigError
from meeple.server.match import EntryCache, IdleMatch, LiveMatch, MatchHost, Seat, hint_fields
from meeple.server.match.host import VacationReader
from meeple.server.protocol import ApiError, token_digest
from meeple.server.shards import Misrouted, Shard
from meeple.server.storage import MatchRow, Storage
from meeple.server.validation import MAX_NAME, MAX_SPEC, client_text
from meeple.server.walltime import WallClock

#: A seat token is 24 characters; anything much longer is not one (and is not hashed).
MAX_TOKEN = 64

log = logging.getLogger("meeple.server")
STATUSES = ("open", "running", "finished", "expired")
#: Statuses in which nothing can happen any more (the match may leave memory).
ENDED = ("finished", "expired")


def _new_id(shard: Shard) -> str:
    """A fresh match id this worker owns (every id, with one worker)."""
    while True:
        match_id = secrets.token_hex(5)
        if shard.owns(match_id):
            return match_id


def _name(value: Any, default: str) -> str:
    if value is None:
        return default
    return client_text(value, "name", MAX_NAME)


def _check_bot(spec: Any, game: Game, seat: int, limits: BotLimits | None = None) -> str:
    if not isinstance(spec, str) or not spec.strip():
        raise ApiError("bad_bot", f"a bot spec is a string like 'random', got {spec!r}")
    spec = client_text(spec, "the bot spec", MAX_SPEC, code="bad_bot")
    try:
        make_bot(spec, game, seat, 0, limits=limits)
    except (OptionError, ValueError, TypeError, OverflowError) as exc:
        # OptionError is the bots' refusal; the others are parameters they did not expect
        raise ApiError("bad_bot", f"bad bot spec {spec!r}: {exc}") from None
    return spec


def _object(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ApiError("bad_request", "the body must be a JSON object")
    return body


def _hints_agreed(body: dict[str, Any], rated: bool) -> bool:
    """Whether the creator offered hints to every seat (``"hints": true``): whoever
    takes a seat of such a match sees so in the lobby first, so joining agrees."""
    hints = body.get("hints", False)
    if not isinstance(hints, bool):
        raise ApiError("bad_request", "hints must be true or false")
    if hints and rated:
        raise ApiError("bad_request", "a rated match is played without hints")
    return hints


def _ended(live: LiveMatch, what: str = "the match is over") -> None:
    """Refuse a seat change once nothing can happen in the match any more."""
    if live.status == "expired":
        raise ApiError("match_finished", "the match expired: nobody joined it in time")
    if live.status == "finished":
        raise ApiError("match_finished", what)


def game_info(cls: type[Game]) -> dict[str, Any]:
    """The ``GET /api/games`` entry of one game class."""
    try:
        default = cls()
        bots, house = bot_names(default), house_bot(default)
    except OptionError:  # a game whose defaults need options: list the generic bots
        bots, house = bot_names(None), "greedy"
    return {
        "name": cls.name,
        "title": cls.title,
        "title_zh": cls.title_zh,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "player_counts": list(cls.allowed_player_counts()),
        "players": cls.player_range(),  # "2 or 4", "1-6": as `meeple games` says it
        "default_players": cls.default_players or cls.min_players,
        # each option with its words, each set with its words (the game's vocabulary)
        "options": options_json(cls),
        "content": content_json(cls),
        "bots": bots,
        "house_bot": house,  # the bot that takes a seat over when its player leaves
        "perfect_information": cls.perfect_information,
        "has_chance": cls.has_chance,
        "ratings_by_player_count": cls.ratings_by_player_count,
    }


class Lobby:
    """Every match the server knows, and the operations of the REST API."""

    def __init__(
        self,
        storage: Storage,
        bot_delay: float = 0.5,
        bot_workers: int = 2,
        shard: Shard | None = None,
        open_ttl: float | None = None,
        bot_limits: BotLimits | None = None,
        wall: WallClock | None = None,
        vacations: VacationReader | None = None,
        on_turn: Callable[[str, list[str]], None] | None = None,
    ) -> None:
        self.storage = storage
        #: Seconds an open match waits for its players before it expires (None: forever).
        self.open_ttl = open_ttl
        #: Caps on the bot specs clients send (``meeple serve --bot-limit``).
        self.bot_limits = bot_limits if bot_limits is not None else BotLimits()
        self._sweeper: asyncio.Task[None] | None = None
        #: Which matches this process serves (all of them unless ``--workers``).
        self.shard = shard if shard is not None else Shard()
        self.bot_delay = bot_delay
        self.live: dict[str, LiveMatch] = {}
        #: Ended matches waiting for their lock before they are forgotten (by id).
        self._evicting: dict[str, asyncio.Task[None]] = {}
        self.bots = BotPool(bot_workers)
        #: What every match of this lobby is handed: nothing of the lobby but these.
        self.host = MatchHost(
            storage,
            self.bots,
            on_idle=self.maybe_evict,
            entries=EntryCache(),
            bot_delay=bot_delay,
            wall=wall if wall is not None else WallClock(),
            vacations=vacations,
            on_turn=on_turn,
        )

    # -- lifecycle -------------------------------------------------------------

    async def start(self) -> int:
        """Rebuild and restart every unfinished match; returns how many.

        Open matches past their time to live are marked expired instead of resumed.
        """
        rows = [r for r in await self.storage.unfinished_matches() if self.shard.owns(r.id)]
        now = time.time()
        resumed = 0
        for row in rows:
            if row.status == "open" and self._overdue(row.created_at, now):
                await self.storage.update_match(row.id, {"status": "expired", "finished_at": now})
                continue
            try:
                live = LiveMatch.from_row(self.host, row)
            except Exception:  # one unreadable match must not keep the server from starting
                log.exception("match %s: its stored events do not replay; not resumed", row.id)
                continue
            try:  # a turn-based match's players' vacations, before its clocks are read
                await live.load_vacations()
            except Exception:  # read again when a clock runs out
                log.exception("match %s: could not read its players' vacations", row.id)
            self.live[live.id] = live
            live.start()
            resumed += 1
        self.start_sweeper()
        return resumed

    def start_sweeper(self) -> None:
        """Expire open matches nobody fills in time, from now on (:meth:`start` calls
        it; a cluster node, which takes its matches over itself, calls it alone)."""
        if self.open_ttl is not None and self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_open())

    def _overdue(self, created_at: float, now: float) -> bool:
        return self.open_ttl is not None and now - created_at >= self.open_ttl

    async def _sweep_open(self) -> None:
        """Expire open matches nobody joined in time, every so often (a bounded scan)."""
        assert self.open_ttl is not None
        period = min(60.0, max(0.05, self.open_ttl / 4))
        while True:
            await asyncio.sleep(period)
            await self._expire_overdue(time.time())

    async def _expire_overdue(self, now: float) -> None:
        """One sweep. A function of its own so that its locals (the matches it looked
        at) go with it: in the sweeper's loop they kept the last expired match in
        memory until the next sweep."""
        for live in [m for m in self.live.values() if m.status == "open"]:
            if self._overdue(live.created_at, now):
                try:
                    await live.expire()
                except Exception:  # logged; tried again next round
                    log.exception("match %s: could not expire it", live.id)
                    continue
                self.maybe_evict(live)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._evicting.values()):
            task.cancel()
        self._evicting.clear()
        for live in self.live.values():
            live.shutdown()
        self.bots.shutdown()

    def retained(self) -> dict[str, tuple[int, int | None]]:
        """Everything this lobby keeps per match, client or bot, by name: (size, bound),
        the bound ``None`` where the structure is empty once no match runs and nobody
        watches one (docs/protocol.md, "Limits"; tests/server/test_retention.py)."""
        return {
            "matches in memory": (len(self.live), None),
            "ended matches waiting to leave memory": (len(self._evicting), None),
            "legal-action tables": (len(self.host.entries), self.host.entries.max_tables),
            **self.bots.retained(),
            **self.shard.retained(),
        }

    #: Told each match id that finished (and again when it goes idle): the server's
    #: ratings settle it (meeple.server.ratings); nothing by default.
    on_finished: Callable[[str], None] | None = None

    def maybe_evict(self, live: IdleMatch) -> None:
        """Forget an ended match nobody watches (it stays in the database).

        A match learns it ended inside its own lock (the move that ended it is still
        being handled), so the lock is often held here: then the eviction waits for
        the lock and tries again. It once gave up instead, and every match that bots
        played to the end stayed in memory for good, its whole history with it
        (about 1 MB a Province match, 2 MB a Viscounts one; issue 42)."""
        if live.status == "finished" and self.on_finished is not None:
            self.on_finished(live.id)
        if live.status not in ENDED or live.connections:
            return
        if live.lock.locked():
            self._evict_after_lock(live)
            return
        if self.live.get(live.id) is live:
            del self.live[live.id]
        live.shutdown()

    def _evict_after_lock(self, live: IdleMatch) -> None:
        """Try :meth:`maybe_evict` again once ``live``'s lock is free (once per match)."""
        if live.id in self._evicting:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test driving a match by hand): nothing to wait on
            return

        async def when_free() -> None:
            try:
                async with live.lock:
                    pass
            finally:
                self._evicting.pop(live.id, None)
            self.maybe_evict(live)

        self._evicting[live.id] = loop.create_task(when_free())

    def vacations_changed(self, account: str, intervals: list[tuple[float, float]]) -> None:
        """An account's vacations changed: its turn-based matches here re-arm their clocks
        and show it (a match another node serves reads them when its clock runs out)."""
        for live in list(self.live.values()):
            live.vacations_changed(account, intervals)

    # -- lookup ------------------------------------------------------------------

    async def get(self, match_id: str, keep: bool = False) -> LiveMatch:
        """The live match, loading a finished one from the database if needed.

        A loaded finished match is kept in memory only with ``keep`` (someone
        connects to it); :meth:`maybe_evict` drops it again.
        """
        live = self.live.get(match_id)
        if live is not None:
            return live
        if not self.shard.owns(match_id):
            raise Misrouted(match_id)
        adopted = await self.shard.adopt(self, match_id)  # a cluster node's takeover
        if adopted is not None:
            return adopted
        row = await self.storage.get_match(match_id, with_events=True)
        if row is None:
            raise ApiError("not_found", f"no match {match_id!r}")
        live = self.live.get(match_id)  # loaded meanwhile by another request
        if live is None:
            live = LiveMatch.from_row(self.host, row)
            if keep or live.status not in ENDED:
                self.live[match_id] = live
        return live

    async def summary(self, match_id: str) -> dict[str, Any]:
        """A match's summary: from memory, else, for a match that has ended, straight from
        its database row, as the match list reads it. It once loaded the match and
        replayed every move to answer, on every request for a finished match."""
        live = self.live.get(match_id)
        if live is not None:
            return live.summary()
        if not self.shard.owns(match_id):
            raise Misrouted(match_id)
        row = await self.storage.get_match(match_id)
        if row is None:
            raise ApiError("not_found", f"no match {match_id!r}")
        if row.status in ENDED:
            return summary_of_row(row)
        return (await self.get(match_id)).summary()

    async def list_matches(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        if status is not None and status not in STATUSES:
            raise ApiError("bad_request", f"status must be one of {list(STATUSES)}")
        rows = await self.storage.list_matches(status, limit)
        out = []
        for row in rows:
            live = self.live.get(row.id)
            out.append(live.summary() if live is not None else summary_of_row(row))
        return out

    # -- create --------------------------------------------------------------------

    async def create(
        self, body: Any, account: Account | None = None
    ) -> tuple[LiveMatch, int | None, str | None]:
        """A new match; the caller's seat (``join``) is the logged-in ``account``'s when
        there is one, under the account's name."""
        body = _object(body)
        name = body.get("game")
        if not isinstance(name, str):
            raise ApiError("bad_request", "game (a game name) is required")
        try:
            cls = get_game_class(name)
        except UnknownGameError as exc:
            raise ApiError("unknown_game", str(exc)) from None
        players = body.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ApiError("bad_options", f"players must be a whole number, got {players!r}")
        options = body.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ApiError("bad_options", "options must be an object of name: value")
        try:
            game = cls(players=players, **options)
        except (OptionError, TypeError, ValueError) as exc:
            raise ApiError("bad_options", str(exc)) from None
        seats_spec = body.get("seats")
        if seats_spec is None:
            seats_spec = ["human"] * game.players
        if not isinstance(seats_spec, list) or len(seats_spec) != game.players:
            raise ApiError("bad_seats", f"seats must list {game.players} entries")
        seats = []
        for i, spec in enumerate(seats_spec):
            if spec == "human":
                seats.append(Seat("human", f"Player {i + 1}"))
            elif isinstance(spec, str):
                bot = _check_bot(spec, game, i, self.bot_limits)
                seats.append(Seat("bot", bot, bot))
            else:
                raise ApiError("bad_seats", f"seat {i} must be 'human' or a bot spec")
        try:
            clock = ClockConfig.from_json(body.get("clock"))
        except ClockConfigError as exc:
            raise ApiError("bad_clock", str(exc)) from None
        if clock is not None:
            try:
                _check_bot(clock.bot, game, 0, self.bot_limits)
            except ApiError as exc:
                raise ApiError("bad_clock", f"clock.bot: {exc.message}") from None
        delay = body.get("bot_delay", self.bot_delay)
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= 60:
            raise ApiError("bad_request", "bot_delay must be a number of seconds in [0, 60]")
        join = body.get("join")
        if join is not None and (
            isinstance(join, bool) or not isinstance(join, int) or not 0 <= join < game.players
        ):
            raise ApiError("bad_request", f"join must be a seat number 0..{game.players - 1}")
        if join is not None and seats[join].kind != "human":
            raise ApiError("seat_taken", f"seat {join} is a bot seat")
        token = None
        if join is not None:
            token = secrets.token_urlsafe(18)
            seats[join].token = token_digest(token)
            seats[join].name = _name(body.get("name"), seats[join].name)
            if account is not None:
                seats[join].account, seats[join].name = account.id, account.name
        rated = body.get("rated", False)
        if not isinstance(rated, bool):
            raise ApiError("bad_request", "rated must be true or false")
        if rated and (account is None or join is None):
            raise ApiError("not_logged_in", "a rated match is for accounts: log in and take a seat")
        chat = body.get("chat", "all")
        if chat not in CHANNELS:
            raise ApiError("bad_request", f"chat must be one of {list(CHANNELS)}")
        live = self._new_live(game, seats, clock, float(delay))
        live.info.rated = rated
        live.info.chat = chat
        live.info.hints = _hints_agreed(body, rated)
        await self._store_new(live)
        return live, join, token

    def _new_live(
        self,
        game: Game,
        seats: list[Seat],
        clock: ClockConfig | None,
        delay: float,
        rematch_of: str | None = None,
    ) -> LiveMatch:
        live = LiveMatch(
            self.host,
            _new_id(self.shard),
            game,
            secrets.randbits(63),
            seats,
            clock,
            delay,
            time.time(),
            "running" if all(s.taken for s in seats) else "open",
            rematch_of,
        )
        return live

    async def _store_new(self, live: LiveMatch) -> None:
        events = live.apply_opening_chance()
        row = live.new_row()
        await self.storage.create_match(row, events)
        self.live[live.id] = live
        live.start()

    # -- seats ------------------------------------------------------------------------

    async def join(
        self, match_id: str, body: Any, account: Account | None = None
    ) -> tuple[LiveMatch, int, str]:
        """Take a free seat; a logged-in ``account`` takes it as its own, under its name."""
        body = _object(body)
        live = await self.get(match_id)
        async with live.lock:
            _ended(live, "the match is over; spectate or rematch instead")
            seat = body.get("seat")
            if seat is None:
                free = [i for i, s in enumerate(live.seats) if not s.taken]
                if not free:
                    raise ApiError("no_free_seat", "every seat is taken; you can spectate")
                seat = free[0]
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ApiError("bad_request", "seat must be a seat number")
            if not 0 <= seat < live.game.players:
                raise ApiError("bad_request", f"seat must be 0..{live.game.players - 1}")
            if live.seats[seat].taken:
                who = "a bot" if live.seats[seat].kind == "bot" else live.seats[seat].name
                raise ApiError("seat_taken", f"seat {seat} is already taken by {who}")
            if live.info.rated and account is None:
                raise ApiError("not_logged_in", "a rated match is for accounts: log in to join")
            name = _name(body.get("name"), f"Player {seat + 1}")
            token = secrets.token_urlsafe(18)
            seats = live.seats_copy()
            seats[seat].token = token_digest(token)
            seats[seat].name = name
            if account is not None:
                seats[seat].account, seats[seat].name = account.id, account.name
            await live.change_seats(seats)
        return live, seat, token

    async def claim(self, match_id: str, body: Any, account: Account) -> tuple[LiveMatch, int]:
        """A seat taken as a guest (its token in ``body``) becomes ``account``'s: its
        player is then back in it from any browser where the account is logged in."""
        body = _object(body)
        live = await self.get(match_id)
        async with live.lock:
            seat = self._seat_of(live, body.get("token"))
            held = live.seats[seat].account
            if held is not None and held != account.id:
                raise ApiError("seat_taken", f"seat {seat} belongs to another account")
            seats = live.seats_copy()
            seats[seat].account = account.id
            await live.change_seats(seats)
        return live, seat

    def _seat_of(self, live: LiveMatch, token: Any, account: Account | None = None) -> int:
        """The seat ``token`` holds; without a token, the seat the logged-in ``account``
        holds (its player's other browsers)."""
        if token is None and account is not None:
            held = live.seat_for_account(account.id)
            if held is not None:
                return held
        if not isinstance(token, str) or not token:
            raise ApiError("bad_token", "a seat token is required")
        if len(token) > MAX_TOKEN:
            raise ApiError("bad_token", "this token holds no seat of this match")
        seat = live.seat_for_token(token_digest(token))
        if seat is None:
            raise ApiError("bad_token", "this token holds no seat of this match")
        return seat

    async def leave(self, match_id: str, body: Any, account: Account | None = None) -> LiveMatch:
        body = _object(body)
        live = await self.get(match_id)
        async with live.lock:
            _ended(live)
            seat = self._seat_of(live, body.get("token"), account)
            seats = live.seats_copy()
            target = seats[seat]
            spec = body.get("bot")
            if spec is not None:
                spec = _check_bot(spec, live.game, seat, self.bot_limits)
            elif live.turn_based and live.status == "running":
                spec = house_bot(live.game)  # a turn-based seat whose player leaves: the bot
            target.give_up(seat, spec)
            target.token = None
            await live.change_seats(seats)
        self._drop_connections_of_revoked(live)
        return live

    def _drop_connections_of_revoked(self, live: LiveMatch) -> None:
        """Connections whose seat was given up become spectators (they keep watching)."""
        for conn in list(live.connections):
            if conn.seat is not None and live.seats[conn.seat].token is None:
                conn.seat = None
        live.broadcast()

    async def takeover(
        self, match_id: str, seat: Any, body: Any, account: Account | None = None
    ) -> LiveMatch:
        body = _object(body)
        live = await self.get(match_id)
        async with live.lock:
            _ended(live)
            self._seat_of(live, body.get("token"), account)
            if (
                isinstance(seat, bool)
                or not isinstance(seat, int)
                or not 0 <= seat < len(live.seats)
            ):
                raise ApiError("bad_request", f"seat must be 0..{len(live.seats) - 1}")
            if live.seats[seat].taken:
                raise ApiError(
                    "seat_taken",
                    f"seat {seat} has a player; only an open seat can be handed to a bot",
                )
            spec = body.get("bot", house_bot(live.game))
            spec = _check_bot(spec, live.game, seat, self.bot_limits)
            seats = live.seats_copy()
            seats[seat].give_up(seat, spec)
            await live.change_seats(seats)
        return live

    async def decide_late(
        self, match_id: str, late: Any, body: Any, account: Account | None = None
    ) -> LiveMatch:
        """Another player's choice about a late seat (its turn-based clock ran out):
        ``{"choice": "skip"}`` plays its turn with the house bot, ``{"choice": "bot"}``
        hands the seat to the house bot for the rest of the match. The caller is the
        seat its ``token`` holds, or the logged-in account's."""
        body = _object(body)
        choice = body.get("choice")
        if choice not in ("skip", "bot"):
            raise ApiError("bad_request", "choice must be 'skip' or 'bot'")
        if isinstance(late, bool) or not isinstance(late, int):
            raise ApiError("bad_request", "seat must be a seat number")
        live = await self.get(match_id)
        _ended(live)
        if not 0 <= late < len(live.seats):
            raise ApiError("bad_request", f"seat must be 0..{len(live.seats) - 1}")
        by = self._seat_of(live, body.get("token"), account)
        await live.decide_late(by, late, choice, house_bot(live.game))
        return live

    async def rematch(
        self, match_id: str, body: Any
    ) -> tuple[LiveMatch, int | None, str | None, bool]:
        """(new match, caller's seat, caller's token, created now?)."""
        body = _object(body)
        old = await self.get(match_id, keep=True)
        async with old.lock:
            if old.status != "finished":
                raise ApiError("match_not_finished", "a rematch is offered once the match is over")
            seat = None
            if body.get("token") is not None:
                seat = self._seat_of(old, body.get("token"))
            created = False
            if old.rematch is None:
                seats = [
                    Seat("bot", s.bot or "random", s.bot or "random")
                    if s.kind == "bot" and s.token is None
                    else Seat("human", f"Player {i + 1}")
                    for i, s in enumerate(old.seats)
                ]
                new = self._new_live(
                    old.game, seats, old.clock_config, old.bot_delay, rematch_of=old.id
                )
                new.info.chat = old.info.chat
                await self._store_new(new)
                await self.storage.update_match(old.id, {"rematch": new.id})
                old.rematch = new.id
                created = True
            rematch_id = old.rematch
        if not self.shard.owns(rematch_id):
            # only after a restart with another --workers count: the two matches
            # now belong to different workers (a redirect here could loop)
            raise ApiError(
                "try_again",
                f"the rematch {rematch_id} is served by another worker: "
                f"join it with POST /api/matches/{rematch_id}/join",
            )
        new_live = await self.get(rematch_id)
        old.broadcast()
        self.maybe_evict(old)
        token = None
        if seat is not None and not new_live.seats[seat].taken:
            name = old.seats[seat].name if old.seats[seat].kind == "human" else None
            _, seat, token = await self.join(
                new_live.id, {"seat": seat, "name": body.get("name", name)}
            )
        elif seat is not None:
            seat = None
        return new_live, seat, token, created

    # -- records ------------------------------------------------------------------

    async def record(self, match_id: str) -> dict[str, Any]:
        live = await self.get(match_id)
        if live.status != "finished":
            raise ApiError(
                "match_not_finished",
                "the record (with its seed) is published when the match is over",
            )
        return live.record().to_json()

    async def replay(self, match_id: str) -> dict[str, Any]:
        live = await self.get(match_id)
        if live.status != "finished":
            raise ApiError("match_not_finished", "replays open once the match is over")
        record = live.record()
        rebuilt = replay_record(record)
        replayed = type(rebuilt)(rebuilt.game, rebuilt.seed)
        steps = [_step(0, replayed, None)]
        for i, (seat, action) in enumerate(rebuilt.history):
            line = {
                "index": i,
                "seat": seat,
                "text": replayed.state.redact_action(action, seat, None),
                "label": log_labels(replayed.state, action, seat, None),
            }
            replayed.play(action, seat)
            steps.append(_step(i + 1, replayed, line))
        return {"match": live.summary(), "record": record.to_json(), "steps": steps}


def _step(index: int, match: Any, log_line: dict[str, Any] | None) -> dict[str, Any]:
    state = match.state
    return {
        "index": index,
        "state_id": state.state_id(),
        "view": state.view(None),
        "turn": state.turn().to_json(),
        "log": log_line,
        "scores": list(state.scores()),
    }


def summary_of_row(row: MatchRow) -> dict[str, Any]:
    """A summary straight from the database (a finished match not held in memory)."""
    house: str | None = None
    try:
        cls = get_game_class(row.game)
        title, title_zh = cls.title, cls.title_zh
        house = house_bot(cls(players=row.players, **row.options))  # set up, never played
    except UnknownGameError:
        title, title_zh = row.game, ""
    except OptionError:  # options a later version refuses: the summary goes without
        pass
    clock = row.setup.get("clock")
    seats = [Seat.from_db(s) for s in row.seats]
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "title_zh": title_zh,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "seats": [seat.summary(i, seat.kind == "bot") for i, seat in enumerate(seats)],
        "clock": clock,
        "bot_delay": row.setup.get("bot_delay"),
        "moves": row.moves,
        "created_at": row.created_at,
        "finished_at": row.finished_at,
        "result": row.result,
        "rematch_of": row.setup.get("rematch_of"),
        "rematch": row.rematch,
        "house_bot": house,
        "rated": bool(row.setup.get("rated")),
        "chat": row.setup.get("chat", "all"),
        **hint_fields(bool(row.setup.get("hints")), seats, bool(row.setup.get("rated"))),
    }


def games_info() -> list[dict[str, Any]]:
    return [game_info(cls) for cls in games()]
