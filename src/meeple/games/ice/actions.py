"""ICE's actions: one small frozen value per decision.

A turn is a run of these: the AP actions (set up camp, call, explore, dig,
plan, harmony), free ones (discarding an ice tile, free digs), then the
sub-decisions a dig leaves (where each figure goes, where the camp goes,
Philosophy's pick, Exalted's archaeologist, a prism's new type), and the
end of the turn. Tiles are position numbers (components.POSITIONS).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeple.core import Action


@dataclass(frozen=True, slots=True)
class KeepRequests(Action):
    """At setup: give back the dealt request ``card`` and keep the other two."""

    kind: ClassVar[str] = "giveback"
    card: int


@dataclass(frozen=True, slots=True)
class SetUpCamp(Action):
    """1 AP: a camp of one's own and one's leader onto a top tile."""

    kind: ClassVar[str] = "camp"
    tile: int


@dataclass(frozen=True, slots=True)
class CallArchaeologist(Action):
    """1 AP: an archaeologist from the supply onto a tile with a camp."""

    kind: ClassVar[str] = "call"
    tile: int


@dataclass(frozen=True, slots=True)
class CallLeader(Action):
    """1 AP: one's leader, alone, from anywhere to a tile with a camp."""

    kind: ClassVar[str] = "recall"
    tile: int


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """1 AP: the leader one step to ``tile``, taking ``carry`` archaeologists along."""

    kind: ClassVar[str] = "explore"
    tile: int
    carry: int


@dataclass(frozen=True, slots=True)
class Dig(Action):
    """Dig the tile under one's leader (with its single remaining cover, if it has one)."""

    kind: ClassVar[str] = "dig"


@dataclass(frozen=True, slots=True)
class Plan(Action):
    """1 AP: a plan marker, one more AP tomorrow."""

    kind: ClassVar[str] = "plan"


@dataclass(frozen=True, slots=True)
class Harmonize(Action):
    """Harmony, 1 AP once a turn: one archaeologist from each nearby tile to the leader."""

    kind: ClassVar[str] = "harmony"


@dataclass(frozen=True, slots=True)
class UseIce(Action):
    """Discard an ice tile of ``terrain`` from one's hand for its ability (``tile``: its target, -1 none)."""

    kind: ClassVar[str] = "ice"
    terrain: int
    tile: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (after spending at least 1 AP)."""

    kind: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Spend nothing and give up the rest of today's AP."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class PlaceFigure(Action):
    """After a dig: the next figure from the dug tile onto exposed ``tile``."""

    kind: ClassVar[str] = "share"
    tile: int


@dataclass(frozen=True, slots=True)
class MoveCamp(Action):
    """After a dig: the dug tile's camp onto exposed ``tile`` (-1: take it back)."""

    kind: ClassVar[str] = "movecamp"
    tile: int


@dataclass(frozen=True, slots=True)
class TakeFallen(Action):
    """Philosophy: take a fallen tile with face ``face`` (-1: none)."""

    kind: ClassVar[str] = "philosophy"
    face: int


@dataclass(frozen=True, slots=True)
class ExaltedPlace(Action):
    """Exalted: an archaeologist onto newly exposed ``tile`` (-1: none)."""

    kind: ClassVar[str] = "exalted"
    tile: int


@dataclass(frozen=True, slots=True)
class PrismAs(Action):
    """Choose the type the next prism on one's guild board stands for."""

    kind: ClassVar[str] = "prism"
    stands_for: int


@dataclass(frozen=True, slots=True)
class Fulfil(Action):
    """End of day: complete request ``card`` with artifacts from one's guild board."""

    kind: ClassVar[str] = "fulfil"
    card: int


@dataclass(frozen=True, slots=True)
class Display(Action):
    """End of day: put an artifact from guild place ``place`` on display, with renown.

    ``prism``: a prism lying there (else an artifact of the place's type);
    ``active``: its printed side. Artifacts alike in these are alike in play.
    """

    kind: ClassVar[str] = "display"
    place: int
    prism: bool
    active: bool


@dataclass(frozen=True, slots=True)
class DoneDay(Action):
    """End of day: finish taking artifacts."""

    kind: ClassVar[str] = "done"


DIG = Dig()
PLAN = Plan()
HARMONIZE = Harmonize()
END_TURN = EndTurn()
PASS = Pass()
DONE_DAY = DoneDay()
