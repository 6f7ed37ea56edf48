"""ICE: what the browser board is sent besides the table (issue 19, item 14).

The dig preview (cost, exposed tiles, collapse) must tell the truth: it is
checked against the dig itself, in hand-made positions and along random
games. The components table must name everything the board draws.
"""

from __future__ import annotations

import random

import pytest

from meeple.games.ice import Ice
from meeple.games.ice.actions import DIG, Dig
from meeple.games.ice.components import (
    CENTRE,
    COVERS,
    EDGE,
    EDICTS,
    EDIFICE_EFFECTS,
    EVENTS,
    GUILDS,
    HARMONY,
    LAYER_POSITIONS,
    NEIGHBOURS,
    NP,
    PHILOSOPHY,
    RULES,
    SURFACE,
    client_components,
    tile_name,
)
from meeple.games.ice.names import NAMES
from meeple.games.ice.preview import dig_preview
from meeple.games.ice.state import TURN
from tests.games.ice.builders import dig_ready, face, leader_at, remove_tile, tile_at, with_arch


def _preview(view: dict, p: int) -> dict:  # type: ignore[type-arg]
    found = [d for d in view["digs"] if d["tile"] == p]
    assert len(found) == 1, f"no single preview for {tile_name(p)}"
    return found[0]


def test_the_preview_of_a_dig_that_brings_down_a_neighbour_names_it_before_the_dig() -> None:
    state = dig_ready()
    x = NEIGHBOURS[CENTRE][0]
    assert not EDGE[x]
    other = next(q for q in NEIGHBOURS[x] if q != CENTRE and q not in NEIGHBOURS[CENTRE])
    for q in NEIGHBOURS[x]:
        if q not in (CENTRE, other):
            remove_tile(state, q)
    with_arch(state, CENTRE, 1)
    pv = _preview(state.view(0), CENTRE)
    assert pv["cost"][0] == 1  # 3 less the leader and one archaeologist
    assert pv["cover"] == -1
    assert x in pv["falls"]
    assert pv["exposed"] == sorted(
        q for q in range(NP) if CENTRE in COVERS[q] and q not in pv["falls"]
    )
    before = [p for p in range(NP) if state.tile[p] >= 0]
    spent = state.spent
    state.apply(DIG)
    gone = {p for p in before if state.tile[p] < 0}
    assert gone == {CENTRE, *pv["falls"]}
    assert state.spent - spent == pv["cost"][0]


def test_a_cascade_is_previewed_in_full() -> None:
    """Falls that cause falls: the preview lists the whole chain, as the dig then does."""
    state = dig_ready()
    row = [CENTRE]
    while len(row) < 4:  # a chain of ice tiles, each touching only the next
        row.append(
            next(
                q
                for q in NEIGHBOURS[row[-1]]
                if q not in row and not EDGE[q] and not any(q in NEIGHBOURS[r] for r in row[:-1])
            )
        )
    for p in LAYER_POSITIONS[0]:
        if p not in row:
            remove_tile(state, p)
    pv = _preview(state.view(0), CENTRE)
    assert pv["falls"] == row[1:]
    before = {p for p in range(NP) if state.tile[p] >= 0}
    state.apply(DIG)
    assert {p for p in before if state.tile[p] < 0} == set(row)


def test_a_dig_with_its_last_cover_is_previewed_with_that_cover_and_the_double_cost() -> None:
    state = dig_ready()
    p = next(q for q in LAYER_POSITIONS[SURFACE] if CENTRE in COVERS[q])
    for c in COVERS[p]:
        if c != CENTRE:
            remove_tile(state, c)
    leader_at(state, 0, p)
    pv = _preview(state.view(0), p)
    assert pv["cover"] == CENTRE
    assert pv["cost"][0] == 3  # 4 less the leader
    assert state.dig_cost(0) == 3


def test_costs_for_tiles_the_leader_has_not_reached_count_the_leader_and_those_it_brings() -> None:
    state = dig_ready()
    target = NEIGHBOURS[CENTRE][1]
    tile_at(state, target, face(0, terrain=2))  # a nunatak: one more AP
    with_arch(state, target, 1)
    pv = _preview(state.view(0), target)
    # 3 - (1 archaeologist + the leader + k brought along) + 1 for the nunatak
    assert pv["cost"] == [2, 1, 0, 0]
    leader_at(state, 0, target)
    assert state.dig_cost(0) == pv["cost"][0]
    state.arch[target] += 2
    assert state.dig_cost(0) == pv["cost"][2]


def test_only_the_seat_choosing_its_turns_next_action_gets_previews() -> None:
    state = dig_ready()
    assert state.view(0)["digs"]
    assert state.view(1)["digs"] == []
    assert state.view(None)["digs"] == []
    state.phase = 2  # the night
    assert state.view(0)["digs"] == []


def test_the_preview_agrees_with_the_dig_along_random_games() -> None:
    """At every dig of random 2- to 4-player games: cost, tiles gone and tiles exposed."""
    checked = 0
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        rng = random.Random(seed)
        state = Ice(players=players).new_initial_state(seed)
        while not state.is_terminal():
            me = state.current_seat()
            legal = state.legal_actions(me)
            digs = [a for a in legal if isinstance(a, Dig)]
            if digs and state.phase == TURN and rng.random() < 0.5:
                view = state.view(me)
                p = state.leader[me]
                pv = _preview(view, p)
                before = {q for q in range(NP) if state.tile[q] >= 0}
                spent = state.spent
                state.apply(DIG, me)
                gone = {q for q in before if state.tile[q] < 0}
                taken = {p} if pv["cover"] < 0 else {p, pv["cover"]}
                assert gone == taken | set(pv["falls"]), (seed, tile_name(p))
                assert state.spent - spent == pv["cost"][0]
                exposed = state.view(me)["pending"]["exposed"]
                if exposed:
                    assert exposed == pv["exposed"]
                assert all(state.tile[q] >= 0 for q in pv["exposed"])
                checked += 1
                continue
            state.apply(rng.choice(legal), me)
    assert checked > 30


def test_every_preview_in_a_view_is_what_dig_preview_says_for_that_tile() -> None:
    state = dig_ready()
    view = state.view(0)
    tiles = {d["tile"] for d in view["digs"]}
    assert tiles == {p for p in range(NP) if state.visible(p) and dig_preview(state, 0, p)}
    assert CENTRE in tiles


def test_views_say_which_artifact_abilities_work_for_each_player() -> None:
    state = dig_ready()
    state.board[0] = [face(SURFACE, kind=HARMONY, active=True)]
    state.prism_as[0] = [-1]
    state.board[1] = [face(SURFACE, kind=PHILOSOPHY), face(SURFACE, kind=PHILOSOPHY)]
    state.prism_as[1] = [-1, -1]
    view = state.view(None)
    assert view["players"][0]["powers"] == ["harmony"]
    assert view["players"][1]["powers"] == ["philosophy"]


def test_the_components_table_draws_every_position_and_names_every_card_in_both_languages() -> None:
    table = client_components()
    assert len(table["positions"]) == NP
    for p, pos in enumerate(table["positions"]):
        assert pos["name"] == tile_name(p)
        assert pos["covers"] == list(COVERS[p])
    for group, source in (
        ("guilds", GUILDS),
        ("events", EVENTS),
        ("edicts", EDICTS),
        ("edifices", EDIFICE_EFFECTS),
    ):
        assert [g["key"] for g in table[group]] == [g["key"] for g in source]
        for g in table[group]:
            assert g["name"] == {"en": NAMES(g["key"], "en"), "zh-TW": NAMES(g["key"], "zh-TW")}
            assert g["name"]["en"] != g["name"]["zh-TW"]


@pytest.mark.parametrize("layer", range(5))
def test_the_layers_have_names_in_both_languages(layer: int) -> None:
    name = client_components()["layers"][layer]["name"]
    assert name["en"] and name["zh-TW"] and name["en"] != name["zh-TW"]


def test_the_end_of_a_game_is_said_in_both_languages() -> None:
    from meeple.games.ice.text import end_label

    solo = dig_ready(players=1)
    solo.phase = 3
    target = int(RULES["solo_target"])
    solo.renown = [target + 6]
    assert (
        end_label(solo, "en", None)
        == f"Solo: {target + 6} points against the target of {target}: won."
    )
    assert end_label(solo, "zh-TW", None) == f"單人：{target + 6} 分，目標 {target} 分：獲勝。"
    solo.renown = [target - 1]
    assert end_label(solo, "en", None).endswith("lost.")
    two = dig_ready()
    two.phase, two.final = 3, 1
    assert end_label(two, "en", None).startswith("Every edifice was uncovered")
    two.final = 0
    assert end_label(two, "en", None) == "The eighth night ended the game."
    assert end_label(two, "zh-TW", None) == "第八個夜晚過完，就此終局。"


def test_a_tie_broken_by_a_recorded_tiebreak_is_said_and_no_sentence_without_one() -> None:
    from meeple.games.ice.text import tiebreak_label

    state = dig_ready()
    state.edicts = [
        k for k, e in enumerate(EDICTS) if e["key"] in ("archivists", "variety", "matched")
    ]
    assert state.scores() == [0.0, 0.0]
    assert tiebreak_label(state, "en") is None  # level on everything: the rank is shared
    state.board = [[face(SURFACE, kind=HARMONY)], []]  # scores nothing under these edicts
    state.prism_as = [[-1], []]
    assert state.scores() == [0.0, 0.0]
    assert tiebreak_label(state, "en") == (
        "A tie on points was broken by artifacts left on the guild board."
    )
    assert tiebreak_label(state, "zh-TW") == "同分時以公會圖版上剩下的工藝品數分出名次。"
