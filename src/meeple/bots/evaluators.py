"""How a search values the leaf it reached: the part of MCTS that is passed in.

:class:`~meeple.bots.mcts.MCTSBot` walks its tree, adds one node, and asks an
:class:`Evaluator` for the value of the position there: one reward per seat,
in [-1, 1] like :meth:`State.returns`. That is the whole interface, as in
OpenSpiel's ``mcts.Evaluator`` (whose ``prior`` we leave out: our UCT has no
priors), so a new kind of judgement (a solver, a learned value, several
rollouts) is a class, not an edit of the search loop.

Three come with meeple, and the ``mcts`` spec chooses among them:

``CutoffEvaluator``
    Judges the position where it stands: ``tanh(evaluate / scale)`` per seat
    with the game's evaluation function, else a ranking on it, else on the
    scores. The search also uses it directly at its own ``horizon``.
``RandomRolloutEvaluator`` (``rollout=random``)
    Plays on by uniformly random legal actions to the end, or to a cut-off
    (``depth`` actions, or ``turns`` changes of the acting seats), where the
    cut-off evaluator judges.
``HeuristicRolloutEvaluator`` (``rollout=heuristic``)
    The same, with the game's ``HeuristicBot`` choosing for every seat.

The built-in evaluators draw from the bot's own ``random.Random``, so a bot
with a given seed and an iteration budget plays the same moves on every run.

>>> import random
>>> import meeple
>>> game = meeple.make_game("tictactoe")
>>> state = game.new_initial_state()
>>> for cell in (0, 3, 1, 4, 2):  # X completes the top row
...     state.apply(game.parse_action(f"place {cell}"))
>>> RandomRolloutEvaluator(game, random.Random(1)).evaluate(state)
[1.0, -1.0]
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.game import Game, State, ranks_from_keys, returns_from_ranks
from meeple.core.turn import TurnKind

_CHANCE = TurnKind.CHANCE
_TERMINAL = TurnKind.TERMINAL

#: A game's evaluation function: how good ``state`` is for ``seat`` (any scale).
EvaluateFn = Callable[[State, int], float]


class Evaluator(ABC):
    """Values a search leaf for every seat."""

    @abstractmethod
    def evaluate(
        self, state: State, changes: int = 0, last: tuple[int, ...] | None = None
    ) -> list[float]:
        """One reward per seat, in [-1, 1], for the new leaf ``state``.

        ``state`` is the search's own copy: an evaluator may play on it. It
        is usually not terminal, but may be (a new edge of an information-set
        or open-loop tree can end the game): give ``state.returns()`` then.
        ``changes`` and ``last`` say how far the leaf is from the root: how
        many times the acting seats changed on the way down, and the seats
        that acted last (``None`` before the first decision). Only an
        evaluator that counts turns from the root (``horizon``) reads them.
        """


def sample_chance(state: State, rnd: Callable[[], float]) -> Action:
    """A chance outcome drawn by its probability, with ``rnd()`` uniform in [0, 1)."""
    outcomes = state.chance_outcomes()
    x = rnd()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


class CutoffEvaluator(Evaluator):
    """Judges a position without playing on: the value where a search stops early.

    With an evaluation function and a ``scale``: ``tanh(evaluate / scale)``
    per seat, which keeps how far ahead a seat is. With an evaluation and no
    scale: the seats ranked on it. With neither: ranked on their scores.
    """

    def __init__(
        self, game: Game, evaluate: EvaluateFn | None = None, scale: float | None = None
    ) -> None:
        self.players = game.players
        self.evaluate_fn = evaluate
        self.scale = scale

    def evaluate(
        self, state: State, changes: int = 0, last: tuple[int, ...] | None = None
    ) -> list[float]:
        players = self.players
        fn = self.evaluate_fn
        if fn is not None and self.scale:
            scale = self.scale
            return [math.tanh(fn(state, s) / scale) for s in range(players)]
        if fn is not None:
            keys = [(fn(state, s),) for s in range(players)]
        else:
            keys = [(s,) for s in state.scores()]
        return returns_from_ranks(ranks_from_keys(keys))


class RolloutEvaluator(Evaluator):
    """Plays on to the end of the game, or to a cut-off judged by ``cutoff``.

    ``depth``: stop after that many actions. ``turns``: stop when the acting
    seats have changed that many times since the leaf, or, with
    ``from_root``, since the search's root (so every leaf is judged at the
    same point of the game). Subclasses say who chooses the actions.
    """

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        cutoff: Evaluator | None = None,
        depth: int | None = None,
        turns: int | None = None,
        from_root: bool = False,
    ) -> None:
        self.game = game
        self.random = rng
        self.cutoff = cutoff if cutoff is not None else CutoffEvaluator(game)
        self.depth = depth
        self.turns = turns
        self.from_root = from_root

    def policies(self) -> list[Bot] | None:
        """The bots that choose for each seat in one rollout; ``None``: uniformly random."""
        return None

    def evaluate(
        self, state: State, changes: int = 0, last: tuple[int, ...] | None = None
    ) -> list[float]:
        rnd = self.random.random
        policies = self.policies()
        depth = self.depth
        turns = self.turns
        if not self.from_root:
            changes, last = 0, None
        cutoff = self.cutoff.evaluate
        steps = 0
        while True:
            t = state.turn()
            kind = t.kind
            if kind is _TERMINAL:
                return state.returns()
            if depth is not None and steps >= depth:
                return cutoff(state, changes, last)
            if kind is _CHANCE:
                state.apply_unchecked(sample_chance(state, rnd), None)
            else:
                seats = t.seats
                if turns is not None and seats != last:
                    if last is not None:
                        changes += 1
                        if changes >= turns:
                            return cutoff(state, changes, last)
                    last = seats
                seat = seats[0] if len(seats) == 1 else seats[int(rnd() * len(seats))]
                if policies is not None:
                    action = policies[seat].choose(state)
                else:
                    legal = state.legal_actions_unchecked(seat)
                    action = legal[int(rnd() * len(legal))]
                state.apply_unchecked(action, seat)
            steps += 1


class RandomRolloutEvaluator(RolloutEvaluator):
    """Rollouts by uniformly random legal actions (``rollout=random``)."""


class HeuristicRolloutEvaluator(RolloutEvaluator):
    """Rollouts by the game's heuristic bot, one fresh bot per seat per rollout
    (``rollout=heuristic``; a bot may keep a plan between its calls).

    A heuristic bot class may name a variant for this use as its
    ``rollout_policy`` attribute. A rollout plays on the search's own copy,
    which is already a determinization (information-set search) or the
    searching seat's own state, so a bot that re-deals the secrets before it
    looks ahead (to play fair at a real table) may skip that here: the
    re-deal is the dearest part of such a bot's move and buys nothing in a
    world that was sampled for this very iteration.
    """

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        policy: type[Bot],
        cutoff: Evaluator | None = None,
        depth: int | None = None,
        turns: int | None = None,
        from_root: bool = False,
    ) -> None:
        super().__init__(game, rng, cutoff, depth, turns, from_root)
        self.policy: type[Bot] = getattr(policy, "rollout_policy", None) or policy

    def policies(self) -> list[Bot]:
        cls = self.policy
        seed = self.random.randrange(1 << 62)
        return [cls(self.game, s, seed + s) for s in range(self.game.players)]
