"""ICE's requests met by a deed (issue 33, item 3).

The seed: a request is completed "執行請求卡上所指示的行動，或放置卡片指定的版塊時" (by
doing the action the card shows, or by laying the tiles it names). The deed cards are
designed content (data.toml ``[[deeds]]``): each names a deed and how many times to do
it within one day; the player completes it at that day's night, as the day's one
request, laying no artifact. Every test arranges a board by hand and checks the outcome.
"""

from __future__ import annotations

import pytest

from meeple.games.ice.actions import (
    DIG,
    END_TURN,
    PASS,
    CallArchaeologist,
    Display,
    Explore,
    Fulfil,
    SetUpCamp,
    UseIce,
)
from meeple.games.ice.components import (
    CENTRE,
    COVERS,
    DEED_COUNTERS,
    DEEP,
    DISTANCE,
    EDGE,
    EDIFICE,
    HARMONY,
    ICE,
    LAYER_POSITIONS,
    NAVIGATORS,
    NEAR,
    NEIGHBOURS,
    NUNATAK,
    REQUESTS,
    SURFACE,
)
from meeple.games.ice.state import EOD
from meeple.games.ice.text import action_label, render
from tests.games.ice.builders import (
    dig_ready,
    face,
    leader_at,
    remove_tile,
    with_arch,
    with_camp,
    with_guild,
)


def _card(deed: str, layer: int = -1) -> int:
    return next(c for c, r in enumerate(REQUESTS) if r.deed == deed and r.layer == layer)


def _offer(state, *cards: int) -> None:  # type: ignore[no-untyped-def]
    """These cards in the bounty, nothing else on offer; seat 0 a Navigator (nothing
    else changes what the deeds cost)."""
    state.bounty = list(cards)
    state.private = [[] for _ in range(state.game.players)]
    with_guild(state, 0, NAVIGATORS)


def _to_night(state) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 ends its turn and everyone's AP is gone: the night begins."""
    state.ap = [0] * state.game.players
    state.apply(END_TURN if state.spent else PASS)
    assert state.phase == EOD


def _next_turn_of_seat_0(state) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 ends its turn, the others pass: seat 0 takes another turn the same day."""
    state.apply(END_TURN)
    while state.current != 0:
        state.apply(PASS)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_a_deed_request_is_completed_at_the_night_of_the_day_its_deed_is_done(
    players: int,
) -> None:
    state = dig_ready(players)
    card = _card("camp")
    _offer(state, card)
    assert REQUESTS[card].times == 2
    a, b = next(
        (p, q)
        for p in LAYER_POSITIONS[ICE]
        for q in LAYER_POSITIONS[ICE]
        if DISTANCE[p][q] >= 3 and DISTANCE[p][CENTRE] >= 3 and DISTANCE[q][CENTRE] >= 3
    )
    with_camp(state, CENTRE, 0)
    state.camps_held[0] = 2
    state.apply(SetUpCamp(a))
    state.apply(SetUpCamp(b))
    assert state.deed_met(0, card)
    board = list(state.board[0])
    _to_night(state)
    assert state.current == 0  # visited tonight though its guild board is empty
    assert Fulfil(card) in state.legal_actions(0)
    state.apply(Fulfil(card))
    assert state.done[0] == [card] and card not in state.bounty
    assert state.board[0] == board  # no artifact laid
    assert state.score_breakdown(0)["requests"] == REQUESTS[card].vp


def test_a_deed_done_short_of_its_count_or_on_an_earlier_day_does_not_count() -> None:
    state = dig_ready()
    card = _card("camp")
    _offer(state, card)
    with_camp(state, CENTRE, 0)
    state.camps_held[0] = 2
    far = next(p for p in LAYER_POSITIONS[ICE] if DISTANCE[p][CENTRE] >= 3)
    state.apply(SetUpCamp(far))  # one camp: the card asks for two
    state.ap = [0] * state.game.players
    state.apply(END_TURN)
    # nobody had anything to do tonight (no artifact, no deed met): the next day starts,
    # and from nothing: one more camp makes one, not two
    assert state.day == 2 and state.done == [[], []]
    assert state.deeds[0] == [0] * len(DEED_COUNTERS)
    state.current, state.spent = 0, 0
    other = next(p for p in LAYER_POSITIONS[ICE] if DISTANCE[p][far] >= 3 and p != far)
    state.apply(SetUpCamp(other))
    assert not state.deed_met(0, card)


def test_the_deed_request_is_the_nights_one_request_and_lays_no_artifact() -> None:
    state = dig_ready()
    deed = _card("ice")
    pair = next(c for c, r in enumerate(REQUESTS) if r.needs == (HARMONY, HARMONY))
    _offer(state, deed, pair)
    state.hand[0] = [NUNATAK] * 3
    for _ in range(3):
        state.apply(UseIce(NUNATAK, -1))
    harmony = face(SURFACE, kind=HARMONY)
    state.board[0], state.prism_as[0] = [harmony] * 3, [-1] * 3
    _to_night(state)
    legal = state.legal_actions(0)
    assert Fulfil(deed) in legal and Fulfil(pair) in legal
    state.apply(Fulfil(deed))
    legal = state.legal_actions(0)
    assert not any(isinstance(a, Fulfil) for a in legal)  # one request a night
    assert Display(HARMONY, False, False) in legal
    for _ in range(3):  # the three artifacts a night are all still there to take
        state.apply(Display(HARMONY, False, False))
    assert state.board[0] == [] and state.renown[0] == 3


def test_another_players_secret_deed_card_is_theirs_alone() -> None:
    state = dig_ready()
    card = _card("ice")
    _offer(state)
    state.private[1] = [card]
    state.hand[0] = [NUNATAK] * 3
    for _ in range(3):
        state.apply(UseIce(NUNATAK, -1))
    assert state.deed_met(0, card)
    state.board[0], state.prism_as[0] = [face(SURFACE, kind=HARMONY)], [-1]
    _to_night(state)
    assert state.current == 0 and Fulfil(card) not in state.legal_actions(0)


# -- each deed counts what it names ------------------------------------------------------


def test_calls_count_call_actions() -> None:
    state = dig_ready()
    card = _card("call")
    with_camp(state, CENTRE)
    for _ in range(REQUESTS[card].times):
        assert not state.deed_met(0, card)
        state.apply(CallArchaeologist(CENTRE))
    assert state.deed_met(0, card)


def test_steps_and_escorted_archaeologists_count_over_several_turns_of_the_day() -> None:
    state = dig_ready()
    steps, escort = _card("step"), _card("escort")
    assert (REQUESTS[steps].times, REQUESTS[escort].times) == (4, 5)
    with_guild(state, 0, NAVIGATORS)  # the first step of each turn is free: 4 steps in 2 turns
    with_arch(state, CENTRE, 3)
    path = [CENTRE]
    while len(path) < 5:
        path.append(next(q for q in NEAR[path[-1]] if q not in path and not EDGE[q]))
    state.apply(Explore(path[1], 3))
    state.apply(Explore(path[2], 0))
    state.apply(Explore(path[3], 0))
    _next_turn_of_seat_0(state)
    assert not state.deed_met(0, steps) and not state.deed_met(0, escort)
    seen = state.view(1)["players"][0]["deeds"]
    assert (seen["step"], seen["escort"]) == (3, 3)
    with_arch(state, path[3], 1)
    state.apply(Explore(path[4], 1))
    assert state.deed_met(0, steps) and not state.deed_met(0, escort)  # 4 of 5 carried
    state.apply(Explore(path[3], 1))
    assert state.deed_met(0, escort)


def test_digs_count_by_layer_and_falls_count_the_tiles_a_collapse_brings_down() -> None:
    state = dig_ready()
    fall = _card("fall")
    row = [CENTRE]  # a chain of ice tiles, each touching only the next: a dig drops 3
    while len(row) < 4:
        row.append(
            next(
                q
                for q in NEIGHBOURS[row[-1]]
                if q not in row and not EDGE[q] and not any(q in NEIGHBOURS[r] for r in row[:-1])
            )
        )
    for p in LAYER_POSITIONS[ICE]:
        if p not in row:
            remove_tile(state, p)
    with_arch(state, CENTRE, 2)  # a free dig
    state.apply(DIG)
    while state.pending() == "share":
        state.apply(state.legal_actions(0)[0])
    counts = state.view(1)["players"][0]["deeds"]
    assert counts["dig_ice"] == 1 and counts["fall"] == 3
    assert state.deed_met(0, fall)
    # two deep tiles dug: the deep dive; each one a tile of its own layer only
    deep = _card("dig", DEEP)
    tiles = [p for p in LAYER_POSITIONS[DEEP]][:2]
    for p in tiles:
        for c in COVERS[p]:
            remove_tile(state, c)
    for p in tiles:
        leader_at(state, 0, p)
        with_arch(state, p, 2)
        assert not state.deed_met(0, deep)
        state.apply(DIG)
        while state.pending() is not None:
            state.apply(state.legal_actions(0)[0])
    assert state.deeds[0][DEED_COUNTERS.index("dig_deep")] == 2 and state.deed_met(0, deep)


def test_exposing_an_edifice_counts_for_the_edifice_deed() -> None:
    state = dig_ready()
    card = _card("edifice")
    target = LAYER_POSITIONS[EDIFICE][0]
    covers = list(COVERS[target])
    for c in covers[1:]:
        remove_tile(state, c)
    last = covers[0]
    for c in COVERS[last]:
        remove_tile(state, c)
    leader_at(state, 0, last)
    with_arch(state, last, 2)
    state.apply(DIG)
    assert state.uncovered(target) and state.deed_met(0, card)


# -- words ----------------------------------------------------------------------------


def test_deed_cards_are_named_by_their_deed_in_both_languages_with_todays_progress() -> None:
    state = dig_ready()
    deep = _card("dig", DEEP)
    _offer(state, deep)
    assert action_label(Fulfil(deep), "en") == (
        f"Complete request {deep} (dig 2 deep tiles in one day, 4 VP)"
    )
    assert (
        action_label(Fulfil(deep), "zh-TW") == f"完成請求卡 {deep}（一天內挖掘 2 塊底層版塊，4 分）"
    )
    state.deeds[0][DEED_COUNTERS.index("dig_deep")] = 1
    assert "dig 2 deep tiles in one day, 4 VP) [1/2 today]" in render(state.view(0), 0, "en")
    assert "一天內挖掘 2 塊底層版塊，4 分） [今天 1/2]" in render(state.view(0), 0, "zh-TW")
    edifice = _card("edifice")
    assert action_label(Fulfil(edifice), "en") == (
        f"Complete request {edifice} (expose an edifice, 4 VP)"
    )
