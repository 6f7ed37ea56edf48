"""docs/rl.md's example really runs: a short training through the PettingZoo adapter."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "tictactoe_qlearning.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tictactoe_qlearning", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_script_runs_end_to_end_and_prints_the_table() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--episodes", "200", "--eval-games", "20"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    assert "trained 200 episodes" in out
    rows = [line for line in out.splitlines() if line.startswith("| Q-learning")]
    assert [row.split("|")[2].strip() for row in rows] == ["random", "greedy"]


def test_short_training_already_beats_random_play() -> None:
    example = load_example()
    q = example.train(1500, seed=0)
    trained = example.evaluate(q, "random", 200, seed=5)
    untrained = example.evaluate(None, "random", 200, seed=5)
    assert sum(trained.values()) == 1.0
    assert trained["win"] > untrained["win"] + 0.1, (trained, untrained)
