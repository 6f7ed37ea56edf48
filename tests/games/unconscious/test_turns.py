"""Unconscious Mind: a turn (items 2-4): placing ideas, the actions, the inkpot, recalling.

Each test sets up a match (builders.ready) and checks one rule of seed
004's Unconscious Mind part, or a decision in docs/games/unconscious.md.
"""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious.actions import (
    DONE,
    RECALL,
    Cell,
    Coffee,
    Colour,
    KeepStart,
    MarketTile,
    Option,
    PlaceIdeas,
    Spot,
)
from meeple.games.unconscious.components import (
    ACTION_SPACES,
    DISTRICT_OF,
    DISTRICTS,
    DRAW,
    ELEVATE,
    GENERATE,
    GREEN,
    LIGHTNING,
    LOCATIONS,
    MAJOR,
    MEDIAN,
    MINOR,
    PURPLE,
    RED,
    RONDEL_LEFT,
    RONDEL_TOP,
    ROW_INKPOTS,
    TILE_MIDDLE,
    TILE_RIGHT,
    TILE_STACK,
    TILES,
    ZONE_VP,
)
from meeple.games.unconscious.preview import inkpot_preview
from meeple.games.unconscious.rules import Unconscious
from meeple.games.unconscious.setup import start_tiles
from meeple.games.unconscious.state import EMPTY, FOLLOW, KEEP, PLAY, START, TREAT
from tests.games.unconscious.builders import (
    fill_dial,
    freud_at,
    ideas_on,
    legal,
    play,
    ready,
    with_counts,
)


def places(s, **want: int) -> list[PlaceIdeas]:  # type: ignore[no-untyped-def]
    return [
        a
        for a in legal(s)
        if isinstance(a, PlaceIdeas) and all(getattr(a, k) == v for k, v in want.items())
    ]


# -- the keep phase -------------------------------------------------------------------------


def test_players_keep_a_starting_tile_in_turn_order_then_the_first_player_starts() -> None:
    s = Unconscious(players=3).new_initial_state(2)
    assert s.phase == KEEP and s.current_seat() == 0
    mine = start_tiles(s, 0)
    assert {a.tile for a in legal(s)} == set(mine)  # only one's own letter's tiles
    other = start_tiles(s, 1)[0]
    with pytest.raises(IllegalActionError):
        s.apply(KeepStart(other, 0), 0)
    for seat in range(3):
        s.apply(KeepStart(start_tiles(s, seat)[2], 1), seat)
    assert s.phase == PLAY and s.current_seat() == 0 and s.step == START


# -- placing ideas --------------------------------------------------------------------------


def test_ideas_go_on_an_empty_space_never_pointing_at_an_action_already_used() -> None:
    s = ready()
    fill_dial(s, 0)
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED))
    assert s.step == FOLLOW
    play(s, Option(1), DONE)  # treat nothing: seat 1's turn
    assert not places(s, space=12)  # taken
    assert places(s, action=GENERATE)  # seat 0's ideas point there, not seat 1's
    # seat 1's own ideas pointing at draw: no other space may point there for seat 1
    ideas_on(s, 15, seat=1, action=DRAW, ideas=1)
    assert not places(s, action=DRAW) and places(s, action=GENERATE)


def test_uses_are_capped_by_the_lightning_icons_and_bright_ideas_never_go_alone() -> None:
    s = ready()
    with_counts(s, 0, bright=2)
    for a in places(s):
        assert a.ideas >= 1 and a.ideas + a.bright <= LIGHTNING[a.space] <= 3
        assert a.ideas <= s.ideas[0] and a.space in ACTION_SPACES[a.action]
    assert places(s, space=12, action=GENERATE, ideas=1, bright=2)
    assert not places(s, space=9, action=GENERATE, ideas=1, bright=1)  # one lightning only


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ideas_and_bright_ideas_together_never_exceed_the_lightning_icons(players: int) -> None:
    # the seed: 「使用主意與好主意執行行動時，其數量總和不能超過該行動的閃電圖示數量」; the
    # stack's corner space prints 3 icons, the space beside it 1 (designed)
    s = ready(players)
    with_counts(s, 0, bright=3, coffee=6)
    before = s.to_json()
    for space, ideas, bright in ((0, 3, 1), (0, 2, 2), (0, 1, 3), (1, 1, 1), (1, 2, 0)):
        with pytest.raises(IllegalActionError):
            s.apply(PlaceIdeas(space, TILE_STACK, ideas, bright), 0)
        assert s.to_json() == before  # refused: nothing changed
    # at the cap: 2 ideas and 1 bright idea on the corner are three uses, three tiles
    play(s, PlaceIdeas(0, TILE_STACK, 2, 1))
    while s.decisions:
        play(s, legal(s)[0])
    assert sum(t >= 0 for t in s.notebook[0]) == 1 + 3
    assert (s.coffee[0], s.bright[0], s.ideas[0]) == (3, 2, 1)
    # one lightning icon: one idea alone, one use
    s = ready(players)
    play(s, PlaceIdeas(1, TILE_STACK, 1, 0))
    while s.decisions:
        play(s, legal(s)[0])
    assert sum(t >= 0 for t in s.notebook[0]) == 1 + 1 and s.coffee[0] == 3


def test_only_the_corner_spaces_take_more_than_one_idea() -> None:
    """Designed balance (docs/games/unconscious.md, "Balance"): 3 lightning icons on the
    corner spaces, 1 elsewhere, so no placement takes two middle tiles: the first
    player's 4 coffee are no longer all spent on the first turn."""
    corners = {0, 3, 12, 15}
    assert [LIGHTNING[i] for i in sorted(corners)] == [3, 3, 3, 3]
    assert all(LIGHTNING[i] == 1 for i in range(len(LIGHTNING)) if i not in corners)
    s = ready()
    assert s.coffee[0] == 4
    assert places(s, action=TILE_MIDDLE) and not places(s, action=TILE_MIDDLE, ideas=2)
    assert places(s, space=0, action=TILE_STACK, ideas=3)  # a corner borders one action
    with pytest.raises(IllegalActionError):
        s.apply(PlaceIdeas(1, TILE_MIDDLE, 2, 0), 0)
    assert s.ideas[0] == 3 and s.coffee[0] == 4 and s.space_seat[1] == EMPTY


def test_each_idea_and_bright_idea_is_one_use_and_spent_bright_ideas_go_back() -> None:
    s = ready()
    fill_dial(s, 0)
    with_counts(s, 0, bright=1)
    play(s, PlaceIdeas(12, GENERATE, 1, 1), Colour(RED), Colour(GREEN))
    assert dl.count(s.dial[0], RED, MINOR) == 3 and dl.count(s.dial[0], GREEN, MINOR) == 3
    assert s.bright[0] == 0 and s.ideas[0] == 2 and s.space_ideas[12] == 1


def test_placing_needs_an_unused_idea() -> None:
    s = ready()
    with_counts(s, 0, ideas=0)
    ideas_on(s, 0, seat=0, action=TILE_STACK, ideas=3)
    assert not places(s) and RECALL in legal(s)


# -- the tile actions and the market -------------------------------------------------------


def test_the_stack_action_pays_one_coffee_and_the_tile_goes_to_a_rows_leftmost_space() -> None:
    s = ready()
    top = s.stacks[1][-1]
    play(s, PlaceIdeas(0, TILE_STACK, 1, 0))
    assert s.coffee[0] == 3 and s.decisions[-1].kind == "market"
    play(s, MarketTile(1, 0))
    assert {a for a in legal(s)} == {Cell(1), Cell(3), Cell(6)}
    play(s, Cell(3))
    assert s.notebook[0][3] == top and s.step == FOLLOW


def test_the_middle_action_pays_two_and_gives_the_banner() -> None:
    s = ready()
    tile = s.middle[0]
    before = s.vp[0], s.coffee[0], dl.on_dial(s.dial[0])
    play(s, PlaceIdeas(1, TILE_MIDDLE, 1, 0), MarketTile(0, 1))
    while s.decisions and s.decisions[-1].kind != "cell":
        play(s, legal(s)[0])
    play(s, Cell(6))
    banner = TILES[tile].banner[0]
    if banner.op == "vp":
        assert s.vp[0] == before[0] + banner.n
    elif banner.op == "coffee":
        assert s.coffee[0] == before[1] - 2 + banner.n
    else:
        assert dl.on_dial(s.dial[0]) > before[2]
    assert s.notebook[0][6] == tile and s.middle[0] != tile


def test_the_right_action_pays_three_and_gives_banner_and_main_in_either_order() -> None:
    s = ready()
    fill_dial(s, 0, (RED, 3), (GREEN, 3), (PURPLE, 3))
    with_counts(s, 0, coffee=6)
    tile, slid = s.right[0], s.middle[0]
    play(s, PlaceIdeas(2, TILE_RIGHT, 1, 0), MarketTile(0, 2))
    assert s.right[0] == slid and s.coffee[0] == 3
    d = s.decisions[-1]
    assert d.kind == "choose" and len(d.args) == 3  # banner first, main first, or stop
    assert tile not in s.notebook[0]


def test_with_an_empty_stack_the_right_action_leaves_the_middle_tile_where_it_is() -> None:
    # the seed: 「若耗盡方法板塊的供應堆……也不會再補充該市場列的其他空位」 (a decision in
    # the rules document: the slide from the middle is a refill too, so it stops)
    s = ready()
    with_counts(s, 0, coffee=6)
    s.stacks[0] = []
    tile, middle = s.right[0], s.middle[0]
    play(s, PlaceIdeas(2, TILE_RIGHT, 1, 0), MarketTile(0, 2))
    assert tile not in (s.right[0], s.middle[0]) and s.coffee[0] == 3
    assert (s.right[0], s.middle[0]) == (EMPTY, middle)
    # the row's right space is empty: the next right action can only take the other row's
    while s.decisions:
        play(s, legal(s)[0])
    play(s, Option(1), DONE)  # no inkpot: treat nothing, seat 1's turn
    with_counts(s, 1, coffee=6)
    other = s.right[1]
    play(s, PlaceIdeas(3, TILE_RIGHT, 1, 0))  # one right tile left: taken without asking
    assert other not in s.right and (s.right[0], s.middle[0]) == (EMPTY, middle)


def test_tile_actions_cannot_be_chosen_without_the_coffee() -> None:
    s = ready()
    with_counts(s, 0, coffee=2)
    assert not places(s, action=TILE_RIGHT) and places(s, action=TILE_MIDDLE)


# -- the inkpot ---------------------------------------------------------------------------------


@pytest.mark.parametrize("bright", [0, 1, 2, 3])
def test_each_bright_idea_moves_the_inkpot_one_more_space_and_its_space_acts(bright: int) -> None:
    # the seed: 「玩家能使用好主意額外移動自己的墨水瓶（每個好主意推進 1 個欄位）」, and the
    # space where it ends acts (「墨水瓶結束移動時，將觸發所在欄位的各種效果」). From the top
    # a bottom-row placement (3 inkpot icons) reaches the third row space; each bright
    # idea one space more: the bottom space (1 coffee), the lower left one (a minor of
    # any colour), the left one (the reputation track). Designed rondel, data.toml.
    s = ready()
    fill_dial(s, 0)
    with_counts(s, 0, bright=3, coffee=4, vp=10)
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED), Option(0))
    assert s.decisions[-1].kind == "bright_ink" and legal(s) == [Option(k) for k in range(4)]
    play(s, Option(bright))
    assert s.inkpot[0] == 3 + bright and s.bright[0] == 3 - bright
    if bright == 0:  # the third row space: its purple minor (no tile in that row; optional)
        assert s.decisions[-1].kind == "choose" and len(s.decisions[-1].args) == 2
        play(s, Option(0))
        assert dl.count(s.dial[0], PURPLE, MINOR) == 1 and s.current_seat() == 1
    elif bright == 1:  # the bottom space: a coffee
        assert s.coffee[0] == 5 and dl.on_dial(s.dial[0]) == 3 and s.current_seat() == 1
    elif bright == 2:  # the lower left space: a minor of a colour one picks
        assert s.decisions[-1].kind == "colour"
        play(s, Colour(GREEN))
        assert dl.count(s.dial[0], GREEN, MINOR) == 1 and s.current_seat() == 1
    else:  # the left space: the track (the VP above space 0, then Freud's section)
        assert s.vp[0] == 10 + ZONE_VP[0] and s.decisions[-1].kind == "choose"
    assert dl.count(s.dial[0], RED, MINOR) == 3  # the placement's own three


def test_any_number_of_bright_ideas_may_move_the_inkpot_further() -> None:
    # the seed sets no limit but the bright ideas one has: from the first row space a
    # bottom-row placement (3 icons) reaches the left space (the track) with 2 more,
    # the space after it with 3 and the top space with 4
    s = ready()
    fill_dial(s, 0)
    with_counts(s, 0, bright=4)
    with_counts(s, 0, inkpot=1)
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED), Option(0))
    assert s.decisions[-1].kind == "bright_ink"
    assert legal(s) == [Option(k) for k in range(5)]
    assert [x["bright"] for x in inkpot_preview(s, 0)] == [0, 1, 2, 3, 4]
    play(s, Option(4))
    assert s.inkpot[0] == (1 + ROW_INKPOTS[2] + 4) % 8 == RONDEL_TOP and s.bright[0] == 0
    # more than a lap less one would only come back round: at most 7 are offered
    s = ready()
    fill_dial(s, 0)
    with_counts(s, 0, bright=9)
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED), Option(0))
    assert legal(s) == [Option(k) for k in range(8)]


def test_with_an_empty_reserve_taking_an_insight_off_the_dial_to_generate_may_be_declined() -> None:
    # the seed: with nothing in the reserve a player *may* use an insight of the dial
    # instead; here every insight is a major, so taking one would be a loss
    s = ready()
    fill_dial(s, 0, *[(c, 3) for c in (RED, RED, GREEN, GREEN, PURPLE, PURPLE)])
    dl.generate(s.dial[0], GREEN)  # the own one too: the reserve is empty
    s.dial[0][dl.OWN + dl.spot(GREEN, 1)] -= 1
    s.dial[0][dl.OWN + dl.spot(GREEN, 3)] += 1
    before = s.dial[0][:]
    assert s.dial[0][dl.RESERVE] == s.dial[0][dl.OWN_RESERVE] == 0 and dl.majors(before) == 7
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED))
    d = s.decisions[-1]
    assert d.kind == "spot" and d.args[0] == "gen_from"
    assert DONE in legal(s) and Spot(GREEN, 3) in legal(s)
    play(s, DONE, DONE, DONE)  # three minors declined: the dial is as it was
    assert s.dial[0] == before and s.step == FOLLOW
    # taking one is still allowed: a green major becomes a red minor
    s = ready()
    fill_dial(s, 0, *[(c, 3) for c in (RED, RED, GREEN, GREEN, PURPLE, PURPLE)])
    s.dial[0][dl.OWN_RESERVE] = 0
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED), Spot(GREEN, 3), DONE, DONE)
    assert dl.count(s.dial[0], GREEN, 3) == 1 and dl.count(s.dial[0], RED, 1) == 1


def test_a_row_space_gives_its_insight_and_every_tile_of_the_row_in_any_order_once() -> None:
    # the seed: 「允許玩家觸發對應橫列上的每片方法板塊。玩家能以任意順序依序觸發每種效果，
    # 但每種效果於每回合只能觸發 1 次」. Row 1 holds a green-minor tile, a purple-minor
    # tile and one paying a red minor for 2 coffee; its rondel space prints a red minor.
    from meeple.games.unconscious.components import effect_text

    def tile(main: str) -> int:
        return next(t.index for t in TILES if t.era == 1 and effect_text(t.main) == main)

    s = ready()
    fill_dial(s, 0)
    s.notebook[0][:3] = [tile("gen:green"), tile("gen:purple"), tile("pay:red:1 coffee:2")]
    with_counts(s, 0, coffee=2, bright=0, inkpot=6)  # 3 icons from the left space: row 1
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(PURPLE), Option(0))
    assert s.inkpot[0] == 1

    def name(prog: tuple) -> str:  # type: ignore[type-arg]
        if not prog:
            return "stop"
        return {("gen", RED): "red", ("gen", GREEN): "green", ("gen", PURPLE): "purple"}.get(
            prog[0], "pay"
        )

    def offered() -> list[str]:
        """The parts one may start with now (the red-paying tile needs a red insight)."""
        d = s.decisions[-1]
        return [name(d.args[o.n]) for o in legal(s) if isinstance(o, Option)]

    def take(part: str) -> None:
        d = s.decisions[-1]
        play(s, next(o for o in legal(s) if isinstance(o, Option) and name(d.args[o.n]) == part))

    assert offered() == ["red", "green", "purple", "stop"]  # no red yet: the tile waits
    take("purple")
    assert offered() == ["red", "green", "stop"]  # each part once: the purple one is gone
    take("red")
    assert offered() == ["green", "pay", "stop"]  # the printed red minor pays the tile
    take("pay")
    assert offered() == ["green", "stop"]
    play(s, Option(len(s.decisions[-1].args) - 1))  # stop: the green tile is not used
    assert not s.decisions and s.current_seat() == 1
    assert dl.count(s.dial[0], PURPLE, MINOR) == 3 + 1  # the placement's three, the tile
    assert dl.count(s.dial[0], RED, MINOR) == 0 and s.coffee[0] == 2 + 2
    assert dl.count(s.dial[0], GREEN, MINOR) == 0


def test_the_top_space_unlocks_the_leftmost_idea() -> None:
    s = ready()
    fill_dial(s, 0)
    with_counts(s, 0, inkpot=RONDEL_TOP - ROW_INKPOTS[2] + 8)
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED), Option(0))
    assert s.inkpot[0] == RONDEL_TOP
    assert s.locked_ideas[0] == 2 and s.ideas[0] == 3  # 3 - 1 placed + 1 unlocked


def test_the_left_space_activates_the_reputation_track() -> None:
    s = ready()
    fill_dial(s, 0)
    with_counts(s, 0, vp=10)
    with_counts(s, 0, inkpot=RONDEL_LEFT - ROW_INKPOTS[2])
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED), Option(0))
    assert s.vp[0] == 10 + ZONE_VP[0]  # the VP above space 0 (a loss)
    d = s.decisions[-1]
    # Freud on 1 is in the first section: its three actions, or none (the seed's "may")
    assert d.kind == "choose" and len(d.args) == 4 and d.args[-1] == ()
    assert Option(3) in legal(s)
    before = (s.vp[0], s.bright[0], list(s.hand[0]), s.freud_loc)
    play(s, Option(3))
    assert not s.decisions and (s.vp[0], s.bright[0], list(s.hand[0]), s.freud_loc) == before


def test_with_freud_in_the_last_section_every_action_and_none_can_be_chosen() -> None:
    # eleven section actions and "take none": the widest choice the game makes
    from meeple.games.unconscious import engine as en

    s = ready()
    s.freud_rep = 9
    en.ENGINE.run(s, 0, (("activate",),))
    d = s.decisions[-1]
    assert len(d.args) == 12 and d.args[-1] == ()
    assert Option(11) in legal(s)
    play(s, Option(11))
    assert not s.decisions


# -- recalling ----------------------------------------------------------------------------------


def test_recall_takes_back_every_idea_for_a_coffee_per_space() -> None:
    s = ready()
    for space, action in ((0, TILE_STACK), (5, ELEVATE)):
        ideas_on(s, space, seat=0, action=action, ideas=1)
    with_counts(s, 0, ideas=1)
    with_counts(s, 0, coffee=1)
    play(s, RECALL)
    assert s.ideas[0] == 3 and s.coffee[0] == 3 and EMPTY == s.space_seat[0] == s.space_seat[5]
    assert s.step == FOLLOW


def test_coffee_never_goes_above_six() -> None:
    s = ready()
    for space in (0, 5, 10):
        ideas_on(s, space, seat=0, action=space % 9, ideas=1)
    with_counts(s, 0, coffee=5)
    play(s, RECALL)
    assert s.coffee[0] == 6


def test_a_recall_bonus_takes_the_lowest_stacks_token_onto_a_bonus_slot() -> None:
    s = ready()
    ideas_on(s, 0, seat=0, action=TILE_STACK, ideas=1)
    loc = s.professor[0]
    d = DISTRICT_OF[loc]
    s.tokens[d][0] = 0  # stack I is empty: stack II gives the token
    play(s, RECALL, Option(0))
    assert s.decisions[-1].kind == "recall_bonus"
    bonus = LOCATIONS[loc].bonus[1]
    coffee = s.coffee[0]
    play(s, Option(1))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.bonus_cover[loc][1] == 0 and s.tokens[d][1] == len(DISTRICTS[d].stacks[1]) - 1
    if bonus[0].op == "coffee":
        assert s.coffee[0] == min(6, coffee + bonus[0].n)
    # a covered slot is not offered again
    assert 1 not in s.recall_bonus_options(0)


def test_a_district_slot_needs_the_tags_and_takes_a_player_colour_insight() -> None:
    s = ready()
    loc = s.professor[0]
    d = DISTRICT_OF[loc]
    freud_at(s, loc)
    # professor +1, Freud in the district +1: two tags, short of the first threshold (3)
    assert s.district_tags(0, d) == 2
    assert all(o < 3 for o in s.recall_bonus_options(0))
    s.played[0] = [c for c in range(36) if c // 6 == loc][:1]  # a research card with this tag
    assert 3 in s.recall_bonus_options(0) and 4 not in s.recall_bonus_options(0)
    ideas_on(s, 0, seat=0, action=TILE_STACK, ideas=1)
    play(s, RECALL, Option(0), Option(3))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.district_slot[d][0] == 0 and s.dial[0][dl.OWN_RESERVE] == 0


def test_no_player_colour_insight_no_district_slot() -> None:
    s = ready()
    loc = s.professor[0]
    freud_at(s, loc)
    s.played[0] = [c for c in range(36) if c // 6 == loc][:2]
    s.dial[0][dl.OWN_RESERVE] = 0
    assert all(o < 3 for o in s.recall_bonus_options(0))


def test_a_token_uncovering_reputation_gives_it_after_the_bonus() -> None:
    s = ready()
    loc = s.professor[0]
    d = DISTRICT_OF[loc]
    stack, idx = next(
        (k, i)
        for k, st in enumerate(DISTRICTS[d].stacks)
        for i, icon in enumerate(st)
        if icon == "rep"
    )
    for k in range(stack):
        s.tokens[d][k] = 0
    s.tokens[d][stack] = len(DISTRICTS[d].stacks[stack]) - idx  # the next token uncovers it
    ideas_on(s, 0, seat=0, action=TILE_STACK, ideas=1)
    play(s, RECALL, Option(0), Option(0))
    while s.decisions:
        play(s, legal(s)[0])
    assert s.rep[0] == 1 and s.freud_rep == 2  # Freud's marker moves too


def test_no_token_left_in_the_district_no_recall_bonus() -> None:
    s = ready()
    d = DISTRICT_OF[s.professor[0]]
    s.tokens[d] = [0, 0, 0]
    ideas_on(s, 0, seat=0, action=TILE_STACK, ideas=1)
    play(s, RECALL)
    assert legal(s) == [Option(1), *[a for a in legal(s) if isinstance(a, Coffee)]]


# -- coffee -------------------------------------------------------------------------------------


def test_the_elevate_action_raises_two_different_insights_one_level_each() -> None:
    # the seed: 「提升任意 2 個頓悟」, two insights; a lone red minor becomes a median
    space = ACTION_SPACES[ELEVATE][0]
    s = ready()
    fill_dial(s, 0, (RED, MINOR))
    play(s, PlaceIdeas(space, ELEVATE, 1, 0))
    assert dl.count(s.dial[0], RED, MEDIAN) == 1 and dl.count(s.dial[0], RED, MAJOR) == 0
    assert s.step == FOLLOW and not s.decisions
    # three minors: once the red one is raised, the other two are offered, not it again
    s = ready()
    fill_dial(s, 0, (RED, MINOR), (GREEN, MINOR), (PURPLE, MINOR))
    play(s, PlaceIdeas(space, ELEVATE, 1, 0))
    assert set(legal(s)) >= {Spot(RED, MINOR), Spot(GREEN, MINOR), Spot(PURPLE, MINOR)}
    play(s, Spot(RED, MINOR))
    assert set(legal(s)) == {Spot(GREEN, MINOR), Spot(PURPLE, MINOR)}
    play(s, Spot(GREEN, MINOR))
    assert dl.count(s.dial[0], RED, MEDIAN) == dl.count(s.dial[0], GREEN, MEDIAN) == 1
    assert dl.count(s.dial[0], PURPLE, MINOR) == 1 and s.step == FOLLOW
    # a space holding another insight may give the second: a red minor and a red median
    # end as a red median and a red major (whichever of the two is said to move)
    s = ready()
    fill_dial(s, 0, (RED, MINOR), (RED, MEDIAN), (GREEN, MAJOR))
    play(s, PlaceIdeas(space, ELEVATE, 1, 0))
    assert set(legal(s)) == {Spot(RED, MINOR), Spot(RED, MEDIAN)}
    play(s, Spot(RED, MINOR))  # the other red median is the only one left: raised at once
    assert dl.count(s.dial[0], RED, MEDIAN) == dl.count(s.dial[0], RED, MAJOR) == 1
    assert dl.count(s.dial[0], RED, MINOR) == 0 and s.step == FOLLOW


def test_coffee_buys_a_bright_idea_an_elevation_or_a_transfer() -> None:
    s = ready()
    fill_dial(s, 0, (RED, 1))
    with_counts(s, 0, coffee=6)
    play(s, Coffee(0))
    assert (s.coffee[0], s.bright[0]) == (3, 1)
    play(s, Coffee(1))
    assert s.coffee[0] == 1 and dl.count(s.dial[0], RED, MEDIAN) == 1
    with_counts(s, 0, coffee=2)
    play(s, Coffee(2), Spot(RED, MEDIAN), Colour(GREEN))
    assert s.coffee[0] == 0 and dl.count(s.dial[0], GREEN, MEDIAN) == 1
    assert Coffee(0) not in legal(s)


def test_a_transfer_an_effect_gives_may_be_declined_one_bought_with_coffee_is_made() -> None:
    from meeple.games.unconscious import engine as en

    s = ready()
    fill_dial(s, 0, (RED, 2))
    en.ENGINE.run(s, 0, (("transfer", 3),), "location")
    assert set(legal(s)) == {Spot(RED, MEDIAN), DONE}
    dial = list(s.dial[0])
    play(s, DONE)
    assert not s.decisions and s.dial[0] == dial  # declined: every insight keeps its colour
    with_counts(s, 0, coffee=2)
    play(s, Coffee(2))
    assert legal(s) == [Spot(RED, MEDIAN)]  # paid for: the transfer is made


def test_one_coffee_ignores_a_suppression() -> None:
    from meeple.games.unconscious import engine as en
    from meeple.games.unconscious.components import parse_effect

    s = ready()
    fill_dial(s, 0)
    with_counts(s, 0, coffee=1)
    prog = en.program(parse_effect("sup:red vp:2"), "notebook")
    assert en.ENGINE.feasible(s, 0, prog)  # no red insight, but a coffee
    vp = s.vp[0]
    assert en.ENGINE.run(s, 0, prog)  # the only way: paid without asking
    assert s.coffee[0] == 0 and s.vp[0] == vp + 2
    fill_dial(s, 0, (RED, 2))
    with_counts(s, 0, coffee=1)
    en.ENGINE.run(s, 0, prog)
    assert set(legal(s)) == {Spot(RED, MEDIAN), Spot(-1, 0)}  # suppress, or pay the coffee
    play(s, Spot(RED, MEDIAN))
    assert dl.count(s.dial[0], RED, MINOR) == 1 and s.coffee[0] == 1
    with_counts(s, 0, coffee=0)
    fill_dial(s, 0)
    assert not en.ENGINE.feasible(s, 0, prog)


# -- the turn's end -------------------------------------------------------------------------


def test_after_a_placement_either_the_inkpot_or_treating_never_both() -> None:
    s = ready()
    fill_dial(s, 0)
    play(s, PlaceIdeas(12, GENERATE, 1, 0), Colour(RED))
    assert set(legal(s)) >= {Option(0), Option(1)}
    play(s, Option(1))
    assert s.step == TREAT and s.inkpot[0] == 0
    play(s, DONE)
    assert s.current_seat() == 1


# -- the notebook's unlocks -------------------------------------------------------------------


def test_a_full_column_scores_its_vp_once_and_unlocks_an_insight_a_full_row_too() -> None:
    from meeple.games.unconscious import engine as en
    from meeple.games.unconscious.components import COLUMN_VP

    s = ready()
    s.notebook[0] = [0, -1, -1, 1, -1, -1, -1, -1, -1]
    vp, own = s.vp[0], s.dial[0][dl.OWN_RESERVE]
    en.put_tile(s, 0, 2, 6)
    assert s.vp[0] == vp + COLUMN_VP[0] and s.col_mask[0] == 1
    assert s.dial[0][dl.OWN_RESERVE] == own + 1
    en.put_tile(s, 0, 3, 1)
    en.put_tile(s, 0, 4, 2)  # row 1 full: its insight, no VP
    assert s.row_mask[0] == 1 and s.dial[0][dl.OWN_RESERVE] == own + 2
    assert s.vp[0] == vp + COLUMN_VP[0]


def test_an_unlocked_rows_ability_joins_the_row_and_the_top_space_offers_open_columns() -> None:
    from meeple.games.unconscious import engine as en

    s = ready()
    assert ("elevate",) not in [p[0] for p in en.row_program(s, 0, 0, 1)[0][1:] if p]
    s.row_mask[0] = 1
    parts = en.row_program(s, 0, 0, 1)[0][1:]
    assert (("elevate",),) in parts  # the row's elevate ability
    # no column is open while all three ideas above the columns are locked: only the idea
    assert en.rondel_program(s, 0, RONDEL_TOP) == (("idea",),)
    s.locked_ideas[0] = 2  # the first column's idea is unlocked
    prog = en.rondel_program(s, 0, RONDEL_TOP)
    assert prog[0][0] == "choose" and len(prog[0]) == 3  # the next idea, or column 1
    s.col_mask[0] = 1
    assert (("gen", RED),) in en.column_program(s, 0, 0)[0][1:]  # column 1's ability


def test_a_token_uncovering_an_activation_icon_activates_the_track() -> None:
    s = ready()
    loc = s.professor[0]
    d = DISTRICT_OF[loc]
    stack, idx = next(
        (k, i)
        for k, st in enumerate(DISTRICTS[d].stacks)
        for i, icon in enumerate(st)
        if icon == "activate"
    )
    for k in range(stack):
        s.tokens[d][k] = 0
    s.tokens[d][stack] = len(DISTRICTS[d].stacks[stack]) - idx
    ideas_on(s, 0, seat=0, action=TILE_STACK, ideas=1)
    with_counts(s, 0, vp=10)
    play(s, RECALL, Option(0), Option(0))
    while s.decisions and s.decisions[-1].kind != "choose":
        play(s, legal(s)[0])
    # the track: the VP above space 0, then Freud's section's three actions (or none)
    assert s.vp[0] <= 10 + ZONE_VP[0] + 3 and len(s.decisions[-1].args) == 4
