"""The end of an ICE game explains itself, and a solo game shows its target all along
(issue 34, items 4, 6 and 8), in the terminal's words, in both languages."""

from __future__ import annotations

import re

import pytest

from meeple.bots.registry import make_bot
from meeple.core.match import Match
from meeple.core.registry import make_game
from meeple.games.ice.text import end_label, render
from tests.games.ice.builders import with_arch, with_camp


def finished(players: int, seed: int = 4) -> Match:
    game = make_game("ice", players=players)
    match = Match(game, seed)
    bots = [make_bot("random", game, s, seed + s) for s in range(players)]
    for _ in range(20000):
        state = match.state
        if state.is_terminal():
            return match
        if state.is_chance():
            match.resolve_chance()
            continue
        seat = state.current_seat()
        assert seat is not None
        match.play(bots[seat].choose(state), seat)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_end_gives_each_players_points_by_source_adding_up(players: int) -> None:
    match = finished(players)
    state = match.state
    for lang, row in (
        ("en", r"^  Player (\d+): (.*) = (-?\d+)$"),
        ("zh-TW", r"^  玩家 (\d+)：(.*)＝(-?\d+)$"),
    ):
        text = render(state.view(0), 0, lang)
        rows = [m for line in text.splitlines() if (m := re.match(row, line))]
        assert len(rows) == players, text[-600:]
        for m in rows:
            seat = int(m.group(1)) - 1
            parts = [int(n) for n in re.findall(r"(-?\d+)(?:、|, |$)", m.group(2))]
            assert sum(parts) == int(m.group(3)) == int(state.scores()[seat]), m.group(0)
            breakdown = state.score_breakdown(seat)
            assert len(parts) == len(breakdown)
        # "Game over" is the terminal's own line, once: neither the board nor the reason says it
        assert "Game over" not in text and "遊戲結束" not in text
        assert "遊戲結束" not in end_label(state, "zh-TW", None)


def test_a_solo_game_shows_its_target_while_playing_and_says_why_it_ended() -> None:
    game = make_game("ice", players=1)
    match = Match(game, 2)
    while match.state.is_chance():
        match.resolve_chance()
    view = match.state.view(0)
    assert "Solo: 28 points at the end wins (now 0)" in render(view, 0, "en")
    assert "單人：終局時達到 28 分就獲勝（目前 0 分）" in render(view, 0, "zh-TW")
    end = finished(1).state
    said = end_label(end, "en", None)
    score = int(end.scores()[0])
    assert said == f"Solo: {score} points against the target of 28: " + (
        "won." if score >= 28 else "lost."
    )


def test_chinese_lists_on_the_board_use_the_enumeration_comma() -> None:
    match = finished(2)
    text = render(match.state.view(0), 0, "zh-TW")
    assert not re.search(r"[\u4e00-\u9fff0-9A-Z]+, [\u4e00-\u9fff0-9A-Z]", text), [
        line for line in text.splitlines() if ", " in line
    ][:5]


def test_a_tile_shows_every_figure_on_it_in_the_terminal() -> None:
    """Issue 34, item 3: a camp or a leader once hid the archaeologists standing with it
    (one mark a tile); now each is marked, the archaeologists with their number."""
    from meeple.games.ice.components import CENTRE, tile_name
    from tests.games.ice.builders import dig_ready

    state = dig_ready()
    with_camp(state, CENTRE)
    with_arch(state, CENTRE, 3)
    for lang, legend in (
        ("en", "*2 archaeologists, with how many"),
        ("zh-TW", "*2 考古學家（* 後接人數）"),
    ):
        text = render(state.view(0), 0, lang)
        assert f"{tile_name(CENTRE)}S1c*3" in text, text[:800]
        assert legend in text
