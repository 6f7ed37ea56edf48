"""Province's heuristic bot, evaluation and terminal text."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.core import Match
from meeple.games.province import Build
from meeple.games.province.bots import HeuristicBot, evaluate
from meeple.games.province.text import action_label, render
from tests.games.province.province_helpers import GAME, give, play, started


def _play(bot_specs: tuple[str, str], seed: int) -> Match:
    bots = [make_bot(spec, GAME, seat, seed + seat) for seat, spec in enumerate(bot_specs)]
    m = Match(GAME, seed)
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.resolve_chance()
            continue
        seat = m.state.current_seat()
        assert seat is not None
        action = bots[seat].choose(m.state)
        assert action in m.state.legal_actions(seat)
        m.play(action, seat)
    return m


def test_make_bot_finds_the_heuristic_bot() -> None:
    assert isinstance(make_bot("heuristic", GAME, 1), HeuristicBot)


def test_heuristic_beats_random_clearly() -> None:
    """A small sample of the 200-game measurement (docs/games/province.md), seats alternating."""
    wins = 0
    for i in range(20):
        specs = ("heuristic", "random") if i % 2 == 0 else ("random", "heuristic")
        m = _play(specs, seed=500 + i)
        wins += (i % 2) in m.state.winners()
    assert wins >= 18


def test_bot_builds_when_it_can_score_first() -> None:
    s = started()
    s.coins[0] = 6
    s.pos[:3] = [2, 2, 0]  # three labor moves available: a building is affordable
    bot = HeuristicBot(GAME, 0, seed=1)
    chosen = []
    while s.current_seat() == 0:
        a = bot.choose(s)
        chosen.append(a)
        s.apply(a, 0)
    assert any(isinstance(a, Build) for a in chosen)


def test_evaluate_prefers_more_material() -> None:
    s = started()
    assert evaluate(s, 0) == pytest.approx(-evaluate(s, 1))
    give(s, 0, "mill")
    assert evaluate(s, 0) > 0 > evaluate(s, 1)


def test_heuristic_rejects_parameters() -> None:
    from meeple.core import OptionError

    with pytest.raises(OptionError):
        make_bot("heuristic:depth=3", GAME, 0)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_render_draws_the_board(lang: str) -> None:
    s = started(goal="coins")
    give(s, 1, "lender")
    play(s, "move green1")
    text = render(s.view(0), 0, lang)
    if lang == "en":
        assert "Turn 1" in text and "Lender" in text and "Goal face up: Coins" in text
        assert "green worker 1*" in text  # moved this turn
    else:
        assert "第 1 回合" in text and "債款機構" in text and "5 元目標" in text
    s.turns = 119
    play(s, "end")
    over = render(s.view(None), None, lang)
    assert ("Game over" in over) if lang == "en" else ("遊戲結束" in over)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_action_has_a_distinct_label(lang: str) -> None:
    labels = [action_label(a, lang) for a in GAME.action_space.actions]
    assert len(set(labels)) == len(labels)
    assert all(label for label in labels)
