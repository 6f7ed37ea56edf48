"""Hints while playing (issue 38, item 7): the suggestion comes from the seat's own
information only; tic-tac-toe's is its solver's."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.core.match import Match
from meeple.core.registry import make_game
from meeple.core.rng import Rng
from meeple.games.tictactoe import Place
from meeple.review.hints import hint


@pytest.mark.parametrize("name", ["viscounts", "ice", "unconscious", "penguins", "snowtails"])
def test_a_hint_does_not_change_when_other_seats_secrets_do(name: str) -> None:
    """The same decision in worlds where every other seat's hidden cards and the
    future draws differ (the state determinized for the seat) gets the same hint at
    a fixed seed: nothing the seat cannot see enters it."""
    game = make_game(name, players=2)
    match = Match(game, 11)
    bots = [make_bot("random", game, s, 1) for s in range(game.players)]
    for _ in range(10):
        if match.state.is_chance():
            match.resolve_chance()
        seat = match.state.current_seat()
        assert seat is not None
        match.play(bots[seat].choose(match.state), seat)
    if match.state.is_chance():
        match.resolve_chance()
    state = match.state
    seat = state.current_seat()
    assert seat is not None
    real = hint(state, seat, iters=30, seed=4)
    assert real["code"] in {game.action_code(a) for a in state.legal_actions(seat)}
    assert set(real["label"]) == {"en", "zh-TW"} and all(real["label"].values())
    for k in range(2):
        world = state.determinize(seat, Rng(200 + k))
        assert hint(world, seat, iters=30, seed=4) == real


def test_tic_tac_toe_s_hint_is_the_solver_s() -> None:
    match = Match(make_game("tictactoe"), 1)
    for k, cell in enumerate([0, 4, 8]):  # O must take an edge, not a corner
        match.play(Place(cell), k % 2)
    suggestion = hint(match.state, 1, iters=1, seed=0)
    assert suggestion["exact"] and suggestion["chance"] == 0.5
    assert suggestion["code"] in {1, 3, 5, 7}
