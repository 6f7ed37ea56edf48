"""ICE's guild board read again against the seed (issue 33, item 2): five places,
each holding any number of artifacts; a prism lies in the place its owner picks and
makes the *other* artifacts there active, for abilities, renown and the edict that
counts active artifacts on display.

The seed's words: the board has "5 個放置工藝品版塊的欄位"; the prism is "放在公會圖版
的任意欄位上，並使放置位置的其他工藝品變為啟用狀態" and "當玩家獲得（挖掘）新的工藝品
版塊時，可以重新選擇稜鏡的用途". Every test arranges a board by hand and checks the outcome.
"""

from __future__ import annotations

import pytest

from meeple.games.ice.actions import (
    DIG,
    PASS,
    Display,
    PrismAs,
)
from meeple.games.ice.components import (
    ACCOMPLISHMENT,
    ALCHEMISTS,
    CENTRE,
    COVERS,
    DEEP,
    EDICTS,
    EXALTED,
    HARMONY,
    MIDDLE,
    NAVIGATORS,
    PRISM,
    SUPPORTS,
    SURFACE,
)
from meeple.games.ice.state import EOD
from meeple.games.ice.text import render
from tests.games.ice.builders import dig_ready, face, leader_at, remove_tile, tile_at, with_guild

INERT = face(SURFACE, kind=HARMONY)  # an inactive Harmony
PRISM_FACE = face(SURFACE, kind=PRISM)


def _hold(state, seat: int, *pairs: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """``seat``'s guild board holds these (face, place of a prism) pairs, in order."""
    state.board[seat] = [f for f, _ in pairs]
    state.prism_as[seat] = [p for _, p in pairs]
    with_guild(state, seat, NAVIGATORS)  # no guild that changes the artifacts' rules


def _dig_an_artifact(state, kind: int, k: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Seat 0's leader stands on the ``k``-th surface tile under the ice centre, now
    uncovered and holding ``kind``, and digs it (its figures shared out)."""
    p = SUPPORTS[CENTRE][k]
    for c in COVERS[p]:
        remove_tile(state, c)
    tile_at(state, p, face(SURFACE, kind=kind))
    leader_at(state, 0, p)
    state.apply(DIG)
    while state.pending() == "share":
        state.apply(state.legal_actions(0)[0])


def _night(state) -> None:  # type: ignore[no-untyped-def]
    """Everyone's AP gone: seat 0 passes and the night begins with seat 0 to take."""
    state.ap = [0] * state.game.players
    state.bounty = []
    state.private = [[] for _ in range(state.game.players)]
    state.apply(PASS)
    assert state.phase == EOD and state.current == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_a_place_holds_several_artifacts_and_a_sixth_dug_artifact_is_kept(players: int) -> None:
    """Until 2026-12-03 the board held five artifacts, one a slot, and lost a sixth."""
    state = dig_ready(players)
    _hold(state, 0, *[(face(SURFACE, kind=ACCOMPLISHMENT), -1)] * 5)
    _dig_an_artifact(state, HARMONY)
    assert len(state.board[0]) == 6
    places = state.view(0)["players"][0]["board"]
    assert [p["place"] for p in places] == [
        "accomplishment",
        "exalted",
        "harmony",
        "philosophy",
        "obliteration",
    ]
    assert [len(p["artifacts"]) for p in places] == [5, 0, 1, 0, 0]
    # a seventh, of the same type, joins its place too
    state.spent, state.ap[0] = 0, 5
    _dig_an_artifact(state, HARMONY, 1)
    assert [len(p["artifacts"]) for p in state.view(1)["players"][0]["board"]] == [5, 0, 2, 0, 0]


def test_a_prism_makes_the_other_artifacts_in_its_place_active() -> None:
    state = dig_ready()
    exalted = face(SURFACE, kind=EXALTED)
    _hold(state, 0, (INERT, -1), (INERT, -1), (PRISM_FACE, HARMONY), (exalted, -1))
    assert [state.lit(0, i) for i in range(4)] == [True, True, False, False]
    harmony = state.view(0)["players"][0]["board"][HARMONY]["artifacts"]
    assert harmony == [
        {"kind": "harmony", "active": False, "lit": True},
        {"kind": "harmony", "active": False, "lit": True},
        {"kind": "prism", "active": False, "lit": False},
    ]
    # abilities: Harmony works through the prism; a lone inactive Exalted does not
    assert state.works(0, HARMONY) and not state.works(0, EXALTED)
    # renown: a Harmony the prism makes active scores 2, the lone Exalted 1, and the
    # prism itself 1 (no other prism shares its place)
    _night(state)
    state.apply(Display(HARMONY, False, False))
    assert state.renown[0] == 2
    state.apply(Display(EXALTED, False, False))
    assert state.renown[0] == 3
    state.apply(Display(HARMONY, True, False))
    assert state.renown[0] == 4
    assert state.view(0)["players"][0]["shown"] == ["harmony*", "exalted", "prism"]


def test_without_its_prism_a_place_is_inactive_again() -> None:
    """The prism's light lasts while it lies there: displayed first, it leaves the
    others in its place inactive (1 renown)."""
    state = dig_ready()
    _hold(state, 0, (INERT, -1), (PRISM_FACE, HARMONY))
    _night(state)
    state.apply(Display(HARMONY, True, False))
    assert not state.lit(0, 0) and not state.works(0, HARMONY)
    state.apply(Display(HARMONY, False, False))
    assert state.renown[0] == 2  # 1 for the prism, 1 for the Harmony left alone


def test_two_prisms_in_one_place_make_each_other_active() -> None:
    state = dig_ready()
    _hold(state, 0, (PRISM_FACE, EXALTED), (PRISM_FACE, EXALTED), (PRISM_FACE, HARMONY))
    assert [state.lit(0, i) for i in range(3)] == [True, True, False]
    assert state.works(0, EXALTED) and not state.works(0, HARMONY)


def test_a_new_artifact_lets_the_prism_move_and_its_light_moves_with_it() -> None:
    state = dig_ready()
    exalted = face(SURFACE, kind=EXALTED)
    _hold(state, 0, (INERT, -1), (exalted, -1), (PRISM_FACE, HARMONY))
    assert state.works(0, HARMONY) and not state.works(0, EXALTED)
    _dig_an_artifact(state, ACCOMPLISHMENT)
    assert state.pending() == "prism"
    assert state.view(0)["pending"]["prism_place"] == "harmony"
    assert set(state.legal_actions(0)) == {PrismAs(t) for t in range(5)}
    state.apply(PrismAs(EXALTED))
    assert state.works(0, EXALTED) and not state.works(0, HARMONY)
    assert not state.lit(0, 0) and state.lit(0, 1)
    exalted_place = state.view(0)["players"][0]["board"][EXALTED]["artifacts"]
    assert [a["kind"] for a in exalted_place] == ["exalted", "prism"]


def test_the_night_offers_each_different_artifact_of_a_place_once() -> None:
    """Artifacts alike in place, kind and printed side are alike in play: one choice."""
    state = dig_ready()
    active = face(MIDDLE, kind=HARMONY, active=True)
    _hold(state, 0, (INERT, -1), (face(MIDDLE, kind=HARMONY), -1), (active, -1), (PRISM_FACE, 0))
    _night(state)
    displays = [a for a in state.legal_actions(0) if isinstance(a, Display)]
    assert sorted(displays, key=lambda a: (a.place, a.prism, a.active)) == [
        Display(ACCOMPLISHMENT, True, False),
        Display(HARMONY, False, False),
        Display(HARMONY, False, True),
    ]
    state.apply(Display(HARMONY, False, True))
    assert state.renown[0] == 2 and state.board[0].count(active) == 0


def test_the_luminaries_edict_counts_artifacts_displayed_while_active() -> None:
    """The edict that counts active artifacts on display counts those a prism made
    active when they were displayed."""
    state = dig_ready()
    lum = next(e for e, edict in enumerate(EDICTS) if edict["kind"] == "active")
    state.edicts = [lum]
    deep = face(DEEP, kind=EXALTED, active=True)
    _hold(state, 0, (INERT, -1), (PRISM_FACE, HARMONY), (deep, -1), (INERT, -1))
    _night(state)
    state.apply(Display(HARMONY, False, False))  # lit by the prism
    state.apply(Display(EXALTED, False, True))  # printed active
    state.apply(Display(HARMONY, False, False))  # lit by the prism still
    assert state.edict_score(0, lum) == 3 * int(EDICTS[lum]["value"])
    assert state.renown[0] == 6


def test_alchemists_still_need_only_one_inactive_artifact_in_a_place() -> None:
    state = dig_ready()
    _hold(state, 0, (INERT, -1))
    with_guild(state, 0, ALCHEMISTS)
    assert state.works(0, HARMONY) and not state.lit(0, 0)


def test_the_terminal_lists_the_board_place_by_place_in_both_languages() -> None:
    state = dig_ready()
    _hold(state, 0, (INERT, -1), (PRISM_FACE, HARMONY), *[(face(SURFACE, kind=0), -1)] * 2)
    en = render(state.view(0), 0, "en")
    zh = render(state.view(0), 0, "zh-TW")
    assert "guild board: Accomplishment: Accomplishment ×2; Harmony: Harmony+, Prism" in en
    assert "+ made active by a prism in its place" in en
    assert "公會圖版：成就欄位：成就 ×2；和諧欄位：和諧+、稜鏡" in zh
    assert "+ 因同一欄位的稜鏡而啟用" in zh
