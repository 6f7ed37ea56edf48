"""``meeple arena`` and ``meeple balance`` say what they do and where they write, keep
one folder per run, git-ignored, and answer bad numbers in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meeple.arena.session import default_out
from meeple.arena.tournament import Tournament
from meeple.cli import main
from meeple.core.registry import make_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("command", "folder"), [("arena", "arena-out"), ("balance", "balance-out")]
)
def test_help_says_what_it_does_and_where_it_writes(command: str, folder: str, capsys: Any) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("games.jsonl", "report.html", "report.json", f"{folder}/GAME-Np-ID", "resumes"):
        assert words in text, words
    assert ("tournament" if command == "arena" else "fair to every seat") in text


def test_default_folders_are_one_per_run_and_git_ignored() -> None:
    game = make_game("tictactoe")
    a = default_out(Tournament(game, ["random", "greedy"], 2, seed=1))
    b = default_out(Tournament(game, ["random", "greedy"], 2, seed=2))
    c = default_out(Tournament(game, ["random"], 2, seed=1), "balance")
    assert a != b and a.parent == b.parent == Path("arena-out") and c.parent == Path("balance-out")
    ignored = {line.strip() for line in (ROOT / ".gitignore").read_text().splitlines()}
    assert {"/arena-out/", "/balance-out/"} <= ignored


def test_a_folder_holding_other_files_is_refused_and_left_alone(
    tmp_path: Path, capsys: Any
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code = main(["balance", "tictactoe", "-n", "2", "--out", str(tmp_path), "--no-progress"])
    assert code == 2
    assert "already holds other files" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_folder_of_another_run_is_refused(tmp_path: Path, capsys: Any) -> None:
    argv = ["arena", "tictactoe", "--bots", "random,greedy", "-n", "1", "--no-progress"]
    assert main([*argv, "--out", str(tmp_path), "--seed", "1"]) == 0
    before = (tmp_path / "games.jsonl").read_text()
    assert main([*argv, "--out", str(tmp_path), "--seed", "2"]) == 2
    assert "holds a different tournament" in capsys.readouterr().err
    assert (tmp_path / "games.jsonl").read_text() == before


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["balance", "tictactoe", "-n", "many"], "argument -n/--games: expects a whole number, got 'many'"),
        (["arena", "tictactoe", "--bots", "random", "--players", "two"], "expects a whole number, got 'two'"),
        (["play", "tictactoe", "--seed", "1.5"], "argument --seed: expects a whole number, got '1.5'"),
        (["play", "penguins", "-o", "scene=first"], "option 'scene' expects a whole number, got 'first'"),
        (["play", "penguins", "-o", "star_rule=maybe"], "option 'star_rule' expects yes or no"),
        (["play", "tictactoe", "--bots", "mcts:iters=lots"], "expects a whole number, got 'lots'"),
    ],
)  # fmt: skip
def test_option_errors_read_naturally(argv: list[str], message: str, capsys: Any) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and message in err, err
    assert "invalid int" not in err and "a int" not in err
