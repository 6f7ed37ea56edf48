"""Keeper of Keys (content set ``keeper_of_keys``): the seed's rules, each from a set-up
situation with its outcome checked (listed in docs/games/viscounts-rule-coverage.md,
K1...).

Seed 004, part "Keeper of Keys 守衛密鑰"; research ../shared/research/viscounts/.
"""

from __future__ import annotations

import json

import pytest

from meeple.core import Rng
from meeple.games.viscounts import Viscounts, ViscountsState, text
from meeple.games.viscounts.components import (
    CARDS,
    CHESTS,
    CONTENT,
    PUBLIC,
    STARTING,
    card_ids,
    starting_deck,
)
from meeple.games.viscounts.state import SET_FIELDS
from tests.games.viscounts.builders import started

LANGS = ("en", "zh-TW")
KOK = {"keeper_of_keys": True}
BOTH = {"gates_of_gold": True, "keeper_of_keys": True}
VIEW_KEYS = {"heroes", "hero_pile", "chests", "chest_pile", "public", "chest_slots", "boost"}


def _answer(s, action):  # type: ignore[no-untyped-def]
    s.apply(action, s.turn().seats[0])


# -- (1) the content set -------------------------------------------------------------------


def test_keeper_of_keys_is_a_content_set_option_off_by_default_with_words_in_both_languages() -> (
    None
):
    assert "keeper_of_keys" in [o.name for o in Viscounts.option_specs]
    assert Viscounts(2).options["keeper_of_keys"] is False
    assert [c.name for c in CONTENT] == ["base", "gates_of_gold", "keeper_of_keys"]
    assert text.OPTION_WORDS["en"]["keeper_of_keys"] == "Keeper of Keys"
    assert text.OPTION_WORDS["zh-TW"]["keeper_of_keys"] == "守衛密鑰"
    for lang in LANGS:
        assert text.OPTION_WORDS[lang]["keeper_of_keys.help"]


def test_its_rows_come_after_gates_of_golds_so_every_number_stays() -> None:
    gog = CONTENT.ids("cards", {"gates_of_gold": True})
    kok = CONTENT.ids("cards", KOK)
    base = CONTENT.ids("cards", {})
    assert kok[: len(base)] == base
    mine = kok[len(base) :]
    assert mine[0] == gog[-1] + 1 and mine[-1] == len(CARDS) - 1
    assert all(CARDS[i].set == "keeper_of_keys" for i in mine)


def test_the_new_heroes_townsfolk_and_starting_cards_are_all_in_the_data() -> None:
    heroes = [i for i in card_ids("hero", KOK) if CARDS[i].set == "keeper_of_keys"]
    folk = [i for i in card_ids("townsfolk", KOK) if CARDS[i].set == "keeper_of_keys"]
    assert len(heroes) == 10 and len(folk) == 20  # the research's box counts
    assert {CARDS[i].name for i in heroes} == {
        "Delphine",
        "Engelier",
        "Fara",
        "Frederck",
        "Girard",
        "Isabella",
        "Mariam",
        "Renauld",
        "Scarlette",
        "Zesiro",
    }
    # the remove-from-game icon (research: four heroes)
    assert {CARDS[i].name for i in heroes if CARDS[i].removed} == {
        "Delphine",
        "Frederck",
        "Girard",
        "Mariam",
    }
    assert len(CHESTS) == 18 and len(PUBLIC) == 3


def test_the_three_new_starting_cards_replace_the_base_ones_of_their_names() -> None:
    assert starting_deck({}) == STARTING
    deck = starting_deck(KOK)
    assert len(deck) == len(STARTING)
    assert [CARDS[c].name for c in deck] == [CARDS[c].name for c in STARTING]
    swapped = {CARDS[c].name for c in deck if CARDS[c].set == "keeper_of_keys"}
    assert swapped == {"Journeyman", "Lender", "Trader"}
    s = started(2, seed=3, **KOK)
    for seat in range(2):
        owned = set(s.owned(seat))
        assert set(deck) <= owned and not (set(STARTING) - set(deck)) & owned


@pytest.mark.parametrize("options", [{}, {"gates_of_gold": True}])
def test_without_it_nothing_of_it_is_stored_or_shown(options: dict[str, bool]) -> None:
    s = started(2, seed=4, **options)
    stored = s.to_json()
    assert not set(SET_FIELDS["keeper_of_keys"]) & set(stored)
    assert "keeper_of_keys" not in s.view(0)
    assert "public_buildings" not in s.score_parts(0)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_the_hero_display_from_the_unused_heroes_and_four_chest_tiles(
    players: int,
) -> None:
    s = Viscounts(players, **KOK).new_initial_state(5)
    in_pairs = {h for _, h in s.pairs}
    assert len(s.heroes_up) == 3
    assert not (set(s.heroes_up) | set(s.hero_pile)) & in_pairs
    assert sorted(s.heroes_up + s.hero_pile + list(in_pairs)) == sorted(card_ids("hero", KOK))
    assert len(s.chests_up) == 4 and len(s.chests_up) + len(s.chest_pile) == len(CHESTS)
    assert s.chest_slots == [[-1, -1, -1] for _ in range(s.sides)]
    assert s.public_owner == [-1, -1, -1]
    back = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert back.to_json() == s.to_json()


def test_the_view_has_the_displays_public_buildings_and_every_sides_chest_slots() -> None:
    s = started(3, seed=2, **KOK)
    kok = s.view(0)["keeper_of_keys"]
    assert set(kok) == VIEW_KEYS
    assert kok["heroes"] == s.heroes_up and kok["hero_pile"] == len(s.hero_pile)
    assert kok["chests"] == s.chests_up and kok["chest_pile"] == len(s.chest_pile)
    assert [p["card"] for p in kok["public"]] == list(PUBLIC)
    assert [p["building"] for p in kok["public"]] == [CARDS[c].building for c in PUBLIC]
    assert all(p["owner"] == -1 for p in kok["public"])
    assert kok["chest_slots"] == [[-1, -1, -1]] * 3 and kok["boost"] == [[0] * 5] * 3
    # the face-down piles' order is nobody's to see: only their sizes are shown
    assert s.view(1)["keeper_of_keys"] == kok


# -- whole games ---------------------------------------------------------------------------


def _random_game(players: int, seed: int, options: dict[str, bool]) -> ViscountsState:
    s = Viscounts(players, **options).new_initial_state(seed)
    rng = Rng(seed + 11)
    steps = 0
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.randbelow(len(acts))])
        steps += 1
        assert steps < 6000
    return s


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", [KOK, BOTH], ids=["keeper", "both"])
def test_random_games_with_the_expansion_and_with_both_play_to_the_end(
    players: int, options: dict[str, bool]
) -> None:
    for seed in range(2):
        s = _random_game(players, seed, options)
        assert len(s.scores()) == players
        parts = s.score_parts(0)
        assert {"public_buildings", "chests"} <= set(parts)
        assert ("outsiders" in parts) == ("gates_of_gold" in options)
        back = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
        assert back.to_json() == s.to_json()
