"""One live match: its parts composed, and the operations that change it.

Every change to a match happens under its ``asyncio.Lock`` and follows the same
order: validate, apply in memory, COMMIT the events to the database, then tell
the clients. Two submissions racing for one state therefore serialize on the
lock and the second one finds a new ``state_id`` (``stale_state``).

If the commit fails, the in-memory match is rebuilt from the database, so the
server never shows a move it has not stored.

:class:`LiveMatch` holds the parts, one per concern, and writes only the
sequences that span them (an action: apply, chance, end or clocks, store,
tell, bots):

* ``info`` (:mod:`.seats`): seats, status, result, setup;
* ``core`` (:mod:`.core`): the game state, the log per viewer, the state id;
* ``timers`` (:mod:`.timers`): chess clocks and the game's round timer;
* ``messages`` and ``audience`` (:mod:`.messages`, :mod:`.audience`): what
  each viewer is sent, to which connections, and when;
* ``journal`` (:mod:`.journal`): the writes, stored before heard;
* ``bots`` (:mod:`.bot_turns`): the bot seats and their turns.

What it needs from outside comes in one :class:`~.host.MatchHost`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
import weakref
from collections.abc import Callable, Coroutine
from typing import Any

from meeple.bots import make_bot
from meeple.bots.simple import RandomBot
from meeple.core.actions import Action
from meeple.core.errors import MeepleError, NotYourTurnError
from meeple.core.game import Game
from meeple.core.labels import end_labels, rivals, seat_marks
from meeple.core.match import Match, MatchRecord, result_of
from meeple.server.clocks import ClockConfig
from meeple.server.match.audience import Audience
from meeple.server.match.bot_turns import BotSeats
from meeple.server.match.connection import Connection
from meeple.server.match.core import GameCore
from meeple.server.match.host import MatchHost
from meeple.server.match.journal import Journal, action_events, new_row
from meeple.server.match.messages import Messages
from meeple.server.match.results import finished_columns, forfeit_result, record_of
from meeple.server.match.seats import MatchInfo, Seat
from meeple.server.match.timers import MatchTimers
from meeple.server.protocol import ApiError, ClientMessage, error_message
from meeple.server.storage import Event, MatchRow, StorageError

log = logging.getLogger("meeple.server")
#: The most moves the house bot makes to play out one skipped turn of a late seat.
SKIP_LIMIT = 500


def _weak(method: Callable[..., None]) -> Callable[..., None]:
    """``method`` called through a weak reference to its object (nothing once it is gone)."""
    ref = weakref.WeakMethod(method)

    def call(*args: Any) -> None:
        bound = ref()
        if bound is not None:
            bound(*args)

    return call


def _weak_async(
    method: Callable[..., Coroutine[Any, Any, None]],
) -> Callable[..., Coroutine[Any, Any, None]]:
    """The coroutine method ``method`` through a weak reference (nothing once it is gone)."""
    ref = weakref.WeakMethod(method)

    async def call(*args: Any) -> None:
        bound = ref()
        if bound is not None:
            await bound(*args)

    return call


class LiveMatch:
    """A match held in memory by the server (built new, or rebuilt from its event log)."""

    def __init__(
        self,
        host: MatchHost,
        match_id: str,
        game: Game,
        seed: int,
        seats: list[Seat],
        clock: ClockConfig | None,
        bot_delay: float,
        created_at: float,
        status: str = "open",
        rematch_of: str | None = None,
    ) -> None:
        self.host = host
        self.info = MatchInfo(
            match_id, game, seed, seats, clock, bot_delay, created_at, status, rematch_of
        )
        self.lock = asyncio.Lock()
        self.core = GameCore(match_id, game, seed, host.entries.for_game(game))
        # The parts call back into the match through weak references: a part holding a
        # bound method of its match is a reference cycle, and a cycle is freed only by the
        # collector's full pass, which the server's tuned collector runs rarely. Every
        # match ended and evicted, and every finished match loaded for one request, stayed
        # in memory with its whole history until then (about 1 MB a Province match;
        # issue 42). Without cycles, reference counting frees a match at once.
        self.timers = MatchTimers(
            self.info,
            self.core,
            _weak_async(self._clock_ran_out),
            _weak_async(self._round_ran_out),
            host.wall,
        )
        self.messages = Messages(self.info, self.core, self.timers, set())
        self.audience = Audience(self.info, self.messages, _weak(self._idle))
        self.journal = Journal(
            self.info, self.core, host, self.audience, _weak_async(self._reload), self.timers.stored
        )
        self.bots = BotSeats(
            self.info, self.core, host.bots, self.lock, _weak_async(self._commit_action)
        )
        self.core.match.listeners.append(_weak(self.bots.observe))
        #: the seats last told to the host as to move (:meth:`tell_turns`)
        self._told_to_move: set[int] = set()
        self._vacations_task: asyncio.Task[None] | None = None

    # -- what the lobby and the socket handler read ------------------------------

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def game(self) -> Game:
        return self.info.game

    @property
    def seed(self) -> int:
        return self.info.seed

    @property
    def seats(self) -> list[Seat]:
        return self.info.seats

    @property
    def status(self) -> str:
        return self.info.status

    @property
    def result(self) -> dict[str, Any] | None:
        return self.info.result

    @property
    def clock_config(self) -> ClockConfig | None:
        return self.info.clock

    @property
    def bot_delay(self) -> float:
        return self.info.bot_delay

    @property
    def created_at(self) -> float:
        return self.info.created_at

    @property
    def rematch_of(self) -> str | None:
        return self.info.rematch_of

    @property
    def rematch(self) -> str | None:
        return self.info.rematch

    @rematch.setter
    def rematch(self, match_id: str | None) -> None:
        self.info.rematch = match_id

    @property
    def closed(self) -> bool:
        return self.info.closed

    @property
    def match(self) -> Match:
        return self.core.match

    @property
    def state_id(self) -> str:
        return self.core.state_id

    @property
    def connections(self) -> set[Connection]:
        return self.audience.connections

    def summary(self) -> dict[str, Any]:
        return self.messages.summary()

    def state_message(self, seat: int | None) -> dict[str, Any]:
        """The whole ``state`` message for one viewer (:meth:`Messages.state_message`)."""
        return self.messages.state_message(seat)

    def attach(self, conn: Connection) -> None:
        self.audience.attach(conn)

    def detach(self, conn: Connection) -> None:
        self.audience.detach(conn)

    def broadcast(self) -> None:
        self.audience.broadcast()

    def record(self) -> MatchRecord:
        return record_of(self.info, self.core.match, self.core.bot_moves)

    def _idle(self) -> None:
        self.host.on_idle(self)

    # -- building ---------------------------------------------------------------

    @classmethod
    def from_row(cls, host: MatchHost, row: MatchRow) -> LiveMatch:
        """Rebuild a match from its stored setup and event log (checked applies throughout)."""
        from meeple.core.registry import make_game

        game = make_game(row.game, players=row.players, **row.options)
        clock = ClockConfig.from_json(row.setup.get("clock"))
        live = cls(
            host,
            row.id,
            game,
            row.seed,
            [Seat.from_db(s) for s in row.seats],
            clock,
            float(row.setup.get("bot_delay", host.bot_delay)),
            row.created_at,
            row.status,
            row.setup.get("rematch_of"),
        )
        live.info.rematch = row.rematch
        live.info.result = row.result
        live.info.finished_at = row.finished_at
        last_clocks, live.timers.round_left = live.core.replay_all(row.events)
        if live.timers.clocks is not None and last_clocks is not None:
            live.timers.clocks.remaining = [float(v) for v in last_clocks]
        # a turn-based match's banks and the instants its clocks started running: the
        # time since (the server down, or another node's) is charged once, from them
        live.timers.take_stored(row.clocks)
        live.info.rated = bool(row.setup.get("rated"))
        if live.info.status == "running":  # told before it was stored: not told again
            live._told_to_move = set(live.to_move())
        live.info.chat = str(row.setup.get("chat", "all"))
        live.info.hints = bool(row.setup.get("hints"))
        return live

    @property
    def turn_based(self) -> bool:
        return self.timers.turn_based

    def accounts(self) -> list[str]:
        """The accounts holding a seat of this match."""
        return sorted({s.account for s in self.info.seats if s.account is not None})

    async def load_vacations(self) -> None:
        """Read the vacations of this match's players (turn-based matches only)."""
        reader = self.host.vacations
        if not self.turn_based or reader is None:
            return
        accounts = self.accounts()
        self.info.vacations = await reader(accounts) if accounts else {}

    def vacations_changed(self, account: str, intervals: list[tuple[float, float]]) -> None:
        """An account's vacations changed: its clocks here re-arm, everyone is told."""
        if not self.turn_based or account not in self.accounts():
            return
        self.info.vacations[account] = list(intervals)
        self.timers.schedule()
        self.broadcast()

    def apply_opening_chance(self) -> list[Event]:
        """Resolve chance before the first seat acts (a new match); returns the events."""
        return self.core.opening_events(time.time())

    def new_row(self) -> MatchRow:
        """The row that stores this new match, after :meth:`apply_opening_chance`."""
        return new_row(self.info, len(self.core.match.history))

    def start(self) -> None:
        """Start clocks and bots (after creation, a join, or a server restart)."""
        if self.info.status != "running":
            return
        self.timers.sync_clocks(acted=None)
        self.timers.sync_round(self.timers.round_left)
        self.timers.round_left = None
        self.bots.kick()
        self.tell_turns()
        if self.turn_based and self.host.vacations is not None and self.accounts():
            self._vacations_task = asyncio.get_running_loop().create_task(self._read_vacations())

    async def _read_vacations(self) -> None:
        """Read the players' vacations (a match starting, restarting or taken over), then
        re-arm the clocks and tell everyone. Until then a clock running out reads them
        itself before it acts (:meth:`_clock_ran_out`)."""
        try:
            await self.load_vacations()
        except Exception:  # the database: the next timeout reads them again
            log.exception("match %s: could not read its players' vacations", self.info.id)
            return
        if not self.info.closed:
            self.timers.schedule()
            self.broadcast()

    def shutdown(self) -> None:
        """Stop timers, bot tasks and connections (server stopping, or match evicted)."""
        self.info.closed = True
        self.timers.shutdown()
        self.bots.shutdown()
        self.audience.shutdown()

    async def _reload(self) -> None:
        """Rebuild memory from what storage holds (after a failure)."""
        row = await self.host.storage.get_match(self.info.id, with_events=True)
        if row is None:  # pragma: no cover - matches are never deleted
            return
        fresh = LiveMatch.from_row(self.host, row)
        info = self.info
        info.seats, info.status, info.result, info.finished_at = (
            fresh.seats, fresh.status, fresh.result, fresh.info.finished_at,
        )  # fmt: skip
        self.core.take_over(fresh.core)
        clocks, stored = self.timers.clocks, fresh.timers.clocks
        if clocks is not None and stored is not None:  # this match's clocks keep its pauses
            clocks.remaining, clocks.running = stored.remaining, stored.running
        self.core.match.listeners = [_weak(self.bots.observe)]
        self.timers.sync_clocks(acted=None)
        self.timers.round_timer = None
        self.timers.sync_round(fresh.timers.round_left)

    # -- seats ------------------------------------------------------------------------

    def seat_for_token(self, digest: str) -> int | None:
        for i, s in enumerate(self.info.seats):
            if s.token is not None and s.token == digest:
                return i
        return None

    def to_move(self) -> list[int]:
        """The seats that may act now (none once it has ended or while chance decides)."""
        return list(self.core.match.state.turn().seats)

    def seat_for_account(self, account: str) -> int | None:
        """The seat the account holds in this match (its first), or None."""
        for i, s in enumerate(self.info.seats):
            if s.account == account and s.kind == "human":
                return i
        return None

    def all_taken(self) -> bool:
        return all(s.taken for s in self.info.seats)

    def seats_copy(self) -> list[Seat]:
        """Copies of the seats, for a change stored by :meth:`change_seats`."""
        return [dataclasses.replace(s) for s in self.info.seats]

    async def change_seats(self, seats: list[Seat]) -> None:
        """Store new seats (and the open -> running transition), then take them and
        tell everyone. The caller holds the lock. Memory changes only once the
        database has the change: a refused write leaves both as they were.
        """
        info = self.info
        changes: dict[str, Any] = {"seats": [s.to_db() for s in seats]}
        started = info.status == "open" and all(s.taken for s in seats)
        if started:
            changes["status"] = "running"

        clocks = self.timers.stored_after(seats, "running" if started else info.status)
        if clocks is not None:  # the clocks as this change leaves them, stored with it
            changes["clocks"] = clocks

        def take() -> None:
            info.seats = seats
            if started:
                info.status = "running"
            self.timers.take_stored(clocks)

        await self.journal.update(changes, take)
        if started:
            self.start()
        else:
            self.timers.sync_clocks(acted=None)
            self.bots.kick()
        self.broadcast()

    async def expire(self) -> None:
        """An open match nobody joined in time: stored as expired, then everyone told."""
        async with self.lock:
            info = self.info
            if info.status != "open":
                return
            now = time.time()

            def take() -> None:
                info.status, info.finished_at = "expired", now

            try:
                await self.journal.update({"status": "expired", "finished_at": now}, take)
            except StorageError:
                log.exception("match %s: could not store its expiry", info.id)
                raise ApiError("server_error", "the expiry could not be stored") from None
            self.timers.schedule()  # cancels any
            self.broadcast()

    # -- the end --------------------------------------------------------------------

    def _finish(self, result: dict[str, Any]) -> None:
        info = self.info
        info.status = "finished"
        state = self.core.match.state
        finished = result.get("reason") == "finished"
        # seats named as {seat:N}: the page puts each seat's name there (docs/protocol.md)
        end = end_labels(state, seat_marks(state.game.players)) if finished else None
        # the game's words for why it ended, shown above the result table (docs/protocol.md)
        info.result = {**result, "end": end} if end is not None else result
        field = rivals(state) if finished else None
        if field is not None:  # sides with no seat (a solo AI), ranked with the seats
            info.result = {**info.result, **field}
        info.finished_at = time.time()
        self.timers.stop_clocks()

    def _after_change(self) -> None:
        finished = self.info.status == "finished"
        if finished:
            self.timers.schedule()  # cancels it
            self.timers.clear_round()
            self.bots.cancel_turns()
        self.broadcast()
        self.bots.kick()
        self.tell_turns()
        if finished:
            self.host.on_idle(self)

    def tell_turns(self) -> None:
        """Tell the host whose turn came (the accounts newly to move with no page of the
        match open: the turn notices by e-mail)."""
        info = self.info
        now = set(self.to_move()) if info.status == "running" else set()
        came, self._told_to_move = now - self._told_to_move, now
        if self.host.on_turn is None or not came:
            return
        watching = {conn.seat for conn in self.connections}  # they see it come
        accounts = [
            a
            for seat in sorted(came - watching)
            if info.seats[seat].kind == "human" and (a := info.seats[seat].account) is not None
        ]
        if accounts:
            self.host.on_turn(info.id, accounts)

    # -- timeouts -----------------------------------------------------------------------

    async def _clock_ran_out(self) -> None:
        """A seat's clock ran out: a bot takes the seat, or the seat forfeits, or (a
        turn-based match's "choose") the seat is late: its clock stops and the other
        players may skip its turns or hand it to the house bot (:meth:`decide_late`).
        In a rated match running out of time counts as leaving (ranked last)."""
        if self.turn_based:  # the timer looks now and then (a wall clock may move)
            clocks = self.timers.clocks
            if clocks is None or not clocks.expired(self.timers.now()):
                self.timers.schedule()
                return
            with contextlib.suppress(Exception):  # a vacation set on another node since
                await self.load_vacations()
        async with self.lock:
            info, timers = self.info, self.timers
            clocks = timers.clocks
            if clocks is None or info.status != "running" or info.closed:
                return
            expired = clocks.expired(timers.now())
            if not expired:
                timers.schedule()
                return
            seat = expired[0]
            config = info.clock
            assert config is not None
            changes: dict[str, Any] = {}
            if config.policy in ("bot", "choose"):
                if config.policy == "bot":
                    info.seats[seat].give_up(seat, config.bot)
                else:
                    info.seats[seat].late = True
                    if info.rated:
                        info.seats[seat].count_as_left()
                changes["seats"] = [s.to_db() for s in info.seats]
                timers.sync_clocks(acted=None)  # the seat stops ticking; the others' timer re-arms
            else:
                self._finish(forfeit_result(self.core.match.state, seat))
                changes.update(finished_columns(info))
            clocks.remaining[seat] = 0.0
            event = Event(
                self.core.seq,
                "timeout",
                seat,
                {
                    "policy": config.policy,
                    "clocks": list(clocks.remaining),
                    "round_timer": timers.round_snapshot(),
                },
                time.time(),
            )
            try:
                await self.journal.commit([event], changes)
            except ApiError:
                return  # logged; the match was reloaded from the database as it was
            log.info("match %s: seat %d ran out of time (%s)", info.id, seat, config.policy)
            self._after_change()

    async def decide_late(self, by: int, late: int, choice: str, bot: str) -> None:
        """Another player's choice about the late seat ``late`` (its clock ran out):
        ``"skip"`` its turn now (``bot``, the house bot, plays what the seat owes until
        the turn passes, the seat staying its player's), or ``"bot"``: the house bot
        takes the seat for the rest of the match (its player counts as having left)."""
        async with self.lock:
            info = self.info
            if info.status != "running":
                raise ApiError("match_finished", "the match is not being played")
            if not 0 <= late < len(info.seats) or not info.seats[late].late:
                raise ApiError("not_late", f"seat {late} has not run out of time")
            if by == late or info.seats[by].kind != "human" or info.seats[by].late:
                raise ApiError(
                    "not_your_seat", "only another player still in the match decides this"
                )
            if choice == "bot":
                seats = self.seats_copy()
                seats[late].give_up(late, bot)
                seats[late].token = None
                await self.change_seats(seats)
                log.info("match %s: late seat %d handed to %s by seat %d", info.id, late, bot, by)
                return
            if late not in self.core.match.state.turn().seats:
                raise ApiError("not_late", f"it is not seat {late}'s turn: nothing to skip")
            for _ in range(SKIP_LIMIT):  # the house bot plays the seat's turn out
                state = self.core.match.state
                if info.status != "running" or late not in state.turn().seats:
                    break
                chooser = make_bot(bot, info.game, late, info.seed ^ len(self.core.match.history))
                action = await self.host.bots.think(info.id, bot, chooser.choose, state.clone())
                if not self.core.match.state.is_legal(action, late):
                    action = RandomBot(info.game, late, info.seed).choose(self.core.match.state)
                await self._commit_action(late, action, bot=bot)
            log.info("match %s: seat %d's late turn skipped by seat %d", info.id, late, by)

    async def _round_ran_out(self) -> None:
        """The game's round timer ran out: its timed action applies (seat None)."""
        async with self.lock:
            timers = self.timers
            if timers.round_timer is None or self.info.status != "running" or self.info.closed:
                return
            action, _ = timers.round_timer
            timers.round_timer = None
            spec = timers.round_spec()
            if spec is None or spec[1] != action or not timers.timed_action_applies(action):
                timers.sync_round()
                return
            # a storage failure is logged and the match reloaded; the next change re-arms
            with contextlib.suppress(ApiError):
                await self._commit_action(None, action)
                log.info("match %s: round timer ran out (%s)", self.info.id, action)

    # -- the actions of clients and bots ---------------------------------------

    async def _commit_action(
        self,
        seat: int | None,
        action: Action,
        by: Connection | None = None,
        ref: Any = None,
        bot: str | None = None,
    ) -> None:
        """Apply a checked action (plus the chance it triggers), store it, broadcast.

        ``seat`` is None for the game's own timed action (a round timer running out).
        ``by`` and ``ref``: the connection that sent the action and its ``ref``; the
        broadcast tells that connection which state answers it (only once stored:
        a state carrying ``ref`` always shows the action). ``bot``: the bot that chose
        it for a human seat (a late turn skipped); a bot seat's moves say so too.
        """
        core, timers, info = self.core, self.timers, self.info
        first = len(core.match.history)
        changes: dict[str, Any] = {}
        if seat is not None and bot is None and info.seats[seat].kind == "bot":
            bot = info.seats[seat].bot or "random"
        if seat is not None and bot is None and info.seats[seat].late:
            info.seats[seat].late = False  # the late player is back: the clock runs again
            changes["seats"] = [s.to_db() for s in info.seats]
        core.apply(seat, action)
        core.note_bot_move(first, seat, bot)
        core.resolve_chance()
        if core.match.state.is_terminal():
            self._finish({**result_of(core.match.state), "forfeited": [], "reason": "finished"})
        else:
            timers.sync_clocks(acted=seat)
        timers.sync_round()
        events = action_events(
            core, first, seat, timers.clocks_list(), timers.round_snapshot(), time.time(), bot
        )
        if self.info.status == "finished":
            changes.update(finished_columns(self.info))
        await self.journal.commit(events, changes)
        if by is not None and ref is not None:
            by.answer(ref)
        self._after_change()

    def _check_can_act(self, seat: int | None, state_id: str) -> None:
        if seat is None:
            raise ApiError("not_your_seat", "spectators cannot act; join a seat to play")
        info = self.info
        if info.seats[seat].kind != "human":
            raise ApiError("not_your_seat", f"seat {seat} is played by a bot now")
        if info.status in ("finished", "expired"):
            raise ApiError("match_finished", "the match is over")
        if info.status != "running":
            raise ApiError("not_started", "waiting for every seat to be filled")
        if not self.core.still_current(seat, state_id):
            raise ApiError(
                "stale_state", "the state changed since you saw it; look again and resubmit"
            )

    async def submit(
        self, seat: int | None, data: dict[str, Any], by: Connection | None = None, ref: Any = None
    ) -> None:
        """Handle an ``action`` message (all checks under the lock); ``by``/``ref``: the
        connection that sent it and the ``ref`` its answering state carries."""
        async with self.lock:
            self._check_can_act(seat, data["state_id"])
            assert seat is not None
            action = self.core.parse_action(data)
            state = self.core.match.state
            if seat not in state.turn().seats:
                raise ApiError("not_your_turn", f"seat {seat} may not act now")
            # checked before anything (log redaction included) sees the action; the
            # checked apply inside Match.play asks the same question again
            if not state.is_legal(action, seat):
                raise ApiError("illegal_action", f"{action} is not legal now for seat {seat}")
            try:
                await self._commit_action(seat, action, by, ref)
            except NotYourTurnError as exc:  # pragma: no cover - checked above
                raise ApiError("not_your_turn", str(exc)) from None
            except MeepleError as exc:  # pragma: no cover - checked above
                raise ApiError("illegal_action", str(exc)) from None

    async def undo(
        self, seat: int | None, data: dict[str, Any], by: Connection | None = None, ref: Any = None
    ) -> None:
        """Handle an ``undo`` message; ``by``/``ref`` as for :meth:`submit`."""
        async with self.lock:
            self._check_can_act(seat, data["state_id"])
            assert seat is not None
            core, timers = self.core, self.timers
            if not core.match.can_undo(seat):
                raise ApiError(
                    "undo_refused",
                    "nothing of yours to undo in this turn (or it revealed information)",
                )
            core.undo(seat)
            timers.sync_clocks(acted=None)
            timers.sync_round()
            data = {"clocks": timers.clocks_list(), "round_timer": timers.round_snapshot()}
            event = Event(core.seq, "undo", seat, data, time.time())
            await self.journal.commit([event], {})
            if by is not None and ref is not None:
                by.answer(ref)
            self._after_change()

    async def handle(self, conn: Connection, message: ClientMessage) -> None:
        """Dispatch one parsed client message; errors go back to that connection only."""
        try:
            if message.type == "action":
                await self.submit(conn.seat, message.data, conn, message.ref)
            elif message.type == "undo":
                await self.undo(conn.seat, message.data, conn, message.ref)
            elif message.type == "sync":
                conn.log_sent, conn.summary_sent = 0, None  # resend everything
                self.audience.send_state(conn)
            elif message.type == "ping":
                conn.send('{"type":"pong"}')
            elif message.type == "describe":
                conn.send(self.messages.description(conn.seat, message.data["lang"], message.ref))
        except ApiError as exc:
            conn.send(error_message(exc, message.ref, self.state_id))
        except Exception:  # a bug: rebuild from what is stored, so memory matches the database
            log.exception("match %s: unexpected error on a %s message", self.id, message.type)
            async with self.lock:
                try:
                    await self._reload()
                except Exception:  # the database too: the next change tries again
                    log.exception("match %s: could not reload after the error", self.id)
            refused = ApiError("server_error", "the server failed on this message; nothing changed")
            conn.send(error_message(refused, message.ref, self.state_id))
