"""benchmarks/engine_duel.py: the compiled engine's bot against the interpreted one's, each in
a process of its own, judged by a sequential test that stops when its interval decides."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from meeple.bots.registry import make_bot
from meeple.core.registry import make_game

ROOT = Path(__file__).resolve().parents[2]
#: One iteration a decision, valued at once: a game in a second.
SPEC = "ismcts:iters=1,rollout=random,depth=0"


def _script() -> ModuleType:
    path = ROOT / "benchmarks" / "engine_duel.py"
    spec = importlib.util.spec_from_file_location("engine_duel", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def test_the_test_stops_when_the_interval_clears_or_misses_the_target_or_at_the_cap() -> None:
    standing = _script().standing
    won, lost, drawn = {"points": 1.0}, {"points": 0.0}, {"points": 0.5}
    assert standing([], 0.6, 200)["verdict"] == "open"
    assert standing([won] * 5, 0.6, 200)["verdict"] == "open"  # Wilson 0.566-1
    assert standing([won] * 6, 0.6, 200)["verdict"] == "clears"  # 0.610-1
    assert standing([lost] * 2, 0.6, 200)["verdict"] == "open"  # 0-0.658
    assert standing([lost] * 3, 0.6, 200)["verdict"] == "misses"  # 0-0.561
    assert standing([drawn] * 4, 0.6, 4)["verdict"] == "cap"
    s = standing([won, drawn, lost, won], 0.6, 200)
    assert (s["games"], s["points"], s["score"]) == (4, 2.5, 0.625)


class _InProcess:
    """A stand-in for a child process: the same requests, answered in this process."""

    def __init__(self, sent: list[dict[str, Any]]) -> None:
        self.sent = sent

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.sent.append(request)
        if request["op"] == "bot":
            self.game = make_game(request["game"], players=2, **request["options"])
            self.bot = make_bot(request["spec"], self.game, request["seat"], request["seed"])
            return {"ok": True}
        action = self.bot.choose(self.game.state_from_json(request["state"]))
        return {"action": self.game.action_code(action), "iterations": 1, "think": 0.0}


def test_a_bot_is_sent_what_its_seat_knows_never_the_hidden_state() -> None:
    script = _script()
    sent: list[dict[str, Any]] = []
    children = {"compiled": _InProcess(sent), "interpreted": _InProcess(sent)}
    settings = {"game": "viscounts", "options": {}, "spec": "random", "seed": 3}
    line = script.play_one(children, settings, 0)
    assert line["compiled_seat"] == 0 and line["points"] in (0.0, 0.5, 1.0)
    bots = [r for r in sent if r["op"] == "bot"]
    assert sorted(r["seat"] for r in bots) == [0, 1]
    game = make_game("viscounts", players=2)
    real = game.new_initial_state(script.game_seed(3, 0))
    first = next(r for r in sent if r["op"] == "choose")
    seat = real.turn().seats[0]
    seen = game.state_from_json(first["state"])
    assert seen.view(seat) == real.view(seat)  # all the seat knows...
    assert seen.to_json() != real.to_json()  # ...and the others' secrets resampled


def test_two_tiny_games_in_two_processes_compiled_and_interpreted_resume_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script()
    out = tmp_path / "duel.jsonl"
    args = ["--game", "viscounts", "--spec", SPEC, "--cap", "2", "--out", str(out)]
    assert script.main([*args, "--any-engine", "--games", "1"]) == 0
    assert len(_lines(out)) == 2  # the settings, then one game
    assert script.main([*args, "--any-engine"]) == 0  # resumes: the second game
    header, *games = _lines(out)
    assert header["format"] == "meeple-engine-duel/1" and header["spec"] == SPEC
    assert "MEEPLE_INTERPRETED is set" in header["engines"]["interpreted"]
    assert "MEEPLE_INTERPRETED is set" not in header["engines"]["compiled"]
    assert [g["index"] for g in games] == [0, 1]
    assert [g["compiled_seat"] for g in games] == [0, 1]  # seats alternate
    for g in games:
        assert g["points"] in (0.0, 0.5, 1.0)
        assert g["decisions"]["compiled"] > 0 and g["decisions"]["interpreted"] > 0
        assert g["iterations"]["compiled"] == g["searched"]["compiled"]
    printed = capsys.readouterr().out
    assert "cap (2 games)" in printed and "| viscounts |" in printed
    # another configuration in the same file is refused
    assert script.main([*args[:-4], "--cap", "3", "--out", str(out), "--any-engine"]) == 2
    assert script.main(["--report", "--out", str(out)]) == 0
    assert "Wilson 95%" in capsys.readouterr().out


def test_a_control_run_puts_both_sides_on_one_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _script()
    started: list[bool] = []

    class Child(_InProcess):
        def __init__(self, interpreted: bool) -> None:
            super().__init__([])
            started.append(interpreted)
            self.engine = "engine: interpreted" if interpreted else "engine: compiled"
            self.proc = type("Proc", (), {"pid": 0})

        def close(self) -> None:
            pass

    monkeypatch.setattr(script, "ChildBot", Child)
    out = tmp_path / "control.jsonl"
    args = ["--game", "tictactoe", "--spec", "random", "--cap", "1", "--out", str(out)]
    assert script.main([*args, "--control", "interpreted"]) == 0
    assert started == [True, True]
    header, game = _lines(out)
    assert header["control"] == "interpreted" and game["index"] == 0
    started.clear()
    assert script.main(args) == 2  # not the control run that file holds
    assert script.main([*args[:-1], str(tmp_path / "duel.jsonl")]) == 0
    assert started == [False, True]  # the compiled side, then the interpreted one
