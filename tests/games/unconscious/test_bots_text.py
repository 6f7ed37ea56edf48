"""Unconscious Mind: terminal text and labels in both languages (item 15), the bots (item 14)."""

from __future__ import annotations

from meeple.bots import make_bot
from meeple.games.unconscious import Unconscious, text
from meeple.games.unconscious import bots as um_bots
from tests.games.unconscious.um_helpers import ready


def test_every_action_has_a_label_in_english_and_traditional_chinese() -> None:
    game = Unconscious(players=2)
    for action in game.enumerate_actions():
        en, zh = text.action_label(action, "en"), text.action_label(action, "zh-TW")
        assert en and zh and en != str(action) and en != zh


def test_the_board_renders_in_both_languages_for_a_player_and_a_spectator() -> None:
    s = ready(4)
    for seat in (0, None):
        for lang in ("en", "zh-TW"):
            out = text.render(s.view(seat), seat, lang)
            assert out.count("\n") >= 4 * 5
    assert "Round 1" in text.render(s.view(0), 0, "en")
    assert "第 1 輪" in text.render(s.view(0), 0, "zh-TW")
    # seat 0 sees its own (empty) hand and only the size of the others'
    out = text.render(s.view(0), 0, "en")
    assert out.count("research: hand none") == 1 and out.count("hand 0 cards, hidden") == 3


def test_the_heuristic_bot_plays_legal_moves_to_the_end_at_four_players() -> None:
    game = Unconscious(players=4, rounds=2)
    s = game.new_initial_state(5)
    bots = [make_bot("heuristic", game, seat, seed=seat) for seat in range(4)]
    while not s.is_terminal():
        seat = s.current_seat()
        assert seat is not None
        s.apply(bots[seat].choose(s), seat)
    assert s.round == 2


def test_the_evaluation_prefers_more_vp_and_compares_with_the_best_rival() -> None:
    s = ready()
    base = um_bots.evaluate(s, 0)
    s.vp[0] += 5
    assert um_bots.evaluate(s, 0) == base + 5
    s.vp[1] += 20
    assert um_bots.evaluate(s, 0) < base
