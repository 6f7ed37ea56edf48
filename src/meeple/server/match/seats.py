"""What a match is apart from its game state: its seats and stored columns, in memory.

Every concern of a match reads :class:`MatchInfo` (the clocks which seats are
human, the bots which are theirs, the messages all of it); the match's own
operations change it, and only once storage has the change
(:meth:`~.journal.Journal.update`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.core.game import Game
from meeple.server.clocks import ClockConfig


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
class MatchInfo:
    """The columns stored with a match (its setup, seats, status and result), plus
    ``closed``: the match was shut down (stopped serving; its timers, bots and
    sockets are stopped and nothing may start them again)."""

    id: str
    game: Game
    seed: int
    seats: list[Seat]
    clock: ClockConfig | None
    bot_delay: float
    created_at: float
    status: str = "open"
    rematch_of: str | None = None
    rematch: str | None = None
    result: dict[str, Any] | None = None
    finished_at: float | None = None
    closed: bool = False
