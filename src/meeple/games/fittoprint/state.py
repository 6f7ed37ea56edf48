"""Fit To Print's state as data: the centre, each seat's desk and page, the day.

The fields are declared once (:class:`~meeple.core.fields.StateFields`), so
``clone`` (which search lives on), ``to_json`` and loading follow from the
declaration. The queries here read the data; rules.py changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Game, Rng, Turn
from meeple.core.fields import SHARED_LIST, Custom, FieldState, StateFields
from meeple.games.fittoprint.components import (
    CHARACTER_IDS,
    DAYS,
    NEWS,
    NTILES,
)

if TYPE_CHECKING:  # annotations only: the rules import this module
    from meeple.games.fittoprint.rules import FitToPrint

REPORTING, LAYOUT, PRINTED = 0, 1, 2
STATUS_NAMES = ("reporting", "layout", "printed")
DAY, DRAFT, OVER = "day", "draft", "over"
FACES = ("up", "down")
NDAYS = len(DAYS)
MAX_SEATS = 6

FIELDS = StateFields(
    rng=Rng,  # the hidden generator
    pool=list[int],  # face-down tiles, in draw order (hidden)
    face_up=list[int],  # tiles returned face up to the centre
    desk=list[list[int]],
    page=Custom(  # per seat: tile -> (top-left cell, face up)
        copy=lambda v: [dict(p) for p in v],
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
    pending=list[int],  # tile drawn, not yet kept or returned (-1: none)
    current=int,  # Slo-Mode: the seat to act
    # What the log told everyone (see knowledge.py): kept so determinize keeps it.
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
    pending: list[int]  # tile drawn, not yet kept or returned (-1: none)
    current: int  # Slo-Mode: the seat to act
    known: list[list[int]]
    unseen_since: list[int]
    drawn_on: list[int]
    game: FitToPrint
    _turn: Turn | None

    @classmethod
    def upgrade(cls, game: Game, data: dict[str, Any]) -> dict[str, Any]:
        """States saved before the log's knowledge was kept: nothing known, every
        tile held drawn today."""
        if "known" in data and "unseen_since" in data and "drawn_on" in data:
            return data
        data = dict(data)
        data.setdefault("known", [[] for _ in data["desk"]])
        data.setdefault("unseen_since", [0] * NTILES)
        if "drawn_on" not in data:
            drawn = [-1] * NTILES
            for seat in range(game.players):
                page = [entry[0] for entry in data["page"][seat]]
                for t in [*data["desk"][seat], *page, data["pending"][seat]]:
                    if t >= 0:
                        drawn[int(t)] = int(data["day"])
            data["drawn_on"] = drawn
        return data

    def restore(self) -> None:
        """The turn is cached by the rules; a loaded state works it out again."""
        self._turn = None

    def news_card(self) -> dict[str, Any] | None:
        return NEWS[self.news[self.day]] if self.news and len(self.news) > self.day else None

    def character(self, seat: int) -> str:
        return CHARACTER_IDS[self.characters[seat]] if self.characters else ""

    def total_points(self, seat: int) -> int:
        return sum(self.points[seat])

    def total_revenue(self, seat: int) -> int:
        return sum(self.revenue[seat])

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
            if self.pending[s] >= 0:
                out.append(self.pending[s])
        return out
