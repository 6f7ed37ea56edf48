"""Vacations: days off that pause an account's clocks in turn-based matches.

An account has a yearly allowance (:data:`DAYS_PER_YEAR`, counted per calendar
year, UTC, by the year a vacation starts). A vacation starts now for a whole
number of days and may be ended early, which gives back the whole days not
taken. Each is stored as an interval of wall-clock instants in ``vacations``; a
turn-based clock charges nothing for the time inside one
(:class:`meeple.server.clocks.Clocks`, ``pauses``), so it needs no timer at its
start or end, and a restart or another node counts it the same way. The other
players of the account's matches see it (``vacation_until`` on its seat).
"""

from __future__ import annotations

import calendar
import math
import time
from collections.abc import Callable
from typing import Any

from meeple.server.protocol import ApiError
from meeple.server.storage import Backend, Storage
from meeple.server.walltime import WallClock

#: Days off an account may take per calendar year.
DAYS_PER_YEAR = 30
DAY = 86400.0
#: How far back the vacations a match's clocks read go (a bank holds thirty days at most,
#: and a clock may have run since before a vacation that ended since).
LOOK_BACK = 120 * DAY


def year_start(at: float) -> float:
    """The first instant of the UTC calendar year holding ``at``.

    >>> year_start(1_780_000_000.0)  # 2026-05-28
    1767225600.0
    """
    return float(calendar.timegm((time.gmtime(at).tm_year, 1, 1, 0, 0, 0)))


def days_taken(start: float, end: float) -> int:
    """Whole days a vacation uses of the allowance (a part of a day is a day)."""
    return max(1, math.ceil((end - start) / DAY - 1e-9))


class Vacations:
    """The ``vacations`` table; ``on_change(account, intervals)`` tells the matches."""

    def __init__(self, storage: Storage, wall: WallClock) -> None:
        self.storage = storage
        self.wall = wall
        self.on_change: Callable[[str, list[tuple[float, float]]], None] | None = None

    async def intervals(self, accounts: list[str]) -> dict[str, list[tuple[float, float]]]:
        """Each account's vacations that a running clock may still need (recent ones)."""
        since = self.wall.now() - LOOK_BACK
        marks = ", ".join("?" for _ in accounts)

        def job(b: Backend) -> list[tuple[Any, ...]]:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    f"SELECT account_id, start_at, end_at FROM vacations "
                    f"WHERE account_id IN ({marks}) AND end_at > ? ORDER BY start_at"
                ),
                [*accounts, since],
            )
            return [tuple(r) for r in cur.fetchall()]

        out: dict[str, list[tuple[float, float]]] = {a: [] for a in accounts}
        if accounts:
            for account, start, end in await self.storage.run(job):
                out[str(account)].append((float(start), float(end)))
        return out

    async def status(self, account: str) -> dict[str, Any]:
        """The allowance, what this year used and left, and the vacation now (or None)."""
        now = self.wall.now()
        year = year_start(now)

        def job(b: Backend) -> list[tuple[Any, ...]]:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT start_at, end_at FROM vacations WHERE account_id = ? "
                    "AND (start_at >= ? OR end_at > ?) ORDER BY start_at"
                ),
                [account, year, now],
            )
            return [tuple(r) for r in cur.fetchall()]

        rows = [(float(a), float(b)) for a, b in await self.storage.run(job)]
        used = sum(days_taken(a, b) for a, b in rows if a >= year)
        current = next(({"start": a, "end": b} for a, b in rows if a <= now < b), None)
        return {
            "allowance": DAYS_PER_YEAR,
            "used": used,
            "left": max(0, DAYS_PER_YEAR - used),
            "current": current,
            "now": now,
        }

    async def start(self, account: str, days: Any) -> dict[str, Any]:
        """A vacation of ``days`` whole days from now, within what is left this year."""
        if isinstance(days, bool) or not isinstance(days, int):
            raise ApiError("bad_vacation", "days must be a whole number of days")
        before = await self.status(account)
        if before["current"] is not None:
            raise ApiError("bad_vacation", "you are on vacation already: end it first")
        if not 1 <= days <= before["left"]:
            raise ApiError(
                "bad_vacation",
                f"days must be 1 to {before['left']} (what is left of {DAYS_PER_YEAR} this year)",
            )
        now = self.wall.now()
        end = now + days * DAY

        def job(b: Backend) -> None:
            b.cursor().execute(
                b.sql("INSERT INTO vacations (account_id, start_at, end_at) VALUES (?, ?, ?)"),
                [account, now, end],
            )

        await self.storage.run(job)
        await self._changed(account)
        return await self.status(account)

    async def end(self, account: str) -> dict[str, Any]:
        """End the vacation now (the whole days not taken go back to the allowance)."""
        now = self.wall.now()

        def job(b: Backend) -> bool:
            cur = b.cursor()
            now_on = "account_id = ? AND start_at <= ? AND end_at > ?"
            cur.execute(b.sql(f"SELECT 1 FROM vacations WHERE {now_on}"), [account, now, now])
            if not cur.fetchall():
                return False
            cur.execute(
                b.sql(f"UPDATE vacations SET end_at = ? WHERE {now_on}"), [now, account, now, now]
            )
            return True

        if not await self.storage.run(job):
            raise ApiError("bad_vacation", "you are not on vacation")
        await self._changed(account)
        return await self.status(account)

    async def _changed(self, account: str) -> None:
        if self.on_change is not None:
            self.on_change(account, (await self.intervals([account]))[account])
