"""Fit To Print: the seed's rules that the other test files did not check one by one.

Each test builds the situation one rule of the seed describes and checks what
the engine does; docs/games/fittoprint-rule-coverage.md maps every rule and
every answer of the seed to its test (here or in the other files).
"""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalActionError, NotYourTurnError, OptionError
from meeple.games.fittoprint import (
    CallLayout,
    Draft,
    Draw,
    FitToPrint,
    FitToPrintState,
    Flip,
    Keep,
    Lift,
    MoveCentre,
    Place,
    Print,
    Return,
    Take,
    TimeUp,
)
from meeple.games.fittoprint.components import (
    CELL_INDEX,
    CENTREPIECES,
    COLOURS,
    CP_MASK,
    DAYS,
    NEWS,
    NTILES,
    STACK_CENTREPIECES,
    START_CENTREPIECES,
    TILES,
)
from meeple.games.fittoprint.scoring import moods, page_breakdown, photo_points
from meeple.games.fittoprint.state import (
    DAY,
    DRAFT,
    LAYOUT,
    OVER,
    PRINTED,
    REPORTING,
)
from tests.games.fittoprint.builders import find, new, page_of, texts, to_layout

HOME = CELL_INDEX["b1"]  # Friday's centrepiece home: b1-c2, over the star c2


def print_everyone(s: FitToPrintState, order: tuple[int, ...] | None = None) -> None:
    """Every seat still working calls layout (if needed) and prints, in ``order``
    (by default from the seat to act, which Slo-Mode requires)."""
    n = s.game.players
    if order is None:
        order = tuple((s.current + k) % n for k in range(n))
    for seat in order:
        if s.status[seat] == PRINTED:
            continue
        if s.status[seat] == REPORTING:
            s.apply(CallLayout(), seat)
        s.apply(Print(), seat)


def draft_first_offered(s: FitToPrintState) -> None:
    """Finish a draft: each seat in turn takes the first centrepiece still offered."""
    while s.phase == DRAFT:
        seat = s.draft_order[0]
        s.apply(Draft(s.offer[0][0]), seat)


def to_day(s: FitToPrintState, day: int) -> None:
    """Play empty days (everyone prints at once) until ``day`` has started."""
    while s.day < day:
        print_everyone(s)
        draft_first_offered(s)
    assert s.day == day and s.phase == DAY


# ---------------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [1, 6])
def test_one_to_six_players(players: int) -> None:
    """The box plays 1 to 6: both ends start a game, 0 and 7 are refused."""
    s = FitToPrint(players=players).new_initial_state(1)
    assert len(s.desk) == players and len(s.centre) == players


@pytest.mark.parametrize("players", [0, 7])
def test_player_counts_outside_1_to_6_are_refused(players: int) -> None:
    with pytest.raises(OptionError):
        FitToPrint(players=players)


def test_setup_every_tile_starts_face_down_in_the_centre() -> None:
    """Set-up: all newspaper tiles are shuffled face down in the middle; desks and
    pages are empty and nobody can read any tile yet."""
    s = new(4)
    assert sorted(s.pool) == list(range(NTILES))
    assert s.face_up == [] and all(d == [] for d in s.desk) and all(p == {} for p in s.page)
    view = s.view(0)
    assert sum(view["pool"].values()) == NTILES
    assert view["faces"] == {}  # no tile face is visible to anyone


def test_setup_pages_start_on_the_fri_sat_side_with_the_start_centrepiece_on_the_star() -> None:
    """Set-up: each page shows its Fri/Sat side; each player's dealt start
    centrepiece (its scoring side) covers the star cell."""
    for players in (1, 3, 6):
        s = new(players)
        assert s.view(0)["area"]["side"] == "fri_sat"
        for cp, side, cell in s.centre:
            assert CENTREPIECES[cp].start and side == 0
            assert CP_MASK[cell] >> DAYS[0].star & 1


def test_unused_start_centrepieces_go_back_to_the_box() -> None:
    """Set-up: start centrepieces nobody was dealt take no part in the game: the
    stack the drafts come from holds only the other centrepieces."""
    s = new(2)
    stack = {c for c, _side in s.cp_stack}
    assert stack == set(STACK_CENTREPIECES)
    assert not stack & set(START_CENTREPIECES)
    unused = set(START_CENTREPIECES) - {c for c, _, _ in s.centre}
    assert len(unused) == len(START_CENTREPIECES) - 2
    to_day(s, 2)
    offered_or_held = {c for c, _ in s.cp_stack} | {c for c, _, _ in s.centre}
    assert not offered_or_held & unused


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_centrepiece_stack_is_shuffled_with_random_sides_up(seed: int) -> None:
    """Set-up: the other centrepieces are shuffled while being flipped, so each
    lies with a random side up (both sides occur in a stack of fourteen)."""
    s = new(2, seed=seed)
    assert {side for _c, side in s.cp_stack} == {0, 1}
    assert [c for c, _ in new(2, seed=seed + 10).cp_stack] != [c for c, _ in s.cp_stack]


def test_finishing_tokens_one_per_player_taken_lowest_first() -> None:
    """Set-up lays out one finishing token per player, numbered from 1; each
    printer takes the lowest one left."""
    s = new(4, mode="realtime")
    print_everyone(s, (3, 1, 0, 2))
    day = s.results[0]["scores"]
    assert [p["token"] for p in day] == [3, 2, 4, 1]


def test_characters_deal_one_distinct_ability_per_player_only_in_the_advanced_game() -> None:
    """Advanced set-up: the character side of the player aid gives each player
    their own ability; without the option nobody has one."""
    for players in (3, 6):
        s = new(players, characters=True)
        assert len(s.characters) == players and len(set(s.characters)) == players
        assert all(p["character"] for p in s.view(0)["players"])
    plain = new(3)
    assert plain.characters == [] and all(p["character"] is None for p in plain.view(0)["players"])


def test_breaking_news_is_absent_without_the_option_and_drawn_each_day_with_it() -> None:
    """Advanced set-up: breaking news only with the option; one card for Friday
    at set-up and a new one at the start of each later day (Decision 7)."""
    assert new(2).news == [] and new(2).view(0)["news"] is None
    s = new(2, breaking_news=True, mode="realtime")
    to_day(s, 2)
    assert len(s.news) == 3
    assert [NEWS[c]["deck"] for c in s.news] == [0, 1, 2]


# ---------------------------------------------------------------- the real-time day


def test_calling_layout_does_not_stop_the_other_players_reporting() -> None:
    """Real time: a player who calls layout takes no more tiles, but everyone
    else keeps reporting at their own pace."""
    s = new(2, mode="realtime")
    s.apply(CallLayout(), 0)
    assert s.status == [LAYOUT, REPORTING]
    assert s.turn().seats == (0, 1)
    assert "draw 1x1" in texts(s, 1)
    s.apply(Draw("1x1"), 1)
    s.apply(Keep(), 1)
    assert len(s.desk[1]) == 1
    with pytest.raises(IllegalActionError):
        s.apply(Draw("1x1"), 0)


def test_a_printed_player_waits_until_everyone_has_printed() -> None:
    """Real time: printing pauses that player; the day is scored only when all
    have printed (or the timer ends it)."""
    s = new(3, mode="realtime")
    print_everyone(s, (0, 1))
    assert s.phase == DAY and s.results == [] and s.turn().seats == (2,)
    s.apply(CallLayout(), 2)
    s.apply(Print(), 2)
    assert s.phase == DRAFT and len(s.results) == 1


# ------------------------------------------------------------------ the front page


def test_saturday_opens_the_whole_fri_sat_side() -> None:
    """Saturday: the darker Saturday cells join the Friday area (bottom row and
    right column), still on the Fri/Sat side."""
    s = new(1)
    ad = find("ad", "1x1")
    to_layout(s, 0, ad)
    assert f"place {ad} f8 up" not in texts(s, 0)  # Friday: not yet
    s = new(1)
    to_day(s, 1)
    to_layout(s, 0, ad)
    assert s.view(0)["area"] == {"side": "fri_sat", "columns": 6, "rows": 8}
    for cell in ("f1", "a8", "f8"):
        assert f"place {ad} {cell} up" in texts(s, 0)
    assert f"place {ad} g1 up" not in texts(s, 0)  # column g is the Sunday side's


def test_sunday_turns_the_page_to_its_sunday_side_and_uses_all_of_it() -> None:
    """Sunday: the page is flipped to its Sunday side, all cells usable; the
    centrepiece starts over that side's star."""
    s = new(1)
    to_day(s, 2)
    ad = find("ad", "1x1")
    to_layout(s, 0, ad)
    assert s.view(0)["area"] == {"side": "sunday", "columns": 7, "rows": 8}
    assert CP_MASK[s.centre[0][2]] >> DAYS[2].star & 1
    for cell in ("g1", "a8", "g8"):
        assert f"place {ad} {cell} up" in texts(s, 0)


def test_a_tile_may_cross_the_fold_only_inside_the_days_area() -> None:
    """The fold is no barrier: a 1x3 article may run from row 3 to row 5 on
    Friday; the same tile from row 5 would leave Friday's six rows."""
    art = find("article", "1x3")
    s = new(1)
    to_layout(s, 0, art)
    assert f"place {art} a3 up" in texts(s, 0)
    assert f"place {art} a5 up" not in texts(s, 0)


# --------------------------------------------------------------------- articles


def test_articles_come_in_three_colours_with_1_or_2_points_and_mood_icons() -> None:
    """Articles: three colours; 1 point when small, 2 when large; every article
    shows at least one good-news or bad-news icon."""
    articles = [t for t in TILES if t.kind == "article"]
    assert {t.colour for t in articles} == set(COLOURS)
    for t in articles:
        assert t.points == (2 if t.area >= 4 else 1)
        assert t.mood in ("good", "bad") and t.icons >= 1
    assert {t.points for t in articles} == {1, 2}


def test_mood_counts_every_icon_on_an_article() -> None:
    """Mood: an article with three icons counts three (the penalty is the icon
    difference, not the article difference)."""
    big = next(t for t in TILES if t.kind == "article" and t.icons == 3)
    part = page_breakdown(page_of((big.id, "a3")), (0, 0, HOME), DAYS[0], [])
    assert part["mood"] == -3


def test_photo_mood_words_do_not_count_in_mood_balance() -> None:
    """Mood: only articles' icons count; a photo that asks for good or bad news
    adds nothing to either side."""
    photo = next(t.id for t in TILES if t.kind == "photo" and t.likes == ("good", "bad"))
    good = find("article", "2x1", colour="news", mood="good")
    bad = find("article", "2x1", colour="sports", mood="bad")
    page = page_of((photo, "a4"), (good, "c4"), (bad, "a5"))
    assert moods(page) == (1, 1)
    assert page_breakdown(page, (0, 0, HOME), DAYS[0], [])["mood"] == 0


# ---------------------------------------------------------------------- photos


def test_photos_of_any_kinds_may_not_touch() -> None:
    """Photos: two photos sharing an edge break the rule whatever they show
    (different sizes, no liked word in common); one is turned face down."""
    small = find("photo", "1x1", likes=("sports", "news"))
    big = find("photo", "2x2", likes=("business", "good"))
    page = page_of((small, "a4"), (big, "b4"))
    part = page_breakdown(page, (0, 0, HOME), DAYS[0], [])
    assert part["flipped"] == [small]
    assert page[small][1] is False and page[big][1] is True


def test_a_photo_scores_one_point_per_adjacent_article_not_per_match_or_edge() -> None:
    """Photos: each adjacent article counts once, even when it matches both the
    photo's colour and mood, and even when it shares several cell edges."""
    photo = find("photo", "1x1", likes=("sports", "good"))
    both = find("article", "1x2", colour="sports", mood="good")
    assert photo_points(page_of((photo, "a4"), (both, "b4"))) == {photo: 1}
    big_photo = find("photo", "2x2", likes=("business", "good"))
    tall = find("article", "1x2", colour="business", mood="bad")
    # The 2x2 photo (a4-b5) and the 1x2 article (c4-c5) share two cell edges.
    assert photo_points(page_of((big_photo, "a4"), (tall, "c4"))) == {big_photo: 1}


def test_a_face_down_photo_scores_nothing() -> None:
    """Face-down tiles score nothing: a photo laid face down earns no adjacency."""
    photo = find("photo", "1x1")  # likes sports and news
    sports = find("article", "1x2", colour="sports")
    page = page_of((photo, "b4", False), (sports, "a4"))
    assert page_breakdown(page, (0, 0, HOME), DAYS[0], [])["photos"] == 0
    page_up = page_of((photo, "b4"), (sports, "a4"))
    assert page_breakdown(page_up, (0, 0, HOME), DAYS[0], [])["photos"] == 1


# ------------------------------------------------------------------- reporting


def test_a_returned_tile_shows_its_face_to_everyone() -> None:
    """Reporting: a returned tile lies face up, so every player can read it."""
    s = new(3, mode="realtime")
    art = find("article", "2x2", colour="news")
    s.pool.remove(art)
    s.pool.insert(0, art)
    s.apply(Draw("2x2"), 0)
    assert s.drawn(0) == art
    assert str(art) not in s.view(2)["faces"]  # only the drawer sees it so far
    s.apply(Return(), 0)
    for viewer in (0, 1, 2):
        face = s.view(viewer)["faces"][str(art)]
        assert face["kind"] == "article" and face["colour"] == "news"


def test_a_kept_tile_never_goes_back_to_the_centre() -> None:
    """Reporting: once kept, a tile stays the player's: it cannot be returned
    afterwards, and lifting it off the page puts it back on the desk."""
    s = new(2, mode="realtime")
    s.apply(Draw("1x1"), 0)
    kept = s.drawn(0)
    s.apply(Keep(), 0)
    with pytest.raises(IllegalActionError):
        s.apply(Return(), 0)
    assert Take(kept) not in s.legal_actions(1)
    s.apply(CallLayout(), 0)
    s.apply(Place(kept, "a1", "up"), 0)
    s.apply(Lift(kept), 0)
    assert s.desk[0] == [kept] and kept not in s.face_up and kept not in s.pool


def test_during_reporting_tiles_go_to_the_desk_not_the_page() -> None:
    """Reporting: tiles taken go onto the desk; nothing is laid on the page until
    the player calls layout."""
    s = new(2, mode="realtime")
    s.apply(Draw("1x1"), 0)
    t = s.drawn(0)
    s.apply(Keep(), 0)
    assert s.desk[0] == [t] and s.page[0] == {}
    assert not any(x.startswith(("place", "flip", "lift", "centre")) for x in texts(s, 0))
    with pytest.raises(IllegalActionError):
        s.apply(Place(t, "a1", "up"), 0)
    with pytest.raises(IllegalActionError):
        s.apply(MoveCentre("c1"), 0)


def test_a_player_can_read_their_own_desk_at_any_time() -> None:
    """Reporting: the desk's tiles lie face up for their owner (others see only
    how many there are)."""
    s = new(2, mode="realtime")
    s.apply(Draw("2x2"), 0)
    t = s.drawn(0)
    s.apply(Keep(), 0)
    mine = s.view(0)
    assert mine["you"]["desk"] == [t] and mine["faces"][str(t)]["kind"] == TILES[t].kind
    theirs = s.view(1)
    assert theirs["players"][0]["desk_count"] == 1 and str(t) not in theirs["faces"]


# --------------------------------------------------------------------- layout


def test_breaking_a_placement_rule_is_allowed_but_costs_the_tile_at_scoring() -> None:
    """Layout: same-colour articles, two photos or two ads may be laid side by
    side; the check after the day turns one of each pair face down."""
    s = new(2, mode="realtime")
    a = find("article", "2x1", colour="sports", mood="good")
    b = find("article", "2x1", skip=1, colour="sports", mood="bad")
    p, q = find("photo", "1x1"), find("photo", "1x1", skip=1)
    x, y = find("ad", "1x1"), find("ad", "1x1", skip=1)
    to_layout(s, 0, a, b, p, q, x, y)
    for tile, cell in ((a, "a3"), (b, "a4"), (p, "d3"), (q, "e3"), (x, "d5"), (y, "e5")):
        s.apply(Place(tile, cell, "up"), 0)  # each is legal
    s.apply(Print(), 0)
    print_everyone(s)
    part = s.results[0]["scores"][0]
    assert len(part["flipped"]) == 3
    faces = {t: face for t, _cell, face in s.results[0]["pages"][0]["tiles"]}
    assert sorted(faces[t] for t in (a, b)) == ["down", "up"]
    assert sorted(faces[t] for t in (p, q)) == ["down", "up"]
    assert sorted(faces[t] for t in (x, y)) == ["down", "up"]
    assert part["articles"] == 1 and part["revenue_raw"] == 1
    assert part["desk"] == 0  # turned over, not taken off the page


def test_a_face_down_tile_fills_space_and_avoids_the_desk_penalty_but_earns_nothing() -> None:
    """Layout: a tile laid face down keeps its shape and scores nothing (an ad
    gives no money) but no longer costs the desk point."""
    ad = find("ad", "3x2")  # $3
    down = page_breakdown(page_of((ad, "a4", False)), (0, 0, HOME), DAYS[0], [])
    on_desk = page_breakdown({}, (0, 0, HOME), DAYS[0], [ad])
    assert (down["desk"], down["revenue_raw"]) == (0, 0)
    assert (on_desk["desk"], on_desk["revenue_raw"]) == (-1, 0)
    assert down["largest_empty"] == on_desk["largest_empty"] - 6


def test_a_face_down_tile_keeps_its_upright_shape() -> None:
    """Layout: face down or not, a tile is never rotated: a 1x3 article laid
    face down still covers one column and three rows."""
    art = find("article", "1x3")
    s = new(1)
    to_layout(s, 0, art)
    assert f"place {art} e4 down" in texts(s, 0)  # e4-e6, one column
    assert f"place {art} d6 down" not in texts(s, 0)  # no room for three rows
    s.apply(Place(art, "e4", "down"), 0)
    assert s.page[0][art] == (CELL_INDEX["e4"], False)


def test_leftover_desk_tiles_cost_a_point_and_can_be_laid_the_next_day() -> None:
    """Print: tiles left on the desk cost 1 each that day and stay for the next,
    where they may still be placed."""
    s = new(1)
    ad = find("ad", "1x1")
    to_layout(s, 0, ad)
    s.apply(Print(), 0)
    assert s.results[0]["scores"][0]["desk"] == -1
    draft_first_offered(s)
    assert s.day == 1 and s.desk[0] == [ad]
    s.apply(CallLayout(), 0)
    assert f"place {ad} f8 up" in texts(s, 0)  # a Saturday cell
    s.apply(Place(ad, "f8", "up"), 0)
    s.apply(Print(), 0)
    assert s.results[1]["scores"][0]["desk"] == 0 and s.revenue[0][1] == 1


def test_after_printing_nothing_on_the_page_can_change() -> None:
    """Print: the page is frozen: no flip, lift, placement or centrepiece move."""
    s = new(2, mode="realtime")
    ad, ad2 = find("ad", "1x1"), find("ad", "1x1", skip=1)
    to_layout(s, 0, ad, ad2)
    s.apply(Place(ad, "a1", "up"), 0)
    s.apply(Print(), 0)
    for action in (Flip(ad), Lift(ad), Place(ad2, "e1", "up"), MoveCentre("c1")):
        with pytest.raises(NotYourTurnError):
            s.apply(action, 0)
    assert s.page[0] == {ad: (CELL_INDEX["a1"], True)} and s.desk[0] == [ad2]


# ---------------------------------------------------------------------- timer


def test_time_up_scores_each_page_as_it_stands() -> None:
    """Timer: players who have not printed stop at once; what is on their page
    scores and what is on their desk costs, as if they had printed."""
    s = new(2, mode="realtime")
    art = find("article", "3x2", colour="news", mood="good")
    ad = find("ad", "1x1")
    to_layout(s, 0, art)
    s.apply(Place(art, "a3", "up"), 0)
    s.pool.remove(ad)
    s.desk[1] = [ad]  # seat 1 is still reporting, one tile on its desk
    s.apply(TimeUp(0))
    me, other = s.results[0]["scores"]
    assert me["articles"] == 2 and me["mood"] == -2 and me["desk"] == 0
    assert other["desk"] == -1
    assert sorted([me["token"], other["token"]]) == [1, 2]


# ---------------------------------------------------------------- scoring


def test_every_desk_tile_costs_one_point_whatever_its_size() -> None:
    """Scoring: -1 per tile left on the desk, small or large."""
    small, large = find("ad", "1x1"), find("article", "2x3")
    part = page_breakdown({}, (0, 0, HOME), DAYS[0], [small, large])
    assert part["desk"] == -2


def test_a_day_adds_articles_photos_centrepiece_white_space_mood_and_desk() -> None:
    """Scoring: the day's points are the sum of every part; ads add money only."""
    s = new(2, mode="realtime")
    s.centre[0] = [START_CENTREPIECES[0], 0, HOME]  # +1 per adjacent sports article
    art = find("article", "2x2", colour="sports", mood="good")  # 2 points, 2 good icons
    photo = find("photo", "1x1")  # likes sports and news
    ad, left = find("ad", "1x1"), find("ad", "1x1", skip=1)
    to_layout(s, 0, art, photo, ad, left)
    s.apply(Place(art, "d1", "up"), 0)  # d1-e2, beside the centrepiece
    s.apply(Place(photo, "d3", "up"), 0)  # under the article
    s.apply(Place(ad, "a5", "up"), 0)
    s.apply(Print(), 0)
    print_everyone(s)
    part = s.results[0]["scores"][0]
    assert (part["articles"], part["photos"], part["centrepiece"]) == (2, 1, 1)
    assert (part["mood"], part["desk"], part["white_space"]) == (-2, -1, 3)
    assert s.points[0] == [2 + 1 + 1 - 2 - 1 + 3] and s.revenue[0] == [1]


# ---------------------------------------------------------------- between days


def test_face_up_centre_tiles_are_shuffled_back_face_down_between_days() -> None:
    """Between days: the page tiles and the centre go back face down and are
    shuffled together; nothing stays face up."""
    s = new(2, mode="realtime")
    s.apply(Draw("1x1"), 0)
    returned = s.drawn(0)
    s.apply(Return(), 0)
    assert s.face_up == [returned]
    print_everyone(s)
    assert s.face_up == [] and returned in s.pool
    assert sorted(s.pool) == list(range(NTILES))


def test_a_drafted_centrepiece_keeps_the_side_it_was_drafted_on() -> None:
    """Between days: the drafted centrepiece covers the star next day with the
    side it was offered on; moving it never turns it over."""
    s = new(2, mode="realtime")
    print_everyone(s)
    first_seat = s.draft_order[0]
    cp, side = s.offer[-1]
    s.apply(Draft(cp), first_seat)
    draft_first_offered(s)
    assert s.centre[first_seat][:2] == [cp, side]
    assert CP_MASK[s.centre[first_seat][2]] >> DAYS[1].star & 1
    s.apply(CallLayout(), first_seat)
    s.apply(MoveCentre("c2"), first_seat)
    assert s.centre[first_seat] == [cp, side, CELL_INDEX["c2"]]


def test_no_centrepiece_draft_after_sunday() -> None:
    """Only Friday and Saturday end with a draft; Sunday ends the game."""
    s = new(3, mode="realtime")
    to_day(s, 2)
    stack = len(s.cp_stack)
    print_everyone(s)
    assert s.phase == OVER and s.offer == [] and s.draft_order == []
    assert len(s.cp_stack) == stack and s.turn().seats == ()
