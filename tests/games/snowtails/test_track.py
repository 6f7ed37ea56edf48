"""Snow Tails tracks: shipped courses, course assembly errors, cell geometry."""

from __future__ import annotations

import pytest

from meeple.core import OptionError, make_game
from meeple.games.snowtails import SnowTails
from meeple.games.snowtails.components import load_data
from meeple.games.snowtails.track import course_names, parse_course, tile_sides


def test_the_box_holds_the_tiles_the_sources_list() -> None:
    tiles = load_data()["tiles"]
    kinds = {t: tiles[t]["a"]["kind"] for t in tiles}
    assert sorted(kinds.values()).count("straight") == 8
    assert sorted(kinds.values()).count("corner") == 4
    assert sorted(kinds.values()).count("uturn") == 2
    assert sum(1 for k in kinds.values() if k in ("start", "finish")) == 2
    assert all(set(sides) == {"a", "b"} for sides in tiles.values()), "every tile is double-sided"
    specials = {tiles[t]["b"]["kind"] for t in tiles if kinds[t] == "straight"}
    assert specials == {"forest", "canyon", "snowdrift"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_count_has_a_shipped_course(players: int) -> None:
    game = SnowTails(players=players)
    assert game.track.name in course_names()
    assert players in load_data()["courses"][game.track.name]["players"]


@pytest.mark.parametrize("name", course_names())
def test_shipped_courses_obey_the_assembly_rules(name: str) -> None:
    parsed, tiles = parse_course(name, 5)
    assert parsed == name and tiles[0].kind == "start" and tiles[-1].kind == "finish"


def test_the_grand_tour_uses_every_tile_once() -> None:
    _, tiles = parse_course("grand-tour", 5)
    assert sorted(t.tile for t in tiles) == sorted(load_data()["tiles"])


def test_a_course_may_be_assembled_from_tiles() -> None:
    game = make_game(
        "snowtails", players=5, course="START:a, S1:b, C3:a, S4:b, U2:b, S7:b, FINISH:b"
    )
    assert isinstance(game, SnowTails)  # through the registry, as the CLI makes it
    assert game.track.name == "custom"
    assert game.track.tokens() == ["START:a", "S1:b", "C3:a", "S4:b", "U2:b", "S7:b", "FINISH:b"]


@pytest.mark.parametrize(
    ("course", "message"),
    [
        ("speedway", "unknown course 'speedway'"),
        ("START:a,S1,FINISH:a", "must read TILE:SIDE"),
        ("START:a,S9:a,FINISH:a", "no tile 'S9'"),
        ("START:a,S1:c,FINISH:a", "no tile 'S1' with side 'c'"),
        ("START:a,S1:a,S1:b,FINISH:a", "uses tile S1 twice"),
        ("START:a,S1:a:r,FINISH:a", "red flags would be on the left"),
        ("S1:a,START:a,FINISH:a", "must begin with the START tile"),
        ("START:a,S1:a,C1:a", "must end with the FINISH tile"),
        ("START:a,FINISH:a", "needs a start, at least one tile and a finish"),
        ("START:b,S1:a,C1:a,FINISH:a", "lane 1 must be on the inside of the first corner"),
        ("START:a,S1:a,C1:a,S2:a,C2:b,FINISH:a", "finish flag is on the left"),
    ],
)
def test_invalid_courses_get_a_clear_error(course: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        SnowTails(players=2, course=course)


def test_the_inside_lane_of_a_corner_is_shorter() -> None:
    left = tile_sides()[("C1", "a")]
    right = tile_sides()[("C1", "b")]
    assert left.turn == "left" and right.turn == "right"
    assert len(left.lane_rows[0]) < len(left.lane_rows[4])
    assert len(right.lane_rows[4]) < len(right.lane_rows[0])
    assert left.limit is not None


def test_start_lane_one_is_on_the_side_the_start_tile_prints() -> None:
    a = SnowTails(players=2, course="START:a,S1:a,FINISH:a").track
    b = SnowTails(players=2, course="START:b,S1:a,FINISH:b").track
    assert a.lane[a.start_cells[0]] == 0 and b.lane[b.start_cells[0]] == 4
    assert b.lane_number(4) == 1 and a.lane_number(4) == 5


def test_diagonal_neighbours_and_walls() -> None:
    t = SnowTails(players=2, course="START:a,S1:a,C1:a,FINISH:a").track
    c = t.cell_at(0, 1, 0)
    assert t.diag_left[c] == -1, "left of lane 0 is off the track"
    assert t.diag_right[c] == t.cell_at(1, 1, 1)
    assert t.fwd[c] == t.cell_at(0, 1, 1)
    last = t.cell_at(2, 1, 3)
    assert t.fwd[last] == t.cell_at(2, 2, 0)
    assert t.lines_crossed(last, t.fwd[last]) == [5]
    assert t.lines_crossed(c, t.fwd[c]) == []


def test_progress_compares_cells_across_lanes_in_a_corner() -> None:
    t = SnowTails(players=2, course="START:a,S1:a,C1:a,FINISH:a").track
    inside_middle = t.cell_at(0, 2, 1)  # middle of 3 cells on the inside
    outside_middle = t.cell_at(4, 2, 2)  # middle of 5 cells on the outside
    assert t.pos[inside_middle] == t.pos[outside_middle]
    assert t.pos[t.cell_at(0, 2, 0)] > t.pos[t.cell_at(4, 2, 0)]
