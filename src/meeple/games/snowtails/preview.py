"""Where a sled would go, before its player chooses: the move preview, from the rules.

The board draws, for the seat on turn, the path a choice would take the sled on
and what happens on the way (a crash, a bump, dents at a speed line, a tree, the
fifth dent). Each is told from the child state of the choice
(:mod:`meeple.core.preview`), moved on as far as the movement goes: a card put on
a dog or the brake, then ``go``; a step, then the rest diagonal first (the order
the page assumes when nothing more is chosen); the bonus. The page used to run a
second copy of the movement rules in JavaScript; now the rules tell it.

What is read of the child is public: the cells moved through and the turn's
events (moves, crashes, bumps, lines, trees, dents, elimination). The refill a
movement ends with draws cards, but the child is the seat's own determinization
(:func:`meeple.core.preview.basis`), and nothing of the hand is read.

The view carries it as ``moves``: ``None`` when the viewer is not moving now, else
``{"base": preview | None, "actions": [{"action": <action JSON>, **preview}]}``,
each preview ``{"path": [cells], "marks": [{"type", "cell", "n"?}], "dents": n,
"out": bool}``; ``base`` is what the page shows while nothing is hovered (``go``
as the dogs stand, or the steps run diagonal first).
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.preview import Preview
from meeple.games.snowtails.actions import (
    BONUS_YES,
    GO,
    STEP_DIAGONAL,
    STEP_FORWARD,
    PlayCard,
)
from meeple.games.snowtails.state import FINISHED, RACING, SnowTailsData

#: The phases in which the seat on turn sees a move preview, and the action it shows
#: while nothing is hovered (none in the bonus phase: the sled has moved).
BASE = {"play": GO, "steps": STEP_DIAGONAL}


def previewed(state: SnowTailsData, seat: int) -> list[Action]:
    """The choices previewed for ``seat``: the plays and ``go`` (``go`` before any card
    is played as a hypothetical: the dogs as they stand), the steps, the bonus."""
    if state.phase not in ("play", "steps", "bonus") or state.current() != seat:
        return []
    if not state.on_track(seat):
        return []
    forward: Any = state
    legal = forward.legal_actions(seat)
    if state.phase == "play":
        return [*(a for a in legal if isinstance(a, PlayCard)), GO]
    if state.phase == "steps":
        return [STEP_FORWARD, STEP_DIAGONAL]
    return [BONUS_YES]


def _finish_movement(child: Any, before: SnowTailsData, seat: int) -> None:
    """Move ``child`` on as the page assumes: ``go`` after the card, the remaining
    steps diagonal first, until the seat's movement is done."""
    if child.phase == "play" and _same_turn(before, child):
        child.apply_unchecked(GO, seat)
    while child.phase == "steps" and _same_turn(before, child):
        child.apply_unchecked(STEP_DIAGONAL, seat)


def _same_turn(before: SnowTailsData, child: SnowTailsData) -> bool:
    return (
        child.phase not in ("lanes", "over")
        and child.race == before.race
        and child.round_no == before.round_no
        and child.order_idx == before.order_idx
    )


def _turn_events(before: SnowTailsData, child: SnowTailsData, seat: int) -> list[list[Any]] | None:
    """The events of ``seat``'s turn since ``before``: the child's own while the turn
    goes on, else the previous turn's; ``None`` when a later turn hid them (a sled
    skipped at once for want of dog cards: :func:`_alone` then)."""
    if _same_turn(before, child):
        events = child.events
    else:
        events = child.last_events
        if not events or events[0] != ["turn", seat]:
            return None
    return events[len(before.events) :]


def _alone(before: SnowTailsData, action: Action, seat: int) -> SnowTailsData:
    """``before`` with ``action`` made and the movement finished as if the other sleds had
    all finished (they stay on the course, so bumps and places are the same): the
    next turn is then the seat's own, and its events stay in ``last_events`` where a
    turn skipped at once (a sled with no dog card) would have pushed them out."""
    probe: Any = before.clone()
    for s in range(before.game.players):
        if s != seat and probe.status[s] == RACING:
            probe.status[s] = FINISHED
    probe.apply_unchecked(action, seat)
    _finish_movement(probe, before, seat)
    out: SnowTailsData = probe
    return out


def describe(before: SnowTailsData, action: Action, child: SnowTailsData, seat: int) -> Any:
    """The path from ``before`` to ``child`` (moved on by :func:`_finish_movement`) and
    what happened on it."""
    _finish_movement(child, before, seat)
    cell = before.cell[seat]
    path = [cell]
    marks: list[dict[str, Any]] = []
    dents = 0
    out = False
    events = _turn_events(before, child, seat)
    if events is None:
        events = _turn_events(before, _alone(before, action, seat), seat)
    if events is None:  # read what is public of the child instead
        end = child.cell[seat]
        return {
            "path": path if end == cell else [cell, end],
            "marks": [],
            "dents": child.dents(seat) - before.dents(seat),
            "out": not child.on_track(seat),
        }
    for event in events:
        what = event[0]
        if what == "move":
            cell = int(event[1])
            path.append(cell)
        elif what == "crash":
            marks.append({"type": "crash", "cell": int(event[1])})
        elif what == "bump":
            marks.append({"type": "bump", "cell": child.cell[int(event[1])]})
        elif what in ("line", "line_bonus") and int(event[2]) > 0:
            marks.append({"type": "speed", "cell": cell, "n": int(event[2])})
        elif what == "tree":
            marks.append({"type": "tree", "cell": int(event[1])})
        elif what == "dent":
            dents += 1
        elif what == "eliminated":
            out = True
    if out:
        marks.append({"type": "out", "cell": cell})
    return {"path": path, "marks": marks, "dents": dents, "out": out}


def gather(state: SnowTailsData, seat: int | None, items: list[tuple[Action, Any]]) -> Any:
    """The view's ``moves`` (module doc)."""
    if not items:
        return None
    base = BASE.get(state.phase)
    return {
        "base": next((d for a, d in items if a == base), None),
        "actions": [{"action": a.to_json(), **d} for a, d in items],
    }


PREVIEW: Preview[Any] = Preview(key="moves", actions=previewed, describe=describe, gather=gather)
