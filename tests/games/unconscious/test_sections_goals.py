"""Unconscious Mind: the actions of Freud's four sections (rule 79) and the seven goal
conditions (rules 180-188), each from a set-up position to a checked outcome.

The reputation track's activation offers one action of Freud's section or of a
section left of it (seed: 「執行佛洛依德之聲望標記下方的行動—或任何一項位於該標記左側的
行動」); each of the eleven is played here and its effect checked. Each goal tile is
tested where its condition is just met and where it is just missed, at the end of
the turn (seed: 「於自己的回合結束時，若玩家滿足地點目標板塊所列出的條件」).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious.actions import (
    DONE,
    RECALL,
    Card,
    Cell,
    MarketTile,
    Option,
    Steps,
)
from meeple.games.unconscious.components import (
    COMPLEX_CLIENTS,
    GOALS,
    MINOR,
    NORMAL_CLIENTS,
    PURPLE,
    RED,
    RESEARCH,
    TILES,
    TREATISES,
    ZONE_VP,
)
from meeple.games.unconscious.rules import UnconsciousState
from meeple.games.unconscious.state import EMPTY, TREAT
from tests.games.unconscious.builders import fill_dial, ideas_on, legal, play, ready, with_counts

# locations clockwise (data.toml, designed): theatre, opera, university, hospital, cafe,
# Prater; their effects: a red minor; pay a red minor for 2 VP; pay a minor for a
# research card; a green minor; a purple minor; pay a minor for a bright idea
THEATRE, HOSPITAL, CAFE = 0, 3, 4
# research cards whose played effect is 2 VP (tags theatre, university, cafe)
VP_CARDS = [c for c in range(len(RESEARCH)) if RESEARCH[c].effect[0].op == "vp"][:3]


# -- Freud's four sections --------------------------------------------------------------------


def activated(freud_rep: int, **setup: object) -> UnconsciousState:
    """Seat 0 activates the reputation track with Freud's marker on ``freud_rep``; the
    professor on the hospital, Freud's figure on the theatre, an empty dial, 10 VP."""
    s = ready()
    fill_dial(s, 0)
    s.freud_rep = freud_rep
    s.professor[0], s.freud_loc = HOSPITAL, THEATRE
    with_counts(s, 0, vp=10)
    for key, value in setup.items():
        getattr(s, key)[0] = value
    en.ENGINE.run(s, 0, (("activate",),))
    assert s.vp[0] == 10 + ZONE_VP[0]  # the VP above one's marker (on 0) come first
    return s


@pytest.mark.parametrize(("freud_rep", "offered"), [(0, 3), (2, 3), (3, 6), (8, 9), (9, 11)])
def test_the_track_offers_freuds_section_and_those_left_of_it_or_none(
    freud_rep: int, offered: int
) -> None:
    # Freud's section on the designed track: 1 on spaces 0-2, 2 on 3-5, 3 on 6-8, 4 on 9-10
    s = activated(freud_rep)
    args = s.decisions[-1].args
    assert len(args) == offered + 1 and args[-1] == ()  # the actions, and "take none"
    assert legal(s) == [Option(k) for k in range(offered + 1)]
    # section 4's 2 VP only once Freud is there; section 1's bright idea always
    assert ((("gain", "vp.track", 2),) in args) is (offered == 11)
    assert (("gain", "bright", 1),) in args


def test_section_one_play_one_research_card() -> None:
    s = activated(0, hand=list(VP_CARDS[:2]))
    play(s, Option(0))
    assert set(legal(s)) == {Card(VP_CARDS[0]), Card(VP_CARDS[1])}  # one must be played
    play(s, Card(VP_CARDS[1]))
    assert not s.decisions and s.played[0] == [VP_CARDS[1]] and s.hand[0] == [VP_CARDS[0]]
    assert s.vp[0] == 8 + 2  # the card's effect


def test_section_one_use_freuds_location_twice_whatever_ones_tags() -> None:
    # the professor is elsewhere and no tag matches: the theatre is still used twice
    s = activated(1)
    assert s.matching_tags(0, THEATRE) == 1  # Freud only: a move there would use it once
    play(s, Option(1))
    assert not s.decisions and dl.count(s.dial[0], RED, MINOR) == 2
    assert s.professor[0] == HOSPITAL and s.freud_loc == THEATRE  # nobody moved


def test_section_one_gain_a_bright_idea() -> None:
    s = activated(2)
    play(s, Option(2))
    assert not s.decisions and s.bright[0] == 1


def test_section_two_play_two_research_cards() -> None:
    s = activated(3, hand=list(VP_CARDS))
    play(s, Option(3), Card(VP_CARDS[0]))
    assert set(legal(s)) == {Card(VP_CARDS[1]), Card(VP_CARDS[2]), DONE}  # the second may
    play(s, Card(VP_CARDS[2]))
    assert not s.decisions and s.played[0] == [VP_CARDS[0], VP_CARDS[2]]
    assert s.hand[0] == [VP_CARDS[1]] and s.vp[0] == 8 + 4


def test_section_two_move_the_professor_to_freud_and_use_his_location() -> None:
    s = activated(4)
    play(s, Option(4))
    # professor +1 and Freud +1: the theatre used twice
    assert not s.decisions and s.professor[0] == THEATRE
    assert dl.count(s.dial[0], RED, MINOR) == 2


def test_section_two_unlock_the_leftmost_idea() -> None:
    s = activated(5)
    ideas, locked = s.ideas[0], s.locked_ideas[0]
    play(s, Option(5))
    assert not s.decisions and (s.ideas[0], s.locked_ideas[0]) == (ideas + 1, locked - 1)


def test_section_three_play_three_research_cards() -> None:
    s = activated(6, hand=list(VP_CARDS))
    play(s, Option(6), Card(VP_CARDS[2]), Card(VP_CARDS[0]), Card(VP_CARDS[1]))
    assert not s.decisions and s.hand[0] == [] and s.vp[0] == 8 + 6
    assert s.played[0] == [VP_CARDS[2], VP_CARDS[0], VP_CARDS[1]]


def test_section_three_move_the_professor_one_or_two_and_use_the_destination() -> None:
    s = activated(7)
    play(s, Option(7))
    assert set(legal(s)) == {Steps(1), Steps(2)}
    play(s, Steps(1))  # the hospital to the café: a purple minor, once (the professor only)
    assert not s.decisions and s.professor[0] == CAFE
    assert dl.count(s.dial[0], PURPLE, MINOR) == 1 and dl.on_dial(s.dial[0]) == 1


def test_section_three_take_the_top_tile_of_a_stack_face_down_for_no_coffee() -> None:
    s = activated(8)
    coffee, top = s.coffee[0], s.stacks[1][-1]
    play(s, Option(8))
    assert set(legal(s)) == {MarketTile(0, 0), MarketTile(1, 0)}  # a stack, not the face-up
    play(s, MarketTile(1, 0), Cell(3))
    assert not s.decisions and s.notebook[0][3] == top and s.coffee[0] == coffee
    assert top not in s.stacks[1]


def test_section_four_one_therapy() -> None:
    s = activated(9)
    track = s.room_track[0][0]
    assert track > 1
    play(s, Option(9))
    assert not s.decisions and s.room_track[0][0] == track - 1


def test_section_four_two_vp() -> None:
    s = activated(10)
    play(s, Option(10))
    assert not s.decisions and s.vp[0] == 8 + 2


# -- the goal tiles -------------------------------------------------------------------------------


def goal(key: str) -> int:
    return next(g.index for g in GOALS if g.key == key)


def end_turn_with(setup: Callable[[UnconsciousState], None], key: str) -> UnconsciousState:
    """Seat 0, arranged by ``setup`` with only goal ``key`` left, ends a turn (it recalls
    an idea placed by hand and treats nobody)."""
    s = ready()
    s.goals_left = [goal(key)]
    setup(s)
    ideas_on(s, 0, seat=0, action=0, ideas=1)
    play(s, RECALL, Option(1))
    assert s.step == TREAT
    s.vp[0], s.rep[0], s.freud_rep = 20, 0, 1
    play(s, DONE)
    assert s.current_seat() == 1
    return s


def claimed(s: UnconsciousState, key: str) -> bool:
    g = goal(key)
    if g in s.goals_held[0]:
        assert g not in s.goals_left and s.vp[0] == 20 + GOALS[g].vp
        assert (s.rep[0], s.freud_rep) == (1, 2)  # designed: 1 reputation, Freud's first
        return True
    assert g in s.goals_left and s.goals_held == [[], []]
    assert (s.vp[0], s.rep[0], s.freud_rep) == (20, 0, 1)
    return False


def slots(*owners: int) -> Callable[[UnconsciousState], None]:
    def setup(s: UnconsciousState) -> None:
        for k, who in enumerate(owners):  # one scoring slot of each district in turn
            s.district_slot[k % 3][k // 3] = who

    return setup


def columns(*cells: int) -> Callable[[UnconsciousState], None]:
    def setup(s: UnconsciousState) -> None:
        market = [t.index for t in TILES if t.era == 1]
        s.notebook[0] = [market[c] if c in cells else EMPTY for c in range(9)]

    return setup


def research(played: list[int], hand: list[int] = []) -> Callable[[UnconsciousState], None]:  # noqa: B006
    def setup(s: UnconsciousState) -> None:
        s.played[0], s.hand[0] = list(played), list(hand)

    return setup


def cured(normal: int, complex_: int) -> Callable[[UnconsciousState], None]:
    def setup(s: UnconsciousState) -> None:
        s.cured[0] = [*NORMAL_CLIENTS[:normal], *COMPLEX_CLIENTS[:complex_]]

    return setup


def treatises(*owners: int) -> Callable[[UnconsciousState], None]:
    def setup(s: UnconsciousState) -> None:
        for t, who in enumerate(owners):
            s.treatise_owner[t] = who
            s.treatises[who].append(t)
            s.treatise_cards[t] = [c for c in range(len(RESEARCH))][
                4 * t : 4 * t + len(TREATISES[t].articles)
            ]

    return setup


# card numbers: a card's location tag is card // 6 (theatre, opera: red; university,
# hospital: green; café, Prater: purple); its article colour is another matter
RED_TAG, GREEN_TAG, PURPLE_TAG = 0, 12, 24

GOAL_CASES = [
    # 「你有 2 個頓悟標記放在行政區得分欄位上」
    ("district_slots", slots(0, 0), True),
    ("district_slots", slots(0, 1, 1), False),  # one's own one, and another player's
    # 「你在自己的玩家圖板以方法板塊放滿 2 直行」
    ("full_columns", columns(0, 3, 6, 1, 4, 7), True),
    ("full_columns", columns(0, 3, 6, 1, 4, 2, 5), False),  # one column and two rows short
    # 「你在場上的研究卡中，每種顏色的地點標籤至少各有 1 個」: tag colours, not articles
    ("research_colours", research(VP_CARDS), True),  # three tags, all green articles
    ("research_colours", research([0, 8, 16, 6], hand=[PURPLE_TAG]), False),
    # 「治癒 3 名一般案主」
    ("normal_cures", cured(3, 0), True),
    ("normal_cures", cured(2, 2), False),
    # 「治癒 2 名複雜案主」
    ("complex_cures", cured(0, 2), True),
    ("complex_cures", cured(4, 1), False),
    # 「發表 2 篇論文」
    ("treatises", treatises(0, 0), True),
    ("treatises", treatises(0, 1, 1), False),
    # 「治癒 6 名任意案主」
    ("any_cures", cured(4, 2), True),
    ("any_cures", cured(3, 2), False),
]


@pytest.mark.parametrize(
    ("key", "setup", "met"),
    GOAL_CASES,
    ids=[f"{k}-{'met' if m else 'missed'}" for k, _, m in GOAL_CASES],
)
def test_a_goal_is_claimed_at_the_turns_end_when_met_and_not_when_just_missed(
    key: str, setup: Callable[[UnconsciousState], None], met: bool
) -> None:
    s = end_turn_with(setup, key)
    assert claimed(s, key) is met


def test_research_tags_count_only_for_cards_in_play() -> None:
    # the purple tag under one's own treatise or in hand is not "in play"
    def setup(s: UnconsciousState) -> None:
        s.played[0], s.hand[0] = [RED_TAG, GREEN_TAG], [PURPLE_TAG]
        s.treatise_owner[0], s.treatises[0] = 0, [0]
        s.treatise_cards[0] = [PURPLE_TAG + 1, RED_TAG + 1]

    assert not claimed(end_turn_with(setup, "research_colours"), "research_colours")


def test_a_goal_met_by_another_player_is_not_claimed_at_ones_own_turns_end() -> None:
    def setup(s: UnconsciousState) -> None:
        s.cured[1] = list(NORMAL_CLIENTS[:3])

    s = end_turn_with(setup, "normal_cures")
    assert not claimed(s, "normal_cures")
