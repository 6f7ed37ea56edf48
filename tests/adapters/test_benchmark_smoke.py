"""benchmarks/adapters.py runs (quick mode, one game) and writes complete results."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "adapters.py"


def test_adapter_benchmark_quick_run(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("bench_adapters", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "adapters.json"
    module.main(["--quick", "--game", "tictactoe", "--out", str(out)])
    (result,) = json.loads(out.read_text())["results"]
    assert result["game"] == "tictactoe"
    for key in (
        "core_actions_per_s",
        "pettingzoo_actions_per_s",
        "gymnasium_steps_per_s",
        "openspiel_actions_per_s",
        "openspiel_clone_us",
    ):
        assert result[key] > 0, key
