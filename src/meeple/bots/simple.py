"""Game-agnostic baseline bots: uniform random and one-ply greedy."""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"bot 'random' takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions(self.seat)
        return legal[self.rng.randbelow(len(legal))]


def default_evaluate(state: State, seat: int) -> float:
    """Score margin over the best other seat, plus a large bonus for a finished win."""
    scores = state.scores()
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat] or [0.0]
    value = float(mine - max(others))
    if state.is_terminal():
        value += 1000.0 * state.returns()[seat]
    return value


class GreedyBot(Bot):
    """One-ply greedy: tries each legal action on a clone and keeps the best evaluation.

    Uses the ``evaluate(state, seat)`` the game declares (``Game.plugins``)
    when it has one, else the score margin. Ties are broken at random. For
    games with secrets it evaluates on a determinization of its own view.
    """

    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"bot 'greedy' takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)
        self.evaluate = game.plugins.evaluate or default_evaluate

    def choose(self, state: State) -> Action:
        legal = state.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        base = state if self.game.perfect_information else state.determinize(self.seat, self.rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            child = base.clone()
            child.apply_unchecked(action, self.seat)
            value = self.evaluate(child, self.seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.randbelow(len(best))]
