"""MCTS simulations per second: meeple's MCTSBot against OpenSpiel's Python MCTSBot.

Side by side, both do the same work: plain UCT with the same exploration
constant (2, OpenSpiel's default), one uniformly random rollout to the end
of the game per simulation, a solver (OpenSpiel ``solve=True``; ours solves
closed-loop trees by default), no progressive widening and no tree reuse,
from the same positions, for the same number of simulations. OpenSpiel's
bot drives the meeple game through ``meeple.adapters.openspiel.load`` (the
same rules code); for tic-tac-toe it also runs on pyspiel's native C++
``tic_tac_toe`` for reference. The two bots' searches alternate (ours,
theirs, ours, ...) so that a change in the machine's load hits both.

A game's own search defaults are different work: Province's
(``MCTS_DEFAULTS`` in its bots module) are heuristic rollouts cut at the end
of the turn and scored by ``tanh(evaluate)``, with c = 0.2 and progressive
widening. That row is measured separately and labelled; it has no OpenSpiel
counterpart and no ratio.

Times are CPU seconds of this process (``time.process_time``), so that other
load on a shared machine counts less; wall time is recorded too, with the
date, the commit and the load average before and after.

Equal strength: the same simulation count, and a head-to-head match between
the two like-for-like bots at that count, seats alternating.

    .venv/bin/python benchmarks/mcts/bench_mcts.py --json benchmarks/mcts/results.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # benchmarks/conditions.py
import conditions

#: OpenSpiel's default UCT constant; ours is set to it for the side-by-side rows.
UCT_C = 2.0
#: ``mcts`` has no option that removes a game default such as Province's
#: ``turns=1`` (a cut-off at the end of the turn); a cut-off after this many
#: changes of the acting seat is never reached (Province ends within 120
#: turns), so rollouts run to the end. Checking it costs ours a comparison per
#: rollout step, which only counts against us.
NEVER = 10**9


def like_for_like_spec(sims: int) -> str:
    """Our bot doing OpenSpiel's work: plain UCT, uniformly random rollouts to the end."""
    return f"mcts:iters={sims},reuse=false,c={UCT_C},pw=0,rollout=random,turns={NEVER}"


def game_default_spec(sims: int) -> str:
    """Our bot with the game's own search defaults (only the budget and reuse given)."""
    return f"mcts:iters={sims},reuse=false"


def settings(bot: MCTSBot) -> dict[str, Any]:
    """What the search will actually do, read back from the bot (recorded with the figures)."""
    return {
        "rollout": bot.rollout_kind,
        "rollout_cut_after_seat_changes": None if bot.turns == NEVER else bot.turns,
        "rollout_cut_after_actions": bot.depth,
        "rollouts_to_the_end": bot.turns in (None, NEVER) and bot.depth is None,
        "c": bot.c,
        "progressive_widening": bot.pw,
        "tree_reuse": bot.reuse,
    }


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


def search_once(search: Any) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one call of ``search()``."""
    c0, w0 = time.process_time(), time.perf_counter()
    search()
    return time.process_time() - c0, time.perf_counter() - w0


def rates(sims: int, times: list[tuple[float, float]]) -> dict[str, float]:
    return {
        "sims_per_cpu_s": sims / statistics.median(t[0] for t in times),
        "sims_per_wall_s": sims / statistics.median(t[1] for t in times),
    }


def our_search(state: State, spec: str, seed: int) -> tuple[MCTSBot, Any]:
    seat = state.current_seat()
    assert seat is not None
    bot = make_bot(spec, state.game, seat, seed=seed)
    assert isinstance(bot, MCTSBot)
    return bot, lambda: bot.search(state)


def os_bot(spiel_game: Any, sims: int, seed: int) -> Any:
    return os_mcts.MCTSBot(
        spiel_game,
        uct_c=UCT_C,
        max_simulations=sims,
        evaluator=os_mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(seed)
        ),
        solve=True,
        random_state=np.random.RandomState(seed + 1),
    )


def paired(
    state: State, spiel_game: Any, spiel_state: Any, sims: int, repeat: int
) -> tuple[dict[str, Any], dict[str, float]]:
    """Like-for-like searches, ours and OpenSpiel's in turn; (ours, theirs)."""
    ours_t, theirs_t = [], []
    used: dict[str, Any] = {}
    for r in range(repeat):
        bot, search = our_search(state, like_for_like_spec(sims), r)
        used = settings(bot)
        ours_t.append(search_once(search))
        theirs = os_bot(spiel_game, sims, r)
        theirs_t.append(search_once(lambda: theirs.mcts_search(spiel_state)))  # noqa: B023
    return {**rates(sims, ours_t), "settings": used}, rates(sims, theirs_t)


def alone(spiel_game: Any, spiel_state: Any, sims: int, repeat: int) -> dict[str, float]:
    times = []
    for r in range(repeat):
        bot = os_bot(spiel_game, sims, r)
        times.append(search_once(lambda: bot.mcts_search(spiel_state)))  # noqa: B023
    return rates(sims, times)


def game_defaults(state: State, sims: int, repeat: int) -> dict[str, Any]:
    times = []
    used: dict[str, Any] = {}
    for r in range(repeat):
        bot, search = our_search(state, game_default_spec(sims), r)
        used = settings(bot)
        times.append(search_once(search))
    return {**rates(sims, times), "settings": used}


def head_to_head(name: str, sims: int, games: int) -> dict[str, Any]:
    """Our MCTS against OpenSpiel's, same simulations per move, seats alternating."""
    game = meeple.make_game(name)
    spiel_game = load_spiel(name)
    ours_points = 0.0
    wins = draws = losses = 0
    for g in range(games):
        our_seat = g % 2
        ours = make_bot(like_for_like_spec(sims), game, our_seat, seed=g)
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
    ran = conditions.start()
    print(f"start: {ran['date']}, commit {ran['commit']}, load {ran['load_before']}", flush=True)
    rows: list[dict[str, Any]] = []
    for name, sims in (("tictactoe", args.sims), ("province", args.province_sims)):
        state, codes = position(name)
        spiel_game = load_spiel(name)
        spiel_state = spiel_state_for(spiel_game, codes)
        ours, theirs = paired(state, spiel_game, spiel_state, sims, args.repeat)
        row = {
            "game": name,
            "sims": sims,
            "work": "like for like: plain UCT, c=2, uniformly random rollouts to the end",
            "meeple": ours,
            "openspiel_adapter": theirs,
            "speedup_cpu": ours["sims_per_cpu_s"] / theirs["sims_per_cpu_s"],
        }
        if name == "tictactoe":
            native = pyspiel.load_game("tic_tac_toe")
            row["openspiel_native_cpp_game"] = alone(
                native, native.new_initial_state(), sims, args.repeat
            )
        rows.append(row)
        print(json.dumps(row), flush=True)
    state, _ = position("province")
    default_row = {
        "game": "province",
        "sims": args.province_sims,
        "work": "meeple only, Province's own search defaults (not comparable with OpenSpiel)",
        "meeple": game_defaults(state, args.province_sims, args.repeat),
    }
    print(json.dumps(default_row), flush=True)
    h2h = head_to_head("tictactoe", args.h2h_sims, args.h2h_games) if args.h2h_games else None
    if h2h:
        print(json.dumps(h2h), flush=True)
    conditions.finish(ran)
    print(conditions.summary(ran), flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(
                {
                    "conditions": ran,
                    "speed": rows,
                    "game_defaults": [default_row],
                    "head_to_head": h2h,
                },
                fh,
                indent=1,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
