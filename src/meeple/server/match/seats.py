"""What a match is apart from its game state: its seats and stored columns, in memory.

Every concern of a match reads :class:`MatchInfo` (the clocks which seats are
human, the bots which are theirs, the messages all of it); the match's own
operations change it, and only once storage has the change
(:meth:`~.journal.Journal.update`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meeple.core.game import Game
from meeple.server.clocks import ClockConfig


@dataclass
class Seat:
    """A seat of a match. ``token`` is the SHA-256 digest of the seat's secret, or None.

    ``left`` names the players who held the seat and left it, in order: the seat is
    theirs in the record and on every page ("Newcomer, then a bot"), whoever plays it
    after them. A tuple, so a copy of the seat never shares it.
    """

    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    token: str | None = None
    left: tuple[str, ...] = ()
    #: the account whose seat this is (taken while logged in, or claimed), or None: its
    #: player is back in it from any browser with that account's session
    account: str | None = None
    #: the accounts that held the seat and left it (a rated match rates them last)
    left_accounts: tuple[str, ...] = ()
    #: a turn-based seat whose clock ran out: its clock stops, the others may skip its
    #: turns or hand it to the house bot, until its player moves again
    late: bool = False
    #: hints the seat asked for while playing (issue 38, item 7): the record and the
    #: match lists say so
    hints: int = 0

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token is not None

    def to_db(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind, "name": self.name, "bot": self.bot, "token": self.token,
        }  # fmt: skip
        if self.left:
            data["left"] = list(self.left)
        if self.account is not None:
            data["account"] = self.account
        if self.left_accounts:
            data["left_accounts"] = list(self.left_accounts)
        if self.late:
            data["late"] = True
        if self.hints:
            data["hints"] = self.hints
        return data

    @staticmethod
    def from_db(data: dict[str, Any]) -> Seat:
        left = tuple(str(name) for name in data.get("left") or ())
        account = data.get("account")
        gone = tuple(str(a) for a in data.get("left_accounts") or ())
        return Seat(
            data["kind"], data["name"], data.get("bot"), data.get("token"), left,
            None if account is None else str(account), gone, bool(data.get("late")),
            int(data.get("hints") or 0),
        )  # fmt: skip

    def give_up(self, index: int, bot: str | None) -> None:
        """The seat's player leaves it (or their clock ran out): their name joins ``left``;
        ``bot`` (a spec) plays the seat from now on, or with ``None`` it reopens as
        "Player N" for someone else to join. Its token is the caller's to revoke."""
        if self.kind == "human" and self.token is not None:  # an open seat had nobody
            self.left = (*self.left, self.name)
            self.name = f"Player {index + 1}"
        self.count_as_left()
        self.account = None
        self.late = False
        if bot is not None:
            self.kind, self.bot, self.name = "bot", bot, bot

    def count_as_left(self) -> None:
        """A rated match ranks the seat's account last (it left, or its clock ran out)."""
        if self.account is not None and self.account not in self.left_accounts:
            self.left_accounts = (*self.left_accounts, self.account)

    def summary(self, index: int, connected: bool) -> dict[str, Any]:
        """The seat as clients read it (``GET /api/matches/<id>``, the match messages)."""
        out = {
            "seat": index,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "taken": self.taken,
            "connected": connected,
            "left": list(self.left),
            "hints": self.hints,
        }
        if self.late:  # its turn-based clock ran out (docs/protocol.md, "Turn-based play")
            out["late"] = True
        return out


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
    #: created as rated: its result changes its players' ratings (meeple.server.ratings)
    rated: bool = False
    #: account -> its vacations as wall-clock intervals (turn-based clocks skip them)
    vacations: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    #: who writes to the match's chat: "all" (seats and logged-in spectators) or "seats"
    chat: str = "all"
    #: every human seat agreed at creation to hints while playing (issue 38, item 7)
    hints: bool = False


def hints_allowed(agreed: bool, seats: list[Seat], rated: bool) -> bool:
    """Whether a seat may ask for a hint (issue 38, item 7): where nobody is put at a
    disadvantage, that is in a solo match (at most one human seat, the others bots)
    that is not rated, or where every human seat agreed at creation (``agreed``)."""
    return agreed or (not rated and sum(s.kind == "human" for s in seats) <= 1)


def hint_fields(agreed: bool, seats: list[Seat], rated: bool) -> dict[str, Any]:
    """The hint fields of a match summary: ``hints`` (agreed at creation),
    ``hints_allowed`` (a seat may ask now) and ``hints_used`` (some seat did: the
    lists mark the match so)."""
    return {
        "hints": agreed,
        "hints_allowed": hints_allowed(agreed, seats, rated),
        "hints_used": any(s.hints for s in seats),
    }
