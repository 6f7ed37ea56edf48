"""The heuristic bot and the terminal text (golden playthroughs: test_golden.py)."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.core import Match, make_game
from meeple.games.penguins.bots import evaluate
from meeple.games.penguins.text import action_label, render
from tests.games.penguins.builders import situation


def play(game_players: int, hero_parity: int, seed: int) -> int | None:
    game = make_game("penguins", players=game_players)
    bots = [
        make_bot("heuristic" if s % 2 == hero_parity else "random", game, s, seed)
        for s in range(game_players)
    ]
    m = Match(game, seed)
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.resolve_chance()
            continue
        seat = m.state.current_seat()
        assert seat is not None
        m.play(bots[seat].choose(m.state), seat)
    return m.state.winner  # type: ignore[attr-defined, no-any-return]


def test_heuristic_bot_beats_random() -> None:
    """Measured over 200 games: see docs/games/penguins.md; here a small sample."""
    wins = sum(play(2, g % 2, 300 + g) == g % 2 for g in range(12))
    assert wins >= 11


def test_heuristic_bot_plays_team_mode() -> None:
    wins = sum(play(4, g % 2, 400 + g) == g % 2 for g in range(4))
    assert wins >= 3


def test_evaluate_prefers_more_eggs_and_penguins() -> None:
    base = situation({"B4": "a0", "F4": "e0"})
    more = situation({"B4": "a0", "F4": "e0", "A8": "e0"})
    assert evaluate(more, 0) > evaluate(base, 0) and evaluate(more, 1) < evaluate(base, 1)
    won = situation()
    won.winner = 0
    assert evaluate(won, 0) == 1000.0 and evaluate(won, 1) == -1000.0


def test_text_board_and_labels_in_both_languages() -> None:
    s = situation({"B4": "a0", "F4": "e0", "D3": "seagull"}, terrain={"C3": "storm"},
                  hands=[[1], [2]])  # fmt: skip
    en = render(s.view(0), 0, "en")
    zh = render(s.view(0), 0, "zh-TW")
    assert " p " in en and "G" in en and "*" in en and "#1 Snowdrift" in en
    assert "#2" not in en.split("your hand")[1].split("\n")[0]  # the rival's card stays hidden
    assert "雪堆" in zh and "板上的蛋" in zh
    a = s.game.parse_action("explore B4 E")
    assert action_label(a, "en") == "explore: penguin on B4 slides E"
    assert action_label(a, "zh-TW") == "探索：B4 的企鵝往東滑"
    for action in s.game.action_space.actions:
        assert action_label(action, "en") and action_label(action, "zh-TW")


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("scene", [1, 2, 3, 4, 5, 6])
def test_every_scene_plays_to_the_end(scene: int, players: int) -> None:
    game = make_game("penguins", players=players, scene=scene)
    bots = [make_bot("heuristic" if s % 2 else "random", game, s, scene) for s in range(players)]
    m = Match(game, 50 + scene)
    while not m.state.is_terminal():
        if m.state.is_chance():
            m.resolve_chance()
            continue
        seat = m.state.current_seat()
        assert seat is not None
        m.play(bots[seat].choose(m.state), seat)
    assert m.state.scene == scene  # type: ignore[attr-defined]
    assert m.state.winner in (0, 1)  # type: ignore[attr-defined]
