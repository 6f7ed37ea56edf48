"""Keeper of Keys (content set ``keeper_of_keys``): the seed's rules, each from a set-up
situation with its outcome checked (listed in docs/games/viscounts-rule-coverage.md,
K1...).

Seed 004, part "Keeper of Keys 守衛密鑰"; research ../shared/research/viscounts/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.core import Rng
from meeple.games.viscounts import Viscounts, ViscountsState, solo, text
from meeple.games.viscounts.actions import (
    SKIP,
    Build,
    BuildPublic,
    Choose,
    FreeBuild,
    Move,
    Pick,
    Play,
    Rearrange,
    TakeChest,
    TakeHero,
    Trade,
    Transcribe,
)
from meeple.games.viscounts.components import (
    AI_CHESTS,
    CARDS,
    CHESTS,
    CONTENT,
    FOCUS,
    ICONS,
    KEEPER_SCHEMES,
    MANUSCRIPTS,
    PUBLIC,
    SCHEMES,
    STARTING,
    TRACK,
    card_ids,
    reachable,
    starting_deck,
)
from meeple.games.viscounts.effects import ENGINE
from meeple.games.viscounts.state import AI_TURN, MOVE, SET_FIELDS
from tests.games.viscounts.builders import (
    at_action,
    cid,
    cids,
    keeper_turn,
    kid,
    met_at,
    own_building_here,
    settle,
    space_with,
    started,
    to_collision,
    viscount_at,
    with_built,
    with_counts,
    with_deck,
    with_discard,
)

LANGS = ("en", "zh-TW")
KOK = {"keeper_of_keys": True}
BOTH = {"gates_of_gold": True, "keeper_of_keys": True}
VIEW_KEYS = {
    "heroes",
    "hero_pile",
    "chests",
    "chest_pile",
    "public",
    "chest_slots",
    "boost",
    "ai_chests",
}


def _answer(s, action):  # type: ignore[no-untyped-def]
    s.apply(action, s.turn().seats[0])


def settle_until(s: ViscountsState, kind: str) -> None:
    """Answer pending decisions with their first answer until one of ``kind`` is on top."""
    while s.decisions and s.view(s.turn().seats[0])["decision"]["kind"] != kind:
        _answer(s, s.legal_actions()[0])


def run_as(s: ViscountsState, seat: int, prog: tuple[Any, ...]) -> None:
    """A card's effect run for ``seat`` now (as its ability would)."""
    ENGINE.run(s, seat, prog, "test")


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


# -- (2) public buildings ------------------------------------------------------------------


def _public_turn(players: int, kind: str, stone: int = 6) -> tuple[ViscountsState, int, int]:
    """The current seat in its main action on an outer space with a building of its own
    of ``kind`` there and ``stone`` stone (builder icons: one stone each)."""
    s, me = keeper_turn(players)
    at_action(s, space_with(s, "silver"))
    spot = own_building_here(s, me, kind)
    with_counts(s, me, stone=stone, debts=0, deeds=0)
    return s, me, spot


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_public_building_goes_over_ones_own_building_of_its_kind_for_its_builder_icons(
    players: int,
) -> None:
    s, me, spot = _public_turn(players, "workshop")
    wanted = BuildPublic(0, spot, 0)
    assert wanted in s.legal_actions()
    # not over another kind, nor on an empty spot
    assert all(a.building == 0 for a in s.legal_actions() if isinstance(a, BuildPublic))
    assert all(a.spot == spot for a in s.legal_actions() if isinstance(a, BuildPublic))
    ink, silver, virtue = s.ink[me], s.silver[me], s.virtue[me]
    built = s.built[me][0]
    s.apply(wanted)
    settle(s)
    assert s.stone[me] == 4  # the public workshop needs 2 builder icons
    assert s.public_owner[0] == me and s.spot_owner[spot] == me
    assert s.spot_kind[spot] == 3  # the view's "public workshop"
    assert s.built[me][0] == built - 1  # the workshop went back to its board
    # no spot reward again (ink, silver or virtue) and no link reward
    assert (s.ink[me], s.silver[me], s.virtue[me]) == (ink, silver, virtue)
    assert s.score_parts(me)["public_buildings"] == 7


def test_no_public_building_without_ones_own_building_of_its_kind_at_the_viscount() -> None:
    s, me, spot = _public_turn(2, "workshop")
    s.spot_kind[spot] = 1  # a trading post: the public workshop is not offered
    s.built[me] = [0, 1, 0]
    offered = [a for a in s.legal_actions() if isinstance(a, BuildPublic)]
    assert offered == [BuildPublic(1, spot, 0)]  # the public trading post is (4 stone)
    s.spot_owner[spot] = 1 - me  # a rival's trading post: nothing
    assert not [a for a in s.legal_actions() if isinstance(a, BuildPublic)]


def test_each_public_building_is_built_once_per_game_and_one_player_may_build_several() -> None:
    s, me, spot = _public_turn(2, "workshop", stone=12)
    s.public_owner[0] = 1 - me  # the rival built the public workshop already
    assert not [a for a in s.legal_actions() if isinstance(a, BuildPublic)]
    s.public_owner[0] = -1
    s.apply(BuildPublic(0, spot, 0))
    settle(s)
    s, _, spot2 = _public_turn(2, "guildhall", stone=12)
    s.public_owner[0] = s.current  # its own public workshop does not stop a guildhall
    assert BuildPublic(2, spot2, 0) in s.legal_actions()


def test_a_free_build_never_builds_a_public_building() -> None:
    s, me, spot = _public_turn(2, "workshop")
    run_as(s, me, (("free_build", "any", "here"),))
    answers = s.legal_actions()
    assert answers and not [a for a in answers if isinstance(a, BuildPublic)]
    assert all(not isinstance(a, FreeBuild) or a.spot != spot for a in answers)


@pytest.mark.parametrize(
    ("kind", "building", "asks"),
    [("trading_post", 1, "chest"), ("guildhall", 2, "hero"), ("workshop", 0, "flip")],
)
def test_a_public_buildings_immediate_effect(kind: str, building: int, asks: str) -> None:
    s, me, spot = _public_turn(2, kind)
    with_counts(s, me, debts=1, deeds=1)
    s.apply(BuildPublic(building, spot, 0))
    d = s.decisions and s.view(me)["decision"]
    assert d and d["kind"] == asks and d["seat"] == me


def test_the_public_trading_post_flips_a_debt_or_deed_whenever_its_owner_gains_a_hero() -> None:
    s, me = keeper_turn(2)
    s.public_owner[1] = me
    with_counts(s, me, debts=1, deeds=0)
    hero = s.heroes_up[0]
    run_as(s, me, (("gain_hero",),))
    _answer(s, TakeHero(0))
    assert hero in s.discard[me]
    assert s.paid[me] == 1 and s.debts[me] == 0  # the only thing to flip: flipped


def test_the_public_trading_post_flips_when_its_owner_destroys_a_hero_too() -> None:
    s, me = keeper_turn(2)
    s.public_owner[1] = me
    hero = kid("Tinker")
    s.hand[me] = [kid("Engelier"), hero]
    with_counts(s, me, deeds=1, debts=0)
    run_as(s, me, (("destroy", 1),))
    _answer(s, Pick(kid("Engelier")))  # a hero
    assert s.approved[me] == 1
    run_as(s, me, (("destroy", 1),))
    _answer(s, Pick(hero))  # a townsfolk: nothing more
    assert s.approved[me] == 1


def test_the_public_guildhall_is_a_permanent_criminal_icon_counted_everywhere() -> None:
    s, me = keeper_turn(2, board=["Abbot"])
    assert s.criminals(me) == 0
    s.public_owner[2] = me
    assert s.criminals(me) == 1
    # wild when funding an action (criminals count as any action's icon)
    assert s.free_icons(me, 1, -1) == 1
    # playing a criminal card: a corruption per criminal icon shown
    s.hand[me] = [cid("Thief")]
    c = s.corruption[me]
    s.apply(Play(cid("Thief")))
    settle(s)
    assert s.corruption[me] == c + 2  # the Thief's and the guildhall's
    # shuffling: corruption, not virtue
    s2, me2 = keeper_turn(2, board=["Abbot"])
    s2.public_owner[2] = me2
    with_discard(s2, me2, "Squire")
    run_as(s2, me2, (("shuffle",),))
    assert s2.corruption[me2] == 1 and s2.virtue[me2] == TRACK - 1


def test_at_a_collision_the_public_guildhall_counts_for_the_rivals_gains() -> None:
    s, me = keeper_turn(2, board=["Abbot"])
    rival = 1 - me
    s.board[rival] = [cid("Abbot")]
    s.public_owner[2] = rival  # the rival shows a criminal now
    met_at(s, me, 0)  # track space 1: a rival showing a criminal gains a debt
    debts = s.debts[rival]
    to_collision(s)
    settle(s)
    assert s.debts[rival] == debts + 1


def test_the_public_workshop_ignores_a_criminal_and_draws_a_card_at_every_collision() -> None:
    s, me = keeper_turn(2, board=["Abbot"])
    rival = 1 - me
    s.board[rival] = [cid("Thief")]  # one criminal
    s.public_owner[0] = rival
    with_deck(s, rival, "Squire")
    hand = len(s.hand[rival])
    met_at(s, me, 0)  # space 1: a rival showing a criminal would gain a debt
    debts = s.debts[rival]
    to_collision(s)
    settle(s)
    assert s.debts[rival] == debts  # its one criminal ignored
    assert len(s.hand[rival]) == hand + 1  # and a card drawn
    assert s.criminals(rival) == 1  # outside a collision it shows again


# -- (3) the hero display --------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_gaining_a_hero_is_free_and_no_hire_and_the_display_is_refilled(players: int) -> None:
    s, me = keeper_turn(players, board=["Abbot"])
    with_built(s, me, workshop=1)  # the first workshop: a discard with every hire
    s.board[me] = [kid("Renauld")]  # "whenever you hire: +1 stone"
    top = s.hero_pile[-1]
    hero = s.heroes_up[1]
    run_as(s, me, (("gain_hero",),))
    assert s.turn().seats == (me,) and TakeHero(1) in s.legal_actions()
    _answer(s, TakeHero(1))
    assert hero in s.discard[me] and s.silver[me] == 0
    assert s.heroes_up[1] == top and len(s.heroes_up) == 3  # refilled at once, in place
    assert not s.decisions and s.stone[me] == 0  # no hire: no discard, no Renauld


def test_the_hero_display_is_never_refilled_once_the_pile_is_empty() -> None:
    s, me = keeper_turn(2)
    s.hero_pile = []
    run_as(s, me, (("gain_hero",),))
    _answer(s, TakeHero(0))
    assert len(s.heroes_up) == 2
    s.heroes_up = []
    run_as(s, me, (("gain_hero",),))
    assert not s.decisions  # nothing to take: nothing happens


def test_a_hero_with_the_remove_icon_leaves_the_game_after_its_drop_off() -> None:
    s, me = keeper_turn(2, board=["Abbot", "Squire", "Girard"], hand=["Labourer"])
    with_deck(s, me, "Thief", "Lender")
    silver = s.silver[me]
    s.apply(Play(cid("Labourer")))
    assert s.view(me)["decision"]["kind"] == "hero"  # Girard's drop-off: a hero
    _answer(s, TakeHero(0))
    assert s.silver[me] == silver + 2
    assert kid("Girard") not in s.owned(me)  # out of the game
    # a card without the icon goes to the discards as usual
    s2, me2 = keeper_turn(2, board=["Abbot", "Squire", "Tinker"], hand=["Labourer"])
    s2.board[me2][2] = kid("Tinker")
    s2.apply(Play(cid("Labourer")))
    assert kid("Tinker") in s2.discard[me2]


# -- (4) chest tiles -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_chest_tile_goes_into_the_slot_picked_an_old_one_is_discarded_refilled_at_once(
    players: int,
) -> None:
    s, me = keeper_turn(players)
    old = s.chest_pile.pop(0)
    s.chest_slots[me] = [-1, old, -1]
    tile, top = s.chests_up[2], s.chest_pile[-1]
    run_as(s, me, (("chest",),))
    assert TakeChest(2, 1) in s.legal_actions() and len(s.legal_actions()) == 12
    _answer(s, TakeChest(2, 1))
    assert s.chest_slots[me] == [-1, tile, -1]  # the old tile is out of the game
    assert old not in s.chests_up + s.chest_pile
    assert s.chests_up[2] == top and len(s.chests_up) == 4


def _tile(needs: str, **kw: Any) -> int:
    """The id of the chest tile needing ``needs`` with these fields."""
    for i, t in enumerate(CHESTS):
        if ICONS[t.needs] != needs:
            continue
        if "gain" in kw and t.gain != kw["gain"]:
            continue
        if "boost" in kw and tuple(ICONS[b] for b in t.boost) != kw["boost"]:
            continue
        return i
    raise KeyError(needs)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_chest_tile_rewards_the_card_entering_its_space_when_played_and_shifted(
    players: int,
) -> None:
    silver = _tile("cleric", gain=(("gain", "silver", 1),))
    ink = _tile("merchant", gain=(("gain", "ink", 1),))
    s, me = keeper_turn(players, board=["Abbot", "Trader"], hand=["Labourer"])
    s.chest_slots[me] = [-1, silver, ink]
    s.apply(Play(cid("Labourer")))
    # the Abbot (cleric) entered space 2: +1 silver; the Trader (one merchant) entered
    # space 3 but that tile needs two merchants
    assert s.silver[me] == 1 and s.ink[me] == 0
    s2, me2 = keeper_turn(players, board=["Lender"], hand=["Abbot"])
    s2.chest_slots[me2] = [silver, ink, -1]
    s2.apply(Play(cid("Abbot")))
    # the Abbot played into space 1, the Lender (two merchants) shifted into space 2
    assert s2.silver[me2] == 1 and s2.ink[me2] == 1


def test_a_card_moved_by_rearranging_sets_no_chest_tile_off() -> None:
    silver = _tile("cleric", gain=(("gain", "silver", 1),))
    s, me = keeper_turn(2, board=["Squire", "Abbot", "Labourer"])
    s.chest_slots[me] = [-1, -1, silver]
    run_as(s, me, (("rearrange",),))
    _answer(s, Rearrange(1))  # the Abbot to space 3, over the tile
    assert s.board[me][2] == cid("Abbot") and s.silver[me] == 0


def test_a_chest_tiles_icons_count_in_this_turns_action_only() -> None:
    double = _tile("builder", boost=("builder", "builder"))
    s, me = keeper_turn(2, board=[], hand=["Labourer"])
    s.chest_slots[me] = [double, -1, -1]
    s.apply(Play(cid("Labourer")))
    assert s.boost[me][1] == 1  # "1 builder -> 2 builders": taken at once
    assert s.board_icons(me, 1) == 2
    # gone at the end of the turn
    to_collision(s)
    settle(s)
    assert s.boost[me] == [0] * 5


def test_a_chest_tile_trading_an_icon_for_others_is_asked_and_may_be_refused() -> None:
    trade = _tile("cleric", boost=("builder", "noble"))
    for take in (True, False):
        s, me = keeper_turn(2, board=[], hand=["Abbot"])
        s.chest_slots[me] = [trade, -1, -1]
        s.apply(Play(cid("Abbot")))
        d = s.view(me)["decision"]
        assert d["kind"] == "chest_boost"
        for lang in LANGS:
            assert text.state_label(s, Choose(0), lang) != str(Choose(0))
        _answer(s, Choose(0) if take else SKIP)
        icons = [s.board_icons(me, i) for i in (1, 2, 3)]  # builder, noble, cleric
        assert icons == ([1, 1, 0] if take else [0, 0, 1])


@pytest.mark.parametrize(("tiles", "vp"), [(0, 0), (1, 2), (2, 5), (3, 9)])
def test_chest_tiles_score_2_5_9_at_the_end(tiles: int, vp: int) -> None:
    s, me = keeper_turn(2)
    s.chest_slots[me] = [k if k < tiles else -1 for k in range(3)]
    assert s.score_parts(me)["chests"] == vp


# -- (5) the new cards ------------------------------------------------------------------------


def test_isabella_draws_two_then_discards_two() -> None:
    s, me = keeper_turn(2, board=[], hand=["Isabella"])
    with_deck(s, me, "Squire", "Abbot")
    s.apply(Play(kid("Isabella")))
    assert sorted(s.hand[me]) == sorted(cids("Squire", "Abbot"))
    assert s.view(me)["decision"]["kind"] == "discard"


def test_trade_or_three_silver_before_movement() -> None:
    s, me = keeper_turn(2, board=[], hand=["Smithy"])
    viscount_at(s, me, space_with(s, "silver"))
    s.apply(Play(kid("Smithy")))
    d = s.view(me)["decision"]
    assert d["kind"] == "choose" and len(d["options"]) == 2
    s.apply(Choose(0))  # the trade action, now, before moving
    assert s.view(me)["decision"]["kind"] == "act"
    trades = [a for a in s.legal_actions() if isinstance(a, Trade)]
    assert trades  # the Smithy's merchant pays for one silver
    s.apply(trades[-1])
    assert s.silver[me] >= 1 and s.phase == MOVE  # the turn goes on to its movement
    s2, me2 = keeper_turn(2, board=[], hand=["Smithy"])
    viscount_at(s2, me2, space_with(s2, "silver"))
    s2.apply(Play(kid("Smithy")))
    s2.apply(Choose(1))
    assert s2.silver[me2] == 3


def test_a_trade_action_is_not_offered_from_an_inner_space() -> None:
    s, me = keeper_turn(2, board=[], hand=["Profiteer"])
    viscount_at(s, me, 2)  # an inner space
    s.apply(Play(kid("Profiteer")))
    d = s.view(me)["decision"]
    # the trade is no option there: only the silver (taken at once)
    assert d is None or [o["option"] for o in d["options"]] == [1]


def test_the_woodcutter_moves_the_viscount_on_after_a_build() -> None:
    s, me = keeper_turn(2)
    s.board[me] = [kid("Woodcutter")]  # the base game has two of that name
    here = at_action(s, space_with(s, "silver"))
    assert here == me
    start = s.viscount[me]
    with_counts(s, me, stone=3)
    spot = s.build_spots(me)[0]
    s.apply(Build(0, spot, 0))
    settle_until(s, "move_on")
    moves = [a for a in s.legal_actions() if isinstance(a, Move)]
    assert {m.space for m in moves} == set(reachable(start, 1) | reachable(start, 2))
    s.apply(moves[0])
    assert s.viscount[me] == moves[0].space


def test_the_keeper_takes_a_chest_or_a_hero_when_it_drops_off() -> None:
    s, me = keeper_turn(2, board=["Abbot", "Squire"], hand=["Labourer"])
    s.board[me].append(kid("Keeper", 2))  # ... then +2 silver
    s.apply(Play(cid("Labourer")))
    d = s.view(me)["decision"]
    assert d["kind"] == "choose" and len(d["options"]) == 2
    s.apply(Choose(1))
    s.apply(TakeHero(0))
    assert s.silver[me] == 2


def test_the_new_starting_lender_flips_or_takes_a_chest() -> None:
    s, me = keeper_turn(2, board=["Abbot", "Squire"], hand=["Labourer"])
    s.board[me].append(kid("Lender"))
    with_counts(s, me, debts=0, deeds=0)
    s.apply(Play(cid("Labourer")))
    # nothing to flip: the chest tile is the only option
    assert s.view(me)["decision"]["kind"] == "chest"


def test_the_new_starting_trader_discards_and_gains_a_silver_after_a_trade() -> None:
    s, me = keeper_turn(2, board=[])
    s.board[me] = [kid("Trader")]
    at_action(s, space_with(s, "silver"))
    s.apply(Trade(1, 0))
    assert s.view(me)["decision"]["kind"] == "discard"


def test_zesiros_drop_off_gains_a_debt_with_a_chest_or_a_deed() -> None:
    s, me = keeper_turn(2, board=["Abbot", "Squire"], hand=["Labourer"])
    s.board[me].append(kid("Zesiro"))
    debts = s.debts[me]
    s.apply(Play(cid("Labourer")))
    s.apply(Choose(0))
    assert s.debts[me] == debts + 1 and s.view(me)["decision"]["kind"] == "chest"


def test_every_new_card_says_what_it_does_in_both_languages() -> None:
    for c in CONTENT.ids("cards", KOK):
        card = CARDS[c]
        if card.set != "keeper_of_keys":
            continue
        for lang in LANGS:
            says = text.card_line(c, lang)
            assert "{" not in says, says
            if card.kind == "public":
                assert str(card.vp) in says


# -- (6) hidden information ----------------------------------------------------------------------


def test_determinize_deals_the_face_down_heroes_and_chest_tiles_again_keeping_the_displays() -> (
    None
):
    s = started(3, seed=6, **KOK)
    changed = False
    for k in range(6):
        d = s.determinize(1, Rng(k))
        assert d.heroes_up == s.heroes_up and d.chests_up == s.chests_up
        assert d.chest_slots == s.chest_slots and d.public_owner == s.public_owner
        assert sorted(d.hero_pile) == sorted(s.hero_pile)
        assert sorted(d.chest_pile) == sorted(s.chest_pile)
        changed |= d.hero_pile != s.hero_pile or d.chest_pile != s.chest_pile
        # what the seat saw is the same
        assert d.view(1)["keeper_of_keys"] == s.view(1)["keeper_of_keys"]
    assert changed


def test_a_hero_or_chest_tile_turned_face_up_is_an_undo_barrier() -> None:
    s, me = keeper_turn(2)
    run_as(s, me, (("gain_hero",),))
    assert s.reveals_information(TakeHero(0), me)
    s.hero_pile = []
    assert not s.reveals_information(TakeHero(0), me)  # nothing new turned face up


def test_a_keeper_decision_owed_outside_ones_turn_is_a_turn_of_that_seat() -> None:
    s, me = keeper_turn(3)
    other = (me + 1) % 3
    run_as(s, other, (("chest",),))
    assert s.turn().seats == (other,)
    assert all(isinstance(a, TakeChest) for a in s.legal_actions())
    _answer(s, TakeChest(0, 0))
    assert s.chest_slots[other][0] >= 0 and s.current == me


@pytest.mark.parametrize("options", [KOK, BOTH], ids=["keeper", "both"])
def test_the_pettingzoo_and_openspiel_suites_pass_with_keeper_of_keys(
    options: dict[str, bool],
) -> None:
    # the action space grows (public buildings, heroes, chest tiles and their slots); the
    # adapters' own checkers still pass
    import warnings

    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    pyspiel = pytest.importorskip("pyspiel")
    from meeple.adapters.openspiel import load
    from meeple.adapters.pettingzoo import env

    game = Viscounts(2, **options)
    without = Viscounts(2, gates_of_gold="gates_of_gold" in options)
    assert game.num_distinct_actions > without.num_distinct_actions
    assert load(game).num_distinct_actions() == game.num_distinct_actions
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        pettingzoo_test.api_test(env(game), num_cycles=300)
    pyspiel.random_sim_test(load(game), num_sims=2, serialize=True, verbose=False)


# -- (7) the terminal ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_shows_the_displays_public_buildings_and_chest_slots_in_words(
    lang: str,
) -> None:
    s, me = keeper_turn(2)
    s.public_owner[2] = me
    s.chest_slots[me][1] = s.chest_pile[0]
    s.boost[me][1] = 1
    shown = text.render(s.view(me), me, lang)
    heroes = [text.card_name(c, lang) for c in s.heroes_up]
    assert all(h in shown for h in heroes)
    for t in [*s.chests_up, s.chest_slots[me][1]]:
        assert text.chest_words(t, lang) in shown
    for c in PUBLIC:
        assert text.card_name(c, lang) in shown
    words = {
        "en": ("Heroes face up:", "Chest tiles face up:", "Public buildings:", "not built"),
        "zh-TW": ("正面朝上的英雄：", "正面朝上的寶箱板塊：", "公共建築：", "尚未建造"),
    }[lang]
    assert all(w in shown for w in words), shown
    assert ("Chest icons this turn:" if lang == "en" else "本回合寶箱圖示：") in shown
    # and none of it in a game without the expansion
    s2, me2 = keeper_turn(2)
    base = started(2, seed=1)
    assert words[0] not in text.render(base.view(0), 0, lang)
    assert s2.view(me2)["keeper_of_keys"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_tally_names_public_buildings_and_chest_tiles(lang: str) -> None:
    s = _random_game(2, 3, KOK)
    shown = "\n".join(text.final_lines(s.view(0), 0, lang))
    assert ("chest tiles" if lang == "en" else "寶箱板塊") in shown


# -- (8) solo: the AI with the expansion (designed, from the research's note) -----------------


def _solo(**options: object) -> ViscountsState:
    s = started(1, seed=3, keeper_of_keys=True, **options)
    ai = s.ai
    s.silver[ai] = s.ink[ai] = s.gold[ai] = s.stone[ai] = 0
    s.corruption[ai], s.virtue[ai] = 0, TRACK - 1
    s.ai_board, s.ai_discard = [], []
    viscount_at(s, 0, 2)  # an inner space: the AI never lands there
    return s


def _ai_turn(s: ViscountsState, scheme: int) -> None:
    s.ai_deck.append(scheme)
    s.phase, s.current = AI_TURN, s.ai
    s._run(s.ai, (("ai_turn",),), "solo")
    s._advance()


def test_solo_the_ai_gets_its_new_scheme_and_three_chest_tiles_face_down() -> None:
    s = started(1, seed=3, keeper_of_keys=True)
    assert set(KEEPER_SCHEMES) <= set(s.ai_deck + s.ai_board + s.ai_discard)
    assert s.ai_chests == [0, 0, 0] and s.view(0)["keeper_of_keys"]["ai_chests"] == [0, 0, 0]
    base = started(1, seed=3)
    assert not set(KEEPER_SCHEMES) & set(base.ai_deck)


def test_solo_the_new_scheme_clears_two_heroes_and_chest_tiles_then_turns_a_chest_up() -> None:
    s = _solo()
    heroes, chests = list(s.heroes_up), list(s.chests_up)
    hero_top, chest_top = s.hero_pile[-2:], s.chest_pile[-2:]
    start = s.viscount[s.ai]
    _ai_turn(s, KEEPER_SCHEMES[0])
    assert s.heroes_up[:1] == heroes[2:] and s.chests_up[:2] == chests[2:]
    assert s.heroes_up[1:] == hero_top[::-1] and s.chests_up[2:] == chest_top[::-1]
    assert not set(heroes[:2]) & set(s.heroes_up + s.hero_pile)  # out of the game
    assert s.viscount[s.ai] != start  # it moved one space
    assert s.ai_chests == [1, 0, 0]
    said = s.view(0)["ai"]["turns"][-1]["say"]
    assert "chest tile" in said["en"] and "寶箱板塊" in said["zh-TW"]


def test_solo_with_every_ai_chest_up_the_new_scheme_does_its_focus_action_or_falls_back() -> None:
    s = _solo()
    s.ai_chests = [1, 1, 1]
    ai = s.ai
    s.deeds[ai] = 1
    debts, flips = s.debts[ai] + s.paid[ai], s.paid[ai] + s.approved[ai]
    _ai_turn(s, KEEPER_SCHEMES[0])
    entry = s.ai_log[-1]
    assert entry[5] == FOCUS[s.ai_focus].action  # its focus action was tried
    if not entry[4]:  # it could not: a debt, and a flip (the AI flips the kind it has
        # flipped fewer of, as always)
        assert s.debts[ai] + s.paid[ai] == debts + 1 and s.paid[ai] + s.approved[ai] == flips + 1


def test_solo_the_ais_face_up_chest_tiles_add_icons_and_score_at_the_end() -> None:
    s = _solo()
    ai = s.ai
    cleric = next(k for k, t in enumerate(AI_CHESTS) if ICONS[t.needs] == "cleric")
    shows_cleric = next(i for i, c in enumerate(SCHEMES) if c.icons[3] and not c.icons[1])
    s.ai_board = [shows_cleric]
    before = solo.icons(s, 1)  # builder icons (the build action)
    s.ai_chests[cleric] = 1  # "1 cleric -> builder and noble"
    assert solo.icons(s, 1) == before + 1 and solo.icons(s, 2) >= 1
    assert s.score_parts(ai)["chests"] == 2
    s.ai_chests = [1, 1, 1]
    assert s.score_parts(ai)["chests"] == 9


def test_scarlette_transcribes_before_movement_paying_as_usual() -> None:
    s, me = keeper_turn(2, board=["Abbot"], hand=["Scarlette"])
    viscount_at(s, me, 2)  # an inner space: transcribing is open there
    with_counts(s, me, ink=6)
    m = s.manuscript_here(0)
    corruption = s.corruption[me]
    s.apply(Play(kid("Scarlette")))
    assert s.view(me)["decision"]["kind"] == "act"
    s.apply(Transcribe(0))
    assert m in s.manuscripts[me] and s.corruption[me] == corruption + 1
    # two clerics on the board (the Abbot's and Scarlette's), the rest in ink
    assert s.ink[me] == 6 - max(0, MANUSCRIPTS[m].cost - 2)
    settle(s)
    assert s.phase == MOVE  # then the turn's movement


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_names_a_public_building_on_its_spot(lang: str) -> None:
    s, me, spot = _public_turn(2, "guildhall")
    s.apply(BuildPublic(2, spot, 0))
    settle(s)
    shown = text.render(s.view(me), me, lang)
    assert ("public guildhall" if lang == "en" else "公共市政廳") in shown
