"""Penguin Eggs: the heuristic bot's strength and speed, and the balance.

    .venv/bin/python benchmarks/penguins_bot.py            # 200 / 60 games per line, ~6 min
    .venv/bin/python benchmarks/penguins_bot.py -n 40 --per-scene 20

Plays HeuristicBot against RandomBot with sides alternating (win rate with a
95% Wilson interval, time per decision), two players and teams; then equal
heuristic bots: how often the side that moves first wins, in standard play
(the second player chooses the scene), on each scene fixed in advance, in
team mode and in free mode.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from meeple.bots import make_bot
from meeple.core import Match, make_game
from meeple.games.penguins import PenguinState
from meeple.games.penguins.components import components


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def play(
    players: int, options: dict[str, Any], specs: tuple[str, str], seed: int
) -> tuple[PenguinState, int, float]:
    """One match; specs per side (seat % 2). Returns the final state, the
    decisions side 0 took and the seconds it spent."""
    game = make_game("penguins", players=players, **options)
    bots = [make_bot(specs[s % 2], game, s, seed * 4 + s) for s in range(players)]
    m = Match(game, seed)
    decisions, spent = 0, 0.0
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.resolve_chance()
            continue
        seat = m.state.current_seat()
        assert seat is not None
        t0 = time.perf_counter()
        action = bots[seat].choose(m.state)
        if seat % 2 == 0:
            spent += time.perf_counter() - t0
            decisions += 1
        m.play(action, seat)
    assert isinstance(m.state, PenguinState)
    return m.state, decisions, spent


def versus_random(players: int, n: int, seed: int) -> str:
    wins, decisions, spent = 0, 0, 0.0
    for i in range(n):
        hero = i % 2
        specs = ("heuristic", "random") if hero == 0 else ("random", "heuristic")
        final, d, t = play(players, {}, specs, seed + i)
        wins += final.winner == hero
        if hero == 0:
            decisions, spent = decisions + d, spent + t
    lo, hi = wilson(wins, n)
    return (f"{players} players: heuristic vs random {wins}/{n} = {wins / n:.3f} "
            f"(95% CI {lo:.3f}-{hi:.3f}), {1000 * spent / max(1, decisions):.1f} ms per decision")  # fmt: skip


def mirror(players: int, options: dict[str, Any], n: int, seed: int) -> str:
    first, draws, turns = 0, 0, 0
    for i in range(n):
        final, _, _ = play(players, options, ("heuristic", "heuristic"), seed + i)
        first += final.winner == final.first % 2
        draws += final.winner == 2
        turns += final.turns
    lo, hi = wilson(first, n)
    return (f"{players} players {options or 'standard'}: first side won {first / n:.3f} "
            f"(95% CI {lo:.3f}-{hi:.3f}), draws {draws}, mean {turns / n:.1f} turns, {n} games")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="games per main measurement")
    parser.add_argument("--per-scene", type=int, default=60, help="games per fixed scene")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(versus_random(2, args.n, args.seed), flush=True)
    print(versus_random(4, args.n // 2, args.seed), flush=True)
    print(mirror(2, {}, args.n, args.seed + 10_000), flush=True)
    for scene in components().scenes:
        print(mirror(2, {"scene": scene.number}, args.per_scene, args.seed + 20_000), flush=True)
    print(mirror(4, {}, args.n // 2, args.seed + 30_000), flush=True)
    print(mirror(2, {"mode": "free"}, args.n // 2, args.seed + 40_000), flush=True)


if __name__ == "__main__":
    main()
