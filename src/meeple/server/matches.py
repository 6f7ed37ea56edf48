"""One live match on the server: state, seats, connections, bots, clocks, persistence.

Every change to a match happens under its ``asyncio.Lock`` and follows the same
order: validate, apply in memory, COMMIT the events to the database, then tell
the clients. Two submissions racing for one state therefore serialize on the
lock and the second one finds a new ``state_id`` (``stale_state``).

If the commit fails, the in-memory match is rebuilt from the database, so the
server never shows a move it has not stored.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.bots import make_bot
from meeple.bots.base import Bot
from meeple.bots.simple import RandomBot
from meeple.core.actions import Action
from meeple.core.errors import ActionParseError, MeepleError, NotYourTurnError
from meeple.core.game import Game, State, ranks_from_keys
from meeple.core.labels import action_labels, end_labels, log_labels
from meeple.core.match import Match, MatchRecord, result_of
from meeple.core.rng import Rng
from meeple.core.turn import TurnKind
from meeple.server.clocks import ClockConfig, Clocks
from meeple.server.protocol import ApiError, ClientMessage, dumps, error_message, state_token
from meeple.server.storage import Event, MatchRow, StorageError

if TYPE_CHECKING:
    from meeple.server.lobby import Lobby

log = logging.getLogger("meeple.server")

#: Salt of the generator that samples chance outcomes (seeded by the match's secret seed).
CHANCE_SALT = 0xC4A9CE
_MASK63 = (1 << 63) - 1
#: How many recent state ids a match remembers (for simultaneous-turn staleness).
TOKEN_MEMORY = 256
#: Seconds a "seat came online / went offline" update waits to ride on the next broadcast.
PRESENCE_DELAY = 0.05


@dataclass
class Seat:
    """A seat of a match. ``token`` is the SHA-256 digest of the seat's secret, or None."""

    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    token: str | None = None

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token is not None

    def to_db(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "token": self.token}

    @staticmethod
    def from_db(data: dict[str, Any]) -> Seat:
        return Seat(data["kind"], data["name"], data.get("bot"), data.get("token"))


@dataclass
class LogEntry:
    """One applied action: its actor and the line as each viewer sees it (last: spectators)."""

    actor: int | None
    texts: list[str]


#: A connection holds at most this many messages, or bytes, for a client that reads
#: slowly; past either bound it keeps one whole, current state message instead
#: (a client far behind needs the position now, not every step to it).
MAX_QUEUED = 16
MAX_QUEUED_BYTES = 1 << 20
#: Seconds one message may wait to be taken by the client before the connection is
#: dropped as dead (the server pings every 20 s and allows 20 s for the answer).
SEND_STALL_LIMIT = 40.0


class Connection:
    """One WebSocket of a match.

    A message is written at once when nothing is queued; if the socket is paused
    (a slow client), later messages queue behind it and a short-lived task sends
    them in order once it drains: a slow client never holds up the match or the
    other clients, and an idle connection costs no task at all.

    The queue is bounded (:data:`MAX_QUEUED`, :data:`MAX_QUEUED_BYTES`): past
    either bound it is replaced by one whole state message built by ``latest``
    (so the deltas after it stay consistent), and a message not taken within
    :data:`SEND_STALL_LIMIT` seconds drops the connection through ``abort``
    (a client that stopped reading; once, 30 of them grew a server by 400 MB).
    """

    def __init__(
        self,
        send: Callable[[dict[str, Any]], Awaitable[None]],
        seat: int | None,
        abort: Callable[[], None] | None = None,
    ) -> None:
        #: The ASGI server's own ``send`` for this socket (no framework wrappers:
        #: a state message is the hottest path of the server).
        self._send = send
        self.seat = seat
        #: Log lines and match summary this connection already has: the next state
        #: message carries only the lines after them, and the summary if it changed.
        self.log_sent = 0
        self.summary_sent: dict[str, Any] | None = None
        self.outbox: collections.deque[str] = collections.deque()
        self.queued_bytes = 0
        self.flushing: asyncio.Task[None] | None = None
        self.closed = False
        #: The ``ref`` of this connection's own action or undo, once stored: the
        #: next state message to it carries ``"ref"`` so the client knows which
        #: state answers it (in a simultaneous turn other seats' states arrive
        #: meanwhile, and must not end the client's wait).
        self.answers: Any = None
        #: the last ref put into a message that may still be queued (kept across a
        #: coalesced queue, so the answer is not lost with the messages dropped)
        self.queued_ref: Any = None
        #: builds the whole current state message for this connection (set by the match)
        self.latest: Callable[[], str | None] | None = None
        #: drops the client's transport (set by the socket handler when it can)
        self.abort = abort
        self.coalesced = 0  #: how many times the queue was replaced by a whole state

    def answer(self, ref: Any) -> None:
        """Mark the next state message to this connection as the answer to ``ref``."""
        self.answers = ref

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.flushing is None:
            # Nothing queued: write now. The server's send completes without
            # suspending unless the socket is paused for flow control, so run it
            # eagerly and hand it to a task only if it does suspend (what
            # Python 3.12's eager tasks do): a state message then costs no task
            # and no trip round the event loop.
            coro: Any = self._send({"type": "websocket.send", "text": text})
            try:
                waiting_on = coro.send(None)
            except StopIteration:
                return
            except Exception:  # the socket closed under us: the reader ends the connection
                self.closed = True
                return
            self.flushing = asyncio.ensure_future(self._finish(coro, waiting_on))
            return
        if len(self.outbox) >= MAX_QUEUED or self.queued_bytes + len(text) > MAX_QUEUED_BYTES:
            self._coalesce()
            return
        self.outbox.append(text)
        self.queued_bytes += len(text)

    def _coalesce(self) -> None:
        """Replace the queue by one whole state message (see the class docstring)."""
        self.outbox.clear()
        self.queued_bytes = 0
        self.coalesced += 1
        self.log_sent, self.summary_sent = 0, None  # whatever comes next is whole
        if self.answers is None:
            self.answers = self.queued_ref
        whole = self.latest() if self.latest is not None else None
        if whole is not None:  # None: a write is in flight; its broadcast brings it
            self.outbox.append(whole)
            self.queued_bytes = len(whole)

    async def _finish(self, coro: Any, waiting_on: Any) -> None:
        """Drive a suspended send to its end, then send whatever queued meanwhile."""
        try:
            async with asyncio.timeout(SEND_STALL_LIMIT):
                while True:
                    if waiting_on is None:
                        await asyncio.sleep(0)  # a bare yield: just let the loop run
                    else:
                        # The future was yielded once already (flagged as awaited); clear
                        # the flag as asyncio's Task does with a yielded future, then wait.
                        waiting_on._asyncio_future_blocking = False
                        await waiting_on
                    try:
                        waiting_on = coro.send(None)
                    except StopIteration:
                        break
            while self.outbox and not self.closed:
                text = self.outbox.popleft()
                self.queued_bytes -= len(text)
                async with asyncio.timeout(SEND_STALL_LIMIT):
                    await self._send({"type": "websocket.send", "text": text})
            self.queued_ref = None
        except asyncio.CancelledError:
            coro.close()
            raise
        except TimeoutError:  # the client stopped reading: drop it
            coro.close()
            log.info("dropping a connection that took no message for %s s", SEND_STALL_LIMIT)
            self.close()
            if self.abort is not None:
                self.abort()
        except Exception:  # the socket closed under us: the reader ends the connection
            self.closed = True
            coro.close()
        finally:
            self.flushing = None

    def close(self) -> None:
        self.closed = True
        self.outbox.clear()
        self.queued_bytes = 0


def _same_summary(new: dict[str, Any], old: dict[str, Any] | None) -> bool:
    """Whether a connection that has ``old`` needs ``new`` resent. The move count
    is left out: every state message carries it at its top level."""
    if old is None:
        return False
    return {**old, "moves": new["moves"]} == new  # one C-level copy and compare


def forfeit_result(state: State, forfeiter: int, reason: str = "timeout") -> dict[str, Any]:
    """Result of a match ended by a forfeit: the forfeiter is last, the others are ranked
    among themselves by the current scores and tiebreaks."""
    n = state.game.players
    scores = list(state.scores())
    tiebreaks = state.tiebreaks()
    others = [s for s in range(n) if s != forfeiter]
    other_ranks = ranks_from_keys([(scores[s], *tiebreaks[s]) for s in others])
    ranks = [0] * n
    for s, r in zip(others, other_ranks, strict=True):
        ranks[s] = r
    ranks[forfeiter] = n
    winners = [s for s in range(n) if ranks[s] == 1]
    return {
        "scores": scores,
        "ranks": ranks,
        "winners": winners,
        "forfeited": [forfeiter],
        "reason": reason,
    }


class LiveMatch:
    """A match held in memory by the server (built new, or rebuilt from its event log)."""

    def __init__(
        self,
        lobby: Lobby,
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
        self.lobby = lobby
        self.id = match_id
        self.game = game
        self.seed = seed
        self.seats = seats
        self.clock_config = clock
        self.clocks = Clocks(clock, game.players) if clock else None
        self.bot_delay = bot_delay
        self.created_at = created_at
        self.finished_at: float | None = None
        self.status = status
        self.result: dict[str, Any] | None = None
        self.rematch_of = rematch_of
        self.rematch: str | None = None
        self.match = Match(game, seed)
        self.match.listeners.append(self._tell_bots)
        self._thinking: set[int] = set()  # seats whose bot is in choose() on a worker thread
        self.log: list[LogEntry] = []
        #: per viewer (seats, then spectators last): the log lines as sent, built once
        self.log_views: list[list[dict[str, Any]]] = [[] for _ in range(game.players + 1)]
        self.seq = 0  # events applied (actions, undos, timeouts): names the state for clients
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.timer: asyncio.TimerHandle | None = None
        self.timeout_task: asyncio.Task[None] | None = None
        self._presence_timer: asyncio.TimerHandle | None = None
        #: Database writes in flight. While one is, the in-memory match may be ahead
        #: of what is stored (and of its state id): no state message goes out then;
        #: a broadcast asked for meanwhile is sent when the last write ends.
        self._writes = 0
        self._deferred_broadcast = False
        #: the game's own round timer (``State.round_timer()``): (action, monotonic deadline)
        self.round_timer: tuple[Action, float] | None = None
        self._round_handle: asyncio.TimerHandle | None = None
        self._round_task: asyncio.Task[None] | None = None
        self._round_left: float | None = None  # restored from the log on a restart
        self._state_id: tuple[int, str] = (-1, "")
        #: recent state ids -> their event count, and per seat the event count at which
        #: what it may do last changed: in a simultaneous turn an action on an older
        #: state id is accepted while nothing that seat may do has changed since
        self._token_seq: dict[str, int] = {}
        self._changed_at: list[int] = [0] * game.players
        self._legal_fp: list[tuple[int, ...] | None] = [None] * game.players
        self.closed = False
        #: legal-action entries ({code, text, json}), shared by matches of one configuration
        self._entries: dict[Action, dict[str, Any]] = (
            lobby.entry_cache(game) if lobby is not None else {}
        )

    # -- building ---------------------------------------------------------------

    @classmethod
    def from_row(cls, lobby: Lobby, row: MatchRow) -> LiveMatch:
        """Rebuild a match from its stored setup and event log (checked applies throughout)."""
        from meeple.core.registry import make_game

        game = make_game(row.game, players=row.players, **row.options)
        clock = ClockConfig.from_json(row.setup.get("clock"))
        live = cls(
            lobby,
            row.id,
            game,
            row.seed,
            [Seat.from_db(s) for s in row.seats],
            clock,
            float(row.setup.get("bot_delay", lobby.bot_delay)),
            row.created_at,
            row.status,
            row.setup.get("rematch_of"),
        )
        live.rematch = row.rematch
        live.result = row.result
        live.finished_at = row.finished_at
        last_clocks: list[float] | None = None
        for event in row.events:
            live._replay(event)
            if "round_timer" in event.data:  # the time left when this event was stored
                timer = event.data["round_timer"]
                live._round_left = None if timer is None else float(timer["remaining"])
            if event.data.get("clocks") is not None:
                last_clocks = event.data["clocks"]
            live.seq += 1
        if live.clocks is not None and last_clocks is not None:
            live.clocks.remaining = [float(v) for v in last_clocks]
        live._note_changes()
        return live

    def _replay(self, event: Event) -> None:
        """Apply one stored event as it applied live (each kind on its own branch: an
        event kind that replayed as nothing once brought undone actions back after a
        restart, under a state id that had named the position without them).

        A clock timeout changes no game state: its seat change is in the stored
        seats and its clock values in ``data["clocks"]``.
        """
        if event.kind == "action":
            self._apply(event.seat, self.game.action_from_json(event.data["action"]))
        elif event.kind == "undo":
            if event.seat is None:
                raise StorageError(f"match {self.id}: undo event {event.idx} has no seat")
            self.match.undo(event.seat)
            self._pop_log()
        elif event.kind != "timeout":
            raise StorageError(f"match {self.id}: unknown event kind {event.kind!r}")

    def start(self) -> None:
        """Start clocks and bots (after creation, a join, or a server restart)."""
        if self.status != "running":
            return
        self._sync_clocks(acted=None)
        self._sync_round_timer(self._round_left)
        self._round_left = None
        self._kick_bots()

    def shutdown(self) -> None:
        """Stop timers, bot tasks and connections (server stopping, or match evicted)."""
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self._presence_timer is not None:
            self._presence_timer.cancel()
            self._presence_timer = None
        self._cancel_round_timer()
        if self._round_task is not None:
            self._round_task.cancel()
        for task in list(self.bot_tasks.values()):
            task.cancel()
        if self.timeout_task is not None:
            self.timeout_task.cancel()
        for conn in list(self.connections):
            conn.close()

    # -- in-memory application (no I/O) ---------------------------------------

    def _apply(self, seat: int | None, action: Action) -> None:
        """Apply one action through Match.play, logging it as each viewer sees it."""
        state = self.match.state
        actor = seat if seat is not None or state.is_chance() else state.current_seat()
        full = State.redact_action(state, action, actor, None)  # the unredacted line
        if type(state).redact_action is State.redact_action:
            # the default log line is the same for every viewer: build it once
            texts = [full] * (self.game.players + 1)
            labels = [action_labels(self.game, action)] * (self.game.players + 1)
        else:
            viewers: list[int | None] = [*range(self.game.players), None]
            texts = [state.redact_action(action, actor, v) for v in viewers]
            labels = [log_labels(state, action, actor, v) for v in viewers]
        self.match.play(action, seat)
        index = len(self.log)
        self.log.append(LogEntry(actor, texts))
        whole = action.to_json()
        # A viewer gets the JSON form when it sees the whole action: its line is the
        # unredacted one and, on a line that differs between viewers (one that bears
        # a secret), also the actor's own. Otherwise a secret line whose actor sees
        # more than the plain text (Fit To Print's "keep 17") gave the JSON to the
        # others and not to the actor: lines of one action must not differ in shape
        # except where a viewer sees the secret. Every line has its label.
        secret = texts.count(texts[0]) != len(texts)
        own = texts[actor] if secret and actor is not None else full
        for view, text, label in zip(self.log_views, texts, labels, strict=True):
            line: dict[str, Any] = {"index": index, "seat": actor, "text": text, "label": label}
            if text == full and text == own:
                line["json"] = whole
            view.append(line)

    def _pop_log(self) -> None:
        self.log.pop()
        for view in self.log_views:
            view.pop()

    def _resolve_chance(self) -> list[tuple[None, Action]]:
        """Sample chance outcomes until a seat (or nobody) acts.

        The generator for each draw is derived from the secret seed and the
        position in the history, so a match rebuilt after a crash samples the
        same future outcomes as the one that crashed would have.
        """
        applied: list[tuple[None, Action]] = []
        while self.match.state.is_chance():
            outcomes = self.match.state.chance_outcomes()
            rng = Rng(self.seed).spawn(CHANCE_SALT + len(self.match.history))
            action = outcomes[rng.weighted_index([p for _, p in outcomes])][0]
            self._apply(None, action)
            applied.append((None, action))
        return applied

    def apply_opening_chance(self) -> list[Event]:
        """Resolve chance before the first seat acts (a new match); returns the events."""
        now = time.time()
        events = []
        for seat, action in self._resolve_chance():
            events.append(Event(self.seq, "action", seat, {"action": action.to_json()}, now))
            self.seq += 1
        self._note_changes()
        return events

    # -- clocks ------------------------------------------------------------------

    def _ticking(self) -> set[int]:
        if self.status != "running":
            return set()
        return {s for s in self.match.state.turn().seats if self.seats[s].kind == "human"}

    def _sync_clocks(self, acted: int | None) -> None:
        if self.clocks is None:
            return
        now = time.monotonic()
        if self.status == "running":
            self.clocks.update(now, self._ticking(), acted)
        else:
            if acted is not None:
                self.clocks.update(now, set(), acted)
            self.clocks.stop(now)
        self._schedule_timer()

    def _clock_snapshot(self) -> list[float] | None:
        if self.clocks is None:
            return None
        return self.clocks.remaining_at(time.monotonic())

    def _schedule_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.clocks is None or self.status != "running" or self.closed:
            return
        nxt = self.clocks.next_expiry()
        if nxt is None:
            return
        delay = max(0.0, nxt[1] - time.monotonic())
        self.timer = asyncio.get_running_loop().call_later(delay, self._on_timer)

    def _on_timer(self) -> None:
        self.timer = None
        self.timeout_task = asyncio.create_task(self._timeout())

    async def _timeout(self) -> None:
        async with self.lock:
            if self.clocks is None or self.status != "running" or self.closed:
                return
            expired = self.clocks.expired(time.monotonic())
            if not expired:
                self._schedule_timer()
                return
            seat = expired[0]
            config = self.clock_config
            assert config is not None
            changes: dict[str, Any] = {}
            if config.policy == "bot":
                self.seats[seat].kind = "bot"
                self.seats[seat].bot = config.bot
                self.seats[seat].name = f"{self.seats[seat].name} ({config.bot})"
                changes["seats"] = [s.to_db() for s in self.seats]
                self._sync_clocks(acted=None)  # the seat stops ticking; the others' timer re-arms
            else:
                self._finish(forfeit_result(self.match.state, seat))
                changes.update(self._finish_changes())
            self.clocks.remaining[seat] = 0.0
            event = Event(
                self.seq,
                "timeout",
                seat,
                {
                    "policy": config.policy,
                    "clocks": list(self.clocks.remaining),
                    "round_timer": self._round_timer_snapshot(),
                },
                time.time(),
            )
            try:
                await self._commit([event], changes)
            except ApiError:
                return  # logged; the match was reloaded from the database as it was
            log.info("match %s: seat %d ran out of time (%s)", self.id, seat, config.policy)
            self._after_change(acted=None)

    # -- the game's own round timer (Fit To Print's real-time days) --------------

    def _round_timer_spec(self) -> tuple[float, Action] | None:
        """``State.round_timer()`` when the game has one: (seconds, the timed action)."""
        if self.status != "running" or self.closed:
            return None
        spec = self.match.state.round_timer()
        return None if spec is None else (float(spec[0]), spec[1])

    def _cancel_round_timer(self) -> None:
        if self._round_handle is not None:
            self._round_handle.cancel()
            self._round_handle = None

    def _sync_round_timer(self, remaining: float | None = None) -> None:
        """Arm one timer per distinct timed action; disarm when the game offers none.

        ``remaining`` (a restart) resumes a timer with the time it had left: the
        time the server was down is not charged, as with clocks.
        """
        spec = self._round_timer_spec()
        if spec is None:
            self._cancel_round_timer()
            self.round_timer = None
            return
        seconds, action = spec
        if self.round_timer is not None and self.round_timer[0] == action:
            return  # this round's timer already runs
        self._cancel_round_timer()
        left = seconds if remaining is None else max(0.0, min(seconds, remaining))
        deadline = time.monotonic() + left
        self.round_timer = (action, deadline)
        self._round_handle = asyncio.get_running_loop().call_later(left, self._on_round_timer)

    def _round_timer_snapshot(self) -> dict[str, Any] | None:
        if self.round_timer is None:
            return None
        action, deadline = self.round_timer
        return {
            "action": str(action),
            "json": action.to_json(),
            "remaining": round(max(0.0, deadline - time.monotonic()), 3),
        }

    def _on_round_timer(self) -> None:
        self._round_handle = None
        self._round_task = asyncio.create_task(self._round_timeout())

    async def _round_timeout(self) -> None:
        async with self.lock:
            if self.round_timer is None or self.status != "running" or self.closed:
                return
            action, _ = self.round_timer
            self.round_timer = None
            spec = self._round_timer_spec()
            if spec is None or spec[1] != action or not self._timed_action_applies(action):
                self._sync_round_timer()
                return
            # a storage failure is logged and the match reloaded; the next change re-arms
            with contextlib.suppress(ApiError):
                await self._commit_action(None, action)
                log.info("match %s: round timer ran out (%s)", self.id, action)

    def _timed_action_applies(self, action: Action) -> bool:
        """Check a timed action on a copy (a game's apply is the judge, seat None)."""
        probe = self.match.state.clone()
        try:
            probe.apply(action, None)
        except MeepleError:
            log.error("match %s: timed action %s refused by the rules", self.id, action)
            return False
        return True

    # -- results -----------------------------------------------------------------

    def _finish(self, result: dict[str, Any]) -> None:
        self.status = "finished"
        end = end_labels(self.match.state) if result.get("reason") == "finished" else None
        # the game's words for why it ended, shown above the result table (docs/protocol.md)
        self.result = {**result, "end": end} if end is not None else result
        self.finished_at = time.time()
        if self.clocks is not None:
            self.clocks.stop(time.monotonic())

    def _finish_changes(self) -> dict[str, Any]:
        return {"status": "finished", "result": self.result, "finished_at": self.finished_at}

    def record(self) -> MatchRecord:
        """The replayable record; only handed out for finished matches (it holds the seed).

        A game played to its end keeps the core result (``replay(verify=True)``
        checks it); a forfeit's record holds the forfeit result (the game itself
        did not end, so it cannot verify). ``meta`` says how the match ended.
        """
        meta: dict[str, Any] = {"match_id": self.id, "seats": [s.name for s in self.seats]}
        if self.result is not None:
            meta["reason"] = self.result.get("reason")
            meta["forfeited"] = self.result.get("forfeited", [])
        rec = self.match.record(meta)
        if self.result is not None and self.result.get("reason") != "finished":
            rec.result = self.result
        return rec

    # -- persistence -------------------------------------------------------------

    async def _commit(self, events: list[Event], changes: dict[str, Any]) -> None:
        """Write events (and column changes) before anyone hears of them.

        On failure the in-memory match is rebuilt from what the database holds.
        """
        changes = dict(changes)
        if changes:  # the move count is stored with every other change (not per move:
            changes["moves"] = len(self.match.history)  # running matches count in memory)
        self._writes += 1
        try:
            await self.lobby.storage.append_events(self.id, events, changes)
        except StorageError:
            log.exception("match %s: could not store events; reloading it", self.id)
            await self._reload()
            raise ApiError(
                "server_error", "the move could not be stored; nothing changed"
            ) from None
        else:
            self.seq += len(events)
            self._note_changes()
        finally:
            self._written()

    def _written(self) -> None:
        """A write ended: send the broadcast that waited for it, once none is left."""
        self._writes -= 1
        if not self._writes and self._deferred_broadcast:
            self._deferred_broadcast = False
            self.broadcast()

    async def _reload(self) -> None:
        row = await self.lobby.storage.get_match(self.id, with_events=True)
        if row is None:  # pragma: no cover - matches are never deleted
            return
        fresh = LiveMatch.from_row(self.lobby, row)
        for name in (
            "seats", "status", "result", "finished_at", "match", "log", "log_views", "seq", "clocks",
            "_token_seq", "_changed_at", "_legal_fp",
        ):  # fmt: skip
            setattr(self, name, getattr(fresh, name))
        self.match.listeners = [self._tell_bots]
        self._sync_clocks(acted=None)
        self.round_timer = None
        self._sync_round_timer(fresh._round_left)

    # -- the actions of clients and bots ---------------------------------------

    async def _commit_action(
        self, seat: int | None, action: Action, by: Connection | None = None, ref: Any = None
    ) -> None:
        """Apply a checked action (plus the chance it triggers), store it, broadcast.

        ``seat`` is None for the game's own timed action (a round timer running out).
        ``by`` and ``ref``: the connection that sent the action and its ``ref``; the
        broadcast tells that connection which state answers it (only once stored:
        a state carrying ``ref`` always shows the action).
        """
        first = len(self.match.history)
        self._apply(seat, action)
        self._resolve_chance()
        if self.match.state.is_terminal():
            self._finish({**result_of(self.match.state), "forfeited": [], "reason": "finished"})
        else:
            self._sync_clocks(acted=seat)
        self._sync_round_timer()
        now = time.time()
        events = []
        for i, (actor, act) in enumerate(self.match.history[first:]):
            # the stored seat is the one applied with (None: chance or a timed action)
            stored = seat if i == 0 else actor
            events.append(Event(self.seq + i, "action", stored, {"action": act.to_json()}, now))
        events[-1].data["clocks"] = list(self.clocks.remaining) if self.clocks is not None else None
        events[-1].data["round_timer"] = self._round_timer_snapshot()
        changes = self._finish_changes() if self.status == "finished" else {}
        await self._commit(events, changes)
        if by is not None and ref is not None:
            by.answer(ref)
        self._after_change(acted=seat)

    def _after_change(self, acted: int | None) -> None:
        if self.status == "finished":
            self._schedule_timer()  # cancels it
            self._cancel_round_timer()
            self.round_timer = None
            for seat, task in list(self.bot_tasks.items()):
                if task is not asyncio.current_task():
                    task.cancel()
                    self.bot_tasks.pop(seat, None)
        self.broadcast()
        self._kick_bots()
        if self.status == "finished":
            self.lobby.maybe_evict(self)

    def _check_can_act(self, seat: int | None, state_id: str) -> None:
        if seat is None:
            raise ApiError("not_your_seat", "spectators cannot act; join a seat to play")
        if self.seats[seat].kind != "human":
            raise ApiError("not_your_seat", f"seat {seat} is played by a bot now")
        if self.status in ("finished", "expired"):
            raise ApiError("match_finished", "the match is over")
        if self.status != "running":
            raise ApiError("not_started", "waiting for every seat to be filled")
        if state_id != self.state_id:
            seen = self._token_seq.get(state_id)
            if seen is None or seen < self._changed_at[seat]:
                raise ApiError(
                    "stale_state", "the state changed since you saw it; look again and resubmit"
                )

    def _note_changes(self) -> None:
        """After every event: remember the new state id, and per seat whether what it may
        do changed. Outside simultaneous turns every event counts as a change (strict)."""
        self._token_seq[self.state_id] = self.seq
        if len(self._token_seq) > TOKEN_MEMORY:
            del self._token_seq[next(iter(self._token_seq))]
        state = self.match.state
        turn = state.turn()
        for seat in range(self.game.players):
            fp: tuple[int, ...] | None = None
            if turn.kind is TurnKind.SIMULTANEOUS and seat in turn.seats:
                fp = tuple(self._entry(a)["code"] for a in state.legal_actions(seat))
            if fp is None or fp != self._legal_fp[seat]:
                self._changed_at[seat] = self.seq
            self._legal_fp[seat] = fp

    def parse_action(self, data: dict[str, Any]) -> Action:
        try:
            if "code" in data:
                return self.game.action_from_code(data["code"])
            if "action" in data:
                return self.game.action_from_json(data["action"])
            text = data["text"]
            if not isinstance(text, str):
                raise ActionParseError(f"text must be a string, got {text!r}")
            return self.game.parse_action(text)
        except ActionParseError as exc:
            raise ApiError("bad_action", str(exc)) from None

    async def submit(
        self, seat: int | None, data: dict[str, Any], by: Connection | None = None, ref: Any = None
    ) -> None:
        """Handle an ``action`` message (all checks under the lock); ``by``/``ref``: the
        connection that sent it and the ``ref`` its answering state carries."""
        async with self.lock:
            self._check_can_act(seat, data["state_id"])
            assert seat is not None
            action = self.parse_action(data)
            state = self.match.state
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
            if not self.match.can_undo(seat):
                raise ApiError(
                    "undo_refused",
                    "nothing of yours to undo in this turn (or it revealed information)",
                )
            self.match.undo(seat)
            self._pop_log()
            self._sync_clocks(acted=None)
            self._sync_round_timer()
            data = {"clocks": self._clocks_list(), "round_timer": self._round_timer_snapshot()}
            event = Event(self.seq, "undo", seat, data, time.time())
            await self._commit([event], {})
            if by is not None and ref is not None:
                by.answer(ref)
            self._after_change(acted=None)

    def _clocks_list(self) -> list[float] | None:
        return list(self.clocks.remaining) if self.clocks is not None else None

    async def handle(self, conn: Connection, message: ClientMessage) -> None:
        """Dispatch one parsed client message; errors go back to that connection only."""
        try:
            if message.type == "action":
                await self.submit(conn.seat, message.data, conn, message.ref)
            elif message.type == "undo":
                await self.undo(conn.seat, message.data, conn, message.ref)
            elif message.type == "sync":
                conn.log_sent, conn.summary_sent = 0, None  # resend everything
                self.send_state(conn)
            elif message.type == "ping":
                conn.send('{"type":"pong"}')
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

    # -- bots ----------------------------------------------------------------------

    def bot_for(self, seat: int) -> Bot:
        spec = self.seats[seat].bot or "random"
        bot = self.bots.get(seat)
        if bot is None or getattr(bot, "_meeple_spec", None) != spec:
            bot_seed = (self.seed ^ (0x9E3779B97F4A7C15 * (seat + 1))) & _MASK63
            bot = make_bot(spec, self.game, seat, bot_seed)
            bot._meeple_spec = spec  # type: ignore[attr-defined]
            self.bots[seat] = bot
        return bot

    def _tell_bots(self, actor: int | None, action: Action, before: State) -> None:
        """Bot.observe for every bot of the match (tree reuse). A bot still thinking on
        its thread is skipped rather than touched concurrently: its search result is
        for an older state and gets discarded anyway."""
        for seat, bot in self.bots.items():
            if seat not in self._thinking:
                try:
                    bot.observe(actor, action, before)
                except Exception:
                    log.exception("match %s: %s.observe failed", self.id, bot)

    def _kick_bots(self) -> None:
        if self.status != "running" or self.closed:
            return
        for seat in self.match.state.turn().seats:
            if self.seats[seat].kind == "bot" and seat not in self.bot_tasks:
                self.bot_tasks[seat] = asyncio.create_task(self._bot_turn(seat))

    async def _bot_turn(self, seat: int) -> None:
        me = asyncio.current_task()
        try:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            if not self._bot_may_act(seat):
                return
            seq = self.seq
            snapshot = self.match.state.clone()  # the bot thinks on a copy, off the loop
            bot = self.bot_for(seat)
            spec = self.seats[seat].bot or "random"
            self._thinking.add(seat)
            try:
                action = await self.lobby.bots.think(self.id, spec, bot.choose, snapshot)
            except Exception:
                log.exception("match %s: bot %s failed; playing a random move", self.id, bot)
                action = RandomBot(self.game, seat, self.seed).choose(snapshot)
            finally:
                self._thinking.discard(seat)
            async with self.lock:
                if self.seq != seq or not self._bot_may_act(seat):
                    return  # the state moved on while it thought; the finally re-plans
                if not self.match.state.is_legal(action, seat):
                    log.error("match %s: bot %s chose illegal %s", self.id, bot, action)
                    action = RandomBot(self.game, seat, self.seed).choose(self.match.state)
                await self._commit_action(seat, action)
        except asyncio.CancelledError:
            raise
        except ApiError:
            pass  # storage failed: already logged, the match was reloaded
        except Exception:
            log.exception("match %s: bot turn of seat %d failed", self.id, seat)
        finally:
            if self.bot_tasks.get(seat) is me:
                del self.bot_tasks[seat]
            if not self.closed:
                self._kick_bots()

    def _bot_may_act(self, seat: int) -> bool:
        return (
            self.status == "running"
            and not self.closed
            and self.seats[seat].kind == "bot"
            and seat in self.match.state.turn().seats
        )

    # -- seats ------------------------------------------------------------------------

    def seat_for_token(self, digest: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.token is not None and s.token == digest:
                return i
        return None

    def all_taken(self) -> bool:
        return all(s.taken for s in self.seats)

    def seats_copy(self) -> list[Seat]:
        """Copies of the seats, for a change stored by :meth:`change_seats`."""
        return [dataclasses.replace(s) for s in self.seats]

    async def change_seats(self, seats: list[Seat]) -> None:
        """Store new seats (and the open -> running transition), then take them and
        tell everyone. The caller holds the lock. Memory changes only once the
        database has the change: a refused write leaves both as they were.
        """
        changes: dict[str, Any] = {"seats": [s.to_db() for s in seats]}
        started = self.status == "open" and all(s.taken for s in seats)
        if started:
            changes["status"] = "running"
        self._writes += 1
        try:
            await self.lobby.storage.update_match(self.id, changes)
            self.seats = seats
            if started:
                self.status = "running"
        finally:
            self._written()
        if started:
            self.start()
        else:
            self._sync_clocks(acted=None)
            self._kick_bots()
        self.broadcast()

    async def expire(self) -> None:
        """An open match nobody joined in time: stored as expired, then everyone told."""
        async with self.lock:
            if self.status != "open":
                return
            now = time.time()
            self._writes += 1
            try:
                await self.lobby.storage.update_match(
                    self.id, {"status": "expired", "finished_at": now}
                )
            except StorageError:
                log.exception("match %s: could not store its expiry", self.id)
                raise ApiError("server_error", "the expiry could not be stored") from None
            else:
                self.status, self.finished_at = "expired", now
            finally:
                self._written()
            self._schedule_timer()  # cancels any
            self.broadcast()

    # -- connections and messages ------------------------------------------------

    @property
    def state_id(self) -> str:
        if self._state_id[0] != self.seq:
            self._state_id = (self.seq, state_token(self.id, self.seq))
        return self._state_id[1]

    def _seat_online(self, seat: int | None) -> bool:
        return seat is not None and any(c.seat == seat for c in self.connections)

    def attach(self, conn: Connection) -> None:
        """Start serving a connection: it gets its state now; the others learn that its
        seat came online a moment later (merged into the next broadcast if one comes)."""
        was_online = self._seat_online(conn.seat)
        conn.latest = lambda: None if self._writes else self.message_to(conn)
        self.connections.add(conn)
        self.send_state(conn)
        if conn.seat is not None and not was_online:
            self._presence_changed()

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        conn.close()
        if self.closed:
            return
        if conn.seat is not None and not self._seat_online(conn.seat):
            self._presence_changed()
        self.lobby.maybe_evict(self)

    def _presence_changed(self) -> None:
        if self._presence_timer is None and self.connections and not self.closed:
            loop = asyncio.get_running_loop()
            self._presence_timer = loop.call_later(PRESENCE_DELAY, self._presence_flush)

    def _presence_flush(self) -> None:
        self._presence_timer = None
        if not self.closed:
            self.broadcast()

    def send_state(self, conn: Connection) -> None:
        """Send one connection what it lacks, now, or with the broadcast after a write."""
        if self._writes:
            self._deferred_broadcast = True
        else:
            conn.send(self.message_to(conn))

    def broadcast(self) -> None:
        """Send every connection the state built for its seat (built once per seat).

        Never while a write is in flight (see ``_writes``): it is sent when the
        write ends instead, so nobody hears of a change before it is stored.
        """
        if self._writes:
            self._deferred_broadcast = True
            return
        if self._presence_timer is not None:  # this broadcast carries the presence news
            self._presence_timer.cancel()
            self._presence_timer = None
        if not self.connections:
            return
        built: dict[tuple[int | None, int, bool], str] = {}
        summary = self.summary()
        for conn in self.connections:
            conn.send(self.message_to(conn, summary, built))

    def _entry(self, action: Action) -> dict[str, Any]:
        entry = self._entries.get(action)
        if entry is None:
            entry = self._entries[action] = {
                "code": self.game.action_code(action),
                "text": str(action),
                "json": action.to_json(),
                "label": action_labels(self.game, action),
            }
        return entry

    def summary(self) -> dict[str, Any]:
        connected = [0] * self.game.players
        for conn in self.connections:
            if conn.seat is not None:
                connected[conn.seat] += 1
        cls = type(self.game)
        return {
            "id": self.id,
            "game": self.game.name,
            "title": cls.title,
            "title_zh": cls.title_zh,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": self.status,
            "seats": [
                {
                    "seat": i,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot,
                    "taken": s.taken,
                    "connected": s.kind == "bot" or connected[i] > 0,
                }
                for i, s in enumerate(self.seats)
            ],
            "clock": self.clock_config.to_json() if self.clock_config else None,
            "bot_delay": self.bot_delay,
            "moves": len(self.match.history),
            "created_at": self.created_at,
            "finished_at": self.finished_at,
            "result": self.result,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
        }

    def state_message(
        self,
        seat: int | None,
        summary: dict[str, Any] | None = None,
        log_start: int = 0,
        with_summary: bool = True,
    ) -> dict[str, Any]:
        """The ``state`` message for one viewer: only what that seat may see.

        ``summary`` is the match summary when the caller already built it (it is
        the same for every viewer of one broadcast). The message carries the log
        lines from ``log_start`` on, and the summary only ``with_summary``: a
        connection is sent what it lacks, so a long game's log is not resent
        with every move (see "Deltas" in docs/protocol.md).
        """
        state = self.match.state
        turn = state.turn()
        may_act = (
            seat is not None
            and self.status == "running"
            and self.seats[seat].kind == "human"
            and seat in turn.seats
        )
        legal = [self._entry(a) for a in state.legal_actions(seat)] if may_act else []
        viewer = seat if seat is not None else self.game.players
        clocks = None
        if self.clock_config is not None:
            clocks = {
                **self.clock_config.to_json(),
                "remaining": self._clock_snapshot(),
                "running": sorted(self.clocks.running) if self.clocks else [],
                "at": time.time(),
            }
        message = {
            "type": "state",
            "match_id": self.id,
            "game": self.game.name,
            "seat": seat,
            "state_id": self.state_id,
            "moves": len(self.match.history),
            "status": self.status,
            "view": state.view(seat),
            "turn": turn.to_json(),
            "legal": legal,
            "log_start": log_start,
            "log": self.log_views[viewer][log_start:],
            "clocks": clocks,
            "round_timer": (
                {**snapshot, "at": time.time()}
                if (snapshot := self._round_timer_snapshot()) is not None
                else None
            ),
            "can_undo": bool(may_act and seat is not None and self.match.can_undo(seat)),
            "result": self.result,
        }
        if with_summary:
            message["match"] = summary if summary is not None else self.summary()
        return message

    def message_to(
        self,
        conn: Connection,
        summary: dict[str, Any] | None = None,
        built: dict[tuple[int | None, int, bool], str] | None = None,
    ) -> str:
        """The state message for one connection, with what it lacks, and note it as sent.

        ``built`` shares the encoded text between connections that lack the same
        (the connections of one seat, normally: one encoding per seat per broadcast).
        """
        if summary is None:
            summary = self.summary()
        log_len = len(self.log)
        log_start = min(conn.log_sent, log_len)  # an undo can shorten the log
        with_summary = not _same_summary(summary, conn.summary_sent)
        key = (conn.seat, log_start, with_summary)
        text = built.get(key) if built is not None else None
        if text is None:
            text = dumps(self.state_message(conn.seat, summary, log_start, with_summary))
            if built is not None:
                built[key] = text
        conn.log_sent = log_len
        conn.summary_sent = summary
        if conn.answers is not None:  # the shared text stays without this connection's ref
            text = f'{text[:-1]},"ref":{dumps(conn.answers)}}}'
            if conn.flushing is not None:
                conn.queued_ref = conn.answers
            conn.answers = None
        return text
