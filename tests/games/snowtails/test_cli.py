"""Snow Tails in the terminal: a person plays every decision of a whole race with bots."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.core import MatchRecord, replay


def run(
    argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert main(argv) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("players", "options", "lang", "expect"),
    [
        (5, [], "en", "Grand Tour"),
        (
            5,
            ["-o", "course=START:b,S1:b,C3:b,S4:b,S7:b,U2:a,S2:a,C1:a,S3:a,FINISH:a"],
            "zh-TW",
            "自訂賽道",
        ),
    ],
)
def test_a_whole_race_is_playable_from_the_terminal(
    players: int,
    options: list[str],
    lang: str,
    expect: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "snowtails", "--players", str(players), *options, "--seed", "3"]
    argv += ["--lang", lang, "--bots", "heuristic,random", "--save", str(tmp_path)]
    out = run(argv, "1\n" * 600, monkeypatch, capsys)
    assert expect in out
    assert ("Your hand" in out) if lang == "en" else ("你的手牌" in out)
    record = MatchRecord.load(next(tmp_path.glob("*.json")))
    assert record.result is not None
    human = [a for s, a in record.actions if s == 0]
    assert {a["type"] for a in human} >= {"lane", "play"}
    replay(record, verify=True)


def test_a_bad_course_is_refused_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(["play", "snowtails", "-o", "course=START:b,S1:a,C1:a,FINISH:a"])
    assert code == 2
    assert "lane 1 must be on the inside of the first corner" in capsys.readouterr().err
