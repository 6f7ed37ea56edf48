"""Unconscious Mind: setup as the seed describes it (issue 21, item 1).

Each test deals a match (``deal``) and checks one setup rule of seed 004's
Unconscious Mind part, or a decision recorded in docs/games/unconscious.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import notebook as nb
from meeple.games.unconscious.components import (
    CLIENTS,
    COMPLEX_CLIENTS,
    DISTRICTS,
    DREAMS,
    GOALS,
    GRIEF,
    LATENT,
    LOCATIONS,
    MANIFEST,
    NORMAL_CLIENTS,
    RESEARCH,
    RONDEL_TOP,
    TILES,
    TRACK_VP,
    TREATISES,
    WILD,
)
from meeple.games.unconscious.rules import Unconscious, UnconsciousState
from meeple.games.unconscious.setup import keep_start, start_tiles
from meeple.games.unconscious.state import EMPTY, FIELDS, KEEP


def dealt(players: int = 4, seed: int = 2) -> UnconsciousState:
    """A match dealt with seed 2: at 2-4 players no starting client is set on the
    catharsis space (which would take its layer away and give reputation at setup:
    test_clients_vienna_research::test_a_starting_client_on_the_catharsis_space_has_it_at_setup)."""
    return Unconscious(players=players).new_initial_state(seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_field_is_set_and_the_state_round_trips(players: int) -> None:
    s = dealt(players)
    for name in FIELDS.names:
        assert hasattr(s, name), name
    data = s.to_json()
    assert UnconsciousState.load(s.game, data).to_json() == data
    assert s.clone().to_json() == data


def test_freud_starts_on_a_goal_tiles_location_and_all_seven_goals_are_out() -> None:
    seen = set()
    for seed in range(40):
        s = dealt(2, seed)
        assert s.freud_loc in {g.tag for g in GOALS if g.tag != WILD}
        assert s.goals_left == [g.index for g in GOALS]
        seen.add(s.freud_loc)
    assert seen == set(range(len(LOCATIONS)))  # any of the six, never a "wild" place


def test_reputation_markers_stack_on_zero_first_player_on_top_and_freud_on_one() -> None:
    s = dealt(4)
    assert s.rep == [0, 0, 0, 0] and s.freud_rep == 1
    # the lower marker is ahead on a tie: the first player's, on top, is last
    assert s.reputation_order() == [3, 2, 1, 0]


def test_turn_order_bonuses_coffee_bright_idea_both() -> None:
    s = dealt(4)
    assert s.coffee == [4, 5, 4, 5]
    assert s.bright == [0, 0, 1, 1]


def test_each_player_board_starts_as_the_seed_says() -> None:
    s = dealt(3)
    for seat in range(3):
        assert s.ideas[seat] == 3 and s.locked_ideas[seat] == 3
        assert s.inkpot[seat] == RONDEL_TOP
        assert s.dial[seat] == dl.new_dial(6, 1)  # 6 generic and 1 own, in the reserve
        assert s.notebook[seat] == [nb.EMPTY] * 9
        assert s.col_mask[seat] == s.row_mask[seat] == 0
        assert not s.room2_open[seat]  # the letter card blocks the second room
        assert s.vp[seat] == TRACK_VP[s.room_track[seat][0]]


def test_starting_client_under_a_grief_layer_with_a_latent_and_a_manifest_dream() -> None:
    s = dealt(4)
    clients = [s.room_client[seat][0] for seat in range(4)]
    assert all(c in NORMAL_CLIENTS for c in clients)
    for seat in range(4):
        c, g = s.room_client[seat][0], s.room_grief[seat][0]
        assert s.room_track[seat][0] == CLIENTS[c].hearts + GRIEF[g][0]
        assert s.room_latent[seat][0] in LATENT and s.room_manifest[seat][0] in MANIFEST
        assert s.room_client[seat][1] == EMPTY


def test_the_display_two_normal_two_complex_clients_with_grief_and_four_manifest_dreams() -> None:
    s = dealt(2)
    assert [c in NORMAL_CLIENTS for c in s.client_display] == [True, True, False, False]
    assert all(c in COMPLEX_CLIENTS for c in s.client_display[2:])
    assert len(s.display_grief) == 4 and len(set(s.display_grief)) == 4
    assert len(s.manifest_display) == 4 and all(not DREAMS[d].latent for d in s.manifest_display)
    # every card is in exactly one place
    clients = (
        s.client_display + s.normal_deck + s.complex_deck + [s.room_client[x][0] for x in (0, 1)]
    )
    assert sorted(clients) == list(range(len(CLIENTS)))
    griefs = s.display_grief + s.grief_deck + [s.room_grief[x][0] for x in (0, 1)]
    assert sorted(griefs) == list(range(len(GRIEF)))
    dreams = (
        s.manifest_display
        + s.manifest_deck
        + s.latent_deck
        + [s.room_manifest[x][0] for x in (0, 1)]
        + [s.room_latent[x][0] for x in (0, 1)]
    )
    assert sorted(dreams) == list(range(len(DREAMS)))


def test_research_deck_with_one_face_up_and_every_treatise_available() -> None:
    s = dealt(2)
    assert sorted([*s.research_deck, s.research_up]) == list(range(len(RESEARCH)))
    assert s.treatise_owner == [EMPTY] * len(TREATISES)
    assert all(h == [] for h in s.hand)


def test_recall_token_stacks_and_empty_slots() -> None:
    s = dealt(2)
    assert s.tokens == [[len(x) for x in d.stacks] for d in DISTRICTS]
    assert all(v == EMPTY for slots in s.bonus_cover for v in slots)
    assert all(v == EMPTY for slots in s.district_slot for v in slots)


def test_letter_cards_are_distinct_and_give_three_starting_tiles() -> None:
    s = dealt(4)
    assert sorted(s.letter) == [0, 1, 2, 3]
    for seat in range(4):
        tiles = start_tiles(s, seat)
        assert len(tiles) == 3 and all(TILES[t].era == 0 for t in tiles)


def test_keeping_a_starting_tile_places_the_professor_gives_insights_fills_a_row() -> None:
    s = dealt(2, seed=3)
    tile = start_tiles(s, 0)[1]
    keep_start(s, 0, tile, 2)
    t = TILES[tile]
    assert s.professor[0] == t.tag
    assert s.notebook[0][6] == tile and s.notebook[0].count(nb.EMPTY) == 8
    gained = Counter(step.colour for step in t.banner)
    for colour, k in gained.items():
        assert dl.count(s.dial[0], colour, 1) == k
    assert s.dial[0][dl.RESERVE] == 6 - len(t.banner)  # generic insights first
    assert s.phase == KEEP


def test_setup_is_the_same_for_the_same_seed_and_differs_between_seeds() -> None:
    assert dealt(3, 7).to_json() == dealt(3, 7).to_json()
    assert dealt(3, 7).to_json() != dealt(3, 8).to_json()
