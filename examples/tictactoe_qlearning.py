"""Tabular Q-learning on tic-tac-toe through meeple's PettingZoo adapter (numpy only, CPU).

The learner plays both seats (X in even episodes, O in odd ones) against
meeple bots driven through the same AEC environment (``random`` for two
episodes, then ``greedy`` for two, and so on), then is evaluated,
greedy and frozen, against meeple's ``random`` and ``greedy`` bots.

    python examples/tictactoe_qlearning.py                 # about a minute
    python examples/tictactoe_qlearning.py --episodes 2000 --eval-games 200

See docs/rl.md for the walk-through and the figures.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from meeple.adapters.pettingzoo import MeepleAECEnv, env
from meeple.bots import make_bot
from meeple.bots.base import Bot

#: Q-values keyed by (the learner's observation bytes, action code).
QTable = defaultdict[tuple[bytes, int], float]


def masked_argmax(q: QTable, key: bytes, legal: np.ndarray, rng: np.random.Generator) -> int:
    """The legal action with the highest Q-value (ties broken at random)."""
    values = np.array([q[(key, int(a))] for a in legal])
    best = legal[values == values.max()]
    return int(rng.choice(best))


def opponent_action(e: MeepleAECEnv, bot: Bot) -> int:
    """Ask a meeple bot for its move in the environment's current state, as an action code."""
    return e.game.action_code(bot.choose(e.state))


def train(
    episodes: int,
    opponents: Sequence[str] = ("random", "greedy"),
    alpha: float = 0.3,
    gamma: float = 0.95,
    epsilon: float = 0.2,
    seed: int = 0,
) -> QTable:
    """Q-learning from the learner's own observations (the opponent's reply is part of the step)."""
    rng = np.random.default_rng(seed)
    q: QTable = defaultdict(float)
    e = env("tictactoe")
    for episode in range(episodes):
        learner = f"player_{episode % 2}"
        opponent_seat = 1 - episode % 2
        bot = make_bot(
            opponents[(episode // 2) % len(opponents)], e.game, opponent_seat, seed + episode
        )
        e.reset(seed=seed * 1_000_003 + episode)
        previous: tuple[bytes, int] | None = None
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if agent != learner:
                e.step(None if terminated or truncated else opponent_action(e, bot))
                continue
            key = obs["observation"].tobytes()
            legal = np.flatnonzero(obs["action_mask"])
            if previous is not None:
                target = reward
                if not (terminated or truncated):
                    target += gamma * max(q[(key, int(a))] for a in legal)
                q[previous] += alpha * (target - q[previous])
            if terminated or truncated:
                e.step(None)
                continue
            eps = epsilon * (1.0 - episode / episodes)
            action = (
                int(rng.choice(legal)) if rng.random() < eps else masked_argmax(q, key, legal, rng)
            )
            previous = (key, action)
            e.step(action)
    return q


def evaluate(q: QTable | None, opponent: str, games: int, seed: int = 1) -> dict[str, float]:
    """Win/draw/loss rates of the frozen greedy policy (``q=None``: a random player) vs a bot."""
    rng = np.random.default_rng(seed)
    e = env("tictactoe")
    outcomes = {"win": 0, "draw": 0, "loss": 0}
    for game_index in range(games):
        learner = f"player_{game_index % 2}"
        bot = make_bot(opponent, e.game, 1 - game_index % 2, seed + game_index)
        e.reset(seed=seed * 7919 + game_index)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                if agent == learner:
                    outcomes["win" if reward > 0 else "loss" if reward < 0 else "draw"] += 1
                e.step(None)
            elif agent != learner:
                e.step(opponent_action(e, bot))
            else:
                legal = np.flatnonzero(obs["action_mask"])
                if q is None:
                    e.step(int(rng.choice(legal)))
                else:
                    e.step(masked_argmax(q, obs["observation"].tobytes(), legal, rng))
    return {k: v / games for k, v in outcomes.items()}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=30_000)
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    q = train(args.episodes, seed=args.seed)
    took = time.perf_counter() - start
    states = len({key for key, _ in q})
    print(f"trained {args.episodes} episodes in {took:.1f} s; Q-table: {states} states")
    print()
    print("| player | opponent | win | draw | loss |")
    print("|---|---|---|---|---|")
    for name, table in (("untrained (random moves)", None), ("Q-learning", q)):
        for opponent in ("random", "greedy"):
            r = evaluate(table, opponent, args.eval_games, seed=args.seed + 1)
            print(f"| {name} | {opponent} | {r['win']:.1%} | {r['draw']:.1%} | {r['loss']:.1%} |")


if __name__ == "__main__":
    main()
