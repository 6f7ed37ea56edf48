"""Snow Tails' move preview comes from the rules (snowtails/preview.py): where each choice
would take the sled and what happens on the way, at 2 and 5 players.

Each case sets up a position, reads the view's ``moves`` for the seat on turn, then
makes the choice for real (with the rest of the movement diagonal first, as the page
assumes) and checks that the preview told the truth: the landing cell, the dents,
the marks. On main the view has no ``moves`` (the page computed it in JavaScript).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.core import Rng
from meeple.games.snowtails import Bonus, ChooseLane, PlayCard, SnowTails, Step
from meeple.games.snowtails.actions import GO, STEP_DIAGONAL
from meeple.games.snowtails.state import OUT
from tests.games.snowtails.helpers import (
    LEFT_CORNER,
    STRAIGHT,
    dogs,
    give,
    park_others,
    put,
    race,
    turn_of,
)


def entry(view: dict[str, Any], **match: Any) -> dict[str, Any]:
    """The preview of the action whose JSON has ``match``'s fields."""
    found = [
        e
        for e in view["moves"]["actions"]
        if all(e["action"].get(k) == v for k, v in match.items())
    ]
    assert len(found) == 1, (match, view["moves"])
    return found[0]


def middle_lane(players: int, hand: list[int]) -> Any:
    """Seat 0 on turn in the middle lane of a straight course's first tile, dogs 2 and 2,
    brake 1, holding ``hand``; the others parked behind."""
    state = race(players=players, course=STRAIGHT, lanes=list(range(1, players + 1)))
    park_others(state, 0)
    put(state, 0, 2, 1, 0)
    turn_of(state, 0)
    dogs(state, 0, 2, 2, 1)
    give(state, 0, hand)
    return state


def play_out(state: Any, seat: int, action: Any) -> tuple[int, int | str]:
    """Make ``action`` for real, then ``go`` and the steps diagonal first: (cell, dents
    taken, or "out")."""
    before = state.dents(seat)
    state.apply(action, seat)
    if state.phase == "play" and state.current() == seat:
        state.apply(GO, seat)
    while state.phase == "steps" and state.current() == seat:
        state.apply(STEP_DIAGONAL, seat)
    if state.status[seat] == OUT:
        return state.cell[seat], "out"
    return state.cell[seat], state.dents(seat) - before


@pytest.mark.parametrize("players", [2, 5])
def test_each_play_previews_where_the_sled_lands(players: int) -> None:
    state = middle_lane(players, [1, 3, 4, 4, 5])
    view = state.view(0)
    track = state.game.track
    start = state.cell[0]
    # nothing hovered: go as the dogs stand, 2 + 2 - 1 = 3 straight ahead
    base = view["moves"]["base"]
    assert base["path"] == [start, track.fwd[start], track.fwd[track.fwd[start]],
                            track.fwd[track.fwd[track.fwd[start]]]]  # fmt: skip
    assert base["marks"] == [] and base["dents"] == 0 and not base["out"]
    # a 4 on the left dog: 4 + 2 - 1 = 5 forward, drifting left by 2 (diagonal first)
    preview = entry(view, type="play", value=4, slot="left")
    assert len(preview["path"]) == 6
    assert [track.lane[c] for c in preview["path"][:3]] == [2, 1, 0]
    for value, slot in [(v, s) for v in (1, 3, 4, 5) for s in ("left", "right", "discard")]:
        p = entry(view, type="play", value=value, slot=slot)
        landed = play_out(state.clone(), 0, PlayCard(value, slot))
        assert (p["path"][-1], "out" if p["out"] else p["dents"]) == landed, (value, slot)


@pytest.mark.parametrize("players", [2, 5])
def test_a_sled_in_the_way_stops_the_preview_behind_it(players: int) -> None:
    state = race(players=players, course=STRAIGHT, lanes=list(range(1, players + 1)))
    park_others(state, 0)
    start = put(state, 0, 2, 1, 0)
    track = state.game.track
    ahead = track.fwd[track.fwd[start]]
    state.cell[1] = ahead
    turn_of(state, 0)
    dogs(state, 0, 3, 3, 1)
    give(state, 0, [2, 2, 2, 2, 2])
    base = state.view(0)["moves"]["base"]
    assert base["path"] == [start, track.fwd[start]]
    assert base["marks"] == [{"type": "bump", "cell": ahead}]
    assert play_out(state.clone(), 0, PlayCard(2, "discard"))[0] == track.fwd[start]


@pytest.mark.parametrize("players", [2, 5])
def test_a_speed_line_and_a_wall_are_marked_with_their_dents(players: int) -> None:
    state = race(players=players, course=LEFT_CORNER, lanes=list(range(1, players + 1)))
    park_others(state, 0)
    start = put(state, 0, 1, 1, 0)
    turn_of(state, 0)
    dogs(state, 0, 5, 5, 1)  # 9 straight: over the corner's limit
    give(state, 0, [1, 1, 1, 1, 1])
    view = state.view(0)
    base = view["moves"]["base"]
    speed = [m for m in base["marks"] if m["type"] == "speed"]
    limit = state.game.track.limits[2]
    assert limit is not None and speed and speed[0]["n"] == 9 - limit
    landed = play_out(state.clone(), 0, PlayCard(1, "discard"))
    # the discard of a 1 leaves the brake at 1: the same move as go
    assert (base["path"][-1], "out" if base["out"] else base["dents"]) == landed
    # a left drift from the leftmost lane runs into the wall at once
    put(state, 0, 0, 1, 0)
    dogs(state, 0, 3, 1, 1)
    wall = state.view(0)["moves"]["base"]
    assert wall["path"] == [state.cell[0]]
    assert wall["marks"] == [{"type": "crash", "cell": state.cell[0]}] and wall["dents"] == 1
    assert start != state.cell[0]


@pytest.mark.parametrize("players", [2, 5])
def test_the_steps_and_the_bonus_are_previewed(players: int) -> None:
    # the bonus after a line crossed in the normal move charges that line again
    cases = []
    for tile, brake, dents in ((1, 1, 0), (0, 1, 0), (1, 2, 0), (1, 1, 3)):
        state = race(players=players, course=LEFT_CORNER, lanes=list(range(1, players + 1)))
        for seat in range(2, players):
            put(state, seat, 4, 0, seat - 2)  # out of the way, behind on the right
        put(state, 0, 1, tile, 0)
        put(state, 1, 4, 3, 3)
        turn_of(state, 0, round_no=2)
        left = 3 if brake == 1 else 4
        dogs(state, 0, left, left, brake)
        give(state, 0, [0] * dents + [left, 1, 1, 1, 1])
        state.apply(PlayCard(left, "left"))
        assert state.phase == "bonus"
        view = state.view(0)
        assert view["moves"]["base"] is None  # the sled has moved: nothing to show unhovered
        preview = entry(view, type="bonus", choice="yes")
        landed = play_out(state.clone(), 0, Bonus("yes"))
        assert (preview["path"][-1], "out" if preview["out"] else preview["dents"]) == landed
        cases.append(landed[1])
    assert cases == [2, 2, 2, "out"]
    # a choice of step order: each step, then the rest diagonal first
    state = middle_lane(players, [4, 1, 1, 1, 1])
    state.apply(PlayCard(4, "right"))  # 4 + 2 - 1 = 5 forward, 2 to the right
    assert state.phase == "steps"
    view = state.view(0)
    for move in ("forward", "diagonal"):
        preview = entry(view, type="step", move=move)
        landed = play_out(state.clone(), 0, Step(move))
        assert (preview["path"][-1], preview["dents"]) == landed
    diagonal = entry(view, type="step", move="diagonal")
    assert view["moves"]["base"] == {k: v for k, v in diagonal.items() if k != "action"}
    forward = entry(view, type="step", move="forward")["path"]
    assert state.game.track.lane[forward[1]] == 2  # the first step straight on


@pytest.mark.parametrize("players", [2, 5])
def test_random_positions_preview_what_the_rules_then_do(players: int) -> None:
    rng = random.Random(players)
    game = SnowTails(players=players, course="grand-tour")
    track = game.track
    open_cells = [c for c in range(track.num_cells)
                  if track.kind[c] != "X" and track.tile[c] < track.finish_tile]  # fmt: skip
    checked = 0
    for k in range(40):
        state = game.new_initial_state(k)
        for lane in range(1, players + 1):
            state.apply(ChooseLane(lane))
        for seat, cell in enumerate(rng.sample(open_cells, players)):
            state.cell[seat] = cell
        give(
            state,
            0,
            [rng.choice([0, 0, 1]) for _ in range(3)] + [rng.randint(1, 5) for _ in range(3)],
        )
        dogs(state, 0, rng.randint(1, 5), rng.randint(1, 5), rng.randint(1, 5))
        turn_of(state, 0, round_no=rng.choice([1, 2]))
        view = state.view(0)
        for e in view["moves"]["actions"]:
            action = game.action_from_json(e["action"])
            if action == GO and GO not in state.legal_actions(0):
                continue
            landed = play_out(state.clone(), 0, action)
            if landed[1] == "out":
                assert e["out"], (k, e)
            else:
                assert (e["path"][-1], e["dents"]) == landed, (k, e)
            checked += 1
    assert checked > 100


def test_only_the_sled_on_turn_sees_a_preview_and_it_keeps_the_decks_secret() -> None:
    state = middle_lane(3, [1, 3, 4, 4, 5])
    assert state.view(0)["moves"] is not None
    assert state.view(1)["moves"] is None and state.view(None)["moves"] is None
    # the refill after the move draws from the deck: another deck order (a world the
    # seat cannot tell from this one) shows the seat the same preview
    other = state.determinize(0, Rng(5))
    assert other.deck[0] != state.deck[0]
    assert other.view(0)["moves"] == state.view(0)["moves"]


def test_a_turn_skipped_at_once_after_the_move_previews_the_same_path() -> None:
    """The next sled holds no dog card and takes its fifth dent as its turn starts, so
    the turns run on past the mover's in the child: the preview is still the whole
    path, the same as when the next sled could play, and tells the truth."""
    skipped = middle_lane(2, [1, 3, 4, 4, 5])
    give(skipped, 1, [0, 0, 0, 0])
    skipped.deck[1] = []
    skipped.discards[1] = []
    skipped.left[1], skipped.right[1] = [3], [3]
    plays = middle_lane(2, [1, 3, 4, 4, 5])
    for value, slot in [(3, "left"), (1, "discard"), (4, "right")]:
        p = entry(skipped.view(0), type="play", value=value, slot=slot)
        assert p == entry(plays.view(0), type="play", value=value, slot=slot)
        assert len(p["path"]) > 2
        landed = play_out(skipped.clone(), 0, PlayCard(value, slot))
        assert (p["path"][-1], "out" if p["out"] else p["dents"]) == landed, (value, slot)
