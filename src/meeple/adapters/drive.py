"""Arena games played through a research adapter's own driver (``meeple balance --driver``).

The arena's loop lets every acting seat decide on the same state; an
adapter's AEC or Gymnasium loop asks seats one decision at a time. Whether
that order favours a seat number is a property of the adapter, so it is
measured by playing whole matches through it, meeple bots at every seat,
with the arena's statistics on top.
"""

from __future__ import annotations

import time
from typing import Any

from meeple.bots.base import Bot
from meeple.core.game import Game, State


def play_through_adapter(task: dict[str, Any], game: Game, bots: list[Bot]) -> dict[str, Any]:
    """Play the task's match through ``task["driver"]`` and summarize it like the arena does."""
    driver = task["driver"]
    seed = int(task["seed"])
    start = time.perf_counter()
    if driver == "pettingzoo":
        state, decisions, order = _play_aec(game, bots, seed)
    elif driver == "gymnasium":
        state, decisions, order = _play_gymnasium(game, bots, list(task["lineup"]), seed)
    else:
        raise ValueError(f"unknown driver {driver!r}")
    return {
        "index": task["index"],
        "lineup": list(task["lineup"]),
        "seed": seed,
        "scores": [float(s) for s in state.scores()],
        "ranks": state.ranks(),
        "returns": state.returns(),
        "winners": state.winners(),
        "actions": decisions,
        "decisions": decisions,
        "order": order,
        "seconds": round(time.perf_counter() - start, 4),
        "think": [0.0] * game.players,
    }


def _play_aec(game: Game, bots: list[Bot], seed: int) -> tuple[State, int, list[int]]:
    """Every seat's bot answers the AEC environment's ``agent_selection`` in turn."""
    from meeple.adapters.pettingzoo import MeepleAECEnv

    env = MeepleAECEnv(game, illegal_action="raise")
    env.reset(seed=seed)
    decisions, order = 0, []
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.rsplit("_", 1)[1])
        if seat not in order:
            order.append(seat)
        env.step(game.action_code(bots[seat].choose(env.state)))
        decisions += 1
    return env.state, decisions, order


def _play_gymnasium(
    game: Game, bots: list[Bot], lineup: list[str], seed: int
) -> tuple[State, int, list[int]]:
    """Seat 0's bot is the Gymnasium learner; the environment's own bots play the rest."""
    from meeple.adapters.gymnasium import MeepleGymEnv

    env = MeepleGymEnv(game, seat=0, opponents=lineup[1:], illegal_action="raise")
    env.reset(seed=seed)
    decisions, terminated = 0, False
    while not terminated:
        _, _, terminated, _, _ = env.step(game.action_code(bots[0].choose(env.state)))
        decisions += 1
    return env.state, decisions, [0]
