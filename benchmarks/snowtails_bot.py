"""Snow Tails: the heuristic bot against random bots, and equal-bot races, per player count.

    .venv/bin/python benchmarks/snowtails_bot.py           # 200 games per line, ~3 min
    .venv/bin/python benchmarks/snowtails_bot.py -n 50     # a quicker look
    .venv/bin/python benchmarks/snowtails_bot.py --players 4

For N players, "vs random" seats one heuristic bot (rotating over the seats)
among N-1 random bots and counts its first places (shared firsts count as a
fraction). "Self-play" seats N heuristic bots and reports first places per
seat (seat i picks its start lane i-th), mean rounds and eliminations.
"All random" seats N random bots. For self-play and all-random races it also
reports the rounds (least, mean, most) and the dent cards dealt in a race
(dents are never given back, so it is the sum of every sled's dents at the
end), against the box's 20 (decision 16 in docs/games/snowtails.md).
"""

from __future__ import annotations

import argparse
import json
import time

from meeple.bots import make_bot
from meeple.core import make_game
from meeple.games.snowtails.rules import SnowTailsState
from meeple.games.snowtails.state import OUT

BOX_DENTS = 20


def play(players: int, specs: list[str], seed: int) -> SnowTailsState:
    game = make_game("snowtails", players=players)
    state = game.new_initial_state(seed)
    assert isinstance(state, SnowTailsState)
    bots = [make_bot(spec, game, i, seed) for i, spec in enumerate(specs)]
    while not state.is_terminal():
        seat = state.current()
        state.apply(bots[seat].choose(state), seat)
    return state


def race_figures(states: list[SnowTailsState]) -> dict[str, object]:
    """Rounds and dents dealt over a batch of finished races."""
    rounds = [s.round_no for s in states]
    dents = [sum(s.dents(seat) for seat in range(s.game.players)) for s in states]
    return {
        "rounds_min_mean_max": [min(rounds), round(sum(rounds) / len(rounds), 2), max(rounds)],
        "dents_mean": round(sum(dents) / len(dents), 2),
        "dents_max": max(dents),
        "races_over_box_dents": sum(1 for d in dents if d > BOX_DENTS),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    args = parser.parse_args()
    out = []
    for players in args.players:
        start = time.perf_counter()
        wins = 0.0
        for g in range(args.games):
            seat = g % players
            specs = ["random"] * players
            specs[seat] = "heuristic"
            winners = play(players, specs, g).winners()
            wins += (seat in winners) / len(winners)
        firsts = [0.0] * players
        rounds = eliminated = 0
        selfplay = []
        for g in range(args.games):
            state = play(players, ["heuristic"] * players, 10_000 + g)
            selfplay.append(state)
            winners = state.winners()
            for w in winners:
                firsts[w] += 1 / len(winners)
            rounds += state.round_no
            eliminated += sum(1 for s in state.status if s == OUT)
        randoms = [play(players, ["random"] * players, 20_000 + g) for g in range(args.games)]
        row = {
            "players": players,
            "games": args.games,
            "heuristic_vs_random_first": round(wins / args.games, 3),
            "selfplay_first_by_seat": [round(f / args.games, 3) for f in firsts],
            "selfplay_mean_rounds": round(rounds / args.games, 2),
            "selfplay_eliminated_per_race": round(eliminated / args.games, 3),
            "selfplay": race_figures(selfplay),
            "all_random": race_figures(randoms),
            "seconds": round(time.perf_counter() - start, 1),
        }
        out.append(row)
        print(json.dumps(row))


if __name__ == "__main__":
    main()
