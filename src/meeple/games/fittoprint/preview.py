"""What printing now would leave undone, before the player prints: the page's preview.

A page is printed once and frozen, so before ``print`` the page (and the terminal's
question, text.confirm) says what it would miss, told through the core's preview
contract (:mod:`meeple.core.preview`) from the child state of printing:

* a puzzle: each part of the goal the page would fail, judged by the rules' own
  scoring of the printed page in the child (white space and turned-over tiles
  included);
* family mode: the tiles still on the desk (each costs points; the centrepiece is
  always on the page, placed at its star when the day starts);
* the other modes ask nothing: their players chose the full rules.

It reads the seat's own page and desk and the child's scoring of them, so the
child is made from the real state (the contract's ``basis="state"``). The view
carries it as ``you.unmet`` (a list; ``[]`` when nothing is missed or the seat is
not laying out). The live score beside the page (view.preview) is the page as it
stands, not a choice's outcome, and stays in view.py.
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.preview import Preview, previews
from meeple.games.fittoprint.actions import Print
from meeple.games.fittoprint.components import RULES
from meeple.games.fittoprint.state import LAYOUT, FitToPrintData

PRINT = Print()


def previewed(state: FitToPrintData, seat: int) -> list[Action]:
    """``print`` while ``seat`` lays out its page in a puzzle or in family mode."""
    if state.status[seat] != LAYOUT:
        return []
    if state.game.puzzle is None and not state.game.family:
        return []
    return [PRINT]


def describe(before: FitToPrintData, action: Action, child: FitToPrintData, seat: int) -> Any:
    """What the printed page (``child``) would miss (module doc)."""
    if before.game.puzzle is not None:
        checks = child.results[-1]["puzzle"]["checks"]
        return [{"kind": "goal", **c} for c in checks if not c["ok"]]
    n = len(before.desk[seat])
    return [{"kind": "desk", "n": n, "points": -n * int(RULES["desk_tile_cost"])}] if n else []


def gather(state: FitToPrintData, seat: int | None, items: list[tuple[Action, Any]]) -> Any:
    return [item for _, missed in items for item in missed]


#: The view's ``you.unmet`` through the core's preview contract.
PREVIEW: Preview[Any] = Preview(
    key="you.unmet", actions=previewed, describe=describe, gather=gather
)


def unmet(state: FitToPrintData, seat: int) -> list[dict[str, Any]]:
    """What printing the page now would leave undone, for the player to confirm first."""
    out: list[dict[str, Any]] = previews(PREVIEW, state, seat)
    return out
