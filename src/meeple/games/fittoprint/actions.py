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
from typing import Any, ClassVar

from meeple.core.actions import Action


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Pick up a face-down tile of ``size`` from the centre (its face is unknown until then)."""

    kind: ClassVar[str] = "draw"
    size: str

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.size}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "size": self.size}


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the tile just drawn: it goes to the desk for good."""

    kind: ClassVar[str] = "keep"

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return self.kind

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Return(Action):
    """Put the tile just drawn back in the centre, face up for everyone."""

    kind: ClassVar[str] = "return"

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return self.kind

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take a face-up tile from the centre (already seen, so it is kept)."""

    kind: ClassVar[str] = "take"
    tile: int

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.tile}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "tile": self.tile}


@dataclass(frozen=True, slots=True)
class CallLayout(Action):
    """Stop reporting and start laying out the page."""

    kind: ClassVar[str] = "layout"

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return self.kind

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a desk tile on the page with its top-left corner at ``at``, ``up`` or ``down``.

    To move a placed tile, ``lift`` it back to the desk and place it again.
    """

    kind: ClassVar[str] = "place"
    tile: int
    at: str
    face: str

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.tile} {self.at} {self.face}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "tile": self.tile, "at": self.at, "face": self.face}


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Turn a placed tile over (face-down tiles fill space but score nothing)."""

    kind: ClassVar[str] = "flip"
    tile: int

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.tile}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "tile": self.tile}


@dataclass(frozen=True, slots=True)
class Lift(Action):
    """Take a placed tile back to the desk."""

    kind: ClassVar[str] = "lift"
    tile: int

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.tile}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "tile": self.tile}


@dataclass(frozen=True, slots=True)
class MoveCentre(Action):
    """Move the centrepiece (it must still cover the star)."""

    kind: ClassVar[str] = "centre"
    at: str

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.at}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "at": self.at}


@dataclass(frozen=True, slots=True)
class Print(Action):
    """The page is done: take the lowest finishing token; the page is frozen."""

    kind: ClassVar[str] = "print"

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return self.kind

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """System action: day ``day``'s timer ran out. Issued by the server's clock only."""

    kind: ClassVar[str] = "timeup"
    day: int

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.day}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "day": self.day}


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """Take a centrepiece from the offer for the next day."""

    kind: ClassVar[str] = "draft"
    centrepiece: int

    def __str__(self) -> str:  # same text as Action.__str__, without dataclasses.fields
        return f"{self.kind} {self.centrepiece}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "centrepiece": self.centrepiece}
