"""Fit To Print: determinized worlds keep what each seat's log told it (hidden.py)."""

from __future__ import annotations

import json

from meeple.core.playout import random_step
from meeple.core.rng import Rng
from meeple.games.fittoprint import CallLayout, Draw, Place, Print, Return, Take
from meeple.games.fittoprint.components import TILE_SIZE, TILES
from meeple.games.fittoprint.rules import FitToPrintState
from tests.games.fittoprint.builders import new


def _returned_and_taken(players: int = 3) -> tuple[FitToPrintState, int]:
    """Seat 0 draws a tile and returns it face up; seat 1 takes it in front of everyone."""
    s = new(players, mode="realtime")
    s.apply(Draw("1x1"), 0)
    tile = s.drawn(0)
    s.apply(Return(), 0)
    s.apply(Take(tile), 1)
    return s, tile


def test_a_tile_taken_face_up_stays_with_its_taker_in_every_world() -> None:
    s, tile = _returned_and_taken()
    for k in range(40):
        for seat in (0, 2):
            world = s.determinize(seat, Rng(k))
            assert tile in world.desk[1], f"seed {k}: seat {seat}'s world moved tile {tile}"
            assert world.view(seat) == s.view(seat)
    assert s.view(2)["players"][1]["known"] == [tile]
    assert str(tile) in s.view(2)["faces"]  # everyone can read it: they saw it


def test_a_known_tile_placed_on_the_page_stays_there_and_is_forgotten_after_the_day() -> None:
    s, tile = _returned_and_taken(players=2)
    s.apply(CallLayout(), 1)
    place = next(a for a in s.legal_actions(1) if isinstance(a, Place) and a.tile == tile)
    s.apply(place, 1)
    assert s.view(0)["players"][1]["known"] == [tile]
    assert all(tile in s.determinize(0, Rng(k)).page[1] for k in range(20))
    s.apply(CallLayout(), 0)
    s.apply(Print(), 0)
    s.apply(Print(), 1)  # the day ends: pages are shown and go back into the pool
    assert s.known == [[], []] and s.unseen_since[tile] == 1
    assert tile in s.pool and s.view(0)["players"][1]["known"] == []


def _day_two_with_an_old_desk_tile(seed: int) -> tuple[FitToPrintState, set[int], list[int]]:
    """A random 3-seat real-time match played into its second day, with what everyone
    saw at the first day's end (pages and face-up tiles) and the positions on seat
    1's desk of tiles it drew face down (and kept) on the first day."""
    s = new(3, seed=seed, mode="realtime")
    rng = Rng(seed)
    drawn_first_day: set[int] = set()
    while s.day == 0 and not s.is_terminal():
        if 1 in s.turn().seats and s.drawn(1) >= 0:
            drawn_first_day.add(s.drawn(1))
        if s.phase == "day":
            face_up = list(s.face_up)  # what lies face up when the day ends
        random_step(s, rng)
    shown = {t for result in s.results for page in result["pages"] for t, *_ in page["tiles"]}
    shown |= set(face_up) | set(s.face_up)
    old = [i for i, t in enumerate(s.desk[1]) if t in drawn_first_day]
    return s, shown, old


def test_tiles_shown_at_a_days_end_never_become_an_older_desk_tile() -> None:
    checked = 0
    for seed in range(40):
        s, shown, old_slots = _day_two_with_an_old_desk_tile(seed)
        if s.day != 1 or not old_slots:
            continue
        shown -= set(s.face_up)  # today's face-up row is public anyway
        for k in range(10):
            world = s.determinize(0, Rng(k))
            for i in old_slots:
                t = world.desk[1][i]
                assert t not in shown, f"seed {seed}: tile {t} was on show at the day's end"
                assert TILE_SIZE[t] == TILE_SIZE[s.desk[1][i]]
        checked += 1
    assert checked >= 5, "too few matches reached the case"


def test_worlds_still_vary_where_the_seat_knows_nothing() -> None:
    s, _ = _returned_and_taken()
    s.apply(Draw("2x2"), 2)
    worlds = {s.determinize(0, Rng(k)).drawn(2) for k in range(30)}
    assert len(worlds) > 1 and all(TILE_SIZE[t] == TILE_SIZE[s.drawn(2)] for t in worlds)


def test_knowledge_survives_json_and_older_states_still_load() -> None:
    s, tile = _returned_and_taken()
    data = json.loads(json.dumps(s.to_json()))
    again = s.game.state_from_json(data)
    assert again.known == s.known and again.drawn_on == s.drawn_on
    assert again.state_id() == s.state_id()
    for key in ("known", "unseen_since", "drawn_on"):
        del data[key]
    old = s.game.state_from_json(data)  # saved before the fields existed
    assert old.known == [[], [], []] and old.unseen_since == [0] * len(TILES)
    assert old.drawn_on[tile] == 0  # every held tile counts as drawn today
    old.determinize(2, Rng(1))
