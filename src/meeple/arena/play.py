"""Play one arena game from a plain task description (picklable, so it runs anywhere).

A task is a dict: ``index``, ``game``, ``players``, ``options``, ``lineup``
(one bot spec per seat) and ``seed``. :func:`play_game` returns a plain dict
too, so results cross process and Dask boundaries and go straight into JSONL.
Bots are untrusted: their actions go through the checked ``State.apply``.
"""

from __future__ import annotations

import time
from typing import Any

from meeple.bots.base import Bot
from meeple.bots.registry import make_bot
from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.registry import make_game
from meeple.core.rng import Rng
from meeple.core.turn import TurnKind


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own seed, derived from the game's."""
    return (game_seed * 7919 + 104729 * (seat + 1)) % (1 << 62)


def _wants_observe(bot: Bot) -> bool:
    return type(bot).observe is not Bot.observe


def play_game(task: dict[str, Any]) -> dict[str, Any]:
    """Play the task's game to the end and summarize the result."""
    game = make_game(task["game"], players=task["players"], **task.get("options", {}))
    seed = int(task["seed"])
    lineup: list[str] = list(task["lineup"])
    if len(lineup) != game.players:
        raise ValueError(f"lineup has {len(lineup)} bots for {game.players} seats")
    bots = [make_bot(spec, game, seat, bot_seed(seed, seat)) for seat, spec in enumerate(lineup)]
    if task.get("driver", "core") != "core":
        from meeple.adapters.drive import play_through_adapter

        return play_through_adapter(task, game, bots)
    observers = [b for b in bots if _wants_observe(b)]
    chance_rng = Rng(seed).spawn(0xC4A9CE)
    state = game.new_initial_state(seed)
    actions = decisions = 0
    limit = game.max_game_length()
    think = [0.0] * game.players
    think_cpu = [
        0.0
    ] * game.players  # this thread's CPU seconds: what a loaded machine leaves alone
    iterations = [0] * game.players  # search iterations, for bots that count them
    order: list[int] = []  # seats in the order they first acted (the start player first)
    start = time.perf_counter()
    while True:
        turn = state.turn()
        if turn.kind is TurnKind.TERMINAL:
            break
        if actions > limit:
            raise RuntimeError(f"{game.name}: game exceeded max_game_length {limit}")
        moves: list[tuple[int | None, Action]]
        if turn.kind is TurnKind.CHANCE:
            outcomes = state.chance_outcomes()
            moves = [(None, outcomes[chance_rng.weighted_index([p for _, p in outcomes])][0])]
        else:
            # Every acting seat decides on the same state, so that at a simultaneous
            # turn no seat's bot is handed a state that holds another's fresh choice.
            moves = []
            seat: int | None
            for seat in turn.seats:
                t0, c0 = time.perf_counter(), time.thread_time()
                moves.append((seat, bots[seat].choose(state)))
                think[seat] += time.perf_counter() - t0
                think_cpu[seat] += time.thread_time() - c0
                iterations[seat] += getattr(bots[seat], "last_iterations", 0)
        for seat, action in moves:
            if seat is not None and seat not in state.turn().seats:
                continue  # an earlier seat's action ended this seat's decision
            if seat is not None and not state.is_legal(action, seat):
                if turn.kind is TurnKind.SIMULTANEOUS:
                    action = bots[seat].choose(state)  # the earlier action changed its options
                else:
                    raise IllegalActionError(
                        f"bot {lineup[seat]!r} at seat {seat} chose illegal {action}"
                    )
            before = state.clone() if observers else state
            state.apply(action, seat)
            if seat is not None and seat not in order:
                order.append(seat)
            actions += 1
            decisions += seat is not None
            for bot in observers:
                bot.observe(seat, action, before)
    return {
        "index": task["index"],
        "lineup": lineup,
        "seed": seed,
        "scores": [float(s) for s in state.scores()],
        "ranks": state.ranks(),
        "returns": state.returns(),
        "winners": state.winners(),
        "actions": actions,
        "decisions": decisions,
        "order": order,
        "seconds": round(time.perf_counter() - start, 4),
        "think": [round(t, 4) for t in think],
        "think_cpu": [round(t, 4) for t in think_cpu],
        "iterations": iterations,
    }
