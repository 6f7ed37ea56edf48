"""Province's actions: one small decision each, so a turn is a sequence of them.

A turn reads, for example: ``move green1``, ``move camp``, ``build mill``,
``grind``, ``end``. Chance outcomes are actions too (``first 1``,
``boats mixed``, ``reveal coins``) so a match record replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeple.core.actions import Action


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move one worker one step clockwise around the work cycle."""

    kind: ClassVar[str] = "move"
    worker: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build one building (at most one a turn), paying its labor and coins."""

    kind: ClassVar[str] = "build"
    building: str


@dataclass(frozen=True, slots=True)
class Grind(Action):
    """Turn 2 labor into 1 coin from the supply."""

    kind: ClassVar[str] = "grind"


@dataclass(frozen=True, slots=True)
class UnionLabor(Action):
    """With the Union: pay 2 coins for 1 labor."""

    kind: ClassVar[str] = "union"


@dataclass(frozen=True, slots=True)
class Borrow(Action):
    """With the Lender: take the loan token and borrow one of the opponent's buildings."""

    kind: ClassVar[str] = "borrow"
    building: str


@dataclass(frozen=True, slots=True)
class Repay(Action):
    """Pay 3 coins to put the loan token back (ends the borrowing)."""

    kind: ClassVar[str] = "repay"


@dataclass(frozen=True, slots=True)
class Hire(Action):
    """After a mixed boat toss: pay 3 coins for one of your sailors."""

    kind: ClassVar[str] = "hire"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn (after moving at least one worker)."""

    kind: ClassVar[str] = "end"


# -- chance outcomes -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    """Chance: the boat toss at setup picks the start player."""

    kind: ClassVar[str] = "first"
    seat: int


@dataclass(frozen=True, slots=True)
class BoatToss(Action):
    """Chance: the two boats land ``white`` (both), ``black`` (both) or ``mixed``."""

    kind: ClassVar[str] = "boats"
    result: str


@dataclass(frozen=True, slots=True)
class RevealGoal(Action):
    """Chance: the next goal turned face up from the shuffled stack."""

    kind: ClassVar[str] = "reveal"
    goal: str
