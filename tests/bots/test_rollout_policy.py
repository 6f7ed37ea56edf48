"""A heuristic bot's ``rollout_policy``: what a search's heuristic rollouts play.

A bot that re-deals the secrets before it looks ahead (fair at a table) may name
a variant that looks ahead in the state it is given, since a rollout's state is
already the search's own determinization. Viscounts and Unconscious Mind declare
one (issues 20 and 21); a game that declares none rolls out with its heuristic bot.
"""

from __future__ import annotations

import pytest

import meeple
from meeple.bots import make_bot
from meeple.bots.evaluators import HeuristicRolloutEvaluator
from meeple.bots.mcts import ISMCTSBot
from meeple.core import Rng, State

#: The games whose heuristic bots name a rollout variant.
DECLARING = ("viscounts", "unconscious")


def _choice_point(name: str, decisions: int = 12) -> State:
    """A 2-player game some heuristic decisions in, at a seat with a real choice."""
    game = meeple.make_game(name, players=2)
    state = game.new_initial_state(3)
    table = [make_bot("heuristic", game, s, seed=s) for s in range(2)]
    for _ in range(decisions):
        seat = state.current_seat()
        assert seat is not None
        state.apply(table[seat].choose(state), seat)
    while len(state.legal_actions(seat := state.current_seat() or 0)) < 2:
        state.apply(state.legal_actions(seat)[0], seat)
    return state


@pytest.mark.parametrize("name", DECLARING)
def test_the_search_rolls_out_with_the_declared_variant_and_never_re_deals_there(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _choice_point(name)
    game = state.game
    heuristic = game.plugins.heuristic_bot
    assert heuristic is not None
    variant = heuristic.rollout_policy
    assert variant is not heuristic and issubclass(variant, heuristic)
    seat = state.current_seat()
    assert seat is not None
    world = state.determinize(seat, Rng(5))
    calls: list[int] = []
    cls = type(state)
    real = cls.determinize

    def counted(self: State, s: int, rng: Rng) -> State:
        calls.append(s)
        return real(self, s, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(cls, "determinize", counted)
    search = make_bot("ismcts:iters=1", game, seat, seed=2)
    assert isinstance(search, ISMCTSBot)
    assert isinstance(search.evaluator, HeuristicRolloutEvaluator)
    assert search.evaluator.policy is variant
    assert variant(game, seat, 7).choose(world) in world.legal_actions(seat)
    assert len(search.evaluator.evaluate(world.clone())) == 2 and calls == []
    # at a table the heuristic bot re-deals what its seat cannot see, once a choice
    assert heuristic(game, seat, 7).choose(state) in state.legal_actions(seat)
    assert calls == [seat]


def test_a_heuristic_bot_without_a_variant_rolls_out_itself() -> None:
    game = meeple.make_game("province")
    search = make_bot("mcts:iters=1,rollout=heuristic", game, 0, seed=1)
    assert isinstance(search.evaluator, HeuristicRolloutEvaluator)  # type: ignore[attr-defined]
    assert search.evaluator.policy is game.plugins.heuristic_bot  # type: ignore[attr-defined]
