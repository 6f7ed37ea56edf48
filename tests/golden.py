"""Golden playthroughs for every game: stored match records that must replay exactly.

Each game's ``tests/games/<slug>/test_golden.py`` lists its cases (bots per
seat, seed, players, options) as :class:`Golden` values and replays the
stored files with :func:`check_replays`. When the rules change on purpose,
regenerate them with this one module::

    .venv/bin/python -m tests.golden province      # or any game with a test_golden.py

A record is bots playing from a seed: chance is sampled by the match, bots
are seeded from the case's seed (``seed + seat``, or the same seed for every
seat), and when several seats may act one is picked by a generator of its
own, so a case always plays the same match.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.bots import make_bot
from meeple.core import Action, Match, MatchRecord, make_game, replay
from meeple.core.rng import Rng

GAMES_DIR = Path(__file__).parent / "games"


@dataclass(frozen=True)
class Golden:
    """One stored playthrough: what plays, from which seed."""

    file: str
    bots: tuple[str, ...]  # one spec per seat
    seed: int
    players: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    #: "offset": seat s's bot is seeded seed + s; "same": every bot gets seed.
    bot_seeds: str = "offset"
    #: Makes, for one playthrough, a hook called before each decision that returns a
    #: system action to play instead (Fit To Print's round timer), or None.
    system: Callable[[], Callable[[Match], Action | None]] | None = None

    def __str__(self) -> str:
        return self.file.removesuffix(".json")


def golden_dir(game: str) -> Path:
    return GAMES_DIR / game / "golden"


def play(game_name: str, case: Golden) -> MatchRecord:
    """Play ``case`` from its seed and return the record (with the final state id in meta)."""
    game = make_game(game_name, players=case.players, **case.options)
    assert len(case.bots) == game.players, f"{case}: one bot spec per seat"
    bots = [
        make_bot(spec, game, s, case.seed + s if case.bot_seeds == "offset" else case.seed)
        for s, spec in enumerate(case.bots)
    ]
    match = Match(game, case.seed)
    pick = Rng(case.seed).spawn(7)
    system = case.system() if case.system is not None else None
    while not match.state.is_terminal():
        if system is not None and (action := system(match)) is not None:
            match.play(action)
            continue
        if match.state.is_chance():
            match.resolve_chance()
            continue
        acting = match.state.turn().seats
        seat = acting[pick.randbelow(len(acting))]
        match.play(bots[seat].choose(match.state), seat)
    return match.record(meta={"bots": list(case.bots), "final_state_id": match.state.state_id()})


def check_replays(game_name: str, case: Golden) -> Match:
    """Replay the stored record of ``case``: every action, the result and the final state."""
    record = MatchRecord.load(golden_dir(game_name) / case.file)
    assert record.game == game_name and record.actions
    match = replay(record, verify=True)
    assert match.state.is_terminal()
    # older records name the final state id "state_id"
    final = record.meta.get("final_state_id", record.meta.get("state_id"))
    assert match.state.state_id() == final
    return match


def regenerate(game_name: str) -> None:
    """Write every golden record of ``game_name`` again from its cases."""
    module = importlib.import_module(f"tests.games.{game_name}.test_golden")
    folder = golden_dir(game_name)
    folder.mkdir(exist_ok=True)
    for case in module.CASES:
        play(game_name, case).save(folder / case.file)
        print("wrote", folder / case.file)


if __name__ == "__main__":
    for name in sys.argv[1:] or ["--help"]:
        if name.startswith("-"):
            print(__doc__)
            break
        regenerate(name)
