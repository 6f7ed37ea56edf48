"""benchmarks/mcts/strength_protocol.py: any game's search protocol resumes, and refuses a
folder of another configuration, including one whose game's declared search settings changed."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from meeple.arena.tournament import ArenaError
from meeple.games.tictactoe import TicTacToe

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "benchmarks" / "mcts" / "strength_protocol.py"
    spec = importlib.util.spec_from_file_location("strength_protocol", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def test_protocol_runs_any_game_resumes_and_records_its_search_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script()
    out = tmp_path / "run"
    bot = "ismcts:iters=5"
    args = ["--game", "tictactoe", "--out", str(out), "--bot", bot]
    assert script.main([*args, "-n", "1"]) == 0
    first = _lines(out / "games.jsonl")
    assert first[0]["game"] == "tictactoe" and first[0]["seed"] == script.DEFAULT_SEED
    assert len(first) == 2 and first[1]["lineup"] == [bot, "heuristic"]
    recorded = json.loads((out / "protocol.json").read_text())
    assert recorded == {"game": "tictactoe", "bot": bot, "game_mcts_defaults": {}}
    assert script.main([*args, "-n", "2"]) == 0  # only the second game, seats swapped
    both = _lines(out / "games.jsonl")
    assert both[:2] == first and len(both) == 3 and both[2]["lineup"] == ["heuristic", bot]
    assert [c["index"] for c in _lines(out / "conditions.jsonl")] == [0, 1]
    report = script.summarize(out)
    assert report["game"] == "tictactoe" and report["games"] == 2
    assert "won" in capsys.readouterr().out
    lost = [r for r in both[1:] if r["lineup"].index(bot) not in r["winners"]]
    assert [g["index"] for g in report["lost_games"]] == [r["index"] for r in lost]
    assert script.main([*args, "-n", "2", "--report", "--markdown"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| games | search wins | Wilson 95% | search in seat 1 ")
    row = [cell.strip() for cell in table[2].strip("|").split("|")]
    assert row[0] == "2" and row[5] == str(report["outright_losses"])
    first_seat = [r for r in both[1:] if r["lineup"][0] == bot]
    won_first = sum(1 for r in first_seat if 0 in r["winners"] and len(r["winners"]) == 1)
    assert row[3].startswith(f"{won_first} of {len(first_seat)} (")
    assert any(line.startswith("Games lost: ") for line in table)


def test_a_change_of_the_games_declared_search_settings_is_refused_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _script()
    out = tmp_path / "run"
    args = ["--game", "tictactoe", "--out", str(out), "--bot", "ismcts:iters=5", "-n", "2"]
    assert script.main([*args[:-1], "1"]) == 0
    before = {p.name: p.read_text() for p in out.iterdir()}
    changed = dataclasses.replace(TicTacToe.plugins, mcts_defaults={"c": "0.3"})
    monkeypatch.setattr(TicTacToe, "plugins", changed)
    with pytest.raises(ArenaError, match="declared search settings changed"):
        script.main(args)
    assert {p.name: p.read_text() for p in out.iterdir()} == before


def test_each_game_with_a_protocol_has_its_own_seed_and_the_ice_command_keeps_its_seed() -> None:
    script = _script()
    assert script.SEEDS == {"ice": 19, "viscounts": 20, "unconscious": 21}
    t = script.tournament("viscounts", script.DEFAULT_BOT, 200, script.SEEDS["viscounts"])
    assert t.total() == 200 and t.game.players == 2
    assert [t.task(i)["lineup"].index(script.DEFAULT_BOT) for i in range(4)] == [0, 1, 0, 1]


def test_two_workers_play_the_same_games_as_one(tmp_path: Path) -> None:
    """Game i keeps its seed and lineup whatever the number of workers (a CPU-time budget
    makes parallel games independent); more workers than cores is refused."""
    script = _script()
    runs = {}
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        args = ["--game", "tictactoe", "--out", str(out), "--bot", "ismcts:iters=5", "-n", "2"]
        assert script.main([*args, "--workers", str(workers)]) == 0
        games = sorted(_lines(out / "games.jsonl")[1:], key=lambda g: int(str(g["index"])))
        runs[workers] = [(g["index"], g["seed"], g["lineup"]) for g in games]
    assert runs[1] == runs[2] and len(runs[1]) == 2
    with pytest.raises(SystemExit):
        script.main(["--game", "tictactoe", "--out", str(tmp_path / "x"), "--workers", "999"])


def test_each_finished_protocols_table_in_benchmarks_readme_is_its_results_folders() -> None:
    """The figures quoted are the figures run: a finished protocol's table in
    benchmarks/README.md (rows and games lost) is what --report --markdown prints."""
    script = _script()
    readme = (ROOT / "benchmarks" / "README.md").read_text()
    finished = []
    for folder in sorted((ROOT / "benchmarks" / "mcts").glob("strength-*/ismcts-cpu1s")):
        report = script.summarize(folder)
        if report["games"] < 200:
            continue  # still running: its count is quoted as partial, not as a table
        table = script.markdown(report).splitlines()
        row, lost = table[2], table[4]
        assert row in readme, (folder.parent.name, row)
        assert lost in readme, (folder.parent.name, lost)
        finished.append(report["game"])
    assert "viscounts" in finished  # finished on 2026-12-01: this test checks something
