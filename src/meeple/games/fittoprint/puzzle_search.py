"""The search that proves every shipped puzzle solvable and measures its difficulty.

It enumerates every layout a player can print for a puzzle: each centrepiece
position that covers the star, then the day's free cells in reading order,
where the first undecided cell is either left empty or becomes the top-left
corner of a desk tile (face up, or face down when the goal allows it). Tiles
with the same face are interchangeable, so each distinct page is visited once.
Every shipped puzzle asks for every tile on the page face up
(``all_placed``, ``all_face_up``), so the pages searched are exactly those:
no cell is left empty once the free cells are only just enough for the
tiles left, and no tile goes face down. Every complete layout is scored as
the game scores it (:func:`meeple.games.fittoprint.puzzles.score_page`) and
checked against the goal (a page where two face-up tiles of a kind touch
fails ``no_flips`` without being scored: the search counts those clashes as
it lays tiles).

The figures (``data.toml``, each puzzle's ``figures``): ``layouts`` (pages
enumerated), ``solutions`` (those meeting the whole goal), ``best`` (the
highest score among pages meeting every part but the points), ``nodes`` (the
search's effort) and ``first`` (nodes visited before the first solution).
``solutions / layouts`` is the chance that a layout chosen at random among
those the search considers solves the puzzle: the difficulty figure.

    python -m meeple.games.fittoprint.puzzle_search      # print every puzzle's figures
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from meeple.games.fittoprint.components import (
    CP_MASK,
    DAYS,
    PUZZLES,
    SIZE_MASK,
    TILE_SIZE,
    TILES,
    Puzzle,
    centre_cells,
    grow,
)
from meeple.games.fittoprint.puzzles import goal_checks, score_page
from meeple.games.fittoprint.scoring import conflict_class


@dataclass
class Search:
    """The running totals of one puzzle's search and the best page found."""

    layouts: int = 0
    solutions: int = 0
    nodes: int = 0
    first: int = -1
    best: int = -1
    best_page: dict[int, tuple[int, bool]] = field(default_factory=dict)
    best_centre: int = -1
    solution: dict[int, tuple[int, bool]] = field(default_factory=dict)
    solution_centre: int = -1

    def figures(self) -> dict[str, int]:
        return {
            "best": self.best,
            "layouts": self.layouts,
            "solutions": self.solutions,
            "nodes": self.nodes,
            "first": self.first,
        }


def _signature(tile: int) -> tuple[Any, ...]:
    t = TILES[tile]
    return (t.kind, t.colour, t.mood, t.icons, t.points, t.likes, t.dollars, t.size)


def search(puzzle: Puzzle) -> Search:
    """Every layout of ``puzzle`` (see the module docstring), with its figures."""
    day = DAYS[puzzle.day]
    goal = puzzle.goal
    faces = (True,) if goal.all_face_up else (True, False)
    groups: dict[tuple[Any, ...], list[int]] = {}
    for t in puzzle.tiles:
        groups.setdefault(_signature(t), []).append(t)
    kinds = list(groups.values())  # interchangeable tiles, in order of first appearance
    left = [len(g) for g in kinds]
    masks = [SIZE_MASK[TILE_SIZE[g[0]]] for g in kinds]
    area = [TILES[g[0]].area for g in kinds]
    classes = [conflict_class(g[0]) for g in kinds]
    result = Search()
    page: dict[int, tuple[int, bool]] = {}
    forbid: dict[str, int] = {}  # per conflict class: cells next to its face-up tiles

    def leaf(centre: int, clashes: int) -> None:
        desk = [g[len(g) - k + i] for g, k in zip(kinds, left, strict=True) for i in range(k)]
        if goal.all_placed and desk:
            return
        result.layouts += 1
        if clashes and goal.no_flips:
            return  # a tile will be turned over: it fails the goal, and "best" needs the rest
        scored = score_page(page, (puzzle.centrepiece, puzzle.side, centre), day, desk)
        down = sum(1 for _c, up in page.values() if not up)
        checks = goal_checks(goal, scored, len(desk), down)
        if all(c["ok"] for c in checks if c["part"] != "min_points"):
            if scored["points"] > result.best:
                result.best = scored["points"]
                result.best_page = dict(page)
                result.best_centre = centre
            if checks[-1]["ok"]:
                result.solutions += 1
                if result.first < 0:
                    result.first = result.nodes
                    result.solution = dict(page)
                    result.solution_centre = centre

    def dfs(undecided: int, need: int, centre: int, clashes: int) -> None:
        result.nodes += 1
        if not undecided or not need:
            leaf(centre, clashes)
            return
        free = undecided.bit_count()
        if goal.all_placed and free < need:
            return
        low = undecided & -undecided
        cell = low.bit_length() - 1
        for k, g in enumerate(kinds):
            if not left[k]:
                continue
            mask = masks[k].get(cell)
            if mask is None or mask & ~undecided:
                continue
            tile = g[len(g) - left[k]]
            for up in faces:
                left[k] -= 1
                page[tile] = (cell, up)
                saved = forbid.get(classes[k], 0)
                clash = int(up and bool(mask & saved))
                if up:
                    forbid[classes[k]] = saved | grow(mask)
                dfs(undecided & ~mask, need - area[k], centre, clashes + clash)
                forbid[classes[k]] = saved
                del page[tile]
                left[k] += 1
        if not goal.all_placed or free - 1 >= need:
            dfs(undecided & ~low, need, centre, clashes)  # this cell stays empty

    total = sum(TILES[t].area for t in puzzle.tiles)
    for centre in centre_cells(day):
        dfs(day.area & ~CP_MASK[centre], total, centre, 0)
    return result


def main(argv: list[str] | None = None) -> int:
    """Print each puzzle's figures as measured now, beside those in the data."""
    del argv
    for p in PUZZLES:
        r = search(p)
        share = r.solutions / r.layouts if r.layouts else 0.0
        print(f"{p.number} {p.id}: {r.figures()} share {share:.4f} (data: {p.figures})")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
