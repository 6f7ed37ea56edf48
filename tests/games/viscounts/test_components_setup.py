"""Viscounts: components as data (every card with its effects), the board's arrows, setup."""

from __future__ import annotations

import pytest

from meeple.core.effects import EffectError
from meeple.games.viscounts import Viscounts
from meeple.games.viscounts.components import (
    BLACK_BACKED,
    CARDS,
    DATA,
    GRAMMAR,
    GREY_BACKED,
    HEROES,
    INNER,
    MANUSCRIPTS,
    NEUTRAL,
    OUTER_LEFT,
    OUTER_RIGHT,
    PLAYER_CARDS,
    PRINTED,
    STARTING,
    STARTING_COUNTS,
    links,
    moves,
    reachable,
    space_number,
    spots,
)
from meeple.games.viscounts.state import PLAY, SETUP
from tests.games.viscounts.builders import cid, started


def test_every_base_card_of_the_research_tables_is_in_the_data() -> None:
    assert len(NEUTRAL) == 68 and len(HEROES) == 10
    assert len(STARTING) == 8 and set(STARTING_COUNTS) == {4}  # 32 starting cards, 8 a colour
    assert len(BLACK_BACKED) + len(GREY_BACKED) == 35 and len(GREY_BACKED) == 5
    assert sorted(p.number for p in PLAYER_CARDS) == list(range(1, 11))
    assert {CARDS[h].name for h in HEROES} == {
        "Ada",
        "Bertha",
        "Clovis",
        "Emma",
        "Guntram",
        "Judith",
        "Lothaire",
        "Merovech",
        "Rudolf",
        "Therese",
    }


def test_card_effects_are_programs_in_the_effect_language() -> None:
    thief = CARDS[cid("Thief")]
    assert thief.leave == (("gain", "debt", 1), ("gain", "silver", 1)) and thief.criminal
    acolyte = CARDS[cid("Acolyte")]
    assert acolyte.leave == (("flip", "either"),) and acolyte.hire == (("discard", 1),)
    assert CARDS[cid("Trader")].trigger("after_trade") == (("gain", "silver", 1),)
    sculptor = CARDS[cid("Sculptor")].convert
    assert sculptor is not None and (sculptor.pay, sculptor.icons, sculptor.limit) == (
        "stone",
        2,
        1,
    )


def test_doubtful_readings_keep_their_note_and_designed_ones_are_marked() -> None:
    doubtful = {CARDS[i].name for i in NEUTRAL if CARDS[i].doubt}
    assert {"Benefactor", "Clergymen", "Diplomat", "Strongman", "Traveller"} <= doubtful
    assert CARDS[cid("Strongman")].designed and not CARDS[cid("Acolyte")].designed
    assert all(CARDS[p].designed for p in PRINTED)
    assert {p.number for p in PLAYER_CARDS if p.source == "designed"} == {3, 4, 5, 6, 7}
    assert "exchange" in DATA["board"]["designed"] and DATA["manuscripts"]["designed"]


def test_a_typo_in_a_card_effect_fails_when_the_data_loads() -> None:
    with pytest.raises(EffectError, match=r"Card X.*unknown verb 'flop'"):
        GRAMMAR.program([["flop", "debt"]], "Card X")


def test_the_arrows_of_the_round_kingdom() -> None:
    """Outer left -> outer right or inner; inner -> outer right or the next inner; outer
    right -> the next segment's outer left; clockwise only."""
    assert moves(3 * 0 + OUTER_LEFT) == (1, 2)
    assert moves(3 * 0 + INNER) == (1, 5)
    assert moves(3 * 0 + OUTER_RIGHT) == (3,)
    assert moves(3 * 4 + OUTER_RIGHT) == (0,)  # the ring closes
    assert reachable(0, 1) == {1, 2} and reachable(0, 2) == {3, 1, 5}


def test_space_numbers_follow_the_segments_wherever_they_lie() -> None:
    ring = [3, 0, 4, 1, 2]
    assert space_number(0, ring) == 7 and space_number(1, ring) == 8
    assert space_number(2, ring) == 0  # inner spaces have no number


@pytest.mark.parametrize(("players", "per_space"), [(1, 2), (2, 2), (3, 3), (4, 3)])
def test_building_spots_and_links_by_player_count(players: int, per_space: int) -> None:
    assert len(spots(players)) == 10 * per_space
    for link in links(players):
        a, b = spots(players)[link.a], spots(players)[link.b]
        assert a.segment == b.segment  # links stay within a segment


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_piles_pairs_and_the_debt_and_deed_stacks(players: int) -> None:
    s = Viscounts(players).new_initial_state(5)
    assert s.phase == SETUP
    assert sorted(len(p) for p in s.piles)[0] >= 13 and sum(map(len, s.piles)) == 68
    for pile in s.ms_piles:  # a grey-backed manuscript under six black-backed ones
        assert len(pile) == 7 and MANUSCRIPTS[pile[0]].back == "grey"
        assert all(MANUSCRIPTS[m].back == "black" for m in pile[1:])
    assert len(s.pairs) == players + 1
    assert s.debts_above == {1: 12, 2: 12, 3: 15, 4: 18}[players]
    assert s.deeds_above == {1: 12, 2: 12, 3: 16, 4: 20}[players]
    # pairs are taken in reverse turn order: from the seat right of the first player
    assert s.setup_left == [(s.first - 1 - k) % players for k in range(players)]
    assert s.turn().seats == (s.setup_left[0],)


def test_a_pair_places_the_viscount_gives_the_items_and_deals_a_hand() -> None:
    s = Viscounts(2).new_initial_state(3)
    one = 0
    s.pairs[one][0] = next(i for i, p in enumerate(PLAYER_CARDS) if p.number == 1)
    hero = s.pairs[one][1]
    seat = s.setup_left[0]
    s.apply(s.legal_actions()[one])
    assert space_number(s.viscount[seat], s.ring) == 1
    assert (s.silver[seat], s.stone[seat], s.ink[seat]) == (8, 1, 2)
    assert (s.deeds[seat], s.debts[seat]) == (2, 1) and s.virtue[seat] == 5  # +1 virtue
    assert len(s.hand[seat]) == 3 and len(s.deck[seat]) == 6
    assert sorted(s.hand[seat] + s.deck[seat]) == sorted([hero, *STARTING])
    assert s.deeds_above == 12 - 2 and s.debts_above == 12 - 1


def test_after_setup_the_first_player_plays() -> None:
    s = started(3, seed=4)
    assert s.phase == PLAY and s.current == s.first and s.turn().seats == (s.first,)
    assert all(len(h) == 3 for h in s.hand)


def test_a_scheme_row_with_an_unknown_key_is_refused() -> None:
    """The solo scheme rows are read strictly: a misspelt key (here the old per-scheme
    ``reveal`` program, replaced by the difficulty's ``reveal_vp``) is an error, not
    silently ignored."""
    from meeple.games.viscounts.components import SOLO, _scheme

    row = {**SOLO["scheme"][0], "reveal": [["gain", "vp", 1]]}
    with pytest.raises(ValueError, match="unknown keys \\['reveal'\\]"):
        _scheme(row)
    assert _scheme(dict(SOLO["scheme"][0])).name == SOLO["scheme"][0]["name"]
