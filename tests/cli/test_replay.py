"""``meeple replay``: stepping, --verify, and clear errors (exit 2) for corrupted files."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from meeple.core.match import Match
from meeple.core.registry import make_game
from tests.cli.conftest import EVERY_CELL, Runner
from tests.toy import ToyDice, registered


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A finished tic-tac-toe match (X wins on the diagonal) saved as a record."""
    game = make_game("tictactoe")
    match = Match(game, seed=5)
    for cell in (0, 1, 4, 2, 8):
        match.play(game.parse_action(f"place {cell}"))
    path = tmp_path / "match.json"
    match.record({"note": "test"}).save(path)
    return path


def test_verify_good_record(cli: Runner, record_file: Path) -> None:
    r = cli(["replay", str(record_file), "--verify"])
    assert r.code == 0
    assert "verified: replaying 5 actions reproduces the recorded result" in r.out
    assert "scores: 1, 0" in r.out and "ranks: 1, 2" in r.out


def test_all_prints_every_step(cli: Runner, record_file: Path) -> None:
    r = cli(["replay", str(record_file), "--all"])
    assert r.code == 0
    assert "Tic-tac-toe: 2 players, seed 5, 5 actions" in r.out
    for i, cell in enumerate((0, 1, 4, 2, 8), 1):
        row, col = divmod(cell, 3)
        assert f"[{i}/5] player {(i - 1) % 2 + 1} -> Mark row {row + 1}, column {col + 1}" in r.out
    assert " X | O | O \n---+---+---\n 4 | X | 6 \n---+---+---\n 7 | 8 | X \nX wins" in r.out
    assert r.out.rstrip().endswith("end of record")


def test_interactive_stepping_stops_on_q(cli: Runner, record_file: Path) -> None:
    r = cli(["replay", str(record_file)], stdin="\n\nq\n")
    assert "[2/5]" in r.out and "[3/5]" not in r.out
    assert "stopped after 2 of 5 actions" in r.out


def test_stepping_runs_on_when_input_ends(cli: Runner, record_file: Path) -> None:
    r = cli(["replay", str(record_file)], stdin="\n")
    assert "[5/5]" in r.out and "end of record" in r.out


def test_zh_tw(cli: Runner, record_file: Path) -> None:
    r = cli(["replay", str(record_file), "--verify", "--lang", "zh-TW"])
    assert "驗證成功" in r.out and "名次：1, 2" in r.out


def test_saved_play_session_replays(cli: Runner, tmp_path: Path) -> None:
    cli(["play", "tictactoe", "--seed", "3", "--save", str(tmp_path)], stdin=EVERY_CELL)
    (path,) = tmp_path.glob("*.json")
    assert cli(["replay", str(path), "--verify"]).code == 0


def test_hidden_information_replays_as_a_spectator_or_a_seat(cli: Runner, tmp_path: Path) -> None:
    with registered(ToyDice):
        cli(
            [
                "simulate",
                "toydice",
                "--players",
                "2",
                "-n",
                "1",
                "--bots",
                "random",
                "--save",
                str(tmp_path),
                "--no-progress",
            ]
        )
        (path,) = tmp_path.glob("*.json")
        spectator = cli(["replay", str(path), "--all"])
        seat0 = cli(["replay", str(path), "--all", "--seat", "0"])
    assert "chance -> roll ?" in spectator.out and "chance -> roll 1" not in spectator.out
    assert "chance -> roll ?" in seat0.out  # seat 1's rolls
    assert any(f"chance -> roll {v}" in seat0.out for v in (1, 2, 3))  # seat 0's own rolls


def corruptions(data: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """(name, corrupted JSON value, expected message fragment)."""
    out: list[tuple[str, Any, str]] = []

    def variant(name: str, change: Any, message: str) -> None:
        d = copy.deepcopy(data)
        change(d)
        out.append((name, d, message))

    variant("wrong format", lambda d: d.update(format="other/9"), "not a meeple match record")
    variant("no actions", lambda d: d.pop("actions"), "corrupted match record")
    variant("actions not a list", lambda d: d.update(actions=5), "corrupted match record")
    variant("unknown game", lambda d: d.update(game="chess"), "unknown game 'chess'")
    variant("bad players", lambda d: d.update(players=7), "not 7")
    variant("seed not int", lambda d: d.update(seed="x"), "must be integers")
    variant("bad option", lambda d: d.update(options={"size": 4}), "unknown option")
    variant("action type", lambda d: d["actions"][1]["action"].update(type="jump"), "action 2")
    variant("illegal action", lambda d: d["actions"][2]["action"].update(cell=0), "action 3")
    variant("bad cell type", lambda d: d["actions"][0]["action"].update(cell="zero"), "action 1")
    variant("wrong seat", lambda d: d["actions"][0].update(seat=1), "action 1")
    variant(
        "tampered result", lambda d: d["result"].update(scores=[0.0, 1.0]), "differs from replayed"
    )
    variant("truncated", lambda d: d.update(actions=d["actions"][:3]), "do not finish")
    variant("no result", lambda d: d.update(result=None), "no result to verify")
    return out


def test_corrupted_records_give_a_clear_error(
    cli: Runner, record_file: Path, tmp_path: Path
) -> None:
    data = json.loads(record_file.read_text())
    bad = tmp_path / "bad.json"
    for name, corrupted, message in corruptions(data):
        bad.write_text(json.dumps(corrupted))
        r = cli(["replay", str(bad), "--verify"])
        assert r.code == 2, name
        assert r.err.startswith("meeple: error: ") and message in r.err, (name, r.err)
        assert "Traceback" not in r.err and len(r.err.strip().splitlines()) == 1


def test_stepping_a_corrupted_record_stops_with_an_error(
    cli: Runner, record_file: Path, tmp_path: Path
) -> None:
    data = json.loads(record_file.read_text())
    data["actions"][3]["action"]["cell"] = 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    r = cli(["replay", str(bad), "--all"])
    assert r.code == 2 and "action 4" in r.err and "[3/5]" in r.out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "not a meeple match record"),
        ("", "is not valid JSON"),
    ],
)
def test_unreadable_files(cli: Runner, tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    r = cli(["replay", str(bad)])
    assert r.code == 2 and message in r.err


def test_unfinished_play_session_verifies_its_actions(cli: Runner, tmp_path: Path) -> None:
    cli(["play", "tictactoe", "--seed", "3", "--save", str(tmp_path)], stdin="5\n3\nquit\n")
    (path,) = tmp_path.glob("*.json")
    r = cli(["replay", str(path), "--verify"])
    assert r.code == 0 and "verified: all 4 actions replay; the game was left unfinished" in r.out
    data = json.loads(path.read_text())
    data["actions"][2]["action"]["cell"] = data["actions"][1]["action"]["cell"]  # occupied cell
    path.write_text(json.dumps(data))
    bad = cli(["replay", str(path), "--verify"])
    assert bad.code == 2 and "action 3" in bad.err


def test_missing_file(cli: Runner, tmp_path: Path) -> None:
    r = cli(["replay", str(tmp_path / "nope.json"), "--verify"])
    assert r.code == 2 and "cannot read" in r.err and "No such file" in r.err


def test_a_replay_ends_with_why_and_the_seats_by_rank(cli: Runner, record_file: Path) -> None:
    """Not bare lists of numbers ("ranks: 1, 2"): the end sentence, then each seat by name."""
    r = cli(["replay", str(record_file), "--all"])
    tail = r.out.split("X wins", 1)[1]
    assert "X made three in a row, from row 1, column 1 to row 3, column 3." in tail
    assert "  rank 1  player 1                 score 1" in tail
    assert "  rank 2  player 2                 score 0" in tail
    assert "ranks:" not in tail and "scores:" not in tail
    r = cli(["replay", str(record_file), "--all", "--lang", "zh-TW"])
    assert "  第 1 名  玩家 1                   分數 1" in r.out and "名次：" not in r.out


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Mode: Slo-Mode: in turns, no timer"), ("zh-TW", "模式：慢速模式")]
)
def test_a_replay_names_its_options_as_the_lobby_does(
    cli: Runner, tmp_path: Path, lang: str, words: str
) -> None:
    """Options are named in people's words, never as stored values ("slo" is internal)."""
    game = make_game("fittoprint", players=2, mode="slo")
    path = tmp_path / "ftp.json"
    Match(game, seed=1).record({}).save(path)
    r = cli(["replay", str(path), "--lang", lang])
    assert r.code == 0, r.err
    assert words in r.out
    assert '"slo"' not in r.out and "{" not in r.out.splitlines()[1]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Course: the course for this many sleds; Races in the season: 2"),
        ("zh-TW", "賽道：依雪橇數選用的賽道；賽季場數：2"),
    ],
)
def test_a_snow_tails_replay_names_its_course_and_races(
    cli: Runner, tmp_path: Path, lang: str, words: str
) -> None:
    """Snow Tails named no option once, so a replay read "course: auto; races: 2"."""
    game = make_game("snowtails", players=3, races=2)
    path = tmp_path / "snow.json"
    Match(game, seed=1).record({}).save(path)
    r = cli(["replay", str(path), "--lang", lang], stdin="q\n")
    assert r.code == 0, r.err
    assert r.out.splitlines()[1] == (f"Options: {words}" if lang == "en" else f"選項：{words}")


def _lost_solo_record(tmp_path: Path, stored_winners: list[int]) -> Path:
    """A Fit To Print puzzle played alone and lost (38 actions), its result stored with
    ``stored_winners``: ``[0]`` is what a record saved before 2026-12-01 holds (a solo
    seat ranked 1 was read as the winner), ``[]`` what it holds today."""
    game = make_game("fittoprint", players=1, mode="puzzle")
    match = Match(game, seed=1)
    rng = random.Random(1)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions(0)), 0)
    assert match.state.winners() == [] and match.state.returns() == [-1.0]
    record = match.record({})
    assert record.result is not None
    record.result["winners"] = stored_winners
    path = tmp_path / "solo.json"
    record.save(path)
    return path


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The record names player 1 the winner because it was saved before a lost solo"),
        ("zh-TW", "紀錄把玩家 1 列為勝者，因為它存檔時，輸掉的單人遊戲仍會列出勝者"),
    ],
)
def test_a_lost_solo_record_saved_under_the_old_reading_verifies_and_says_why(
    cli: Runner, tmp_path: Path, lang: str, words: str
) -> None:
    """Its actions and its scores and ranks are the game's; only the stored winner is the
    old reading of a solo loss, so --verify passes and explains it (it once said the
    record was corrupted, exit 2)."""
    path = _lost_solo_record(tmp_path, stored_winners=[0])
    r = cli(["replay", str(path), "--verify", "--lang", lang])
    assert r.code == 0, r.err
    assert words in r.out
    today = cli(["replay", str(_lost_solo_record(tmp_path, stored_winners=[])), "--verify"])
    assert today.code == 0 and "reproduces the recorded result" in today.out
    assert "winner" not in today.out


def test_only_the_old_solo_winner_is_forgiven(cli: Runner, tmp_path: Path) -> None:
    """A stored score that differs too, or winners the old reading could never have
    stored, is still a result that differs: exit 2."""
    path = _lost_solo_record(tmp_path, stored_winners=[0])
    data = json.loads(path.read_text())
    data["result"]["scores"] = [5.0]
    path.write_text(json.dumps(data))
    r = cli(["replay", str(path), "--verify"])
    assert r.code == 2 and "differs from replayed" in r.err
    data["result"].update(scores=[0.0], winners=[0, 1])
    path.write_text(json.dumps(data))
    assert cli(["replay", str(path), "--verify"]).code == 2


def test_a_two_player_record_naming_a_winner_the_game_did_not_is_refused(
    cli: Runner, record_file: Path
) -> None:
    data = json.loads(record_file.read_text())
    data["result"]["winners"] = [0, 1]
    record_file.write_text(json.dumps(data))
    r = cli(["replay", str(record_file), "--verify"])
    assert r.code == 2 and "differs from replayed" in r.err


def test_meeple_games_lists_options_and_sets_in_the_games_words(cli: Runner) -> None:
    """`meeple games` names a game's sets as the lobby does, and `--json` carries every
    option's words in both languages (the game's vocabulary, its text.py)."""
    r = cli(["games"])
    assert r.code == 0, r.err
    assert "sets: characters (Characters (advanced)), breaking_news (Breaking news" in r.out
    listed = {g["name"]: g for g in json.loads(cli(["games", "--json"]).out)}
    mode = next(o for o in listed["fittoprint"]["options"] if o["name"] == "mode")
    assert mode["words"]["choices"]["slo"] == {
        "en": "Slo-Mode: in turns, no timer",
        "zh-TW": "慢速模式：輪流進行，不計時",
    }
    course = next(o for o in listed["snowtails"]["options"] if o["name"] == "course")
    assert course["words"]["name"] == {"en": "Course", "zh-TW": "賽道"}
    assert listed["fittoprint"]["content"][2]["words"]["zh-TW"] == "新聞快報（進階）"
