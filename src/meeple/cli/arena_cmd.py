"""``meeple arena GAME --bots a,b,c -n N``: a round-robin tournament with ratings and a report.

Every table of ``--players`` distinct bots plays ``-n`` games, seats rotated
one step per game. Results stream to ``OUT/games.jsonl`` (default: a
directory named after the tournament under ./arena-out), so running the same
command again resumes an interrupted run. ``--cluster tcp://HOST:PORT`` plays
the games on an existing Dask scheduler instead of local processes.
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
    split_bot_specs,
)
from meeple.core.errors import OptionError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "arena",
        help="round-robin tournament between bots, with ratings",
        description="Play a round-robin tournament between bots: every table of "
        "--players different bots plays -n games, the seats rotated one step each game; "
        "then rate the bots (Plackett-Luce, with 95% intervals) and measure the seats' "
        "advantage. Writes OUT/games.jsonl (one line per game, as it finishes), "
        "OUT/report.json and OUT/report.html; OUT is --out, else "
        "arena-out/GAME-Np-ID under the current folder, one folder per tournament "
        "(ID names its game, options, bots and seed). Running the same command again "
        "resumes an interrupted run; a folder holding another tournament, or other "
        "files, is refused.",
    )
    add_game_arguments(p)
    p.add_argument(
        "--bots", required=True, help="bot specs, comma separated (mcts,heuristic,random)"
    )
    p.add_argument(
        "-n", "--games", type=whole_number, default=20, help="games per table lineup (default 20)"
    )
    add_session_arguments(p, "tournament seed", "print the report as JSON", "arena-out")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from meeple.arena.session import default_out, run_session
    from meeple.arena.tournament import Tournament

    game = game_from_args(args)
    bots = split_bot_specs(args.bots)
    if args.workers < 1:
        raise OptionError("--workers must be at least 1")
    tournament = Tournament(game, bots, args.games, seed=args.seed)
    out = session_folder(args.out, default_out(tournament))
    report = run_session(tournament, out, args.workers, args.cluster, not args.no_progress)
    if args.json:
        print(json.dumps(report))
    else:
        print(format_report(report))
    return 0


def _pct(x: float | None) -> str:
    return "  -  " if x is None else f"{100 * x:5.1f}%"


def format_report(report: dict[str, Any]) -> str:
    s = report["summary"]
    t = report["tournament"]
    width = max(len(b) for b in t["bots"])
    lines = [f"{t['game']}, {t['players']} players, {s['games']} games"]
    lines.append(f"{'bot':<{width}}  rating (mu ± 95%)     win share  95% interval")
    wins = {b["bot"]: b["wins"] for b in s["bots"]}
    for r in s["ratings"]:
        w = wins[r["bot"]]
        lines.append(
            f"{r['bot']:<{width}}  {r['mu']:6.2f} ± {1.96 * r['sigma']:5.2f}"
            f"        {_pct(w['rate'])}  [{_pct(w['low'])}, {_pct(w['high'])}]"
        )
    lines.append("seat advantage (win share, 95% interval):")
    for x in s["seats"]:
        w = x["wins"]
        lines.append(
            f"  seat {x['seat']}: {_pct(w['rate'])} [{_pct(w['low'])}, {_pct(w['high'])}]"
            f"  (fair {_pct(x['fair'])})"
        )
    order = ", ".join(
        f"{x['position']}: {_pct(x['wins']['rate']).strip()}"
        for x in s["turn_order"]
        if x["wins"]["n"]
    )
    lines.append(f"win share by turn order (1 = acted first): {order}")
    ld = s["length_decisions"]
    if ld.get("n"):
        lines.append(
            f"length: mean {ld['mean']:.1f} decisions (median {ld['median']}, "
            f"10-90% {ld['p10']}-{ld['p90']}, max {ld['max']})"
        )
    lines.append(f"report: {report['files']['html']}  results: {report['files']['results']}")
    return "\n".join(lines)
