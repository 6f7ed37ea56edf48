"""What a match tells each viewer: the summary, and state messages redacted per seat.

A state message is built for one viewer from ``State.view(seat)``, the legal
actions of that seat (only when it may act) and the log as that viewer saw
it, so a seat never receives another's secret. Messages are deltas: a
connection is sent the log lines and summary it lacks (see "Deltas" in
docs/protocol.md), and connections that lack the same share one encoding.
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
        with every move (see "Deltas" in docs/protocol.md).
        """
        info, core, timers = self.info, self.core, self.timers
        state = core.match.state
        turn = state.turn()
        may_act = (
            seat is not None
            and info.status == "running"
            and info.seats[seat].kind == "human"
            and seat in turn.seats
        )
        legal = []
        if may_act:
            assert seat is not None
            for action in state.legal_actions(seat):
                entry = core.entry(action)
                asked = confirm_labels(state, action, seat)  # "print now? ..." before it goes
                legal.append({**entry, "confirm": asked} if asked else entry)
        viewer = seat if seat is not None else info.game.players
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
        message = {
            "type": "state",
            "match_id": info.id,
            "game": info.game.name,
            "seat": seat,
            "state_id": core.state_id,
            "moves": len(core.match.history),
            "status": info.status,
            "view": state.view(seat),
            "turn": turn.to_json(),
            "legal": legal,
            "log_start": log_start,
            "log": core.log_views[viewer][log_start:],
            "clocks": clocks,
            "round_timer": (
                {**snapshot, "at": time.time()}
                if (snapshot := timers.round_snapshot()) is not None
                else None
            ),
            "can_undo": bool(may_act and seat is not None and core.match.can_undo(seat)),
            "result": info.result,
        }
        if with_summary:
            message["match"] = summary if summary is not None else self.summary()
        return message

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
        log_len = len(self.core.log)
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
