"""Viscounts: hidden information (views, determinize, reveals) and whole games, 1-4 players."""

from __future__ import annotations

import json

import pytest

from meeple.core import Rng
from meeple.core.playout import random_playout
from meeple.games.viscounts import Viscounts
from meeple.games.viscounts.actions import Hire, Play
from meeple.games.viscounts.state import OVER, RECRUIT
from tests.games.viscounts.builders import at_phase, cid, my_turn, started, viscount_at, with_counts


def test_a_seat_sees_its_own_hand_and_which_cards_its_deck_holds_never_the_order() -> None:
    s = started()
    me, other = s.current, 1 - s.current
    v = s.view(me)
    assert v["players"][me]["hand"] == sorted(s.hand[me])
    assert v["players"][me]["deck"] == sorted(s.deck[me])
    assert "hand" not in v["players"][other] and "deck" not in v["players"][other]
    assert v["players"][other]["hand_size"] == len(s.hand[other])
    assert "rng" not in json.dumps(v)


def test_views_do_not_depend_on_secrets() -> None:
    s = started()
    me, other = s.current, 1 - s.current
    twin = s.clone()
    twin.hand[other], twin.deck[other] = (
        twin.deck[other][:3],
        twin.hand[other] + twin.deck[other][3:],
    )
    twin.deck[me].reverse()
    twin.piles[0][:-1] = list(reversed(twin.piles[0][:-1]))
    assert s.view(me) == twin.view(me)


def test_determinize_keeps_what_the_seat_knows_and_deals_the_rest_again() -> None:
    s = started(3, seed=7)
    me = s.current
    d = s.determinize(me, Rng(5))
    assert d.hand[me] == s.hand[me] and sorted(d.deck[me]) == sorted(s.deck[me])
    for t in range(3):
        assert sorted(d.hand[t] + d.deck[t]) == sorted(s.hand[t] + s.deck[t])
        assert len(d.hand[t]) == len(s.hand[t]) and d.board[t] == s.board[t]
    assert [p[-1] for p in d.piles] == [p[-1] for p in s.piles]  # the tops are seen
    assert sorted(c for p in d.piles for c in p) == sorted(c for p in s.piles for c in p)
    assert d.view(me) == s.view(me)


def test_a_hire_that_uncovers_a_new_pile_top_is_an_undo_barrier() -> None:
    s = started()
    me = s.current
    at_phase(s, RECRUIT)
    pile = s.piles[0]
    viscount_at(s, me, 0)
    pile.append(cid("Friar"))
    with_counts(s, me, silver=5)
    assert s.reveals_information(Hire(1), me)


def test_playing_a_card_from_hand_reveals_nothing_new() -> None:
    s, me = my_turn(board=[], hand=["Labourer"])
    assert not s.reveals_information(Play(cid("Labourer")), me)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_play_to_the_end(players: int) -> None:
    for seed in range(3):
        state, length = random_playout(Viscounts(players), seed)
        assert state.phase == OVER and length <= Viscounts(players).max_game_length()
        assert len(state.scores()) == players
