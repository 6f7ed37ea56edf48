"""Round-robin tournaments: schedule, run (in-process, local processes or Dask), resume.

Schedule: every table lineup of ``players`` distinct bots (or, when there are
fewer bots than seats, every multiset with at least two different bots) plays
``games_per_lineup`` games, seats rotated one step each game, lineups
interleaved so that a partial run stays balanced. Game ``i`` always has the
same lineup and seed, whatever order games finish in.

Results stream, one JSON line per finished game, to ``<out>/games.jsonl``
after a header line describing the tournament. Running the same tournament
into the same directory skips the games already there: an interrupted run
resumes where it stopped (a torn last line is ignored and replayed).
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.arena.play import play_game
from meeple.core.errors import MeepleError, OptionError
from meeple.core.game import Game

RESULTS_FILE = "games.jsonl"
HEADER_FORMAT = "meeple-arena/1"


class ArenaError(MeepleError):
    """A tournament that cannot run as asked (bad lineup, an output dir of another run)."""


def lineups(n_bots: int, players: int) -> list[tuple[int, ...]]:
    """Which bots sit together (indices into the bot list), before seat rotation.

    >>> lineups(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    >>> lineups(2, 3)
    [(0, 0, 1), (0, 1, 1)]
    """
    if n_bots >= players:
        return list(itertools.combinations(range(n_bots), players))
    return [
        c
        for c in itertools.combinations_with_replacement(range(n_bots), players)
        if len(set(c)) > 1 or n_bots == 1
    ]


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7_919 + 1) % (1 << 31)


#: The drivers a tournament may play its matches through (see ``Tournament.driver``).
DRIVERS = ("core", "pettingzoo", "gymnasium")


@dataclass
class Tournament:
    """What to play. ``bots`` are specs; the header identifies the run for resuming."""

    game: Game
    bots: list[str]
    games_per_lineup: int
    seed: int = 0
    rotate: bool = True
    #: Who runs the match: "core" (the arena's own loop) or a research adapter's
    #: turn-by-turn driver ("pettingzoo": the AEC environment), to measure its seat bias.
    driver: str = "core"
    tables: list[tuple[int, ...]] = field(init=False)

    def __post_init__(self) -> None:
        if not self.bots:
            raise ArenaError("give at least one bot")
        if len(set(self.bots)) != len(self.bots):
            raise ArenaError(f"each bot may be listed once, got {self.bots}")
        if self.games_per_lineup < 1:
            raise ArenaError("the number of games must be at least 1")
        if self.driver not in DRIVERS:
            raise ArenaError(f"driver must be one of {list(DRIVERS)}, got {self.driver!r}")
        self.tables = lineups(len(self.bots), self.game.players)

    @property
    def players(self) -> int:
        return self.game.players

    def header(self) -> dict[str, Any]:
        return {
            "format": HEADER_FORMAT,
            "game": self.game.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "bots": list(self.bots),
            "seed": self.seed,
            "rotate": self.rotate,
            # Only when not the default, so earlier result files still resume.
            **({"driver": self.driver} if self.driver != "core" else {}),
        }

    def total(self) -> int:
        return len(self.tables) * self.games_per_lineup

    def task(self, index: int) -> dict[str, Any]:
        table = self.tables[index % len(self.tables)]
        round_ = index // len(self.tables)
        shift = round_ % self.players if self.rotate else 0
        seats = table[shift:] + table[:shift]
        return {
            "index": index,
            "game": self.game.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "lineup": [self.bots[i] for i in seats],
            "seed": game_seed(self.seed, index),
            **({"driver": self.driver} if self.driver != "core" else {}),
        }

    def tasks(self) -> list[dict[str, Any]]:
        return [self.task(i) for i in range(self.total())]


def validate_bots(game: Game, bots: Sequence[str]) -> None:
    """Build each bot once here, so that a typo fails before any game starts."""
    from meeple.bots.registry import make_bot

    for spec in bots:
        try:
            make_bot(spec, game, 0, 0)
        except OptionError as exc:
            raise ArenaError(f"bad bot {spec!r}: {exc}") from None


# -- the results file -------------------------------------------------------------


def load_results(
    out: Path, header: dict[str, Any], name: str = RESULTS_FILE
) -> dict[int, dict[str, Any]]:
    """Results already in ``out`` (its file ``name``); refuses a directory that holds
    another tournament (another batch of reviews)."""
    path = out / name
    if not path.exists():
        return {}
    done: dict[int, dict[str, Any]] = {}
    with path.open() as fh:
        lines = fh.read().split("\n")
    if not lines or not lines[0].strip():
        return {}
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ArenaError(f"{path} is not an arena results file") from None
    if first != header:
        raise ArenaError(
            f"{path} holds a different tournament ({first.get('game')}, bots "
            f"{first.get('bots')}, seed {first.get('seed')}); choose another --out"
        )
    for line in lines[1:]:
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # the torn last line of an interrupted run: replay that game
        done[int(row["index"])] = row
    return done


class ResultWriter:
    """Appends results as JSON lines, flushed one by one (a kill loses at most one line).

    A long run can outlive its file: ``git stash`` or ``git checkout`` of a
    committed results file replaces it while the run keeps writing to the old,
    unlinked one. Before each line the writer checks that the path still names
    its file; if not, it puts back everything it holds and goes on there.
    """

    def __init__(
        self, out: Path, header: dict[str, Any], fresh: bool, name: str = RESULTS_FILE
    ) -> None:
        out.mkdir(parents=True, exist_ok=True)
        path = out / name
        if fresh:
            path.write_text(json.dumps(header) + "\n")
        else:
            self._repair(path)
        self._path = path
        self._fh = path.open("a+")

    @staticmethod
    def _repair(path: Path) -> None:
        """Cut a torn last line so that the next result starts on its own line."""
        data = path.read_bytes()
        if data and not data.endswith(b"\n"):
            path.write_bytes(data[: data.rfind(b"\n") + 1])

    def write(self, result: dict[str, Any]) -> None:
        self._follow_path()
        self._fh.write(json.dumps(result) + "\n")
        self._fh.flush()

    def _follow_path(self) -> None:
        mine = os.fstat(self._fh.fileno())
        try:
            there = os.stat(self._path)
        except FileNotFoundError:
            there = None
        if there is not None and (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino):
            return
        self._fh.seek(0)
        held = self._fh.read()
        self._fh.close()
        tmp = self._path.with_name(self._path.name + ".restore")
        tmp.write_text(held)
        os.replace(tmp, self._path)
        self._fh = self._path.open("a+")
        print(
            f"arena: {self._path} was replaced during the run; restored the "
            f"{held.count(chr(10))} lines this run holds",
            file=sys.stderr,
        )

    def close(self) -> None:
        self._fh.close()


# -- running -------------------------------------------------------------------------


#: What a worker does with one task: a picklable top-level function (a game played, a
#: record reviewed) returning its JSON result, which carries the task's ``index``.
TaskFn = Callable[[dict[str, Any]], dict[str, Any]]


def run_tasks(
    tasks: list[dict[str, Any]], fn: TaskFn, workers: int = 1, cluster: str | None = None
) -> Iterator[dict[str, Any]]:
    """``fn`` over ``tasks``, results as they finish: in this process, in ``workers`` local
    processes, or on the Dask scheduler at ``cluster``."""
    return _run_dask(tasks, cluster, fn) if cluster else _run_local(tasks, workers, fn)


def _run_local(
    tasks: list[dict[str, Any]], workers: int, fn: TaskFn = play_game
) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for task in tasks:
            yield fn(task)
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = {pool.submit(fn, t) for t in tasks}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield fut.result()
        finally:
            for fut in pending:
                fut.cancel()


def _run_dask(
    tasks: list[dict[str, Any]], address: str, fn: TaskFn = play_game
) -> Iterator[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError:  # pragma: no cover - the arena extra is missing
        raise ArenaError("--cluster needs dask.distributed: pip install 'meeple[arena]'") from None
    try:
        client = Client(address, timeout=5)
    except OSError as exc:
        raise ArenaError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        futures = client.map(fn, tasks, pure=False)
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            client.cancel(futures)
    finally:
        client.close()


def run_tournament(
    tournament: Tournament,
    out: Path | None = None,
    workers: int = 1,
    cluster: str | None = None,
    progress: bool = True,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play every game not already in ``out``; return all results, by game index."""
    header = tournament.header()
    done = load_results(out, header) if out is not None else {}
    writer = ResultWriter(out, header, fresh=not done) if out is not None else None
    todo = [t for t in tournament.tasks() if t["index"] not in done]
    results = dict(done)
    stream = run_tasks(todo, play_game, workers, cluster)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=tournament.total(), initial=len(done), unit="game", leave=False)
    try:
        for result in stream:
            results[result["index"]] = result
            if writer is not None:
                writer.write(result)
            if bar is not None:
                bar.update(1)
            if on_result is not None:
                on_result(result)
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
        if bar is not None:
            bar.close()
        if writer is not None:
            writer.close()
    return [results[i] for i in sorted(results) if i < tournament.total()]
