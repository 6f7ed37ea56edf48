"""Summarize a strength run: the first bot's win rate (Wilson 95%) from an arena results file.

The runs themselves are ordinary arena tournaments, e.g. (1 s-equivalent budget):

    meeple arena province --bots "mcts:iters=4700,rollout=heuristic,turns=1,scale=1,c=0.2,heuristic" \\
        -n 200 --seed 7 --out /tmp/strength-heuristic --no-progress

Interrupt them whenever; this reads whatever games are finished:

    .venv/bin/python benchmarks/mcts/strength.py /tmp/strength-heuristic/games.jsonl

``--markdown`` prints each file as a row of the table in benchmarks/README.md.
"""

from __future__ import annotations

import json
import statistics
import sys

from meeple.arena.stats import proportion, win_share


def summarize(path: str) -> dict[str, object]:
    with open(path) as fh:
        lines = [json.loads(x) for x in fh.read().splitlines() if x.strip()]
    header, results = lines[0], [r for r in lines[1:] if "index" in r]
    bot = header["bots"][0]
    seats = [(r, r["lineup"].index(bot)) for r in results]
    wins = sum(win_share(r, s) for r, s in seats)
    by_seat = {}
    for seat in (0, 1):
        mine = [(r, s) for r, s in seats if s == seat]
        by_seat[seat] = proportion(sum(win_share(r, s) for r, s in mine), len(mine))
    decisions = [r["decisions"] for r in results]
    think = [r["think"][s] for r, s in seats]
    return {
        "file": path,
        "bot": bot,
        "opponent": header["bots"][1],
        "games": len(results),
        "win_share": proportion(wins, len(results)),
        "win_share_by_seat": by_seat,
        "outright_losses": sum(1 for r, s in seats if s not in r["winners"]),
        "mean_decisions_per_game": statistics.fmean(decisions) if decisions else None,
        "mean_think_s_per_game": statistics.fmean(think) if think else None,
    }


def markdown_row(d: dict[str, object]) -> str:
    """One line of the strength table in benchmarks/README.md."""

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    w: dict[str, float] = d["win_share"]  # type: ignore[assignment]
    seats: dict[int, dict[str, float]] = d["win_share_by_seat"]  # type: ignore[assignment]
    s0, s1 = seats[0], seats[1]
    return (
        f"| {d['file']} | {d['games']} | **{pct(w['rate'])}** ({pct(w['low'])}-{pct(w['high'])}) "
        f"| {pct(s0['rate'])} of {s0['n']:.0f} / {pct(s1['rate'])} of {s1['n']:.0f} "
        f"| {d['outright_losses']} | {d['mean_decisions_per_game']:.0f} "
        f"| {d['mean_think_s_per_game']:.0f} s |"
    )


if __name__ == "__main__":
    markdown = "--markdown" in sys.argv[1:]
    for p in (a for a in sys.argv[1:] if a != "--markdown"):
        summary = summarize(p)
        print(markdown_row(summary) if markdown else json.dumps(summary))
