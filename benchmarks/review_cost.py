"""What a review of a whole game costs, per game, at the default budget (issue 38, item 5).

For each registered game at its default player count, a game between the game's house
bots (its heuristic bot, else greedy) is played to its end; its decisions are counted
(chance steps apart) and so are the judged ones (more than one legal move).
``--sample`` judged decisions spread evenly over the game are reviewed at ``--iters`` iterations (the server's and
the CLI's default, 300) and timed in CPU seconds of this process, which a busy machine
distorts far less than the wall clock; the whole game's cost is that per-decision
figure times the judged decisions (forced moves and chance steps cost nothing). The
server makes a review on one search thread at a time, so its wall time on an idle
core is about the CPU time.

    .venv/bin/python benchmarks/review_cost.py [--iters 300] [--sample 12] [--game NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from meeple.bots import house_bot, make_bot
from meeple.core.match import Match
from meeple.core.registry import games, make_game
from meeple.review import judge
from meeple.review.engine import DEFAULT_ITERS

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/conditions.py
from conditions import finish, start, summary


def measure(name: str, iters: int, sample: int, seed: int = 1) -> dict[str, object]:
    game = make_game(name)
    spec = house_bot(game)
    bots = [make_bot(spec, game, s, seed + s) for s in range(game.players)]
    match = Match(game, seed)
    for _ in range(5000):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = match.state.turn().seats[0]
        match.play(bots[seat].choose(match.state), seat)
    record = match.record()
    decisions = judged = 0
    spent: list[float] = []
    for timing in (False, True):  # count the judged decisions, then time a spread of them
        replay = Match(record.make_game(), record.seed)
        every = max(1, judged // sample) if timing else 0
        decisions = judged = 0
        for ply, (seat, data) in enumerate(record.actions):
            action = replay.game.action_from_json(data)
            if seat is not None:
                decisions += 1
                if len(replay.state.legal_actions(seat)) > 1:
                    if timing and judged % every == 0 and len(spent) < sample:
                        started = time.process_time()
                        judge(replay.state, seat, action, iters, ply)
                        spent.append(time.process_time() - started)
                    judged += 1
            replay.play(action, seat)
    per = sum(spent) / len(spent) if spent else 0.0
    return {
        "game": name, "players": game.players, "bots": spec, "steps": len(record.actions),
        "decisions": decisions, "judged": judged, "sampled": len(spent), "iters": iters,
        "cpu_per_decision_s": round(per, 3), "cpu_whole_game_s": round(per * judged, 1),
    }  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iters", type=int, default=DEFAULT_ITERS)
    p.add_argument("--sample", type=int, default=12)
    p.add_argument("--game", action="append")
    p.add_argument("--out", default="benchmarks/results/review_cost.json")
    args = p.parse_args()
    run = start()
    rows = []
    for name in args.game or sorted(cls.name for cls in games()):
        row = measure(name, args.iters, args.sample)
        rows.append(row)
        print(json.dumps(row), flush=True)
    out = {"conditions": finish(run), "games": rows}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(summary(run))
    print("| game | players | steps | judged decisions | CPU s a decision | CPU s a game |")
    print("| --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r['game']} | {r['players']} | {r['steps']} | {r['judged']} | "
            f"{r['cpu_per_decision_s']} | {r['cpu_whole_game_s']} |"
        )


if __name__ == "__main__":
    main()
