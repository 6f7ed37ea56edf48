"""Puzzle mode: scoring one printed page against a designed puzzle's goal.

A puzzle (``data.toml``, ``[[puzzles]]``) fixes the day's area, the tiles on
the desk and the centrepiece; the player lays the page out without a clock
and prints once. The page is scored as a solo day (white space by the fixed
solo marks, no breaking news, no character), then every part of the goal is
checked. The rules call :func:`goal_checks` when the page is printed; the
search that proves each puzzle solvable (``puzzle_search.py``) calls
:func:`score_page` and :func:`goal_checks` on every layout it tries, so the
game and the proof judge a page the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.games.fittoprint.components import RULES, SOLO, Day, Goal
from meeple.games.fittoprint.scoring import page_breakdown, white_space_points

#: The parts of a solo day's score, as the rules add them (token bonuses are 0 alone).
DAY_PARTS = ("articles", "photos", "centrepiece", "mood", "desk", "news", "white_space")


def score_page(
    page: Mapping[int, tuple[int, bool]],
    centre: tuple[int, int, int],
    day: Day,
    desk: list[int],
) -> dict[str, Any]:
    """The page scored as a solo day: the breakdown plus ``white_space``,
    ``points`` (never below 0) and ``revenue``. ``page`` and ``desk`` are not changed."""
    b = page_breakdown(dict(page), centre, day, list(desk))
    b["white_space"] = white_space_points([b["largest_empty"]], SOLO, RULES)[0]
    b["points"] = max(0, sum(b[k] for k in DAY_PARTS))
    b["revenue"] = max(0, b["revenue_raw"])
    return b


def goal_checks(
    goal: Goal, scored: Mapping[str, Any], desk_left: int, laid_face_down: int
) -> list[dict[str, Any]]:
    """Each part of ``goal`` with what it wants, what the page got and whether it holds.

    ``scored`` is the day's scoring of the page (``points``, ``revenue``,
    ``largest_empty``, ``flipped``); ``desk_left`` the tiles still on the
    desk; ``laid_face_down`` the tiles the player laid face down (tiles the
    scoring turned over are in ``flipped``).
    """
    out: list[dict[str, Any]] = []

    def part(name: str, want: int, got: int, ok: bool) -> None:
        out.append({"part": name, "want": want, "got": got, "ok": ok})

    if goal.all_placed:
        part("all_placed", 0, desk_left, desk_left == 0)
    if goal.all_face_up:
        part("all_face_up", 0, laid_face_down, laid_face_down == 0)
    if goal.no_flips:
        flipped = len(scored["flipped"])
        part("no_flips", 0, flipped, flipped == 0)
    if goal.max_empty >= 0:
        empty = int(scored["largest_empty"])
        part("max_empty", goal.max_empty, empty, empty <= goal.max_empty)
    if goal.min_revenue:
        part(
            "min_revenue",
            goal.min_revenue,
            int(scored["revenue"]),
            scored["revenue"] >= goal.min_revenue,
        )
    part("min_points", goal.min_points, int(scored["points"]), scored["points"] >= goal.min_points)
    return out


def solved(checks: list[dict[str, Any]]) -> bool:
    return all(c["ok"] for c in checks)
