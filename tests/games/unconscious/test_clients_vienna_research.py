"""Unconscious Mind: clients and dreams (item 7), Vienna (8), research and treatises (9),
goals, eras and the end (10), solo (12), hidden information (13).

Each test sets up a match (builders.ready) and checks one rule of seed
004's Unconscious Mind part, or a decision in docs/games/unconscious.md.
"""

from __future__ import annotations

from meeple.core import Rng
from meeple.games.unconscious import Unconscious
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import turns as tn
from meeple.games.unconscious.actions import DONE, RECALL, Card, Option, PlaceIdeas, Treat
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    ACTION_SPACES,
    CLIENTS,
    COMPLEX_CLIENTS,
    DREAMS,
    GOALS,
    GRIEF,
    LATENT,
    MANIFEST,
    NL,
    NORMAL_CLIENTS,
    PROFESSOR,
    RED,
    RESEARCH,
    TAG_SCALE,
    TRACK_VP,
    TREATISES,
    WILD,
    clockwise,
)
from meeple.games.unconscious.state import EMPTY, FOLLOW, OVER, TREAT
from tests.games.unconscious.builders import (
    at_phase,
    fill_dial,
    freud_at,
    ideas_on,
    legal,
    play,
    ready,
    with_counts,
    with_hand,
    with_room,
)


def treat_step(s):  # type: ignore[no-untyped-def]
    """Seat 0 recalls (an idea placed by hand) and chooses to treat."""
    ideas_on(s, 0, seat=0, action=0, ideas=1)
    play(s, RECALL, Option(1))
    assert s.step == TREAT


# -- treating -----------------------------------------------------------------------------------


def test_a_base_treatment_or_the_top_dream_once_per_client_a_turn() -> None:
    s = ready()
    fill_dial(s, 0, (RED, 1), (RED, 1), (RED, 3))
    treat_step(s)
    assert Treat(0, 0) in legal(s) and Treat(0, 1) in legal(s)
    track = s.room_track[0][0]
    play(s, Treat(0, 0))
    while s.decisions:  # which insights pay
        play(s, legal(s)[0])
    assert s.room_track[0][0] == track - 1
    assert not [a for a in legal(s) if isinstance(a, Treat)]  # treated once already
    assert DONE in legal(s)


def test_only_the_manifest_dream_is_used_while_it_covers_the_latent_one() -> None:
    s = ready()
    top, under = s.room_manifest[0][0], s.room_latent[0][0]
    assert en.treatment_options(s, 0, 0)[-1] == DREAMS[top].effect
    with_room(s, 0, 0, manifest=EMPTY)
    assert en.treatment_options(s, 0, 0)[-1] == DREAMS[under].effect


def test_a_used_dream_is_discarded_face_up() -> None:
    s = ready()
    fill_dial(s, 0, (RED, 3), (RED, 3), (2, 3), (1, 3))
    top = s.room_manifest[0][0]
    treat_step(s)
    if Treat(0, 2) in legal(s):
        play(s, Treat(0, 2))
        assert s.room_manifest[0][0] == EMPTY and top in s.manifest_discard


def test_a_matching_symbol_gives_one_more_therapy_only_while_the_grief_layer_is_there() -> None:
    s = ready()
    m = next(d for d in MANIFEST if DREAMS[d].effect[0].op == "pay" and DREAMS[d].effect[0].n == 1)
    symbol = DREAMS[m].symbol
    grief = next(g for g, (_, sym) in enumerate(GRIEF) if sym == symbol)
    client = NORMAL_CLIENTS[0]
    with_room(s, 0, 0, client=client, grief=grief, track=8, manifest=m)
    fill_dial(s, 0, (0, 3), (1, 3), (2, 3))
    therapy = sum(st.n for st in DREAMS[m].effect if st.op == "therapy")
    treat_step(s)
    play(s, Treat(0, 2))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.room_track[0][0] == 8 - therapy - 1
    # without the grief layer, no bonus
    s2 = ready()
    with_room(s2, 0, 0, client=client, grief=EMPTY, track=8, manifest=m)
    fill_dial(s2, 0, (0, 3), (1, 3), (2, 3))
    treat_step(s2)
    play(s2, Treat(0, 2))
    while s2.decisions:
        play(s2, legal(s2)[0])
    assert s2.room_track[0][0] == 8 - therapy


def test_vp_spaces_reached_or_passed_score_and_the_catharsis_removes_the_layer() -> None:
    s = ready()
    with_room(s, 0, 0, client=NORMAL_CLIENTS[0], grief=0, track=8)
    vp, coffee, rep = s.vp[0], s.coffee[0], s.rep[0]
    en.ENGINE.run(s, 0, (("heal", 0, 5),))
    passed = sum(TRACK_VP[k] for k in range(3, 8))
    assert s.room_track[0][0] == 3 and s.room_grief[0][0] == EMPTY
    # the catharsis: 1 VP, 1 coffee, 1 reputation (designed)
    assert s.vp[0] == vp + passed + 1 and s.coffee[0] == coffee + 1 and s.rep[0] == rep + 1


def test_a_client_set_on_the_catharsis_space_has_the_catharsis_at_once() -> None:
    # a 2-heart client under a 1-heart layer starts on 3: the seed scores a space the
    # marker is set on, and reaching 3 is the catharsis (layer gone, its VP and gain)
    s = ready()
    two = next(c for c in s.normal_deck if CLIENTS[c].hearts == 2)
    one = next(g for g in s.grief_deck if GRIEF[g][0] == 1)
    for deck, top in ((s.normal_deck, two), (s.grief_deck, one)):  # on top of their decks
        deck.remove(top)
        deck.append(top)
    with_room(s, 0, 0, client=EMPTY)
    treat_step(s)
    vp, coffee, rep, freud = s.vp[0], s.coffee[0], s.rep[0], s.freud_rep
    play(s, DONE, Option(4))  # a random normal client: the deck's top, with the top layer
    assert s.room_client[0][0] == two and s.room_track[0][0] == 3
    assert s.room_grief[0][0] == EMPTY
    # the catharsis: 1 VP, 1 coffee, 1 reputation (designed), Freud's marker first
    assert (s.vp[0], s.coffee[0], s.rep[0]) == (vp + 1, coffee + 1, rep + 1)
    assert s.freud_rep == freud + 1
    # it happens once: treating the client later gives no second catharsis
    vp = s.vp[0]
    en.ENGINE.run(s, 0, (("heal", 0, 1),))
    assert s.room_track[0][0] == 2 and s.vp[0] == vp


def test_a_starting_client_on_the_catharsis_space_has_it_at_setup() -> None:
    game = Unconscious(players=4)
    for seed in range(200):
        s = game.new_initial_state(seed)
        seats = [p for p in range(4) if s.room_track[p][0] <= 3]
        if seats:
            break
    else:
        raise AssertionError("no starting client on the catharsis space in 200 seeds")
    p = seats[0]
    assert s.room_grief[p][0] == EMPTY and s.rep[p] == 1 and s.vp[p] == 1
    others = [q for q in range(4) if q not in seats]
    assert all(s.room_grief[q][0] != EMPTY and s.rep[q] == 0 for q in others)
    assert s.freud_rep == 1 + len(seats)


def test_a_cure_moves_the_client_scores_discards_dreams_and_opens_the_second_room() -> None:
    s = ready()
    client = s.room_client[0][0]
    dreams = s.room_manifest[0][0], s.room_latent[0][0]
    with_room(s, 0, 0, grief=EMPTY, track=2)
    vp = s.vp[0]
    en.ENGINE.run(s, 0, (("heal", 0, 3),))  # more therapy than needed: the rest is lost
    assert s.cured[0] == [client] and s.room_client[0][0] == EMPTY
    assert s.vp[0] == vp + CLIENTS[client].vp + sum(TRACK_VP[:2])
    assert dreams[0] in s.manifest_discard and dreams[1] in s.latent_discard
    assert s.room2_open[0] and s.rep[0] == 1  # a cure gives 1 reputation (designed)


def test_at_the_end_of_the_turn_empty_rooms_take_a_client_a_latent_and_a_manifest_dream() -> None:
    s = ready()
    with_room(s, 0, 0, client=EMPTY)
    with_counts(s, 0, room2_open=1)
    treat_step(s)
    shown = s.client_display[2]
    grief = s.display_grief[2]
    play(s, DONE)
    assert s.decisions[-1].kind == "client" and s.current_seat() == 0
    assert set(legal(s)) == {Option(k) for k in range(6)}
    play(s, Option(2))  # the first complex client of the display, with its layer
    assert s.room_client[0][0] == shown and s.room_grief[0][0] == grief
    assert s.client_display[2] in COMPLEX_CLIENTS and s.display_grief[2] != grief
    assert s.room_latent[0][0] in LATENT
    assert s.room_track[0][0] == CLIENTS[shown].hearts + GRIEF[grief][0]
    m = s.manifest_display[1]
    play(s, Option(1))
    assert s.room_manifest[0][0] == m and s.manifest_display[1] != m
    assert s.decisions[-1].kind == "client"  # the second room, now open, too
    play(s, Option(4))  # a random normal client from the deck
    play(s, Option(4))  # a manifest dream from the deck
    assert s.room_client[0][1] in NORMAL_CLIENTS and s.current_seat() == 1


def test_the_second_room_stays_closed_until_the_first_cure() -> None:
    s = ready()
    treat_step(s)
    play(s, DONE)
    assert s.room_client[0][1] == EMPTY and s.current_seat() == 1


def test_an_empty_dream_deck_is_reshuffled_from_its_discards() -> None:
    s = ready()
    s.latent_discard = list(s.latent_deck)
    s.latent_deck = []
    got = tn.draw_dream(s, s.latent_deck, s.latent_discard)
    assert got in LATENT and not s.latent_discard and len(s.latent_deck) > 0


# -- Vienna ---------------------------------------------------------------------------------------


def test_a_location_is_used_once_per_matching_tag_at_most_four_times() -> None:
    s = ready()
    loc = s.professor[0]
    freud_at(s, clockwise(loc, 3))
    assert en.location_uses(s, 0, loc) == 1  # one's professor
    freud_at(s, loc)
    assert en.location_uses(s, 0, loc) == 2  # and Freud
    s.played[0] = [r.index for r in RESEARCH if r.tag == loc][:4]
    assert s.matching_tags(0, loc) == 6 and en.location_uses(s, 0, loc) == 4


def test_the_professor_moves_one_or_two_clockwise_and_uses_only_the_destination() -> None:
    s = ready()
    fill_dial(s, 0)
    start = s.professor[0]
    play(s, PlaceIdeas(7, PROFESSOR, 1, 0))
    d = s.decisions[-1]
    assert d.kind == "choose"  # 1-2 locations, or to Freud
    play(s, Option(0))
    assert s.decisions[-1].kind == "steps"
    play(s, legal(s)[1])  # two locations
    assert s.professor[0] == clockwise(start, 2)


def test_moving_to_freud_when_already_with_him_does_nothing() -> None:
    s = ready()
    freud_at(s, s.professor[0])
    assert en._prof_freud(s, 0) is None


def test_freud_moves_one_and_the_mover_uses_his_location() -> None:
    s = ready()
    fill_dial(s, 0)
    at = s.freud_loc
    en.ENGINE.run(s, 0, (("freud",),))
    assert s.freud_loc == clockwise(at, 1)
    en.ENGINE.run(s, 0, (("freud_quiet",),))
    assert s.freud_loc == clockwise(at, 2)


# -- research and treatises -------------------------------------------------------------------------


def test_drawing_research_then_an_optional_swap_with_the_face_up_card() -> None:
    s = ready()
    top, up = s.research_deck[-1], s.research_up
    en.ENGINE.run(s, 0, (("research", 1),))
    assert s.hand[0] == [top] and s.decisions[-1].kind == "card"
    assert set(legal(s)) == {Card(top), DONE}
    play(s, Card(top))
    assert s.hand[0] == [up] and s.research_up == top


def test_an_empty_research_deck_gives_two_vp_per_card_it_cannot_give() -> None:
    s = ready()
    s.research_deck = []
    vp = s.vp[0]
    en.ENGINE.run(s, 0, (("research", 2),))
    assert s.vp[0] == vp + 4


def test_a_draw_the_empty_deck_cannot_give_scores_two_vp_instead_and_no_swap_follows() -> None:
    # the seed: 「若耗盡研究牌庫……相對地，每張玩家需要但無法抽取的卡牌，使玩家獲得 2 勝利分數」:
    # the 2 VP come instead of the card, so the gain's swap (a step of gaining a card)
    # does not follow, even for a player holding cards
    s = ready()
    card = s.research_deck.pop()
    with_hand(s, 0, card)
    s.research_deck = []
    up, vp = s.research_up, s.vp[0]
    en.ENGINE.run(s, 0, (("research", 1),))
    assert s.vp[0] == vp + 2 and not s.decisions
    assert s.hand[0] == [card] and s.research_up == up
    # the draw action on an empty deck: 2 VP, and the turn goes straight on
    s.research_deck = []
    draw = ACTION_KEYS.index("draw")
    play(s, PlaceIdeas(ACTION_SPACES[draw][0], draw, 1, 0))
    assert s.vp[0] == vp + 4 and s.step == FOLLOW and s.hand[0] == [card]
    # a gain of two with one card left: that card, 2 VP for the other, and the one swap
    last = next(c for c in range(len(RESEARCH)) if c not in (card, up))
    s.research_deck = [last]
    en.ENGINE.run(s, 0, (("research", 2),))
    assert s.vp[0] == vp + 6 and s.hand[0] == [card, last]
    assert s.decisions[-1].kind == "card" and set(legal(s)) == {Card(card), Card(last), DONE}


def test_played_cards_stay_in_play_and_their_tags_count() -> None:
    s = ready()
    card = s.research_deck[-1]
    with_hand(s, 0, card)
    s.research_deck.remove(card)
    en.ENGINE.run(s, 0, (("play", 1),))
    play(s, Card(card))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.played[0] == [card] and RESEARCH[card].tag in s.tags_in_play(0)


def test_the_play_action_plays_one_or_two_cards_never_none() -> None:
    # "play 1-2 research cards": with cards in hand the first is played, a second may be
    s = ready()
    cards = [r.index for r in RESEARCH if [(st.op, st.n) for st in r.effect] == [("vp", 2)]][:2]
    for c in cards:
        if c in s.research_deck:
            s.research_deck.remove(c)
    if s.research_up in cards:
        s.research_up = s.research_deck.pop()
    s.hand[0] = list(cards)
    action = ACTION_KEYS.index("research_or_publish")
    play(s, PlaceIdeas(ACTION_SPACES[action][0], action, 1, 0))
    d = s.decisions[-1]
    assert d.kind == "card" and DONE not in legal(s)
    assert set(legal(s)) == {Card(c) for c in cards}
    vp = s.vp[0]
    play(s, Card(cards[0]))
    assert s.decisions[-1].kind == "card" and DONE in legal(s)  # the second is optional
    play(s, DONE)
    assert s.played[0] == [cards[0]] and s.hand[0] == [cards[1]] and s.vp[0] == vp + 2
    assert s.step == FOLLOW


def _cards_of(colours: list[int], avoid: set[int]) -> list[int]:
    out = []
    for c in colours:
        card = next(r.index for r in RESEARCH if r.colour == c and r.index not in avoid)
        avoid.add(card)
        out.append(card)
    return out


def test_publishing_uses_own_cards_and_a_player_colour_insight_and_scores() -> None:
    s = ready()
    t = next(x.index for x in TREATISES if x.tier == 1)
    cards = _cards_of(list(TREATISES[t].articles), set())
    s.played[0] = list(cards)
    vp = s.vp[0]
    en.ENGINE.run(s, 0, (("publish",),))
    play(s, Option(t))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.treatise_cards[t] == cards and s.played[0] == [] and s.treatises[0] == [t]
    assert s.vp[0] == vp + TREATISES[t].vp and s.dial[0][dl.OWN_RESERVE] == 0
    # the cards' tags no longer count; the treatise's do
    assert sorted(s.tags_in_play(0)) == sorted(TREATISES[t].tags)


def test_citing_takes_only_the_rightmost_article_of_anothers_treatise_for_two_vp() -> None:
    s = ready()
    t0 = next(x.index for x in TREATISES if x.tier == 1)
    taken: set[int] = set()
    theirs = _cards_of(list(TREATISES[t0].articles), taken)
    s.treatise_owner[t0], s.treatise_cards[t0], s.treatises[1] = 1, list(theirs), [t0]
    need = next(
        x
        for x in TREATISES
        if x.tier == 1 and x.index != t0 and x.articles[-1] == RESEARCH[theirs[-1]].colour
    )
    mine = _cards_of(list(need.articles[:-1]), taken)
    s.played[0] = mine
    assert en.can_publish(s, 0, need.index)
    vp1 = s.vp[1]
    en.ENGINE.run(s, 0, (("publish",),))
    play(s, Option(need.index))
    while s.decisions:
        choices = legal(s)
        assert theirs[0] not in [getattr(a, "card", None) for a in choices]  # never the left one
        play(s, choices[0])
    assert s.treatise_cards[need.index][-1] == theirs[-1] and s.vp[1] == vp1 + 2
    assert s.treatise_cards[t0] == theirs[:-1]


def test_one_publication_may_cite_two_articles_of_one_treatise_from_its_right_end() -> None:
    """A decision: once the rightmost article is cited the next one is the rightmost, so
    a treatise needing two passion articles may take both of another player's (0, 0)
    treatise, right one first, and its owner scores 2 VP for each."""
    s = ready()
    taken: set[int] = set()
    theirs = _cards_of([0, 0], taken)
    s.treatise_owner[3], s.treatise_cards[3], s.treatises[1] = 1, list(theirs), [3]
    mine = _cards_of([1, 2], taken)
    s.played[0] = list(mine)
    assert TREATISES[3].articles == (0, 0) and TREATISES[9].articles == (0, 1, 2, 0)
    vp1 = s.vp[1]
    en.ENGINE.run(s, 0, (("publish",),))
    play(s, Option(9))
    assert legal(s) == [Card(theirs[1])]  # the rightmost only
    play(s, Card(theirs[1]), *(Card(c) for c in mine))
    assert legal(s) == [Card(theirs[0])]  # now the rightmost
    play(s, Card(theirs[0]))
    assert s.treatise_cards[9] == [theirs[1], *mine, theirs[0]]
    assert s.treatise_cards[3] == [] and s.vp[1] == vp1 + 4 and s.treatises[0] == [9]


def test_ones_own_treatise_cannot_be_cited() -> None:
    s = ready()
    t0 = next(x.index for x in TREATISES if x.tier == 1)
    cards = _cards_of(list(TREATISES[t0].articles), set())
    s.treatise_owner[t0], s.treatise_cards[t0], s.treatises[0] = 0, list(cards), [t0]
    assert en.citable(s, 0) == [] and en.citable(s, 1) == [cards]


def test_a_four_article_treatise_also_gives_one_reputation() -> None:
    s = ready()
    t = next(x.index for x in TREATISES if len(x.articles) == 4)
    s.played[0] = _cards_of(list(TREATISES[t].articles), set())
    en.ENGINE.run(s, 0, (("publish",),))
    play(s, Option(t))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.rep[0] == 1 and s.freud_rep == 2


# -- reputation, eras, the end -------------------------------------------------------------------


def test_every_reputation_gained_moves_freud_first_and_markers_stack_by_arrival() -> None:
    s = ready(3)
    en._rep(s, 2, 1)
    en._rep(s, 0, 1)
    assert s.freud_rep == 3 and s.rep == [1, 0, 1]
    assert s.reputation_order() == [2, 0, 1]  # seat 2 arrived first: it is ahead


def test_era_two_begins_when_freud_reaches_five() -> None:
    s = ready()
    s.freud_rep = 4
    en.advance_freud(s)
    assert s.era == 2
    tiles = [t for st in s.stacks for t in st] + s.middle + s.right
    assert all(t < 0 or t >= 48 for t in tiles)  # no era I tile left


def test_freud_on_ten_ends_the_game_after_this_round_and_one_more() -> None:
    s = ready()
    s.freud_rep = 9
    en.advance_freud(s)
    assert s.rounds_left == s.round + 1
    last = s.rounds_left
    while not s.is_terminal():
        play(s, legal(s)[-1])
    assert s.round == last and s.phase == OVER


def test_the_round_cap_ends_a_match() -> None:
    s = ready(2, rounds=2)
    while not s.is_terminal():
        play(s, legal(s)[-1])
    assert s.round == 2


def test_goal_tiles_are_claimed_at_the_end_of_ones_turn_with_vp_reputation_and_tag() -> None:
    s = ready()
    g = next(x for x in GOALS if x.condition == "cured_normal")
    s.cured[0] = list(NORMAL_CLIENTS[:3])
    vp = s.vp[0]
    treat_step(s)
    play(s, DONE)
    assert g.index in s.goals_held[0] and g.index not in s.goals_left
    assert s.vp[0] == vp + g.vp and s.rep[0] == 1 and g.tag in s.tags_in_play(0)


def test_final_scoring_reputation_places_tags_complex_clients_bright_ideas() -> None:
    s = ready(3)
    s.rep = [5, 3, 1]
    s.cured[0] = [NORMAL_CLIENTS[0]]
    s.cured[1] = [NORMAL_CLIENTS[1], COMPLEX_CLIENTS[0]]
    s.treatises[1] = [0]
    with_counts(s, 2, bright=1, coffee=6)
    at_phase(s, OVER)
    b0, b1, b2 = (s.final_breakdown(p) for p in range(3))
    assert b0["reputation"] == 2 * 1 and b1["reputation"] == 1 * 3 and b2["reputation"] == 0
    assert b2["bright"] == 3  # one bright idea and two bought with six coffee
    assert b1["clients"] == s.complex_score(1, COMPLEX_CLIENTS[0])
    assert b1["tags"] == TAG_SCALE[s.distinct_tags(1)]


def test_coffee_converted_at_the_end_is_not_also_left_for_the_coffee_scoring() -> None:
    """The end's conversion spends the coffee: with a cured client scoring the coffee
    left (1 VP a coffee) keeping it is worth more than a bright idea for 3, so six
    coffee score 6 VP, not 6 VP and two bright ideas too; without one, they buy two."""
    s = ready()
    keeper = next(c for c in COMPLEX_CLIENTS if CLIENTS[c].scoring == "per_coffee")
    s.coffee, s.bright = [6, 6], [1, 1]
    s.cured[0] = [keeper]
    at_phase(s, OVER)
    with_keeper, without = s.final_breakdown(0), s.final_breakdown(1)
    assert with_keeper["clients"] == 6 and with_keeper["bright"] == 1
    assert without["bright"] == 3
    assert s.scores()[0] == s.vp[0] + sum(with_keeper.values())


def test_distinct_tags_ignore_repeats_and_a_wild_tag_fills_one_gap() -> None:
    s = ready()
    s.played[0] = [r.index for r in RESEARCH if r.tag == 0][:3]
    assert s.distinct_tags(0) == 1
    s.goals_held[0] = [next(g.index for g in GOALS if g.tag == WILD)]
    assert s.distinct_tags(0) == 2 and s.distinct_tags(0) <= NL


def test_the_wild_tag_counts_for_a_complex_clients_colour_scoring() -> None:
    """The wild goal tile's tag may be any location: a client scoring 2 VP per red tag
    in play counts it, as a district scoring slot does."""
    s = ready()
    red = next(c for c in COMPLEX_CLIENTS if CLIENTS[c].scoring == "red_tags")
    s.cured[0] = [red]
    before = s.complex_score(0, red)
    s.goals_held[0] = [next(g.index for g in GOALS if g.tag == WILD)]
    assert s.complex_score(0, red) == before + 2


def test_a_tie_goes_to_the_higher_reputation_then_the_lower_marker() -> None:
    s = ready()
    s.rep = [3, 3]
    s.rep_stamp = [5, 2]
    assert s.tiebreaks()[1] > s.tiebreaks()[0]


def test_solo_freuds_clock_ends_the_game_and_the_result_is_won_or_lost() -> None:
    s = ready(1)
    while not s.is_terminal():
        play(s, legal(s)[-1])
    assert s.freud_rep == 10 and s.round <= 2 * 9 + 1
    assert s.solo_won() == (s.scores()[0] >= 38)
    assert s.returns() == [1.0 if s.solo_won() else -1.0]


# -- hidden information -----------------------------------------------------------------------------


def test_views_hide_other_hands_and_determinization_keeps_ones_own() -> None:
    s = ready()
    with_hand(s, 1, s.research_deck.pop(), s.research_deck.pop())
    with_hand(s, 0, s.research_deck.pop())
    v = s.view(0)
    assert v["players"][1]["hand"] is None and v["players"][1]["hand_size"] == 2
    assert v["players"][0]["hand"] == s.hand[0]
    w = s.determinize(0, Rng(3))
    assert w.hand[0] == s.hand[0] and len(w.hand[1]) == 2
    assert sorted(w.hand[1] + w.research_deck) == sorted(s.hand[1] + s.research_deck)
    assert w.view(0) == v


def test_determinization_keeps_era_one_tiles_above_era_two_in_each_stack() -> None:
    s = ready()
    w = s.determinize(0, Rng(5))
    for st in w.stacks:
        eras = [1 if t < 48 else 2 for t in st]
        assert eras == sorted(eras, reverse=True)
    assert [len(x) for x in w.stacks] == [len(x) for x in s.stacks]


def test_several_cards_drawn_at_once_then_one_swap() -> None:
    s = ready()
    top2 = s.research_deck[-2:]
    en.ENGINE.run(s, 0, (("research", 2),))
    assert sorted(s.hand[0]) == sorted(top2) and s.decisions[-1].kind == "card"
    play(s, DONE)
    assert not s.decisions and len(s.hand[0]) == 2


def test_two_clients_may_be_treated_in_either_order() -> None:
    s = ready()
    fill_dial(s, 0, (0, 3), (1, 3), (2, 3))
    with_room(s, 0, 1, client=NORMAL_CLIENTS[5], grief=0, track=6)
    with_counts(s, 0, room2_open=1)
    treat_step(s)
    assert Treat(0, 1) in legal(s) and Treat(1, 1) in legal(s)
    play(s, Treat(1, 1))
    while s.decisions:
        play(s, legal(s)[0])
    assert Treat(0, 1) in legal(s) and Treat(1, 1) not in legal(s)
