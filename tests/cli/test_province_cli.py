"""The commands on Province, the main job: a whole piped game, bad input, undo, both languages."""

from __future__ import annotations

import json
from pathlib import Path

from meeple.core.match import MatchRecord, replay
from tests.cli.conftest import Runner


def only_record(folder: Path) -> MatchRecord:
    (path,) = folder.glob("*.json")
    return MatchRecord.load(path)


def test_whole_game_against_the_default_heuristic_bot(cli: Runner, tmp_path: Path) -> None:
    r = cli(["play", "province", "--seed", "1", "--save", str(tmp_path)], stdin="1\n" * 400)
    assert r.code == 0
    assert "opponents: player 2 (heuristic)" in r.out
    assert "chance: " in r.out  # set-up draws are resolved and shown
    assert "player 2 (heuristic) -> " in r.out
    assert "Game over." in r.out and "Final results:" in r.out
    record = only_record(tmp_path)
    assert record.meta["bots"] == {"1": "heuristic"} and record.result is not None
    final = replay(record, verify=True).state
    # the game's own terminal text module drew the board (here: the final one)
    from meeple.cli.render import fit
    from meeple.games.province import text

    assert fit(text.render(final.view(0), 0, "en")) in r.out  # broken to 80 columns


def test_bad_entries_change_nothing_and_undo_works(cli: Runner, tmp_path: Path) -> None:
    # first learn the position at the first prompt, from a session that quits at once
    cli(["play", "province", "--seed", "3", "--save", str(tmp_path / "a")], stdin="quit\n")
    state = replay(only_record(tmp_path / "a")).state
    legal = state.legal_actions(0)
    illegal = next(a for a in state.game.action_space.actions if a not in legal)

    r = cli(
        ["play", "province", "--seed", "3", "--save", str(tmp_path / "b")],
        stdin=f"what?\n99\n{illegal}\nhelp\n1\nundo\nquit\n",
    )
    assert "'what?' is neither a number nor an action" in r.out
    assert f"There is no action 99: choose between 1 and {len(legal)}." in r.out
    assert f"'{illegal}' is not legal now" in r.out
    assert "Commands:" in r.out
    assert "Undone: " in r.out
    after = only_record(tmp_path / "b")
    before = only_record(tmp_path / "a")
    assert after.actions == before.actions  # refused entries and the undone action left no trace


def test_traditional_chinese_board(cli: Runner, tmp_path: Path) -> None:
    r = cli(
        ["play", "province", "--seed", "2", "--lang", "zh-TW", "--save", str(tmp_path)],
        stdin="1\n" * 400,
    )
    assert r.code == 0
    assert "你是玩家 1。" in r.out and "遊戲結束。" in r.out
    from meeple.games.province import text

    final = replay(only_record(tmp_path)).state
    assert text.render(final.view(0), 0, "zh-TW") in r.out


def test_simulate_and_replay_province(cli: Runner, tmp_path: Path) -> None:
    r = cli(
        [
            "simulate",
            "province",
            "-n",
            "6",
            "--bots",
            "heuristic,random",
            "--seed",
            "7",
            "--json",
            "--no-progress",
            "--save",
            str(tmp_path),
        ]
    )
    s = json.loads(r.out.strip().splitlines()[-1])
    assert s["games"] == 6 and s["bots"] == ["heuristic", "random"]
    assert s["win_rate"]["heuristic"] > s["win_rate"]["random"]
    assert s["mean_length"] > 20
    paths = sorted(tmp_path.glob("*.json"))
    assert len(paths) == 6
    v = cli(["replay", str(paths[0]), "--verify", "--all"])
    assert v.code == 0 and "verified" in v.out and "end of record" in v.out
