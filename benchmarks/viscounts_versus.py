"""Viscounts: one bot against another, paired and stopped by a sequential test.

    nice -n 10 .venv/bin/python benchmarks/viscounts_versus.py --bots heuristic,heuristic-base
    nice -n 10 .venv/bin/python benchmarks/viscounts_versus.py --bots ismcts:iters=60,heuristic \\
        --goal 0.6 --batch 10 -n 60

Two players, ``-o gates_of_gold=true`` unless ``--base`` or ``--sets`` (``gates``,
``keeper``, ``both``, ``none``). Games come in pairs: seed k is
played twice, the first bot in seat 0 and then in seat 1 (equal deals, alternating seats),
so the deal's luck cancels. After every ``--batch`` games the first bot's share of wins
(a shared first place counts a half) gets its Wilson 95% interval; the run stops as soon
as that interval lies wholly above ``--goal`` ("clear") or wholly below it ("miss"), and
at ``-n`` games at the latest ("open"). ``--floor 0.5 --goal 0.55``: clear above 50%,
miss below 55% (a new bot at least as strong, or one not 55% strong).

``heuristic-base`` is the heuristic bot as it was before it knew Gates of Gold (issue 36,
item 6): no look through its own decisions but a payment plan. ``heuristic-8a32116`` is
the heuristic bot before it knew Keeper of Keys (commit 8a32116's bots.py): no worth for
chest tiles in slots, heroes or public buildings' ongoing abilities, no look through
which hero or which chest tile into which slot.
docs/games/viscounts.md, "Gates of Gold", has the results.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from meeple.arena.stats import proportion
from meeple.bots.base import Bot
from meeple.bots.registry import make_bot
from meeple.core import decisions as dec
from meeple.core.game import Game
from meeple.games.viscounts import Viscounts
from meeple.games.viscounts import bots as vbots
from meeple.games.viscounts.bots import HeuristicBot, evaluate
from meeple.games.viscounts.rules import ViscountsState


class BaseHeuristic(HeuristicBot):
    """The heuristic bot before issue 36's item 6 (commit e5c2692's bots.py): the same
    evaluation, looking through a payment plan only."""

    name = "heuristic-base"

    def _value(self, child: ViscountsState, depth: int = 0) -> float:
        d = dec.top(child.decisions)
        if d is None or d.kind != "fund" or d.seat != self.seat:
            return evaluate(child, self.seat)
        best = float("-inf")
        for plan in child.legal_actions(self.seat):
            paid = child.clone()
            paid.apply_unchecked(plan, self.seat)
            best = max(best, evaluate(paid, self.seat))
        return best


def _worth_8a32116(s: ViscountsState, seat: int) -> float:
    keys = vbots._keeper_worth(s, seat) if s.public_owner and seat != s.ai else 0.0
    return vbots._worth(s, seat) - keys


def evaluate_8a32116(s: ViscountsState, seat: int) -> float:
    """bots.evaluate as of commit 8a32116: nothing for Keeper of Keys beyond the score."""
    rivals = (_worth_8a32116(s, t) for t in range(s.sides) if t != seat)
    return _worth_8a32116(s, seat) - max(rivals, default=0.0)


class Heuristic8a32116(HeuristicBot):
    """The heuristic bot of commit 8a32116 (Gates of Gold's look-through, no Keeper of
    Keys): its evaluation, and its kinds looked through."""

    name = "heuristic-8a32116"
    look_through = frozenset({"fund", "pay_resource", "welcome", "refuse", "ribbon"})

    def _evaluate(self, state: ViscountsState) -> float:
        return evaluate_8a32116(state, self.seat)


SETS = {
    "none": {},
    "gates": {"gates_of_gold": True},
    "keeper": {"keeper_of_keys": True},
    "both": {"gates_of_gold": True, "keeper_of_keys": True},
}


def bot(spec: str, game: Game, seat: int, seed: int) -> Bot:
    if spec == "heuristic-base":
        return BaseHeuristic(game, seat, seed)
    if spec == "heuristic-8a32116":
        return Heuristic8a32116(game, seat, seed)
    return make_bot(spec, game, seat, seed=seed)


def play(specs: list[str], seed: int, first_seat: int, options: dict[str, Any]) -> dict[str, Any]:
    """One game from ``seed`` with the first bot in ``first_seat``: its share of the win."""
    game = Viscounts(2, **options)
    seats = [specs[0], specs[1]] if first_seat == 0 else [specs[1], specs[0]]
    bots = [bot(spec, game, s, seed * 31 + s) for s, spec in enumerate(seats)]
    state = game.new_initial_state(seed)
    actions = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        state.apply(bots[seat].choose(state), seat)
        actions += 1
    winners = state.winners()
    share = 1 / len(winners) if first_seat in winners else 0.0
    scores = state.scores()
    return {
        "share": share,
        "mine": scores[first_seat],
        "theirs": scores[1 - first_seat],
        "actions": actions,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bots", required=True, help="two bot specs, the one tested first")
    p.add_argument("-n", "--games", type=int, default=200, help="at most this many games")
    p.add_argument("--batch", type=int, default=20, help="games between looks (even)")
    p.add_argument("--goal", type=float, default=0.55, help="the share to clear")
    p.add_argument(
        "--floor",
        type=float,
        help="clear when the interval lies above this instead (then --goal is only the miss)",
    )
    p.add_argument("--seed", type=int, default=0, help="the first pair's seed")
    p.add_argument("--base", action="store_true", help="without Gates of Gold")
    p.add_argument("--sets", choices=sorted(SETS), help="the content sets (default: gates)")
    args = p.parse_args()
    specs = args.bots.split(",")
    assert len(specs) == 2, "two bots"
    options: dict[str, Any] = SETS[args.sets or ("none" if args.base else "gates")]
    print(f"viscounts_versus: {args.bots}, sets {options or 'none'}, goal {args.goal}")
    rows: list[dict[str, Any]] = []
    verdict = "open"
    start = time.time()
    seed = args.seed
    while len(rows) < args.games:
        for _ in range(max(2, args.batch) // 2):
            rows.append(play(specs, seed, 0, options))
            rows.append(play(specs, seed, 1, options))
            seed += 1
        n = len(rows)
        w = proportion(sum(r["share"] for r in rows), n)
        floor = args.goal if args.floor is None else args.floor
        verdict = "clear" if w["low"] > floor else "miss" if w["high"] < args.goal else "open"
        print(
            f"{n} games: {specs[0]} wins {w['rate']:.3f} [{w['low']:.3f}, {w['high']:.3f}] "
            f"against {specs[1]}, mean score {sum(r['mine'] for r in rows) / n:.1f} to "
            f"{sum(r['theirs'] for r in rows) / n:.1f}, {sum(r['actions'] for r in rows) / n:.0f} "
            f"actions a game; {time.time() - start:.0f} s; {verdict} (goal {args.goal}, floor {floor})",
            flush=True,
        )
        if verdict != "open":
            break
    print(f"sequential stop: {verdict} after {len(rows)} games")


if __name__ == "__main__":
    main()
