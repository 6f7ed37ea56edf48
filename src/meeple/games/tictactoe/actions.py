"""Tic-tac-toe's one action: put the mover's mark on a cell."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeple.core import Action


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the mover's mark on an empty cell (0-8, row by row)."""

    kind: ClassVar[str] = "place"
    cell: int


#: The nine actions, built once (actions are frozen values).
PLACES = tuple(Place(i) for i in range(9))
