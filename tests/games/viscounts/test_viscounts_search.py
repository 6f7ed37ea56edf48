"""Viscounts under search (issue 20, item 10): declared search settings,
ISMCTS playing complete games (the rollout bot: tests/bots/test_rollout_policy.py)."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.bots.evaluators import HeuristicRolloutEvaluator
from meeple.bots.mcts import ISMCTSBot
from meeple.games.viscounts import Viscounts, bots


def test_viscounts_declares_its_search_settings_and_the_rollouts_play_the_rollout_bot() -> None:
    game = Viscounts(players=2)
    search = make_bot("ismcts", game, 0, seed=1)
    assert isinstance(search, ISMCTSBot) and search.information_sets
    assert isinstance(search.evaluator, HeuristicRolloutEvaluator)
    assert search.evaluator.policy is bots.RolloutBot  # tests/bots/test_rollout_policy.py
    assert search.cutoff.evaluate_fn is bots.evaluate
    # rewards are tanh(evaluate / 20): moves differ by hundredths, so exploration is small
    assert search.c == 0.3 and search.cutoff.scale == 20.0
    declared = search.parse_params(bots.MCTS_DEFAULTS)
    assert (search.c, search.turns, search.rollout_kind) == (
        declared["c"],
        declared["turns"],
        declared["rollout"],
    )


@pytest.mark.parametrize("players", [2])
def test_ismcts_plays_complete_games_against_heuristic_bots(players: int) -> None:
    game = Viscounts(players=players)
    seed = 60 + players
    searcher = players - 1  # not always seat 0
    specs = ["heuristic"] * players
    specs[searcher] = "ismcts:iters=2"
    table = [make_bot(spec, game, s, seed=seed * 7 + s) for s, spec in enumerate(specs)]
    state = game.new_initial_state(seed)
    searched = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        state.apply(table[seat].choose(state), seat)  # checked: an illegal choice raises
        searched += seat == searcher
    assert searched > 30 and len(state.returns()) == players
