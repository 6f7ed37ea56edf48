"""Unconscious Mind's hidden information (issue 21, item 13): undo barriers only where
something hidden becomes known, the cards every player saw taken into a hand, and the
redacted log.
"""

from __future__ import annotations

from meeple.core import Match, Rng
from meeple.core.labels import log_label
from meeple.games.unconscious import text
from meeple.games.unconscious.actions import DONE, RECALL, Card, MarketTile, Option, PlaceIdeas
from meeple.games.unconscious.components import DRAW, ELEVATE, RED, TILE_RIGHT, TILE_STACK
from meeple.games.unconscious.engine import ENGINE
from meeple.games.unconscious.rules import UnconsciousState
from meeple.games.unconscious.state import EMPTY
from meeple.games.unconscious.words import research_card
from tests.games.unconscious.builders import (
    fill_dial,
    ideas_on,
    legal,
    play,
    ready,
    with_counts,
    with_hand,
    with_room,
)


def placement(s: UnconsciousState, action: int, ideas: int = 1) -> PlaceIdeas:
    return next(
        a
        for a in legal(s)
        if isinstance(a, PlaceIdeas) and a.action == action and a.ideas == ideas and not a.bright
    )


# -- undo barriers ---------------------------------------------------------------------------


def test_a_placement_that_shows_nothing_can_be_undone() -> None:
    s = ready()
    fill_dial(s, 0, (RED, 1))
    m = Match(s.game, 1, state=s)
    before = s.state_id()
    a = placement(s, ELEVATE)
    assert not s.reveals_information(a, 0)
    m.play(a, 0)
    assert m.can_undo(0)
    m.undo(0)
    assert m.state.state_id() == before


def test_drawing_research_is_a_barrier() -> None:
    s = ready()
    m = Match(s.game, 1, state=s)
    a = placement(s, DRAW)
    assert s.reveals_information(a, 0)
    m.play(a, 0)
    assert not m.can_undo(0)
    # the swap that follows shows a hand card face up; keeping the hand shows nothing
    assert m.state.decisions[-1].kind == "card"
    card = m.state.hand[0][0]
    assert m.state.reveals_information(Card(card), 0)
    assert not m.state.reveals_information(DONE, 0)


def test_a_tile_from_a_stack_and_a_refill_from_a_stack_are_barriers() -> None:
    s = ready()
    with_counts(s, 0, coffee=6)
    a = placement(s, TILE_STACK)
    assert not s.reveals_information(a, 0)  # only the choice of row is asked
    play(s, a)
    assert s.decisions[-1].kind == "market"
    assert s.reveals_information(MarketTile(0, 0), 0)
    t = ready()
    t.coffee[0] = 6
    play(t, placement(t, TILE_RIGHT))
    # the middle tile slides right and the stack turns up a new middle one
    assert t.reveals_information(MarketTile(0, 2), 0)
    t.stacks[0] = []
    assert not t.reveals_information(MarketTile(0, 2), 0)  # nothing left to turn up


def test_the_end_of_turn_refill_is_a_barrier_and_an_end_without_one_is_not() -> None:
    s = ready()
    ideas_on(s, 0, seat=0, action=0, ideas=1)
    play(s, RECALL, Option(1))
    assert not s.reveals_information(DONE, 0)  # the room is full: the turn just passes
    with_room(s, 0, 0, client=EMPTY)
    play(s, DONE)
    assert s.decisions[-1].kind == "client"
    assert s.reveals_information(Option(4), 0)  # a client from the deck
    assert s.reveals_information(Option(0), 0)  # the display refills from the deck
    play(s, Option(0))
    assert s.decisions[-1].kind == "manifest"
    assert s.reveals_information(Option(0), 0)


def test_playing_a_card_from_the_hand_is_a_barrier() -> None:
    s = ready()
    card = s.research_deck.pop()
    with_hand(s, 0, card)
    ENGINE.run(s, 0, (("play", 1),))
    assert s.reveals_information(Card(card), 0)


# -- cards seen taken face up ----------------------------------------------------------------------


def swap_into_hand(s: UnconsciousState, seat: int) -> int:
    """``seat`` draws a card and swaps it for the face-up one; the card everyone saw taken."""
    up = s.research_up
    ENGINE.run(s, seat, (("research", 1),))
    play(s, Card(s.hand[seat][0]))
    return up


def test_a_card_taken_face_up_is_in_every_view_and_determinization_keeps_it() -> None:
    s = ready()
    up = swap_into_hand(s, 0)
    assert s.hand[0] == [up]
    ENGINE.run(s, 0, (("research", 2),))  # two unseen cards join it
    play(s, DONE)
    for viewer in (0, 1, None):
        assert s.view(viewer)["players"][0]["known_hand"] == [up]
    for k in range(8):
        world = s.determinize(1, Rng(k))
        assert up in world.hand[0] and len(world.hand[0]) == 3
        assert world.known_hand[0] == [up] and world.view(1) == s.view(1)


def test_a_seen_card_leaves_the_list_when_it_is_played() -> None:
    s = ready()
    up = swap_into_hand(s, 0)
    ENGINE.run(s, 0, (("play", 1),))
    play(s, Card(up))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.view(1)["players"][0]["known_hand"] == [] and up in s.played[0]


def test_a_seen_card_swapped_away_is_no_longer_listed() -> None:
    s = ready()
    first = swap_into_hand(s, 0)
    second = s.research_up  # the card seat 0 gave up, now face up
    ENGINE.run(s, 0, (("research", 1),))
    play(s, Card(first))  # give the seen card back, take the face-up one
    assert sorted(s.known_hand[0]) == [second] and s.research_up == first


# -- the log -----------------------------------------------------------------------------------------


def test_the_drawer_reads_the_cards_drawn_and_everyone_else_the_plain_line() -> None:
    s = ready()
    a = placement(s, DRAW)
    top = s.research_deck[-1]
    assert s.redact_action(a, 0, 0) == f"seat 0: {a} (drew card {top})"
    assert s.redact_action(a, 0, 1) == f"seat 0: {a}"
    assert s.redact_action(a, 0, None) == f"seat 0: {a}"
    # the others read the game's own log line for it; the drawer's line names the card
    assert log_label(s, a, 0, 1, "en") == text.log_label(s, a, 0, "en")
    mine = log_label(s, a, 0, 0, "zh-TW")
    assert text.log_label(s, a, 0, "zh-TW") in mine and research_card(top, "zh-TW") in mine


def test_a_line_that_draws_nothing_is_the_same_for_everyone() -> None:
    s = ready()
    fill_dial(s, 0, (RED, 1))
    a = placement(s, ELEVATE)
    lines = {s.redact_action(a, 0, v) for v in (0, 1, None)}
    assert lines == {f"seat 0: {a}"}
    assert log_label(s, a, 0, 0, "en") == text.log_label(s, a, 0, "en")
