"""Regenerate the golden Snow Tails records (run by hand after a deliberate rules change).

.venv/bin/python -m tests.games.snowtails.make_golden
"""

from __future__ import annotations

from pathlib import Path

from meeple.bots import make_bot
from meeple.core import Match, make_game

GOLDEN = Path(__file__).parent / "golden"

CASES = [
    ("heuristic-2p-first-run", 2, {}, ["heuristic", "heuristic"], 11),
    ("mixed-5p-grand-tour", 5, {}, ["heuristic", "random", "heuristic", "random", "greedy"], 23),
    (
        "season-3p-custom",
        3,
        {"course": "START:b,S1:b,C3:b,S4:b,S7:b,U2:a,S2:a,FINISH:a", "races": 2},
        ["heuristic", "greedy", "random"],
        5,
    ),
]


def main() -> None:
    for name, players, options, specs, seed in CASES:
        game = make_game("snowtails", players=players, **options)
        match = Match(game, seed)
        bots = [make_bot(spec, game, i, seed) for i, spec in enumerate(specs)]
        while not match.state.is_terminal():
            seat = match.state.current_seat()
            assert seat is not None
            match.play(bots[seat].choose(match.state), seat)
        record = match.record(meta={"bots": specs, "state_id": match.state.state_id()})
        record.save(GOLDEN / f"{name}.json")
        print(name, len(record.actions), record.result)


if __name__ == "__main__":
    main()
