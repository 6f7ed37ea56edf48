"""benchmarks/run.py runs (quick mode, one game) and writes complete, plausible results."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_benchmark_writes_every_figure(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "engine.json"
    assert module.main(["--quick", "--game", "tictactoe", "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    r = report["games"]["tictactoe"]
    assert r["playouts_per_second"] > 0 and r["checked_playouts_per_second"] > 0
    assert 5 <= r["mean_playout_length"] <= 9
    for key in ("clone_us", "apply_unchecked_us", "legal_actions_us", "determinize_us", "view_us"):
        assert r[key] > 0, key
    assert "tictactoe" in capsys.readouterr().out
