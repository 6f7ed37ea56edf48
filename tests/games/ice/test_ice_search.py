"""ICE under search (issue 19, item 13): declared search settings, ISMCTS at every count."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.bots.evaluators import HeuristicRolloutEvaluator
from meeple.bots.mcts import ISMCTSBot
from meeple.games.ice import Ice, IceState, bots
from meeple.games.ice.actions import DONE_DAY, PASS
from meeple.games.ice.components import DAYS, HARMONY, SURFACE
from meeple.games.ice.state import EOD
from tests.games.ice.builders import face, ready


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
    specs[searcher] = "ismcts:iters=1"
    table = [make_bot(spec, game, s, seed=seed * 7 + s) for s, spec in enumerate(specs)]
    state: IceState = game.new_initial_state(seed)
    searched = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        action = table[seat].choose(state)
        state.apply(action, seat)  # checked: an illegal choice raises
        searched += seat == searcher
    # a whole game of moves (at 4 and 5 players the edifices end it by day 5 or 6)
    assert state.is_terminal() and searched >= 40
    assert len(state.returns()) == players


def _last_night(boards: list[list[int]], players: int = 2) -> IceState:
    """Day 8, nobody has AP left: the last night opens with these guild boards, the
    first for the night's first seat (the day's start player), the second for the others."""
    state = ready(players)
    while state.day < DAYS:
        state.apply(PASS)
    first = state.start
    for seat in range(players):
        faces = boards[0] if seat == first else boards[1]
        state.board[seat] = list(faces)
        state.prism_as[seat] = [-1] * len(faces)
    state.ap = [0] * players
    state.apply(state.legal_actions()[-1])  # the mover passes
    assert state.phase == EOD and state.current == first
    return state


def test_held_artifacts_are_worth_only_what_the_nights_left_can_take() -> None:
    inactive = face(SURFACE, kind=HARMONY)
    early = ready()
    early.board[0] = [inactive] * 4
    early.prism_as[0] = [-1] * 4
    assert bots.worth(early, 0) - early.score_of(0) >= 4 * bots.HELD_WORTH[0]
    state = _last_night([[inactive] * 4, [inactive]])
    me = state.current
    # Tonight this seat can take 3 of its 4; once it is done, none.
    assert bots.worth(state, me) == state.score_of(me) + 3 * bots.HELD_WORTH[0]
    state.apply(DONE_DAY)
    assert state.current == 1 - me
    assert bots.worth(state, me) == state.score_of(me)


def test_passing_gives_up_the_days_ap_in_the_evaluation() -> None:
    state = ready()
    before = bots.evaluate(state, 0)
    state.apply(PASS)
    assert bots.evaluate(state, 0) < before
