"""Viscounts under search (issue 20, item 10): declared search settings, the rollout policy,
ISMCTS playing complete games."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.bots.evaluators import HeuristicRolloutEvaluator
from meeple.bots.mcts import ISMCTSBot
from meeple.core import Rng
from meeple.games.viscounts import Viscounts, ViscountsState, bots


def _midgame(seed: int = 3, decisions: int = 30) -> ViscountsState:
    """A 2-player game some decisions in, played by heuristic bots."""
    game = Viscounts(players=2)
    state = game.new_initial_state(seed)
    table = [make_bot("heuristic", game, s, seed=s) for s in range(2)]
    for _ in range(decisions):
        seat = state.current_seat()
        assert seat is not None
        state.apply(table[seat].choose(state), seat)
    return state


def test_viscounts_declares_its_search_settings_and_the_rollouts_play_the_rollout_bot() -> None:
    game = Viscounts(players=2)
    search = make_bot("ismcts", game, 0, seed=1)
    assert isinstance(search, ISMCTSBot) and search.information_sets
    assert isinstance(search.evaluator, HeuristicRolloutEvaluator)
    assert search.evaluator.policy is bots.RolloutBot
    assert search.cutoff.evaluate_fn is bots.evaluate
    declared = search.parse_params(bots.MCTS_DEFAULTS)
    assert (search.c, search.turns, search.rollout_kind) == (
        declared["c"],
        declared["turns"],
        declared["rollout"],
    )


def test_the_rollout_bot_looks_ahead_in_the_world_it_is_given_and_the_table_bot_re_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _midgame()
    seat = state.current_seat()
    assert seat is not None
    world = state.determinize(seat, Rng(5))
    game = state.game
    calls: list[int] = []
    real = ViscountsState.determinize

    def counted(self: ViscountsState, s: int, rng: Rng) -> ViscountsState:
        calls.append(s)
        return real(self, s, rng)

    monkeypatch.setattr(ViscountsState, "determinize", counted)
    rollout = bots.RolloutBot(game, seat, 7)
    assert rollout.choose(world) in world.legal_actions(seat)
    # in a search's rollout: a turn of play and no re-deal at all
    search = make_bot("ismcts:iters=1", game, seat, seed=2)
    assert isinstance(search, ISMCTSBot)
    returns = search.evaluator.evaluate(world.clone())
    assert len(returns) == 2 and calls == []
    # at a table the heuristic bot re-deals what its seat cannot see
    assert bots.HeuristicBot(game, seat, 7).choose(state) in state.legal_actions(seat)
    assert calls == [seat]


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
