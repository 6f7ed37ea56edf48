"""Where each slide would go, before the player chooses it: the slide preview.

The board shows, for the seat about to explore, each legal slide's path, the eggs
it would lay and what it would set off (seagulls, a tent, the river, krill), told
through the core's preview contract (:mod:`meeple.core.preview`): one description
per legal ``Explore`` from the state before it (the seat's own basis) and its
child. It reads the board and the terrain only, which every seat sees.

The view carries it as ``slides``: a list of ``{"point", "move", "path",
"removed", "eggs", ...}`` (docs/web-client.md).
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.preview import Preview
from meeple.games.penguins.actions import Explore
from meeple.games.penguins.components import KRILL, RIVER
from meeple.games.penguins.slide import HoleQuestion, SlideResult, simulate
from meeple.games.penguins.state import PenguinData
from meeple.games.penguins.terrain import seagulls_beside, tents_beside


def explores(s: PenguinData, seat: int) -> list[Action]:
    """The seat's legal slides, when it may act now."""
    if seat not in s.turn().seats:
        return []
    forward: Any = s
    return [a for a in forward.legal_actions(seat) if isinstance(a, Explore)]


def describe(s: PenguinData, action: Action, child: PenguinData, seat: int) -> Any:
    """Where the slide goes and what it sets off (``None``: no slide from there)."""
    assert isinstance(action, Explore)
    r = simulate(s.board, s.layout, s.grid, action.point, action.move, [])
    if r is None:
        return None
    item: dict[str, Any] = {"point": action.point, "move": action.move, "path": list(r.path),
                            "removed": list(r.removed)}  # fmt: skip
    passed = r.path[1:]
    if isinstance(r, HoleQuestion):
        item.update(hole=r.hole, eggs=r.path[:-1], effects=[])
    else:
        assert isinstance(r, SlideResult)
        eggs = r.path if r.seaweed else r.path[:-1]
        effects = []
        if seagulls_beside(s.board, s.grid, passed):
            effects.append("seagull")
        if not r.seaweed and tents_beside(s.layout, s.grid, r.final):
            effects.append("tent")
        if not r.seaweed and s.layout.terrain[r.final] == RIVER:
            effects.append("river")
        if any(s.layout.terrain[p] == KRILL for p in passed):
            effects.append("krill")
        item.update(eggs=list(eggs), storm=r.storm, seaweed=r.seaweed,
                    frozen=r.frozen_hit, effects=effects)  # fmt: skip
    return item


PREVIEW: Preview[Any] = Preview(key="slides", actions=explores, describe=describe)
