"""Golden tic-tac-toe playthroughs (``python -m tests.golden tictactoe`` writes them)."""

from __future__ import annotations

import pytest

from tests.golden import Golden, check_replays

CASES = (
    Golden("heuristic_vs_random_seed1.json", ("heuristic", "random"), 1),
    Golden("random_vs_heuristic_seed2.json", ("random", "heuristic"), 2),
    Golden("heuristic_mirror_seed3.json", ("heuristic", "heuristic"), 3),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    check_replays("tictactoe", case)
