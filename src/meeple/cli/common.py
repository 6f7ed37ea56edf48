"""What every game-starting command shares: game arguments, bot line-ups, saving records.

``play`` and ``simulate`` accept the same ``GAME --players N -o KEY=VALUE
--seed S`` arguments, parsed here once, so options mean the same thing
everywhere. Bots are driven through :class:`BotTable`, which also forwards
every action to every bot's ``observe``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from meeple.arena.tournament import RESULTS_FILE
from meeple.bots.base import Bot
from meeple.bots.registry import house_bot, make_bot, parse_spec
from meeple.cli.argtypes import whole_number
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.core.match import Match, MatchRecord
from meeple.core.options import parse_option_pairs
from meeple.core.registry import get_game_class, make_game


def add_game_arguments(p: argparse.ArgumentParser) -> None:
    """``GAME``, ``--players``, ``-o KEY=VALUE`` and ``--seed``: the same for every command."""
    p.add_argument("game", help="game name (see 'meeple games')")
    p.add_argument("--players", type=whole_number, default=None, help="number of seats")
    p.add_argument(
        "-o",
        "--option",
        dest="options",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable)",
    )


def add_session_arguments(
    p: argparse.ArgumentParser, seed_help: str, json_help: str, out_root: str
) -> None:
    """The options of a batch of games run as a resumable session (``arena``,
    ``balance``): seed, results directory, local processes or a Dask cluster,
    JSON output and the progress bar."""
    p.add_argument("--seed", type=whole_number, default=0, help=f"{seed_help} (default 0)")
    p.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help=f"folder for the results and the report (default: {out_root}/GAME-Np-ID, one per run)",
    )
    p.add_argument("--workers", type=whole_number, default=1, help="local processes (default 1)")
    p.add_argument(
        "--cluster",
        default=None,
        metavar="tcp://HOST:PORT",
        help="run the games on this Dask scheduler",
    )
    p.add_argument("--json", action="store_true", help=json_help)
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def session_folder(given: Path | None, default: Path) -> Path:
    """Where an arena or balance run writes: ``--out`` if given, else its own folder.

    A folder that already holds this run's results file is resumed (and one
    holding another run's is refused when the file is read); a folder holding
    anything else is refused here, before a results file lands among
    someone's other files.
    """
    out = given if given is not None else default
    if out.exists() and not out.is_dir():
        raise OptionError(f"--out {out} is a file, not a folder")
    if out.is_dir() and not (out / RESULTS_FILE).exists() and any(out.iterdir()):
        raise OptionError(
            f"{out} already holds other files and no arena or balance run; "
            "choose an empty or new folder with --out"
        )
    return out


def game_from_args(args: argparse.Namespace, players: int | None = None) -> Game:
    """Make the configured game named on the command line."""
    options = parse_option_pairs(args.options)
    count = args.players if args.players is not None else players
    return make_game(args.game, players=count, **options)


def split_bot_specs(text: str) -> list[str]:
    """``"heuristic,mcts:iters=200,c=1.4,random"`` -> three specs.

    Commas separate bots, but a ``key=value`` part right after a bot's
    parameters belongs to that bot.

    >>> split_bot_specs("heuristic,mcts:iters=200,c=1.4,random")
    ['heuristic', 'mcts:iters=200,c=1.4', 'random']
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise OptionError(f"empty bot name in {text!r}")
        if "=" in part and ":" not in part and specs and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    for spec in specs:
        parse_spec(spec)  # reject malformed parameters early, with the bot's own message
    return specs


def bot_labels(specs: Sequence[str]) -> list[str]:
    """Distinct names for a line-up: a spec used more than once gets ``#1``, ``#2``...

    >>> bot_labels(["random", "heuristic", "random"])
    ['random#1', 'heuristic', 'random#2']
    """
    counts: dict[str, int] = {}
    for s in specs:
        counts[s] = counts.get(s, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        if counts[s] == 1:
            out.append(s)
        else:
            seen[s] = seen.get(s, 0) + 1
            out.append(f"{s}#{seen[s]}")
    return out


def default_bot_spec(game_name: str, players: int | None = None) -> str:
    """The opponent ``meeple play`` uses when none is named: the game's heuristic bot, else greedy."""
    return house_bot(get_game_class(game_name)(players=players))


class BotTable:
    """The bots of one match, by seat, kept informed of every action.

    Bots are seeded from the match seed (each seat's bot spawns its own
    stream), so a (seed, line-up) pair always plays the same match.
    """

    def __init__(self, match: Match, bots: dict[int, str], seed: int) -> None:
        self.match = match
        self.specs = dict(bots)
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec, match.game, seat, seed) for seat, spec in bots.items()
        }
        match.listeners.append(self._observe)

    def _observe(self, actor: int | None, action: Action, before: State) -> None:
        for bot in self.bots.values():
            bot.observe(actor, action, before)

    def next_bot_seat(self) -> int | None:
        """A bot seat that may act now (the lowest), or ``None`` if only humans (or chance) act."""
        for seat in self.match.state.turn().seats:
            if seat in self.bots:
                return seat
        return None

    def step(self, seat: int) -> Action:
        """Let the bot at ``seat`` choose, and play its choice (checked)."""
        action = self.bots[seat].choose(self.match.state)
        self.match.play(action, seat)
        return action


def play_out(match: Match, table: BotTable) -> None:
    """Run a bots-only match to the end (chance sampled by the match)."""
    state_limit = match.game.max_game_length()
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        seat = table.next_bot_seat()
        if seat is None:
            raise OptionError("a seat without a bot must act: give every seat a bot")
        table.step(seat)
        if len(match.history) > state_limit:
            raise AssertionError(f"{match.game.name} exceeded max_game_length {state_limit}")


def save_record(record: MatchRecord, directory: str | Path, stem: str) -> Path:
    """Write ``record`` as ``DIRECTORY/STEM.json`` (``-2``, ``-3``... if taken)."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    record.save(path)
    return path


def timestamp() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")


def format_number(value: float) -> str:
    """Scores as people write them: ``3`` rather than ``3.0``, else two decimals."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=False)
