"""Actions of the penguin egg game: every decision is one small action.

Points print as board labels (``C3``) and directions by compass name, so the
readable form is what a player would type in the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeple.core.actions import Action
from meeple.games.penguins.components import components
from meeple.games.penguins.geometry import ALL_MOVES, MOVE_NAMES, lattice

_GRID = lattice()


def _pt(p: int) -> str:
    return _GRID.label(p) if 0 <= p < _GRID.size else str(p)


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    """Chance: which seat starts (team mode: which team's first seat)."""

    kind: ClassVar[str] = "first"
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseScene(Action):
    """The second player picks the scene card."""

    kind: ClassVar[str] = "scene"
    scene: int


@dataclass(frozen=True, slots=True)
class PickSet(Action):
    """Free mode: choose a component set and how many of its pieces to place."""

    kind: ClassVar[str] = "set"
    name: str
    count: int


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep an offered event card (starting hand, or the look after hatching)."""

    kind: ClassVar[str] = "keep"
    card: int


@dataclass(frozen=True, slots=True)
class ReturnCard(Action):
    """Put the card not kept after hatching on top or at the bottom of the deck."""

    kind: ClassVar[str] = "return"
    where: str


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard down to the hand limit."""

    kind: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class Land(Action):
    """Main action: an unused egg onto an empty space."""

    kind: ClassVar[str] = "land"
    point: int

    def __str__(self) -> str:
        return f"land {_pt(self.point)}"


@dataclass(frozen=True, slots=True)
class Hatch(Action):
    """Main action: the egg on ``point`` becomes an unused penguin."""

    kind: ClassVar[str] = "hatch"
    point: int

    def __str__(self) -> str:
        return f"hatch {_pt(self.point)}"


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Main action: the penguin on ``point`` slides (direction 0-5) or circles a nest (6, 7)."""

    kind: ClassVar[str] = "explore"
    point: int
    move: int

    def __str__(self) -> str:
        return f"explore {_pt(self.point)} {MOVE_NAMES[self.move]}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play an event card from hand (at most one per turn)."""

    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """After exploring with the star penguin: draw a card instead of playing one."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    """Out of turn: play card #10 to cancel the card a rival just played."""

    kind: ClassVar[str] = "cancel"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional choice (let a card stand, skip krill, no hole jump...)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn once the main action is done."""

    kind: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class MoveEmperor(Action):
    """Move the emperor penguin to ``point`` (a neighbour), leaving an egg of yours behind."""

    kind: ClassVar[str] = "emperor"
    point: int

    def __str__(self) -> str:
        return f"emperor {_pt(self.point)}"


@dataclass(frozen=True, slots=True)
class MoveSeal(Action):
    """Move the seal to ``point`` (a neighbour), eating any egg there."""

    kind: ClassVar[str] = "seal"
    point: int

    def __str__(self) -> str:
        return f"seal {_pt(self.point)}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Answer the pending question with a point (where the seagull goes, which egg burns...)."""

    kind: ClassVar[str] = "pick"
    point: int

    def __str__(self) -> str:
        return f"pick {_pt(self.point)}"


@dataclass(frozen=True, slots=True)
class PickTriangle(Action):
    """Answer a card's question with a triangle area (see Lattice.triangle)."""

    kind: ClassVar[str] = "triangle"
    triangle: int

    def __str__(self) -> str:
        p, k = divmod(self.triangle, 2)
        return f"triangle {_pt(p)}{'ab'[k]}"


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Card #11: the hand ("left" or "right") that holds the unused penguin."""

    kind: ClassVar[str] = "hide"
    hand: str


@dataclass(frozen=True, slots=True)
class Guess(Action):
    """Card #11: the rival picks a hand."""

    kind: ClassVar[str] = "guess"
    hand: str


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Choose which of several simultaneous effects resolves next (FAQ 3)."""

    kind: ClassVar[str] = "resolve"
    effect: str


HANDS = ("left", "right")
EFFECTS = ("seagull", "tent", "river", "krill")


_POINTS = range(components().grid.size)

#: Every point's (and card's) actions, built once. Legal-action lists are
#: rebuilt at every step of a search or a playout, and actions are immutable
#: values (equal by their fields), so one shared object per action does
#: instead of a new one per list: ``LANDS[p] == Land(p)``,
#: ``EXPLORES[p][m] == Explore(p, m)``, ``PLAYS[c] == Play(c)``.
LANDS = tuple(Land(p) for p in _POINTS)
HATCHES = tuple(Hatch(p) for p in _POINTS)
PICKS = tuple(Pick(p) for p in _POINTS)
EMPEROR_MOVES = tuple(MoveEmperor(p) for p in _POINTS)
SEAL_MOVES = tuple(MoveSeal(p) for p in _POINTS)
EXPLORES = tuple(tuple(Explore(p, m) for m in ALL_MOVES) for p in _POINTS)
PLAYS = {c: Play(c) for c in components().cards}
