"""Fit To Print (Slo-Mode): the heuristic bot against random bots, self-play balance, solo
success, random playouts per second and clone cost.

    .venv/bin/python benchmarks/fittoprint_bot.py              # 60 games per line
    .venv/bin/python benchmarks/fittoprint_bot.py -n 20 --players 2 4

"vs random" seats one heuristic bot (rotating over the seats) among random
bots and counts its first places (shared firsts count as a fraction).
"Self-play" seats heuristic bots everywhere and reports first places per seat,
mean final score and how often a seat is out of the running on revenue.
"""

from __future__ import annotations

import argparse
import json
import time
import timeit

from meeple.bots import make_bot
from meeple.core import make_game
from meeple.core.playout import random_playout
from meeple.games.fittoprint.rules import FitToPrintState


def play(players: int, specs: list[str], seed: int, **options: object) -> FitToPrintState:
    game = make_game("fittoprint", players=players, mode="slo", **options)
    state = game.new_initial_state(seed)
    assert isinstance(state, FitToPrintState)
    bots = [make_bot(spec, game, i, seed + i) for i, spec in enumerate(specs)]
    while not state.is_terminal():
        seat = state.turn().seats[0]
        state.apply(bots[seat].choose(state), seat)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--games", type=int, default=60)
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4, 5, 6])
    args = parser.parse_args()
    rows = []
    for players in args.players:
        start = time.perf_counter()
        row: dict[str, object] = {"players": players}
        if players > 1:
            wins = 0.0
            for g in range(args.games):
                seat = g % players
                specs = ["random"] * players
                specs[seat] = "heuristic"
                winners = play(players, specs, g).winners()
                wins += (seat in winners) / len(winners)
            row["heuristic_first_vs_random"] = round(wins / args.games, 3)
        firsts = [0.0] * players
        total = out = 0.0
        won = 0
        for g in range(args.games):
            state = play(players, ["heuristic"] * players, 10_000 + g)
            winners = state.winners()
            for w in winners:
                firsts[w] += 1 / len(winners)
            total += sum(state.scores()) / players
            out += sum(state.eliminated())
            if players == 1:
                won += state.solo_won()
        row["selfplay_first_per_seat"] = [round(f / args.games, 3) for f in firsts]
        row["mean_score"] = round(total / args.games, 1)
        row["eliminated_per_game"] = round(out / args.games, 2)
        if players == 1:
            row["solo_target_reached"] = round(won / args.games, 3)
        game = make_game("fittoprint", players=players, mode="slo")
        t0 = time.perf_counter()
        for k in range(10):
            random_playout(game, k, checked=False)
        row["random_playouts_per_s"] = round(10 / (time.perf_counter() - t0), 1)
        mid = game.new_initial_state(1)
        for a in range(30):
            mid.apply_unchecked(mid.legal_actions(mid.turn().seats[0])[a % 2], mid.turn().seats[0])
        row["clone_us"] = round(timeit.timeit(mid.clone, number=2000) / 2000 * 1e6, 1)
        row["seconds"] = round(time.perf_counter() - start, 1)
        rows.append(row)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
