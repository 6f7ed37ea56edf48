"""ICE: face-down edifice tiles stay hidden (issue 33, item 8).

The seed stacks every layer below the ice face down ("正面朝下疊放"), the
edifices at the bottom. An edifice is never dug; it is turned face up once
exposed ("露出地表": nothing left on top of it). Until then no view, log line,
label, observation or terminal board may tell which edifice lies where, and
determinize(seat) deals the face-down ones again while keeping the ones turned
up. Each test compares a state with its *twin*, the same state with the
face-down edifices swapped: nothing a seat or a spectator reads may differ.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from meeple.bots import make_bot
from meeple.core import Rng
from meeple.core.labels import log_labels
from meeple.games.ice import Ice, IceState
from meeple.games.ice.components import COVERS, EDIFICE, FACES, LAYER_POSITIONS
from meeple.games.ice.text import render
from tests.games.ice.builders import ready, remove_tile

EDIFICES = LAYER_POSITIONS[EDIFICE]


def _down(state: IceState) -> list[int]:
    """The edifices still face down: something left on top of them (the seed's reading,
    written here again so that the test does not lean on the code it checks)."""
    return [p for p in EDIFICES if any(state.tile[c] >= 0 for c in COVERS[p])]


def _twin(state: IceState) -> IceState:
    """The same state with its face-down edifices rotated among their places."""
    twin = state.clone()
    down = _down(state)
    faces = [state.tile[p] for p in down]
    for p, f in zip(down, faces[1:] + faces[:1], strict=True):
        twin.tile[p] = f
    return twin


def _viewers(state: IceState) -> list[int | None]:
    return [*range(state.game.players), None]


def _same_to_everyone(state: IceState, twin: IceState) -> None:
    """Every seat and the spectator read the same view, observation and board of both."""
    for viewer in _viewers(state):
        assert state.view(viewer) == twin.view(viewer), f"viewer {viewer} tells them apart"
        assert np.array_equal(state.observation_tensor(viewer), twin.observation_tensor(viewer))
        for lang in ("en", "zh-TW"):
            assert render(state.view(viewer), viewer, lang) == render(
                twin.view(viewer), viewer, lang
            )


def _uncover(state: IceState, p: int, covers: int) -> None:
    """Take ``covers`` of the tiles above edifice ``p`` off the board (by hand)."""
    for c in COVERS[p][:covers]:
        remove_tile(state, c)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_face_down_edifices_show_nothing_to_any_seat_or_the_spectator(players: int) -> None:
    state = ready(players=players)
    twin = _twin(state)
    assert twin.tile != state.tile
    for viewer in _viewers(state):
        assert [state.view(viewer)["tiles"][p] for p in EDIFICES] == ["?"] * len(EDIFICES)
    _same_to_everyone(state, twin)


def test_an_edifice_one_can_see_but_not_yet_exposed_is_still_face_down() -> None:
    state = ready(players=3)
    p = EDIFICES[0]
    _uncover(state, p, 2)  # one cover left: visible (one may stand on it), not exposed
    assert state.visible(p) and not state.uncovered(p)
    twin = _twin(state)
    for viewer in _viewers(state):
        view = state.view(viewer)
        assert view["tiles"][p] == "?" and view["visible"][p]
    _same_to_everyone(state, twin)
    # the terminal board marks it as a face-down edifice, in both languages
    board = render(state.view(None), None, "en")
    assert "e edifice, face down" in board
    assert "e 雄偉建築（背面朝上）" in render(state.view(None), None, "zh-TW")


def test_an_exposed_edifice_is_turned_face_up_for_everyone() -> None:
    state = ready(players=2)
    p = EDIFICES[1]
    _uncover(state, p, 3)
    assert state.uncovered(p) and p not in _down(state)
    shown = f"edifice{FACES[state.tile[p]].edifice}"
    for viewer in _viewers(state):
        assert state.view(viewer)["tiles"][p] == shown
    assert "E edifice" in render(state.view(None), None, "en")
    # the twin only swaps the two still face down: still nothing to tell them apart
    _same_to_everyone(state, _twin(state))


@pytest.mark.parametrize("exposed", [0, 1])
def test_determinize_deals_the_face_down_edifices_again_and_keeps_the_turned_up(
    exposed: int,
) -> None:
    state = ready(players=2)
    if exposed:
        _uncover(state, EDIFICES[0], 3)
    down = _down(state)
    twin = _twin(state)
    for seat in range(2):
        arrangements = set()
        for k in range(40):
            world = state.determinize(seat, Rng(k))
            assert world.view(seat) == state.view(seat)
            assert sorted(world.tile[p] for p in EDIFICES) == sorted(
                state.tile[p] for p in EDIFICES
            )
            for p in EDIFICES:
                if p not in down:
                    assert world.tile[p] == state.tile[p], "a turned-up edifice stays"
            arrangements.add(tuple(world.tile[p] for p in down))
            # a function of the seat's view alone: the twin (edifices swapped) deals the same
            other = twin.determinize(seat, Rng(k))
            assert json.dumps(other.to_json(), sort_keys=True) == json.dumps(
                world.to_json(), sort_keys=True
            )
        assert len(arrangements) == (6 if not exposed else 2), arrangements


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 1), (4, 5)])
def test_a_whole_game_never_shows_a_face_down_edifice(players: int, seed: int) -> None:
    """Bots play a game to its end; its twin takes the same actions. At every step every
    seat and the spectator read the same view, observation, log line and labels of both,
    but for the edifices already turned up, which each shows as its own."""
    game = Ice(players=players)
    state = game.new_initial_state(seed)
    twin = _twin(state)
    bots = [make_bot("heuristic", game, s, seed=seed * 7 + s) for s in range(players)]
    turned_up = 0
    step = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        action = bots[seat].choose(state)
        for viewer in _viewers(state):
            assert state.redact_action(action, seat, viewer) == twin.redact_action(
                action, seat, viewer
            )
            assert log_labels(state, action, seat, viewer) == log_labels(twin, action, seat, viewer)
        state.apply(action, seat)
        twin.apply(action, seat)
        step += 1
        up = [p for p in EDIFICES if p not in _down(state)]
        for viewer in _viewers(state) if step % 5 == 0 else [None]:
            view, other = state.view(viewer), twin.view(viewer)
            for p in up:
                assert view["tiles"][p] == f"edifice{FACES[state.tile[p]].edifice}"
                assert other["tiles"][p] == f"edifice{FACES[twin.tile[p]].edifice}"
                view["tiles"][p] = other["tiles"][p] = "up"
            assert view == other, f"step {step}: viewer {viewer} tells the edifices apart"
            assert np.array_equal(state.observation_tensor(viewer), twin.observation_tensor(viewer))
        turned_up = max(turned_up, len(up))
    assert turned_up >= 1, "the game should reach an exposed edifice"
