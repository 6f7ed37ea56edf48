"""Reviews of finished matches, made in the server's bot pool and kept in its database
(issue 38, item 5).

A review is requested once per match (``POST /api/matches/<id>/review``); there is
one row per match in the ``reviews`` table, so a second request, from the same or
another client, gets the first one back. Reviews wait in a bounded queue (at most
``max_queue`` queued or running in a process, else ``try_again``) and one runs at a
time: each decision is one job of the bot pool's search lane (:mod:`.botpool`), so a
review shares the search threads fairly with the matches' bots, decision by
decision, and never holds a thread longer than one decision's search, whose budget
(``iters``) is capped by ``meeple serve --review-iters``.

Each judged decision is stored as it is made (``done`` and the entries so far): the
page reads the progress from there, and a server that stops or is killed part-way
picks the review up at its next start from the first decision not stored. Every
decision is judged at its own fixed seed (the review's seed plus the ply), so a
resumed review is the same as one made in one go.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import asdict
from typing import Any

from meeple.core.match import MatchRecord
from meeple.review.engine import DEFAULT_ITERS, Entry, finish_review, review_steps
from meeple.server.lobby import Lobby
from meeple.server.protocol import ApiError, dumps
from meeple.server.shards import Misrouted
from meeple.server.storage import Backend, Storage

log = logging.getLogger("meeple.server")

#: The most search iterations a decision of a review may have (``--review-iters``).
MAX_ITERS = DEFAULT_ITERS
#: Reviews queued or running at once in one process (``--review-queue``).
MAX_QUEUE = 8
#: The bot spec the pool sees for a review's jobs (its search lane).
LANE = "ismcts"

COLUMNS = (
    "match_id", "status", "iters", "seed", "done", "total",
    "requested_at", "finished_at", "entries", "result", "error",
)  # fmt: skip


def _row(values: Any) -> dict[str, Any]:
    row = dict(zip(COLUMNS, values, strict=True))
    for key in ("entries", "result"):
        if row[key] is not None:
            row[key] = json.loads(row[key])
    return row


def public(row: dict[str, Any]) -> dict[str, Any]:
    """A review as ``GET /api/matches/<id>/review`` tells it (docs/protocol.md)."""
    return {
        "match_id": row["match_id"],
        "status": row["status"],  # queued, running, done or failed
        "iters": row["iters"],
        "done": row["done"],
        "total": row["total"],
        "requested_at": row["requested_at"],
        "finished_at": row["finished_at"],
        "review": row["result"],  # the review (docs/review.md) once done, else null
        "error": row["error"],
    }


class Reviews:
    """The review queue of one server process (see the module docstring)."""

    def __init__(
        self, storage: Storage, lobby: Lobby, max_iters: int = MAX_ITERS, max_queue: int = MAX_QUEUE
    ) -> None:
        if max_iters < 1 or max_queue < 1:
            raise ValueError("reviews need at least one iteration and a queue of one")
        self.storage = storage
        self.lobby = lobby
        self.max_iters = max_iters
        self.max_queue = max_queue
        #: match ids queued or running here, in order (the running one first)
        self.pending: dict[str, None] = {}
        self._wake = asyncio.Event()
        self._runner: asyncio.Task[None] | None = None

    def retained(self) -> dict[str, tuple[int, int | None]]:
        return {"reviews queued or running": (len(self.pending), self.max_queue)}

    # -- lifecycle -----------------------------------------------------------------

    async def start(self) -> int:
        """Queue again every review a stopped or killed server left unfinished (those
        of matches this process serves); returns how many."""
        rows = await self.storage.run(self._select("status IN ('queued', 'running')"))
        mine = [r for r in rows if self.lobby.shard.owns(r["match_id"])]
        for row in sorted(mine, key=lambda r: r["requested_at"]):
            self.pending[row["match_id"]] = None
        self._runner = asyncio.create_task(self._run_queue())
        if mine:
            self._wake.set()
        return len(mine)

    async def stop(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._runner
            self._runner = None

    # -- the API -----------------------------------------------------------------------

    async def request(self, match_id: str, body: Any) -> tuple[dict[str, Any], bool]:
        """Ask for ``match_id``'s review: (its row, whether this request queued it)."""
        if not isinstance(body, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        unknown = sorted(set(body) - {"iters"})
        if unknown:
            raise ApiError("bad_request", f"unknown field(s) {unknown}; a review takes iters")
        iters = body.get("iters", min(DEFAULT_ITERS, self.max_iters))
        if isinstance(iters, bool) or not isinstance(iters, int) or iters < 1:
            raise ApiError("bad_request", "iters must be a whole number of at least 1")
        if iters > self.max_iters:
            raise ApiError(
                "bad_request", f"iters is at most {self.max_iters} a decision on this server"
            )
        live = await self.lobby.get(match_id)  # not_found, or Misrouted to its worker
        if live.status != "finished":
            raise ApiError("match_not_finished", "a match is reviewed once it is over")
        existing = await self.storage.run(self._select("match_id = ?", [match_id]))
        if existing and existing[0]["status"] != "failed":
            return existing[0], False
        if len(self.pending) >= self.max_queue:
            raise ApiError(
                "try_again",
                f"{len(self.pending)} reviews are waiting on this server; ask again later",
            )
        total = len(live.record().actions)
        row = {
            "match_id": match_id, "status": "queued", "iters": iters, "seed": 0, "done": 0,
            "total": total, "requested_at": time.time(), "finished_at": None,
            "entries": [], "result": None, "error": None,
        }  # fmt: skip
        created = await self.storage.run(self._insert(row, replace=bool(existing)))
        if not created:  # another request (another worker) queued it meanwhile
            return (await self.storage.run(self._select("match_id = ?", [match_id])))[0], False
        self.pending[match_id] = None
        self._wake.set()
        return row, True

    async def get(self, match_id: str) -> dict[str, Any]:
        rows = await self.storage.run(self._select("match_id = ?", [match_id]))
        if not rows:
            if not self.lobby.shard.owns(match_id):
                raise Misrouted(match_id)
            raise ApiError("not_found", f"match {match_id!r} has no review; ask for one first")
        return rows[0]

    # -- running -------------------------------------------------------------------

    async def _run_queue(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self.pending:
                match_id = next(iter(self.pending))
                try:
                    await self._review(match_id)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # one bad match must not stop the queue
                    log.exception("review of match %s failed", match_id)
                    with contextlib.suppress(Exception):
                        await self.storage.run(
                            self._update(match_id, {"status": "failed", "error": str(exc)[:500]})
                        )
                finally:
                    self.pending.pop(match_id, None)

    async def _review(self, match_id: str) -> None:
        rows = await self.storage.run(self._select("match_id = ?", [match_id]))
        if not rows or rows[0]["status"] not in ("queued", "running"):
            return
        row = rows[0]
        record: MatchRecord = (await self.lobby.get(match_id)).record()
        game = record.make_game()
        entries = [Entry(**e) for e in row["entries"] or []]
        total = len(record.actions)
        await self.storage.run(self._update(match_id, {"status": "running", "total": total}))
        key = f"review:{match_id}"
        # the engine's own loop (as `meeple review` runs it), from the first step not
        # stored; each decision's search is one job of the bot pool's search lane
        for step in review_steps(record, row["iters"], row["seed"], start=len(entries)):
            entry = await self.lobby.bots.think(key, LANE, step) if step.judged else step()
            entries.append(entry)
            await self.storage.run(
                self._update(
                    match_id, {"done": len(entries), "entries": [asdict(e) for e in entries]}
                )
            )
        review = finish_review(record, entries, row["iters"])
        result = {"match_id": match_id, **review.to_json()}
        for entry in result["entries"]:  # the better move as the page's boards take it
            if entry.get("best") is not None:
                best = game.action_from_code(entry["best"])
                entry["best_json"], entry["best_text"] = best.to_json(), str(best)
        changes = {"status": "done", "result": result, "entries": None, "done": total,
                   "finished_at": time.time()}  # fmt: skip
        await self.storage.run(self._update(match_id, changes))

    # -- database jobs ---------------------------------------------------------------

    @staticmethod
    def _select(where: str, params: list[Any] | None = None) -> Any:
        sql = f"SELECT {', '.join(COLUMNS)} FROM reviews WHERE {where}"

        def job(b: Backend) -> list[dict[str, Any]]:
            cur = b.cursor()
            cur.execute(b.sql(sql), params or [])
            return [_row(r) for r in cur.fetchall()]

        return job

    @staticmethod
    def _insert(row: dict[str, Any], replace: bool) -> Any:
        values = [dumps(row[c]) if c in ("entries", "result") else row[c] for c in COLUMNS]
        cols = ", ".join(COLUMNS)
        marks = ", ".join("?" for _ in COLUMNS)
        delete = "DELETE FROM reviews WHERE match_id = ? AND status = 'failed'"
        insert = f"INSERT INTO reviews ({cols}) VALUES ({marks}) ON CONFLICT (match_id) DO NOTHING"

        def job(b: Backend) -> bool:
            cur = b.cursor()
            if replace:  # a failed review asked for again
                cur.execute(b.sql(delete), [row["match_id"]])
            cur.execute(b.sql(insert), values)
            return bool(getattr(cur, "rowcount", 1))

        return job

    @staticmethod
    def _update(match_id: str, changes: dict[str, Any]) -> Any:
        cols = sorted(changes)
        values = [
            None if changes[c] is None else dumps(changes[c]) if c in ("entries", "result")
            else changes[c]
            for c in cols
        ]  # fmt: skip
        sql = f"UPDATE reviews SET {', '.join(f'{c} = ?' for c in cols)} WHERE match_id = ?"

        def job(b: Backend) -> None:
            b.cursor().execute(b.sql(sql), [*values, match_id])

        return job
