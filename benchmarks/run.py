"""Core engine benchmark: random playouts per second and per-operation cost, for every game.

    .venv/bin/python benchmarks/run.py            # about 10 s per game
    .venv/bin/python benchmarks/run.py --quick    # about 2 s per game
    .venv/bin/python benchmarks/run.py --game tictactoe --out /tmp/x.json

For each registered game (at its default player count) it measures:

* random playouts per second, with the unchecked apply (what search uses) and
  with the checked apply (what a server uses), and the mean playout length
  (best of several rounds, so other processes' load disturbs it less);
* the cost in microseconds of ``clone()``, ``apply_unchecked()`` and
  ``legal_actions()``, averaged over states sampled from random playouts
  (so early, middle and late positions all count);
* the cost of ``determinize(seat)`` and ``view(seat)`` for the seat to act in
  those states: what an information-set search pays per iteration, and a
  server per message (for a game without hidden information determinize is
  a clone).

Only the operation itself is timed: clones for the apply measurement are
made beforehand. Results go to ``benchmarks/results/engine.json`` and a table
on standard output, with the date, the commit and the machine's load average
before and after (benchmarks/conditions.py). Figures depend on the machine;
compare runs on one machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meeple.core.game import Game, State
from meeple.core.playout import random_playout, random_step
from meeple.core.registry import game_names, make_game
from meeple.core.rng import Rng

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # benchmarks/conditions.py, also when loaded by path (the tests)

import conditions  # noqa: E402


def playout_rate(game: Game, budget: float, rounds: int, checked: bool) -> tuple[float, float]:
    """(playouts per second, mean playout length) of random playouts.

    The budget is split into ``rounds``; the rate is the best round's actions
    per second divided by the mean length over all rounds, so a burst of load
    from other processes lowers one round rather than the figure.
    """
    best_actions_per_s = 0.0
    playouts = actions = 0
    for _ in range(rounds):
        start = time.perf_counter()
        round_actions = round_playouts = 0
        while time.perf_counter() - start < budget / rounds or round_playouts < 2:
            round_actions += random_playout(game, playouts, checked=checked)[1]
            round_playouts += 1
            playouts += 1
        best_actions_per_s = max(best_actions_per_s, round_actions / (time.perf_counter() - start))
        actions += round_actions
    mean_length = actions / playouts
    return best_actions_per_s / mean_length, mean_length


def sample_states(game: Game, count: int, seed: int = 12345) -> list[State]:
    """Non-terminal states from random playouts, taken at every step."""
    states: list[State] = []
    rng = Rng(seed)
    playout = 0
    while len(states) < count:
        state = game.new_initial_state(seed + playout)
        while not state.is_terminal() and len(states) < count:
            states.append(state.clone())
            random_step(state, rng, checked=False)
        playout += 1
    return states


CHUNK = 50  # states per timed batch: short enough that load bursts spoil few batches


def chunked_us(
    items: list[Any], prepare: Callable[[list[Any]], Any], run: Callable[[Any], None], repeats: int
) -> float:
    """Mean microseconds per item of ``run(prepare(batch))``, timing ``run`` only.

    Each batch of ``CHUNK`` items is timed ``repeats`` times and its fastest
    time kept (the run least disturbed by other processes); the mean is the
    sum of those minima over the number of items.
    """
    total_ns = 0
    for i in range(0, len(items), CHUNK):
        batch = items[i : i + CHUNK]
        best = None
        for _ in range(repeats):
            prepared = prepare(batch)
            t0 = time.perf_counter_ns()
            run(prepared)
            elapsed = time.perf_counter_ns() - t0
            best = elapsed if best is None else min(best, elapsed)
        total_ns += best or 0
    return total_ns / 1000 / max(1, len(items))


def measure_game(name: str, budget: float, samples: int, repeats: int) -> dict[str, Any]:
    game = make_game(name)

    rate, mean_length = playout_rate(game, budget, repeats, checked=False)
    checked_rate, _ = playout_rate(game, budget / 2, repeats, checked=True)

    states = sample_states(game, samples)
    acting = [s for s in states if not s.is_chance()]

    # one (action, actor) per sampled state, chosen once so every repeat does the same work
    rng = Rng(7)
    moves: list[tuple[Any, int | None]] = []
    for s in states:
        t = s.turn()
        if s.is_chance():
            outcomes = s.chance_outcomes()
            moves.append((outcomes[rng.weighted_index([p for _, p in outcomes])][0], None))
        else:
            seat = t.seats[rng.randbelow(len(t.seats))]
            legal = s.legal_actions(seat)
            moves.append((legal[rng.randbelow(len(legal))], seat))

    def clone_batch(batch: list[State]) -> None:
        for st in batch:
            st.clone()

    def legal_batch(batch: list[tuple[State, int]]) -> None:
        for st, seat in batch:
            st.legal_actions(seat)

    def fresh_copies(batch: list[tuple[State, tuple[Any, int | None]]]) -> list[Any]:
        return [(st.clone(), move) for st, move in batch]  # made outside the timed part

    def apply_batch(batch: list[tuple[State, tuple[Any, int | None]]]) -> None:
        for st, (action, actor) in batch:
            st.apply_unchecked(action, actor)

    def same(batch: list[Any]) -> list[Any]:
        return batch

    def determinize_batch(batch: list[tuple[State, int]]) -> None:
        for st, seat in batch:
            st.determinize(seat, rng)

    def view_batch(batch: list[tuple[State, int]]) -> None:
        for st, seat in batch:
            st.view(seat)

    clone_us = chunked_us(states, same, clone_batch, repeats)
    legal_us = chunked_us([(s, s.turn().seats[0]) for s in acting], same, legal_batch, repeats)
    apply_us = chunked_us(list(zip(states, moves, strict=True)), fresh_copies, apply_batch, repeats)
    to_act = [(s, s.turn().seats[0]) for s in acting]
    determinize_us = chunked_us(to_act, same, determinize_batch, repeats)
    view_us = chunked_us(to_act, same, view_batch, repeats)

    return {
        "players": game.players,
        "playouts_per_second": round(rate, 2),
        "checked_playouts_per_second": round(checked_rate, 2),
        "mean_playout_length": round(mean_length, 2),
        "actions_per_second": round(rate * mean_length, 1),
        "sampled_states": len(states),
        "clone_us": round(clone_us, 3),
        "apply_unchecked_us": round(apply_us, 3),
        "legal_actions_us": round(legal_us, 3),
        "determinize_us": round(determinize_us, 3),
        "view_us": round(view_us, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short budgets (a smoke run)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--out", type=Path, default=HERE / "results" / "engine.json", help="results JSON path"
    )
    args = parser.parse_args(argv)
    budget, samples, repeats = (0.5, 300, 3) if args.quick else (4.0, 3000, 7)
    names = args.game or game_names()

    results: dict[str, Any] = {}
    ran = conditions.start()
    gc_was_enabled = gc.isenabled()
    for name in names:
        print(f"measuring {name}...", file=sys.stderr, flush=True)
        gc.disable()  # keep collector pauses out of micro-timings
        try:
            results[name] = measure_game(name, budget, samples, repeats)
        except Exception as exc:  # one broken game must not hide the others' figures
            print(f"  {name} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            results[name] = {"error": f"{type(exc).__name__}: {exc}"}
        finally:
            if gc_was_enabled:
                gc.enable()

    report = {
        "benchmark": "core-engine",
        "quick": args.quick,
        **conditions.finish(ran),
        "games": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print_table(results)
    print(f"\n{conditions.summary(ran)}")
    print(f"results written to {args.out}")
    return 0


def print_table(results: dict[str, dict[str, Any]]) -> None:
    head = (
        f"{'game':<12} {'seats':>5} {'playouts/s':>11} {'checked/s':>10} {'length':>7} "
        f"{'clone us':>9} {'apply us':>9} {'legal us':>9} {'determ. us':>10} {'view us':>9}"
    )
    print(head)
    print("-" * len(head))
    for name, r in results.items():
        if "error" in r:
            print(f"{name:<12} failed: {r['error']}")
            continue
        print(
            f"{name:<12} {r['players']:>5} {r['playouts_per_second']:>11.1f} "
            f"{r['checked_playouts_per_second']:>10.1f} {r['mean_playout_length']:>7.1f} "
            f"{r['clone_us']:>9.2f} {r['apply_unchecked_us']:>9.2f} {r['legal_actions_us']:>9.2f} "
            f"{r['determinize_us']:>10.2f} {r['view_us']:>9.2f}"
        )


if __name__ == "__main__":
    sys.exit(main())
