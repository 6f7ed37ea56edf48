"""The arena: schedules, results, resuming, statistics, reports, local and Dask runs."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.arena import ArenaError, Tournament, lineups, run_tournament, summarize
from meeple.arena.play import play_game
from meeple.arena.report import render_html
from meeple.arena.session import run_session
from meeple.arena.stats import wilson, win_matrix
from meeple.arena.tournament import RESULTS_FILE, ResultWriter
from meeple.cli import main
from tests.toy import SecretBids, registered

BOTS = ["mcts:iters=60", "greedy", "random"]


def _stable(results: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What must not depend on how or when the games were run (timings excluded)."""
    return [
        (r["index"], tuple(r["lineup"]), r["seed"], tuple(r["scores"]), r["decisions"])
        for r in results
    ]


@pytest.fixture(scope="module")
def ttt_tournament() -> Tournament:
    return Tournament(meeple.make_game("tictactoe"), BOTS, games_per_lineup=4, seed=3)


@pytest.fixture(scope="module")
def serial_results(ttt_tournament: Tournament) -> list[dict[str, Any]]:
    return run_tournament(ttt_tournament, progress=False)


# -- schedule ----------------------------------------------------------------------


def test_every_pair_meets_and_seats_rotate(ttt_tournament: Tournament) -> None:
    tasks = ttt_tournament.tasks()
    assert len(tasks) == 3 * 4
    pairs = Counter(frozenset(t["lineup"]) for t in tasks)
    assert set(pairs.values()) == {4} and len(pairs) == 3
    seats = Counter((t["lineup"][0]) for t in tasks)
    assert seats == Counter({b: 4 for b in BOTS})  # each bot first equally often
    assert len({t["seed"] for t in tasks}) == len(tasks)


def test_lineups_fill_big_tables_with_repeats() -> None:
    assert lineups(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert all(len(set(t)) > 1 for t in lineups(2, 4))
    assert lineups(1, 3) == [(0, 0, 0)]


@pytest.mark.parametrize("bots", [[], ["random", "random"]])
def test_bad_bot_lists_are_refused(bots: list[str]) -> None:
    with pytest.raises(ArenaError):
        Tournament(meeple.make_game("tictactoe"), bots, 2)


def test_bad_bot_spec_fails_before_any_game(tmp_path: Path) -> None:
    t = Tournament(meeple.make_game("tictactoe"), ["random", "mcts:iters=zero"], 2)
    with pytest.raises(ArenaError, match="mcts:iters=zero"):
        run_session(t, tmp_path, progress=False)
    assert not (tmp_path / RESULTS_FILE).exists()


# -- playing and statistics ------------------------------------------------------------


def test_results_and_statistics(serial_results: list[dict[str, Any]]) -> None:
    assert [r["index"] for r in serial_results] == list(range(12))
    for r in serial_results:
        assert sorted(r["ranks"]) in ([1, 1], [1, 2])
        assert 5 <= r["decisions"] <= 9
    s = summarize(serial_results, BOTS, 2)
    assert s["games"] == 12
    assert s["ratings"][0]["bot"] == "mcts:iters=60"
    for row in s["ratings"]:
        assert row["low"] < row["mu"] < row["high"]
    m = s["win_matrix"]
    for i in range(3):
        assert m[i][i] is None
        for j in range(3):
            if i != j:
                assert m[i][j]["n"] == 4
                assert m[i][j]["rate"] + m[j][i]["rate"] == pytest.approx(1.0)
    assert sum(x["wins"]["rate"] for x in s["seats"]) == pytest.approx(1.0)
    assert s["length_decisions"]["min"] >= 5


def test_same_tournament_same_results(
    ttt_tournament: Tournament, serial_results: list[dict[str, Any]]
) -> None:
    again = run_tournament(ttt_tournament, progress=False)
    assert _stable(again) == _stable(serial_results)


def test_wilson_interval() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.31
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(1 - hi)
    assert wilson(0, 0) == (0.0, 1.0)


def test_win_matrix_counts_ties_as_half() -> None:
    rows = [
        {"lineup": ["a", "b"], "ranks": [1, 1]},
        {"lineup": ["b", "a"], "ranks": [2, 1]},
    ]
    m = win_matrix(rows, ["a", "b"])
    assert m[0][1]["rate"] == pytest.approx(0.75) and m[1][0]["rate"] == pytest.approx(0.25)


# -- streaming and resuming ---------------------------------------------------------------


def _interrupt_after(n: int) -> Any:
    seen = []

    def hook(result: dict[str, Any]) -> None:
        seen.append(result)
        if len(seen) >= n:
            raise KeyboardInterrupt

    return hook


def test_interrupted_run_resumes(
    tmp_path: Path, ttt_tournament: Tournament, serial_results: list[dict[str, Any]]
) -> None:
    with pytest.raises(KeyboardInterrupt):
        run_tournament(ttt_tournament, tmp_path, progress=False, on_result=_interrupt_after(5))
    lines = (tmp_path / RESULTS_FILE).read_text().splitlines()
    assert len(lines) == 1 + 5  # header + the five finished games
    # Simulate a kill in the middle of writing a sixth line.
    with (tmp_path / RESULTS_FILE).open("a") as fh:
        fh.write('{"index": 5, "lineup": ["gre')
    played: list[int] = []
    results = run_tournament(
        ttt_tournament, tmp_path, progress=False, on_result=lambda r: played.append(r["index"])
    )
    assert sorted(played) == list(range(5, 12))
    assert _stable(results) == _stable(serial_results)
    # The file is whole again and a third run plays nothing.
    rows = [json.loads(x) for x in (tmp_path / RESULTS_FILE).read_text().splitlines()]
    assert sorted(r["index"] for r in rows[1:]) == list(range(12))
    again: list[int] = []
    run_tournament(ttt_tournament, tmp_path, progress=False, on_result=lambda r: again.append(1))
    assert again == []


def test_a_results_file_replaced_mid_run_gets_every_line_back(tmp_path: Path, capsys: Any) -> None:
    """As when ``git stash`` swaps a committed results file under a running arena."""
    header = {"format": "meeple-arena/1", "game": "tictactoe"}
    writer = ResultWriter(tmp_path, header, fresh=True)
    writer.write({"index": 0})
    writer.write({"index": 1})
    path = tmp_path / RESULTS_FILE
    stale = tmp_path / "stale.jsonl"
    stale.write_text(json.dumps(header) + "\n" + json.dumps({"index": 0}) + "\n")
    os.replace(stale, path)  # the path now names another file, one result short
    writer.write({"index": 2})
    writer.close()
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    assert rows == [header, {"index": 0}, {"index": 1}, {"index": 2}]
    assert "was replaced during the run" in capsys.readouterr().err


def test_results_of_another_tournament_are_not_mixed_in(
    tmp_path: Path, ttt_tournament: Tournament
) -> None:
    run_tournament(ttt_tournament, tmp_path, progress=False, on_result=_interrupt_after(100))
    other = Tournament(meeple.make_game("tictactoe"), ["random", "greedy"], 2, seed=3)
    with pytest.raises(ArenaError, match="different tournament"):
        run_tournament(other, tmp_path, progress=False)


# -- local processes and Dask ----------------------------------------------------------------


def test_local_processes_give_the_serial_results(
    ttt_tournament: Tournament, serial_results: list[dict[str, Any]]
) -> None:
    results = run_tournament(ttt_tournament, workers=2, progress=False)
    assert _stable(results) == _stable(serial_results)


def test_arena_on_a_local_dask_cluster(
    dask_cluster: str,
    tmp_path: Path,
    ttt_tournament: Tournament,
    serial_results: list[dict[str, Any]],
) -> None:
    assert dask_cluster.startswith("tcp://127.0.0.1:")
    report = run_session(ttt_tournament, tmp_path, cluster=dask_cluster, progress=False)
    assert report["summary"]["games"] == 12
    rows = [json.loads(x) for x in (tmp_path / RESULTS_FILE).read_text().splitlines()[1:]]
    assert _stable(sorted(rows, key=lambda r: r["index"])) == _stable(serial_results)


def test_cli_arena_on_dask(dask_cluster: str, tmp_path: Path, capsys: Any) -> None:
    code = main(
        [
            "arena",
            "tictactoe",
            "--bots",
            "random,greedy",
            "-n",
            "4",
            "--out",
            str(tmp_path),
            *["--cluster", dask_cluster, "--json", "--no-progress"],
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["games"] == 4 and report["run"]["cluster"] == dask_cluster


def test_unreachable_cluster_is_a_clear_error(tmp_path: Path, capsys: Any) -> None:
    code = main(
        [
            "arena",
            "tictactoe",
            "--bots",
            "random,greedy",
            "-n",
            "2",
            "--out",
            str(tmp_path),
            *["--cluster", "tcp://127.0.0.1:9", "--no-progress"],
        ]
    )
    assert code == 2
    assert "Dask scheduler" in capsys.readouterr().err


# -- N-seat tables -----------------------------------------------------------------------------


@pytest.fixture
def three_seat_game() -> Iterator[str]:
    """The shared toy Secret bids (tests/toy.py), for three seats, found by name."""
    with registered(SecretBids):
        yield SecretBids.name


def test_three_seat_tables(three_seat_game: str) -> None:
    game = meeple.make_game(three_seat_game, players=3)
    t = Tournament(game, ["mcts:iters=40", "greedy", "random", "mcts:iters=10"], 3)
    results = run_tournament(t, progress=False)
    assert len(results) == 4 * 3
    seat_counts = Counter((spec, seat) for r in results for seat, spec in enumerate(r["lineup"]))
    for b in t.bots:
        assert [seat_counts[(b, s)] for s in range(3)] == [3, 3, 3]
    s = summarize(results, t.bots, 3)
    assert len(s["seats"]) == 3 and s["seats"][0]["fair"] == pytest.approx(1 / 3)
    assert sum(x["wins"]["rate"] for x in s["seats"]) == pytest.approx(1.0)


# -- reports and commands --------------------------------------------------------------------------


def test_html_report_has_plots_and_no_scripts(tmp_path: Path, ttt_tournament: Tournament) -> None:
    report = run_session(ttt_tournament, tmp_path, progress=False)
    page = (tmp_path / "report.html").read_text()
    assert page == render_html(report)
    assert page.count("<svg") >= 4
    assert "<script" not in page and "http" not in page
    assert "mcts:iters=60" in page
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["summary"]["games"] == 12 and data["tournament"]["bots"] == BOTS


def test_arena_command_prints_ratings(tmp_path: Path, capsys: Any) -> None:
    code = main(
        [
            "arena",
            "tictactoe",
            "--bots",
            "mcts:iters=50,c=1.2,random",
            "-n",
            "4",
            *["--out", str(tmp_path), "--workers", "2", "--seed", "5", "--no-progress"],
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "mcts:iters=50,c=1.2" in out and "seat 0" in out and "report:" in out


def test_balance_command_json(tmp_path: Path, capsys: Any) -> None:
    code = main(
        [
            "balance",
            "tictactoe",
            "-n",
            "60",
            "--bot",
            "random",
            "--out",
            str(tmp_path),
            *["--json", "--no-progress"],
        ]
    )
    assert code == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 60 and figures["bot"] == "random"
    seat0, seat1 = figures["seats"]
    # Random tic-tac-toe: X wins about 58%, O about 29%: the first seat's edge is visible.
    assert seat0["wins"]["rate"] > seat1["wins"]["rate"]
    assert seat0["wins"]["low"] < seat0["wins"]["rate"] < seat0["wins"]["high"]
    assert 5 <= figures["length_decisions"]["mean"] <= 9
    # X always acts first: the turn-order view equals the seat view here.
    assert figures["turn_order"][0]["wins"]["rate"] == seat0["wins"]["rate"]


def test_balance_refuses_an_unknown_game(capsys: Any) -> None:
    assert main(["balance", "no-such-game", "-n", "2", "--no-progress"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_play_game_rejects_a_short_lineup() -> None:
    with pytest.raises(ValueError):
        play_game({"index": 0, "game": "tictactoe", "players": 2, "lineup": ["random"], "seed": 1})


def test_arena_passes_game_options(tmp_path: Path, capsys: Any) -> None:
    code = main(
        ["arena", "province", "-o", "goals=9", "--bots", "heuristic,random", "-n", "2",
         "--out", str(tmp_path), "--json", "--no-progress"]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tournament"]["options"]["goals"] == 9
    header = json.loads((tmp_path / RESULTS_FILE).read_text().splitlines()[0])
    assert header["options"]["goals"] == 9


def test_balance_of_a_solo_game_reports_its_win_rate(tmp_path: Path, capsys: Any) -> None:
    """A one-seat game ranks no bot against another: the rating step used to crash the
    whole run after every game was played (openskill wants two teams). Now the report is
    written, has no ratings, and the text says how often the game was won."""
    args = ["balance", "fittoprint", "--players", "1", *["-o", "mode=puzzle", "-o", "puzzle=1"]]
    args += ["-n", "3", "--bot", "random", "--out", str(tmp_path / "solo"), "--no-progress"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "solo: won" in out and "fair" not in out and "shared first place" not in out
    report = json.loads((tmp_path / "solo" / "report.json").read_text())
    assert report["summary"]["ratings"] == []
    html = (tmp_path / "solo" / "report.html").read_text()
    assert "No ratings" in html
    assert main([*args[:-3], "--out", str(tmp_path / "json"), "--no-progress", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["players"] == 1 and figures["games"] == 3
