"""ICE's decision kinds, one row each: what the digger may answer, what an answer does,
what the decision asks (:mod:`meeple.core.kinds`).

A dig leaves its digger up to five decisions, pushed on the state's stack in the
order they are decided (state.KIND_NAMES): where each figure of the dug tiles goes
among the tiles it exposed, where the dug tiles' camps go, in which place each prism
on the guild board lies (after an artifact joins it), which fallen tile Philosophy
takes, and where Exalted's archaeologist goes. Taking a fallen artifact places the
prisms again, before Exalted. ICE has no effect engine: every answer is done when
it returns (``()``), or asks again (:class:`~meeple.core.kinds.Again`).

Each answer is an action of its own kind (``PlaceFigure``, ``MoveCamp``, ...), so
its words are the action's (text.py); the rows declare no labels.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.core import decisions as dec
from meeple.core.decisions import Decision
from meeple.core.errors import IllegalActionError
from meeple.core.kinds import Again, Kind, Kinds, Outcome
from meeple.games.ice.actions import ExaltedPlace, MoveCamp, PlaceFigure, PrismAs, TakeFallen
from meeple.games.ice.aftermath import (
    camp_targets,
    camps_left,
    gain,
    place_figure,
    place_prisms,
    share_left,
)
from meeple.games.ice.components import BASIC_TYPES, EDIFICE, FACES, NF, NP
from meeple.games.ice.state import CAMP, EXALT, FALLEN, PRISM_PLACE, SHARE, IceData

S = IceData

SHARE_ACTIONS = tuple(PlaceFigure(p) for p in range(NP))
MOVE_CAMP_ACTIONS = tuple(MoveCamp(p) for p in range(NP))
EXALT_ACTIONS = tuple(ExaltedPlace(p) for p in range(NP))
NO_EXALT = ExaltedPlace(-1)
#: Philosophy picks, by face code (edifices never fall, and their faces come last).
TAKE_ACTIONS = tuple(TakeFallen(f) for f in range(NF) if FACES[f].layer != EDIFICE)
NO_TAKE = TakeFallen(-1)
PRISM_ACTIONS = tuple(PrismAs(t) for t in BASIC_TYPES)


def _refuse(action: Action, d: Decision) -> IllegalActionError:
    return IllegalActionError(f"{action} does not answer a {d.kind} decision")


# -- the dug tiles' figures and camps -------------------------------------------------------


def share_answers(s: S, d: Decision) -> list[Action]:
    """The exposed tiles that have taken the fewest figures so far."""
    _, exposed, counts = d.args
    least = min(counts)
    return [SHARE_ACTIONS[p] for p, k in zip(exposed, counts, strict=True) if k == least]


def take_share(s: S, d: Decision, action: Action) -> Outcome:
    """The next figure onto the chosen tile; the ones after it where only one tile may
    take them; asked again while a choice is left."""
    if not isinstance(action, PlaceFigure):
        raise _refuse(action, d)
    figures, exposed, counts = d.args
    figures, counts = list(figures), list(counts)
    place_figure(s, figures, exposed, counts, action.tile)
    left = share_left(s, figures, exposed, counts)
    return Again(left) if left is not None else ()


def camp_answers(s: S, d: Decision) -> list[Action]:
    return [MOVE_CAMP_ACTIONS[p] for p in camp_targets(s, d.args[1])]


def take_camp(s: S, d: Decision, action: Action) -> Outcome:
    """A dug tile's camp onto the chosen tile; the next ones where only one place fits."""
    if not isinstance(action, MoveCamp):
        raise _refuse(action, d)
    camps, exposed = d.args
    s.camp[action.tile] = 1
    left = camps_left(s, d.seat, camps - 1, exposed)
    return Again(left) if left is not None else ()


# -- the guild board ----------------------------------------------------------------------


def prism_answers(s: S, d: Decision) -> list[Action]:
    return list(PRISM_ACTIONS)


def take_prism(s: S, d: Decision, action: Action) -> Outcome:
    """The first prism still to place goes in the chosen type's place."""
    if not isinstance(action, PrismAs):
        raise _refuse(action, d)
    slot, *rest = d.args[0]
    s.prism_as[d.seat][slot] = action.stands_for
    return Again((tuple(rest),)) if rest else ()


# -- the artifacts' abilities -------------------------------------------------------------------


def fallen_answers(s: S, d: Decision) -> list[Action]:
    return [NO_TAKE, *(TAKE_ACTIONS[f] for f in sorted(set(d.args[0])))]


def take_fallen(s: S, d: Decision, action: Action) -> Outcome:
    """Philosophy: the chosen fallen tile to the digger (or none); an artifact taken
    places the prisms again, before anything else owed."""
    if not isinstance(action, TakeFallen):
        raise _refuse(action, d)
    if action.face >= 0 and gain(s, d.seat, action.face):
        prisms = place_prisms(s, d.seat)
        if prisms is not None:
            s.decisions = dec.push(s.decisions, prisms)
    return ()


def exalt_answers(s: S, d: Decision) -> list[Action]:
    return [NO_EXALT, *(EXALT_ACTIONS[p] for p in d.args[0])]


def take_exalt(s: S, d: Decision, action: Action) -> Outcome:
    """Exalted: an archaeologist from the supply onto the chosen exposed tile (or none)."""
    if not isinstance(action, ExaltedPlace):
        raise _refuse(action, d)
    if action.tile >= 0 and s.tile[action.tile] >= 0:
        s.arch[action.tile] += 1
        s.arch_supply -= 1
    return ()


KINDS: Kinds[S] = Kinds(
    {
        SHARE: Kind(
            share_answers,
            take_share,
            {"en": "a tile for the next figure", "zh-TW": "下一個人物要放的版塊"},
        ),
        CAMP: Kind(
            camp_answers,
            take_camp,
            {"en": "a tile for the dug tile's camp", "zh-TW": "被挖版塊的營地要移到的版塊"},
        ),
        PRISM_PLACE: Kind(
            prism_answers,
            take_prism,
            {"en": "the place for a prism", "zh-TW": "稜鏡要放的欄位"},
        ),
        FALLEN: Kind(
            fallen_answers,
            take_fallen,
            {"en": "a fallen tile to take (Philosophy)", "zh-TW": "要拿取的塌陷版塊（哲學）"},
        ),
        EXALT: Kind(
            exalt_answers,
            take_exalt,
            {
                "en": "a tile for an archaeologist (Exalted)",
                "zh-TW": "要放 1 位考古學家的版塊（顯赫）",
            },
        ),
    }
)
