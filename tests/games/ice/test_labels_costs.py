"""ICE's choices say what they cost where they are taken, and the log tells another
player's move in the third person (issue 34, items 1 and 2), in both languages."""

from __future__ import annotations

from meeple.core.labels import action_label, log_label
from meeple.games.ice import IceState
from meeple.games.ice.actions import DIG, END_TURN, PASS, CallArchaeologist, Explore
from meeple.games.ice.components import (
    ALCHEMISTS,
    CENTRE,
    CRYOARCHITECTS,
    NAVIGATORS,
    tile_name,
)
from meeple.games.ice.rules import _LAST_TURNS
from tests.games.ice.builders import dig_ready, with_ap, with_arch, with_camp, with_guild


def label(state: IceState, action: object, lang: str = "en") -> str:
    return action_label(state.game, action, lang, state)  # type: ignore[arg-type]


def test_a_dig_says_its_ap_three_less_one_for_the_leader_standing_there() -> None:
    state = dig_ready()
    with_guild(state, 0, ALCHEMISTS)
    assert label(state, DIG) == "Dig under your leader (2 AP)"
    assert label(state, DIG, "zh-TW") == "挖掘隊長腳下的版塊（2 AP）"
    with_arch(state, CENTRE, 2)  # three figures: the dig is free
    assert label(state, DIG) == "Dig under your leader (free)"
    assert label(state, DIG, "zh-TW") == "挖掘隊長腳下的版塊（免費）"


def test_an_explore_step_costs_one_ap_but_the_navigators_first_is_labelled_free() -> None:
    state = dig_ready()
    with_guild(state, 0, ALCHEMISTS)
    step = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    assert label(state, step).endswith(" (1 AP)")
    assert label(state, step, "zh-TW").endswith("（1 AP）")
    with_guild(state, 0, NAVIGATORS)
    assert label(state, step).endswith(" (free: the Navigators' first step this turn)")
    assert label(state, step, "zh-TW").endswith("（免費：領航者本回合的第一步）")
    state.apply(step, 0)
    after = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    assert label(state, after).endswith(" (1 AP)")  # the second step is paid


def test_after_the_navigators_free_step_the_turn_ends_keeping_the_days_ap() -> None:
    """The free step spends no AP; the turn may still end without giving up the day
    (the seed's day lasts "until every player has used up their AP"): End turn keeps
    the 5 AP and says so beside the pass, which names what it gives up (issue 34, 2)."""
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    step = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    state.apply(step, 0)
    assert state.ap[0] == 5 and state.spent == 0
    assert {END_TURN, PASS} <= set(state.legal_actions(0))
    assert label(state, END_TURN) == "End your turn (keep today's remaining 5 AP)"
    assert label(state, END_TURN, "zh-TW") == "結束回合（保留今天剩下的 5 AP）"
    assert label(state, PASS) == "Pass (give up today's remaining 5 AP)"
    assert label(state, PASS, "zh-TW") == "跳過（放棄今天剩下的 5 AP）"
    state.apply(END_TURN, 0)
    assert state.current == 1 and state.ap[0] == 5  # the AP are kept for a later turn
    assert log_label(state, END_TURN, 1, 0, "en") == "ends their turn"


def test_a_turn_with_nothing_spent_and_no_free_step_still_ends_only_by_passing() -> None:
    state = dig_ready()
    with_guild(state, 0, ALCHEMISTS)
    legal = state.legal_actions(0)
    assert PASS in legal and END_TURN not in legal
    step = next(a for a in legal if isinstance(a, Explore))
    state.apply(step, 0)  # a paid step: the turn spent 1 AP and ends as usual
    assert END_TURN in state.legal_actions(0) and PASS not in state.legal_actions(0)
    assert label(state, END_TURN) == "End your turn"


def test_a_navigator_alone_with_ap_spends_or_passes_so_the_day_ends() -> None:
    """With nobody else holding AP, ending the turn would only start the Navigator's own
    next turn with a new free step, again and again: then the turn spends or passes."""
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    with_ap(state, 1, 0)
    step = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    state.apply(step, 0)
    legal = state.legal_actions(0)
    assert END_TURN not in legal and PASS in legal
    assert any(isinstance(a, Explore) for a in legal)  # a paid step, then End turn


def test_in_the_last_turns_a_free_step_may_end_the_turn_keeping_nothing() -> None:
    """The last turns end one by one whatever is left, so End turn is offered after a
    free step alone, and says nothing of keeping AP there is no day left to spend."""
    state = dig_ready()
    with_guild(state, 0, NAVIGATORS)
    with_ap(state, 1, 0)
    state.final = _LAST_TURNS
    step = next(a for a in state.legal_actions(0) if isinstance(a, Explore))
    state.apply(step, 0)
    assert END_TURN in state.legal_actions(0)
    assert label(state, END_TURN) == "End your turn"
    assert label(state, END_TURN, "zh-TW") == "結束回合"


def test_a_call_counts_the_archaeologists_the_guild_brings() -> None:
    state = dig_ready()
    with_camp(state, CENTRE)
    call = CallArchaeologist(CENTRE)
    with_guild(state, 0, ALCHEMISTS)
    assert label(state, call) == f"Call an archaeologist to the camp on {_tile(CENTRE)} (1 AP)"
    with_guild(state, 0, CRYOARCHITECTS)
    assert label(state, call) == f"Call 2 archaeologists to the camp on {_tile(CENTRE)} (1 AP)"
    assert label(state, call, "zh-TW") == f"呼叫 2 位考古學家到 {_tile(CENTRE)} 的營地（1 AP）"
    state.arch_supply = 1  # the supply has one left: the call brings one
    assert label(state, call) == f"Call an archaeologist to the camp on {_tile(CENTRE)} (1 AP)"
    state.apply(call, 0)
    assert state.arch[CENTRE] == 1


def test_the_log_tells_another_players_dig_as_theirs_with_its_cost() -> None:
    state = dig_ready()
    with_guild(state, 0, ALCHEMISTS)
    line = log_label(state, DIG, 0, 1, "en")
    assert line.startswith("digs under their leader (2 AP)"), line
    zh = log_label(state, DIG, 0, 1, "zh-TW")
    assert zh.startswith("挖掘自己隊長腳下的版塊（2 AP）") and "你" not in zh, zh


def _tile(p: int) -> str:
    return tile_name(p)
