"""Golden Unconscious Mind playthroughs (``python -m tests.golden unconscious`` writes them)."""

from __future__ import annotations

import pytest

from tests.golden import Golden, check_replays

CASES = (
    Golden("heuristic_vs_random_seed1.json", ("heuristic", "random"), 1),
    Golden("random_4p_seed2.json", ("random",) * 4, 2, players=4),
    Golden("solo_seed3.json", ("heuristic",), 3, players=1),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    check_replays("unconscious", case)
