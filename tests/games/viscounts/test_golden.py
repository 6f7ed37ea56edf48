"""Golden Viscounts playthroughs (``python -m tests.golden viscounts`` writes them)."""

from __future__ import annotations

import pytest

from tests.golden import Golden, check_replays

CASES = (
    Golden("heuristic_vs_random_seed1.json", ("heuristic", "random"), 1),
    Golden("heuristic_mirror_3p_seed2.json", ("heuristic",) * 3, 2, players=3),
    Golden("heuristic_mirror_4p_seed3.json", ("heuristic",) * 4, 3, players=4),
    Golden("solo_normal_seed4.json", ("heuristic",), 4, players=1),
    Golden("solo_easy_seed6.json", ("heuristic",), 6, players=1, options={"difficulty": "easy"}),
    Golden(
        "rulebook_majorities_seed5.json",
        ("heuristic", "heuristic"),
        5,
        options={"second_under_3": False},
    ),
    # Gates of Gold (issue 36): King's Orders, outsiders, the manuscript board, builder
    # cards and a castle leader card, 3 heuristic players
    Golden(
        "gates_of_gold_3p_seed7.json",
        ("heuristic",) * 3,
        7,
        players=3,
        options={"gates_of_gold": True},
    ),
    # Keeper of Keys (issue 36): public buildings, the hero display, chest tiles; and both
    # expansions in one game
    Golden(
        "keeper_of_keys_2p_seed15.json",
        ("heuristic",) * 2,
        15,
        options={"keeper_of_keys": True},
    ),
    Golden(
        "both_sets_3p_seed11.json",
        ("heuristic",) * 3,
        11,
        players=3,
        options={"gates_of_gold": True, "keeper_of_keys": True},
    ),
)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    check_replays("viscounts", case)
