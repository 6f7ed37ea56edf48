"""Unconscious Mind under search (issue 21, item 14): declared search settings, the
evaluation's insight weights, ISMCTS playing complete games at every count (the rollout
bot: tests/bots/test_rollout_policy.py)."""

from __future__ import annotations

import random

import pytest

from meeple.bots import make_bot
from meeple.bots.evaluators import HeuristicRolloutEvaluator
from meeple.bots.mcts import ISMCTSBot
from meeple.games.unconscious import Unconscious
from meeple.games.unconscious import bots as um_bots
from meeple.games.unconscious import dial as dl


def test_unconscious_declares_its_search_settings_and_the_rollouts_play_the_rollout_bot() -> None:
    game = Unconscious(players=2)
    search = make_bot("ismcts", game, 0, seed=1)
    assert isinstance(search, ISMCTSBot) and search.information_sets
    assert isinstance(search.evaluator, HeuristicRolloutEvaluator)
    assert search.evaluator.policy is um_bots.RolloutBot  # tests/bots/test_rollout_policy.py
    assert search.cutoff.evaluate_fn is um_bots.evaluate
    # rewards are tanh(evaluate / 20): moves differ by hundredths, so exploration is small
    assert search.c == 0.3 and search.cutoff.scale == 20.0
    declared = search.parse_params(um_bots.MCTS_DEFAULTS)
    assert (search.c, search.turns, search.rollout_kind) == (
        declared["c"],
        declared["turns"],
        declared["rollout"],
    )


def test_the_insight_weights_count_every_space_by_its_level_and_no_reserve() -> None:
    rnd = random.Random(4)
    for _ in range(50):
        d = [rnd.randrange(4) for _ in range(dl.SIZE)]
        by_space = sum(
            um_bots._LEVEL[lv] * dl.count(d, c, lv) for c in range(dl.NC) for lv in (1, 2, 3)
        )
        weighted = sum(w * x for w, x in zip(um_bots._INSIGHT_WEIGHTS, d, strict=True))
        assert weighted == pytest.approx(by_space)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ismcts_plays_complete_games_at_every_count(players: int) -> None:
    game = Unconscious(players=players, rounds=1)
    seed = 50 + players
    searcher = players - 1  # not always seat 0
    specs = ["heuristic"] * players
    specs[searcher] = "ismcts:iters=1"
    table = [make_bot(spec, game, s, seed=seed * 7 + s) for s, spec in enumerate(specs)]
    state = game.new_initial_state(seed)
    searched = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        state.apply(table[seat].choose(state), seat)  # checked: an illegal choice raises
        searched += seat == searcher
    assert searched > 3 and len(state.returns()) == players
