"""The database side of a cluster: node and match leases in PostgreSQL, fenced writes.

Tables (created by every node, under an advisory lock): ``cluster_nodes`` (a
node's name, its current epoch, when its lease runs out by the database's
clock) and ``match_owners`` (which node and epoch serve each match). See
:mod:`meeple.server.ownership` for how a node uses them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from meeple.server.lobby import ENDED
from meeple.server.protocol import dumps
from meeple.server.storage import (
    SCHEMA,
    Backend,
    Event,
    MatchRow,
    PostgresBackend,
    Storage,
    StorageError,
    migrate,
)

#: The advisory lock that serializes schema creation by nodes starting together.
SCHEMA_LOCK = 0x6D65_6570  # "meep"

CLUSTER_SCHEMA = (
    "CREATE SEQUENCE IF NOT EXISTS cluster_epochs",
    """CREATE TABLE IF NOT EXISTS cluster_nodes (
        node TEXT PRIMARY KEY,
        epoch BIGINT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS match_owners (
        match_id TEXT PRIMARY KEY,
        node TEXT NOT NULL,
        epoch BIGINT NOT NULL
    )""",
    # the sweep reads only matches in play: its cost must not grow with the archive
    "CREATE INDEX IF NOT EXISTS matches_in_play ON matches (created_at) "
    "WHERE status IN ('open', 'running')",
)
#: Connection settings of a node's connections: a peer that vanished (a cut
#: cable, a dead host) is noticed within seconds, not after TCP's minutes.
LIBPQ_TIMEOUTS: dict[str, Any] = {
    "connect_timeout": 3,
    "keepalives": 1,
    "keepalives_idle": 2,
    "keepalives_interval": 1,
    "keepalives_count": 2,
    "tcp_user_timeout": 4000,
}

_LIVE = (
    "SELECT 1 FROM cluster_nodes n WHERE n.node = {t}.node AND n.epoch = {t}.epoch "
    "AND n.expires_at > clock_timestamp()"
)
REGISTER = (
    "INSERT INTO cluster_nodes (node, epoch, expires_at) "
    "VALUES (%s, nextval('cluster_epochs'), clock_timestamp() + make_interval(secs => %s)) "
    "ON CONFLICT (node) DO UPDATE SET epoch = EXCLUDED.epoch, expires_at = EXCLUDED.expires_at "
    "WHERE cluster_nodes.expires_at <= clock_timestamp() RETURNING epoch"
)
RENEW = (
    "UPDATE cluster_nodes SET expires_at = clock_timestamp() + make_interval(secs => %s) "
    "WHERE node = %s AND epoch = %s RETURNING epoch"
)
LIVE_NODES = "SELECT node, epoch FROM cluster_nodes WHERE expires_at > clock_timestamp()"
RETIRE = "UPDATE cluster_nodes SET expires_at = clock_timestamp() WHERE node = %s AND epoch = %s"
GUARD = (
    "SELECT 1 FROM match_owners o WHERE o.match_id = %s AND o.node = %s AND o.epoch = %s "
    f"AND EXISTS ({_LIVE.format(t='o')}) FOR SHARE"
)
OWN_NEW = (
    "INSERT INTO match_owners (match_id, node, epoch) SELECT %s, n.node, n.epoch "
    "FROM cluster_nodes n WHERE n.node = %s AND n.epoch = %s AND n.expires_at > clock_timestamp()"
)
CLAIM = (
    OWN_NEW + " ON CONFLICT (match_id) DO UPDATE SET node = EXCLUDED.node, epoch = EXCLUDED.epoch "
    "WHERE (match_owners.node = EXCLUDED.node AND match_owners.epoch = EXCLUDED.epoch) "
    f"OR NOT EXISTS ({_LIVE.format(t='match_owners')}) RETURNING match_id"
)
#: One event row of a fenced insert (typed: a column of NULL seats must still be integers).
EVENT_VALUES = "(%s, %s::integer, %s, %s::integer, %s, %s::double precision)"
RELEASE = "DELETE FROM match_owners WHERE match_id = %s AND node = %s AND epoch = %s"
CLAIMABLE = (
    "SELECT m.id FROM matches m LEFT JOIN match_owners o ON o.match_id = m.id "
    "WHERE m.status IN ('open', 'running') AND (o.node IS NULL OR o.node = %s "
    f"OR NOT EXISTS ({_LIVE.format(t='o')})) ORDER BY m.created_at"
)


class Fenced(StorageError):
    """A write refused because this node does not (or no longer) hold the match's lease."""


class ClusterBackend(PostgresBackend):
    """PostgreSQL for a cluster node: reconnects after losing the connection, and
    never sits on a lock in a transaction the network cut in half."""

    def connect(self) -> None:
        import psycopg

        try:
            self.conn = psycopg.connect(self.url, autocommit=False, **LIBPQ_TIMEOUTS)
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}") from None
        with self.conn.cursor() as cur:
            # a transaction left open by a partitioned node holds its owner rows
            # FOR SHARE: the server ends it, so a takeover is not held up for long
            cur.execute("SET idle_in_transaction_session_timeout = 5000")
        self.conn.commit()

    def cursor(self) -> Any:
        if self.conn is None or self.conn.closed or self.conn.broken:
            with contextlib.suppress(Exception):
                if self.conn is not None:
                    self.conn.close()
            self.conn = None
            self.connect()
        return self.conn.cursor()

    def rollback(self) -> None:
        if self.conn is not None and not self.conn.closed:
            self.conn.rollback()


class LeaseHolder(Protocol):
    """What fenced writes need to know of the node that holds the leases.

    :class:`meeple.server.ownership.Ownership` is the one implementation; it
    builds a :class:`ClusterStorage` with itself. Naming only these three
    members here keeps the storage layer below the ownership layer (the
    storage never calls back into heartbeats or takeovers).
    """

    #: this node's name in the cluster
    name: str
    #: this node's incarnation (a new one each time it registers; -1 before that)
    epoch: int

    def lease_valid(self) -> bool:
        """Whether this node's lease is still live, so that it may write."""
        ...


class ClusterStorage(Storage):
    """The event log with every write fenced by this node's match leases."""

    def __init__(self, database: str, ownership: LeaseHolder) -> None:
        super().__init__(database)
        if not isinstance(self.backend, PostgresBackend):
            raise StorageError("a cluster needs PostgreSQL: --database postgresql://...")
        self.backend = ClusterBackend(database)
        self.ownership = ownership

    def _connect(self) -> None:
        self.backend.connect()
        cur = self.backend.cursor()
        cur.execute("SELECT pg_advisory_xact_lock(%s)", [SCHEMA_LOCK])  # nodes start together
        for statement in (*SCHEMA, *CLUSTER_SCHEMA):
            cur.execute(statement)
        migrate(self.backend)
        self.backend.commit()

    # -- fenced writes ---------------------------------------------------------

    def _guard(self, match_id: str, finished_ok: bool = False) -> Any:
        me, epoch = self.ownership.name, self.ownership.epoch

        def job(b: Backend) -> None:
            cur = b.cursor()
            cur.execute(GUARD, [match_id, me, epoch])
            if cur.fetchall():
                return
            if finished_ok:  # an ended match has no owner: only its rematch link changes
                cur.execute(
                    "SELECT 1 FROM matches WHERE id = %s AND status = ANY(%s)",
                    [match_id, list(ENDED)],
                )
                if cur.fetchall():
                    return
            raise Fenced(f"node {me} does not hold match {match_id}")

        return job

    def _refuse_if_lapsed(self) -> None:
        if not self.ownership.lease_valid():
            raise Fenced(f"node {self.ownership.name}'s lease has lapsed; it writes nothing")

    def fence(self, match_id: str) -> Any:
        """Writes beside a match's log (its chat) are fenced as its events are: by this
        node's live lease of the match, or, once it ended, by none (any node may then
        serve it)."""
        self._refuse_if_lapsed()
        return self._guard(match_id, finished_ok=True)

    async def create_match(self, row: MatchRow, events: Sequence[Event] = ()) -> None:
        self._refuse_if_lapsed()
        me, epoch = self.ownership.name, self.ownership.epoch
        create = self._create(row, events)

        def job(b: Backend) -> None:
            cur = b.cursor()
            cur.execute(OWN_NEW + " RETURNING match_id", [row.id, me, epoch])
            if not cur.fetchall():
                raise Fenced(f"node {me}'s lease has lapsed; the match was not created")
            create(b)

        await self._submit(job)

    async def append_events(
        self, match_id: str, events: Sequence[Event], changes: dict[str, Any] | None = None
    ) -> None:
        """The events in ONE statement that also takes the guard's lock: a move costs
        no more round trips to PostgreSQL than without a cluster (fewer, with chance)."""
        self._refuse_if_lapsed()
        if not events:
            guard, write = self._guard(match_id), self._update(match_id, changes or {})

            def checked(b: Backend) -> None:
                guard(b)
                write(b)

            await self._submit(checked)
            return
        me, epoch = self.ownership.name, self.ownership.epoch
        values = ", ".join([EVENT_VALUES] * len(events))
        sql = (
            f"WITH g AS ({GUARD}) INSERT INTO events (match_id, idx, kind, seat, data, at) "
            f"SELECT v.* FROM (VALUES {values}) AS v, g RETURNING 1"
        )
        params: list[Any] = [match_id, me, epoch]
        for e in events:
            params += [match_id, e.idx, e.kind, e.seat, dumps(e.data), e.at]
        update = self._update(match_id, changes) if changes else None

        def job(b: Backend) -> None:
            cur = b.cursor()
            cur.execute(sql, params)
            if len(cur.fetchall()) != len(events):  # the guard found no live lease of ours
                raise Fenced(f"node {me} does not hold match {match_id}")
            if update is not None:
                update(b)

        await self._submit(job)

    async def update_match(self, match_id: str, changes: dict[str, Any]) -> None:
        self._refuse_if_lapsed()
        guard, write = self._guard(match_id, finished_ok=True), self._update(match_id, changes)

        def job(b: Backend) -> None:
            guard(b)
            write(b)

        await self._submit(job)

    # -- leases of matches -------------------------------------------------------

    async def claim(self, match_id: str) -> str:
        """Take a match's lease if nobody alive holds it: "mine", "taken" (another
        live node holds it), "finished" (nothing to hold) or "missing"."""
        me, epoch = self.ownership.name, self.ownership.epoch

        def job(b: Backend) -> str:
            cur = b.cursor()
            cur.execute("SELECT status FROM matches WHERE id = %s", [match_id])
            rows = cur.fetchall()
            if not rows:
                return "missing"
            if rows[0][0] in ENDED:  # finished or expired: nothing to hold
                return "finished"
            cur.execute(CLAIM, [match_id, me, epoch])
            return "mine" if cur.fetchall() else "taken"

        result: str = await self._submit(job)
        return result

    async def release(self, match_id: str) -> None:
        me, epoch = self.ownership.name, self.ownership.epoch

        def job(b: Backend) -> None:
            b.cursor().execute(RELEASE, [match_id, me, epoch])

        await self._submit(job)

    async def claimable(self) -> list[str]:
        """Unfinished matches no other live node holds (this node's own included)."""
        me = self.ownership.name

        def job(b: Backend) -> list[str]:
            cur = b.cursor()
            cur.execute(CLAIMABLE, [me])
            return [r[0] for r in cur.fetchall()]

        result: list[str] = await self._submit(job)
        return result
