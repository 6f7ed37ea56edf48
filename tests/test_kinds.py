"""core.kinds: decision kinds declared once, in a table, answered through the core.

Played on the shared toy card game (tests/toy.py): card 3 makes every other seat
discard (the game's ``discard`` kind), card 2 asks its player to choose (the core's
``choose`` kind).
"""

from __future__ import annotations

import json

import pytest

from meeple.core import Action, IllegalActionError, Turn
from meeple.core import decisions as dec
from meeple.core.kinds import Kind, Kinds, continuation
from tests.toy import (
    ENGINE,
    KINDS,
    Discard,
    Option,
    PlayCard,
    ToyCards,
    ToyCardsState,
    ToyTogether,
    ToyTogetherState,
)


def _state(players: int) -> ToyCardsState:
    return ToyCards(players).new_initial_state()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_decision_owed_by_another_seat_takes_the_turn_until_answered(players: int) -> None:
    """Card 3: each other seat discards, in seat order from the player's left; each is
    that seat's turn with the kind's answers as its legal actions; then the card's last
    effect runs for its player and the turn passes on."""
    s = _state(players)
    s.apply(PlayCard(3), 0)
    for other in range(1, players):
        assert s.turn() == Turn.seat(other)
        assert s.legal_actions(other) == [Discard(1), Discard(2), Discard(3)]
        assert s.legal_actions(0) == []
        s.apply(Discard(other % 3 + 1), other)
        assert s.discarded[other] == [other % 3 + 1]
    assert s.virtue[0] == 1  # the rest of card 3, for its player, after the last discard
    assert s.decisions == dec.EMPTY and s.turn() == Turn.seat(1)


def test_a_kind_can_keep_its_decision_with_new_args() -> None:
    """``Again``: two cards to discard is one decision answered twice."""
    s = _state(2)
    s.decisions = dec.push(s.decisions, dec.Decision(1, "discard", (2,)))
    s.apply(Discard(3), 1)
    assert dec.top(s.decisions) == dec.Decision(1, "discard", (1,))
    s.apply(Discard(1), 1)
    assert s.decisions == dec.EMPTY and s.hand[1] == [2]


def test_the_core_choose_kind_offers_only_options_that_can_be_taken() -> None:
    """Card 2 with 1 silver: both options; with none, the virtue (paying 1) is left out
    and the other is taken without asking."""
    s = _state(2)
    s.apply(PlayCard(2), 0)
    assert s.turn() == Turn.seat(0) and s.legal_actions(0) == [Option(0), Option(1)]
    s.apply(Option(1), 0)
    assert (s.silver[0], s.virtue[0]) == (0, 1)
    s = _state(2)
    s.silver[0] = 0
    s.apply(PlayCard(2), 0)
    assert s.decisions == dec.EMPTY and s.silver[0] == 2 and s.turn() == Turn.seat(1)


def test_a_refused_answer_changes_nothing() -> None:
    s = _state(3)
    s.apply(PlayCard(3), 0)
    before = json.dumps(s.to_json(), sort_keys=True)
    for action, seat in ((Option(0), 1), (PlayCard(1), 1), (Discard(1), 2), (Discard(1), 0)):
        with pytest.raises(IllegalActionError):
            s.apply(action, seat)
        assert json.dumps(s.to_json(), sort_keys=True) == before


def test_a_stand_in_answers_or_passes_over() -> None:
    """The core's choose stands in with the first option it may take; a kind without a
    stand-in is passed over (its continuation runs as if it were declined)."""
    s = _state(2)
    s.apply(PlayCard(2), 0)
    KINDS.stand_in(s)
    assert s.silver[0] == 3 and s.decisions == dec.EMPTY
    s = _state(2)
    s.decisions = dec.push(
        s.decisions, dec.Decision(1, "discard", (1,), rest=(("gain", "virtue", 1),))
    )
    KINDS.stand_in(s)
    assert s.hand[1] == [1, 2, 3] and s.virtue[1] == 1


def test_an_answer_s_program_runs_as_the_deciding_seat_then_the_rest_as_the_actor() -> None:
    d = dec.Decision(2, "discard", (1,), rest=(("gain", "silver", 1),), actor=0)
    assert continuation(d, (("gain", "virtue", 1),)) == (
        ("as", 2, (("gain", "virtue", 1),)),
        ("gain", "silver", 1),
    )
    own = dec.Decision(2, "discard", (1,), rest=(("gain", "silver", 1),))
    assert continuation(own, (("gain", "virtue", 1),)) == (
        ("gain", "virtue", 1),
        ("gain", "silver", 1),
    )


@pytest.mark.parametrize(
    ("lang", "asks", "told"),
    [("en", "a card to discard", "discards 2"), ("zh-TW", "要棄掉的牌", "棄掉了 2")],
)
def test_a_kind_s_words_and_labels_in_both_languages(lang: str, asks: str, told: str) -> None:
    s = _state(2)
    d = dec.Decision(1, "discard", (1,))
    assert KINDS.words("discard", lang) == asks
    assert KINDS.words("choose", lang) == {"en": "choose an option", "zh-TW": "選擇一個選項"}[lang]
    assert KINDS.label(s, d, Discard(2), lang, True) == told
    assert KINDS.label(s, dec.Decision(0, "choose", ((), ())), Option(0), lang, False) is None


def test_an_unknown_kind_is_refused_clearly_and_a_choice_is_answered_by_the_core_s_option() -> None:
    s = _state(2)
    s.decisions = dec.push(s.decisions, dec.Decision(1, "bribe"))
    with pytest.raises(IllegalActionError, match="no decision of kind 'bribe'"):
        s.legal_actions(1)
    table = Kinds(
        {"discard": Kind(lambda s, d: [], lambda s, d, a: (), {"en": "", "zh-TW": ""})}, ENGINE
    )
    choice = dec.Decision(0, "choose", ((("gain", 1),), ()))
    assert table.answers(_state(2), choice) == [Option(0), Option(1)]  # the core's answer
    with pytest.raises(IllegalActionError, match="does not answer a choice"):
        table["choose"].take(_state(2), choice, Discard(1))


def test_a_state_mid_decision_round_trips_through_json() -> None:
    s = _state(3)
    s.apply(PlayCard(3), 0)
    s.apply(Discard(1), 1)
    again = ToyCards(3).state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.turn() == Turn.seat(2) and again.legal_actions(2) == s.legal_actions(2)
    again.apply(Discard(2), 2)
    assert again.virtue[0] == 1 and again.turn() == Turn.seat(1)


# -- seats of a simultaneous turn each owing their own decision --------------------------


def _together(players: int) -> ToyTogetherState:
    return ToyTogether(players).new_initial_state()


def test_in_a_simultaneous_turn_each_seat_answers_its_own_decision() -> None:
    """Seats 0 and 1 each play card 2 ("choose"): both owe a choice at once, the turn
    stays everyone's, each seat's legal actions are its own choice's (seat 1's is on
    top, seat 0 answers first) and seat 2, owing nothing, plays on meanwhile."""
    s = _together(3)
    s.apply(PlayCard(2), 0)
    s.apply(PlayCard(2), 1)
    assert [d.seat for d in s.decisions] == [0, 1]
    assert s.turn() == Turn.simultaneous((0, 1, 2))
    assert s.legal_actions(0) == s.legal_actions(1) == [Option(0), Option(1)]
    assert s.legal_actions(2) == [PlayCard(1), PlayCard(2), PlayCard(3)]
    s.apply(Option(1), 0)  # not the top: seat 0's own
    assert (s.silver[0], s.virtue[0]) == (0, 1) and [d.seat for d in s.decisions] == [1]
    s.apply(PlayCard(1), 2)
    assert s.silver[2] == 2 and [d.seat for d in s.decisions] == [1]
    s.apply(Option(0), 1)
    assert s.silver[1] == 3 and s.decisions == dec.EMPTY


def test_a_seat_s_decisions_come_in_its_own_order_and_others_cannot_answer_them() -> None:
    """Card 3 makes the others discard: seat 1, while owing its own choice, owes a
    discard on top of it; it answers the discard first, then its choice. No seat may
    answer another's decision, and a refused answer changes nothing."""
    s = _together(2)
    s.apply(PlayCard(2), 1)
    s.apply(PlayCard(3), 0)
    assert [(d.seat, d.kind) for d in s.decisions] == [(1, "choose"), (1, "discard")]
    assert s.legal_actions(1) == [Discard(1), Discard(3)]
    assert s.legal_actions(0) == [PlayCard(1), PlayCard(2)]
    before = json.dumps(s.to_json(), sort_keys=True)
    for action, seat in ((Option(0), 1), (Discard(1), 0), (PlayCard(1), 1)):
        with pytest.raises(IllegalActionError):
            s.apply(action, seat)
        assert json.dumps(s.to_json(), sort_keys=True) == before
    s.apply(Discard(3), 1)
    assert s.virtue[0] == 1  # the rest of card 3, for its player, once seat 1 discarded
    assert s.legal_actions(1) == [Option(0), Option(1)]
    s.apply(Option(0), 1)
    assert s.decisions == dec.EMPTY and s.silver[1] == 3


def test_an_action_without_a_seat_goes_to_the_phase_while_decisions_are_owed() -> None:
    """A clock's action (seat ``None``) is the phase's, whoever owes what."""
    seen: list[tuple[object, object]] = []

    class Clocked(ToyTogetherState):
        __slots__ = ()

        def phase_apply(self, action: Action, seat: int | None) -> None:
            if seat is None:
                seen.append((action, seat))
                return
            super().phase_apply(action, seat)

    s = Clocked.load(ToyTogether(2), _together(2).to_json())
    s.apply(PlayCard(2), 0)
    s.apply_unchecked(PlayCard(1), None)
    assert seen == [(PlayCard(1), None)] and [d.seat for d in s.decisions] == [0]


def test_states_owing_several_seats_decisions_round_trip_through_json() -> None:
    s = _together(3)
    s.apply(PlayCard(2), 2)
    s.apply(PlayCard(3), 0)
    again = ToyTogether(3).state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.decisions == s.decisions and again.turn() == s.turn()
    for seat in range(3):
        assert again.legal_actions(seat) == s.legal_actions(seat)


def test_a_game_without_the_flag_still_answers_the_top_whoever_asks() -> None:
    """The sequential game is unchanged: the top's seat alone acts, in its turn."""
    s = _state(3)
    s.decisions = dec.push(
        s.decisions, dec.Decision(2, "discard", (1,)), dec.Decision(1, "discard", (1,))
    )
    assert s.turn() == Turn.seat(2) and s.legal_actions(1) == []
    assert not ToyCardsState.SIMULTANEOUS_DECISIONS and ToyTogetherState.SIMULTANEOUS_DECISIONS
