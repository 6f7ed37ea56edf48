"""Snow Tails terminal text: the course, the mats, the hand, every action in both languages."""

from __future__ import annotations

import pytest

from meeple.games.snowtails import SnowTails
from meeple.games.snowtails.text import action_label, render
from tests.games.snowtails.helpers import LEFT_CORNER, dogs, give, put, race, turn_of


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_action_has_a_label_in_both_languages(lang: str) -> None:
    game = SnowTails(players=2)
    labels = [action_label(a, lang) for a in game.action_space.actions]
    assert len(set(labels)) == len(labels)
    assert all(
        label and label != str(a)
        for label, a in zip(labels, game.action_space.actions, strict=True)
    )


def test_render_shows_the_course_the_sleds_and_only_the_viewers_hand() -> None:
    state = race(course=LEFT_CORNER)
    put(state, 0, 1, 1, 2)
    put(state, 1, 3, 2, 0)
    turn_of(state, 0)
    dogs(state, 0, 4, 5, 2)
    give(state, 0, [0, 2, 5])
    text = render(state.view(0), 0, "en")
    assert "speed limit 5 · the corner turns left" in text
    assert "left dog 4, right dog 5, brake 2 → forward 7, drift right 1" in text
    assert "Your hand: dent 2 5" in text
    rows = [line for line in text.splitlines() if line.strip().startswith("straight")]
    assert any(" . 1 . . ." in r for r in rows)
    spectator = render(state.view(None), None, "en")
    assert "Your hand" not in spectator


def test_render_in_traditional_chinese() -> None:
    state = race(course=LEFT_CORNER)
    text = render(state.view(1), 1, "zh-TW")
    assert "雪橇競速" in text and "速限 5" in text and "你的手牌" in text


def test_render_a_finished_race() -> None:
    state = race(course="START:a,S1:a,FINISH:a")
    put(state, 0, 0, 2, 4)
    put(state, 1, 3, 2, 1)
    state.status = [1, 1]
    state._end_race()
    text = render(state.view(0), 0, "en")
    assert "The race is over." in text and "5 past the line" in text


def test_the_extra_dents_of_a_bonus_after_a_line_are_told_in_both_languages() -> None:
    from meeple.games.snowtails import Bonus, PlayCard
    from meeple.games.snowtails.text import describe_events

    state = race(course=LEFT_CORNER)
    put(state, 0, 1, 1, 0)
    put(state, 1, 4, 3, 3)
    turn_of(state, 0)
    dogs(state, 0, 3, 3, 1)
    give(state, 0, [3, 1, 1, 1, 1])
    state.apply(PlayCard(3, "left"))
    state.apply(Bonus("yes"))
    assert "the bonus puts it 2 more over the limit-5 line" in describe_events(
        state.last_events, "en"
    )
    assert "加上額外格數，速限 5 線再超速 2" in describe_events(state.last_events, "zh-TW")
