"""What a match tells each viewer: the summary, and state messages redacted per seat.

A state message is built for one viewer from ``State.view(seat)``, the legal
actions of that seat (only when it may act) and the log as that viewer saw
it, so a seat never receives another's secret. Messages are deltas: a
connection is sent the log lines and summary it lacks (see "Deltas" in
docs/protocol.md). A broadcast builds and encodes what every viewer gets once,
each seat's own part (its view) once per seat, and each whole text once per
seat and delta: connections that lack the same are sent the same text.
"""

from __future__ import annotations

import time
from typing import Any

from meeple.bots import house_bot
from meeple.cli.render import TextRenderer
from meeple.core.labels import confirm_labels
from meeple.server.match.connection import Connection
from meeple.server.match.core import GameCore
from meeple.server.match.seats import MatchInfo, hint_fields
from meeple.server.match.timers import MatchTimers
from meeple.server.protocol import dumps


def _same_summary(new: dict[str, Any], old: dict[str, Any] | None) -> bool:
    """Whether a connection that has ``old`` needs ``new`` resent. The move count
    is left out: every state message carries it at its top level."""
    if old is None:
        return False
    return {**old, "moves": new["moves"]} == new  # one C-level copy and compare


class Messages:
    """Builds a match's messages from its parts; ``connections`` is the match's set of
    connections (read for who is online)."""

    def __init__(
        self,
        info: MatchInfo,
        core: GameCore,
        timers: MatchTimers,
        connections: set[Connection],
    ) -> None:
        self.info = info
        self.core = core
        self.timers = timers
        self.connections = connections

    def summary(self) -> dict[str, Any]:
        info, game = self.info, self.info.game
        connected = [0] * game.players
        for conn in self.connections:
            if conn.seat is not None:
                connected[conn.seat] += 1
        cls = type(game)
        return {
            "id": info.id,
            "game": game.name,
            "title": cls.title,
            "title_zh": cls.title_zh,
            "players": game.players,
            "options": dict(game.options),
            "status": info.status,
            "seats": self._seats(connected),
            "house_bot": house_bot(game),
            "clock": info.clock.to_json() if info.clock else None,
            "bot_delay": info.bot_delay,
            "moves": len(self.core.match.history),
            "created_at": info.created_at,
            "finished_at": info.finished_at,
            "result": info.result,
            "rematch_of": info.rematch_of,
            "rematch": info.rematch,
            "rated": info.rated,
            "chat": info.chat,
            **hint_fields(info.hints, info.seats, info.rated),
        }

    def _seats(self, connected: list[int]) -> list[dict[str, Any]]:
        """The seats' summaries; in a turn-based match a seat whose player is on vacation
        says until when (``vacation_until``, an instant), for everyone to see."""
        info = self.info
        out = [s.summary(i, s.kind == "bot" or connected[i] > 0) for i, s in enumerate(info.seats)]
        for seat, end in self.on_vacation().items():
            out[seat]["vacation_until"] = end
        return out

    def on_vacation(self) -> dict[int, float]:
        """Seat -> the end of its player's vacation, for the seats on one now."""
        info, out = self.info, {}
        if self.timers.turn_based and info.vacations:
            now = self.timers.now()
            for i, seat in enumerate(info.seats):
                for start, end in info.vacations.get(seat.account or "", []):
                    if start <= now < end:
                        out[i] = end
        return out

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
        with every move (see "Deltas" in docs/protocol.md). :meth:`message_to`
        sends the same message, encoded from the same parts.
        """
        turn = self.core.match.state.turn()
        viewer = seat if seat is not None else self.info.game.players
        message = {
            **self._common(turn),
            **self._seat_part(seat, turn),
            "log_start": log_start,
            "log": self.core.log_views[viewer][log_start:],
        }
        if with_summary:
            message["match"] = summary if summary is not None else self.summary()
        return message

    def _common(self, turn: Any) -> dict[str, Any]:
        """The fields of a state message that are the same for every viewer."""
        info, core, timers = self.info, self.core, self.timers
        clocks = None
        if info.clock is not None:
            clocks = {
                **info.clock.to_json(),
                "remaining": timers.clock_snapshot(),
                "running": sorted(timers.clocks.running) if timers.clocks else [],
                "at": timers.now() if timers.turn_based else time.time(),
                # seats whose clocks run but are not charged now (their player's vacation)
                "paused": sorted(self.on_vacation()),
            }
        return {
            "type": "state",
            "match_id": info.id,
            "game": info.game.name,
            "state_id": core.state_id,
            "moves": len(core.match.history),
            "status": info.status,
            "turn": turn.to_json(),
            "clocks": clocks,
            "round_timer": (
                {**snapshot, "at": time.time()}
                if (snapshot := timers.round_snapshot()) is not None
                else None
            ),
            "result": info.result,
        }

    def _seat_part(self, seat: int | None, turn: Any) -> dict[str, Any]:
        """The fields of a state message that are ``seat``'s own: its view (``view(seat)``,
        ``None`` a spectator's), its legal actions (only when it may act) and undo."""
        info, core = self.info, self.core
        state = core.match.state
        may_act = (
            seat is not None
            and info.status == "running"
            and info.seats[seat].kind == "human"
            and seat in turn.seats
        )
        legal: list[dict[str, Any]] = []
        if may_act:
            assert seat is not None
            entry = core.entry
            if info.game.plugins.confirm is None:  # no action asks first (most games)
                legal = [entry(action) for action in state.legal_actions(seat)]
            else:
                for action in state.legal_actions(seat):
                    asked = confirm_labels(state, action, seat)  # "print now? ..." first
                    legal.append({**entry(action), "confirm": asked} if asked else entry(action))
        return {
            "seat": seat,
            "view": state.view(seat),
            "legal": legal,
            "can_undo": bool(may_act and seat is not None and core.match.can_undo(seat)),
        }

    def description(self, seat: int | None, lang: str, ref: Any = None) -> str:
        """The position as text for ``seat`` (``None``: a spectator), in ``lang``: the
        game's sentences or else the terminal's board drawing of that seat's own view
        (:meth:`TextRenderer.words`; the browser's text view, for a
        player who reads the board with a screen reader). Built from ``view(seat)`` only,
        so it holds nothing the seat may not see."""
        text = TextRenderer(self.core.game, lang).words(self.core.match.state, seat)
        message = {
            "type": "description",
            "state_id": self.core.state_id,
            "lang": lang,
            "text": text,
        }
        if ref is not None:
            message["ref"] = ref
        return dumps(message)

    def message_to(self, conn: Connection, shared: SharedEncoding | None = None) -> str:
        """The state message for one connection, with what it lacks, and note it as sent.

        ``shared`` holds one broadcast's encodings (:class:`SharedEncoding`): the fields
        every viewer gets are built and encoded once per broadcast, a seat's own (its
        view, legal actions) once per seat, and whole texts once per seat and delta, so
        every connection of a seat, and every spectator, is sent the same text.
        """
        if shared is None:
            shared = SharedEncoding(self.summary())
        summary = shared.summary
        log_len = len(self.core.log)
        log_start = min(conn.log_sent, log_len)  # an undo can shorten the log
        old = conn.summary_sent
        if old is None:
            with_summary = True
        elif old is summary:
            with_summary = False
        else:  # connections sent the same summary share the comparison
            same = shared.same.get(id(old))
            if same is None:
                same = shared.same[id(old)] = _same_summary(summary, old)
            with_summary = not same
        seat = conn.seat
        key = (seat, log_start, with_summary)
        text = shared.texts.get(key)
        if text is None:
            text = shared.texts[key] = self._encode(shared, seat, log_start, with_summary)
        conn.log_sent = log_len
        conn.summary_sent = summary
        if conn.answers is not None:  # the shared text stays without this connection's ref
            text = f'{text[:-1]},"ref":{dumps(conn.answers)}}}'
            if conn.flushing is not None:
                conn.queued_ref = conn.answers
            conn.answers = None
        return text

    def _encode(
        self, shared: SharedEncoding, seat: int | None, log_start: int, with_summary: bool
    ) -> str:
        """:meth:`state_message` as text, from the parts ``shared`` holds (built on first use)."""
        if shared.turn is None:
            shared.turn = self.core.match.state.turn()
            shared.common = dumps(self._common(shared.turn))[1:-1]
        own = shared.seats.get(seat)
        if own is None:
            own = shared.seats[seat] = dumps(self._seat_part(seat, shared.turn))[1:-1]
        viewer = seat if seat is not None else self.info.game.players
        log = dumps(self.core.log_views[viewer][log_start:])
        match = ""
        if with_summary:
            if shared.summary_json is None:
                shared.summary_json = dumps(shared.summary)
            match = f',"match":{shared.summary_json}'
        return f'{{{shared.common},{own},"log_start":{log_start},"log":{log}{match}}}'


class SharedEncoding:
    """One broadcast's state messages, built and encoded once and shared by its connections.

    ``summary`` is the match summary of the broadcast; the rest fills in as
    :meth:`Messages.message_to` needs it: the fields common to every viewer, each
    seat's own fields (``None``: the spectators'), each whole text by (seat, first
    log line, with summary), and whether an older summary a connection holds
    equals this one (by its identity: connections sent one summary share it).
    """

    __slots__ = ("common", "same", "seats", "summary", "summary_json", "texts", "turn")

    def __init__(self, summary: dict[str, Any]) -> None:
        self.summary = summary
        self.summary_json: str | None = None
        self.turn: Any = None
        self.common = ""
        self.seats: dict[int | None, str] = {}
        self.texts: dict[tuple[int | None, int, bool], str] = {}
        self.same: dict[int, bool] = {}
