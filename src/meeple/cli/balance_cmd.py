"""``meeple balance GAME [--players N] [-n N] [--bot heuristic]``: is the game fair to every seat?

Equal bots at every seat; reports each seat's win share with a Wilson 95%
interval against the fair share 1/N, draws and game length. Like ``arena``,
results stream to a resumable JSONL file.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from meeple.cli.argtypes import whole_number
from meeple.cli.common import (
    add_game_arguments,
    add_session_arguments,
    game_from_args,
    session_folder,
)
from meeple.core.errors import OptionError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "balance",
        help="seat advantage and game length under equal bots",
        description="Is GAME fair to every seat? Plays -n games with the same bot at "
        "every seat and reports each seat's win share (95% interval) against the fair "
        "share, the win share by turn order, shared first places and the game length. "
        "Writes OUT/games.jsonl (one line per game, as it finishes), OUT/report.json "
        "and OUT/report.html; OUT is --out, else balance-out/GAME-Np-ID under the "
        "current folder, one folder per run (ID names its game, options, bot and "
        "seed). Running the same command again resumes an interrupted run; a folder "
        "holding another run, or other files, is refused.",
    )
    add_game_arguments(p)
    p.add_argument(
        "-n", "--games", type=whole_number, default=200, help="games to play (default 200)"
    )
    p.add_argument(
        "--bot",
        default=None,
        help="bot spec for every seat (default: heuristic if the game has one, else random)",
    )
    p.add_argument(
        "--driver",
        default="core",
        choices=("core", "pettingzoo", "gymnasium"),
        help="play through the arena's loop (core, default) or a research adapter's "
        "turn-by-turn driver, to see whether it favours a seat number",
    )
    add_session_arguments(p, "seed", "print the figures as JSON", "balance-out")
    p.set_defaults(func=run)


def balance_figures(report: dict[str, Any]) -> dict[str, Any]:
    s = report["summary"]
    t = report["tournament"]
    return {
        "game": t["game"],
        "players": t["players"],
        "options": t["options"],
        "bot": t["bots"][0],
        "games": s["games"],
        "seats": s["seats"],
        "turn_order": s["turn_order"],
        "draws": s["draws"],
        "length_decisions": {
            k: v for k, v in s["length_decisions"].items() if not k.startswith("hist")
        },
        "length_actions": {
            k: v for k, v in s["length_actions"].items() if not k.startswith("hist")
        },
        "report": report["files"]["html"],
    }


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _print_solo(figures: dict[str, Any]) -> None:
    """A solo game has no rival seat: its one figure is how often the game is won (no fair
    share, no turn order, no shared first place to compare with)."""
    x = figures["seats"][0]
    w = x["wins"]
    print(
        f"  solo: won {100 * w['rate']:5.1f}% [{100 * w['low']:5.1f}%, {100 * w['high']:5.1f}%], "
        f"mean score {x['mean_score']:.2f}"
    )


def _print_seats(figures: dict[str, Any]) -> None:
    for x in figures["seats"]:
        w = x["wins"]
        print(
            f"  seat {x['seat']}: wins {100 * w['rate']:5.1f}% "
            f"[{100 * w['low']:5.1f}%, {100 * w['high']:5.1f}%] (fair {100 * x['fair']:.1f}%), "
            f"mean score {x['mean_score']:.2f}"
        )
    for x in figures["turn_order"]:
        w = x["wins"]
        if w["n"]:
            print(
                f"  acting {_ordinal(x['position'])}: wins {100 * w['rate']:5.1f}% "
                f"[{100 * w['low']:5.1f}%, {100 * w['high']:5.1f}%]"
            )
    d = figures["draws"]
    print(
        f"  shared first place: {100 * d['rate']:.1f}% [{100 * d['low']:.1f}%, {100 * d['high']:.1f}%]"
    )


def run(args: argparse.Namespace) -> int:
    from meeple.arena.session import default_out, run_session
    from meeple.arena.tournament import Tournament
    from meeple.bots.registry import bot_names

    game = game_from_args(args)
    spec = args.bot or ("heuristic" if "heuristic" in bot_names(game) else "random")
    if args.workers < 1:
        raise OptionError("--workers must be at least 1")
    tournament = Tournament(game, [spec], args.games, seed=args.seed, driver=args.driver)
    out = session_folder(args.out, default_out(tournament, "balance"))
    report = run_session(tournament, out, args.workers, args.cluster, not args.no_progress)
    figures = balance_figures(report)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(
        f"{figures['game']}, {figures['players']} players, {figures['games']} games, "
        f"every seat: {figures['bot']}"
    )
    if figures["players"] == 1:
        _print_solo(figures)
    else:
        _print_seats(figures)
    ld = figures["length_decisions"]
    print(
        f"  length: mean {ld['mean']:.1f} decisions (95% CI {ld['mean_low']:.1f}-{ld['mean_high']:.1f}),"
        f" sd {ld['sd']:.1f}, median {ld['median']}, range {ld['min']}-{ld['max']}"
    )
    print(f"  report: {figures['report']}")
    return 0
