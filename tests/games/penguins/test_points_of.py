"""The penguin game's piece finder (issue 39, item 4): ``terrain.points_of`` finds a
side's eggs or penguins with C-level scans, for the legal actions at every step; at
every state of seeded random games it lists what a scan of every point lists, in order.
(On main there is no ``points_of``: each caller scanned every point in Python.)"""

from __future__ import annotations

from meeple.games.penguins.components import ASSISTANT, EGG, STAR
from meeple.games.penguins.terrain import points_of
from tests.seeded import random_states


def test_points_of_lists_what_a_scan_of_every_point_lists() -> None:
    seen = 0
    for state in random_states("penguins", 2, range(8)):
        board = state.board
        for a, b in (EGG, (ASSISTANT[0], STAR[0]), (ASSISTANT[1], STAR[1])):
            found = points_of(board, a, b)
            assert found == [p for p, v in enumerate(board) if v in (a, b)]
            seen += len(found)
    assert seen > 1000
