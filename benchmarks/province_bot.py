"""Province: the heuristic bot's strength, speed and the start-player balance.

    .venv/bin/python benchmarks/province_bot.py            # 200 games each
    .venv/bin/python benchmarks/province_bot.py -n 50 -o goals=9

Plays HeuristicBot against RandomBot with seats alternating (win rate with a
95% Wilson interval, time per decision), then two heuristic bots against each
other (how often the start player, chosen by the opening toss, wins).
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from meeple.bots import make_bot
from meeple.core import Game, Match, make_game
from meeple.core.options import parse_option_pairs
from meeple.games.province import ProvinceState


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win fraction."""
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: Game, specs: list[str], seed: int) -> tuple[Match, list[float]]:
    """One match; returns it and the seconds each seat spent deciding."""
    bots = [make_bot(spec, game, seat, seed * 2 + seat) for seat, spec in enumerate(specs)]
    m = Match(game, seed)
    spent = [0.0, 0.0]
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.resolve_chance()
            continue
        seat = m.state.current_seat()
        assert seat is not None
        t0 = time.perf_counter()
        action = bots[seat].choose(m.state)
        spent[seat] += time.perf_counter() - t0
        m.play(action, seat)
    return m, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="games per measurement")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("-o", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options: dict[str, Any] = dict(parse_option_pairs(args.o))
    game = make_game("province", **options)

    wins, decisions, spent = 0.0, 0, 0.0
    for i in range(args.n):
        h = i % 2
        specs = ["heuristic", "random"] if h == 0 else ["random", "heuristic"]
        m, secs = play(game, specs, args.seed + i)
        winners = m.state.winners()
        wins += (h in winners) / len(winners)
        decisions += sum(1 for actor, _ in m.history if actor == h)
        spent += secs[h]
    lo, hi = wilson(wins, args.n)
    print(
        f"heuristic vs random: {wins / args.n:.3f} won, 95% CI [{lo:.3f}, {hi:.3f}], "
        f"{args.n} games, {1000 * spent / decisions:.2f} ms per decision"
    )

    start_wins, turns = 0.0, 0
    for i in range(args.n):
        m, _ = play(game, ["heuristic", "heuristic"], args.seed + 10_000 + i)
        final = m.state
        assert isinstance(final, ProvinceState)
        winners = final.winners()
        start_wins += (final.start in winners) / len(winners)
        turns += final.turns
    lo, hi = wilson(start_wins, args.n)
    print(
        f"heuristic mirror: start player won {start_wins / args.n:.3f}, "
        f"95% CI [{lo:.3f}, {hi:.3f}], mean {turns / args.n:.1f} turns"
    )


if __name__ == "__main__":
    main()
