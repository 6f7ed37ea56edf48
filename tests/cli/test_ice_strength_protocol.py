"""benchmarks/mcts/ice_strength.py: the ICE search protocol resumes, and refuses another run's folder."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from meeple.arena.tournament import ArenaError

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "benchmarks" / "mcts" / "ice_strength.py"
    spec = importlib.util.spec_from_file_location("ice_strength", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def test_protocol_appends_games_resumes_and_refuses_another_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script()
    out = tmp_path / "run"
    bot = "ismcts:iters=1"
    assert script.main(["--out", str(out), "--bot", bot, "-n", "1", "--seed", "3"]) == 0
    first = _lines(out / "games.jsonl")
    assert len(first) == 2 and first[0]["bots"] == [bot, "heuristic"]
    assert first[1]["lineup"] == [bot, "heuristic"]  # game 0: the search bot in seat 0
    # The same run asked for two games plays only the second, seats swapped, same seeds.
    assert script.main(["--out", str(out), "--bot", bot, "-n", "2", "--seed", "3"]) == 0
    both = _lines(out / "games.jsonl")
    assert both[:2] == first and len(both) == 3
    assert both[2]["index"] == 1 and both[2]["lineup"] == ["heuristic", bot]
    conditions = _lines(out / "conditions.jsonl")
    assert [c["index"] for c in conditions] == [0, 1]
    assert all(len(c["loadavg"]) == 3 for c in conditions)  # type: ignore[arg-type]
    assert "won" in capsys.readouterr().out
    report = script.summarize(out)
    assert report["games"] == 2 and 0.0 <= report["win_share"]["low"] <= report["win_share"]["high"]
    assert report["iterations_per_cpu_s"] > 0
    # Another bot, or another seed, into the same folder: refused, the folder unchanged.
    for other in (["--bot", "ismcts:iters=2", "--seed", "3"], ["--bot", bot, "--seed", "4"]):
        with pytest.raises(ArenaError, match="different tournament"):
            script.main(["--out", str(out), "-n", "2", *other])
    assert _lines(out / "games.jsonl") == both
