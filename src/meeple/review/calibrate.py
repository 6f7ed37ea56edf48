"""Fit the review's calibrations: ``python -m meeple.review.calibrate`` writes
``calibration.json`` beside :mod:`meeple.review.calibration` (issue 38, item 3).

For each game (at two seats by default) it plays ``--matches`` self-play games between
mixed bots (each seat random or the game's heuristic bot, drawn per match), picks
``--positions`` of each match's judged decisions at random, reviews each as a review
does (:func:`meeple.review.engine.judge` at ``--iters``, the review's default budget:
the raw chance after the move made) and pairs it with the outcome for the deciding
seat (1 if it finished first, a tie shared, else 0). Matches whose index is 7, 8 or 9
modulo 10 are held out: the fit (:func:`~meeple.review.calibration.fit_platt`) sees
the others, and the Brier scores and reliability table are of the held-out positions,
raw and calibrated. Everything is seeded: the same arguments write the same file.

``--bot SPEC`` (repeated) draws each seat from other bots than random and heuristic
(``--bot ismcts:iters=100``: stronger players, for solo games that the mixed bots
almost never win). A run updates its rows in ``--out`` (each row keeps its own sizes,
bots and seed); runs made side by side write files of their own, and ``--merge A.json
B.json`` puts their rows into ``--out`` (a row of the same game and player count
replaced), so the data file is made by this script alone.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from meeple.bots import make_bot
from meeple.core.match import Match
from meeple.core.registry import make_game
from meeple.core.turn import TurnKind
from meeple.review.calibration import (
    DATA,
    Calibration,
    brier,
    fit_platt,
    is_rough,
    reliability,
)
from meeple.review.engine import DEFAULT_ITERS, judge

#: The games calibrated by default (tic-tac-toe is reviewed exactly, by its solver).
GAMES = ("province", "snowtails", "penguins", "fittoprint", "ice", "viscounts", "unconscious")
#: The bots a seat is drawn from, per match.
BOTS = ("random", "heuristic")
#: Matches held out of the fit: index modulo 10 in this set.
HELD_OUT = frozenset((7, 8, 9))


def outcome(state: Any, seat: int) -> float:
    """1 if ``seat`` finished first, a tie shared (1/k among k winners), else 0."""
    winners = state.winners()
    return 1.0 / len(winners) if seat in winners else 0.0


def sample_match(task: dict[str, Any]) -> list[dict[str, Any]]:
    """One self-play match of mixed bots, ``positions`` of its judged decisions reviewed:
    ``[{raw, outcome, seat, ply}]`` (a picklable top-level function)."""
    game = make_game(task["game"], players=task["players"])
    seed = task["seed"]
    rng = random.Random(seed)
    choices = task.get("bots", BOTS)
    bots = [make_bot(rng.choice(choices), game, s, seed + s) for s in range(game.players)]
    match = Match(game, seed)
    steps: list[tuple[int, int]] = []  # (ply, seat) of decisions with a choice
    while not match.state.is_terminal():
        turn = match.state.turn()
        if turn.kind is TurnKind.CHANCE:
            match.resolve_chance()
            continue
        for seat in turn.seats:
            if seat not in match.state.turn().seats:
                continue  # an earlier seat's action ended this seat's decision
            if len(match.state.legal_actions(seat)) > 1:
                steps.append((len(match.history), seat))
            action = bots[seat].choose(match.state)
            before = match.state.clone()
            match.play(action, seat)
            for b in bots:
                b.observe(seat, action, before)
    chosen = sorted(rng.sample(steps, min(task["positions"], len(steps))))
    final = match.state
    out = []
    replay = Match(game, seed)
    history = match.history
    for ply, seat in chosen:
        while len(replay.history) < ply:
            actor, action = history[len(replay.history)]
            replay.play(action, actor)
        _, played = history[ply]
        entry = judge(replay.state, seat, played, task["iters"], seed + ply)
        out.append(
            {"raw": entry.raw_after, "outcome": outcome(final, seat), "seat": seat, "ply": ply}
        )
    return out


def calibrate(
    game: str,
    players: int,
    matches: int,
    positions: int,
    iters: int,
    seed: int,
    workers: int,
    bots: tuple[str, ...] = BOTS,
) -> dict[str, Any]:
    """The calibration row of one game and player count, with its held-out checks."""
    tasks = [
        {
            "game": game,
            "players": players,
            "seed": seed * 100_003 + k,
            "positions": positions,
            "iters": iters,
            "index": k,
            "bots": list(bots),
        }
        for k in range(matches)
    ]
    samples: list[list[dict[str, Any]]] = []
    step = max(1, matches // 10)

    def told(ss: list[dict[str, Any]]) -> None:
        samples.append(ss)
        if len(samples) % step == 0 or len(samples) == matches:
            print(
                f"{game} {players}p: {len(samples)}/{matches} matches", file=sys.stderr, flush=True
            )

    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for ss in pool.map(sample_match, tasks):
                told(ss)
    else:
        for t in tasks:
            told(sample_match(t))
    fit = [
        (s["raw"], s["outcome"])
        for k, ss in enumerate(samples)
        if k % 10 not in HELD_OUT
        for s in ss
    ]
    held = [
        (s["raw"], s["outcome"]) for k, ss in enumerate(samples) if k % 10 in HELD_OUT for s in ss
    ]
    a, b = fit_platt([x for x, _ in fit], [y for _, y in fit])
    cal = Calibration(game, players, a, b, rough=False)
    raw_h = [x for x, _ in held]
    out_h = [y for _, y in held]
    cal_h = [cal(x) for x in raw_h]
    return {
        "game": game,
        "players": players,
        "matches": matches,
        "positions": positions,
        "iters": iters,
        "seed": seed,
        "bots": list(bots),
        "a": round(a, 4),
        "b": round(b, 4),
        "rough": is_rough(cal_h, out_h),
        "fit_positions": len(fit),
        "held_out_positions": len(held),
        "brier_raw": round(brier(raw_h, out_h), 4),
        "brier": round(brier(cal_h, out_h), 4),
        "base_rate": round(sum(out_h) / max(1, len(out_h)), 3),
        "reliability_raw": reliability(raw_h, out_h),
        "reliability": reliability(cal_h, out_h),
    }


def markdown(data: dict[str, Any]) -> str:
    """The calibrations as docs/review.md shows them: the held-out Brier scores and each
    game's reliability table (predicted decile against the observed rate)."""
    lines = [
        "| game | seats | bots | positions (fit / held out) | a | b | Brier raw -> calibrated "
        "| always the average | rough |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in data["calibrations"]:
        base = r["base_rate"]
        lines.append(
            f"| {r['game']} | {r['players']} | {', '.join(r.get('bots', BOTS))} "
            f"| {r['fit_positions']} / {r['held_out_positions']} "
            f"| {r['a']} | {r['b']} | {r['brier_raw']} -> {r['brier']} "
            f"| {round(base * (1 - base), 4)} | {'yes' if r['rough'] else 'no'} |"
        )
    for r in data["calibrations"]:
        lines += ["", f"{r['game']}, {r['players']} seats, held out (calibrated):", ""]
        lines.append("| decile | positions | predicted | observed |")
        lines.append("|---|---|---|---|")
        for d in r["reliability"]:
            lines.append(f"| {d['decile']} | {d['n']} | {d['predicted']} | {d['observed']} |")
    return "\n".join(lines)


def merge(out: Path, rows: list[dict[str, Any]]) -> None:
    """Put ``rows`` into the calibrations of ``out`` (a row of the same game and player
    count replaced; the others kept), sorted by game and player count."""
    old = json.loads(out.read_text()) if out.exists() else {"calibrations": []}
    table = {(r["game"], r["players"]): r for r in old["calibrations"]}
    for row in rows:
        table[(row["game"], row["players"])] = row
    data = {
        "made_by": "python -m meeple.review.calibrate (each row says its --players, "
        "--matches, --positions, --iters and --seed, and --bot where it is not the default)",
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "bots": list(BOTS),
        "held_out": sorted(HELD_OUT),
        "calibrations": sorted(table.values(), key=lambda r: (r["game"], r["players"])),
    }
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m meeple.review.calibrate", description=__doc__)
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--matches", type=int, default=60, help="self-play matches per game")
    p.add_argument("--positions", type=int, default=3, help="positions reviewed per match")
    p.add_argument("--iters", type=int, default=DEFAULT_ITERS, help="the review's budget")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument(
        "--bot",
        action="append",
        metavar="SPEC",
        help=f"a bot each seat is drawn from, per match (repeat it; default {', '.join(BOTS)})",
    )
    p.add_argument("--out", type=Path, default=DATA)
    p.add_argument("--table", action="store_true", help="print --out's tables as Markdown")
    p.add_argument(
        "--merge",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="put the rows of these files (written by other runs' --out) into --out, and stop",
    )
    args = p.parse_args(argv)
    if args.table:
        print(markdown(json.loads(args.out.read_text())))
        return 0
    if args.merge:
        rows = [r for path in args.merge for r in json.loads(path.read_text())["calibrations"]]
        merge(args.out, rows)
        print(f"{len(rows)} rows merged into {args.out}", file=sys.stderr)
        return 0
    bots = tuple(args.bot or BOTS)
    for game in args.games.split(","):
        row = calibrate(
            game,
            args.players,
            args.matches,
            args.positions,
            args.iters,
            args.seed,
            args.workers,
            bots,
        )
        merge(args.out, [row])
        print(
            f"{game} {args.players}p: Brier {row['brier_raw']} -> {row['brier']} "
            f"({row['held_out_positions']} held out){' rough' if row['rough'] else ''}",
            file=sys.stderr,
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
