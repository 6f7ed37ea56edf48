"""``meeple simulate``: JSON keys, seat rotation, determinism, distinct labels, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.cli.simulate_cmd import game_seed, seating
from meeple.core.match import MatchRecord, replay
from tests.cli.conftest import Runner
from tests.toy import ToyDice, registered

REQUIRED = {
    "game", "games", "bots", "win_rate", "win_rate_ci95", "mean_score", "mean_length",
    "games_per_second", "win_rate_by_seat",
}  # fmt: skip


def last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_json_summary_keys_and_consistency(cli: Runner) -> None:
    r = cli(
        ["simulate", "tictactoe", "-n", "40", "--bots", "greedy,random", "--seed", "7", "--json"]
    )
    assert r.code == 0
    s = last_json(r.out)
    assert set(s) >= REQUIRED
    assert s["game"] == "tictactoe" and s["games"] == 40 and s["bots"] == ["greedy", "random"]
    assert (
        set(s["win_rate"])
        == set(s["win_rate_ci95"])
        == set(s["mean_score"])
        == {"greedy", "random"}
    )
    for bot, rate in s["win_rate"].items():
        lo, hi = s["win_rate_ci95"][bot]
        assert 0 <= lo <= rate <= hi <= 1
    # ties are shared wins, so the rates of a two-player game add up to one
    assert sum(s["win_rate"].values()) == pytest.approx(1.0)
    assert sum(s["win_rate_by_seat"].values()) == pytest.approx(1.0)
    assert set(s["win_rate_by_seat"]) == {"0", "1"}
    assert 5 <= s["mean_length"] <= 9
    assert s["games_per_second"] > 0
    assert "win rate by seat" in r.out  # the human-readable table comes first


def test_progress_bar_goes_to_stderr(cli: Runner) -> None:
    r = cli(["simulate", "tictactoe", "-n", "5", "--bots", "random,random", "--json"])
    assert "5/5" in r.err
    json.loads(r.out.strip().splitlines()[-1])
    quiet = cli(["simulate", "tictactoe", "-n", "5", "--bots", "random", "--no-progress"])
    assert quiet.err == ""


def test_same_seed_same_figures(cli: Runner) -> None:
    def figures(seed: str) -> dict:
        s = last_json(
            cli(
                [
                    "simulate",
                    "tictactoe",
                    "-n",
                    "30",
                    "--bots",
                    "random,greedy",
                    "--seed",
                    seed,
                    "--json",
                    "--no-progress",
                ]
            ).out
        )
        return {k: v for k, v in s.items() if k not in ("seconds", "games_per_second")}

    assert figures("11") == figures("11")
    assert figures("11") != figures("12")


def test_same_bot_twice_gets_distinct_labels(cli: Runner) -> None:
    s = last_json(
        cli(
            [
                "simulate",
                "tictactoe",
                "-n",
                "20",
                "--bots",
                "random,random",
                "--json",
                "--no-progress",
            ]
        ).out
    )
    assert s["bots"] == ["random#1", "random#2"]
    assert set(s["win_rate"]) == {"random#1", "random#2"}


def test_seats_rotate_between_games(cli: Runner, tmp_path: Path) -> None:
    r = cli(
        [
            "simulate",
            "tictactoe",
            "-n",
            "4",
            "--bots",
            "greedy,random",
            "--seed",
            "3",
            "--save",
            str(tmp_path),
            "--no-progress",
        ]
    )
    assert r.code == 0 and "4 match records saved" in r.out
    records = [MatchRecord.load(p) for p in sorted(tmp_path.glob("*.json"))]
    assert [rec.meta["bots"]["0"] for rec in records] == ["greedy", "random", "greedy", "random"]
    assert [rec.seed for rec in records] == [game_seed(3, i) for i in range(4)]
    for rec in records:
        replay(rec, verify=True)


def test_seating_gives_every_entry_every_seat() -> None:
    for n in (2, 3, 4):
        firsts = {seating(n, i)[0] for i in range(n)}
        assert firsts == set(range(n))
        for i in range(n):
            assert sorted(seating(n, i)) == list(range(n))


def test_fewer_bots_than_seats_repeat_and_games_with_chance(cli: Runner, tmp_path: Path) -> None:
    with registered(ToyDice):
        s = last_json(
            cli(
                [
                    "simulate",
                    "toydice",
                    "--players",
                    "2",
                    "-n",
                    "12",
                    "--bots",
                    "greedy",
                    "-o",
                    "dice=3",
                    "--save",
                    str(tmp_path),
                    "--json",
                    "--no-progress",
                ]
            ).out
        )
    assert s["bots"] == ["greedy#1", "greedy#2"]
    assert s["options"] == {"dice": 3}
    # the length counts every action, the decisions only the seats' (not chance's rolls)
    records = [MatchRecord.load(p) for p in sorted(tmp_path.glob("*.json"))]
    assert len(records) == 12
    lengths = [len(r.actions) for r in records]
    decisions = [sum(seat is not None for seat, _ in r.actions) for r in records]
    assert s["mean_length"] == pytest.approx(sum(lengths) / 12, abs=1e-6)
    assert s["mean_decisions"] == pytest.approx(sum(decisions) / 12, abs=1e-6)
    assert s["mean_length"] > s["mean_decisions"]  # some rolls were made


def test_errors_exit_2(cli: Runner) -> None:
    for argv, message in [
        (["simulate", "tictactoe", "-n", "3", "--bots", "random,nosuchbot"], "unknown bot"),
        (
            ["simulate", "tictactoe", "-n", "3", "--bots", "random,random,random"],
            "3 bots given for 2 seats",
        ),
        (["simulate", "tictactoe", "-n", "0", "--bots", "random"], "-n must be at least 1"),
        (["simulate", "tictactoe", "--bots", "random", "-o", "x=1"], "unknown option(s)"),
        (["simulate", "tictactoe", "--bots", "random:depth=3"], "takes no parameters"),
    ]:
        r = cli([*argv, "--no-progress"])
        assert r.code == 2, argv
        assert message in r.err, (argv, r.err)
