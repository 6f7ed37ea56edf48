"""What a live match needs from whoever holds it, handed in: the host.

A match is given its storage, the pool its bots think in, the cache of
legal-action entries its configuration shares, and a hook to call when it may
be idle (ended, nobody watching). Nothing else: a match never sees the lobby,
the other matches or the web application, so the same :class:`LiveMatch` runs
under the lobby, a cluster node (whose storage fences every write) or a test
holding an in-memory SQLite database.

boardgame.io's ``Master`` is built the same way, from its game, a storage API
and a transport API. Where this host differs, it does so on purpose:

* **Memory holds the match, storage its log.** The master fetches the whole
  state from storage for every update, reduces it and writes it back; two
  updates of one match running together both fetch the same state, and the
  stale-state check compares against what each fetched. Here one process
  owns each match (``shards.py``, ``ownership.py``), changes it under its
  lock, and appends events to storage: the storage interface is three calls,
  none of which reads the state on the hot path.
* **Stored before heard.** The master sends the new state to the clients and
  then writes it; a failed write leaves clients holding a move that is not
  stored. A match here writes first and tells the clients after the commit
  (a failed write rebuilds the match from what storage holds).
* **One asynchronous storage interface**, where the master tests
  ``isSynchronous`` at every call site.
* **No transport in the host.** Who listens changes while a match runs, so
  each connection brings its own ``send`` (:class:`~.connection.Connection`)
  instead of the match holding one transport for every player.
* **Bots are the host's.** Search bots of every match share one bounded pool
  fairly (``botpool.py``); the master has no bots of its own.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from meeple.core.actions import Action
from meeple.core.game import Game
from meeple.server.storage import Event, MatchRow
from meeple.server.walltime import WallClock

#: account ids -> each one's vacations as wall-clock intervals (meeple.server.vacations)
VacationReader = Callable[[list[str]], Awaitable[dict[str, list[tuple[float, float]]]]]


class MatchStore(Protocol):
    """The three storage calls a match makes (``Storage`` and the cluster's fenced
    ``ClusterStorage`` both have them; each raises ``StorageError`` on refusal)."""

    async def append_events(
        self, match_id: str, events: Sequence[Event], changes: dict[str, Any] | None = None
    ) -> None: ...

    async def update_match(self, match_id: str, changes: dict[str, Any]) -> None: ...

    async def get_match(self, match_id: str, with_events: bool = False) -> MatchRow | None: ...


class BotThinker(Protocol):
    """Where a bot's ``choose`` runs, off the event loop (``BotPool``)."""

    async def think(self, match_id: str, spec: str, fn: Callable[..., Any], *args: Any) -> Any: ...


class EntryCache:
    """Legal-action entries (``{code, text, json, label}``), one table per game
    configuration: every match of a configuration offers the same actions, so
    each entry is built once per process instead of once per match and move.

    At most :attr:`max_tables` configurations are kept, the least recently used
    dropped first: clients choose the options, so the configurations are theirs
    to multiply. A match keeps its own table while it runs, dropped or not."""

    #: Configurations kept (a game, its player count and options).
    max_tables = 64

    def __init__(self) -> None:
        self._tables: collections.OrderedDict[str, dict[Action, dict[str, Any]]] = (
            collections.OrderedDict()
        )

    def for_game(self, game: Game) -> dict[Action, dict[str, Any]]:
        key = f"{game.name}/{game.players}/{sorted(game.options.items())!r}"
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = {}
            while len(self._tables) > self.max_tables:
                self._tables.popitem(last=False)
        else:
            self._tables.move_to_end(key)
        return table

    def __len__(self) -> int:
        return len(self._tables)


class IdleMatch(Protocol):
    """What the idle hook may read of a match and do to it (a ``LiveMatch`` is one):
    enough to decide whether to drop it from memory, and to drop it. Named here,
    not imported, so the host needs nothing of the modules that use it."""

    lock: asyncio.Lock

    @property
    def id(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def connections(self) -> Collection[object]: ...

    def shutdown(self) -> None: ...


def _stay(live: IdleMatch) -> None:
    """The default idle hook: a host that holds no list of matches keeps them all."""


@dataclass(frozen=True)
class MatchHost:
    """Everything a :class:`~.live.LiveMatch` uses from outside itself.

    ``on_idle`` is called when the match may have nothing left to do (it ended,
    or a connection left); the host decides whether to drop it from memory.
    ``bot_delay`` is the pause before a bot moves for a stored match whose
    setup predates the per-match setting.

    Left out on purpose: the event loop (a match runs on the loop that runs
    it, and arms its timers there), the time of real-time clocks (they read
    ``time.monotonic``; a test shortens a clock by setting its remaining time
    rather than faking time for the whole process), and limits on client input (checked at the
    door, before a match sees a request: ``validation.py``, ``limits.py``).
    """

    storage: MatchStore
    bots: BotThinker
    on_idle: Callable[[IdleMatch], None] = _stay
    entries: EntryCache = field(default_factory=EntryCache)
    bot_delay: float = 0.5
    #: the wall clock turn-based clocks and vacations read (a test's may be moved)
    wall: WallClock = field(default_factory=WallClock)
    #: where a turn-based match reads its players' vacations (None: nobody has one)
    vacations: VacationReader | None = None
    #: told after each change of a running match whose seats to move changed: (match id,
    #: the accounts whose turn it now is); the turn notices (meeple.server.notices)
    on_turn: Callable[[str, list[str]], None] | None = None
