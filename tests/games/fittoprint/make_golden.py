"""Regenerate Fit To Print's golden match records: ``python -m tests.games.fittoprint.make_golden``.

Only needed when the rules change on purpose; the test replays the stored
files and fails if any action or the result no longer reproduces. The
realtime case ends Friday and Sunday by the timer (``timeup``), as the
server's clock would.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meeple.bots import make_bot
from meeple.core import Match, MatchRecord, make_game
from meeple.core.rng import Rng
from meeple.games.fittoprint import FitToPrintState

GOLDEN = Path(__file__).parent / "golden"
#: (file name, players, options, bots, seed, actions before each day's timer (0: none))
CASES: tuple[tuple[str, int, dict[str, Any], tuple[str, ...], int, tuple[int, ...]], ...] = (
    ("slo_heuristic_vs_random_seed21.json", 2, {"mode": "slo"}, ("heuristic", "random"), 21, ()),
    (
        "realtime_3p_timer_seed22.json",
        3,
        {"mode": "realtime", "characters": True, "breaking_news": True},
        ("heuristic", "random", "heuristic"),
        22,
        (25, 0, 40),
    ),
    ("solo_seed23.json", 1, {"mode": "slo", "target": 20}, ("heuristic",), 23, ()),
)


def play_case(
    players: int, options: dict[str, Any], bots: tuple[str, ...], seed: int, timer: tuple[int, ...]
) -> MatchRecord:
    game = make_game("fittoprint", players=players, **options)
    seats = [make_bot(b, game, s, seed + s) for s, b in enumerate(bots)]
    match = Match(game, seed)
    pick = Rng(seed).spawn(7)
    day, in_day = 0, 0
    while not match.state.is_terminal():
        state = match.state
        assert isinstance(state, FitToPrintState)
        if state.day != day:
            day, in_day = state.day, 0
        limit = timer[day] if day < len(timer) else 0
        if limit and in_day >= limit and state.phase == "day":
            match.play(game.action_from_json({"type": "timeup", "day": day}))
            continue
        acting = state.turn().seats
        seat = acting[pick.randbelow(len(acting))]
        match.play(seats[seat].choose(state), seat)
        in_day += 1
    return match.record(meta={"bots": list(bots), "final_state_id": match.state.state_id()})


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, players, options, bots, seed, timer in CASES:
        play_case(players, options, bots, seed, timer).save(GOLDEN / name)
        print("wrote", GOLDEN / name)


if __name__ == "__main__":
    main()
