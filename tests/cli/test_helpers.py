"""The CLI's helpers: string tables, the generic renderer, bot line-ups, statistics."""

from __future__ import annotations

import math

import pytest

from meeple.cli.common import bot_labels, default_bot_spec, split_bot_specs
from meeple.cli.i18n import LANGS, STRINGS, check_lang, template_fields, tr
from meeple.cli.render import TextRenderer, render_view
from meeple.cli.stats import Tally, wilson_interval, win_shares
from meeple.core.errors import OptionError
from meeple.core.registry import make_game
from tests.toy import DIE, PlayCard, Roll, ToyDice, registered


def test_both_languages_have_the_same_strings_and_fields() -> None:
    assert set(STRINGS) == set(LANGS)
    keys = set(STRINGS["en"])
    for lang in LANGS:
        assert set(STRINGS[lang]) == keys, lang
        for key in keys:
            assert template_fields(STRINGS[lang][key]) == template_fields(STRINGS["en"][key]), key
    assert tr("cannot_undo", "zh-TW") != tr("cannot_undo", "en")


def test_language_names() -> None:
    assert [check_lang(x) for x in ("en", "EN", "zh-TW", "zh_tw", "zh")] == [
        "en", "en", "zh-TW", "zh-TW", "zh-TW"]  # fmt: skip
    with pytest.raises(OptionError, match="unknown language"):
        check_lang("de")


def test_generic_rendering_of_nested_views() -> None:
    text = render_view({"a": None, "b": True, "c": [], "d": {"e": [1, 2]}, "f": [{"g": 1}]})
    assert text.splitlines() == [
        "a: -",
        "b: yes",
        "c: -",
        "d:",
        "  e: 1, 2",
        "f:",
        "  0:",
        "    g: 1",
    ]


def test_generic_rendering_speaks_the_language() -> None:
    assert render_view({"open": True, "done": False}, lang="zh-TW") == "open: 是\ndone: 否"


def test_renderer_falls_back_without_a_text_plugin() -> None:
    game = ToyDice()  # declares no plug-ins: the generic layout and str(action)
    text = TextRenderer(game, "zh-TW")
    state = game.new_initial_state()
    assert text.board(state, 0) == render_view(state.view(0), lang="zh-TW")
    assert text.label(Roll(2)) == "roll 2"


def test_renderer_uses_the_declared_text_plugin() -> None:
    game = make_game("tictactoe")
    text = TextRenderer(game, "zh-TW")
    state = game.new_initial_state()
    assert text.board(state, 0).startswith(" 1 | 2 | 3 \n---+---+---\n 4 | 5 | 6 ")
    assert text.label(game.parse_action("place 3")) == "畫在第 2 列第 1 欄"


def test_seen_label_never_leaks_a_hidden_chance_outcome() -> None:
    game = ToyDice(2)
    state = game.new_initial_state()
    state.apply(PlayCard(DIE), 0)  # chance rolls the die for seat 0
    text = TextRenderer(game, "en")
    assert text.seen_label(state, Roll(3), None, 0) == "roll 3"  # seat 0 rolls: it sees it
    assert text.seen_label(state, Roll(3), None, 1) == "roll ?"
    assert text.seen_label(state, Roll(3), None, None) == "roll ?"


def test_bot_specs_and_labels() -> None:
    assert split_bot_specs("mcts:iters=20,c=1.4,greedy") == ["mcts:iters=20,c=1.4", "greedy"]
    with pytest.raises(OptionError):
        split_bot_specs("random,,greedy")
    assert bot_labels(["a", "b"]) == ["a", "b"]
    assert bot_labels(["a", "a", "b", "a"]) == ["a#1", "a#2", "b", "a#3"]
    assert default_bot_spec("tictactoe") == "heuristic"
    with registered(ToyDice):
        assert default_bot_spec("toydice") == "greedy"  # no heuristic bot declared


def test_wilson_interval_matches_the_formula() -> None:
    lo, hi = wilson_interval(180, 200)
    assert (round(lo, 4), round(hi, 4)) == (0.8506, 0.9343)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(5, 10)
    assert math.isclose(lo + hi, 1.0)  # symmetric at one half


def test_tally_shares_ties() -> None:
    assert win_shares([1, 1, 3]) == [0.5, 0.5, 0.0]
    t = Tally(["a", "b"], 2)
    t.add(["a", "b"], [3, 1], [1, 2], 10, 8)
    t.add(["b", "a"], [2, 2], [1, 1], 12, 10)
    assert t.win_rate("a") == 0.75 and t.win_rate("b") == 0.25
    assert t.seat_win_rate(0) == 0.75 and t.seat_win_rate(1) == 0.25
    assert t.mean_score("a") == 2.5 and t.mean_length() == 11 and t.mean_decisions() == 9
