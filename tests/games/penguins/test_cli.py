"""Penguin Eggs in the terminal: a person plays every decision of whole games with bots,
on every shipped scene, as two players and as teams, and in free mode."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.core import MatchRecord, replay


def play(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[str, MatchRecord]:
    """Run ``meeple play`` answering "1" (the first listed action) at every prompt."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    assert main([*argv, "--save", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    return out, MatchRecord.load(next(tmp_path.glob("*.json")))


@pytest.mark.parametrize("scene", range(1, 7))
@pytest.mark.parametrize("players", [2, 4])
def test_every_scene_plays_to_the_end_in_the_terminal(
    scene: int,
    players: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "penguins", "--players", str(players), "-o", f"scene={scene}"]
    bots = "heuristic" if players == 2 else "heuristic,random,greedy"
    argv += ["--seed", str(scene), "--bots", bots]
    out, record = play(argv, tmp_path, monkeypatch, capsys)
    assert record.result is not None, "the game did not finish"
    assert any(s == 0 for s, _ in record.actions), "the person made no decision"
    assert record.options["scene"] == scene
    assert out.strip()
    replay(record, verify=True)


def test_free_mode_plays_to_the_end_in_the_terminal_in_chinese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "penguins", "-o", "mode=free", "--seed", "5", "--lang", "zh-TW"]
    argv += ["--bots", "heuristic"]
    out, record = play(argv, tmp_path, monkeypatch, capsys)
    assert record.result is not None
    humans = {a["type"] for s, a in record.actions if s == 0}
    assert humans, "the person made no decision"
    assert any("\u4e00" <= ch <= "\u9fff" for ch in out)  # the board is drawn in Chinese
    replay(record, verify=True)
