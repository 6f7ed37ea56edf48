"""Unconscious Mind's actions: one small frozen value per decision.

A turn is a long chain of small decisions by one seat: the turn's choice
(place ideas on a space, or recall), then each use of the action, what the
inkpot triggers, treatments, and every choice inside an effect (which
insight pays, which tile, where it goes). Each is one of these values, so a
turn can be undone step by step and search sees every branch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeple.core import Action
from meeple.core.actions import (
    Option as Option,
)  # the core's answer to a choice, listed with the game's actions


@dataclass(frozen=True, slots=True)
class KeepStart(Action):
    """At setup: keep starting tile ``tile`` (of one's letter) and put it in notebook ``row``."""

    kind: ClassVar[str] = "keep"
    tile: int
    row: int


@dataclass(frozen=True, slots=True)
class PlaceIdeas(Action):
    """Put ``ideas`` of one's ideas and ``bright`` bright ideas on idea ``space``,
    pointing at ``action`` (one of the actions the space borders)."""

    kind: ClassVar[str] = "place"
    space: int
    action: int
    ideas: int
    bright: int


@dataclass(frozen=True, slots=True)
class Recall(Action):
    """Take back all one's ideas from the table (1 coffee per space)."""

    kind: ClassVar[str] = "recall"


@dataclass(frozen=True, slots=True)
class Spot(Action):
    """Name an insight on one's dial: the space of ``colour`` (0-2) and ``level`` (1-3)."""

    kind: ClassVar[str] = "spot"
    colour: int
    level: int


@dataclass(frozen=True, slots=True)
class Colour(Action):
    """Name a colour (0 red, 1 green, 2 purple): where a generated or moved insight goes."""

    kind: ClassVar[str] = "colour"
    colour: int


@dataclass(frozen=True, slots=True)
class MarketTile(Action):
    """Take a tile from the market: ``row`` 0-1, ``column`` 0 stack, 1 middle, 2 right."""

    kind: ClassVar[str] = "market"
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Cell(Action):
    """Put the new tile on notebook ``cell`` (row * 3 + column)."""

    kind: ClassVar[str] = "cell"
    cell: int


@dataclass(frozen=True, slots=True)
class Steps(Action):
    """Move a figure ``n`` locations clockwise."""

    kind: ClassVar[str] = "steps"
    n: int


@dataclass(frozen=True, slots=True)
class Room(Action):
    """Name one's client room 0 (first) or 1 (second)."""

    kind: ClassVar[str] = "room"
    room: int


@dataclass(frozen=True, slots=True)
class Card(Action):
    """Name research card ``card`` (to play from one's hand, or to swap)."""

    kind: ClassVar[str] = "card"
    card: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop: play no more cards, use no more of the row, skip what is optional."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Treat(Action):
    """Treat the client in ``room``: ``how`` 0 or 1 a base treatment, 2 the top dream."""

    kind: ClassVar[str] = "treat"
    room: int
    how: int


@dataclass(frozen=True, slots=True)
class Coffee(Action):
    """Spend coffee in one's turn: ``use`` 0 a bright idea (3), 1 elevate (2), 2 transfer (2)."""

    kind: ClassVar[str] = "coffee"
    use: int


KEEP_ACTIONS = tuple(KeepStart(t, r) for t in range(12) for r in range(3))
RECALL = Recall()
DONE = Done()
