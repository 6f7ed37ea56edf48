"""A fingerprint of the information-set search at fixed seeds, to compare two commits.

Plays three seeded random two-seat games of a game for 40 steps and, at every eighth
step with a choice, runs information-set MCTS (60 iterations, no progressive widening,
a fixed seed), hashing every root child's action code, visits and value. Two commits
that print the same fingerprint make the same search trees, so every search bot plays
the same moves at the same seeds: a refactor that claims to change nothing a bot does
is checked by running this on both (``PYTHONPATH=<tree>/src python
benchmarks/search_hash.py GAME``).
"""

from __future__ import annotations

import hashlib
import random
import sys

from meeple.bots.mcts import ISMCTSBot
from meeple.core.registry import make_game


def fingerprint(name: str) -> str:
    out = hashlib.sha256()
    game = make_game(name, players=2)
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < 40:
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state.apply_unchecked(outcomes[rng.randrange(len(outcomes))][0], None)
                continue
            seat = state.current_seat()
            legal = state.legal_actions(seat)
            if steps % 8 == 3 and len(legal) > 1:
                bot = ISMCTSBot(game, seat, seed * 100 + steps, iters="60", pw="0")
                root = bot.search(state)
                for action, child in sorted(
                    root.children.items(), key=lambda kv: game.action_code(kv[0])
                ):
                    out.update(
                        f"{game.action_code(action)}:{child.n}:{round(child.w, 6)};".encode()
                    )
            state.apply_unchecked(legal[rng.randrange(len(legal))], seat)
            steps += 1
    return out.hexdigest()[:16]


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(name, fingerprint(name))
