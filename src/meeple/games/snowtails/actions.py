"""Snow Tails' actions: one small decision each (see rules.py for the turn they make up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeple.core import Action


@dataclass(frozen=True, slots=True)
class ChooseLane(Action):
    """Put the sled on start lane ``lane`` (1-5)."""

    kind: ClassVar[str] = "lane"
    lane: int


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play one dog card of ``value`` onto ``slot`` (left, right or discard)."""

    kind: ClassVar[str] = "play"
    value: int
    slot: str


@dataclass(frozen=True, slots=True)
class Go(Action):
    """Stop playing cards and move the sled."""

    kind: ClassVar[str] = "go"


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Take the next movement step: ``forward`` or ``diagonal`` (towards the drift)."""

    kind: ClassVar[str] = "step"
    move: str


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """Take (``yes``) or refuse (``no``) the no-drift bonus, all or nothing."""

    kind: ClassVar[str] = "bonus"
    choice: str


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one dog card of ``value`` to bring the hand down to five."""

    kind: ClassVar[str] = "discard"
    value: int


GO = Go()
STEP_FORWARD, STEP_DIAGONAL = Step("forward"), Step("diagonal")
BONUS_YES, BONUS_NO = Bonus("yes"), Bonus("no")
