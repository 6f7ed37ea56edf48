"""Regenerate the penguin game's golden match records:
``python -m tests.games.penguins.make_golden``.

Only needed when the rules or components change on purpose; the test replays
the stored files and fails if any action or the result no longer reproduces.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meeple.bots import make_bot
from meeple.core import Match, MatchRecord, make_game

GOLDEN = Path(__file__).parent / "golden"
#: (file name, players, options, bot per seat parity, seed)
CASES: tuple[tuple[str, int, dict[str, Any], tuple[str, str], int], ...] = (
    ("two_players_heuristic_vs_random_seed21.json", 2, {}, ("heuristic", "random"), 21),
    ("team_heuristic_mirror_seed22.json", 4, {"scene": 4}, ("heuristic", "heuristic"), 22),
    ("free_mode_random_vs_heuristic_seed23.json", 2, {"mode": "free"}, ("random", "heuristic"), 23),
)


def play_case(
    players: int, options: dict[str, Any], bots: tuple[str, str], seed: int
) -> MatchRecord:
    game = make_game("penguins", players=players, **options)
    seats = [make_bot(bots[s % 2], game, s, seed + s) for s in range(players)]
    match = Match(game, seed)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.current_seat()
        assert seat is not None
        match.play(seats[seat].choose(match.state), seat)
    return match.record(meta={"bots": list(bots), "final_state_id": match.state.state_id()})


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, players, options, bots, seed in CASES:
        play_case(players, options, bots, seed).save(GOLDEN / name)
        print("wrote", GOLDEN / name)


if __name__ == "__main__":
    main()
