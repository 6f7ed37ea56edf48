"""Viscounts solo: how often the AI opponent does its scheme's action (or falls back),
and how often a bot (the heuristic unless told) outscores it, at each difficulty.

    nice -n 10 .venv/bin/python benchmarks/viscounts_solo.py          # 30 games a difficulty
    nice -n 10 .venv/bin/python benchmarks/viscounts_solo.py -n 10 --difficulty easy
    nice -n 10 .venv/bin/python benchmarks/viscounts_solo.py --first 80   # games 80..109
    nice -n 10 .venv/bin/python benchmarks/viscounts_solo.py -n 5 --bot ismcts:iters=100
    nice -n 10 .venv/bin/python benchmarks/viscounts_solo.py --gates-of-gold  # the expansion
    nice -n 10 .venv/bin/python benchmarks/viscounts_solo.py -n 60 --gates-of-gold --keeper-of-keys

One player, the heuristic bot unless ``--bot`` names another (any bot spec,
seeded by the game number), the AI's focus board at random, ``seed = game`` for
games first..first+n-1 (``--first``: fresh deals, to check a tuning on games it
was not tuned on). Every AI turn with an action is counted from its log
(``solo.turn_record``): done, or its fallback taken because it could not.
Wins are games the bot outscored the AI (a tie is the AI's), with 95% Wilson
intervals; the CPU time is this process's, per game. docs/games/viscounts.md,
"Figures", has the results.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from meeple.bots.registry import make_bot
from meeple.games.viscounts import Viscounts, solo
from meeple.games.viscounts.components import ACTIONS, DIFFICULTIES
from meeple.stats import wilson_interval


def run(
    difficulty: str,
    games: int,
    first: int = 0,
    bot_spec: str = "heuristic",
    gates_of_gold: bool = False,
    keeper_of_keys: bool = False,
) -> str:
    done: Counter[str] = Counter()
    fell: Counter[str] = Counter()
    wins, mine, theirs = 0, 0.0, 0.0
    start = time.process_time()
    for g in range(first, first + games):
        game = Viscounts(
            1, difficulty=difficulty, gates_of_gold=gates_of_gold, keeper_of_keys=keeper_of_keys
        )
        s = game.new_initial_state(g)
        bot = make_bot(bot_spec, game, 0, seed=g)
        while not s.is_terminal():
            s.apply(bot.choose(s))
        wins += s.solo_won()
        mine += s.scores()[0]
        theirs += s.ai_score()
        for entry in s.ai_log:
            turn = solo.turn_record(entry)
            if turn["action"] is not None:
                (done if turn["done"] else fell)[turn["action"]] += 1
    lo, hi = wilson_interval(wins, games)
    per = ", ".join(f"{a} {fell[a]}/{done[a] + fell[a]}" for a in ACTIONS)
    total = sum(fell.values())
    turns = total + sum(done.values())
    return (
        f"{difficulty}: bot wins {wins}/{games} ({lo:.3f}-{hi:.3f}), mean score bot "
        f"{mine / games:.1f} / AI {theirs / games:.1f}; fallbacks {per}; "
        f"all {total}/{turns} ({total / max(1, turns):.0%}); "
        f"{(time.process_time() - start) / games:.1f} CPU s a game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=30)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--bot", default="heuristic", help="the player's bot spec")
    parser.add_argument("--difficulty", choices=DIFFICULTIES, action="append")
    parser.add_argument("--gates-of-gold", action="store_true", help="with the expansion")
    parser.add_argument("--keeper-of-keys", action="store_true", help="with the expansion")
    args = parser.parse_args()
    for difficulty in args.difficulty or DIFFICULTIES:
        print(
            run(
                difficulty,
                args.games,
                args.first,
                args.bot,
                args.gates_of_gold,
                args.keeper_of_keys,
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
