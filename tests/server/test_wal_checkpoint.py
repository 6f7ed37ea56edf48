"""SQLite checkpoints run on a thread of their own, never inside a commit.

A commit on the event loop that had to copy the WAL back into the database
(SQLite's default, every 1000 pages) stalled every match for milliseconds;
see :class:`meeple.server.storage.WalCheckpointer`.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from meeple.server.storage import Event, SqliteBackend, Storage
from tests.server.test_postgres import row


@pytest.mark.parametrize("fsync", [False, True], ids=["inline", "writer-thread"])
def test_commits_never_checkpoint_and_the_checkpointer_keeps_up(
    tmp_path: Path, fsync: bool
) -> None:
    path = tmp_path / "ckpt.sqlite3"
    storage = Storage(str(path), fsync=fsync)
    storage.open()
    try:
        backend = storage.backend
        assert isinstance(backend, SqliteBackend)
        assert backend.conn is not None and backend.checkpointer is not None
        if not fsync:  # the inline connection is ours to ask (the writer thread's is not)
            assert backend.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        storage.create_match_sync(row("ckpt"))
        payload = {"action": {"type": "place", "cell": 4}, "pad": "x" * 2000}
        for i in range(0, 1500, 10):  # ~3 MB: past SQLite's 1000-page default threshold
            events = [Event(i + k, "action", k % 2, payload, 1.0) for k in range(10)]
            storage.append_events_sync("ckpt", events, {"moves": i + 10})
        checkpointer = backend.checkpointer
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            last = checkpointer.last
            if last is not None and last[1] > 0 and last[2] == last[1]:
                break
            time.sleep(0.05)
        assert checkpointer.runs > 0
        assert checkpointer.last is not None
        _busy, frames, copied = checkpointer.last
        assert frames > 0 and copied == frames, checkpointer.last  # all copied back
        got = storage.get_match_sync("ckpt", with_events=True)
        assert got is not None and len(got.events) == 1500
    finally:
        storage.close()
    assert backend.checkpointer is None  # stopped with the storage
    with sqlite3.connect(path) as conn:  # and everything is in the database file
        assert conn.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1500
