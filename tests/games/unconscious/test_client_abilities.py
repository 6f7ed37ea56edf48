"""Unconscious Mind: each of the eighteen normal clients' abilities (designed content), and
the rules the rule-coverage list had marked as built without a test of their own.

An ability works only once its client is cured (seed rule 22), so each test
compares one seat with the client cured against the same situation without
it: the difference is the ability and nothing else.
"""

from __future__ import annotations

from meeple.core import Rng
from meeple.games.unconscious import Unconscious
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import turns as tn
from meeple.games.unconscious.actions import DONE, RECALL, Card, Coffee, Colour, Option, Treat
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    CLIENTS,
    DISTRICT_OF,
    DISTRICTS,
    NORMAL_CLIENTS,
    RED,
    RESEARCH,
    ROW_INKPOTS,
    TAG_COLOUR,
    TREATISES,
    clockwise,
)
from meeple.games.unconscious.rules import UnconsciousState
from meeple.games.unconscious.state import EMPTY
from tests.games.unconscious.builders import (
    fill_dial,
    freud_at,
    ideas_on,
    legal,
    play,
    professor_at,
    ready,
    with_counts,
    with_hand,
    with_played,
    with_room,
)


def client_with(ability: str) -> int:
    return next(c for c in NORMAL_CLIENTS if CLIENTS[c].ability == ability)


def both(ability: str, **options: object) -> list[tuple[bool, UnconsciousState]]:
    """The same match twice: without and with the client giving ``ability`` cured."""
    out = []
    for has in (False, True):
        s = ready(**options)
        if has:
            s.cured[0].append(client_with(ability))
        out.append((has, s))
    return out


def action(key: str) -> int:
    return ACTION_KEYS.index(key)


def settle(s: UnconsciousState) -> None:
    """Take the first choice of every decision left (the same in both matches)."""
    while s.decisions:
        play(s, legal(s)[0])


def test_every_ability_in_the_data_has_one_client_and_a_test_here() -> None:
    abilities = sorted(CLIENTS[c].ability for c in NORMAL_CLIENTS)
    assert len(abilities) == 18 and len(set(abilities)) == 18
    tests = [name for name in globals() if name.startswith("test_")]
    for c in NORMAL_CLIENTS:
        key = CLIENTS[c].key
        assert any(name.startswith(f"test_{key}_") for name in tests), f"no test for {key}"


# -- rule 22: an ability only once the client is cured ----------------------------------------


def test_a_clients_ability_works_only_once_they_are_cured() -> None:
    s = ready()
    governess = client_with("recall_coffee")
    with_room(s, 0, 0, client=governess)  # in treatment: not yet
    assert not en.has_ability(s, 0, "recall_coffee")
    s.cured[0].append(governess)
    assert en.has_ability(s, 0, "recall_coffee")


# -- the eighteen abilities ---------------------------------------------------------------------


def test_governess_recalling_gives_one_more_coffee() -> None:
    for has, s in both("recall_coffee"):
        with_counts(s, 0, coffee=0)
        for space in (0, 5):
            ideas_on(s, space, seat=0, action=0, ideas=1)
        play(s, RECALL)
        assert s.coffee[0] == 2 + has


def test_clerk_a_transfer_with_coffee_costs_one() -> None:
    for has, s in both("cheap_transfer"):
        fill_dial(s, 0, (RED, 1))
        with_counts(s, 0, coffee=1)
        assert (Coffee(2) in legal(s)) == has
        if has:
            play(s, Coffee(2))
            assert s.coffee[0] == 0 and s.decisions[-1].kind == "spot"


def test_violinist_an_elevation_with_coffee_costs_one() -> None:
    for has, s in both("cheap_elevate"):
        fill_dial(s, 0, (RED, 1))
        with_counts(s, 0, coffee=1)
        assert (Coffee(1) in legal(s)) == has
        if has:
            play(s, Coffee(1))
            assert s.coffee[0] == 0 and dl.count(s.dial[0], RED, 2) == 1


def test_baker_a_bright_idea_costs_two_coffee_in_play_and_at_the_end() -> None:
    for has, s in both("cheap_bright"):
        with_counts(s, 0, coffee=2)
        assert (Coffee(0) in legal(s)) == has
        if has:
            play(s, Coffee(0))
            assert s.coffee[0] == 0 and s.bright[0] == 1
        with_counts(s, 0, coffee=4, bright=0)
        assert s.final_breakdown(0)["bright"] == (2 if has else 1)


def test_coachman_up_to_eight_coffee() -> None:
    for has, s in both("coffee_cap"):
        with_counts(s, 0, coffee=6)
        en.ENGINE.run(s, 0, (("gain", "coffee", 3),))
        assert s.coffee[0] == (8 if has else 6)


def test_seamstress_publishing_scores_two_more() -> None:
    t = next(x.index for x in TREATISES if x.tier == 1)
    for has, s in both("publish_vp"):
        s.played[0] = [
            next(r.index for r in RESEARCH if r.colour == c and r.tag == k)
            for k, c in enumerate(TREATISES[t].articles)
        ]
        vp = s.vp[0]
        en.ENGINE.run(s, 0, (("publish",),))
        play(s, Option(t))
        settle(s)
        assert s.treatises[0] == [t] and s.vp[0] == vp + TREATISES[t].vp + 2 * has


def test_student_later_cures_score_two_more_but_not_the_students_own() -> None:
    for has, s in both("cure_vp"):
        client = s.room_client[0][0]
        with_room(s, 0, 0, grief=EMPTY, track=1)
        vp = s.vp[0]
        en.ENGINE.run(s, 0, (("heal", 0, 1),))
        assert s.vp[0] == vp + CLIENTS[client].vp + 2 * has
    # the student's own cure is not "later": nothing extra
    s = ready()
    student = client_with("cure_vp")
    with_room(s, 0, 0, client=student, grief=EMPTY, track=1)
    vp = s.vp[0]
    en.ENGINE.run(s, 0, (("heal", 0, 1),))
    assert s.vp[0] == vp + CLIENTS[student].vp and en.has_ability(s, 0, "cure_vp")


def test_widow_the_draw_action_draws_two_other_draws_one() -> None:
    for has, s in both("draw_more"):
        en.ENGINE.run(s, 0, (("use", action("draw")),))
        assert len(s.hand[0]) == 1 + has
        play(s, DONE)  # no swap
        en.ENGINE.run(s, 0, (("research", 1),))  # a location's or a tile's draw
        assert len(s.hand[0]) == 2 + has


def test_officer_the_generate_action_gives_four() -> None:
    for has, s in both("generate_more"):
        fill_dial(s, 0)
        en.ENGINE.run(s, 0, (("use", action("generate")),))
        play(s, Colour(RED))
        settle(s)
        assert dl.count(s.dial[0], RED, 1) == 3 + has


def test_painter_the_tile_actions_cost_one_coffee_less() -> None:
    left = []
    for has, s in both("cheap_tiles"):
        with_counts(s, 0, coffee=0)
        assert s.action_usable(0, action("tile_stack")) == has
        with_counts(s, 0, coffee=2)
        en.ENGINE.run(s, 0, (("use", action("tile_middle")),))  # the same tile in both
        settle(s)
        left.append(s.coffee[0])
    assert left[1] == left[0] + 1  # 2 paid, or 1


def test_actress_moving_freud_scores_one() -> None:
    for has, s in both("freud_vp"):
        fill_dial(s, 0)  # nothing to pay for the location's costly uses
        vp = s.vp[0]
        en.ENGINE.run(s, 0, (("freud",),))
        assert s.vp[0] == vp + has
        en.ENGINE.run(s, 0, (("freud_quiet",),))  # the track moves him, not the player
        assert s.vp[0] == vp + has


def test_notary_one_more_matching_tag_within_the_cap() -> None:
    for has, s in both("location_tag"):
        loc = s.professor[0]
        freud_at(s, clockwise(loc, 3))
        tagged = sum(t == loc for t in s.tags_in_play(0))
        assert en.location_uses(s, 0, loc) == 1 + tagged + has
        s.played[0] = [r.index for r in RESEARCH if r.tag == loc][:2]
        freud_at(s, loc)
        assert en.location_uses(s, 0, loc) == 4  # never past the cap


def test_watchmaker_one_more_tag_toward_a_district_scoring_slot() -> None:
    for has, s in both("district_tag"):
        d = next(
            k
            for k, x in enumerate(DISTRICTS)
            if x.colour != TAG_COLOUR[CLIENTS[client_with("district_tag")].tags[0]]
        )
        loc = next(v for v in range(6) if DISTRICT_OF[v] == d)
        professor_at(s, 0, loc)
        freud_at(s, next(v for v in range(6) if DISTRICT_OF[v] != d))
        with_played(
            s, 0, next(r.index for r in RESEARCH if TAG_COLOUR[r.tag] == DISTRICTS[d].colour)
        )
        assert s.district_tags(0, d) == 2  # the professor and one tag
        need = DISTRICTS[d].thresholds[0]
        assert need == 3
        assert (3 in s.recall_bonus_options(0)) == has


def test_tram_driver_a_catharsis_gives_two_more_coffee() -> None:
    for has, s in both("catharsis_coffee"):
        with_room(s, 0, 0, grief=0, track=4)
        with_counts(s, 0, coffee=0)
        en.ENGINE.run(s, 0, (("heal", 0, 1),))
        assert s.room_grief[0][0] == EMPTY and s.coffee[0] == 1 + 2 * has


def test_poet_the_first_treatment_of_a_turn_gives_one_more_therapy() -> None:
    for has, s in both("treat_more"):
        fill_dial(s, 0, (0, 3), (1, 3))
        for room in (0, 1):
            with_room(s, 0, room, client=NORMAL_CLIENTS[room], grief=EMPTY, track=8)
        with_counts(s, 0, room2_open=1)
        ideas_on(s, 0, seat=0, action=0, ideas=1)
        play(s, RECALL, Option(1))
        play(s, Treat(0, 1))  # a major for 2 therapy
        settle(s)
        play(s, Treat(1, 1))
        settle(s)
        assert s.room_track[0] == [8 - 2 - has, 8 - 2]


def test_nurse_the_inkpot_moves_one_space_more() -> None:
    for has, s in both("inkpot_more"):
        with_counts(s, 0, inkpot=0)
        s.placed_row = 0
        with_counts(s, 0, bright=0)
        tn.move_inkpot(s, 0, 0)
        assert s.inkpot[0] == ROW_INKPOTS[0] + has


def test_banker_each_reputation_gained_scores_one() -> None:
    for has, s in both("reputation_vp"):
        vp = s.vp[0]
        en._rep(s, 0, 2)
        assert s.rep[0] == 2 and s.vp[0] == vp + 2 * has


def test_chess_player_each_research_card_played_scores_one() -> None:
    card = next(r.index for r in RESEARCH if all(st.op != "vp" for st in r.effect))
    for has, s in both("research_vp"):
        s.research_deck.remove(card)
        with_hand(s, 0, card)
        vp = s.vp[0]
        en.ENGINE.run(s, 0, (("play", 1),))
        play(s, Card(card))
        assert s.played[0] == [card] and s.vp[0] == vp + has


# -- research hands (rules 163, 164, 168) -------------------------------------------------------


def test_a_hand_has_no_limit() -> None:
    s = ready()
    en.ENGINE.run(s, 0, (("research", 15),))
    play(s, DONE)
    assert len(s.hand[0]) == 15 and s.view(0)["players"][0]["hand_size"] == 15


def test_cards_are_played_only_by_an_effect_that_plays_them() -> None:
    s = ready()
    with_hand(s, 0, s.research_deck.pop(), s.research_deck.pop())
    assert not [a for a in legal(s) if isinstance(a, Card)]  # not at the turn's choice
    ideas_on(s, 0, seat=0, action=0, ideas=1)
    play(s, RECALL)
    assert not [a for a in legal(s) if isinstance(a, Card)]  # nor at the follow-up
    en.ENGINE.run(s, 0, (("play", 1),))
    assert {a for a in legal(s) if isinstance(a, Card)} == {Card(c) for c in s.hand[0]}


def test_research_cards_are_never_discarded() -> None:
    """Through whole random games every card is in the deck, face up, in a hand, in
    play or under a treatise, exactly once: none ever leaves."""
    everything = sorted(r.index for r in RESEARCH)
    for seed in (1, 2):
        s = Unconscious(players=3, rounds=4).new_initial_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            cards = list(s.research_deck) + [s.research_up] * (s.research_up != EMPTY)
            for p in range(3):
                cards += s.hand[p] + s.played[p]
            cards += [c for t in s.treatise_cards for c in t]
            assert sorted(cards) == everything
            seat = s.current_seat()
            assert seat is not None
            moves = s.legal_actions(seat)
            s.apply(moves[rng.randbelow(len(moves))], seat)
