"""Fit To Print in the terminal: Slo-Mode, solo and a puzzle played to the end through
``meeple play``."""

from __future__ import annotations

from pathlib import Path

from meeple.core.match import MatchRecord, replay
from meeple.games.fittoprint.components import CELL_NAMES, DAYS, PUZZLES, centre_cells
from meeple.games.fittoprint.puzzle_search import search
from tests.cli.conftest import Runner, cli  # noqa: F401  (the fixture)


def test_slo_mode_against_the_heuristic_bot_to_the_end(cli: Runner, tmp_path: Path) -> None:  # noqa: F811
    moves = "draw 2x2\nkeep\nlayout\n1\nprint\n1\n" + "layout\nprint\n1\n" * 6
    r = cli(
        ["play", "fittoprint", "-o", "mode=slo", "--seed", "2", "--save", str(tmp_path)],
        stdin=moves,
    )
    assert r.code == 0, r.out
    assert "Friday · reporting and layout · Slo-Mode" in r.out
    assert "Your front page" in r.out and "fold" in r.out
    assert "player 2 (heuristic) -> " in r.out
    assert "Game over." in r.out and "Sunday results:" in r.out
    (path,) = tmp_path.glob("*.json")
    assert replay(MatchRecord.load(path), verify=True).state.is_terminal()


def test_solo_in_traditional_chinese_to_the_end(cli: Runner) -> None:  # noqa: F811
    r = cli(
        [
            "play",
            "fittoprint",
            "--players",
            "1",
            "-o",
            "target=5",
            "--seed",
            "3",
            "--lang",
            "zh-TW",
        ],
        stdin="layout\nprint\n1\n" * 4,
    )
    assert r.code == 0, r.out
    assert "週五" in r.out and "目標 5 分" in r.out


def test_a_puzzle_in_the_terminal_solved_by_typing_the_searchs_page(cli: Runner) -> None:  # noqa: F811
    """``meeple play fittoprint -o mode=puzzle`` is one player without ``--players``;
    typing the actions of a page our search found solves it."""
    r = search(PUZZLES[0])
    lines = []
    if r.solution_centre != centre_cells(DAYS[PUZZLES[0].day])[0]:
        lines.append(f"centre {CELL_NAMES[r.solution_centre]}")
    for tile, (cell, _up) in sorted(r.solution.items()):
        lines.append(f"place {tile} {CELL_NAMES[cell]} up")
    lines.append("print")
    out = cli(
        ["play", "fittoprint", "-o", "mode=puzzle", "--seed", "1"], stdin="\n".join(lines) + "\n"
    )
    assert out.code == 0, out.out
    assert f"Puzzle 1: {PUZZLES[0].name}" in out.out and "Goal: every tile on the page" in out.out
    assert "Puzzle solved!" in out.out and "Game over." in out.out
