"""The worker processes of root-parallel search (``mcts:workers=P``), which never outlive us.

One pool serves every search of the process: it is made on first use with
as many workers as asked, grown (a new pool, the old one shut down once its
work is done) when a search asks for more, and reused otherwise, so that a
match does not pay process start-up per move and the process count stays
at the largest ``workers`` asked for (a server caps it, see
:class:`~meeple.bots.limits.BotLimits`).

Why the workers cannot be left behind:

* They are started with ``spawn``, not ``fork``: a forked worker inherits
  every descriptor of its parent, a server's listening socket included, and
  a worker left running after a crash kept the port taken so the server
  could not restart. A spawned worker inherits nothing but its pipes.
* Each worker watches its parent: a thread checks every
  :data:`WATCH_SECONDS` that its parent is still the process that started
  it, and ends the worker when it is not (the parent died, even by SIGKILL,
  which runs no clean-up). Linux's ``PR_SET_PDEATHSIG`` would be quicker,
  but it fires when the parent *thread* that started the worker ends, and
  the pool starts workers from whichever thread submits the first search (a
  server's bot thread, which a scheduler may retire): the check of the
  parent process does not depend on threads.
* A normal exit shuts the pool down (``concurrent.futures`` joins its
  workers at interpreter exit).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

#: How often a worker checks that its parent is alive (seconds).
WATCH_SECONDS = 0.2

_LOCK = threading.Lock()
_POOL: ProcessPoolExecutor | None = None
_SIZE = 0
_OWNER = 0  # the pid that made _POOL: a forked child must not use its parent's pool


def pool(workers: int) -> ProcessPoolExecutor:
    """The shared pool, with at least ``workers`` processes."""
    global _POOL, _SIZE, _OWNER
    with _LOCK:
        if _POOL is not None and workers <= _SIZE and os.getpid() == _OWNER:
            return _POOL
        old = _POOL if os.getpid() == _OWNER else None
        _POOL = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )
        _SIZE, _OWNER = workers, os.getpid()
        if old is not None:
            old.shutdown(wait=False)  # searches already submitted to it still finish
        return _POOL


def discard(broken: ProcessPoolExecutor) -> None:
    """Forget a pool whose worker died (``BrokenProcessPool``): the next search makes a new one."""
    global _POOL, _SIZE
    with _LOCK:
        if _POOL is broken:
            _POOL, _SIZE = None, 0
    broken.shutdown(wait=False)


def shutdown() -> None:
    """Stop the pool's workers now (tests; a program that wants them gone before it exits)."""
    global _POOL, _SIZE
    with _LOCK:
        old, _POOL, _SIZE = _POOL, None, 0
    if old is not None:
        old.shutdown(wait=True, cancel_futures=True)


def watch_parent(parent: int) -> None:
    """In a worker (the pool's initializer): end this process when ``parent`` is gone."""

    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            if os.getppid() != parent:
                os._exit(0)  # no clean-up to run: the parent that wanted the results is gone

    threading.Thread(target=watch, name="meeple-watch-parent", daemon=True).start()
