"""The wall clock turn-based matches read, which a test may move forward.

Turn-based clocks and vacations are counted in instants of the wall clock
(``time.time``), stored with the match. A server reads them through one
:class:`WallClock`: the real one, or, for tests of days of play in minutes,
one shifted by an offset that the test moves forward:

* in the test's own process, :class:`FakeWall` (``advance(seconds)``);
* in server processes the test starts (a restart, a cluster node), the
  environment variable ``MEEPLE_FAKE_TIME`` names a file holding the offset in
  seconds (a number), read again whenever it changes. A server started with it
  says so in its log; it is for tests, never for a server people play on.

``check_period`` is how long a turn-based match's timer sleeps at most before
it looks at its clocks again (the wall clock may be moved, or set by the
machine, while it sleeps).
"""

from __future__ import annotations

import logging
import os
import time

log = logging.getLogger("meeple.server")

FAKE_TIME_ENV = "MEEPLE_FAKE_TIME"


class WallClock:
    """The real wall clock (seconds since the epoch)."""

    check_period = 60.0

    def now(self) -> float:
        return time.time()


class FakeWall(WallClock):
    """The wall clock plus an offset a test moves forward (in its own process)."""

    check_period = 0.1

    def __init__(self, offset: float = 0.0) -> None:
        self.offset = offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def now(self) -> float:
        return time.time() + self.offset


class FileWall(WallClock):
    """The wall clock plus the offset written in a file (servers a test started), read
    again at most every ``reread`` seconds."""

    check_period = 0.2
    reread = 0.05

    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = 0.0
        self._read_at = -1.0

    def now(self) -> float:
        real = time.time()
        if abs(real - self._read_at) >= self.reread:
            self._read_at = real
            try:
                with open(self.path, encoding="ascii") as f:
                    self.offset = float(f.read().strip() or 0)
            except (OSError, ValueError):
                pass  # the last offset read stays
        return real + self.offset


def wall_from_env() -> WallClock:
    """The real wall clock, or a file's offset when ``MEEPLE_FAKE_TIME`` names one."""
    path = os.environ.get(FAKE_TIME_ENV)
    if not path:
        return WallClock()
    log.warning("time is shifted by the offset in %s (%s): for tests only", path, FAKE_TIME_ENV)
    return FileWall(path)
