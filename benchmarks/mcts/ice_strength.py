"""ICE's search-strength protocol (issue 19, item 13): ``strength_protocol.py`` with ``--game ice``.

Kept under its own name so that the ICE run's command goes on working
(its folder, seed 19 and default bot are those of the general script's ICE
entry); see ``strength_protocol.py`` for what the protocol is and how it
resumes.

    nice -n 15 .venv/bin/python benchmarks/mcts/ice_strength.py --out benchmarks/mcts/strength-ice/cpu1s
    .venv/bin/python benchmarks/mcts/ice_strength.py --out benchmarks/mcts/strength-ice/cpu1s --report
    .venv/bin/python benchmarks/mcts/ice_strength.py --bot "ismcts:iters=100" -n 20 --out /tmp/pilot
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parent)
)  # strength_protocol, also when loaded by path

import strength_protocol
from strength_protocol import DEFAULT_BOT, OPPONENT, summarize, summary_line

from meeple.arena.tournament import Tournament

GAME = "ice"

__all__ = ["DEFAULT_BOT", "GAME", "OPPONENT", "main", "summarize", "summary_line", "tournament"]


def tournament(bot: str, games: int, seed: int) -> Tournament:
    """ICE's protocol as an arena tournament (2 players, seats rotated each game)."""
    return strength_protocol.tournament(GAME, bot, games, seed)


def main(argv: list[str] | None = None) -> int:
    return strength_protocol.main(argv, game=GAME)


if __name__ == "__main__":
    sys.exit(main())
