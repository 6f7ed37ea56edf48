"""Fit To Print's state as data: the centre, each seat's desk and page, the day.

The fields are declared once (:class:`~meeple.core.fields.StateFields`), so
``clone`` (which search lives on), ``to_json`` and loading follow from the
declaration. The queries here read the data; rules.py changes it, and so do the
decision kinds (decisions.py), through the one step they share with the rules:
a reporting turn is over (:meth:`FitToPrintData.reported`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Game, Rng, Turn
from meeple.core import decisions as dec
from meeple.core.fields import SHARED_LIST, Custom, FieldState, StateFields
from meeple.core.kinds import Kinds
from meeple.games.fittoprint.components import (
    CHARACTER_IDS,
    DAYS,
    FAMILY,
    NEWS,
    NTILES,
    PUZZLE_REARRANGEMENTS,
    PUZZLES,
    REARRANGEMENTS_PER_DAY,
    RULES,
    SOLO,
    Puzzle,
)

REPORTING, LAYOUT, PRINTED = 0, 1, 2
STATUS_NAMES = ("reporting", "layout", "printed")
DAY, DRAFT, OVER = "day", "draft", "over"
FACES = ("up", "down")
#: The decision kind of a tile drawn face down and not yet kept or returned (decisions.py).
DRAWN = "drawn"
NDAYS = len(DAYS)
MAX_SEATS = 6

#: the modes played in real time, and those with family mode's designed rules
REALTIME_MODES = frozenset({"realtime", "family_realtime"})
FAMILY_MODES = frozenset({"family", "family_realtime"})


class FitToPrintTable(Game):
    """What a match's state and view read of its configured game: the mode's
    switches, the puzzle, the rearrangement budget, the day's length.
    :class:`~meeple.games.fittoprint.rules.FitToPrint` is the one concrete
    game; these follow from its options alone, so they live here, where the
    data and the view can name them without importing the rules.
    """

    @property
    def realtime(self) -> bool:
        return self.options["mode"] in REALTIME_MODES

    @property
    def family(self) -> bool:
        """Family mode's designed rules (docs/games/fittoprint.md, "Family mode")."""
        return self.options["mode"] in FAMILY_MODES

    @property
    def puzzle(self) -> Puzzle | None:
        """The puzzle being played (puzzle mode), else None."""
        if self.options["mode"] != "puzzle":
            return None
        return PUZZLES[int(self.options["puzzle"]) - 1]

    @property
    def rearrangements(self) -> int:
        """Flips, lifts and centrepiece moves allowed per day (per puzzle in puzzle mode)."""
        return PUZZLE_REARRANGEMENTS if self.puzzle else REARRANGEMENTS_PER_DAY

    @property
    def round_seconds(self) -> int:
        """A realtime day's length: ``round_seconds`` when set (short tables, tests),
        else ``60 * minutes`` (the rulebook's 3 / 4 / 5 minutes; family mode adds
        its designed extra minutes)."""
        minutes = int(self.options["minutes"]) + (
            int(FAMILY["extra_minutes"]) if self.family else 0
        )
        return int(self.options["round_seconds"]) or 60 * minutes


FIELDS = StateFields(
    rng=Rng,  # the hidden generator
    pool=list[int],  # face-down tiles, in draw order (hidden)
    face_up=list[int],  # tiles returned face up to the centre
    desk=list[list[int]],
    page=Custom(  # per seat: tile -> (top-left cell, face up)
        copy="dicts",  # inline: no call on the clone path
        dump=lambda v: [[[t, cell, up] for t, (cell, up) in sorted(p.items())] for p in v],
        load=lambda v: [{int(t): (int(cell), bool(up)) for t, cell, up in p} for p in v],
    ),
    centre=list[list[int]],  # per seat: [centrepiece, side, cell]
    cp_stack=list[list[int]],  # [centrepiece, side], hidden order
    characters=list[int],
    news_decks=list[list[int]],
    news=list[int],  # breaking-news card of each day so far
    points=list[list[int]],  # per seat, per day
    revenue=list[list[int]],
    results=SHARED_LIST,  # public record of each day's scoring: replaced, never changed
    offer=list[list[int]],
    draft_order=list[int],
    day=int,
    phase=str,
    status=list[int],
    token=list[int],
    next_token=int,
    moves=list[int],  # rearrangements used today
    decisions=dec.FIELD,  # per seat at most one: a drawn tile to keep or return (DRAWN)
    current=int,  # Slo-Mode: the seat to act
    # What the log told everyone (see hidden.py): kept so determinize keeps it.
    known=list[list[int]],  # per seat: tiles it took face up, while on its desk or page
    unseen_since=list[int],  # per tile: first day from which nobody has seen it
    drawn_on=list[int],  # per tile: the day its holder drew it face down (-1: not so held)
    derived=("_turn",),
)


class FitToPrintData(FieldState):
    """One moment of a match, as data. Pages are ``{tile: (cell, face_up)}`` dicts."""

    __slots__ = FIELDS.slots
    fields = FIELDS

    rng: Rng
    pool: list[int]  # face-down tiles, in draw order (hidden)
    face_up: list[int]  # tiles returned face up to the centre
    desk: list[list[int]]
    page: list[dict[int, tuple[int, bool]]]  # tile -> (top-left cell, face up)
    centre: list[list[int]]  # per seat: [centrepiece, side, cell]
    cp_stack: list[list[int]]  # [centrepiece, side], hidden order
    characters: list[int]
    news_decks: list[list[int]]
    news: list[int]  # breaking-news card of each day so far
    points: list[list[int]]  # per seat, per day
    revenue: list[list[int]]
    results: list[dict[str, Any]]  # public record of each day's scoring
    offer: list[list[int]]
    draft_order: list[int]
    day: int
    phase: str
    status: list[int]
    token: list[int]
    next_token: int
    moves: list[int]  # rearrangements used today
    decisions: dec.Stack  # drawn tiles to keep or return (DRAWN), at most one a seat
    current: int  # Slo-Mode: the seat to act
    known: list[list[int]]
    unseen_since: list[int]
    drawn_on: list[int]
    game: FitToPrintTable
    _turn: Turn | None
    #: The decision kinds (decisions.py), set by the rules' state class.
    KINDS: ClassVar[Kinds[Any]]

    @classmethod
    def upgrade(cls, game: Game, data: dict[str, Any]) -> dict[str, Any]:
        """States saved before the decision kinds: each seat's ``pending`` tile (-1:
        none) is its drawn decision on the stack, in seat order from the bottom. States saved before
        the log's knowledge was kept: nothing known, every tile held drawn today."""
        if "pending" in data:
            pending = [int(t) for t in data["pending"]]
            data = {k: v for k, v in data.items() if k != "pending"}
            drawn = [dec.Decision(seat, DRAWN, (t,)) for seat, t in enumerate(pending) if t >= 0]
            data["decisions"] = dec.stack_to_json(tuple(drawn))  # seat order (decisions.hold)
        if "known" in data and "unseen_since" in data and "drawn_on" in data:
            return data
        data = dict(data)
        data.setdefault("known", [[] for _ in data["desk"]])
        data.setdefault("unseen_since", [0] * NTILES)
        if "drawn_on" not in data:
            drawn_on = [-1] * NTILES
            held = [d["args"][0] for d in data["decisions"]]
            for seat in range(game.players):
                page = [entry[0] for entry in data["page"][seat]]
                for t in [*data["desk"][seat], *page]:
                    drawn_on[int(t)] = int(data["day"])
            for t in held:
                drawn_on[int(t)] = int(data["day"])
            data["drawn_on"] = drawn_on
        return data

    def restore(self) -> None:
        """The turn is cached by the rules; a loaded state works it out again."""
        self._turn = None

    def drawn(self, seat: int) -> int:
        """The tile ``seat`` drew face down and has not yet kept or returned (-1: none):
        its drawn decision's tile."""
        for d in self.decisions:
            if d.seat == seat and d.kind == DRAWN:
                return int(d.args[0])
        return -1

    def reported(self, seat: int) -> None:
        """A reporting turn is over: Slo-Mode passes to the next seat still reporting or
        laying out (in real time each seat goes on at its own pace)."""
        if not self.game.realtime:
            self.advance(seat)

    def advance(self, seat: int) -> None:
        """Slo-Mode: the turn passes to the next seat after ``seat`` that has not printed."""
        n = self.game.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.status[s] != PRINTED:
                self.current = s
                return

    def news_card(self) -> dict[str, Any] | None:
        return NEWS[self.news[self.day]] if self.news and len(self.news) > self.day else None

    def character(self, seat: int) -> str:
        return CHARACTER_IDS[self.characters[seat]] if self.characters else ""

    def total_points(self, seat: int) -> int:
        return sum(self.points[seat])

    def total_revenue(self, seat: int) -> int:
        return sum(self.revenue[seat])

    # -- results the view shows (scores and ranks, in rules.py, build on them) ------------

    def eliminated(self) -> list[bool]:
        """Who is out of the running at the end: the lowest total revenue (3+ players;
        every tied lowest is out unless everyone ties: Decision). In family mode no
        paper closes (designed)."""
        n = self.game.players
        if self.phase != OVER or n < 3 or self.game.family:
            return [False] * n
        revs = [self.total_revenue(s) for s in range(n)]
        low = min(revs)
        if all(r == low for r in revs):
            return [False] * n
        return [r == low for r in revs]

    def two_player_penalty(self) -> list[int]:
        """Two players: more than $5 behind at the end costs 10 points (not in family mode,
        where revenue is added to the score instead)."""
        if self.game.players != 2 or self.phase != OVER or self.game.family:
            return [0, 0] if self.game.players == 2 else [0] * self.game.players
        r0, r1 = self.total_revenue(0), self.total_revenue(1)
        gap, pen = int(RULES["two_player_gap"]), int(RULES["two_player_penalty"])
        return [-pen if r1 - r0 > gap else 0, -pen if r0 - r1 > gap else 0]

    def revenue_points(self, seat: int) -> int:
        """Family mode (designed): the points a paper's revenue adds to its score."""
        if not self.game.family:
            return 0
        return int(FAMILY["revenue_points"]) * self.total_revenue(seat)

    def solo_won(self) -> bool:
        """Solo: beat the target score and keep the paper alive (designed minimum revenue)."""
        return self.total_points(0) >= int(self.game.options["target"]) and self.total_revenue(
            0
        ) >= int(SOLO["min_revenue"])

    def hidden_from(self, seat: int) -> list[int]:
        """Tiles whose identity ``seat`` cannot know, in a public slot order: the
        face-down pool and every other seat's desk, page and drawn tile, except
        the tiles that seat took face up (everyone saw them go)."""
        out = list(self.pool)
        for s in range(self.game.players):
            if s == seat:
                continue
            known = self.known[s]
            out += [t for t in self.desk[s] if t not in known]
            out += [t for t in self.page[s] if t not in known]
            held = self.drawn(s)
            if held >= 0:
                out.append(held)
        return out
