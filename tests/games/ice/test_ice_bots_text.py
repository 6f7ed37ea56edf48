"""ICE: the heuristic bot (item 13), terminal text (item 14, terminal part), the tensor."""

from __future__ import annotations

import numpy as np
import pytest

from meeple.bots import make_bot
from meeple.core.i18n import LANGUAGES
from meeple.games.ice import Ice, IceState, text
from meeple.games.ice.components import NP, tile_name
from tests.games.ice.builders import with_arch


def _play(game: Ice, seed: int, specs: list[str]) -> IceState:
    bots = [make_bot(spec, game, s, seed=seed * 11 + s) for s, spec in enumerate(specs)]
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        state.apply(bots[seat].choose(state), seat)
    return state


def test_heuristic_beats_random_two_players() -> None:
    game = Ice(players=2)
    wins = 0
    for seed in range(8):
        seat = seed % 2
        specs = ["random", "random"]
        specs[seat] = "heuristic"
        state = _play(game, seed, specs)
        wins += state.winners() == [seat]
    assert wins >= 7


@pytest.mark.parametrize("players", [3, 5])
def test_heuristic_takes_first_place_among_random_players(players: int) -> None:
    game = Ice(players=players)
    firsts = 0
    for seed in range(3):
        specs = ["random"] * players
        specs[seed % players] = "heuristic"
        firsts += _play(game, seed, specs).winners() == [seed % players]
    assert firsts >= 2


def test_heuristic_games_reach_the_deep_layers_and_end() -> None:
    state = _play(Ice(players=4), 2, ["heuristic"] * 4)
    assert state.is_terminal()
    assert sum(len(s) for s in state.shown) > 0
    assert any(state.tile[p] < 0 for p in range(NP) if tile_name(p).startswith("M"))


def test_solo_game_plays_to_a_won_or_lost_result() -> None:
    state = _play(Ice(players=1), 5, ["heuristic"])
    assert state.returns() in ([1.0], [-1.0])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_render_draws_the_surface_and_every_layer(lang: str) -> None:
    state = _play(Ice(players=2), 1, ["heuristic", "heuristic"])
    board = text.render(state.view(0), 0, lang)
    for name in ("I30", "S0", "M0", "D0", "E0"):
        assert name in board
    assert board.count("\n") > 60


def test_every_action_has_a_label_in_both_languages_and_labels_differ() -> None:
    game = Ice(players=2)
    for lang in LANGUAGES:
        labels = [text.action_label(a, lang) for a in game.enumerate_actions()]
        assert all(labels)
        assert len(set(labels)) == len(labels)
    assert text.action_label(game.enumerate_actions()[0], "en") != text.action_label(
        game.enumerate_actions()[0], "zh-TW"
    )


def test_observation_tensor_shape_and_viewer_first() -> None:
    game = Ice(players=3)
    state = game.new_initial_state(2)
    a, b = state.observation_tensor(0), state.observation_tensor(1)
    assert a.shape == game.observation_shape() and a.dtype == np.float32
    assert not np.array_equal(a, b)  # own requests differ


def test_the_giveback_log_line_tells_others_nothing_about_the_card() -> None:
    from meeple.core.labels import log_label
    from meeple.games.ice.actions import KeepRequests

    state = Ice(players=2).new_initial_state(1)
    card = state.private[0][0]
    for lang in LANGUAGES:
        theirs = log_label(state, KeepRequests(card), 0, 1, lang)
        assert str(card) not in theirs
        assert str(card) in log_label(state, KeepRequests(card), 0, 0, lang)


def test_render_names_the_figures_waiting_to_be_shared() -> None:
    from meeple.games.ice.actions import DIG
    from tests.games.ice.builders import dig_ready

    state = dig_ready()
    with_arch(state, state.leader[0], 1)
    state.apply(DIG)
    assert "To place: player 1's leader, archaeologist over S19, S24, S27" in text.render(
        state.view(0), 0, "en"
    )
    assert "待分配" in text.render(state.view(0), 0, "zh-TW")
