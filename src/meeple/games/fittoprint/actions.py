"""Fit To Print's actions: one small decision each.

Reporting: ``draw 2x1`` (a face-down tile of that size, unseen until taken),
then ``keep`` or ``return`` (face up to the centre); ``take 17`` (a face-up
tile, kept at once); ``layout`` (stop reporting). Layout: ``place 17 c2 up``
(from the desk), ``flip 17``, ``lift 17`` (back to the
desk), ``centre b1`` (move the centrepiece), ``print`` (finish, take the lowest
finishing token). Between days: ``draft 9``. The round timer's end is
``timeup 0`` (the day index): a system action only the server's clock issues,
recorded in the match like any other (see docs/games/fittoprint.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeple.core.actions import Action


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Pick up a face-down tile of ``size`` from the centre (its face is unknown until then)."""

    kind: ClassVar[str] = "draw"
    size: str


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the tile just drawn: it goes to the desk for good."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Return(Action):
    """Put the tile just drawn back in the centre, face up for everyone."""

    kind: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take a face-up tile from the centre (already seen, so it is kept)."""

    kind: ClassVar[str] = "take"
    tile: int


@dataclass(frozen=True, slots=True)
class CallLayout(Action):
    """Stop reporting and start laying out the page."""

    kind: ClassVar[str] = "layout"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a desk tile on the page with its top-left corner at ``at``, ``up`` or ``down``.

    To move a placed tile, ``lift`` it back to the desk and place it again.
    """

    kind: ClassVar[str] = "place"
    tile: int
    at: str
    face: str


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Turn a placed tile over (face-down tiles fill space but score nothing)."""

    kind: ClassVar[str] = "flip"
    tile: int


@dataclass(frozen=True, slots=True)
class Lift(Action):
    """Take a placed tile back to the desk."""

    kind: ClassVar[str] = "lift"
    tile: int


@dataclass(frozen=True, slots=True)
class MoveCentre(Action):
    """Move the centrepiece (it must still cover the star)."""

    kind: ClassVar[str] = "centre"
    at: str


@dataclass(frozen=True, slots=True)
class Print(Action):
    """The page is done: take the lowest finishing token; the page is frozen."""

    kind: ClassVar[str] = "print"


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """System action: day ``day``'s timer ran out. Issued by the server's clock only."""

    kind: ClassVar[str] = "timeup"
    day: int


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """Take a centrepiece from the offer for the next day."""

    kind: ClassVar[str] = "draft"
    centrepiece: int
