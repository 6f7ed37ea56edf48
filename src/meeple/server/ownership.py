"""Several ``meeple serve`` nodes on one PostgreSQL database: who serves which match.

A cluster is a fixed list of nodes (``--cluster A,B,C``, the same list on every
node and in the proxy's configuration, see :mod:`meeple.server.proxy`). Each
match has a *preference order* over the nodes, a rotation of the list starting
at ``crc32(match id) mod N``: the proxy sends the match's requests to the first
node of that order it finds healthy, and the nodes hand the match to the first
one they find alive. Both sides compute the same thing from the same list, so
in steady state a match's requests arrive where it lives.

What keeps a match with one owner is PostgreSQL, not that agreement:

* **A node lease.** Each node process registers under its name with a fresh
  *epoch* (a sequence number, one per incarnation) and renews
  ``cluster_nodes.expires_at`` every ``lease / 4`` seconds from a thread of
  its own. The database's clock decides when a lease has run out.
* **A match lease.** ``match_owners`` names the (node, epoch) that serves each
  match. A node takes a match only when the row is missing or its holder's
  lease has run out (one atomic ``INSERT ... ON CONFLICT DO UPDATE ... WHERE``),
  and reads the match's events only after that commit, so it resumes with
  every event the old owner stored.
* **Every write is fenced.** Each transaction that writes a match first locks
  its owner row (``SELECT ... FOR SHARE``) and checks that it still names this
  node's live epoch; otherwise it writes nothing. A takeover (an ``UPDATE`` of
  that row) therefore waits for a write in flight and then sees it, and a
  write after a takeover fails: two nodes never both store a move of one
  match, whatever the clocks or the network do.
* **A node stops before its lease can be taken.** A renewal that began at
  monotonic time ``t`` lets the node act until ``t + lease - margin``; the
  database's expiry is at least ``t + lease``. When that local deadline
  passes without a renewal (the database is unreachable, the process was
  paused), the node drops every match from memory, hangs up their sockets
  (close code 1013, "try again") and refuses writes before sending them, and
  its health check fails so the proxy sends traffic elsewhere.

A node that comes back (or a new incarnation after a crash) takes back the
matches it is first in line for: the node holding them sees it alive, hangs
up and releases them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from typing import TYPE_CHECKING, Any

from meeple.server.cluster import ClusterConfig, node_name, preference
from meeple.server.leases import (
    LIBPQ_TIMEOUTS,
    LIVE_NODES,
    REGISTER,
    RENEW,
    RETIRE,
    ClusterStorage,
)
from meeple.server.lobby import ENDED
from meeple.server.protocol import CLOSE_TRY_AGAIN
from meeple.server.shards import Misrouted, Shard
from meeple.server.storage import StorageError

if TYPE_CHECKING:
    from meeple.server.lobby import Lobby
    from meeple.server.match import LiveMatch

log = logging.getLogger("meeple.server")

#: Every this many sweeps the node looks for orphaned matches even if no node
#: came or went (it always does when one did).
FULL_SWEEP_EVERY = 16


_GOODBYES: set[asyncio.Future[None]] = set()


def hang_up(live: LiveMatch) -> None:
    """Close every socket of a match with 1013 ("try again"): its clients reconnect
    through the proxy and reach the match's new owner."""
    for conn in list(live.connections):
        send = conn._send  # the ASGI send of the socket (Connection.close only stops writes)
        conn.close()

        async def bye(send: Any = send) -> None:
            with contextlib.suppress(Exception):  # the client may be gone already
                await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})

        task = asyncio.ensure_future(bye())
        _GOODBYES.add(task)  # held until done (the loop keeps only weak references)
        task.add_done_callback(_GOODBYES.discard)


class Ownership(Shard):
    """This node's leases: the heartbeat, takeovers, releases and the self-fence.

    As a :class:`Shard` it answers :meth:`owns` (is this node first in line for
    a match, among the nodes alive now) and :meth:`adopt` (take a match on
    demand when a request for it arrives).
    """

    redirects = False  # a request for another node's match: 503, the proxy routes the retry

    def __init__(self, config: ClusterConfig, database: str) -> None:
        super().__init__(index=config.index, count=len(config.nodes))
        self.config = config
        self.database = database
        self.name = config.name
        self.epoch = -1
        #: indexes of the nodes whose lease was live at the last heartbeat
        self.alive: frozenset[int] = frozenset({config.index})
        #: monotonic time until which this node may act on its leases
        self.valid_until = 0.0
        self.replaced = False  # another process registered under this name
        self.lobby: Lobby | None = None
        self.storage: ClusterStorage | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._beats: threading.Thread | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._watchdog: asyncio.TimerHandle | None = None
        self._taking: dict[str, asyncio.Task[LiveMatch | None]] = {}
        self.fenced_times = 0  # how often the lease lapsed (health and tests)
        self._first_beat = False
        self._renewed_at = 0.0
        #: the live (node, epoch) pairs, and those at the last full sweep
        self._incarnations: frozenset[tuple[str, int]] = frozenset()
        self._swept: frozenset[tuple[str, int]] | None = None
        #: until then every sweep is a full one: after a start or a lapse, the matches
        #: this node is first for come free one by one, as their holders let go
        self._eager_until = 0.0
        self._sweeps = 0

    # -- Shard ---------------------------------------------------------------------

    def preferred(self, match_id: str) -> int:
        """The first node of the match's order that is alive (this node if none is)."""
        for i in preference(match_id, self.count):
            if i in self.alive:
                return i
        return self.index

    def retained(self) -> dict[str, tuple[int, int | None]]:
        """Takeovers in flight, one task a match, gone when it ends (see Lobby.retained)."""
        return {"cluster: matches being taken over": (len(self._taking), None)}

    def owns(self, match_id: str) -> bool:
        return self.preferred(match_id) == self.index

    def lease_valid(self) -> bool:
        return time.monotonic() < self.valid_until

    async def adopt(self, lobby: Lobby, match_id: str) -> LiveMatch | None:
        """Take an unfinished match this node should serve (None: finished or unknown,
        read it as usual); :class:`Misrouted` when another live node holds it."""
        if not self.lease_valid():
            raise Misrouted(match_id)
        task = self._taking.get(match_id)
        if task is None:
            task = asyncio.ensure_future(self._take(match_id))
            self._taking[match_id] = task
            task.add_done_callback(lambda _t: self._taking.pop(match_id, None))
        return await asyncio.shield(task)

    async def _take(self, match_id: str) -> LiveMatch | None:
        from meeple.server.match import LiveMatch

        assert self.lobby is not None and self.storage is not None
        lobby, storage = self.lobby, self.storage
        held = lobby.live.get(match_id)
        if held is not None:
            return held
        outcome = await storage.claim(match_id)
        if outcome == "taken":  # another node's lease is live: its requests go there
            raise Misrouted(match_id)
        if outcome != "mine":
            return None
        row = await storage.get_match(match_id, with_events=True)  # after the claim committed
        if row is None or row.status in ENDED:
            return None
        held = lobby.live.get(match_id)
        if held is not None:
            return held
        if not self.lease_valid():  # lapsed while loading: leave it to the next owner
            raise Misrouted(match_id)
        try:
            live = LiveMatch.from_row(lobby.host, row)
        except Exception:  # one unreadable match must not stop the sweep of the others
            log.exception("node %s: match %s does not replay; not served", self.name, match_id)
            raise Misrouted(match_id) from None
        with contextlib.suppress(Exception):  # else read when a clock runs out
            await live.load_vacations()
        held = lobby.live.get(match_id)
        if held is not None:  # loaded by another request meanwhile
            return held
        lobby.live[match_id] = live
        live.start()
        log.info("node %s: serving match %s (%d events)", self.name, match_id, len(row.events))
        return live

    # -- lifecycle -----------------------------------------------------------------

    async def start(self, lobby: Lobby, storage: ClusterStorage) -> int:
        """Register this incarnation, start the heartbeat, take this node's matches."""
        self.lobby, self.storage = lobby, storage
        self._loop = asyncio.get_running_loop()
        started = time.monotonic()
        self.epoch = await asyncio.to_thread(self._register)
        self._renewed(started + self.config.lease - self.config.margin, None)
        self._beats = threading.Thread(
            target=self._beat_loop, name=f"meeple-lease-{self.name}", daemon=True
        )
        self._beats.start()
        await self._wait_for_first_beat()
        taken = await self.sweep()
        self._sweeper = asyncio.ensure_future(self._sweep_loop())
        return taken

    async def stop(self) -> None:
        """Stop renewing and give the leases up at once (a clean shutdown: the
        other nodes take the matches without waiting for the lease to run out)."""
        self._stop.set()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._watchdog is not None:
            self._watchdog.cancel()
        self.valid_until = 0.0
        if self.lobby is not None:
            for live in list(self.lobby.live.values()):
                hang_up(live)
        if self.epoch >= 0:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.to_thread(self._retire), timeout=2)

    def health(self) -> tuple[bool, dict[str, Any]]:
        ok = self.lease_valid() and not self.replaced
        return ok, {
            "node": self.name,
            "epoch": self.epoch,
            "lease": "held" if ok else "lapsed",
            "alive": sorted(node_name(i) for i in self.alive),
            "matches": len(self.lobby.live) if self.lobby is not None else 0,
        }

    # -- the heartbeat (its own thread and connection) ---------------------------

    def _connect(self) -> Any:
        import psycopg

        return psycopg.connect(self.database, autocommit=True, **LIBPQ_TIMEOUTS)

    def _register(self) -> int:
        """A fresh epoch for this name, once no other incarnation's lease is live."""
        deadline = time.monotonic() + self.config.lease + 5
        with self._connect() as conn:
            while True:
                row = conn.execute(REGISTER, [self.name, self.config.lease]).fetchone()
                if row is not None:
                    return int(row[0])
                if time.monotonic() > deadline:
                    raise StorageError(
                        f"another process is serving as {self.name} (its lease keeps being renewed)"
                    )
                time.sleep(0.1)  # the previous incarnation's lease runs out within `lease`

    def _retire(self) -> None:
        with self._connect() as conn:
            conn.execute(RETIRE, [self.name, self.epoch])

    def _beat_loop(self) -> None:
        conn = None
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                if conn is None:
                    conn = self._connect()
                renewed = conn.execute(RENEW, [self.config.lease, self.name, self.epoch]).fetchone()
                names = [(r[0], int(r[1])) for r in conn.execute(LIVE_NODES).fetchall()]
            except Exception as exc:  # unreachable database: the lease lapses on its own
                log.warning("node %s: heartbeat failed: %s", self.name, exc)
                with contextlib.suppress(Exception):
                    if conn is not None:
                        conn.close()
                conn = None
            else:
                if renewed is None:
                    self.replaced = True
                    log.error("node %s: another process registered under this name", self.name)
                elif self._loop is not None and not self._stop.is_set():
                    until = started + self.config.lease - self.config.margin
                    with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                        self._loop.call_soon_threadsafe(self._renewed, until, names)
            self._stop.wait(max(0.0, self.config.interval - (time.monotonic() - started)))
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    async def _wait_for_first_beat(self) -> None:
        """The first heartbeat brings the list of live nodes (the sweep needs it)."""
        for _ in range(int(self.config.lease / 0.02)):
            if self._first_beat:
                return
            await asyncio.sleep(0.02)

    def _renewed(self, until: float, names: list[tuple[str, int]] | None) -> None:
        """On the event loop: a renewal committed (``until``: how long it lets us act)."""
        if self._stop.is_set() or self.replaced:
            return
        if names is not None:
            index = {node_name(i): i for i in range(self.count)}
            self.alive = frozenset(index[n] for n, _ in names if n in index) | {self.index}
            self._incarnations = frozenset(names)
            self._first_beat = True
        now = time.monotonic()
        if until <= self.valid_until or until <= now:
            return
        if self.valid_until <= now:  # this node starts or comes back
            self._eager_until = now + 2 * self.config.lease
        self.valid_until = until
        self._renewed_at = time.monotonic()
        assert self._loop is not None
        if self._watchdog is not None:
            self._watchdog.cancel()
        self._watchdog = self._loop.call_at(until, self._check_lease)

    def _check_lease(self) -> None:
        """The watchdog: no renewal arrived in time, so stop serving every match now."""
        self._watchdog = None
        if self.lobby is None or self._stop.is_set():
            return
        if self.lease_valid():  # woken a little early (uvloop's timers have 1 ms steps)
            assert self._loop is not None
            self._watchdog = self._loop.call_at(self.valid_until + 0.002, self._check_lease)
            return
        self.fenced_times += 1
        self.alive = frozenset({self.index})
        self._swept = None  # once renewals return, look for every match again
        log.warning(
            "node %s: lease lapsed (no renewal for %.1f s); dropping %d match(es) until the "
            "database answers again",
            self.name,
            time.monotonic() - self._renewed_at,
            len(self.lobby.live),
        )
        for match_id, live in list(self.lobby.live.items()):
            del self.lobby.live[match_id]
            hang_up(live)
            live.shutdown()

    # -- the sweep (on the event loop) -------------------------------------------

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.interval)
            try:
                await self.sweep()
            except StorageError as exc:
                log.warning("node %s: ownership sweep failed: %s", self.name, exc)
            except Exception:  # pragma: no cover - never let the sweeper die silently
                log.exception("node %s: ownership sweep failed", self.name)

    async def sweep(self) -> int:
        """Release matches a preferred node came back for; take matches this node is
        now first in line for and nobody alive holds. Returns how many it took."""
        if not self.lease_valid() or self.lobby is None or self.storage is None:
            return 0
        lobby, storage = self.lobby, self.storage
        for match_id, live in list(lobby.live.items()):
            if live.status not in ENDED and not self.owns(match_id):
                if lobby.live.get(match_id) is live:
                    del lobby.live[match_id]
                hang_up(live)
                live.shutdown()
                await storage.release(match_id)  # after its writes in flight (one queue)
                log.info("node %s: handed match %s back", self.name, match_id)
        self._sweeps += 1
        if (
            self._incarnations == self._swept
            and self._sweeps % FULL_SWEEP_EVERY
            and time.monotonic() > self._eager_until
        ):
            return 0  # no node came, went or restarted: no match lost its holder
        self._swept = self._incarnations
        taken = 0
        for match_id in await storage.claimable():
            if match_id in lobby.live or not self.owns(match_id) or not self.lease_valid():
                continue
            with contextlib.suppress(Misrouted):
                if await self.adopt(lobby, match_id) is not None:
                    taken += 1
        return taken
