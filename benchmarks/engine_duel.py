"""What the compiled engine buys at the table: one bot, compiled against interpreted.

    .venv/bin/python benchmarks/engine_duel.py --game viscounts --out benchmarks/results/duel-viscounts.jsonl
    .venv/bin/python benchmarks/engine_duel.py --report --out benchmarks/results/duel-viscounts.jsonl

Whether the engine runs compiled is a per-process choice (``MEEPLE_INTERPRETED=1``,
:mod:`meeple._compiled`), so the two sides cannot share a process. Each side's bot
runs in a child process of its own (:class:`ChildBot`: the compiled child without
the switch, the interpreted one with it) and the parent referees: it holds the
real state, applies chance and the bots' actions (checked), and asks the acting
seat's child for a decision. A child never sees the hidden state: it is sent
``state.determinize(seat, rng)``, a full state consistent with what that seat
knows, the other seats' secrets resampled (an information-set search
determinizes again from it every iteration, so it searches the same
information set as it would in-process). The protocol is JSON lines over the
child's stdin and stdout (:func:`serve`).

Both sides play the same spec (default ``ismcts:time=0.05``: a fixed wall-clock
thinking time a decision, so the compiled side searches more in it), seats
alternating game after game, each game its own fixed seed. After every game the
compiled side's score (a win 1, a shared first place 0.5) and its Wilson 95%
interval; the run stops as soon as the interval's lower bound is above the
target (``clears``, default 0.60) or its upper bound below it (``misses``), or
at the game cap (``cap``, default 200), or after ``--minutes`` (the run is then
unfinished, and running the command again resumes it). Every game is appended to
``--out`` as it ends (one JSON line; the first line holds the run's settings),
so an interrupted run resumes where it stopped and ``--report`` prints the
figures of what was played. The children's decisions alternate (one thinks
while the other waits), so both sides meet the same load on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any, Protocol

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "src"))

import conditions  # noqa: E402

from meeple.stats import wilson_interval, win_shares  # noqa: E402

FORMAT = "meeple-engine-duel/1"
SIDES = ("compiled", "interpreted")


# -- the child: one bot, served over JSON lines --------------------------------------


def serve(stdin: IO[str], stdout: IO[str]) -> int:
    """Answer the parent's requests, one JSON object a line each way, until ``quit`` or EOF.

    Requests: ``{"op": "engine"}`` -> ``{"engine": "engine: compiled (...)"}``;
    ``{"op": "bot", "game", "players", "options", "seat", "seed", "spec"}`` makes the
    seat's bot -> ``{"ok": true}``; ``{"op": "choose", "state": <a determinized
    state's JSON>}`` -> ``{"action": <action code>, "iterations": n, "think": s}``;
    ``{"op": "quit"}``. A failure answers ``{"error": "..."}``.
    """
    from meeple._compiled import describe
    from meeple.bots.base import Bot
    from meeple.bots.registry import make_bot
    from meeple.core.game import Game
    from meeple.core.registry import make_game

    game: Game | None = None
    bot: Bot | None = None
    for line in stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        reply: dict[str, Any]
        try:
            if op == "quit":
                return 0
            if op == "engine":
                reply = {"engine": describe(), "pid": os.getpid()}
            elif op == "bot":
                game = make_game(request["game"], players=request["players"], **request["options"])
                bot = make_bot(request["spec"], game, request["seat"], request["seed"])
                reply = {"ok": True}
            elif op == "choose":
                if game is None or bot is None:
                    raise RuntimeError("choose before bot")
                state = game.state_from_json(request["state"])
                t0 = time.perf_counter()
                action = bot.choose(state)
                think = time.perf_counter() - t0
                reply = {
                    "action": game.action_code(action),
                    "iterations": getattr(bot, "last_iterations", 0),
                    "think": think,
                }
            else:
                raise ValueError(f"unknown op {op!r}")
        except Exception as exc:  # the parent reports it and stops
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


# -- the parent's handle on a child --------------------------------------------------


class Asks(Protocol):
    """What :func:`play_one` needs of a side: one request in, one reply out."""

    def ask(self, request: dict[str, Any]) -> dict[str, Any]: ...


class ChildBot:
    """A child process serving one bot at a time, compiled or interpreted."""

    def __init__(self, interpreted: bool) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        env.pop("MEEPLE_INTERPRETED", None)
        if interpreted:
            env["MEEPLE_INTERPRETED"] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
            bufsize=1,
        )
        self.engine: str = self.ask({"op": "engine"})["engine"]

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the bot process {self.proc.pid} ended (exit {self.proc.poll()})")
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"the bot process {self.proc.pid}: {reply['error']}")
        return reply

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin
                self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self) -> ChildBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- one game ---------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_one(children: Mapping[str, Asks], settings: dict[str, Any], index: int) -> dict[str, Any]:
    """Game ``index``: the compiled side at seat ``index % 2``; returns its JSON line."""
    from meeple.arena.play import bot_seed
    from meeple.core.registry import make_game
    from meeple.core.rng import Rng
    from meeple.core.turn import TurnKind

    game = make_game(settings["game"], players=2, **settings["options"])
    seed = game_seed(settings["seed"], index)
    compiled_seat = index % 2
    side_of = {compiled_seat: "compiled", 1 - compiled_seat: "interpreted"}
    for seat, side in side_of.items():
        children[side].ask(
            {
                "op": "bot",
                "game": settings["game"],
                "players": 2,
                "options": settings["options"],
                "seat": seat,
                "seed": bot_seed(seed, seat),
                "spec": settings["spec"],
            }
        )
    chance_rng = Rng(seed).spawn(0xC4A9CE)
    hide_rng = Rng(seed).spawn(0xD17E)  # the determinizations sent to the children
    state = game.new_initial_state(seed)
    decisions = dict.fromkeys(SIDES, 0)
    searched = dict.fromkeys(SIDES, 0)  # decisions with a choice (one legal action: no search)
    iterations = dict.fromkeys(SIDES, 0)
    think = dict.fromkeys(SIDES, 0.0)
    limit = game.max_game_length()
    actions = 0
    start = time.perf_counter()
    while True:
        turn = state.turn()
        if turn.kind is TurnKind.TERMINAL:
            break
        if actions > limit:
            raise RuntimeError(f"{game.name}: game exceeded max_game_length {limit}")
        if turn.kind is TurnKind.CHANCE:
            outcomes = state.chance_outcomes()
            pick = chance_rng.weighted_index([p for _, p in outcomes])
            state.apply(outcomes[pick][0])
            actions += 1
            continue
        moves = []
        for seat in turn.seats:  # every acting seat decides on the same state
            side = side_of[seat]
            seen = state.determinize(seat, hide_rng).to_json()
            reply = children[side].ask({"op": "choose", "state": seen})
            moves.append((seat, game.action_from_code(reply["action"])))
            decisions[side] += 1
            searched[side] += reply["iterations"] > 0
            iterations[side] += int(reply["iterations"])
            think[side] += float(reply["think"])
        for seat, action in moves:
            if seat not in state.turn().seats:
                continue  # an earlier seat's action ended this seat's decision
            state.apply(action, seat)  # checked: a bot's illegal action raises
            actions += 1
    shares = win_shares(state.ranks())
    return {
        "index": index,
        "seed": seed,
        "compiled_seat": compiled_seat,
        "scores": [float(s) for s in state.scores()],
        "ranks": state.ranks(),
        "points": shares[compiled_seat],
        "actions": actions,
        "decisions": decisions,
        "searched": searched,
        "iterations": iterations,
        "think": {k: round(v, 3) for k, v in think.items()},
        "seconds": round(time.perf_counter() - start, 3),
        "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load": conditions.load_average(),
    }


# -- the sequential test ------------------------------------------------------------------


def standing(games: list[dict[str, Any]], target: float, cap: int) -> dict[str, Any]:
    """The compiled side's score, its Wilson 95% interval and the verdict so far."""
    n = len(games)
    points = sum(float(g["points"]) for g in games)
    lo, hi = wilson_interval(points, n)
    if n and lo > target:
        verdict = "clears"
    elif n and hi < target:
        verdict = "misses"
    elif n >= cap:
        verdict = "cap"
    else:
        verdict = "open"
    return {"games": n, "points": points, "score": points / n if n else 0.0, "low": lo,
            "high": hi, "verdict": verdict}  # fmt: skip


def read(out: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    if not out.exists():
        return None, []
    lines = [json.loads(x) for x in out.read_text().splitlines() if x.strip()]
    if not lines:
        return None, []
    return lines[0], lines[1:]


def report(out: Path) -> str:
    """The run's table row and its settings, from the results file."""
    header, games = read(out)
    if header is None:
        return f"{out}: no run yet"
    s = standing(games, header["target"], header["cap"])
    it = {side: sum(g["iterations"][side] for g in games) for side in SIDES}
    dec = {side: sum(g["searched"][side] for g in games) for side in SIDES}
    per = {side: it[side] / dec[side] if dec[side] else 0.0 for side in SIDES}
    ratio = per["compiled"] / per["interpreted"] if per["interpreted"] else 0.0
    loads = [g["load"][0] for g in games if g.get("load")]
    load = f"{header['load_before'][0]}; during {min(loads)}-{max(loads)}" if loads else "?"
    last = games[-1]["finished"] if games else "-"
    verdict = {"open": "open (unfinished)", "cap": f"cap ({header['cap']} games)"}.get(
        s["verdict"], f"{s['verdict']} {header['target']:.2f}"
    )
    lines = [
        f"{out}: {header['game']} {header['options'] or ''}, `{header['spec']}` both sides, "
        f"seed {header['seed']}, target {header['target']}, cap {header['cap']}"
        + (f"; control run, both sides {header['control']}" if header.get("control") else ""),
        f"engines: compiled side '{header['engines']['compiled']}', "
        f"interpreted side '{header['engines']['interpreted']}'",
        "",
        "| game | date (UTC) | commit | load (start; after each game) | thinking time | games "
        "| compiled's score | Wilson 95% | verdict | iterations a searched decision, "
        "compiled / interpreted |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {header['game']} | {header['date']} to {last} | `{header['commit']}` | {load} "
        f"| {header['spec']} | {s['games']} | {s['points']:g} ({s['score']:.3f}) "
        f"| {s['low']:.3f}-{s['high']:.3f} | {verdict} | {per['compiled']:.1f} / "
        f"{per['interpreted']:.1f} ({ratio:.2f}x) |",
    ]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    out: Path = args.out
    options = dict(kv.split("=", 1) for kv in args.option)
    wanted = {"game": args.game, "options": options, "spec": args.spec, "seed": args.seed,
              "target": args.target, "cap": args.cap, "control": args.control}  # fmt: skip
    header, games = read(out)
    if header is not None:
        differs = {k: (header.get(k), v) for k, v in wanted.items() if header.get(k) != v}
        if differs:
            print(f"{out} holds another run: {differs}", file=sys.stderr)
            return 2
    deadline = time.monotonic() + args.minutes * 60 if args.minutes is not None else None
    stop_at = len(games) + args.games if args.games is not None else None
    s = standing(games, args.target, args.cap)
    if s["verdict"] != "open":
        print(report(out))
        return 0
    children = {
        side: ChildBot(interpreted=(args.control or side) == "interpreted") for side in SIDES
    }
    try:
        engines = {side: children[side].engine for side in SIDES}
        for side in SIDES:
            print(f"{side} side: {engines[side]} (pid {children[side].proc.pid})")
        if (
            args.check_engines
            and args.control is None
            and (
                not engines["compiled"].startswith("engine: compiled")
                or not engines["interpreted"].startswith("engine: interpreted")
            )
        ):
            print("the engines are not compiled and interpreted: build first "
                  "(scripts/bootstrap)", file=sys.stderr)  # fmt: skip
            return 2
        if header is None:
            header = {"format": FORMAT, **wanted, **conditions.start(), "engines": engines}
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(header) + "\n")
        while s["verdict"] == "open":
            if deadline is not None and time.monotonic() > deadline:
                print(f"stopped after {args.minutes} minutes (run again to resume)")
                break
            if stop_at is not None and len(games) >= stop_at:
                print(f"stopped after {args.games} games (run again to resume)")
                break
            line = play_one(children, header, len(games))
            with out.open("a") as f:
                f.write(json.dumps(line) + "\n")
            games.append(line)
            s = standing(games, args.target, args.cap)
            print(f"game {line['index']}: compiled at seat {line['compiled_seat']} scored "
                  f"{line['points']:g} in {line['seconds']:.1f} s; {s['points']:g}/{s['games']}"
                  f" = {s['score']:.3f}, Wilson 95% {s['low']:.3f}-{s['high']:.3f}: "
                  f"{s['verdict']}", flush=True)  # fmt: skip
    finally:
        for child in children.values():
            child.close()
    print(report(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--game", default="viscounts")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--spec", default="ismcts:time=0.05", help="both sides' bot spec")
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--target", type=float, default=0.60)
    parser.add_argument("--cap", type=int, default=200, help="games at most")
    parser.add_argument("--minutes", type=float, default=None, help="start no game after this")
    parser.add_argument("--games", type=int, default=None, help="play at most this many now")
    parser.add_argument("--out", type=Path, default=None, help="results file (JSON lines)")
    parser.add_argument(
        "--control", choices=SIDES, default=None,
        help="a control run: both sides on this engine (the score should be near 0.5)",
    )  # fmt: skip
    parser.add_argument("--report", action="store_true", help="print the figures of --out")
    parser.add_argument(
        "--any-engine", dest="check_engines", action="store_false",
        help="run even when the sides' engines are not compiled and interpreted (tests)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.serve:
        return serve(sys.stdin, sys.stdout)
    if args.out is None:
        args.out = HERE / "results" / f"engine-duel-{args.game}.jsonl"
    if args.report:
        print(report(args.out))
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
