"""Golden Snow Tails playthroughs: stored match records replay to the same end.

``python -m tests.golden snowtails`` writes them again after a deliberate rules change.
"""

from __future__ import annotations

import pytest

from tests.golden import Golden, check_replays

CASES = (
    Golden("heuristic-2p-first-run.json", ("heuristic", "heuristic"), 11, 2, bot_seeds="same"),
    Golden(
        "mixed-5p-grand-tour.json",
        ("heuristic", "random", "heuristic", "random", "greedy"),
        23,
        5,
        bot_seeds="same",
    ),
    Golden(
        "season-3p-custom.json",
        ("heuristic", "greedy", "random"),
        5,
        3,
        {"course": "START:b,S1:b,C3:b,S4:b,S7:b,U2:a,S2:a,FINISH:a", "races": 2},
        bot_seeds="same",
    ),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    check_replays("snowtails", case)
