"""Viscounts' actions: one small decision each.

A turn is a chain of them (play a card, move, the primary action, recruit),
and every effect that asks something (a choice on a card, which card to
discard, a rearrangement, a bumped worker's resource) is a decision of the
seat that owes it, answered by one of the decision actions below
(``Choose``, ``Pick``, ``Rearrange``...). Fields are ints and strings only.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar

from meeple.core import Action


@dataclass(frozen=True, slots=True)
class PickPair(Action):
    """Setup: take the player card and hero pair at this place in the row."""

    kind: ClassVar[str] = "pair"
    index: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Card management: play this card (id) from the hand onto the left of the board."""

    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Movement: end on this space (paying silver for steps beyond the played card's value)."""

    kind: ClassVar[str] = "move"
    space: int


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Trade at the viscount's exchange this many times (optionally dismissing the adjacent card)."""

    kind: ClassVar[str] = "trade"
    uses: int
    dismiss: int


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build a building of this kind (0 workshop, 1 trading post, 2 guildhall) on this spot."""

    kind: ClassVar[str] = "build"
    building: int
    spot: int
    dismiss: int


@dataclass(frozen=True, slots=True)
class Workers(Action):
    """Place this many workers in tier 1 of the castle wedge next to the viscount."""

    kind: ClassVar[str] = "workers"
    count: int
    dismiss: int


@dataclass(frozen=True, slots=True)
class Transcribe(Action):
    """Transcribe the manuscript next to the viscount."""

    kind: ClassVar[str] = "transcribe"
    dismiss: int


@dataclass(frozen=True, slots=True)
class NoAction(Action):
    """Do no primary action this turn."""

    kind: ClassVar[str] = "no-action"


@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Recruit: hire the townsfolk next to the viscount (or pass, hire 0)."""

    kind: ClassVar[str] = "hire"
    take: int


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Decision: take this option of a card's choice."""

    kind: ClassVar[str] = "choose"
    option: int


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Decision: this card (id) from the hand, for a discard or destroy."""

    kind: ClassVar[str] = "pick"
    card: int


@dataclass(frozen=True, slots=True)
class PickTop(Action):
    """Decision: the top card of the draw pile (unseen), for a discard or destroy."""

    kind: ClassVar[str] = "pick-top"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Decision: take nothing (every "may" is optional)."""

    kind: ClassVar[str] = "skip"


@dataclass(frozen=True, slots=True)
class Rearrange(Action):
    """Decision: put the board's cards in this order (a permutation number, 0 = as they are)."""

    kind: ClassVar[str] = "rearrange"
    order: int


@dataclass(frozen=True, slots=True)
class Resource(Action):
    """Decision: take this resource (ink, gold or stone)."""

    kind: ClassVar[str] = "resource"
    name: str


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Decision: flip a debt or a deed."""

    kind: ClassVar[str] = "flip"
    what: str


@dataclass(frozen=True, slots=True)
class FreeHire(Action):
    """Decision: hire the top townsfolk of the pile at this ring position, free."""

    kind: ClassVar[str] = "free-hire"
    position: int


@dataclass(frozen=True, slots=True)
class CastleMove(Action):
    """Decision: move one of one's tier-1 workers from this wedge to a neighbouring one."""

    kind: ClassVar[str] = "castle-move"
    wedge: int
    to: int


@dataclass(frozen=True, slots=True)
class Bump(Action):
    """Decision: bump one worker of this seat from the crowded wedge and tier."""

    kind: ClassVar[str] = "bump"
    seat: int


@dataclass(frozen=True, slots=True)
class FreeBuild(Action):
    """Decision (setup cards): build this building on this spot without paying."""

    kind: ClassVar[str] = "free-build"
    building: int
    spot: int


@dataclass(frozen=True, slots=True)
class PlaceWorker(Action):
    """Decision (setup card): one worker into tier 1 of this wedge."""

    kind: ClassVar[str] = "place-worker"
    wedge: int


@dataclass(frozen=True, slots=True)
class TakeManuscript(Action):
    """Decision (setup card): the top manuscript of the pile at this ring position, free."""

    kind: ClassVar[str] = "take-manuscript"
    position: int


@dataclass(frozen=True, slots=True)
class Fund(Action):
    """Decision: pay for the primary action with this plan (its place in the decision's
    list of plans: which items, how many of each)."""

    kind: ClassVar[str] = "fund"
    plan: int


@dataclass(frozen=True, slots=True)
class CastleGroup(Action):
    """Decision: resolve one's group of three in this castle section next (one worker
    in, one to each side), when the order of the groups can change the outcome."""

    kind: ClassVar[str] = "castle-group"
    wedge: int


@dataclass(frozen=True, slots=True)
class TakeOutsider(Action):
    """Decision (Gates of Gold): the face-up outsider in this place of the display, to
    welcome (into one's discards) or to refuse (its effect, then out of the game)."""

    kind: ClassVar[str] = "outsider"
    slot: int


@dataclass(frozen=True, slots=True)
class PickRibbon(Action):
    """Decision (Gates of Gold): the ribbon the wild manuscript takes, for good."""

    kind: ClassVar[str] = "ribbon"
    ribbon: int


@dataclass(frozen=True, slots=True)
class UseColumn(Action):
    """Gates of Gold: use the ability of one's manuscript board column of this ribbon
    (any time in one's turn, any number of times)."""

    kind: ClassVar[str] = "column"
    ribbon: int


@dataclass(frozen=True, slots=True)
class HireOrder(Action):
    """Gates of Gold (the grey column): a King's Order instead of the hire on offer (the
    recruit phase's, paying its price, or a free hire's)."""

    kind: ClassVar[str] = "hire-order"


@dataclass(frozen=True, slots=True)
class BuildPublic(Action):
    """Keeper of Keys: build the public building of this kind (0 workshop, 1 trading post,
    2 guildhall) over one's own building of that kind on this spot (optionally
    dismissing, as a build)."""

    kind: ClassVar[str] = "build-public"
    building: int
    spot: int
    dismiss: int


@dataclass(frozen=True, slots=True)
class TakeHero(Action):
    """Decision (Keeper of Keys): the face-up hero in this place of the display."""

    kind: ClassVar[str] = "hero"
    slot: int


@dataclass(frozen=True, slots=True)
class TakeChest(Action):
    """Decision (Keeper of Keys): the face-up chest tile in this place of the display,
    into this slot under one's board (0 leftmost; a tile there is discarded)."""

    kind: ClassVar[str] = "chest"
    slot: int
    space: int


SKIP = Skip()
PICK_TOP = PickTop()
NO_ACTION = NoAction()
HIRE_ORDER = HireOrder()

#: The orders a board of up to three cards can be put in (``Rearrange.order`` indexes it).
PERMS: tuple[tuple[int, ...], ...] = tuple(permutations(range(3)))
