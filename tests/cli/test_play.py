"""``meeple play``: piped sessions against bots, bad input, undo, help, languages."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from meeple.core.match import MatchRecord, replay
from tests.cli.conftest import EVERY_CELL, Runner
from tests.toy import ToyDice, registered


def saved_record(folder: Path) -> MatchRecord:
    files = sorted(folder.glob("*.json"))
    assert len(files) == 1, files
    return MatchRecord.load(files[0])


def human_actions(record: MatchRecord, seat: int = 0) -> list[dict]:
    return [a for s, a in record.actions if s == seat]


def test_whole_game_of_tictactoe_piped(cli: Runner, tmp_path: Path) -> None:
    r = cli(
        ["play", "tictactoe", "--bots", "random", "--seed", "5", "--save", str(tmp_path)],
        stdin=EVERY_CELL,
    )
    assert r.code == 0
    assert "Your turn (player 1). Legal actions:" in r.out
    assert "  1. Mark row 1, column 1" in r.out
    assert "player 2 (random) -> Mark row " in r.out
    assert "Game over." in r.out and "Final results:" in r.out
    assert "rank 1" in r.out
    record = saved_record(tmp_path)
    assert record.result is not None
    assert record.meta["human_seat"] == 0 and record.meta["bots"] == {"1": "random"}
    # typing 1, 2, ... 9 marks each cell still free in turn: increasing cells
    cells = [a["cell"] for a in human_actions(record)]
    assert cells == sorted(cells) and cells[0] == 0
    replay(record, verify=True)


def test_garbled_and_out_of_range_entries_change_nothing(cli: Runner, tmp_path: Path) -> None:
    r = cli(
        ["play", "tictactoe", "--bots", "random", "--seed", "1", "--save", str(tmp_path)],
        stdin="foo bar\n0\n10\n-3\n\nplace 9\nquit\n",
    )
    assert r.code == 0
    assert "'foo bar' is neither a number nor an action" in r.out
    assert "There is no action 0: choose between 1 and 9." in r.out
    assert "There is no action 10: choose between 1 and 9." in r.out
    assert "There is no action -3" in r.out
    assert "Please type the number of an action" in r.out
    assert "'place 9' is neither a number nor an action" in r.out  # cells are 0-8
    assert "You left the game" in r.out
    assert saved_record(tmp_path).actions == []


def test_illegal_action_is_refused_and_state_kept(cli: Runner, tmp_path: Path) -> None:
    r = cli(
        ["play", "tictactoe", "--bots", "random", "--seed", "2", "--save", str(tmp_path)],
        stdin="place 4\nplace 4\nquit\n",
    )
    assert "'place 4' is not legal now" in r.out
    record = saved_record(tmp_path)
    assert next(a for _, a in record.actions) == {"type": "place", "cell": 4}
    assert len(record.actions) == 2  # ours and the bot's reply, nothing from the refused entry


def test_action_text_is_case_and_space_insensitive(cli: Runner, tmp_path: Path) -> None:
    cli(
        ["play", "tictactoe", "--bots", "random", "--seed", "2", "--save", str(tmp_path)],
        stdin="  PLACE   8 \nquit\n",
    )
    assert human_actions(saved_record(tmp_path)) == [{"type": "place", "cell": 8}]


def test_help_and_board_commands(cli: Runner) -> None:
    r = cli(["play", "tictactoe", "--seed", "1"], stdin="help\nboard\nquit\n")
    assert "Commands:" in r.out and "undo" in r.out and "quit" in r.out
    assert r.out.count("Your turn (player 1)") == 2  # 'board' drew the board and actions again


def test_undo_is_refused_once_the_bot_moved(cli: Runner) -> None:
    r = cli(["play", "tictactoe", "--bots", "random", "--seed", "1"], stdin="undo\n5\nundo\nquit\n")
    assert r.out.count("Nothing of yours to undo in this turn.") == 2


def test_default_opponent_is_the_heuristic_bot_else_greedy(cli: Runner) -> None:
    r = cli(["play", "tictactoe", "--seed", "1"], stdin="quit\n")
    assert "opponents: player 2 (heuristic)" in r.out
    with registered(ToyDice):  # toy dice declares no heuristic bot
        r = cli(["play", "toydice", "--seed", "1"], stdin="quit\n")
    assert "opponents: player 2 (greedy)" in r.out


def test_human_in_second_seat_waits_for_the_bot(cli: Runner, tmp_path: Path) -> None:
    r = cli(
        [
            "play",
            "tictactoe",
            "--seat",
            "1",
            "--bots",
            "greedy",
            "--seed",
            "3",
            "--save",
            str(tmp_path),
        ],
        stdin=EVERY_CELL,
    )
    assert r.code == 0
    record = saved_record(tmp_path)
    assert record.actions[0][0] == 0  # the bot opened
    assert r.out.index("player 1 (greedy) -> Mark") < r.out.index("Your turn (player 2)")


def test_end_of_input_stops_cleanly(cli: Runner) -> None:
    r = cli(["play", "tictactoe", "--seed", "1"], stdin="")
    assert r.code == 0
    assert "Input ended; the game was not finished." in r.out


def test_traditional_chinese(cli: Runner) -> None:
    r = cli(
        ["play", "tictactoe", "--seed", "1", "--lang", "zh-TW"], stdin="xyz\nhelp\n" + EVERY_CELL
    )
    assert "井字棋：你是玩家 1。" in r.out
    assert "輪到你（玩家 1）。合法行動：" in r.out
    assert "'xyz' 既不是編號也不是行動" in r.out
    assert "指令：" in r.out
    assert "遊戲結束。" in r.out


def test_the_commands_have_chinese_words_and_the_english_ones_still_work(cli: Runner) -> None:
    """A player in Chinese types 說明, 盤面, 收回, 離開 (the prompt names 說明, not help)."""
    r = cli(
        ["play", "tictactoe", "--bots", "random", "--seed", "1", "--lang", "zh-TW"],
        stdin="說明\n盤面\n收回\n5\nundo\n離開\n",
    )
    assert r.code == 0
    assert "你的選擇 [1-9，說明]：" in r.out and "help]" not in r.out
    assert "指令：" in r.out and "說明 help" in r.out
    assert r.out.count("輪到你（玩家 1）。合法行動：") >= 3  # the start, 盤面, after the bot
    # 收回 before any move, undo after the bot's: nothing of yours to take back either time
    assert r.out.count("本回合沒有你可以收回的行動。") == 2
    assert r.out.rstrip().endswith("你離開了遊戲；這局尚未結束。")


def test_back_in_chinese_returns_from_a_group_to_the_whole_list(cli: Runner) -> None:
    """Fit To Print's layout groups its placements; 返回 leaves a group as back does."""
    session = "draw 2x2\nkeep\nlayout\n1\n返回\n離開\n"
    r = cli(
        ["play", "fittoprint", "-o", "mode=slo", "--seed", "4", "--lang", "zh-TW"], stdin=session
    )
    assert r.code == 0
    opened = r.out.index("你的選擇 [", r.out.index("輸入「返回」回到完整清單"))
    after = r.out[opened:]
    assert after.startswith("你的選擇 [") and "，返回，說明]：返回" in after
    assert "輪到你" in after.split("，返回，說明]：返回", 1)[1]  # the whole list again


def test_no_action_of_any_game_is_named_by_a_command_word() -> None:
    """Commands are read before actions: an action whose whole label (either language)
    or text form were 離開 or back could never be typed."""
    from meeple.cli.i18n import command_of
    from meeple.cli.render import TextRenderer
    from meeple.core.registry import game_names, make_game

    for name in game_names():
        game = make_game(name)
        faces = [TextRenderer(game, lang) for lang in ("en", "zh-TW")]
        for action in game.action_space.actions:
            texts = [str(action), *(face.label(action) for face in faces)]
            assert not [t for t in texts if command_of(t)], (name, texts)


def test_bad_arguments_exit_2_with_a_message(cli: Runner) -> None:
    for argv, message in [
        (["play", "tictactoe", "--lang", "fr"], "unknown language 'fr'"),
        (["play", "tictactoe", "--seat", "2"], "--seat must be between 0 and 1"),
        (["play", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["play", "tictactoe", "--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["play", "tictactoe", "--players", "3"], "tictactoe is for 2 players, not 3"),
        (["play", "tictactoe", "-o", "size=4"], "unknown option(s) ['size']"),
        (["play", "tictactoe", "-o", "size"], "options are written KEY=VALUE"),
        (["play", "tictactoe", "--bots", "random,greedy"], "2 bots given for 1 other seat(s)"),
    ]:
        r = cli(argv, stdin="quit\n")
        assert r.code == 2, argv
        assert message in r.err, (argv, r.err)
        assert "Traceback" not in r.err


def test_chance_is_shown_secrets_are_not_and_undo_works_within_a_turn(
    cli: Runner, tmp_path: Path
) -> None:
    with registered(ToyDice):
        r = cli(
            ["play", "toydice", "--bots", "random", "--seed", "4", "--save", str(tmp_path)],
            # play 2, undo it before choosing (the choice is in the same turn), play the
            # die; later play 2 and choose its first option, then the first of the rest
            stdin="2\nundo\n4\n2\n1\n" + "1\n" * 8,
        )
        record = saved_record(tmp_path)
    assert r.code == 0
    assert "Undone: play 2" in r.out
    assert "chance: roll 1" in r.out  # our own roll is shown
    assert "chance: roll ?" in r.out  # the bot's roll is not
    ours = human_actions(record)
    assert ours[:3] == [
        {"type": "play", "card": 4},
        {"type": "play", "card": 2},
        {"type": "option", "n": 0},
    ]
    bot_rolls = [
        a["n"]
        for i, (s, a) in enumerate(record.actions)
        if s is None and tuple(record.actions[i - 1]) == (1, {"type": "play", "card": 4})
    ]
    during_play = r.out[: r.out.rindex("Your choice")]  # the final board shows everything
    bot_roll_rows = [ln for ln in during_play.splitlines() if ln.startswith("  1: ")]
    assert bot_roll_rows
    for line in bot_roll_rows:
        assert set(line[5:].replace(", ", "")) <= {"?", "-"}, line  # the bot's rolls stay hidden
    assert bot_rolls and record.result is not None


def test_undo_cannot_cross_a_chance_outcome(cli: Runner) -> None:
    with registered(ToyDice):  # alone at the table: the turn comes back after the roll
        r = cli(["play", "toydice", "--players", "1", "--seed", "4"], stdin="4\nundo\nquit\n")
    assert "chance showed something (roll 1),\n  so your action cannot be taken back." in r.out
    assert "Undone" not in r.out


def test_real_pipe_without_a_terminal(tmp_path: Path) -> None:
    """The installed entry point reads a non-TTY stdin line by line."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "meeple",
            "play",
            "tictactoe",
            "--bots",
            "random",
            "--seed",
            "9",
            "--save",
            str(tmp_path),
        ],
        input=EVERY_CELL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Game over." in proc.stdout
    data = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert data["format"] == "meeple-match/1" and data["result"] is not None


class InterruptAfter(io.StringIO):
    """Standard input whose reader presses Ctrl-C once the given lines are used up."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_still_saves_the_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from meeple.cli import main

    monkeypatch.setattr(sys, "stdin", InterruptAfter("5\n"))
    code = main(["play", "tictactoe", "--bots", "random", "--seed", "1", "--save", str(tmp_path)])
    assert code == 130
    assert "You left the game" in capsys.readouterr().out
    record = saved_record(tmp_path)
    assert record.meta["finished"] is False and len(record.actions) == 2


def test_real_terminal_session(tmp_path: Path) -> None:
    """At a pseudo-terminal (input() with line editing) the same session works."""
    import os
    import pty
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the installed command, at a terminal
        os.execv(
            sys.executable,
            [
                sys.executable,
                "-m",
                "meeple",
                "play",
                "tictactoe",
                "--seed",
                "1",
                "--bots",
                "random",
                "--save",
                str(tmp_path),
            ],
        )
    out = b""

    def read_until(marker: bytes, count: int = 1) -> None:
        nonlocal out
        deadline = time.time() + 30
        while out.count(marker) < count and time.time() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    return

    read_until(b"Your choice")
    os.write(fd, b"foo\n")
    read_until(b"Your choice", 2)
    os.write(fd, b"5\n")
    read_until(b"Your choice", 3)
    os.write(fd, b"quit\n")
    read_until(b"match saved")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode()
    assert os.WEXITSTATUS(status) == 0, text
    assert "'foo' is neither a number nor an action" in text
    assert "You left the game" in text
    assert human_actions(saved_record(tmp_path)) == [{"type": "place", "cell": 4}]


@pytest.mark.parametrize("players", [2, 4])
def test_a_viscounts_game_with_bots_plays_to_the_end_in_the_terminal(
    cli: Runner, players: int
) -> None:
    """The issue's "done when" for the terminal: a person (typing the first choice each
    time) and heuristic bots play a whole 2- and 4-player game; the end is said and
    every seat is ranked."""
    r = cli(["play", "viscounts", "--players", str(players), "--seed", "3"], stdin="1\n" * 5000)
    assert r.code == 0 and "Game over." in r.out, r.err
    assert re.search(r"(Poverty|Prosperity) was uncovered|were both uncovered|round cap", r.out)
    ranks = re.findall(r"^  rank \d  player \d \((you|heuristic)\)", r.out, re.M)
    assert len(ranks) == players and ranks.count("you") == 1, ranks
    assert "You finished rank " in r.out and f" of {players}." in r.out


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard", "expert"])
def test_a_solo_game_says_won_or_lost_from_its_result_and_why_it_ended(
    cli: Runner, difficulty: str
) -> None:
    """A lone seat always ranks first; the terminal reads the game's own result (Viscounts'
    AI opponent: you must outscore it) and prints the end sentence with both scores. A
    whole game is played from the terminal at each of the AI's four difficulties."""
    r = cli(
        ["play", "viscounts", "--players", "1", "-o", f"difficulty={difficulty}", "--seed", "3"],
        stdin="1\n" * 3000,
    )
    assert r.code == 0 and "Game over." in r.out
    assert f"The AI opponent, the Abbess (manuscripts), {difficulty}:" in r.out
    assert "against the AI's" in r.out
    assert r.out.rstrip().endswith("You lost.")  # typing 1 always: no primary action, no hire


def test_a_solo_game_names_no_empty_list_of_opponents(cli: Runner) -> None:
    """The welcome names the bots at the table; a solo game has none, so no bare
    "opponents:" line (a game's own AI is drawn on its board)."""
    r = cli(["play", "viscounts", "--players", "1", "--seed", "4"], stdin="quit\n")
    assert "opponents:" not in r.out and "AI opponent" in r.out, r.out[:400]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_viscounts_game_with_gates_of_gold_plays_to_the_end_in_the_terminal(
    cli: Runner, lang: str
) -> None:
    """Gates of Gold (issue 36) in the terminal: a person (typing the first choice each
    time) and a heuristic bot play a whole game with the expansion; its supplies and
    displays are on the screen, in the player's language."""
    args = ["play", "viscounts", "--players", "2", "-o", "gates_of_gold=true", "--seed", "5"]
    if lang != "en":
        args += ["--lang", lang]
    r = cli(args, stdin="1\n" * 5000)
    assert r.code == 0, r.err
    if lang == "en":
        assert "Game over." in r.out
        assert "King's Orders left:" in r.out and "Outsiders face up:" in r.out
        assert "Builder bonus cards:" in r.out and "Castle leader card:" in r.out
    else:
        assert "遊戲結束。" in r.out and "你在 2 人中排名" in r.out
        assert "國王命令剩" in r.out and "正面朝上的外來者：" in r.out
        assert "建造獎勵卡：" in r.out and "城堡領袖卡：" in r.out


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_viscounts_game_with_both_expansions_plays_to_the_end_in_the_terminal(
    cli: Runner, lang: str
) -> None:
    """Keeper of Keys with Gates of Gold (issue 36) in the terminal: a person (typing the
    first choice each time) and a heuristic bot play a whole game; the hero and chest
    displays, the public buildings and the chest slots are on the screen, in words."""
    args = ["play", "viscounts", "--players", "2", "--seed", "5"]
    args += ["-o", "gates_of_gold=true", "-o", "keeper_of_keys=true"]
    if lang != "en":
        args += ["--lang", lang]
    r = cli(args, stdin="1\n" * 6000)
    assert r.code == 0, r.err
    if lang == "en":
        assert "Game over." in r.out and "King's Orders left:" in r.out
        assert "Heroes face up:" in r.out and "Chest tiles face up:" in r.out
        assert "Public buildings:" in r.out and "Chest slots:" in r.out
    else:
        assert "遊戲結束。" in r.out and "國王命令剩" in r.out
        assert "正面朝上的英雄：" in r.out and "正面朝上的寶箱板塊：" in r.out
        assert "公共建築：" in r.out and "寶箱欄位：" in r.out


@pytest.mark.parametrize(
    ("players", "sets", "lang"),
    [
        (2, ["keeper_of_keys"], "en"),
        (1, ["gates_of_gold", "keeper_of_keys"], "en"),
        (1, ["gates_of_gold", "keeper_of_keys"], "zh-TW"),
    ],
)
def test_keeper_of_keys_alone_and_solo_with_both_expansions_play_to_the_end_in_the_terminal(
    cli: Runner, players: int, sets: list[str], lang: str
) -> None:
    """The rest of issue 36's "done when" in the terminal: Keeper of Keys without Gates of
    Gold, and a solo game against the AI with both expansions, each played to its end by
    a person typing the first choice each time; the solo end names both scores."""
    args = ["play", "viscounts", "--players", str(players), "--seed", "7", "--lang", lang]
    for name in sets:
        args += ["-o", f"{name}=true"]
    r = cli(args, stdin="1\n" * 6000)
    assert r.code == 0, r.err
    over = "Game over." if lang == "en" else "遊戲結束。"
    assert over in r.out, r.out[-600:]
    assert ("Chest slots:" if lang == "en" else "寶箱欄位：") in r.out
    if "gates_of_gold" not in sets:
        assert "King's Orders left:" not in r.out
    if players == 1:
        assert ("AI opponent" if lang == "en" else "AI 對手") in r.out
