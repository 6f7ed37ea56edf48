"""ICE: the end of day (item 8), the end and scoring (item 9), solo (item 11),
hidden information (item 12)."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError, Rng
from meeple.games.ice import Ice
from meeple.games.ice.actions import (
    DIG,
    DONE_DAY,
    END_TURN,
    PASS,
    PLAN,
    Display,
    Fulfil,
    KeepRequests,
)
from meeple.games.ice.components import (
    ACCOMPLISHMENT,
    COVERS,
    DAYS,
    DEEP,
    EDIFICE,
    ENLIGHTENED,
    EXALTED,
    HARMONY,
    LAYER_POSITIONS,
    NAVIGATORS,
    PRISM,
    REQUESTS,
    SURFACE,
)
from meeple.games.ice.state import EOD, OVER
from tests.games.ice.builders import (
    blank,
    dig_ready,
    face,
    leader_at,
    ready,
    remove_tile,
    with_arch,
    with_guild,
)


def _to_night(state, boards):  # type: ignore[no-untyped-def]
    """Seat 0 ends a turn; nobody has AP left; the night begins with these guild boards."""
    for seat, faces in enumerate(boards):
        state.board[seat] = list(faces)
        state.prism_as[seat] = [0 if face_kind(f) == PRISM else -1 for f in faces]
    state.ap = [0] * state.game.players
    state.apply(PASS)
    assert state.phase == EOD


def face_kind(f: int) -> int:
    from meeple.games.ice.components import FACES

    return FACES[f].kind


def _card(needs: tuple[int, ...]) -> int:
    return next(c for c, r in enumerate(REQUESTS) if r.needs == needs and not r.deed)


def test_at_night_a_player_completes_one_request_with_the_named_artifacts() -> None:
    state = dig_ready()
    card = _card((HARMONY, HARMONY))
    state.bounty = [card, _card((ACCOMPLISHMENT, ACCOMPLISHMENT))]
    h = face(SURFACE, kind=HARMONY)
    _to_night(state, [[h, face(SURFACE, kind=PRISM), face(SURFACE, kind=ACCOMPLISHMENT)], []])
    legal = state.legal_actions(0)
    assert Fulfil(card) in legal  # harmony + prism standing in
    state.apply(Fulfil(card))
    assert state.done[0] == [card] and card not in state.bounty
    assert [face_kind(f) for f in state.board[0]] == [ACCOMPLISHMENT]
    assert not any(isinstance(a, Fulfil) for a in state.legal_actions(0))  # one a day


def test_a_request_needs_its_artifacts() -> None:
    state = dig_ready()
    card = _card((EXALTED, EXALTED))
    state.bounty = [card]
    _to_night(state, [[face(SURFACE, kind=EXALTED)], []])
    assert Fulfil(card) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError):
        state.apply(Fulfil(card))


def test_only_the_holder_may_complete_a_secret_request() -> None:
    state = dig_ready()
    mine, theirs = state.private[0][0], state.private[1][0]
    needs_mine, needs_theirs = REQUESTS[mine][0], REQUESTS[theirs][0]
    arts = [face(SURFACE, kind=PRISM)] * 3
    _to_night(state, [arts, []])
    legal = state.legal_actions(0)
    assert Fulfil(mine) in legal
    assert Fulfil(theirs) not in legal or theirs in state.bounty
    del needs_mine, needs_theirs


def test_displayed_artifacts_get_one_renown_or_two_when_active_and_at_most_three_are_taken() -> (
    None
):
    state = dig_ready()
    state.bounty = []
    arts = [face(SURFACE, kind=HARMONY), face(DEEP, kind=EXALTED, active=True)] + [
        face(SURFACE, kind=ACCOMPLISHMENT)
    ] * 2
    _to_night(state, [arts, []])
    state.apply(Display(HARMONY, False, False))
    state.apply(Display(EXALTED, False, True))
    assert state.renown[0] == 1 + 2
    state.apply(Display(ACCOMPLISHMENT, False, False))
    assert state.eod_taken == 3
    assert not any(isinstance(a, Display) for a in state.legal_actions(0))
    assert len(state.board[0]) == 1


def test_after_the_night_the_bounty_is_refilled_and_the_next_day_begins() -> None:
    state = dig_ready()
    card = state.bounty[0]
    state.bounty = [card]
    deck = len(state.deck)
    _to_night(state, [[face(SURFACE, kind=HARMONY)], []])
    state.apply(DONE_DAY)
    assert len(state.bounty) == 6 and len(state.deck) == deck - 5
    assert state.day == 2 and state.phase != EOD


def test_the_game_ends_after_eight_days() -> None:
    state = ready()
    while state.day < DAYS:
        state.apply(PASS)
    assert state.day == DAYS
    state.apply(PASS)
    state.apply(PASS)
    assert state.phase == OVER and state.is_terminal()


def _expose_edifices_but_one_cover(state) -> int:  # type: ignore[no-untyped-def]
    covers = sorted({c for p in LAYER_POSITIONS[EDIFICE] for c in COVERS[p]})
    last = covers[0]
    for c in covers[1:]:
        remove_tile(state, c)
    for c in COVERS[last]:
        remove_tile(state, c)
    return last


@pytest.mark.parametrize("end", ["all", "first"])
def test_exposing_the_edifices_plays_out_the_day_then_gives_everyone_one_last_turn_of_three_ap(
    end: str,
) -> None:
    state = blank(ready(players=3, end=end))
    last = _expose_edifices_but_one_cover(state)
    with_guild(state, 0, NAVIGATORS)
    leader_at(state, 0, last)
    with_arch(state, last, 2)
    state.ap = [5, 5, 2]  # seat 2 has spent 3 AP today already
    state.apply(DIG)
    while state.pending():
        state.apply(state.legal_actions(0)[0])
    assert state.final == 1 and state.edifices_exposed() == 3
    assert state.day == 1 and state.phase != EOD
    # Nobody's day is cut short: each spends what is left, in turns as usual.
    left = state.ap[0]
    state.apply(PLAN, 0)
    state.apply(END_TURN, 0)
    state.apply(PLAN, 1)
    assert state.ap[1] == 4
    state.apply(END_TURN, 1)
    assert state.current_seat() == 2 and state.ap[2] == 2
    state.apply(PASS, 2)
    assert state.current_seat() == 0 and state.ap[0] == left - 1 > 0
    state.apply(PASS, 0)
    assert state.current_seat() == 1
    state.apply(PASS, 1)
    # Then one last turn of up to 3 AP each, from the player after the digger.
    for seat in (1, 2, 0):
        assert state.current_seat() == seat and state.ap[seat] == 3
        state.apply(PASS, seat)
    # Then the last night, then the end (no day 2).
    while not state.is_terminal():
        assert state.phase == EOD and state.day == 1
        state.apply(DONE_DAY)
    assert state.day == 1


def test_the_first_edifice_ends_the_game_with_the_publishers_option() -> None:
    state = blank(ready(end="first"))
    p = LAYER_POSITIONS[EDIFICE][0]
    keep = COVERS[p][0]
    for c in COVERS[p][1:]:
        remove_tile(state, c)
    for c in COVERS[keep]:
        remove_tile(state, c)
    leader_at(state, 0, keep)
    with_guild(state, 0, NAVIGATORS)
    with_arch(state, keep, 2)
    state.apply(DIG)
    assert state.final == 1
    seat_all = blank(ready(end="all"))
    for c in COVERS[p][1:]:
        seat_all.tile[c] = -1
    for c in COVERS[keep]:
        seat_all.tile[c] = -1
    seat_all.leader[0] = keep
    seat_all.arch[keep] = 2
    seat_all.apply(DIG)
    assert seat_all.final == 0


def test_scores_are_requests_edicts_and_renown_and_ties_break_on_renown() -> None:
    state = ready()
    state.edicts = [0, 5, 7]  # archivists, surveyors, full boards
    state.done = [[_card((HARMONY, HARMONY))], []]
    state.renown = [3, 5]
    state.camps_set = [1, 0]
    state.guild = [NAVIGATORS, NAVIGATORS]
    assert state.score_breakdown(0) == {
        "requests": 4,
        "archivists": 2,
        "surveyors": 2,
        "full_boards": 0,
        "renown": 3,
    }
    assert state.scores() == [11.0, 5.0]
    state.renown = [3, 11]
    assert state.scores() == [11.0, 11.0]
    assert state.tiebreaks()[1] > state.tiebreaks()[0]
    state.phase = OVER
    assert state.winners() == [1]


def test_enlightened_score_two_more_per_request() -> None:
    state = ready()
    state.edicts = [1, 2, 3]
    state.done = [[_card((HARMONY, HARMONY))], []]
    state.guild = [ENLIGHTENED, NAVIGATORS]
    assert state.score_breakdown(0)["requests"] == 6


def test_solo_is_won_by_reaching_the_target_score() -> None:
    state = ready(players=1)
    assert len(state.bounty) == 3
    state.phase = OVER
    state.renown = [30]
    assert state.solo_won() and state.returns() == [1.0]
    state.renown = [0]
    state.done = [[]]
    assert not state.solo_won() and state.returns() == [-1.0]


# -- hidden information ------------------------------------------------------------------------


def test_views_show_hints_for_visible_hidden_tiles_and_nothing_for_covered_ones() -> None:
    state = dig_ready()
    state.apply(DIG)
    view = state.view(1)
    for p in LAYER_POSITIONS[SURFACE]:
        seen = view["tiles"][p]
        if state.visible(p):
            assert seen in ("?glint", "?frost", "?shadow")
        else:
            assert seen == "?"


def test_views_show_only_ones_own_secret_requests() -> None:
    state = ready()
    v0 = state.view(0)
    assert v0["players"][0]["requests"] == state.private[0]
    assert v0["players"][1]["requests"] is None and v0["players"][1]["requests_held"] == 2
    assert isinstance(v0["deck"], int)


def test_determinize_keeps_hints_and_ones_own_cards_and_redeals_the_rest() -> None:
    state = dig_ready()
    state.apply(DIG)
    changed = False
    for k in range(8):
        other = state.determinize(0, Rng(k))
        assert other.view(0) == state.view(0)
        assert other.private[0] == state.private[0]
        changed |= other.private[1] != state.private[1] or other.tile != state.tile
    assert changed


def test_the_giveback_is_redacted_for_others() -> None:
    state = Ice(players=2).new_initial_state(1)
    card = state.private[0][0]
    action = KeepRequests(card)
    assert str(card) not in state.redact_action(action, 0, 1)
    assert str(card) in state.redact_action(action, 0, 0)


def test_a_dig_is_an_undo_barrier() -> None:
    state = dig_ready()
    assert state.reveals_information(DIG, 0)
    assert not state.reveals_information(END_TURN, 0)
