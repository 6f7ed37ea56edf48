"""Golden playthroughs of the penguin game (``python -m tests.golden penguins`` writes them)."""

from __future__ import annotations

import pytest

from tests.golden import Golden, check_replays

CASES = (
    Golden("two_players_heuristic_vs_random_seed21.json", ("heuristic", "random"), 21),
    Golden(
        "team_heuristic_mirror_seed22.json", ("heuristic",) * 4, 22, players=4, options={"scene": 4}
    ),
    Golden(
        "free_mode_random_vs_heuristic_seed23.json",
        ("random", "heuristic"),
        23,
        options={"mode": "free"},
    ),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    match = check_replays("penguins", case)
    assert len(match.history) > 20
