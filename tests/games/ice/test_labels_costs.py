"""ICE's choices say what they cost where they are taken, and the log tells another
player's move in the third person (issue 34, items 1 and 2), in both languages."""

from __future__ import annotations

from meeple.core.labels import action_label, log_label
from meeple.games.ice import IceState
from meeple.games.ice.actions import DIG, PASS, CallArchaeologist, Explore
from meeple.games.ice.components import (
    ALCHEMISTS,
    CENTRE,
    CRYOARCHITECTS,
    NAVIGATORS,
    tile_name,
)
from tests.games.ice.ice_helpers import dig_ready


def label(state: IceState, action: object, lang: str = "en") -> str:
    return action_label(state.game, action, lang, state)  # type: ignore[arg-type]


def test_a_dig_says_its_ap_three_less_one_for_the_leader_standing_there() -> None:
    state = dig_ready()
    state.guild[0] = ALCHEMISTS
    assert label(state, DIG) == "Dig under your leader (2 AP)"
    assert label(state, DIG, "zh-TW") == "挖掘隊長腳下的版塊（2 AP）"
    state.arch[CENTRE] = 2  # three figures: the dig is free
    assert label(state, DIG) == "Dig under your leader (free)"
    assert label(state, DIG, "zh-TW") == "挖掘隊長腳下的版塊（免費）"


def test_an_explore_step_costs_one_ap_but_the_navigators_first_is_labelled_free() -> None:
    state = dig_ready()
    state.guild[0] = ALCHEMISTS
    step = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    assert label(state, step).endswith(" (1 AP)")
    assert label(state, step, "zh-TW").endswith("（1 AP）")
    state.guild[0] = NAVIGATORS
    assert label(state, step).endswith(" (free: the Navigators' first step this turn)")
    assert label(state, step, "zh-TW").endswith("（免費：領航者本回合的第一步）")
    state.apply(step, 0)
    after = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    assert label(state, after).endswith(" (1 AP)")  # the second step is paid


def test_a_free_step_alone_is_no_turn_so_the_pass_says_what_it_gives_up() -> None:
    """The seed's turn spends 1-3 AP; a Navigators' free step spends none, so the turn
    still ends only by passing, and the pass names the AP it gives up (docs/games/ice.md)."""
    state = dig_ready()
    state.guild[0] = NAVIGATORS
    step = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    state.apply(step, 0)
    assert PASS in state.legal_actions(0)
    assert label(state, PASS) == "Pass (give up today's remaining 5 AP)"
    assert label(state, PASS, "zh-TW") == "跳過（放棄今天剩下的 5 AP）"


def test_a_call_counts_the_archaeologists_the_guild_brings() -> None:
    state = dig_ready()
    state.camp[CENTRE] = 1
    call = CallArchaeologist(CENTRE)
    state.guild[0] = ALCHEMISTS
    assert label(state, call) == f"Call an archaeologist to the camp on {_tile(CENTRE)} (1 AP)"
    state.guild[0] = CRYOARCHITECTS
    assert label(state, call) == f"Call 2 archaeologists to the camp on {_tile(CENTRE)} (1 AP)"
    assert label(state, call, "zh-TW") == f"呼叫 2 位考古學家到 {_tile(CENTRE)} 的營地（1 AP）"
    state.arch_supply = 1  # the supply has one left: the call brings one
    assert label(state, call) == f"Call an archaeologist to the camp on {_tile(CENTRE)} (1 AP)"
    state.apply(call, 0)
    assert state.arch[CENTRE] == 1


def test_the_log_tells_another_players_dig_as_theirs_with_its_cost() -> None:
    state = dig_ready()
    state.guild[0] = ALCHEMISTS
    line = log_label(state, DIG, 0, 1, "en")
    assert line.startswith("digs under their leader (2 AP)"), line
    zh = log_label(state, DIG, 0, 1, "zh-TW")
    assert zh.startswith("挖掘自己隊長腳下的版塊（2 AP）") and "你" not in zh, zh


def _tile(p: int) -> str:
    return tile_name(p)
