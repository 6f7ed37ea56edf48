"""Regenerate Province's golden match records: ``python -m tests.games.province.make_golden``.

Only needed when the rules change on purpose; the test replays the stored
files and fails if any action or the result no longer reproduces.
"""

from __future__ import annotations

from pathlib import Path

from meeple.bots import make_bot
from meeple.core import Match, MatchRecord, make_game

GOLDEN = Path(__file__).parent / "golden"
#: (file name, bot for seat 0, bot for seat 1, seed)
CASES = (
    ("heuristic_vs_random_seed11.json", "heuristic", "random", 11),
    ("heuristic_mirror_seed12.json", "heuristic", "heuristic", 12),
    ("random_vs_heuristic_seed13.json", "random", "heuristic", 13),
)


def play_case(bot0: str, bot1: str, seed: int) -> MatchRecord:
    game = make_game("province")
    bots = [make_bot(bot0, game, 0, seed), make_bot(bot1, game, 1, seed + 1)]
    match = Match(game, seed)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.current_seat()
        assert seat is not None
        match.play(bots[seat].choose(match.state), seat)
    return match.record(meta={"bots": [bot0, bot1], "final_state_id": match.state.state_id()})


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, bot0, bot1, seed in CASES:
        play_case(bot0, bot1, seed).save(GOLDEN / name)
        print("wrote", GOLDEN / name)


if __name__ == "__main__":
    main()
