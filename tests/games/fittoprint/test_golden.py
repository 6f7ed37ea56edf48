"""Golden Fit To Print playthroughs (``python -m tests.golden fittoprint`` writes them).

The realtime case ends Friday and Sunday by the timer (``timeup``), as the
server's clock would: :func:`timer` plays it after that many decisions of a day.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from meeple.core import Action, Match
from meeple.games.fittoprint import FitToPrintState, TimeUp
from tests.golden import Golden, check_replays


def timer(*limits: int) -> Callable[[], Callable[[Match], Action | None]]:
    """The day's timer runs out after ``limits[day]`` decisions of that day (0: never)."""

    def make() -> Callable[[Match], Action | None]:
        day = in_day = 0

        def hook(match: Match) -> Action | None:
            nonlocal day, in_day
            state = match.state
            assert isinstance(state, FitToPrintState)
            if state.day != day:
                day, in_day = state.day, 0
            limit = limits[day] if day < len(limits) else 0
            if limit and in_day >= limit and state.phase == "day":
                return TimeUp(day)
            in_day += 1
            return None

        return hook

    return make


CASES = (
    Golden(
        "slo_heuristic_vs_random_seed21.json",
        ("heuristic", "random"),
        21,
        players=2,
        options={"mode": "slo"},
    ),
    Golden(
        "realtime_3p_timer_seed22.json",
        ("heuristic", "random", "heuristic"),
        22,
        players=3,
        options={"mode": "realtime", "characters": True, "breaking_news": True},
        system=timer(25, 0, 40),
    ),
    Golden(
        "solo_seed23.json", ("heuristic",), 23, players=1, options={"mode": "slo", "target": 20}
    ),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    check_replays("fittoprint", case)
