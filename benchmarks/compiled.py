"""The compiled engine against the interpreted one, side by side in one run.

    .venv/bin/python benchmarks/compiled.py                       # tictactoe and province
    .venv/bin/python benchmarks/compiled.py --game ice --rounds 5

Runs ``benchmarks/run.py`` for each game in a fresh process, alternating the
interpreted engine (``MEEPLE_INTERPRETED=1``) and the compiled one round after
round, so both meet the same load; each figure is the best of its rounds.
Prints a table of playouts per second and per-operation costs, with the date,
the commit and the load average before and after (benchmarks/conditions.py).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import conditions  # noqa: E402

RATES = ("playouts_per_second", "checked_playouts_per_second")
COSTS = ("clone_us", "apply_unchecked_us", "legal_actions_us", "view_us")


def one_run(game: str, interpreted: bool, quick: bool) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(HERE.parent / "src")}
    env.pop("MEEPLE_INTERPRETED", None)
    if interpreted:
        env["MEEPLE_INTERPRETED"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "r.json"
        args = [sys.executable, str(HERE / "run.py"), "--game", game, "--out", str(out)]
        subprocess.run(
            args + (["--quick"] if quick else []), env=env, check=True, capture_output=True
        )
        result: dict[str, Any] = json.loads(out.read_text())["games"][game]
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each engine, alternating")
    parser.add_argument("--quick", action="store_true", help="run.py's short budgets")
    args = parser.parse_args()
    games = args.game or ["tictactoe", "province"]
    ran = conditions.start()
    best: dict[tuple[str, str], dict[str, float]] = {}
    for _ in range(args.rounds):
        for game in games:
            for engine in ("interpreted", "compiled"):
                r = one_run(game, engine == "interpreted", args.quick)
                b = best.setdefault((game, engine), {})
                for k in RATES:
                    b[k] = max(b.get(k, 0.0), r[k])
                for k in COSTS:
                    b[k] = min(b.get(k, float("inf")), r[k])
    print(
        "| game | engine | random playouts/s | checked playouts/s | clone (us) "
        "| apply_unchecked (us) | legal_actions (us) | view (us) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for game in games:
        for engine in ("interpreted", "compiled"):
            b = best[(game, engine)]
            print(
                f"| {game} | {engine} | {b[RATES[0]]:.0f} | {b[RATES[1]]:.0f} | "
                + " | ".join(f"{b[k]:.2f}" for k in COSTS)
                + " |"
            )
        i, c = best[(game, "interpreted")], best[(game, "compiled")]
        print(
            f"| {game} | compiled / interpreted | {c[RATES[0]] / i[RATES[0]]:.2f}x | "
            f"{c[RATES[1]] / i[RATES[1]]:.2f}x | "
            + " | ".join(f"{i[k] / c[k]:.2f}x" for k in COSTS)
            + " |"
        )
    print(f"\n{conditions.summary(conditions.finish(ran))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
