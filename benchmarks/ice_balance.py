"""ICE balance diagnostics: heuristic mirrors at 1-5 players, with what ``meeple balance`` leaves out.

``meeple balance ice --players N`` gives each seat's win share; tuning the
designed content needs to know why a seat wins, so this plays the same kind
of games (the heuristic bot at every seat, a new seed each game) and also
reports, per seat, the mean score and its parts (requests, edicts, renown),
how many days each seat started, the day the game ended on, and how often
the edifices ended it early. Solo (``--players 1``) reports how often the
bot reaches the target.

    nice -n 10 .venv/bin/python benchmarks/ice_balance.py --players 3 5 -n 400
    .venv/bin/python benchmarks/ice_balance.py --players 1 -n 200 --json

With ``--batch B`` the run stops sequentially: after every batch of B games
each seat's Wilson 95% interval is compared with its fair share widened by
``--tolerance`` (default 5 points); the run stops as soon as every seat's
interval lies inside that band ("clear") or one seat's lies wholly outside it
("miss"), and at ``-n`` games at the latest ("open"). Solo compares the
target's rate with ``--solo-band`` (default 40-70%: winnable, not trivial).
``--versus random`` plays the heuristic bot against random players instead
(seats alternating by game) and compares its share of first places with
``--goal`` (default 90%).

    nice -n 10 .venv/bin/python benchmarks/ice_balance.py --players 1 2 3 4 5 --batch 100 -n 2000
    nice -n 10 .venv/bin/python benchmarks/ice_balance.py --players 2 --versus random --batch 50 -n 1000
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from meeple.arena.stats import proportion, win_share
from meeple.bots.registry import make_bot
from meeple.core.registry import make_game


def play(
    task: tuple[int, int, dict[str, Any]] | tuple[int, int, dict[str, Any], str],
) -> dict[str, Any]:
    """One game of ``players`` seats from ``seed``: who won and how.

    A heuristic mirror, or with a fourth item (a bot name) the heuristic bot in
    seat ``seed % players`` against that bot everywhere else."""
    players, seed, options = task[:3]
    versus = task[3] if len(task) > 3 else None
    game = make_game("ice", players=players, **options)
    hero = seed % players
    bots = [
        make_bot("heuristic" if versus is None or s == hero else versus, game, s, seed * 31 + s)
        for s in range(players)
    ]
    state = game.new_initial_state(seed)
    decisions = 0
    trigger = None  # who exposed the last edifice
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        state.apply(bots[seat].choose(state), seat)
        decisions += 1
        if state.final and trigger is None:
            trigger = seat
    breakdown = [state.score_breakdown(s) for s in range(players)]
    parts = [
        {
            "requests": b["requests"],
            "renown": b["renown"],
            "edicts": sum(v for k, v in b.items() if k not in ("requests", "renown")),
        }
        for b in breakdown
    ]
    return {
        "seed": seed,
        "winners": state.winners(),
        "scores": state.scores(),
        "parts": parts,
        "day": state.day,
        "edifice_end": bool(state.final),
        "trigger": trigger,
        "last_start": state.start,
        "decisions": decisions,
        "solo_won": state.solo_won() if players == 1 else None,
        "hero": hero if versus is not None else None,
    }


def verdict(players: int, rows: list[dict[str, Any]], args: argparse.Namespace) -> str:
    """The sequential test after a batch: "clear", "miss" or "open" (play on).

    Mirrors: every seat's interval inside fair share +/- tolerance is clear, one
    wholly outside is a miss. Solo: the target's rate against the band. Versus:
    the heuristic bot's share of first places against the goal."""
    n = len(rows)
    if args.versus:
        w = proportion(sum(win_share(r, r["hero"]) for r in rows), n)
        return "clear" if w["low"] >= args.goal else "miss" if w["high"] < args.goal else "open"
    if players == 1:
        lo, hi = args.solo_band
        w = proportion(sum(bool(r["solo_won"]) for r in rows), n)
        if lo <= w["low"] and w["high"] <= hi:
            return "clear"
        return "miss" if w["high"] < lo or w["low"] > hi else "open"
    fair = 1 / players
    band = (fair - args.tolerance, fair + args.tolerance)
    seats = [proportion(sum(win_share(r, s) for r in rows), n) for s in range(players)]
    if any(w["high"] < band[0] or w["low"] > band[1] for w in seats):
        return "miss"
    return "clear" if all(band[0] <= w["low"] and w["high"] <= band[1] for w in seats) else "open"


def report(players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    seats = []
    for s in range(players):
        wins = sum(1 / len(r["winners"]) for r in rows if s in r["winners"])
        starts = statistics.fmean(
            sum(1 for d in range(1, r["day"] + 1) if (d - 1) % players == s) for r in rows
        )
        seats.append(
            {
                "seat": s,
                "wins": proportion(wins, n),
                "fair": 1 / players,
                "mean_score": statistics.fmean(r["scores"][s] for r in rows),
                "mean_parts": {
                    k: statistics.fmean(r["parts"][s][k] for r in rows)
                    for k in ("requests", "edicts", "renown")
                },
                "days_started": starts,
            }
        )
    out: dict[str, Any] = {
        "players": players,
        "games": n,
        "seats": seats,
        "mean_day": statistics.fmean(r["day"] for r in rows),
        "edifice_end": proportion(sum(r["edifice_end"] for r in rows), n),
        "mean_decisions": statistics.fmean(r["decisions"] for r in rows),
        "shared_first": proportion(sum(len(r["winners"]) > 1 for r in rows), n),
    }
    if players == 1:
        out["solo_won"] = proportion(sum(bool(r["solo_won"]) for r in rows), n)
        scores = sorted(r["scores"][0] for r in rows)
        out["solo_score_quartiles"] = statistics.quantiles(scores, n=4)
    return out


def print_report(r: dict[str, Any]) -> None:
    print(
        f"{r['players']} players, {r['games']} games: mean day {r['mean_day']:.2f}, "
        f"edifices ended {100 * r['edifice_end']['rate']:.0f}%, "
        f"{r['mean_decisions']:.0f} decisions"
    )
    for s in r["seats"]:
        w = s["wins"]
        p = s["mean_parts"]
        print(
            f"  seat {s['seat']}: wins {100 * w['rate']:5.1f}% [{100 * w['low']:5.1f}, "
            f"{100 * w['high']:5.1f}] (fair {100 * s['fair']:.1f}), score {s['mean_score']:5.2f} "
            f"(requests {p['requests']:.2f}, edicts {p['edicts']:.2f}, renown {p['renown']:.2f}), "
            f"started {s['days_started']:.2f} days"
        )
    if "versus" in r:
        w = r["versus"]
        print(
            f"  heuristic against {r['versus_bot']}: first {100 * w['rate']:.1f}% "
            f"[{100 * w['low']:.1f}, {100 * w['high']:.1f}]"
        )
    if "verdict" in r:
        print(f"  sequential stop: {r['verdict']} after {r['games']} games")
    if "solo_won" in r:
        w = r["solo_won"]
        q = r["solo_score_quartiles"]
        print(
            f"  solo won {100 * w['rate']:.1f}% [{100 * w['low']:.1f}, {100 * w['high']:.1f}], "
            f"score quartiles {q[0]:.0f} / {q[1]:.0f} / {q[2]:.0f}"
        )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    p.add_argument("-n", "--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0, help="first seed (games use seed, seed+1, ...)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--batch", type=int, default=0, help="sequential stop: games per batch")
    p.add_argument("--tolerance", type=float, default=0.05, help="seat share band: fair +/- this")
    p.add_argument("--solo-band", type=float, nargs=2, default=(0.4, 0.7), metavar=("LOW", "HIGH"))
    p.add_argument("--versus", default=None, help="the heuristic bot against this bot")
    p.add_argument("--goal", type=float, default=0.9, help="with --versus: the share to reach")
    p.add_argument("--json", action="store_true")
    p.add_argument("--rows", default=None, help="also write every game's row to this JSONL file")
    args = p.parse_args(argv)
    options = dict(kv.split("=", 1) for kv in args.option)
    reports = []
    for players in args.players:
        extra = (args.versus,) if args.versus else ()
        tasks = [(players, args.seed + g, options, *extra) for g in range(args.games)]
        rows: list[dict[str, Any]] = []
        stop = None
        step = args.batch or args.games
        for start in range(0, len(tasks), step):
            batch = tasks[start : start + step]
            if args.workers > 1:
                with ProcessPoolExecutor(args.workers) as pool:
                    rows += list(pool.map(play, batch, chunksize=8))
            else:
                rows += [play(t) for t in batch]
            if args.batch:
                stop = verdict(players, rows, args)
                if stop != "open":
                    break
        if args.rows:
            with open(args.rows, "a") as fh:
                for row in rows:
                    fh.write(json.dumps({"players": players, **row}) + "\n")
        r = report(players, rows)
        if args.versus:
            r["versus_bot"] = args.versus
            r["versus"] = proportion(sum(win_share(x, x["hero"]) for x in rows), len(rows))
        if stop is not None:
            r["verdict"] = stop
        reports.append(r)
        if not args.json:
            print_report(r)
            sys.stdout.flush()
    if args.json:
        print(json.dumps(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
