"""Fit To Print day scoring and the end of the game, from set-up pages."""

from __future__ import annotations

import pytest

from meeple.games.fittoprint import CallLayout, Place, Print
from meeple.games.fittoprint.components import (
    CELL_INDEX,
    CENTREPIECES,
    DAYS,
    NEWS,
    NEWS_IDS,
    RULES,
    SOLO,
    TILES,
    Condition,
)
from meeple.games.fittoprint.scoring import (
    centrepiece_points,
    out_of_area,
    page_breakdown,
    photo_points,
    resolve_violations,
    violations,
    white_space_points,
)
from tests.games.fittoprint.builders import find, finished, new, page_of, with_news

FRI = DAYS[0]
HOME = CELL_INDEX["b1"]  # the centrepiece covers b1, c1, b2, c2


def score(page, desk=None, centre=(0, 0, HOME), character="", news=None, day=FRI):  # type: ignore[no-untyped-def]
    return page_breakdown(page, centre, day, desk if desk is not None else [], character, news)


# ----------------------------------------------------------------- violations


def test_same_colour_articles_side_by_side_are_a_violation() -> None:
    a = find("article", "2x1", colour="news")
    b = find("article", "2x1", skip=1, colour="news")
    c = find("article", "2x1", colour="sports")
    assert violations(page_of((a, "a4"), (b, "a5"))) == [tuple(sorted((a, b)))]
    assert violations(page_of((a, "a4"), (c, "a5"))) == []  # different colours may touch
    assert violations(page_of((a, "a4"), (b, "c5"))) == []  # corners do not count


def test_two_photos_or_two_ads_side_by_side_are_violations() -> None:
    p, q = find("photo", "1x1"), find("photo", "1x1", skip=1)
    x, y = find("ad", "1x1"), find("ad", "1x1", skip=1)
    assert violations(page_of((p, "a4"), (q, "b4"))) == [(p, q)]
    assert violations(page_of((x, "a4"), (y, "a5"))) == [(x, y)]
    assert violations(page_of((p, "a4"), (x, "b4"))) == []


def test_face_down_tiles_never_violate() -> None:
    p, q = find("photo", "1x1"), find("photo", "1x1", skip=1)
    assert violations(page_of((p, "a4"), (q, "b4", False))) == []


def test_violations_flip_the_tile_in_most_violations_until_none_remain() -> None:
    # One ad between two others: flipping the middle one clears both violations.
    x, y, z = (find("ad", "1x1", skip=k) for k in range(3))
    page = page_of((x, "a4"), (y, "b4"), (z, "c4"))
    assert resolve_violations(page) == [y]
    assert page[y][1] is False and page[x][1] and page[z][1]


def test_violation_ties_flip_the_smaller_tile() -> None:
    big = find("ad", "2x2")
    small = find("ad", "1x1")
    page = page_of((big, "a4"), (small, "c4"))
    assert resolve_violations(page) == [small]


def test_flipped_tiles_no_longer_score() -> None:
    a = find("article", "2x2", colour="news")
    b = find("article", "2x2", skip=1, colour="news")
    page = page_of((a, "a3"), (b, "c3"))
    part = score(page)
    assert part["flipped"] == [max(a, b)] and part["articles"] == 2


def test_out_of_area_tiles_go_back_to_the_desk() -> None:
    art = find("article", "2x1")
    page = page_of((art, "e6"))  # e6-f6: column f is not Friday's
    assert out_of_area(page, FRI) == [art]
    desk: list[int] = []
    part = score(page, desk)
    assert desk == [art] and part["returned"] == [art] and part["desk"] == -1


# ------------------------------------------------------------------- points


def test_articles_score_their_printed_points() -> None:
    small = find("article", "2x1", colour="sports")
    large = find("article", "3x2", colour="news")
    assert score(page_of((small, "a4"), (large, "c4")))["articles"] == 1 + 2


def test_photos_score_per_adjacent_article_of_a_liked_type_or_mood() -> None:
    photo = find("photo", "1x1")  # likes sports and news
    sports = find("article", "1x2", colour="sports")
    news = find("article", "1x2", colour="news")
    biz_bad = find("article", "2x1", colour="business", mood="bad")
    page = page_of((photo, "b4"), (sports, "a4"), (news, "c4"), (biz_bad, "a6"))
    assert photo_points(page) == {photo: 2}
    good_photo = next(t.id for t in TILES if t.kind == "photo" and t.likes == ("business", "good"))
    good_biz = find("article", "2x1", colour="business", mood="good")
    assert photo_points(page_of((good_photo, "a4"), (good_biz, "b4"))) == {good_photo: 1}


def test_photo_points_ignore_face_down_articles() -> None:
    photo = find("photo", "1x1")
    sports = find("article", "1x2", colour="sports")
    assert photo_points(page_of((photo, "b4"), (sports, "a4", False))) == {photo: 0}


def test_mood_balance_costs_the_difference_of_article_icons() -> None:
    good = find("article", "2x2", colour="sports", mood="good")  # 2 icons
    bad = find("article", "2x1", colour="news", mood="bad")  # 1 icon
    part = score(page_of((good, "a3"), (bad, "c5")))
    assert (part["good"], part["bad"], part["mood"]) == (2, 1, -1)


def test_each_desk_tile_costs_a_point() -> None:
    assert score({}, desk=[1, 2, 3])["desk"] == -3


def test_ads_give_revenue_not_points() -> None:
    ad1 = find("ad", "1x1")
    ad3 = find("ad", "3x2")
    part = score(page_of((ad1, "a1"), (ad3, "a4")))
    assert part["revenue_raw"] == 4 and part["articles"] == 0


@pytest.mark.parametrize(
    ("rule", "arg", "expected"),
    [
        ("adjacent_colour", "sports", 1),
        ("adjacent_colour", "news", 1),
        ("adjacent_mood", "good", 1),
        ("adjacent_mood", "bad", 1),
        ("adjacent_photos", "", 1),
        ("no_adjacent_ads", "", 0),
        ("page_colours", "", 0),
        ("page_photos", "", 1),
        ("page_ads", "", 1),
        ("balanced", "", 1),
    ],
)
def test_centrepiece_conditions(rule: str, arg: str, expected: int) -> None:
    # Around the centrepiece (b1-c2): a sports/good article at d1, a news/bad
    # article at b3, a photo at a1, an ad at a2.
    sports = find("article", "1x2", colour="sports", mood="good")
    news = find("article", "2x1", colour="news", mood="bad")
    photo = find("photo", "1x1")
    ad = find("ad", "1x1")
    page = page_of((sports, "d1"), (news, "b3"), (photo, "a1"), (ad, "a2"))
    assert centrepiece_points(Condition(rule, arg, 1, 99), page, HOME) == expected


def test_centrepiece_condition_limits_and_values() -> None:
    sports = [find("article", "1x2", skip=k, colour="sports") for k in range(2)]
    page = page_of((sports[0], "d1"), (sports[1], "a1"))
    assert centrepiece_points(Condition("adjacent_colour", "sports", 2, 3), page, HOME) == 3
    assert centrepiece_points(Condition("no_adjacent_ads", "", 3, 99), page, HOME) == 3


def test_every_centrepiece_rule_in_the_data_is_known() -> None:
    for cp in CENTREPIECES:
        for cond in cp.sides:
            centrepiece_points(cond, {}, HOME)  # raises on an unknown rule
        assert len(cp.sides) == (1 if cp.start else 2)


# ---------------------------------------------------------------- white space


def test_white_space_smallest_largest_middle() -> None:
    assert white_space_points([4, 9, 6], SOLO, RULES) == [3, -1, 1]


def test_white_space_ties_share() -> None:
    assert white_space_points([4, 4, 9, 9], SOLO, RULES) == [3, 3, -1, -1]
    assert white_space_points([5, 5], SOLO, RULES) == [3, 3]  # everyone ties: all smallest
    assert white_space_points([2, 8], SOLO, RULES) == [3, -1]


def test_solo_white_space_uses_fixed_thresholds() -> None:
    assert [white_space_points([v], SOLO, RULES)[0] for v in (0, 2, 3, 5, 6)] == [3, 3, 1, 1, -1]


def test_largest_empty_area_is_the_biggest_connected_region() -> None:
    wall = find("article", "1x3", colour="news")
    wall2 = find("article", "1x3", skip=1, colour="sports")
    # A wall down column d (rows 1-6) splits Friday: columns a-c minus the centrepiece, and e.
    part = score(page_of((wall, "d1"), (wall2, "d4")))
    assert part["largest_empty"] == 18 - 4


# -------------------------------------------------------------- a whole day


def _print_all(s, seats):  # type: ignore[no-untyped-def]
    for seat in seats:
        s.apply(CallLayout(), seat)
        s.apply(Print(), seat)


def test_day_points_and_revenue_never_go_below_zero() -> None:
    s = new(1)
    s.desk[0] = [find("ad", "1x1", skip=k) for k in range(5)]
    _print_all(s, [0])
    assert s.points[0] == [0] and s.revenue[0] == [0]
    assert s.results[0]["scores"][0]["desk"] == -5


def test_day_total_adds_every_part() -> None:
    s = new(2)
    art = find("article", "3x2", colour="news", mood="good")  # 2 points, 2 good icons
    s.pool.remove(art)
    s.status[0] = 1
    s.desk[0] = [art]
    s.apply(Place(art, "a3", "up"), 0)
    s.apply(Print(), 0)
    _print_all(s, [1])
    part = s.results[0]["scores"][0]
    expected = (
        part["articles"]
        + part["photos"]
        + part["centrepiece"]
        + part["mood"]
        + part["desk"]
        + part["white_space"]
    )
    assert part["articles"] == 2 and part["mood"] == -2
    assert s.points[0] == [max(0, expected)]
    # Seat 0 left less white space than seat 1's empty page: smallest +3, largest -1.
    assert part["white_space"] == 3 and s.results[0]["scores"][1]["white_space"] == -1


# ------------------------------------------------------------------ the end


def test_lowest_revenue_is_out_of_the_running() -> None:
    s = new(3)
    finished(s, [30, 20, 10], [2, 5, 6], [1, 2, 3])
    assert s.eliminated() == [True, False, False]
    assert s.winners() == [1] and s.ranks() == [3, 1, 2]


def test_everyone_tied_on_revenue_nobody_is_out() -> None:
    s = new(3)
    finished(s, [30, 20, 10], [4, 4, 4], [1, 2, 3])
    assert s.eliminated() == [False, False, False] and s.winners() == [0]


def test_two_players_more_than_5_behind_lose_10_points() -> None:
    s = new(2)
    finished(s, [30, 25], [2, 8], [1, 2])
    assert s.scores() == [20.0, 25.0] and s.winners() == [1]
    finished(s, [30, 25], [3, 8], [1, 2])  # exactly $5 behind: no penalty
    assert s.scores() == [30.0, 25.0] and s.winners() == [0]
    assert s.eliminated() == [False, False]


def test_ties_go_to_revenue_then_the_lower_sunday_token() -> None:
    s = new(3)
    finished(s, [20, 20, 5], [9, 7, 1], [2, 1, 3])
    assert s.winners() == [0]
    finished(s, [20, 20, 5], [8, 8, 1], [2, 1, 3])
    assert s.winners() == [1]


def test_solo_wins_by_beating_the_target_with_enough_revenue() -> None:
    s = new(1, target=25)
    finished(s, [26], [9], [1])
    assert s.solo_won() and s.returns() == [1.0]
    finished(s, [26], [SOLO["min_revenue"] - 1], [1])
    assert not s.solo_won() and s.returns() == [-1.0]
    finished(s, [24], [20], [1])
    assert not s.solo_won()


# ------------------------------------------------ characters and breaking news


def test_photographer_adds_a_point_per_scoring_photo() -> None:
    photo = find("photo", "1x1")
    sports = find("article", "1x2", colour="sports")
    page = page_of((photo, "b4"), (sports, "a4"))
    assert score(dict(page), character="photographer")["photos"] == 2
    assert score(dict(page))["photos"] == 1


def test_ad_manager_intern_columnist() -> None:
    ads = page_of((find("ad", "1x1"), "a4"), (find("ad", "1x1", skip=1), "c4"))
    assert score(dict(ads), character="ad_manager")["revenue_raw"] == 3
    assert score({}, desk=[1, 2], character="intern")["desk"] == -1
    good = find("article", "3x2", colour="sports", mood="good")
    assert score(page_of((good, "a3")), character="columnist")["mood"] == -1


def test_designer_and_star_reporter() -> None:
    s = new(2, characters=True, mode="realtime")
    s.characters = [4, 5]  # designer, star reporter
    _print_all(s, [1, 0])
    parts = s.results[0]["scores"]
    # Equal empty pages: the designer's counts 1 smaller, so it is the smallest.
    assert parts[0]["white_space"] == 3 and parts[1]["white_space"] == -1
    assert parts[1]["token_bonus"] == 2 and parts[0]["token_bonus"] == 0


def _news(card_id: str) -> dict:
    return NEWS[NEWS_IDS.index(card_id)]


def test_breaking_news_scoring_effects() -> None:
    sports = find("article", "2x1", colour="sports", mood="good")
    ad = find("ad", "1x1")
    page = page_of((sports, "a4"), (ad, "a6"))
    assert score(dict(page), news=_news("fri_derby"))["news"] == 1
    assert score(dict(page), news=_news("fri_sale"))["revenue_raw"] == 2
    assert score(dict(page), news=_news("fri_holiday"))["mood"] == 0
    assert score({}, desk=[1], news=_news("fri_tidy"))["desk"] == -2


def test_breaking_news_one_card_per_day_from_that_days_deck() -> None:
    s = new(2, breaking_news=True)
    assert len(s.news) == 1 and NEWS[s.news[0]]["deck"] == 0
    _print_all(s, [0, 1])
    for seat in s.draft_order[:]:
        s.apply(s.legal_actions(seat)[0], seat)
    assert len(s.news) == 2 and NEWS[s.news[1]]["deck"] == 1


def test_breaking_news_token_effects() -> None:
    s = new(3, breaking_news=True, mode="realtime")
    with_news(s, "sat_scoop")
    _print_all(s, [2, 0, 1])
    assert [p["token_bonus"] for p in s.results[0]["scores"]] == [0, 0, 2]
    s = new(3, breaking_news=True, mode="realtime")
    with_news(s, "sun_deadline")
    _print_all(s, [2, 0, 1])
    assert [p["token_bonus"] for p in s.results[0]["scores"]] == [0, -2, 0]
