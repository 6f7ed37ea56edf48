"""Durable match storage: one append-only event log per match, in SQLite or PostgreSQL.

Why an event log: a match is fully determined by its setup (game, players,
options, seed) and the events applied to it, so storing exactly those is both
the smallest and the most faithful record, and a crash can only ever lose
events that were never acknowledged.

All database work runs on ONE writer thread (SQLite connections are
single-threaded; PostgreSQL gets one connection too). Writes queued while a
commit is in flight are committed together in the next transaction ("group
commit"), so many concurrent matches share each fsync. The asyncio side awaits
a future that resolves only after COMMIT returns: the server acknowledges an
action only after that.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from meeple.server.protocol import dumps

log = logging.getLogger("meeple.server")

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        setup TEXT NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL,
        moves INTEGER NOT NULL DEFAULT 0,
        created_at DOUBLE PRECISION NOT NULL,
        finished_at DOUBLE PRECISION,
        result TEXT,
        rematch TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS matches_status ON matches (status, created_at)",
    """CREATE TABLE IF NOT EXISTS events (
        match_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER,
        data TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (match_id, idx)
    )""",
    # accounts and their sessions (meeple.server.accounts); tables added later are
    # created on an existing database by the same CREATE ... IF NOT EXISTS
    """CREATE TABLE IF NOT EXISTS accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id)",
    """CREATE TABLE IF NOT EXISTS login_failures (
        key TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS login_failures_key ON login_failures (key, at)",
    # which account holds which seat (the seats column says so too: this is its index)
    """CREATE TABLE IF NOT EXISTS seat_accounts (
        match_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        account_id TEXT NOT NULL,
        PRIMARY KEY (match_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS seat_accounts_account ON seat_accounts (account_id)",
    # ratings per game of accounts and house bots, and solo records (meeple.server.ratings)
    """CREATE TABLE IF NOT EXISTS ratings (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player, game)
    )""",
    "CREATE INDEX IF NOT EXISTS ratings_game ON ratings (game)",
    """CREATE TABLE IF NOT EXISTS rating_history (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        match_id TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history (player, at)",
    """CREATE TABLE IF NOT EXISTS rated_matches (
        match_id TEXT PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL
    )""",
    # days off that pause an account's turn-based clocks (meeple.server.vacations)
    """CREATE TABLE IF NOT EXISTS vacations (
        account_id TEXT NOT NULL,
        start_at DOUBLE PRECISION NOT NULL,
        end_at DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS vacations_account ON vacations (account_id, end_at)",
    # turn notices by e-mail (meeple.server.notices): an account's address and wish,
    # when it was last sent one, and the unsubscribe tokens mailed (their SHA-256)
    """CREATE TABLE IF NOT EXISTS notice_settings (
        account_id TEXT PRIMARY KEY,
        email TEXT,
        enabled INTEGER NOT NULL DEFAULT 0,
        last_sent DOUBLE PRECISION NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS notice_tokens (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS solo_records (
        account TEXT NOT NULL,
        game TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        best DOUBLE PRECISION,
        PRIMARY KEY (account, game, difficulty)
    )""",
    # chat in every match (meeple.server.chat): its messages beside the match's events
    """CREATE TABLE IF NOT EXISTS chat_messages (
        match_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        move INTEGER NOT NULL,
        seat INTEGER,
        account_id TEXT,
        author TEXT NOT NULL,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (match_id, idx)
    )""",
    "CREATE INDEX IF NOT EXISTS chat_messages_account ON chat_messages (account_id, at)",
    """CREATE TABLE IF NOT EXISTS chat_mutes (
        account_id TEXT NOT NULL,
        target TEXT NOT NULL,
        name TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (account_id, target)
    )""",
    """CREATE TABLE IF NOT EXISTS chat_reports (
        id INTEGER PRIMARY KEY,
        match_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        reporter TEXT NOT NULL,
        reason TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        author_account TEXT,
        author_name TEXT NOT NULL,
        text TEXT NOT NULL,
        status TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS chat_reports_reporter ON chat_reports (reporter, at)",
    """CREATE TABLE IF NOT EXISTS chat_bans (
        account_id TEXT PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL
    )""",
    # one review per finished match (meeple.server.reviews): its progress, the entries
    # judged so far (a restarted server goes on from there) and the finished review
    """CREATE TABLE IF NOT EXISTS reviews (
        match_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        iters INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        done INTEGER NOT NULL,
        total INTEGER NOT NULL,
        requested_at DOUBLE PRECISION NOT NULL,
        finished_at DOUBLE PRECISION,
        entries TEXT,
        result TEXT,
        error TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS reviews_status ON reviews (status)",
)

#: Columns added to a table after it first shipped: (table, column, type). A database
#: made before gains them when it opens (:func:`migrate`).
ADDED_COLUMNS = (
    # a turn-based match's banks and the instants its running clocks started
    # (meeple.server.clocks): written with every change of the match
    ("matches", "clocks", "TEXT"),
)

#: Columns of ``matches`` that :meth:`Storage.update_match` may change.
MUTABLE_COLUMNS = frozenset(
    {"seats", "status", "moves", "finished_at", "result", "rematch", "clocks"}
)
JSON_COLUMNS = frozenset({"options", "setup", "seats", "result", "clocks"})
MATCH_COLUMNS = (
    "id",
    "game",
    "players",
    "options",
    "seed",
    "setup",
    "seats",
    "status",
    "moves",
    "created_at",
    "finished_at",
    "result",
    "rematch",
    "clocks",
)


def migrate(backend: Backend) -> None:
    """Add the columns of :data:`ADDED_COLUMNS` a database made before lacks (in the
    transaction that creates the schema)."""
    cur = backend.cursor()
    for table, column, kind in ADDED_COLUMNS:
        if isinstance(backend, SqliteBackend):
            cur.execute(f"PRAGMA table_info({table})")
            if column not in {str(r[1]) for r in cur.fetchall()}:
                cur.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        else:
            cur.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")


class StorageError(Exception):
    """The database refused an operation (it is reported, never swallowed)."""


@dataclass
class Event:
    """One entry of a match's log: ``kind`` is "action", "undo" or "timeout"."""

    idx: int
    kind: str
    seat: int | None
    data: dict[str, Any]
    at: float


@dataclass
class MatchRow:
    """A row of ``matches`` with its JSON columns decoded, plus (optionally) its events."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    moves: int
    created_at: float
    finished_at: float | None
    result: dict[str, Any] | None
    rematch: str | None
    #: a turn-based match's stored clocks (``Clocks.to_json``), or None
    clocks: dict[str, Any] | None = None
    events: list[Event] = field(default_factory=list)


class Cursor(Protocol):
    def execute(self, sql: str, params: Sequence[Any] = ...) -> Any: ...
    def fetchall(self) -> list[Any]: ...


class Backend(ABC):
    """A DB-API connection plus its dialect. Used from one thread only."""

    placeholder = "?"
    #: Commits are so cheap (no fsync, no network) that they run on the caller's thread.
    inline = False

    @abstractmethod
    def connect(self) -> None:
        """Open the connection and create the tables if missing."""

    @abstractmethod
    def cursor(self) -> Cursor: ...

    @abstractmethod
    def commit(self) -> None: ...

    @abstractmethod
    def rollback(self) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    def sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)


class SqliteBackend(Backend):
    """A SQLite file in write-ahead-log mode.

    By default ``synchronous=NORMAL``: a committed transaction is in the WAL
    file (the OS holds it), so it survives the server process dying in any way,
    SIGKILL included; only an OS crash or power cut can lose the last commits.
    With ``fsync=True`` (``meeple serve --fsync``), ``synchronous=FULL`` syncs
    every commit to the disk too (about 6 ms per commit on a VM disk, shared by
    every move of a group commit).
    """

    def __init__(self, path: str, fsync: bool = False) -> None:
        self.path = path
        self.fsync = fsync
        # Without fsync a commit is a write into the OS cache (~15 us): doing it
        # on the event loop is cheaper than two thread hand-offs per move.
        self.inline = not fsync
        self.conn: sqlite3.Connection | None = None
        self.checkpointer: WalCheckpointer | None = None

    def connect(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, isolation_level="DEFERRED", check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={'FULL' if self.fsync else 'NORMAL'}")
        conn.execute("PRAGMA busy_timeout=5000")
        if self.path != ":memory:":
            # checkpoints are the checkpointer thread's job, not a commit's
            conn.execute("PRAGMA wal_autocheckpoint=0")
            self.checkpointer = WalCheckpointer(self.path)
            self.checkpointer.start()
        self.conn = conn

    def cursor(self) -> Cursor:
        assert self.conn is not None
        return self.conn.cursor()

    def commit(self) -> None:
        assert self.conn is not None
        self.conn.commit()

    def rollback(self) -> None:
        assert self.conn is not None
        self.conn.rollback()

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.stop()
            self.checkpointer = None
        if self.conn is not None:
            with contextlib.suppress(sqlite3.Error):  # copy back what is left (never waits)
                self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
            self.conn.close()
            self.conn = None


class WalCheckpointer:
    """Copies the WAL back into the database file, on a thread of its own.

    SQLite's default is that the commit which takes the WAL past 1000 pages
    runs the checkpoint itself, inline. The server commits on its event loop,
    so every few hundred moves one move waited several milliseconds for a
    checkpoint, which was most of the server's p99 latency under load. Here a
    daemon thread with its own connection runs a PASSIVE checkpoint (it never
    blocks a writer) every ``interval`` seconds; SQLite releases the GIL while
    it copies pages, so the copying uses another core too. With several
    ``--workers`` each has a checkpointer; one that finds another at work
    simply tries again next time.
    """

    def __init__(self, path: str, interval: float = 0.25) -> None:
        self.path = path
        self.interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: The last checkpoint's (busy, WAL frames, frames copied back), for tests.
        self.last: tuple[int, int, int] | None = None
        self.runs = 0

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="meeple-wal-checkpoint", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA busy_timeout=100")
            while not self._stop.wait(self.interval):
                try:
                    row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as exc:  # a locked or vanished file: try again later
                    log.debug("WAL checkpoint of %s failed: %s", self.path, exc)
                    continue
                self.last = (int(row[0]), int(row[1]), int(row[2]))
                self.runs += 1
        finally:
            conn.close()


class PostgresBackend(Backend):
    """PostgreSQL through psycopg 3 (one connection, explicit transactions)."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        self.url = url
        self.conn: Any = None

    def connect(self) -> None:
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - the server extra installs it
            raise StorageError("PostgreSQL needs psycopg: pip install 'meeple[server]'") from exc
        try:
            self.conn = psycopg.connect(self.url, autocommit=False)
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}") from None

    def cursor(self) -> Cursor:
        return self.conn.cursor()

    def commit(self) -> None:
        self.conn.commit()

    def rollback(self) -> None:
        self.conn.rollback()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def backend_for(database: str, fsync: bool = False) -> Backend:
    """``postgresql://...`` (or ``postgres://``) selects PostgreSQL; anything else is a SQLite path.

    PostgreSQL keeps its own durability settings (``synchronous_commit``).
    """
    if database.startswith(("postgresql://", "postgres://")):
        return PostgresBackend(database)
    if database.startswith("sqlite:///"):
        database = database[len("sqlite:///") :]
    return SqliteBackend(database, fsync=fsync)


Job = Callable[[Backend], Any]


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """Resolve a job's future (unless its waiter gave up on it already)."""
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class Storage:
    """The match database, driven from asyncio through one writer thread.

    Every public coroutine resolves after its transaction committed (or raises
    :class:`StorageError`). The synchronous ``*_sync`` methods are the same
    operations for tools and tests that run without an event loop.

    A backend whose commits cost microseconds (SQLite without ``--fsync``) runs
    inline instead: jobs execute and commit on the event loop, with no writer
    thread at all, grouped per loop iteration (see :meth:`_submit_inline`).
    """

    def __init__(self, database: str, fsync: bool = False) -> None:
        self.database = database
        self.backend = backend_for(database, fsync=fsync)
        self._jobs: queue.SimpleQueue[tuple[Job, Callable[[Any, BaseException | None], None]]]
        self._jobs = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._inline_open = False
        self._inline_pending: list[tuple[Job, Callable[[Any, BaseException | None], None]]] = []

    # -- lifecycle ----------------------------------------------------------

    def open(self) -> None:
        """Connect, create the schema, start the writer thread (unless inline)."""
        if self._thread is not None or self._inline_open:
            return
        if self.backend.inline:
            try:
                self._connect()
            except Exception as exc:
                raise StorageError(f"cannot open database {self.database!r}: {exc}") from exc
            self._inline_open = True
            return
        ready: queue.SimpleQueue[BaseException | None] = queue.SimpleQueue()
        self._thread = threading.Thread(
            target=self._run, args=(ready,), name="meeple-storage", daemon=True
        )
        self._thread.start()
        error = ready.get()
        if error is not None:
            self._thread.join()
            self._thread = None
            raise StorageError(f"cannot open database {self.database!r}: {error}") from error

    def close(self) -> None:
        if self._inline_open:
            self._run_inline_pending()  # nothing submitted is dropped
            self.backend.close()
            self._inline_open = False
            return
        if self._thread is None:
            return
        self._stopping = True
        self._jobs.put((lambda b: None, lambda r, e: None))
        self._thread.join(timeout=10)
        self._thread = None

    def _connect(self) -> None:
        self.backend.connect()
        cur = self.backend.cursor()
        for statement in SCHEMA:
            cur.execute(statement)
        migrate(self.backend)
        self.backend.commit()

    def _run(self, ready: queue.SimpleQueue[BaseException | None]) -> None:
        try:
            self._connect()
        except BaseException as exc:
            ready.put(exc)
            return
        ready.put(None)
        while not self._stopping:
            batch = [self._jobs.get()]
            while True:
                try:
                    batch.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            self._run_batch(batch)
        self.backend.close()

    def _run_batch(
        self, batch: list[tuple[Job, Callable[[Any, BaseException | None], None]]]
    ) -> None:
        """Run queued jobs in one transaction; if it fails, retry each alone to blame one."""
        results: list[Any] = []
        try:
            for job, _ in batch:
                results.append(job(self.backend))
            self.backend.commit()
        except Exception:
            self._rollback()
            if len(batch) == 1:
                self._settle_one(batch[0])
                return
            for item in batch:
                self._settle_one(item)
            return
        for (_, done), result in zip(batch, results, strict=True):
            done(result, None)

    def _settle_one(self, item: tuple[Job, Callable[[Any, BaseException | None], None]]) -> None:
        job, done = item
        try:
            result = job(self.backend)
            self.backend.commit()
        except StorageError as exc:  # a job's own refusal (a fenced cluster write) says why
            self._rollback()
            done(None, exc)
            return
        except Exception as exc:
            self._rollback()
            done(None, StorageError(f"database error: {exc}"))
            return
        done(result, None)

    def _rollback(self) -> None:
        # the connection itself may be gone; the next job reports it
        with contextlib.suppress(Exception):
            self.backend.rollback()

    def _run_inline(self, job: Job) -> Any:
        box: list[tuple[Any, BaseException | None]] = []
        self._settle_one((job, lambda r, e: box.append((r, e))))
        result, error = box[0]
        if error is not None:
            raise error
        return result

    async def _submit(self, job: Job) -> Any:
        if self._inline_open:
            return await self._submit_inline(job)
        if self._thread is None:
            raise StorageError("storage is not open")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()

        def done(result: Any, error: BaseException | None) -> None:
            loop.call_soon_threadsafe(_settle, future, result, error)

        self._jobs.put((job, done))
        return await future

    async def _submit_inline(self, job: Job) -> Any:
        """Group commit on the event loop: jobs submitted while the loop runs the
        current batch of ready callbacks share one transaction, run right after it.

        Twenty matches moving at once then cost one commit (one write of the
        shared B-tree pages to the WAL) instead of twenty, and a move still waits
        for its own commit before it is acknowledged.
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()

        def done(result: Any, error: BaseException | None) -> None:
            _settle(future, result, error)

        self._inline_pending.append((job, done))
        if len(self._inline_pending) == 1:
            loop.call_soon(self._run_inline_pending)
        return await future

    def _run_inline_pending(self) -> None:
        batch, self._inline_pending = self._inline_pending, []
        if batch:
            self._run_batch(batch)

    def _submit_sync(self, job: Job) -> Any:
        if self._inline_open:
            return self._run_inline(job)
        if self._thread is None:
            raise StorageError("storage is not open")
        box: queue.SimpleQueue[tuple[Any, BaseException | None]] = queue.SimpleQueue()
        self._jobs.put((job, lambda r, e: box.put((r, e))))
        result, error = box.get()
        if error is not None:
            raise error
        return result

    def fence(self, match_id: str) -> Job | None:
        """A check to run first in a transaction that writes beside a match's log (its
        chat): None here; a cluster node's storage refuses a match it does not hold."""
        return None

    async def run(self, job: Job) -> Any:
        """Run ``job`` (a function of the backend) in the next transaction and return
        its result once committed: for the tables beside the match log (accounts)."""
        return await self._submit(job)

    # -- operations (run on the writer thread) -----------------------------

    @staticmethod
    def _insert_match(row: MatchRow) -> Job:
        values = [
            dumps(getattr(row, c)) if c in JSON_COLUMNS else getattr(row, c) for c in MATCH_COLUMNS
        ]
        sql = (
            f"INSERT INTO matches ({', '.join(MATCH_COLUMNS)}) "
            f"VALUES ({', '.join('?' for _ in MATCH_COLUMNS)})"
        )

        def job(b: Backend) -> None:
            b.cursor().execute(b.sql(sql), values)

        return job

    @staticmethod
    def _create(row: MatchRow, events: Sequence[Event]) -> Job:
        """The match row and its first events, in one job."""
        insert = Storage._insert_match(row)
        append = Storage._append(row.id, events, None)

        def job(b: Backend) -> None:
            insert(b)
            append(b)

        return job

    @staticmethod
    def _update(match_id: str, changes: dict[str, Any]) -> Callable[[Backend], None]:
        bad = set(changes) - MUTABLE_COLUMNS
        if bad:
            raise ValueError(f"cannot update column(s) {sorted(bad)}")
        cols = sorted(changes)
        values = [dumps(changes[c]) if c in JSON_COLUMNS else changes[c] for c in cols]
        sql = f"UPDATE matches SET {', '.join(f'{c} = ?' for c in cols)} WHERE id = ?"

        def job(b: Backend) -> None:
            if cols:
                b.cursor().execute(b.sql(sql), [*values, match_id])

        return job

    @staticmethod
    def _append(match_id: str, events: Sequence[Event], changes: dict[str, Any] | None) -> Job:
        rows = [(match_id, e.idx, e.kind, e.seat, dumps(e.data), e.at) for e in events]
        update = Storage._update(match_id, changes) if changes else None
        sql = "INSERT INTO events (match_id, idx, kind, seat, data, at) VALUES (?, ?, ?, ?, ?, ?)"

        def job(b: Backend) -> None:
            cur = b.cursor()
            for r in rows:
                cur.execute(b.sql(sql), r)
            if update is not None:
                update(b)

        return job

    @staticmethod
    def _decode(row: Sequence[Any]) -> MatchRow:
        data = dict(zip(MATCH_COLUMNS, row, strict=True))
        for c in JSON_COLUMNS:
            if data[c] is not None:
                data[c] = json.loads(data[c])
        data["seed"] = int(data["seed"])
        return MatchRow(**data)

    @staticmethod
    def _load_events(b: Backend, match_id: str) -> list[Event]:
        cur = b.cursor()
        cur.execute(
            b.sql("SELECT idx, kind, seat, data, at FROM events WHERE match_id = ? ORDER BY idx"),
            [match_id],
        )
        return [Event(i, k, s, json.loads(d), float(a)) for i, k, s, d, a in cur.fetchall()]

    @staticmethod
    def _get(match_id: str, with_events: bool) -> Job:
        sql = f"SELECT {', '.join(MATCH_COLUMNS)} FROM matches WHERE id = ?"

        def job(b: Backend) -> MatchRow | None:
            cur = b.cursor()
            cur.execute(b.sql(sql), [match_id])
            rows = cur.fetchall()
            if not rows:
                return None
            row = Storage._decode(rows[0])
            if with_events:
                row.events = Storage._load_events(b, match_id)
            return row

        return job

    @staticmethod
    def _list(status: str | None, limit: int, with_events: bool) -> Job:
        where = "WHERE status = ?" if status else ""
        order = "ORDER BY created_at DESC" if not with_events else "ORDER BY created_at"
        sql = f"SELECT {', '.join(MATCH_COLUMNS)} FROM matches {where} {order} LIMIT ?"
        params: list[Any] = [status, limit] if status else [limit]

        def job(b: Backend) -> list[MatchRow]:
            cur = b.cursor()
            cur.execute(b.sql(sql), params)
            out = [Storage._decode(r) for r in cur.fetchall()]
            if with_events:
                for row in out:
                    row.events = Storage._load_events(b, row.id)
            return out

        return job

    @staticmethod
    def _unfinished() -> Job:
        sql = (
            f"SELECT {', '.join(MATCH_COLUMNS)} FROM matches "
            "WHERE status IN ('open', 'running') ORDER BY created_at"
        )

        def job(b: Backend) -> list[MatchRow]:
            cur = b.cursor()
            cur.execute(b.sql(sql))
            out = [Storage._decode(r) for r in cur.fetchall()]
            for row in out:
                row.events = Storage._load_events(b, row.id)
            return out

        return job

    # -- async API -------------------------------------------------------------

    async def create_match(self, row: MatchRow, events: Sequence[Event] = ()) -> None:
        """Insert a match and its first events (e.g. the opening chance outcomes) atomically."""
        await self._submit(self._create(row, events))

    async def append_events(
        self, match_id: str, events: Sequence[Event], changes: dict[str, Any] | None = None
    ) -> None:
        """Append events and update match columns in one transaction."""
        await self._submit(self._append(match_id, events, changes))

    async def update_match(self, match_id: str, changes: dict[str, Any]) -> None:
        await self._submit(self._update(match_id, changes))

    async def get_match(self, match_id: str, with_events: bool = False) -> MatchRow | None:
        return await self._submit(self._get(match_id, with_events))

    async def list_matches(self, status: str | None = None, limit: int = 50) -> list[MatchRow]:
        return await self._submit(self._list(status, limit, False))

    async def unfinished_matches(self) -> list[MatchRow]:
        return await self._submit(self._unfinished())

    # -- sync API (tools, tests) --------------------------------------------

    def create_match_sync(self, row: MatchRow, events: Sequence[Event] = ()) -> None:
        self._submit_sync(self._create(row, events))

    def append_events_sync(
        self, match_id: str, events: Sequence[Event], changes: dict[str, Any] | None = None
    ) -> None:
        self._submit_sync(self._append(match_id, events, changes))

    def get_match_sync(self, match_id: str, with_events: bool = False) -> MatchRow | None:
        return self._submit_sync(self._get(match_id, with_events))

    def unfinished_matches_sync(self) -> list[MatchRow]:
        return self._submit_sync(self._unfinished())
