"""The game-state core of a live match: apply, redact, replay, and name the state.

:class:`GameCore` holds the core ``Match`` (state and history), the log as
each viewer sees it, and the event count that names the state for clients.
It does no I/O and knows nothing of seats, clocks or sockets: every change
of the game goes through :meth:`GameCore.apply` (live) or
:meth:`GameCore.replay` (from storage), the same code both ways, so a match
rebuilt after a crash is the match that crashed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import ActionParseError
from meeple.core.game import Game, State
from meeple.core.labels import action_labels, has_state_labels, log_labels
from meeple.core.match import Match
from meeple.core.rng import Rng
from meeple.core.turn import TurnKind
from meeple.server.protocol import ApiError, state_token
from meeple.server.storage import Event, StorageError

#: Salt of the generator that samples chance outcomes (seeded by the match's secret seed).
CHANCE_SALT = 0xC4A9CE
#: How many recent state ids a match remembers (for simultaneous-turn staleness).
TOKEN_MEMORY = 256


@dataclass
class LogEntry:
    """One applied action: its actor and the line as each viewer sees it (last: spectators)."""

    actor: int | None
    texts: list[str]


class GameCore:
    """The game of one match in memory (see the module docstring).

    ``entries`` is the legal-action entry table shared by every match of the
    game's configuration (:class:`~.host.EntryCache`).
    """

    def __init__(
        self, match_id: str, game: Game, seed: int, entries: dict[Action, dict[str, Any]]
    ) -> None:
        self.id = match_id
        self.game = game
        self.seed = seed
        self.match = Match(game, seed)
        self.log: list[LogEntry] = []
        #: per viewer (seats, then spectators last): the log lines as sent, built once
        self.log_views: list[list[dict[str, Any]]] = [[] for _ in range(game.players + 1)]
        self.seq = 0  # events applied (actions, undos, timeouts): names the state for clients
        self._state_id: tuple[int, str] = (-1, "")
        #: recent state ids -> their event count, and per seat the event count at which
        #: what it may do last changed: in a simultaneous turn an action on an older
        #: state id is accepted while nothing that seat may do has changed since
        self._token_seq: dict[str, int] = {}
        self._changed_at: list[int] = [0] * game.players
        self._legal_fp: list[tuple[int, ...] | None] = [None] * game.players
        self._entries = entries
        #: the game labels its legal actions from the state (labels.has_state_labels)
        self._state_labels = has_state_labels(game)
        #: the moves a bot made for a seat: (history index, seat, bot spec), in order
        #: (a bot seat's, and a late seat's turn skipped by the house bot)
        self.bot_moves: list[tuple[int, int, str]] = []

    def take_over(self, fresh: GameCore) -> None:
        """Become ``fresh`` (the same match rebuilt from storage), keeping this object:
        every other part of the match holds it."""
        self.match, self.log, self.log_views, self.seq = (
            fresh.match, fresh.log, fresh.log_views, fresh.seq,
        )  # fmt: skip
        self._token_seq, self._changed_at, self._legal_fp = (
            fresh._token_seq, fresh._changed_at, fresh._legal_fp,
        )  # fmt: skip
        self.bot_moves = fresh.bot_moves

    # -- the state's name --------------------------------------------------------

    @property
    def state_id(self) -> str:
        if self._state_id[0] != self.seq:
            self._state_id = (self.seq, state_token(self.id, self.seq))
        return self._state_id[1]

    def still_current(self, seat: int, state_id: str) -> bool:
        """Whether an action of ``seat`` on ``state_id`` acts on what it may do now:
        the current state, or (in a simultaneous turn) one since which nothing that
        seat may do has changed."""
        if state_id == self.state_id:
            return True
        seen = self._token_seq.get(state_id)
        return seen is not None and seen >= self._changed_at[seat]

    def note_changes(self) -> None:
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
                fp = tuple(self.entry(a)["code"] for a in state.legal_actions(seat))
            if fp is None or fp != self._legal_fp[seat]:
                self._changed_at[seat] = self.seq
            self._legal_fp[seat] = fp

    # -- actions -------------------------------------------------------------------

    def entry(self, action: Action) -> dict[str, Any]:
        """The wire form of a legal action (built once per game configuration; a game
        whose labels depend on the state gets its label from the state now)."""
        entry = self._entries.get(action)
        if entry is None:
            entry = self._entries[action] = {
                "code": self.game.action_code(action),
                "text": str(action),
                "json": action.to_json(),
                "label": action_labels(self.game, action),
            }
        if self._state_labels:
            return {**entry, "label": action_labels(self.game, action, self.match.state)}
        return entry

    def parse_action(self, data: dict[str, Any]) -> Action:
        """The action a client's ``action`` message names (by code, JSON or text)."""
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

    def apply(self, seat: int | None, action: Action) -> None:
        """Apply one action through Match.play, logging it as each viewer sees it."""
        state = self.match.state
        actor = seat if seat is not None or state.is_chance() else state.current_seat()
        full = State.redact_action(state, action, actor, None)  # the unredacted line
        if type(state).redact_action is State.redact_action:
            # the default log line is the same for every viewer: build it once
            texts = [full] * (self.game.players + 1)
            labels = [log_labels(state, action, actor, None)] * (self.game.players + 1)
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

    def note_bot_move(self, index: int, seat: int | None, bot: str | None) -> None:
        """Note that history entry ``index`` was a bot's move for ``seat``."""
        if bot is not None and seat is not None:
            self.bot_moves.append((index, seat, bot))

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action and its log line (the caller checked
        ``Match.can_undo``)."""
        self.match.undo(seat)
        self._pop_log()
        moves = len(self.match.history)
        self.bot_moves = [m for m in self.bot_moves if m[0] < moves]

    def _pop_log(self) -> None:
        self.log.pop()
        for view in self.log_views:
            view.pop()

    def resolve_chance(self) -> list[tuple[None, Action]]:
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
            self.apply(None, action)
            applied.append((None, action))
        return applied

    def opening_events(self, now: float) -> list[Event]:
        """Resolve chance before the first seat acts (a new match); returns the events."""
        events = []
        for seat, action in self.resolve_chance():
            events.append(Event(self.seq, "action", seat, {"action": action.to_json()}, now))
            self.seq += 1
        self.note_changes()
        return events

    # -- replay ----------------------------------------------------------------------

    def replay(self, event: Event) -> None:
        """Apply one stored event as it applied live (each kind on its own branch: an
        event kind that replayed as nothing once brought undone actions back after a
        restart, under a state id that had named the position without them).

        A clock timeout changes no game state: its seat change is in the stored
        seats and its clock values in ``data["clocks"]``.
        """
        if event.kind == "action":
            index = len(self.match.history)
            self.apply(event.seat, self.game.action_from_json(event.data["action"]))
            by = event.data.get("by")
            self.note_bot_move(index, event.seat, by if isinstance(by, str) else None)
        elif event.kind == "undo":
            if event.seat is None:
                raise StorageError(f"match {self.id}: undo event {event.idx} has no seat")
            self.undo(event.seat)
        elif event.kind != "timeout":
            raise StorageError(f"match {self.id}: unknown event kind {event.kind!r}")

    def replay_all(self, events: Sequence[Event]) -> tuple[list[float] | None, float | None]:
        """Replay a stored log (checked applies throughout). Returns what the timers
        resume from: the clock values stored last, and the round timer's time left as
        stored last (None for either when the log holds none)."""
        last_clocks: list[float] | None = None
        round_left: float | None = None
        for event in events:
            self.replay(event)
            if "round_timer" in event.data:  # the time left when this event was stored
                timer = event.data["round_timer"]
                round_left = None if timer is None else float(timer["remaining"])
            if event.data.get("clocks") is not None:
                last_clocks = event.data["clocks"]
            self.seq += 1
        self.note_changes()
        return last_clocks, round_left
