"""ICE under search (issue 19, item 13): declared search settings, ISMCTS at every count."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.bots.evaluators import HeuristicRolloutEvaluator
from meeple.bots.mcts import ISMCTSBot
from meeple.games.ice import Ice, IceState, bots


def test_ice_declares_its_search_settings_and_evaluation() -> None:
    game = Ice(players=2)
    assert game.plugins.evaluate is bots.evaluate
    search = make_bot("ismcts", game, 0, seed=1)
    assert isinstance(search, ISMCTSBot) and search.information_sets
    assert isinstance(search.evaluator, HeuristicRolloutEvaluator)
    assert search.cutoff.evaluate_fn is bots.evaluate
    for key, value in bots.MCTS_DEFAULTS.items():
        assert str(search.parse_params({key: value})[key]) == str(
            getattr(search, _ATTR.get(key, key))
        )
    # A spec's own settings win over the declared ones; its budget replaces the declared one.
    timed = make_bot("ismcts:time=0.5,clock=cpu,c=2", game, 0)
    assert isinstance(timed, ISMCTSBot)
    assert (timed.time_limit, timed.iters, timed.clock, timed.c) == (0.5, None, "cpu", 2.0)


#: Bot attributes whose names differ from the spec's parameter names.
_ATTR = {"rollout": "rollout_kind", "time": "time_limit"}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_ismcts_plays_complete_games_at_every_count(players: int) -> None:
    game = Ice(players=players)
    seed = 40 + players
    searcher = (players - 1) // 2  # not always seat 0
    specs = ["heuristic"] * players
    specs[searcher] = "ismcts:iters=2"
    table = [make_bot(spec, game, s, seed=seed * 7 + s) for s, spec in enumerate(specs)]
    state: IceState = game.new_initial_state(seed)
    searched = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        action = table[seat].choose(state)
        state.apply(action, seat)  # checked: an illegal choice raises
        searched += seat == searcher
    assert state.is_terminal() and searched > 50
    assert len(state.returns()) == players
