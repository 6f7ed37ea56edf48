"""MCTS simulations per second: meeple's MCTSBot against OpenSpiel's Python MCTSBot.

Both run plain UCT with one uniformly random rollout per leaf and a solver
(OpenSpiel ``solve=True``; ours solves closed-loop trees by default), from the
same positions, for the same number of simulations. OpenSpiel's bot drives
the meeple game through ``meeple.adapters.openspiel.load`` (the same rules
code); for tic-tac-toe it also runs on pyspiel's native C++ ``tic_tac_toe``
for reference. Times are CPU seconds of this process (``time.process_time``),
so that other load on a shared machine does not count; wall time is printed
too.

Equal strength: the same simulation count, and a head-to-head match between
the two bots at that count, seats alternating.

    .venv/bin/python benchmarks/mcts/bench_mcts.py --json benchmarks/mcts/results.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as os_mcts

import meeple
from meeple.adapters.openspiel import load as load_spiel
from meeple.arena.stats import wilson
from meeple.bots import make_bot
from meeple.bots.mcts import MCTSBot
from meeple.core import Rng, State


def spiel_state_for(spiel_game: Any, history: list[int]) -> Any:
    state = spiel_game.new_initial_state()
    for a in history:
        state.apply_action(a)
    return state


def position(name: str) -> tuple[State, list[int]]:
    """A start position and the action codes that reach it (for the OpenSpiel side)."""
    game = meeple.make_game(name)
    state = game.new_initial_state(3)
    codes: list[int] = []
    if name == "province":
        rng = Rng(3)
        done = 0
        while done < 30 or state.is_chance():
            if state.is_chance():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.weighted_index([p for _, p in outcomes])][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randbelow(len(legal))]
                done += 1
            codes.append(game.action_code(action))
            state.apply(action)
    return state, codes


def time_ours(state: State, sims: int, repeat: int) -> dict[str, float]:
    cpu, wall = [], []
    seat = state.current_seat()
    assert seat is not None
    for r in range(repeat):
        bot = make_bot(f"mcts:iters={sims},reuse=false", state.game, seat, seed=r)
        assert isinstance(bot, MCTSBot)
        c0, w0 = time.process_time(), time.perf_counter()
        bot.search(state)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {
        "sims_per_cpu_s": sims / statistics.median(cpu),
        "sims_per_wall_s": sims / statistics.median(wall),
    }


def os_bot(spiel_game: Any, sims: int, seed: int) -> Any:
    return os_mcts.MCTSBot(
        spiel_game,
        uct_c=2.0,
        max_simulations=sims,
        evaluator=os_mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(seed)
        ),
        solve=True,
        random_state=np.random.RandomState(seed + 1),
    )


def time_openspiel(spiel_game: Any, spiel_state: Any, sims: int, repeat: int) -> dict[str, float]:
    cpu, wall = [], []
    for r in range(repeat):
        bot = os_bot(spiel_game, sims, r)
        c0, w0 = time.process_time(), time.perf_counter()
        bot.mcts_search(spiel_state)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {
        "sims_per_cpu_s": sims / statistics.median(cpu),
        "sims_per_wall_s": sims / statistics.median(wall),
    }


def head_to_head(name: str, sims: int, games: int) -> dict[str, Any]:
    """Our MCTS against OpenSpiel's, same simulations per move, seats alternating."""
    game = meeple.make_game(name)
    spiel_game = load_spiel(name)
    ours_points = 0.0
    wins = draws = losses = 0
    for g in range(games):
        our_seat = g % 2
        ours = make_bot(f"mcts:iters={sims}", game, our_seat, seed=g)
        theirs = os_bot(spiel_game, sims, 1000 + g)
        spiel_state = spiel_game.new_initial_state()
        state = spiel_state.meeple_state
        rng = np.random.RandomState(g)
        while not spiel_state.is_terminal():
            if spiel_state.is_chance_node():
                outcomes = spiel_state.chance_outcomes()
                codes, probs = zip(*outcomes, strict=True)
                spiel_state.apply_action(int(rng.choice(codes, p=probs)))
                continue
            player = spiel_state.current_player()
            state = spiel_state.meeple_state
            before = state.clone()
            if player == our_seat:
                code = game.action_code(ours.choose(before))
            else:
                code = theirs.step(spiel_state)
            spiel_state.apply_action(code)
            ours.observe(player, game.action_from_code(code), before)
        ret = spiel_state.returns()[our_seat]
        ours_points += (ret + 1) / 2
        wins += ret > 0
        draws += ret == 0
        losses += ret < 0
    lo, hi = wilson(ours_points, games)
    return {
        "game": name,
        "sims": sims,
        "games": games,
        "ours_wins": wins,
        "draws": draws,
        "ours_losses": losses,
        "ours_score": ours_points / games,
        "ours_score_95": [lo, hi],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sims", type=int, default=1000, help="simulations per search (tic-tac-toe)")
    p.add_argument(
        "--province-sims", type=int, default=100, help="simulations per search (Province)"
    )
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--h2h-games", type=int, default=40, help="head-to-head games on tic-tac-toe")
    p.add_argument("--h2h-sims", type=int, default=300)
    p.add_argument("--json", default=None, help="write the figures here")
    args = p.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for name, sims in (("tictactoe", args.sims), ("province", args.province_sims)):
        state, codes = position(name)
        spiel_game = load_spiel(name)
        spiel_state = spiel_state_for(spiel_game, codes)
        ours = time_ours(state, sims, args.repeat)
        theirs = time_openspiel(spiel_game, spiel_state, sims, args.repeat)
        row = {
            "game": name,
            "sims": sims,
            "meeple": ours,
            "openspiel_adapter": theirs,
            "speedup_cpu": ours["sims_per_cpu_s"] / theirs["sims_per_cpu_s"],
        }
        if name == "tictactoe":
            native = pyspiel.load_game("tic_tac_toe")
            row["openspiel_native_cpp_game"] = time_openspiel(
                native, native.new_initial_state(), sims, args.repeat
            )
        rows.append(row)
        print(json.dumps(row), flush=True)
    h2h = head_to_head("tictactoe", args.h2h_sims, args.h2h_games) if args.h2h_games else None
    if h2h:
        print(json.dumps(h2h), flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(
                {"speed": rows, "head_to_head": h2h, "python": sys.version.split()[0]}, fh, indent=1
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
