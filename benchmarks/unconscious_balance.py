"""Unconscious Mind balance experiments: heuristic mirrors with data.toml patched in memory.

``meeple balance unconscious`` reports each seat's win share for the content as
it is; tuning the designed content needs to try a change before writing it,
and to see rounds and what each seat scored. This plays heuristic mirrors
(the same bot at every seat, seat 0 starting, seeds ``--seed`` on) with the
content changed by ``--set`` (a dotted path into data.toml and a TOML value),
applied to the parsed file before the game's modules load, so nothing on disk
changes. Each run is its own process, so one variant never leaks into another.

    nice -n 10 .venv/bin/python benchmarks/unconscious_balance.py --players 2 -n 80 \\
        --set 'rondel.bonus=["", "gen:red", "gen:green", "gen:purple", "coffee:2", "gen:any", "", "elevate"]'
    .venv/bin/python benchmarks/unconscious_balance.py --players 1 -n 60 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tomllib
from concurrent.futures import ProcessPoolExecutor
from typing import Any

_PATCHES: list[tuple[str, Any]] = []


def _patched_loads(text: str, **kw: Any) -> dict[str, Any]:
    """``tomllib.loads`` that applies the ``--set`` patches to Unconscious Mind's data file."""
    data = _LOADS(text, **kw)
    if text.startswith("# Unconscious Mind"):
        for path, value in _PATCHES:
            *parents, last = path.split(".")
            node: Any = data
            for key in parents:
                node = node[int(key)] if isinstance(node, list) else node[key]
            if isinstance(node, list):
                node[int(last)] = value
            elif last not in node:
                raise SystemExit(f"--set {path}: no such entry in data.toml")
            else:
                node[last] = value
    return data


_LOADS = tomllib.loads


def install(patches: list[str]) -> None:
    """Parse ``path=value`` patches and hook them into the data file's loading."""
    _PATCHES.clear()
    for p in patches:
        path, _, raw = p.partition("=")
        _PATCHES.append((path.strip(), tomllib.loads(f"v = {raw}")["v"]))
    setattr(tomllib, "loads", _patched_loads)  # noqa: B010 (a module attribute, on purpose)


def _init(patches: list[str]) -> None:
    install(patches)


def play(task: tuple[int, int, dict[str, Any]]) -> dict[str, Any]:
    """One heuristic mirror of ``players`` seats from ``seed``: who won, scores, rounds."""
    from meeple.bots.registry import make_bot
    from meeple.core.registry import make_game
    from meeple.games.unconscious.rules import UnconsciousState

    players, seed, options = task
    game = make_game("unconscious", players=players, **options)
    bots = [make_bot("heuristic", game, s, seed * 31 + s) for s in range(players)]
    state = game.new_initial_state(seed)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        state.apply(bots[seat].choose(state), seat)
        decisions += 1
    assert isinstance(state, UnconsciousState)
    return {
        "seed": seed,
        "winners": state.winners(),
        "scores": state.scores(),
        "parts": [
            {
                "play": state.vp[s],
                **state.final_breakdown(s),
                "tiles": sum(t >= 0 for t in state.notebook[s]),
                "cured": len(state.cured[s]),
                "treatises": len(state.treatises[s]),
                "rep": state.rep[s],
            }
            for s in range(players)
        ],
        "round": state.round,
        "decisions": decisions,
        "solo_won": state.solo_won() if players == 1 else None,
    }


def report(players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Win share (Wilson 95%) and mean score by seat, rounds and decisions."""
    from meeple.arena.stats import proportion

    n = len(rows)
    out: dict[str, Any] = {
        "players": players,
        "games": n,
        "patches": [f"{p}={json.dumps(v)}" for p, v in _PATCHES],
        "seats": [
            {
                "wins": proportion(
                    sum(1 / len(r["winners"]) for r in rows if s in r["winners"]), n
                ),
                "mean_score": statistics.fmean(r["scores"][s] for r in rows),
                "mean_parts": {
                    k: statistics.fmean(r["parts"][s][k] for r in rows) for k in rows[0]["parts"][0]
                },
            }
            for s in range(players)
        ],
        "mean_round": statistics.fmean(r["round"] for r in rows),
        "rounds": [min(r["round"] for r in rows), max(r["round"] for r in rows)],
        "mean_decisions": statistics.fmean(r["decisions"] for r in rows),
    }
    if players == 1:
        scores = sorted(r["scores"][0] for r in rows)
        out["solo_won"] = proportion(sum(bool(r["solo_won"]) for r in rows), n)
        out["solo_median"] = statistics.median(scores)
        out["solo_range"] = [scores[0], scores[-1]]
    return out


def print_report(r: dict[str, Any]) -> None:
    """A few lines for a person."""
    print(
        f"{r['players']} players, {r['games']} games, {r['mean_round']:.1f} rounds "
        f"({r['rounds'][0]}-{r['rounds'][1]}), {r['mean_decisions']:.0f} decisions"
    )
    for p in r["patches"]:
        print(f"  set {p}")
    for i, s in enumerate(r["seats"]):
        w = s["wins"]
        print(
            f"  seat {i}: wins {w['rate']:.3f} [{w['low']:.3f}, {w['high']:.3f}], "
            f"mean VP {s['mean_score']:.1f}"
        )
        print("    " + ", ".join(f"{k} {v:.1f}" for k, v in s["mean_parts"].items()))
    if "solo_won" in r:
        w = r["solo_won"]
        print(
            f"  solo won {w['rate']:.3f} [{w['low']:.3f}, {w['high']:.3f}], "
            f"median {r['solo_median']}, range {r['solo_range'][0]}-{r['solo_range'][1]}"
        )


def main(argv: list[str] | None = None) -> int:
    """Run the games (``--workers`` processes) and print or write the report."""
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("-n", "--games", type=int, default=80)
    p.add_argument(
        "--seed", type=int, default=1000, help="first seed (games use seed, seed+1, ...)"
    )
    p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--set", action="append", default=[], metavar="PATH=TOML")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--rows", default=None, help="also write every game's row to this JSONL file")
    args = p.parse_args(argv)
    install(args.set)
    options = dict(kv.split("=", 1) for kv in args.option)
    tasks = [(args.players, args.seed + g, options) for g in range(args.games)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers, initializer=_init, initargs=(args.set,)) as pool:
            rows = list(pool.map(play, tasks, chunksize=4))
    else:
        rows = []
        for t in tasks:
            rows.append(play(t))
            if args.rows:
                with open(args.rows, "a") as fh:
                    fh.write(json.dumps(rows[-1]) + "\n")
    r = report(args.players, rows)
    if args.json:
        print(json.dumps(r))
    else:
        print_report(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
