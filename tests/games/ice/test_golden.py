"""Golden ICE playthroughs (``python -m tests.golden ice`` writes them)."""

from __future__ import annotations

import pytest

from tests.golden import Golden, check_replays

CASES = (
    Golden("heuristic_vs_random_seed1.json", ("heuristic", "random"), 1),
    Golden("heuristic_mirror_3p_seed2.json", ("heuristic",) * 3, 2, players=3),
    Golden("heuristic_mirror_5p_seed3.json", ("heuristic",) * 5, 3, players=5),
    Golden("solo_seed4.json", ("heuristic",), 4, players=1),
    Golden(
        "edifice_first_seed5.json",
        ("heuristic",) * 4,
        5,
        players=4,
        options={"edifice": True, "end": "first"},
    ),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    check_replays("ice", case)
