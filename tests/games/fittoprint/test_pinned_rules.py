"""Fit To Print rules that a mutation run found no test pinning down (issue 16):
the Saturday and Sunday breaking-news cards, ``is_legal`` in Slo-Mode for a
seat that is not on turn and for the time-up action, and the default round
length. Each test fails when its rule is broken.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.errors import IllegalActionError, NotYourTurnError
from meeple.games.fittoprint import CallLayout, Draw, FitToPrint, Place, Print, TimeUp
from meeple.games.fittoprint.components import CELL_INDEX, DAYS, NEWS, NEWS_IDS, TILES
from meeple.games.fittoprint.scoring import page_breakdown, photo_points
from tests.games.fittoprint.builders import find, new, on_turn, page_of, to_layout, with_news

HOME = CELL_INDEX["b1"]  # start centrepiece 0 (adjacent sports) covers b1, c1, b2, c2
Page = dict[int, tuple[int, bool]]


def _score(page: Page, card: str | None) -> dict[str, Any]:
    """Friday's scoring of ``page`` with breaking-news ``card`` (None: no card)."""
    news = NEWS[NEWS_IDS.index(card)] if card else None
    return page_breakdown(page, (0, 0, HOME), DAYS[0], [], "", news)


# -------------------------------------------------------------- breaking news, Saturday


def test_election_eve_and_market_report_count_only_articles_of_their_colour() -> None:
    news = [find("article", "1x2", skip=k, colour="news") for k in range(2)]
    business = find("article", "2x1", colour="business")
    page = page_of((news[0], "a4"), (news[1], "c4"), (business, "d6"))
    assert _score(dict(page), "sat_election")["news"] == 2
    assert _score(dict(page), "sun_market")["news"] == 1


def test_photo_week_pays_one_per_photo_that_scores_not_per_photo_or_point() -> None:
    photo = find("photo", "1x1")  # likes sports and news
    idle = find("photo", "1x1", skip=1)  # likes sports and business: nothing beside it
    sports = find("article", "1x2", colour="sports")
    news = find("article", "1x2", colour="news")
    page = page_of((photo, "b4"), (sports, "a4"), (news, "c4"), (idle, "e6"))
    assert photo_points(page) == {photo: 2, idle: 0}
    assert _score(dict(page), "sat_gallery")["news"] == 1


def test_design_awards_doubles_the_white_space_result_both_ways() -> None:
    s = new(2, breaking_news=True)
    with_news(s, "sat_art")
    art = find("article", "3x2", colour="news")
    to_layout(s, 0, art)
    s.apply(Place(art, "a3", "up"), 0)
    s.apply(Print(), 0)
    s.apply(CallLayout(), 1)
    s.apply(Print(), 1)
    # seat 0 left the smaller empty area: +3 doubled; seat 1 the larger: -1 doubled
    assert [p["white_space"] for p in s.results[0]["scores"]] == [6, -2]


# -------------------------------------------------------------- breaking news, Sunday


def test_sunday_special_doubles_the_centrepiece_points() -> None:
    sports = [find("article", "1x2", skip=k, colour="sports") for k in range(2)]
    page = page_of((sports[0], "d1"), (sports[1], "a1"))  # both beside the centrepiece
    assert _score(dict(page), None)["centrepiece"] == 2
    assert _score(dict(page), "sun_headline")["centrepiece"] == 4


def test_readers_want_balance_pays_only_when_good_equals_bad_and_there_is_news() -> None:
    good = find("article", "2x1", colour="sports", mood="good")
    bad = find("article", "2x1", colour="news", mood="bad")
    assert TILES[good].icons == TILES[bad].icons == 1
    assert _score(page_of((good, "a4"), (bad, "a6")), "sun_fair")["news"] == 2
    assert _score(page_of((good, "a4")), "sun_fair")["news"] == 0
    assert _score({}, "sun_fair")["news"] == 0


# -------------------------------------------------------------- is_legal in Slo-Mode


def _sample(s: Any, seat: int) -> list[Any]:
    """Actions that would be legal for ``seat`` were it on turn."""
    probe = s.clone()
    on_turn(probe, seat)
    return probe.legal_actions(seat)


def test_in_slo_mode_a_seat_not_on_turn_has_no_legal_action() -> None:
    s = new(3)
    assert s.turn().seats == (0,)
    assert s.legal_actions(0) and all(s.is_legal(a, 0) for a in s.legal_actions(0))
    for seat in (1, 2):
        wanted = _sample(s, seat)
        assert Draw("1x1") in wanted and CallLayout() in wanted
        assert not any(s.is_legal(a, seat) for a in wanted)
        assert s.legal_actions(seat) == []
    with pytest.raises(NotYourTurnError):
        s.apply(Draw("1x1"), 1)


def test_in_slo_mode_a_seat_in_layout_but_not_on_turn_may_not_place() -> None:
    s = new(2)
    art = find("article", "2x1", colour="sports")
    to_layout(s, 1, art)
    on_turn(s, 0)  # seat 1 has a tile to place, but seat 0 is on turn
    place = Place(art, "a4", "up")
    assert place in _sample(s, 1)
    assert not s.is_legal(place, 1) and not s.is_legal(Print(), 1)


def test_in_slo_mode_no_seat_may_issue_the_time_up_action() -> None:
    s = new(2)
    for seat in (0, 1, None):
        assert not s.is_legal(TimeUp(0), seat)
    with pytest.raises(NotYourTurnError):
        s.apply(TimeUp(0), 0)
    with pytest.raises(IllegalActionError):
        s.apply(TimeUp(0))
    rt = new(2, mode="realtime")  # in real time only the clock (seat None, via apply) may
    assert not any(rt.is_legal(TimeUp(0), seat) for seat in (0, 1, None))


# -------------------------------------------------------------- the default round


def test_the_default_round_is_four_minutes_the_standard_timer() -> None:
    game = FitToPrint(players=2, mode="realtime")
    assert game.options["minutes"] == 4 and game.round_seconds == 240
    assert game.new_initial_state(0).round_timer() == (240.0, TimeUp(0))
    assert FitToPrint(players=2).options["mode"] == "slo"
