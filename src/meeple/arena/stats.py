"""Statistics over arena results: intervals, ratings, seat advantage, game length.

Everything here is a pure function of the result list, taken in game-index
order, so a resumed or parallel run reports exactly what a serial one does.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from meeple.stats import Z95
from meeple.stats import wilson_interval as wilson

__all__ = ["Z95", "proportion", "summarize", "wilson"]


def proportion(successes: float, n: int) -> dict[str, Any]:
    """A rate with its Wilson 95% interval, as report data."""
    lo, hi = wilson(successes, n)
    return {"rate": successes / n if n else None, "low": lo, "high": hi, "n": n}


def win_share(result: dict[str, Any], seat: int) -> float:
    """1 for a sole winner, 1/k for one of k tied winners, else 0."""
    winners = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def ratings(results: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[dict[str, Any]]:
    """Plackett-Luce ratings (openskill) of each bot, with mu +/- 1.96 sigma intervals.

    A bot seated more than once at a table (tables larger than the number of
    bots) is rated through one copy per seat; its new rating is the mean of
    the copies' updates. A one-seat (solo) game ranks no bot against another, so it
    moves no rating; with no game of two seats or more there are no ratings at all
    (an empty list), not a table of untouched priors.
    """
    from openskill.models import PlackettLuce

    rated = [r for r in results if len(r["lineup"]) >= 2]
    if not rated:
        return []
    model = PlackettLuce()
    current = {b: model.rating(name=b) for b in bots}
    for result in sorted(rated, key=lambda r: r["index"]):
        lineup = result["lineup"]
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma, name=b)] for b in lineup]
        updated = model.rate(teams, ranks=[float(r) for r in result["ranks"]])
        new: dict[str, list[tuple[float, float]]] = {}
        for b, team in zip(lineup, updated, strict=True):
            new.setdefault(b, []).append((team[0].mu, team[0].sigma))
        for b, values in new.items():
            mu = statistics.fmean(v[0] for v in values)
            sigma = statistics.fmean(v[1] for v in values)
            current[b] = model.rating(mu=mu, sigma=sigma, name=b)
    out: list[dict[str, Any]] = []
    for b in bots:
        r = current[b]
        out.append(
            {
                "bot": b,
                "mu": r.mu,
                "sigma": r.sigma,
                "low": r.mu - Z95 * r.sigma,
                "high": r.mu + Z95 * r.sigma,
                "ordinal": r.mu - 3 * r.sigma,
            }
        )
    out.sort(key=lambda row: -row["ordinal"])
    return out


def bot_records(results: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[dict[str, Any]]:
    """Per bot: seats played, win share with interval, mean return."""
    rows = []
    for b in bots:
        seats = [(r, s) for r in results for s, spec in enumerate(r["lineup"]) if spec == b]
        wins = sum(win_share(r, s) for r, s in seats)
        mean_return = statistics.fmean(r["returns"][s] for r, s in seats) if seats else None
        rows.append(
            {
                "bot": b,
                "seats": len(seats),
                "wins": proportion(wins, len(seats)),
                "mean_return": mean_return,
            }
        )
    return rows


def win_matrix(results: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[list[Any]]:
    """``m[i][j]``: how often bot i finished ahead of bot j at a shared table (ties 1/2)."""
    matrix: list[list[Any]] = []
    for a in bots:
        row: list[Any] = []
        for b in bots:
            if a == b:
                row.append(None)
                continue
            score = 0.0
            n = 0
            for r in results:
                lineup = r["lineup"]
                for sa, x in enumerate(lineup):
                    if x != a:
                        continue
                    for sb, y in enumerate(lineup):
                        if y != b:
                            continue
                        n += 1
                        ra, rb = r["ranks"][sa], r["ranks"][sb]
                        score += 1.0 if ra < rb else 0.5 if ra == rb else 0.0
            row.append(proportion(score, n) if n else None)
        matrix.append(row)
    return matrix


def seat_advantage(results: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Per seat: win share with its interval, mean return, and the fair share 1/N."""
    rows = []
    n = len(results)
    for seat in range(players):
        wins = sum(win_share(r, seat) for r in results)
        rows.append(
            {
                "seat": seat,
                "wins": proportion(wins, n),
                "fair": 1.0 / players,
                "mean_return": statistics.fmean(r["returns"][seat] for r in results) if n else None,
                "mean_score": statistics.fmean(r["scores"][seat] for r in results) if n else None,
            }
        )
    return rows


def turn_order_advantage(results: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Win share by position in the turn order (1 = the seat that acted first).

    Games that choose the start player by chance (Province) give every seat
    index an even chance; this is the first-player advantage proper.
    """
    rows = []
    for position in range(players):
        games = [r for r in results if len(r.get("order", ())) > position]
        wins = sum(win_share(r, r["order"][position]) for r in games)
        rows.append(
            {"position": position + 1, "wins": proportion(wins, len(games)), "fair": 1.0 / players}
        )
    return rows


def draws(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Games where several seats share first place."""
    return proportion(sum(1 for r in results if len(r["winners"]) > 1), len(results))


def distribution(values: Iterable[float], bins: int = 12) -> dict[str, Any]:
    """Summary and histogram of a sample (game lengths)."""
    data = sorted(values)
    if not data:
        return {"n": 0}
    n = len(data)
    mean = statistics.fmean(data)
    sd = statistics.stdev(data) if n > 1 else 0.0
    lo, hi = data[0], data[-1]
    width = max(1.0, math.ceil((hi - lo + 1) / bins))
    counts: list[int] = []
    edges: list[float] = []
    edge = float(lo)
    while edge <= hi:
        edges.append(edge)
        counts.append(sum(1 for v in data if edge <= v < edge + width))
        edge += width
    half = Z95 * sd / math.sqrt(n)
    return {
        "n": n,
        "mean": mean,
        "mean_low": mean - half,
        "mean_high": mean + half,
        "sd": sd,
        "min": lo,
        "p10": data[int(0.1 * (n - 1))],
        "median": statistics.median(data),
        "p90": data[int(0.9 * (n - 1))],
        "max": hi,
        "hist_edges": edges,
        "hist_width": width,
        "hist_counts": counts,
    }


def summarize(
    results: Sequence[dict[str, Any]], bots: Sequence[str], players: int
) -> dict[str, Any]:
    """The whole report's numbers."""
    ordered = sorted(results, key=lambda r: r["index"])
    seconds = sum(r["seconds"] for r in ordered)
    return {
        "games": len(ordered),
        "ratings": ratings(ordered, bots),
        "bots": bot_records(ordered, bots),
        "win_matrix": win_matrix(ordered, bots),
        "seats": seat_advantage(ordered, players),
        "turn_order": turn_order_advantage(ordered, players),
        "draws": draws(ordered),
        "length_decisions": distribution(r["decisions"] for r in ordered),
        "length_actions": distribution(r["actions"] for r in ordered),
        "game_seconds": distribution(r["seconds"] for r in ordered),
        "cpu_seconds": seconds,
    }
