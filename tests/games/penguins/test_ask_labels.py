"""An answer to the pending question says what it does, in the terminal and on the page.

A ``Pick`` names only a point, so it read "choose D4" (選擇 D4) whatever was asked:
where the seagull flies, which egg a card sends back, where the rival egg goes.
The labels come from ``text.state_label`` (the state holds the question), which the
terminal menu, the server's legal actions and both logs all read. The board's status
lines name the cards too (the discard pile, the card whose question is pending).
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from meeple.core.actions import Action
from meeple.core.decisions import Decision
from meeple.core.i18n import display_width
from meeple.core.labels import action_label, action_labels, log_label
from meeple.core.match import Match
from meeple.core.registry import make_game
from meeple.games.penguins import PenguinState
from meeple.games.penguins.actions import Pass, Pick, PickTriangle
from meeple.games.penguins.text import render
from tests.games.penguins.builders import P, act, situation, with_discard
from tests.games.penguins.test_cards import card_state


def state(m: Match) -> PenguinState:
    return cast(PenguinState, m.state)


def labels(s: PenguinState, action: Action) -> dict[str, str]:
    return action_labels(s.game, action, s)


def test_the_seagull_says_where_it_flies() -> None:
    s = situation({"B4": "a0", "G4": "e0", "D3": "seagull"})
    act(s, "explore B4 E")
    assert s.decisions[-1].kind == "seagull"
    assert labels(s, Pick(P("A8"))) == {"en": "the seagull flies to A8", "zh-TW": "海鷗飛到 A8"}
    # without the state (no question known) the label stays the bare answer
    assert action_label(s.game, Pick(P("A8")), "en") == "choose A8"


def test_a_moving_card_names_the_piece_and_then_where_it_goes() -> None:
    s = card_state(4, {"D4": "a0"}, silver=(4, 2, 12, 13))
    act(s, "play 4")
    assert labels(s, Pick(P("D4"))) == {
        "en": "move your penguin on D4",
        "zh-TW": "移動你在 D4 的企鵝",
    }
    act(s, "pick D4")
    assert labels(s, Pick(P("D5"))) == {"en": "move it from D4 to D5", "zh-TW": "從 D4 移到 D5"}


@pytest.mark.parametrize(
    ("card", "pieces", "point", "en", "zh"),
    [
        (1, {}, "C3", "put your egg on C3", "在 C3 放你的一顆蛋"),
        (2, {"C3": "e1"}, "C3", "send the rival egg on C3 back", "把 C3 的對手蛋移回供應區"),
        (3, {"C3": "iceberg"}, "C3", "move the barrier on C3", "移動 C3 的障礙物"),
        (13, {"C3": "e0"}, "C3", "hatch your egg on C3 now", "讓你在 C3 的蛋立刻破殼"),
    ],
)
def test_a_card_s_first_point_says_what_the_card_does_there(
    card: int, pieces: dict[str, str], point: str, en: str, zh: str
) -> None:
    s = card_state(card, pieces)
    act(s, f"play {card}")
    assert Pick(P(point)) in s.legal_actions()
    assert labels(s, Pick(P(point))) == {"en": en, "zh-TW": zh}


def test_a_triangle_card_says_what_happens_on_the_triangle() -> None:
    s = card_state(5, {"E4": "e1"})
    act(s, "play 5")
    triangle = next(a for a in s.legal_actions() if isinstance(a, PickTriangle))
    en = labels(s, triangle)["en"]
    assert en.startswith("lay eggs on the triangle ") and "choose" not in en


def test_the_first_decision_places_a_rival_egg_in_words_and_in_the_log() -> None:
    """Scene 3 begins with each side putting a rival egg down: the menu, the page and the
    log line all say so (log lines are read in the state the action was taken in)."""
    game = make_game("penguins", scene=3)
    m = Match(game, seed=7)
    while not (state(m).decisions and state(m).decisions[-1].kind == "rival"):
        m.play(m.state.legal_actions()[0])
    s = state(m)
    pick = Pick(P("A1"))
    assert labels(s, pick) == {"en": "put a rival egg on A1", "zh-TW": "在 A1 放一顆對手的蛋"}
    before = s.clone()
    m.play(pick)
    assert (
        log_label(before, pick, before.decisions[-1].seat, None, "zh-TW") == "在 A1 放一顆對手的蛋"
    )


def test_passing_a_question_says_what_is_declined() -> None:
    """ "pass" alone said nothing: declining the krill's egg, the hole's jump, the #10."""
    s = situation({"B4": "a0"})
    declined = [
        ("krill", "no extra egg"),
        ("hole", "slide on without jumping"),
        ("cancel", "let the card happen"),
    ]
    for kind, en in declined:
        s.decisions = (Decision(0, kind, (1, 2)),)
        assert action_label(s.game, Pass(), "en", s) == en
    s.decisions = ()
    assert action_label(s.game, Pass(), "en", s) == "pass"


def test_no_answer_in_real_games_reads_as_a_bare_choose() -> None:
    """Bounded random games (three scenes, free mode): every answer to a question names
    what it does, in both languages."""
    found: set[str] = set()
    runs: list[tuple[int, dict[str, Any]]] = [
        (1, {"scene": 1}), (2, {"scene": 4}), (3, {"scene": 6}), (4, {"mode": "free"}),
    ]  # fmt: skip
    for seed, options in runs:
        s = cast(PenguinState, make_game("penguins", **options).new_initial_state(seed))
        rnd = random.Random(seed)
        for _ in range(150):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            for a in legal:
                if isinstance(a, Pick):
                    found.add(s.decisions[-1].kind)
                    words = labels(s, a)
                    assert not words["en"].startswith("choose"), (s.decisions[-1], words)
                    assert not words["zh-TW"].startswith("選擇"), (s.decisions[-1], words)
            s.apply(rnd.choice(legal))
    assert {"rival", "freeplace"} <= found


def test_the_board_names_the_discarded_cards_and_the_card_being_answered() -> None:
    """The status said "discard: #3" and "waiting for: card target": which card is that?"""
    s = card_state(3, {"D4": "iceberg"})
    act(s, "play 3")
    for lang, discard, waiting in [
        ("en", "discard: #3 Gust", "waiting for: where #3 Gust takes effect"),
        ("zh-TW", "棄牌：#3 陣風", "等待：#3 陣風的目標"),
    ]:
        text = render(s.view(0), 0, lang)
        assert discard in text and waiting in text, text
    act(s, "pick D4")
    assert "waiting for: where #3 Gust moves the piece" in render(s.view(0), 0, "en")
    with_discard(s, 1, 2, 3, 4, 7, 9, 13, 14, 15, 16)  # a long pile wraps between cards
    lines = render(s.view(0), 0, "en").splitlines()
    assert all(display_width(line) <= 78 for line in lines if "#" in line)
    assert any(line.startswith("deck: ") and "discard: #1 Snowdrift" in line for line in lines)


def test_the_sides_marks_read_with_chinese_punctuation() -> None:
    text = render(situation({"B4": "a0"}).view(0), 0, "zh-TW")
    assert "你是藍方（o、p、P）" in text and "(o，p，P)" not in text
