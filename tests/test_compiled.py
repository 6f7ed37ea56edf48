"""The compiled engine (meeple._compiled) plays exactly as the interpreted one.

Both run in one test, each in its own process (the switch ``MEEPLE_INTERPRETED=1``
is read at ``import meeple``): fixed-seed random games and bot games of every
compiled game at every player count give identical records, final states and
results. Without a compiled build (no C compiler) both sides run as Python and
the comparison is skipped.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from meeple import _compiled

SRC = Path(__file__).resolve().parent.parent / "src"

#: Every built-in game (each one's state and rules are compiled), at every player count,
#: the base game and with every content set in play:
#: random games of these seeds, and one bot game (seed 0) for each bot below, every seat
#: played by it: the heuristic bot's to the end, the searches' for their first
#: ``SEARCHED`` decisions. The searches are short (a few iterations, rollouts cut off) so
#: the whole test stays quick on CI; they still run selection, expansion, rollouts and
#: backup, with the RNG, compiled and interpreted alike.
SEEDS = range(3)
BOTS = ("heuristic", "mcts:iters=6,depth=6", "ismcts:iters=6,depth=6")
SEARCHED = 20

_PLAY = """
import json, sys
import meeple
from meeple import _compiled
from meeple.bots.registry import make_bot
from meeple.core.match import Match
from meeple.core.playout import random_playout
from meeple.core.registry import BUILTIN_GAMES, get_game_class, make_game

seeds, bots, searched = json.loads(sys.argv[1])
from meeple.games.province.rules import ProvinceState
from meeple.games.tictactoe.rules import TicTacToeState

out = {"engine": _compiled.status(), "records": []}
# The field methods (meeple.core.fields), written out by meeple.core.fieldgen: Python
# functions interpreted, compiled ones in the compiled build.
out["field_methods"] = sorted(
    {type(m).__name__ for c in (ProvinceState, TicTacToeState) for m in (c.clone, c.to_json, c._load)}
)
for name in sorted(BUILTIN_GAMES):
    cls = get_game_class(name)
    # The base game, and every content set in play (their fields, SET_FIELDS, compiled too).
    variants = [{}]
    if cls.content is not None and cls.content.options():
        variants.append({o.name: True for o in cls.content.options()})
    for players, options in [(p, o) for p in cls.allowed_player_counts() for o in variants]:
        game = make_game(name, players=players, **options)
        for seed in seeds:
            state, steps = random_playout(game, seed)
            out["records"].append(
                ["random", name, players, options, seed, steps, state.to_json(), state.returns()]
            )
            if seed:
                continue
            for spec in bots:
                match = Match(game, seed=seed)
                seated = [make_bot(spec, game, s, seed=seed + s) for s in range(players)]
                chosen, limit = 0, (None if spec == "heuristic" else searched)
                while not match.state.is_terminal() and chosen != limit:
                    chosen += 1
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
    args = json.dumps([list(SEEDS), list(BOTS), SEARCHED])
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
    # The field methods are the games' written-out companions (state_fields.py), compiled
    # with the engine (issue 39, item 2; exec-built on c1fa1da, Python functions in both).
    assert interpreted["field_methods"] == ["function"]
    if {f"meeple.games.{g}.state_fields" for g in ("province", "tictactoe")} <= set(
        engine["compiled"]
    ):
        assert compiled["field_methods"] == ["cython_function_or_method"]
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


def test_every_game_state_and_rules_and_the_search_are_compiled() -> None:
    """Each built-in game's state and rules modules, and the search bots, are in the build."""
    from meeple.core.registry import BUILTIN_GAMES

    for name, spec in BUILTIN_GAMES.items():
        package = spec.split(":")[0]
        assert f"{package}.state" in _compiled.MODULES, name
        assert f"{package}.state_fields" in _compiled.MODULES, name  # its field methods
        assert f"{package}.rules" in _compiled.MODULES, name
    assert {"meeple.bots.mcts", "meeple.bots.evaluators"} <= set(_compiled.MODULES)


def test_ices_view_and_dig_previews_are_compiled() -> None:
    """ICE's view with its dig previews is what a server pays for each message of the seat
    planning its turn (issue 39: under 0.2 ms wanted); its board, preview and view modules
    are in the build."""
    assert {
        "meeple.games.ice.board",
        "meeple.games.ice.preview",
        "meeple.games.ice.view",
    } <= set(_compiled.MODULES)


def test_a_changed_source_rebuilds_that_module_alone() -> None:
    """scripts/compile_engine.py rebuilds only the modules whose source changed."""
    spec = importlib.util.spec_from_file_location(
        "_compile_engine", SRC.parent / "scripts" / "compile_engine.py"
    )
    assert spec is not None and spec.loader is not None
    engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine)
    manifest = _compiled.read_manifest()
    if not manifest or set(manifest["modules"]) != set(_compiled.MODULES):
        pytest.skip("no complete compiled build here")
    hashes = {n: _compiled.source_hash(_compiled.source_path(n)) for n in _compiled.MODULES}
    if _compiled.changed_since_build(manifest["modules"]):
        pytest.skip("sources edited since the build (./meeple rebuilds them)")
    assert engine.to_build(manifest, hashes) == []
    edited = {**hashes, "meeple.games.ice.rules": "0" * 64}  # as if ice/rules.py had changed
    assert engine.to_build(manifest, edited) == ["meeple.games.ice.rules"]
    assert engine.to_build({**manifest, "format": -1}, hashes) == list(hashes)


def test_the_compiler_and_python_headers_are_named_when_missing(tmp_path: Path) -> None:
    """scripts/bootstrap runs scripts/compiler-deps before it compiles: on a machine with
    no C compiler and no Python.h (here a PATH with neither and an interpreter that finds
    no headers) it names the Debian packages to install (as root it installs them, as
    scripts/system-deps installs Chromium); where both are present it names nothing."""
    script = SRC.parent / "scripts" / "compiler-deps"
    bare = tmp_path / "bin"
    bare.mkdir()
    (bare / "dirname").symlink_to(
        Path(subprocess.check_output(["which", "dirname"], text=True).strip())
    )
    no_headers = tmp_path / "python"
    no_headers.write_text(
        '#!/bin/sh\ncase "$*" in *version_info*) echo 3.12 ;; *) exit 1 ;; esac\n'
    )
    no_headers.chmod(0o755)
    env = {"PATH": str(bare), "MEEPLE_PYTHON": str(no_headers)}
    got = subprocess.run(
        ["/bin/bash", str(script), "--check"], env=env, capture_output=True, text=True, check=True
    )
    assert got.stdout.split() == ["gcc", "python3.12-dev"]
    here = subprocess.run(
        ["/bin/bash", str(script), "--check"], capture_output=True, text=True, check=True,
        env={**os.environ, "MEEPLE_PYTHON": sys.executable},
    )  # fmt: skip
    if _compiled.read_manifest():  # the suite's build ran here: nothing was missing
        assert here.stdout == "", here.stdout
    skipped = subprocess.run(
        ["/bin/bash", str(script), "--check"], env={**env, "MEEPLE_NO_COMPILE": "1"},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert skipped.stdout == ""
