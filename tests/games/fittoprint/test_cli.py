"""Fit To Print in the terminal: Slo-Mode and solo played to the end through ``meeple play``."""

from __future__ import annotations

from pathlib import Path

from meeple.core.match import MatchRecord, replay
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
