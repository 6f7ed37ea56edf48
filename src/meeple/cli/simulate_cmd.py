"""``meeple simulate GAME -n N --bots a,b``: bots against bots, with statistics.

Seating: the bot list is repeated to fill the seats (``--bots heuristic,random``
at four seats means heuristic, random, heuristic, random), then rotated by
one seat every game, so over N games each entry sits at every seat equally
often (exactly so when N is a multiple of the seat count). Each entry keeps
its own label for the statistics; a spec used more than once is labelled
``random#1``, ``random#2``... in list order.

Determinism: game ``i`` uses a seed derived from ``--seed`` and ``i`` (stored
in its record), and bots are seeded from it, so the same command prints the
same figures (all but the timing).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from tqdm import tqdm

from meeple.bots.registry import make_bot
from meeple.cli.argtypes import whole_number
from meeple.cli.common import (
    BotTable,
    add_game_arguments,
    bot_labels,
    dumps,
    game_from_args,
    play_out,
    save_record,
    split_bot_specs,
)
from meeple.cli.stats import Tally
from meeple.core.errors import OptionError
from meeple.core.game import Game
from meeple.core.match import Match
from meeple.core.rng import Rng


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate",
        help="play bots against each other and report win rates",
        description="Play N games between bots, rotating seats, and report statistics.",
    )
    add_game_arguments(p)
    p.add_argument(
        "-n", "--games", type=whole_number, default=100, help="number of games (default 100)"
    )
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs, e.g. heuristic,random or mcts:iters=200,greedy",
    )
    p.add_argument("--seed", type=whole_number, default=0, help="base seed (default 0)")
    p.add_argument("--json", action="store_true", help="end with one JSON line of results")
    p.add_argument("--save", metavar="DIR", default=None, help="save every match record in DIR")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    p.set_defaults(func=run)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: independent streams, 31-bit for readability."""
    return Rng(seed).spawn(index).next64() >> 33


def seating(entries: int, game_index: int) -> list[int]:
    """Which line-up entry sits at each seat in game ``game_index`` (rotate by one per game).

    >>> seating(3, 0), seating(3, 1), seating(3, 2)
    ([0, 1, 2], [2, 0, 1], [1, 2, 0])
    """
    return [(seat - game_index) % entries for seat in range(entries)]


def lineup(specs: list[str], game: Game) -> list[str]:
    """The bot list stretched to one entry per seat."""
    if len(specs) > game.players:
        raise OptionError(
            f"{len(specs)} bots given for {game.players} seats; give at most {game.players}"
        )
    return [specs[i % len(specs)] for i in range(game.players)]


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise OptionError(f"-n must be at least 1, got {args.games}")
    specs = split_bot_specs(args.bots)
    players = args.players
    if players is None:
        game_for_count = game_from_args(args)
        cls = type(game_for_count)
        if cls.min_players <= len(specs) <= cls.max_players:
            players = len(specs)
    game = game_from_args(args, players)
    entries = lineup(specs, game)
    for spec in set(entries):
        make_bot(spec, game, 0)  # unknown bots and bad parameters fail before any game starts
    labels = bot_labels(entries)
    tally = Tally(labels, game.players)

    started = time.perf_counter()
    progress = tqdm(
        range(args.games),
        desc=game.name,
        unit="game",
        file=sys.stderr,
        disable=args.no_progress,
        dynamic_ncols=True,
    )
    saved = 0
    for i in progress:
        seed = game_seed(args.seed, i)
        order = seating(len(entries), i)
        match = Match(game, seed)
        table = BotTable(match, {seat: entries[e] for seat, e in enumerate(order)}, seed)
        play_out(match, table)
        state = match.state
        decisions = sum(1 for actor, _ in match.history if actor is not None)
        tally.add(
            [labels[e] for e in order],
            state.scores(),
            state.ranks(),
            len(match.history),
            decisions,
        )
        if args.save:
            meta = {
                "command": "simulate",
                "game_index": i,
                "base_seed": args.seed,
                "bots": {str(seat): labels[e] for seat, e in enumerate(order)},
            }
            save_record(match.record(meta), args.save, f"{game.name}-s{args.seed}-{i:05d}")
            saved += 1
    elapsed = time.perf_counter() - started
    progress.close()

    summary = summarize(args, game, labels, tally, elapsed)
    print_table(summary)
    if args.save:
        print(f"{saved} match records saved in {args.save}")
    if args.json:
        print(dumps(summary))
    return 0


def summarize(
    args: argparse.Namespace, game: Game, labels: list[str], tally: Tally, elapsed: float
) -> dict[str, Any]:
    """The results as the JSON object ``--json`` prints (also what the table shows)."""
    return {
        "game": game.name,
        "players": game.players,
        "options": dict(game.options),
        "games": tally.games,
        "seed": args.seed,
        "bots": labels,
        "win_rate": {b: round(tally.win_rate(b), 6) for b in labels},
        "win_rate_ci95": {b: [round(x, 6) for x in tally.ci95(b)] for b in labels},
        "wins": {b: tally.wins[b] for b in labels},
        "mean_score": {b: round(tally.mean_score(b), 6) for b in labels},
        "mean_length": round(tally.mean_length(), 6),
        "mean_decisions": round(tally.mean_decisions(), 6),
        "win_rate_by_seat": {str(s): round(tally.seat_win_rate(s), 6) for s in range(game.players)},
        "ties_count_as": "shared win: each of k seats ranked first gets 1/k",
        "seconds": round(elapsed, 6),
        "games_per_second": round(tally.games / elapsed, 3) if elapsed > 0 else None,
    }


def print_table(s: dict[str, Any]) -> None:
    print(
        f"{s['game']}: {s['games']} games, {s['players']} players, seed {s['seed']}, "
        "seats rotated every game"
    )
    width = max(12, *(len(b) for b in s["bots"]))
    print(f"{'bot':<{width}}  {'win rate':>8}  {'95% interval':>16}  {'mean score':>10}")
    for b in s["bots"]:
        lo, hi = s["win_rate_ci95"][b]
        print(
            f"{b:<{width}}  {s['win_rate'][b]:>8.3f}  {f'[{lo:.3f}, {hi:.3f}]':>16}  "
            f"{s['mean_score'][b]:>10.2f}"
        )
    seats = ", ".join(f"seat {k} {v:.3f}" for k, v in s["win_rate_by_seat"].items())
    print(f"win rate by seat: {seats}")
    print(
        f"mean length: {s['mean_length']:.1f} actions ({s['mean_decisions']:.1f} decisions); "
        f"{s['games_per_second']} games/s"
    )
