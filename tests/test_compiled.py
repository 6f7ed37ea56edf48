"""The compiled engine (meeple._compiled) plays exactly as the interpreted one.

Both run in one test, each in its own process (the switch ``MEEPLE_INTERPRETED=1``
is read at ``import meeple``): fixed-seed random games and bot games of every
compiled game at every player count give identical records, final states and
results. Without a compiled build (no C compiler) both sides run as Python and
the comparison is skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from meeple import _compiled

SRC = Path(__file__).resolve().parent.parent / "src"

#: The games whose state and rules are compiled, and the seeds played at every player count.
GAMES = ("tictactoe", "province")
SEEDS = range(6)
BOTS = ("heuristic", "mcts:iters=40")

_PLAY = """
import json, sys
import meeple
from meeple import _compiled
from meeple.bots.registry import make_bot
from meeple.core.match import Match
from meeple.core.playout import random_playout
from meeple.core.registry import get_game_class, make_game

games, seeds, bots = json.loads(sys.argv[1])
from meeple.games.province.rules import ProvinceState
from meeple.games.tictactoe.rules import TicTacToeState

out = {"engine": _compiled.status(), "records": []}
# The field methods (meeple.core.fields): built by exec, or written out and compiled.
out["field_methods"] = sorted(
    {type(m).__name__ for c in (ProvinceState, TicTacToeState) for m in (c.clone, c.to_json)}
)
for name in games:
    low, high = get_game_class(name).min_players, get_game_class(name).max_players
    for players in range(low, high + 1):
        game = make_game(name, players=players)
        for seed in seeds:
            state, steps = random_playout(game, seed)
            out["records"].append(
                ["random", name, players, seed, steps, state.to_json(), state.returns()]
            )
            for spec in bots:
                match = Match(game, seed=seed)
                seated = [make_bot(spec, game, s, seed=seed + s) for s in range(players)]
                while not match.state.is_terminal():
                    match.resolve_chance()
                    if match.state.is_terminal():
                        break
                    seat = match.state.turn().seats[0]
                    match.play(seated[seat].choose(match.state), seat)
                record = match.record().to_json()
                out["records"].append(["bot", spec, record, match.state.to_json()])
print(json.dumps(out))
"""


def _play(interpreted: bool) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop(_compiled.SWITCH, None)
    if interpreted:
        env[_compiled.SWITCH] = "1"
    args = json.dumps([list(GAMES), list(SEEDS), list(BOTS)])
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_compiled_and_interpreted_games_give_identical_records() -> None:
    compiled = _play(interpreted=False)
    interpreted = _play(interpreted=True)
    assert interpreted["engine"]["mode"] == "interpreted"
    assert interpreted["engine"]["compiled"] == []
    if not compiled["engine"]["compiled"]:
        pytest.skip(f"no compiled build here: {compiled['engine']['reason']}")
    # Every module compiled, but those edited since the build (./meeple rebuilds them first).
    engine = compiled["engine"]
    assert sorted(engine["compiled"] + engine["stale"]) == sorted(_compiled.MODULES)
    # The field methods stay exec-built Python in both (compiled they ran slower:
    # docs/architecture.md).
    assert interpreted["field_methods"] == compiled["field_methods"] == ["function"]
    assert len(compiled["records"]) == len(interpreted["records"]) > 0
    for ours, theirs in zip(compiled["records"], interpreted["records"], strict=True):
        assert ours == theirs


def test_a_changed_source_runs_interpreted_and_says_so(tmp_path: Path) -> None:
    """A compiled module whose source no longer matches the build is not loaded."""
    manifest = _compiled.read_manifest()
    if not manifest or "meeple.core.rng" not in manifest.get("modules", {}):
        pytest.skip("no compiled build here")
    manifest["modules"]["meeple.core.rng"]["sha256"] = "0" * 64  # as if rng.py had changed
    finder = _compiled.CompiledFinder(manifest)
    assert finder.find_spec("meeple.core.rng") is None
    assert finder.stale == ["meeple.core.rng"]
    spec = finder.find_spec("meeple.core.turn")
    assert spec is not None and spec.origin is not None and spec.origin.endswith(".so")
    assert _compiled.changed_since_build(manifest["modules"]) == ["meeple.core.rng"]
    # A module built from other sources too (``deps``) is stale when one of them changed.
    entry = dict(manifest["modules"]["meeple.games.tictactoe.rules"])
    entry["deps"] = {"meeple.games.tictactoe.state": "0" * 64}
    assert _compiled.changed_since_build({"meeple.games.tictactoe.rules": entry}) == [
        "meeple.games.tictactoe.rules"
    ]


def test_the_switch_and_version_say_which_engine_runs() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC), _compiled.SWITCH: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "--version"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "engine: interpreted (MEEPLE_INTERPRETED is set)" in done.stdout
    env.pop(_compiled.SWITCH)
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "--version"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.startswith("meeple 0.1.0")
    if _compiled.read_manifest():
        assert "engine: compiled (Cython" in done.stdout
    else:
        assert "engine: interpreted" in done.stdout
