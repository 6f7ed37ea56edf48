"""Research-adapter benchmark: environment steps per second through each framework.

    .venv/bin/python benchmarks/adapters.py             # about 8 s per game
    .venv/bin/python benchmarks/adapters.py --quick     # about 2 s per game
    .venv/bin/python benchmarks/adapters.py --game tictactoe --out /tmp/x.json

For each registered game (default player count), random legal moves, it measures
actions per second of:

* ``core``: ``State.apply`` (checked) in random playouts, the baseline;
* ``pettingzoo``: AEC ``env.step`` with a masked random action, observation
  and mask read for every move (what a learning loop does);
* ``gymnasium``: learner ``env.step`` calls per second against ``random``
  bots (the bots' moves and chance happen inside each step);
* ``openspiel``: ``state.apply_action`` through pyspiel, and the microseconds
  of ``state.clone()`` (what OpenSpiel's MCTS lives on).

Each figure is the best of several rounds (other processes' load lowers a
round, not the figure). Results go to ``benchmarks/results/adapters.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from meeple.adapters import gymnasium as gym_adapter
from meeple.adapters import openspiel as spiel_adapter
from meeple.adapters import pettingzoo as pz_adapter
from meeple.core.game import Game
from meeple.core.playout import random_playout
from meeple.core.registry import game_names, make_game

HERE = Path(__file__).resolve().parent


def best_rate(run_round: Callable[[float], tuple[int, float]], budget: float, rounds: int) -> float:
    """Best actions-per-second over ``rounds`` calls of ``run_round(seconds) -> (actions, elapsed)``."""
    best = 0.0
    for _ in range(rounds):
        actions, elapsed = run_round(budget / rounds)
        best = max(best, actions / elapsed)
    return best


def core_round(game: Game) -> Callable[[float], tuple[int, float]]:
    def run(seconds: float) -> tuple[int, float]:
        start, actions, seed = time.perf_counter(), 0, 0
        while time.perf_counter() - start < seconds or seed < 2:
            actions += random_playout(game, seed, checked=True)[1]
            seed += 1
        return actions, time.perf_counter() - start

    return run


def pettingzoo_round(game: Game) -> Callable[[float], tuple[int, float]]:
    env = pz_adapter.env(game)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> tuple[int, float]:
        start, actions, episode = time.perf_counter(), 0, 0
        while time.perf_counter() - start < seconds or episode < 2:
            env.reset(seed=episode)
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                actions += 1
            episode += 1
        return actions, time.perf_counter() - start

    return run


def gymnasium_round(game: Game) -> Callable[[float], tuple[int, float]]:
    env = gym_adapter.env(game, seat=0, opponents=["random"])
    rng = np.random.default_rng(0)

    def run(seconds: float) -> tuple[int, float]:
        start, steps, episode = time.perf_counter(), 0, 0
        while time.perf_counter() - start < seconds or episode < 2:
            obs, _ = env.reset(seed=episode)
            done = False
            while not done:
                obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
            episode += 1
        return steps, time.perf_counter() - start

    return run


def openspiel_round(game: Game) -> Callable[[float], tuple[int, float]]:
    spiel_game = spiel_adapter.load(game)
    rng = np.random.default_rng(0)

    def run(seconds: float) -> tuple[int, float]:
        start, actions = time.perf_counter(), 0
        while time.perf_counter() - start < seconds or actions == 0:
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probs)))
                elif state.is_simultaneous_node():
                    state.apply_actions(
                        [
                            int(rng.choice(state.legal_actions(p))) if state.legal_actions(p) else 0
                            for p in range(spiel_game.num_players())
                        ]
                    )
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
                actions += 1
        return actions, time.perf_counter() - start

    return run


def openspiel_clone_us(game: Game, samples: int = 200) -> float:
    """Mean microseconds of pyspiel ``state.clone()`` over states along random playouts
    (each state's figure is the best of three batches of ten clones)."""
    spiel_game = spiel_adapter.load(game)
    rng = np.random.default_rng(1)
    states: list[Any] = []
    while len(states) < samples:
        state = spiel_game.new_initial_state()
        while not state.is_terminal() and len(states) < samples:
            states.append(state.clone())
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.is_simultaneous_node():
                state.apply_actions(
                    [
                        int(rng.choice(state.legal_actions(p))) if state.legal_actions(p) else 0
                        for p in range(spiel_game.num_players())
                    ]
                )
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    # Per state, the best of a few small batches: load from other processes
    # inflates some batches, rarely all of them.
    total = 0.0
    for state in states:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            for _ in range(10):
                state.clone()
            best = min(best, (time.perf_counter() - start) / 10)
        total += best
    return total / len(states) * 1e6


def measure(name: str, budget: float, rounds: int) -> dict[str, Any]:
    game = make_game(name)
    return {
        "game": name,
        "players": game.players,
        "core_actions_per_s": best_rate(core_round(game), budget, rounds),
        "pettingzoo_actions_per_s": best_rate(pettingzoo_round(game), budget, rounds),
        "gymnasium_steps_per_s": best_rate(gymnasium_round(game), budget, rounds),
        "openspiel_actions_per_s": best_rate(openspiel_round(game), budget, rounds),
        "openspiel_clone_us": openspiel_clone_us(game),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--quick", action="store_true", help="short budgets")
    parser.add_argument("--out", default=str(HERE / "results" / "adapters.json"))
    args = parser.parse_args(argv)
    budget, rounds = (0.4, 2) if args.quick else (1.6, 4)
    results = [measure(name, budget, rounds) for name in (args.game or game_names())]
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "pyspiel": getattr(pyspiel, "__version__", "?"),
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps({"meta": meta, "results": results}, indent=1) + "\n")
    print(
        "| game | players | core apply/s | PettingZoo step/s | Gymnasium step/s "
        "| OpenSpiel apply/s | OpenSpiel clone µs |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r['game']} | {r['players']} | {r['core_actions_per_s']:,.0f} "
            f"| {r['pettingzoo_actions_per_s']:,.0f} | {r['gymnasium_steps_per_s']:,.0f} "
            f"| {r['openspiel_actions_per_s']:,.0f} | {r['openspiel_clone_us']:.1f} |"
        )


if __name__ == "__main__":
    main()
