"""Where bots think: a bounded pool shared fairly between matches.

Once every bot of the server queued for the same two threads, so two matches
with 12-second search bots held both and a random bot elsewhere waited 11 s
for its turn. Now there are two lanes:

* the **search lane** (``bot_workers`` threads) runs search bots (``mcts``,
  ``ismcts``, and any bot once seen thinking longer than :data:`QUICK_LIMIT`).
  It is work-conserving and fair: a free thread goes to the waiting match
  with the fewest jobs running (ties in arrival order), so one match's seats
  cannot hold every thread while another match waits, and a lone match may
  still use them all;
* the **quick lane** (its own thread) runs every other bot (random, greedy,
  the games' one-ply heuristics): they answer in milliseconds, so they never
  wait behind a search.

A thread cannot be interrupted, so how long one search holds its thread is
bounded by the bots' own caps on their parameters (``meeple serve`` options).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from meeple.bots import parse_spec
from meeple.core.errors import OptionError

#: Bot names that always think in the search lane.
SEARCH_BOTS = frozenset({"mcts", "ismcts"})
#: Seconds of thinking after which a bot spec counts as a search from then on.
QUICK_LIMIT = 0.25
#: How many specs the pool remembers as slow (a client may invent any number).
MAX_SLOW_SPECS = 1000

Job = tuple["asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


class BotPool:
    """Run ``bot.choose`` calls off the event loop, in two lanes (see the module docstring)."""

    def __init__(self, workers: int = 2, quick_workers: int = 1) -> None:
        if workers < 1 or quick_workers < 1:
            raise ValueError("a bot pool needs at least one thread per lane")
        self.workers = workers
        self._search = ThreadPoolExecutor(workers, thread_name_prefix="meeple-bot")
        self._quick = ThreadPoolExecutor(quick_workers, thread_name_prefix="meeple-bot-quick")
        self._waiting: collections.OrderedDict[str, collections.deque[Job]] = (
            collections.OrderedDict()
        )
        self._running: collections.Counter[str] = collections.Counter()
        self._busy = 0
        self._slow: set[str] = set()

    def retained(self) -> dict[str, tuple[int, int | None]]:
        """What the pool keeps per match or bot spec: (size, bound; None: empty when idle)."""
        return {
            "bot pool: matches with moves waiting": (len(self._waiting), None),
            "bot pool: matches with moves running": (len(self._running), None),
            "bot pool: slow bot specs": (len(self._slow), MAX_SLOW_SPECS),
        }

    def is_search(self, spec: str) -> bool:
        """Whether ``spec`` thinks in the search lane."""
        if spec in self._slow:
            return True
        try:
            name, _ = parse_spec(spec)
        except OptionError:
            return False
        return name in SEARCH_BOTS

    async def think(self, match_id: str, spec: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on a thread of ``spec``'s lane, for ``match_id``; its result."""
        loop = asyncio.get_running_loop()
        if not self.is_search(spec):
            started = time.monotonic()
            try:
                return await loop.run_in_executor(self._quick, fn, *args)
            finally:
                if time.monotonic() - started > QUICK_LIMIT and len(self._slow) < MAX_SLOW_SPECS:
                    self._slow.add(spec)
        future: asyncio.Future[Any] = loop.create_future()
        job: Job = (future, fn, args)
        self._waiting.setdefault(match_id, collections.deque()).append(job)
        self._dispatch()
        try:
            return await future
        finally:
            queue = self._waiting.get(match_id)
            if queue is not None and job in queue:  # cancelled while waiting
                queue.remove(job)
                if not queue:
                    del self._waiting[match_id]

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while self._busy < self.workers and self._waiting:
            match_id = min(self._waiting, key=lambda m: self._running[m])  # first among ties
            queue = self._waiting[match_id]
            future, fn, args = queue.popleft()
            if not queue:
                del self._waiting[match_id]
            else:
                self._waiting.move_to_end(match_id)
            if future.done():  # cancelled meanwhile
                continue
            self._busy += 1
            self._running[match_id] += 1
            work = loop.run_in_executor(self._search, fn, *args)
            work.add_done_callback(functools.partial(self._done, match_id, future))

    def _done(self, match_id: str, future: asyncio.Future[Any], work: asyncio.Future[Any]) -> None:
        self._busy -= 1
        self._running[match_id] -= 1
        if self._running[match_id] <= 0:
            del self._running[match_id]
        if not future.done():
            if work.cancelled():
                future.cancel()
            elif work.exception() is not None:
                future.set_exception(work.exception())  # type: ignore[arg-type]
            else:
                future.set_result(work.result())
        self._dispatch()

    def shutdown(self) -> None:
        for queue in self._waiting.values():
            for future, _, _ in queue:
                future.cancel()
        self._waiting.clear()
        self._search.shutdown(wait=False, cancel_futures=True)
        self._quick.shutdown(wait=False, cancel_futures=True)
