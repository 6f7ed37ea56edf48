"""meeple's MCTS against OpenSpiel's C++ MCTSBot on tic-tac-toe, side by side in one run.

The same work on both sides: plain UCT with c = 2 (OpenSpiel's default), one
uniformly random rollout to the end of the game per simulation, a solver, no
progressive widening, no tree reuse, the same number of simulations from the
opening. meeple's bot is ``bench_mcts.like_for_like_spec`` on meeple's
tic-tac-toe; OpenSpiel's is ``pyspiel.MCTSBot`` with
``pyspiel.RandomRolloutEvaluator(1, seed)`` on pyspiel's C++ ``tic_tac_toe``
(search, game and rollouts all C++). The searches alternate (ours, theirs, ours,
...) so load changes hit both; each side's figure is its best search and the
median, in simulations per CPU second of this process (``time.process_time``).

    .venv/bin/python benchmarks/mcts/bench_cpp.py --sims 1000 --repeat 7
    MEEPLE_INTERPRETED=1 .venv/bin/python benchmarks/mcts/bench_cpp.py   # the Python engine
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

import pyspiel

import meeple
from meeple._compiled import describe

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import conditions  # noqa: E402
from bench_mcts import UCT_C, like_for_like_spec, our_search, search_once  # noqa: E402


def cpp_bot(game: Any, sims: int, seed: int) -> Any:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, UCT_C, sims, 1000, True, seed + 1, False)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sims", type=int, default=1000)
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--json", default=None)
    args = p.parse_args(argv)
    ran = conditions.start()
    state = meeple.make_game("tictactoe").new_initial_state(3)
    spiel_game = pyspiel.load_game("tic_tac_toe")
    ours, theirs = [], []
    for r in range(args.repeat):
        _, search = our_search(state, like_for_like_spec(args.sims), r)
        ours.append(search_once(search)[0])
        bot = cpp_bot(spiel_game, args.sims, r)
        spiel_state = spiel_game.new_initial_state()
        theirs.append(search_once(lambda: bot.mcts_search(spiel_state))[0])  # noqa: B023
    out = {
        "sims": args.sims,
        "repeat": args.repeat,
        "engine": describe(),
        "ours_best": args.sims / min(ours),
        "ours_median": args.sims / statistics.median(ours),
        "cpp_best": args.sims / min(theirs),
        "cpp_median": args.sims / statistics.median(theirs),
        **conditions.finish(ran),
    }
    out["ratio_best"] = out["cpp_best"] / out["ours_best"]
    out["ratio_median"] = out["cpp_median"] / out["ours_median"]
    print(
        f"{args.sims} sims, {args.repeat} searches each, alternating ({out['engine']})\n"
        f"meeple mcts:        best {out['ours_best']:9,.0f}/s  median {out['ours_median']:9,.0f}/s\n"
        f"OpenSpiel C++ MCTS: best {out['cpp_best']:9,.0f}/s  median {out['cpp_median']:9,.0f}/s\n"
        f"C++ / meeple: {out['ratio_best']:.1f}x (best), {out['ratio_median']:.1f}x (median)\n"
        f"{conditions.summary(ran)}"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
