"""Property tests over random (and half-heuristic) Province playouts.

Invariants checked at every step: coins are conserved between the players and
the finite supply; nobody builds the same building twice; labor and coins never
go negative. At the end, the scores equal a recount made here, from the final
view and the data file, independently of the engine's scoring code.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.bots import make_bot
from meeple.core import Rng
from meeple.core.playout import random_step
from meeple.games.province import Build
from meeple.games.province.components import B_INDEX, MAX_TURNS
from meeple.games.province.rules import ProvinceState
from tests.games.province.province_helpers import GAME

DATA = tomllib.loads(
    resources.files("meeple.games.province").joinpath("data.toml").read_text(encoding="utf-8")
)
POINTS = {b["id"]: b["points"] for b in DATA["buildings"]}
COINS_IN_GAME = sum(value * count for value, count in DATA["coins"]["denominations"])


def recount(view: dict, seat: int) -> int:
    """Final score from the rules as written: first-builder points, goals, coins // 5, loan."""
    buildings = sum(POINTS[b] for b, first in view["first_builder"].items() if first == seat)
    player = view["players"][seat]
    loan = -2 if view["loan"]["holder"] == seat else 0
    return buildings + len(player["goals"]) + player["coins"] // 5 + loan


def check_invariants(s: ProvinceState) -> None:
    assert s.coins[0] >= 0 and s.coins[1] >= 0 and s.supply >= 0
    assert s.coins[0] + s.coins[1] + s.supply == COINS_IN_GAME
    assert s.labor >= 0
    assert sum(1 for x in s.goal_state if x == 3) <= 1  # at most one goal face up


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), heuristic_seat=st.sampled_from([None, 0, 1]))
def test_invariants_over_playouts(seed: int, heuristic_seat: int | None) -> None:
    state = GAME.new_initial_state(seed)
    rng = Rng(seed)
    bot = None if heuristic_seat is None else make_bot("heuristic", GAME, heuristic_seat, seed)
    builds = [0, 0]
    steps = 0
    while not state.is_terminal():
        check_invariants(state)
        seat = state.current_seat()
        if bot is not None and seat == bot.seat:
            action = bot.choose(state)
            state.apply(action, seat)
        else:
            _, action = random_step(state, rng)
        if isinstance(action, Build):
            assert seat is not None
            builds[seat] += 1
            assert state.built[seat] >> B_INDEX[action.building] & 1
        steps += 1
        assert steps <= GAME.max_game_length()
    check_invariants(state)
    view = state.view(None)
    for seat in (0, 1):
        # every Build added a new building: no building twice by one player
        assert len(view["players"][seat]["buildings"]) == builds[seat]
        assert state.scores()[seat] == recount(view, seat)
    assert state.end_condition() is not None or state.turns >= MAX_TURNS
    if state.scores()[0] != state.scores()[1]:
        assert state.winners() == [0 if state.scores()[0] > state.scores()[1] else 1]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_a_building_is_never_offered_twice(seed: int, steps: int) -> None:
    state = GAME.new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_seat()
        if seat is not None:
            for a in state.legal_actions(seat):
                if isinstance(a, Build):
                    assert not state.built[seat] >> B_INDEX[a.building] & 1
        random_step(state, rng)
