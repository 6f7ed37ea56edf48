"""The search-strength protocol for any game, resumable: ISMCTS against the game's heuristic bot.

The protocol (issues 19, 20 and 21): 200 two-player games, seats alternating,
the search bot at 1 s a move against the game's heuristic bot, the search's
win share with a Wilson 95% interval. A game is a few hundred decisions, so a
run is hours of CPU; this script makes it a run that can stop and go on:

* Games are an ordinary arena tournament (``meeple.arena``): game ``i`` always
  has the same seed and the same lineup (the search bot in seat ``i % 2``),
  whatever order runs finish in.
* Each finished game is appended as one JSON line to ``OUT/games.jsonl``
  (flushed at once; a kill loses at most the game in progress). Running the
  script again on the same folder plays only the games missing; a folder
  that holds another configuration (other game, bots, seed or game options)
  is refused, as the arena refuses it.
* A bot spec such as ``ismcts:time=1,clock=cpu`` takes the rest of its
  settings from the game's declared search settings (``mcts_defaults``),
  which a later commit may change. ``OUT/protocol.json`` records the settings
  the first run resolved; a later run whose game declares other settings is
  refused too (the games would not be one experiment). A folder made before
  this file existed gets it on its next run.
* Beside them, ``OUT/conditions.jsonl`` gets one line per finished game: the
  time, the commit and the load average then, so that the report can say
  under what load each game ran.

The budget is CPU time (``clock=cpu``: the search thread's own seconds), not
wall time: on a shared machine a wall-clock second buys whatever the other
processes leave, and the protocol's "1 s" would mean less work the busier the
machine. ``--bot`` takes any spec, to run the protocol at another budget or
to pilot settings on a few games.

    nice -n 15 .venv/bin/python benchmarks/mcts/strength_protocol.py --game viscounts \\
        --out benchmarks/mcts/strength-viscounts/ismcts-cpu1s
    .venv/bin/python benchmarks/mcts/strength_protocol.py --game viscounts \\
        --out benchmarks/mcts/strength-viscounts/ismcts-cpu1s --report --markdown
    .venv/bin/python benchmarks/mcts/strength_protocol.py --game unconscious \\
        --bot "ismcts:iters=100" -n 20 --out /tmp/pilot

``benchmarks/mcts/ice_strength.py`` is this script with ``--game ice`` (and
ICE's seed, 19), kept so that the ICE run's command goes on working.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from meeple.arena.stats import proportion, win_share
from meeple.arena.tournament import (
    RESULTS_FILE,
    ArenaError,
    Tournament,
    load_results,
    run_tournament,
    validate_bots,
)
from meeple.bots.mcts import game_mcts_defaults
from meeple.core.registry import make_game

#: The protocol's search bot: the game's declared search settings at 1 CPU second a move.
DEFAULT_BOT = "ismcts:time=1,clock=cpu"
OPPONENT = "heuristic"
CONDITIONS_FILE = "conditions.jsonl"
PROTOCOL_FILE = "protocol.json"
#: Each game's tournament seed: the number of the issue that asks for its protocol.
SEEDS = {"ice": 19, "viscounts": 20, "unconscious": 21}
DEFAULT_SEED = 0


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def tournament(game: str, bot: str, games: int, seed: int) -> Tournament:
    """The protocol as an arena tournament: 2 players, one lineup, seats rotated each game."""
    return Tournament(make_game(game, players=2), [bot, OPPONENT], games, seed=seed)


def settings(t: Tournament) -> dict[str, Any]:
    """What the search bot plays with beyond its spec: the game's declared search settings."""
    return {
        "game": t.game.name,
        "bot": t.bots[0],
        "game_mcts_defaults": game_mcts_defaults(t.game),
    }


def check_settings(out: Path, t: Tournament) -> None:
    """Refuse a folder whose first run resolved other search settings; record them if new."""
    path = out / PROTOCOL_FILE
    mine = settings(t)
    if path.exists():
        theirs = json.loads(path.read_text())
        if theirs != mine:
            raise ArenaError(
                f"{path} records other search settings ({theirs['game_mcts_defaults']}, "
                f"now {mine['game_mcts_defaults']}): the game's declared search settings "
                "changed since this run began; choose another --out"
            )
        return
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(mine, indent=2, sort_keys=True) + "\n")


def play(out: Path, game: str, bot: str, games: int, seed: int, workers: int = 1) -> None:
    """Play the games ``out`` does not hold yet, logging the conditions of each.

    ``workers`` games run at once, one process each. The budget is the search
    thread's CPU time (``clock=cpu``), so a second worker on a second core does
    not change what either search does; game ``i`` keeps its seed and lineup
    whatever order the games finish in.
    """
    t = tournament(game, bot, games, seed)
    validate_bots(t.game, t.bots)
    commit = _commit()
    load_results(out, t.header())  # another tournament's folder: the arena's refusal first
    check_settings(out, t)
    conditions = (out / CONDITIONS_FILE).open("a")

    def log(result: dict[str, Any]) -> None:
        conditions.write(
            json.dumps(
                {
                    "index": result["index"],
                    "finished_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "commit": commit,
                    "loadavg": [round(x, 2) for x in os.getloadavg()],
                }
            )
            + "\n"
        )
        conditions.flush()
        print(f"game {result['index']}: {summary_line(out)}", flush=True)

    try:
        run_tournament(t, out, workers=workers, progress=False, on_result=log)
    finally:
        conditions.close()


def summarize(out: Path) -> dict[str, Any]:
    """The search bot's results so far: wins (Wilson 95%), by seat, effort per decision, load."""
    with (out / RESULTS_FILE).open() as fh:
        lines = [json.loads(x) for x in fh.read().splitlines() if x.strip()]
    header = lines[0]
    results = [line for line in lines[1:] if "index" in line]
    bot = header["bots"][0]
    seats = [(r, r["lineup"].index(bot)) for r in results]
    wins = sum(win_share(r, s) for r, s in seats)
    by_seat = {}
    for seat in (0, 1):
        mine = [(r, s) for r, s in seats if s == seat]
        by_seat[seat] = proportion(sum(win_share(r, s) for r, s in mine), len(mine))
    searched = sum(r.get("iterations", [0, 0])[s] for r, s in seats)
    cpu = sum(r.get("think_cpu", [0.0, 0.0])[s] for r, s in seats)
    wall = sum(r["think"][s] for r, s in seats)
    loads = []
    path = out / CONDITIONS_FILE
    if path.exists():
        loads = [json.loads(x)["loadavg"][0] for x in path.read_text().splitlines() if x.strip()]
    margins = [r["scores"][s] - r["scores"][1 - s] for r, s in seats]
    return {
        "game": header["game"],
        "bot": bot,
        "opponent": header["bots"][1],
        "seed": header["seed"],
        "games": len(results),
        "of": None,
        "win_share": proportion(wins, len(results)),
        "win_share_by_seat": by_seat,
        "outright_losses": sum(1 for r, s in seats if s not in r["winners"]),
        "lost_games": [
            {
                "index": r["index"],
                "seat": s + 1,
                "score": r["scores"][s],
                "against": r["scores"][1 - s],
            }
            for r, s in sorted(seats, key=lambda rs: rs[0]["index"])
            if s not in r["winners"]
        ],
        "mean_score_margin": statistics.fmean(margins) if margins else None,
        "mean_decisions_per_game": statistics.fmean(r["decisions"] for r in results)
        if results
        else None,
        "search_cpu_s_per_game": cpu / len(results) if results else None,
        "search_wall_s_per_game": wall / len(results) if results else None,
        "iterations_per_cpu_s": searched / cpu if cpu else None,
        "loadavg_1min": {"min": min(loads), "median": statistics.median(loads), "max": max(loads)}
        if loads
        else None,
    }


def _pct(p: dict[str, Any]) -> str:
    return f"{100 * p['low']:.1f}-{100 * p['high']:.1f}%"


def markdown(d: dict[str, Any]) -> str:
    """The summary as the Markdown table benchmarks/README.md keeps, and the games lost.

    Seats are counted from 1 there, as players count them; ``summarize`` counts from 0.
    """
    w = d["win_share"]
    won = round(w["rate"] * w["n"])
    seats = []
    for seat in (0, 1):
        s = d["win_share_by_seat"][seat]
        seats.append(f"{round(s['rate'] * s['n'])} of {s['n']} ({_pct(s)})")
    load = d["loadavg_1min"]
    lines = [
        "| games | search wins | Wilson 95% | search in seat 1 | search in seat 2 "
        "| outright losses | mean score margin | mean decisions | search CPU s a game "
        "| iterations a CPU s |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {d['games']} | {won} | {_pct(w)} | {seats[0]} | {seats[1]} | {d['outright_losses']} "
        f"| {d['mean_score_margin']:+.1f} | {d['mean_decisions_per_game']:.0f} "
        f"| {d['search_cpu_s_per_game']:.0f} | {d['iterations_per_cpu_s']:.0f} |",
        "",
        "Games lost: "
        + (
            ", ".join(
                f"{g['index']} (search in seat {g['seat']}, {g['score']:g} to {g['against']:g})"
                for g in d["lost_games"]
            )
            or "none"
        )
        + ".",
    ]
    if load:
        lines.append(
            f"Load average at the games' ends: {load['min']:.2f} / {load['median']:.2f} / "
            f"{load['max']:.2f} (min / median / max)."
        )
    return "\n".join(lines)


def summary_line(out: Path) -> str:
    d = summarize(out)
    w = d["win_share"]
    return (
        f"{d['bot']} vs {d['opponent']}: {d['games']} games, won {100 * w['rate']:.1f}% "
        f"(95% {100 * w['low']:.1f}-{100 * w['high']:.1f}%)"
    )


def main(argv: list[str] | None = None, game: str | None = None) -> int:
    """The command line; ``game`` fixes the game (``ice_strength.py``) instead of ``--game``."""
    about = (__doc__ or "").split("\n")[0]
    if game is not None:
        about = f"{game}'s search-strength protocol: strength_protocol.py with --game {game}"
    p = argparse.ArgumentParser(description=about)
    if game is None:
        p.add_argument("--game", required=True, help="the game's name (ice, viscounts, ...)")
    p.add_argument("--out", type=Path, required=True, help="results folder (resumed if it exists)")
    p.add_argument("--bot", default=DEFAULT_BOT, help=f"search bot spec (default {DEFAULT_BOT})")
    p.add_argument("-n", "--games", type=int, default=200, help="games in all (default 200)")
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help=f"tournament seed (default: the game's issue number, {SEEDS}; else {DEFAULT_SEED})",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="games played at once, one process each (default 1; at most one per core)",
    )
    p.add_argument("--report", action="store_true", help="only summarize what is there")
    p.add_argument(
        "--markdown",
        action="store_true",
        help="print the summary as benchmarks/README.md's table instead of JSON",
    )
    args = p.parse_args(argv)
    if not 1 <= args.workers <= (os.cpu_count() or 1):
        p.error(f"--workers must be between 1 and {os.cpu_count() or 1} (one per core)")
    name = game if game is not None else args.game
    seed = args.seed if args.seed is not None else SEEDS.get(name, DEFAULT_SEED)
    if not args.report:
        play(args.out, name, args.bot, args.games, seed, args.workers)
    if not (args.out / RESULTS_FILE).exists():
        print(f"{args.out} holds no results", file=sys.stderr)
        return 1
    summary = summarize(args.out)
    summary["of"] = args.games
    print(markdown(summary) if args.markdown else json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
