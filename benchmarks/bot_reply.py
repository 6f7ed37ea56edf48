"""How long a browser player waits for a bot's reply: the server's whole path, in one process.

    .venv/bin/python benchmarks/bot_reply.py [--game ice] [--bot heuristic] [--moves 40]
    .venv/bin/python benchmarks/bot_reply.py --before /tmp/main-src --pairs 3

A lobby on in-memory SQLite holds a match of a person (seat 0) against a bot (every
other seat, ``--bot``, the house bot by default), each seat with a connection whose
socket takes every message at once, and no bot delay. The person plays uniformly
random legal moves through ``LiveMatch.submit``; the reply time runs from the
submit to the moment the person is asked to act again (or the game ends), counted only when a bot moved
in between (a move after which it is still the person's turn is timed apart): the
person's move checked, applied, stored and told to every seat (each seat's view,
previews included), the bot's thinking on the server's bot pool, and its moves told
likewise. It prints, per game, the median and mean wall time of a reply and the CPU
time of this process per reply (``time.process_time``, all threads).

With ``--before`` it runs itself on another checkout's ``src`` and on this tree in
turn (ABAB, ``--pairs`` pairs, a process each), the same seeds on both.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("ice", "viscounts", "unconscious", "penguins")


def person_alone(live: Any) -> bool:
    """Whether the person (seat 0) may act and no bot is still to (a turn where both
    choose at once counts as the bot's reply until the bot has chosen), with no write
    of the match in flight."""
    seats = live.match.state.turn().seats
    return 0 in seats and len(seats) == 1 and not live.lock.locked()


async def play(name: str, bot: str | None, moves: int, seed: int) -> dict[str, Any]:
    from meeple.bots import house_bot
    from meeple.core.registry import make_game
    from meeple.server.lobby import Lobby
    from meeple.server.match import Connection
    from meeple.server.storage import Storage

    rng = random.Random(seed)
    game = make_game(name)
    spec = bot or house_bot(game)
    storage = Storage(":memory:")
    storage.open()
    lobby = Lobby(storage, bot_delay=0.0)

    async def sink(message: dict[str, Any]) -> None:
        return None

    walls: list[float] = []
    own: list[float] = []
    cpu = 0.0
    played = 0
    while played < moves:
        seats = ["human"] + [spec] * (game.players - 1)
        live, _, _ = await lobby.create({"game": name, "seats": seats, "bot_delay": 0})
        await lobby.join(live.id, {"seat": 0})
        conns = [Connection(sink, s) for s in range(game.players)]
        for conn in conns:
            live.attach(conn)
        while live.status == "running" and played < moves:
            state = live.match.state
            if not person_alone(live):
                await asyncio.sleep(0.001)  # the bots' opening moves
                continue
            legal = state.legal_actions(0)
            code = live.game.action_code(legal[rng.randrange(len(legal))])
            w0, c0 = time.perf_counter(), time.process_time()
            await live.submit(0, {"state_id": live.state_id, "code": code})
            if live.status == "running" and person_alone(live):
                own.append(time.perf_counter() - w0)  # still the person's turn: no reply
                continue
            deadline = w0 + 120
            while live.status == "running" and not person_alone(live):
                if time.perf_counter() > deadline:
                    raise TimeoutError(f"{name}: no reply in 120 s")
                await asyncio.sleep(0.0005)
            walls.append(time.perf_counter() - w0)
            cpu += time.process_time() - c0
            played += 1
        for conn in conns:
            live.detach(conn)
    await lobby.stop()
    storage.close()
    return {
        "game": name,
        "bot": spec,
        "replies": len(walls),
        "own_moves": len(own),
        "own_move_median_ms": 1e3 * statistics.median(own) if own else None,
        "median_ms": 1e3 * statistics.median(walls),
        "mean_ms": 1e3 * statistics.fmean(walls),
        "cpu_ms_per_reply": 1e3 * cpu / len(walls),
    }


def run_tree(src: Path, args: argparse.Namespace, game: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONDONTWRITEBYTECODE": "1"}
    argv = [sys.executable, __file__, "--game", game, "--moves", str(args.moves), "--json"]
    if args.bot:
        argv += ["--bot", args.bot]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, timeout=1800)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", action="append")
    p.add_argument("--bot", default=None, help="the bot spec (default: the house bot)")
    p.add_argument("--moves", type=int, default=40, help="the bot's replies per game")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--before", type=Path, help="another checkout's root: run both, in turn")
    p.add_argument("--pairs", type=int, default=2)
    p.add_argument("--json", action="store_true", help="one JSON line per game")
    args = p.parse_args()
    games = args.game or list(GAMES)
    if args.before is None:
        for name in games:
            r = asyncio.run(play(name, args.bot, args.moves, args.seed))
            if args.json:
                print(json.dumps(r))
            else:
                print(
                    f"{name:<12} {r['bot']:<24} {r['replies']:>4} replies  median "
                    f"{r['median_ms']:8.1f} ms  mean {r['mean_ms']:8.1f} ms  CPU "
                    f"{r['cpu_ms_per_reply']:8.1f} ms a reply; the person's own moves "
                    f"({r['own_moves']}) median {r['own_move_median_ms'] or 0:.1f} ms"
                )
        return 0
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import conditions

    ran = conditions.start()
    rows: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for _ in range(args.pairs):
        for name in games:
            for label, src in (("before", args.before.resolve() / "src"), ("after", ROOT / "src")):
                r = run_tree(src, args, name)
                rows.setdefault(name, {}).setdefault(label, []).append(r)
                print(f"{label:<6} {json.dumps(r)}", file=sys.stderr, flush=True)
    for name, by in rows.items():
        b = [r["median_ms"] for r in by["before"]]
        a = [r["median_ms"] for r in by["after"]]
        bc = [r["cpu_ms_per_reply"] for r in by["before"]]
        ac = [r["cpu_ms_per_reply"] for r in by["after"]]
        print(
            f"{name:<12} median reply ms {', '.join(f'{x:.1f}' for x in b)} -> "
            f"{', '.join(f'{x:.1f}' for x in a)}; CPU ms a reply "
            f"{', '.join(f'{x:.1f}' for x in bc)} -> {', '.join(f'{x:.1f}' for x in ac)}"
        )
    print(conditions.summary(conditions.finish(ran)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
