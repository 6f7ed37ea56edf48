"""ICE's decisions on the core's stack (issue 35, item 1): what a dig leaves its digger to
decide is a declared kind each (games/ice/decisions.py), pushed in the order it is
decided; a state stored before, with a pending field per decision, loads as that stack
and plays on as it did."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from meeple.core import IllegalActionError
from meeple.core.decisions import Decision
from meeple.games.ice import Ice, IceState
from meeple.games.ice.actions import DIG, MoveCamp, PlaceFigure, PrismAs, TakeFallen
from meeple.games.ice.components import (
    CENTRE,
    EXALTED,
    HARMONY,
    INCANDESCENTS,
    NUNATAK,
    PHILOSOPHY,
    PRISM,
    SURFACE,
)
from meeple.games.ice.decisions import KINDS
from meeple.games.ice.state import KIND_NAMES
from tests.games.ice.builders import (
    dig_ready,
    face,
    ice_at,
    tile_at,
    two_layer_cascade,
    with_ap,
    with_arch,
    with_guild,
)

OLD = Path(__file__).with_name("old_pending_state.json")


def all_five() -> IceState:
    """Seat 0 (3 players) about to dig a surface Harmony under the centre: three leaders
    and three archaeologists stand on the two tiles, both hold a camp, a tile falls in
    each layer, and its guild board holds Philosophy, Exalted and a prism: the dig leaves
    all five decisions at once."""
    state = dig_ready(players=3)
    with_guild(state, 0, INCANDESCENTS)
    state.board[0] = [
        face(SURFACE, kind=PHILOSOPHY, active=True),
        face(SURFACE, kind=EXALTED, active=True),
        face(SURFACE, kind=PRISM),
    ]
    state.prism_as[0] = [-1, -1, 0]
    s, ix, sx = two_layer_cascade(state)
    tile_at(state, sx, face(SURFACE, kind=HARMONY, active=True))
    tile_at(state, s, face(SURFACE, kind=HARMONY))
    ice_at(state, ix, NUNATAK)
    state.leader = [s, CENTRE, s]
    with_arch(state, s, 2)
    with_arch(state, CENTRE, 1)
    state.arch_supply -= 3
    state.camp[CENTRE] = state.camp[s] = 1
    with_ap(state, 0, 9)
    return state


def _kinds(state: IceState) -> list[str]:
    """The kinds owed, the next first."""
    return [d.kind for d in reversed(state.decisions)]


def test_a_dig_leaves_its_decisions_on_the_stack_in_the_order_they_are_decided() -> None:
    """Figures, then camps, then prisms, then Philosophy, then Exalted: the order the five
    pending fields were checked in; all the digger's, and its turn while any is owed."""
    state = all_five()
    state.apply(DIG)
    assert _kinds(state) == ["share", "camp", "prism", "fallen", "exalt"]
    assert {d.seat for d in state.decisions} == {0}
    assert state.turn().seats == (0,) and state.pending() == "share"
    assert state.legal_actions(0) == KINDS.answers(state, state.decisions[-1])
    assert all(isinstance(a, PlaceFigure) for a in state.legal_actions(0))
    while state.pending() == "share":
        state.apply(state.legal_actions(0)[0])
    assert _kinds(state) == ["camp", "prism", "fallen", "exalt"]
    while state.pending() == "camp":
        state.apply(state.legal_actions(0)[0])
    state.apply(PrismAs(HARMONY))
    assert _kinds(state) == ["fallen", "exalt"]
    harmony = face(SURFACE, kind=HARMONY, active=True)
    state.apply(TakeFallen(harmony))
    # an artifact joined the board: the prism is placed again, before Exalted's tile
    assert _kinds(state) == ["prism", "exalt"]
    assert state.view(1)["pending"]["prism_place"] == "harmony"
    state.apply(PrismAs(HARMONY))
    assert _kinds(state) == ["exalt"]
    state.apply(state.legal_actions(0)[1])
    assert state.decisions == () and state.pending() is None


def test_an_answer_to_another_decision_is_refused_and_changes_nothing() -> None:
    state = all_five()
    state.apply(DIG)
    before = state.to_json()
    for wrong in (TakeFallen(-1), MoveCamp(state.view(0)["pending"]["exposed"][0]), DIG):
        with pytest.raises(IllegalActionError):
            state.apply(wrong)
        assert state.to_json() == before


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_kind_says_what_it_asks(lang: str) -> None:
    """One row per decision a dig leaves, each with its words in both languages."""
    assert KINDS.names() == list(KIND_NAMES)
    words = [KINDS.words(kind, lang) for kind in KIND_NAMES]
    assert len(set(words)) == len(words) and all(words)
    if lang == "zh-TW":
        assert all(any("\u4e00" <= ch <= "\u9fff" for ch in w) for w in words)
    assert words != [KINDS.words(kind, "zh-TW" if lang == "en" else "en") for kind in KIND_NAMES]


def _old() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(OLD.read_text())
    return data


def test_an_old_state_with_pending_fields_loads_as_the_stack() -> None:
    """The stored state (made before the stack, old_pending_state.json) is the position
    all_five's dig leads to now: its pending fields become the same five decisions."""
    old = _old()
    game = Ice(players=old["players"], **old["options"])
    assert "share_figs" in old["state"] and "decisions" not in old["state"]
    loaded = game.state_from_json(old["state"])
    now = all_five()
    now.apply(DIG)
    assert loaded.to_json() == now.to_json()
    assert loaded.decisions[-1] == Decision(0, "share", loaded.decisions[-1].args)
    assert _kinds(loaded) == ["share", "camp", "prism", "fallen", "exalt"]


def test_an_old_state_plays_on_identically() -> None:
    """Every step played from the old state then: the same seat, the same pending view
    (what the browser reads), the same legal actions; each old snapshot loads as the state
    reached now, and the end is the same state."""
    old = _old()
    game = Ice(players=old["players"], **old["options"])
    state = game.state_from_json(old["state"])
    for step in old["steps"]:
        seat = state.current_seat()
        assert seat == step["seat"]
        if step["old"] is not None:
            assert game.state_from_json(step["old"]).to_json() == state.to_json()
        assert state.view(seat)["pending"] == step["pending"]
        legal = [str(a) for a in state.legal_actions(seat)]
        assert hashlib.sha256(repr(legal).encode()).hexdigest()[:16] == step["legal"]
        state.apply(game.action_from_json(step["action"]), seat)
    assert state.to_json() == game.state_from_json(old["after"]).to_json()
