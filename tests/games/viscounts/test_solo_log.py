"""Viscounts solo in the log and the view (issue 20): each AI turn in words, a card's
option named.

The AI's turn runs inside the player's last action of the round, so the log
line of that action says what the AI did (meeple.core.labels.seen_label reads
the game's text.log_label with the state); the view carries each turn as a
sentence (view.ai.turns[].say) for the browser's AI panel.
"""

from __future__ import annotations

from meeple.core import Rng
from meeple.core import decisions as dec
from meeple.core.labels import action_label, action_labels, log_labels
from meeple.games.viscounts import solo, text
from meeple.games.viscounts.actions import Choose
from meeple.games.viscounts.components import SCHEMES
from meeple.games.viscounts.describe import program_words, told_words
from meeple.games.viscounts.rules import ViscountsState
from tests.games.viscounts.builders import started


def _step(s: ViscountsState, rng: Rng) -> tuple[object, int]:
    seat = s.turn().seats[0]
    legal = s.legal_actions(seat)
    return legal[rng.randbelow(len(legal))], seat


def test_the_action_that_runs_the_ai_turn_says_the_ai_turn_in_both_languages() -> None:
    s = started(1, seed=4)
    rng = Rng(4)
    for _ in range(400):
        action, seat = _step(s, rng)
        before = len(s.ai_log)
        labels = log_labels(s, action, seat, seat)
        watcher = log_labels(s, action, seat, None)
        legal_label = action_labels(s.game, action, s)
        s.apply(action, seat)
        if len(s.ai_log) > before:
            break
    else:
        raise AssertionError("no AI turn in 400 actions")
    # the legal action's label (the button) never tells the AI's coming turn: a secret then
    assert "AI" not in legal_label["en"] and "AI" not in legal_label["zh-TW"]
    turn = solo.turn_record(s.ai_log[-1])
    scheme = SCHEMES[turn["scheme"]]
    assert labels == watcher  # all public: every viewer reads the same line
    # the action told in the third person (issue 34), then the AI's turn
    assert "; then the AI's turn" in labels["en"]
    assert not labels["en"].startswith(action_label(s.game, action, "en"))
    assert scheme.name in labels["en"] and f"round {turn['round']}" in labels["en"]
    assert scheme.zh in labels["zh-TW"] and "AI 的回合" in labels["zh-TW"]
    said = s.view(0)["ai"]["turns"][-1]["say"]
    assert said["en"].startswith(f"Round {turn['round']}: {scheme.name}")
    assert said["zh-TW"].startswith(f"第 {turn['round']} 輪：{scheme.zh}")


def test_a_line_without_an_ai_turn_is_the_actions_label() -> None:
    s = started(1, seed=4)
    seat = s.turn().seats[0]
    action = s.legal_actions(seat)[0]  # the round's first card: the AI waits for the last
    line = log_labels(s, action, seat, seat)["en"]
    assert line == text.log_label(s, action, seat, "en") and "AI" not in line
    assert line.startswith("plays ")  # told of the player, not "Play" as the button says


def test_two_players_read_no_ai_and_are_not_replayed() -> None:
    s = started(2, seed=4)
    seat = s.turn().seats[0]
    action = s.legal_actions(seat)[0]
    line = log_labels(s, action, seat, 1 - seat)["en"]
    assert line == text.log_label(s, action, seat, "en") and line.startswith("plays ")
    assert s.view(0)["ai"] is None


def test_a_chosen_option_is_named_in_the_log() -> None:
    """Before: "Choose option 2". Now the option's printed words follow it."""
    rng = Rng(7)
    for seed in range(1, 40):
        s = started(2, seed=seed)
        for _ in range(300):
            if s.is_terminal():
                break
            d = dec.top(s.decisions)
            action, seat = _step(s, rng)
            if d is not None and d.kind == "choose" and isinstance(action, Choose):
                words = {
                    lang: program_words(d.args[action.option], lang) for lang in ("en", "zh-TW")
                }
                told = {lang: told_words(d.args[action.option], lang) for lang in ("en", "zh-TW")}
                got = log_labels(s, action, seat, None)
                n = action.option + 1
                assert got["en"] == f"chooses option {n}: {told['en']}"
                assert got["zh-TW"] == f"選擇選項 {n}：{told['zh-TW']}"
                assert text.log_label(s, action, seat, "en") == got["en"]
                # the button says the option's words to the player choosing it
                button = action_labels(s.game, action, s)
                assert button["en"] == f"{action_label(s.game, action, 'en')}: {words['en']}"
                assert (
                    button["zh-TW"] == f"{action_label(s.game, action, 'zh-TW')}：{words['zh-TW']}"
                )
                return
            s.apply(action, seat)
    raise AssertionError("no card option chosen in 39 random games")
