"""The root-parallel process pool: one per process, grown when asked for more, never forked."""

from __future__ import annotations

import os

import meeple
from meeple.bots import make_bot, parallel


def test_one_pool_is_shared_and_grown_when_a_search_asks_for_more() -> None:
    parallel.shutdown()
    try:
        two = parallel.pool(2)
        assert parallel.pool(1) is two and parallel.pool(2) is two
        three = parallel.pool(3)
        assert three is not two and parallel.pool(2) is three
        assert three._mp_context.get_start_method() == "spawn"  # inherits no descriptor
    finally:
        parallel.shutdown()


def test_workers_watch_the_process_that_started_them() -> None:
    parallel.shutdown()
    try:
        game = meeple.make_game("tictactoe")
        bot = make_bot("mcts:iters=50,workers=2", game, 0, 1)
        bot.choose(game.new_initial_state())
        pool = parallel.pool(2)
        threads = list(pool.map(_watcher_threads, range(2)))
        assert all("meeple-watch-parent" in names for names in threads)
        assert set(pool.map(_parent_pid, range(2))) == {os.getpid()}
    finally:
        parallel.shutdown()


def _watcher_threads(_: int) -> list[str]:
    import threading

    return [t.name for t in threading.enumerate()]


def _parent_pid(_: int) -> int:
    return os.getppid()
