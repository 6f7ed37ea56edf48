"""A match's two kinds of timer: the seats' chess clocks and the game's round timer.

:class:`MatchTimers` keeps the clocks running for the right seats and arms one
event-loop timer for the next expiry of each kind. When one runs out it
starts the match's handler (``on_clock_out``, ``on_round_out``) as a task:
what a timeout *does* (a bot takes the seat, a forfeit, the game's timed
action) is a change of the match, stored like any other, so it belongs to
the match, not to its timers.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.server.clocks import Clocks, Pauses
from meeple.server.match.core import GameCore
from meeple.server.match.seats import MatchInfo, Seat
from meeple.server.walltime import WallClock

log = logging.getLogger("meeple.server")


class MatchTimers:
    """The clocks (``clocks``, None without a clock setting) and the round timer
    (``round_timer``: the timed action and its monotonic deadline, or None).

    Real-time clocks read the monotonic clock; turn-based ones read ``wall`` (the
    instants stored with the match), skip the time the seat's player is on
    vacation (``MatchInfo.vacations``), and stop for a seat that ran out of time
    (``Seat.late``) until its player moves again."""

    def __init__(
        self,
        info: MatchInfo,
        core: GameCore,
        on_clock_out: Callable[[], Coroutine[Any, Any, None]],
        on_round_out: Callable[[], Coroutine[Any, Any, None]],
        wall: WallClock | None = None,
    ) -> None:
        self.info = info
        self.core = core
        self._on_clock_out = on_clock_out
        self._on_round_out = on_round_out
        self.wall = wall if wall is not None else WallClock()
        self.turn_based = info.clock is not None and info.clock.turn_based
        self.now: Callable[[], float] = self.wall.now if self.turn_based else time.monotonic
        self.clocks = (
            Clocks(
                info.clock,
                info.game.players,
                pauses=_vacations_of(info) if self.turn_based else None,
            )
            if info.clock
            else None
        )
        self.timer: asyncio.TimerHandle | None = None
        self.timeout_task: asyncio.Task[None] | None = None
        #: the game's own round timer (``State.round_timer()``): (action, monotonic deadline)
        self.round_timer: tuple[Action, float] | None = None
        self._round_handle: asyncio.TimerHandle | None = None
        self._round_task: asyncio.Task[None] | None = None
        self.round_left: float | None = None  # restored from the log on a restart

    def shutdown(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.cancel_round()
        if self._round_task is not None:
            self._round_task.cancel()
        if self.timeout_task is not None:
            self.timeout_task.cancel()

    # -- clocks ------------------------------------------------------------------

    def _ticking(self, seats: list[Seat] | None = None, status: str | None = None) -> set[int]:
        """The seats whose clocks run (with ``seats`` and ``status``: as they would)."""
        seats = self.info.seats if seats is None else seats
        status = self.info.status if status is None else status
        if status != "running":
            return set()
        return {
            s
            for s in self.core.match.state.turn().seats
            if seats[s].kind == "human" and not seats[s].late
        }

    def _sync(self, clocks: Clocks, acted: int | None, seats: list[Seat], status: str) -> None:
        now = self.now()
        if status == "running":
            clocks.update(now, self._ticking(seats, status), acted)
        else:
            if acted is not None:
                clocks.update(now, set(), acted)
            clocks.stop(now)

    def sync_clocks(self, acted: int | None) -> None:
        """Run the clocks of the humans who must act now (``acted``: the seat that just
        did, charged up to now), stop them all once the match is not running."""
        if self.clocks is None:
            return
        self._sync(self.clocks, acted, self.info.seats, self.info.status)
        self.schedule()

    def stored_after(self, seats: list[Seat], status: str) -> dict[str, Any] | None:
        """The turn-based clocks as they will be once ``seats`` and ``status`` are the
        match's (stored with that change, taken with :meth:`take_stored`), or None."""
        if self.clocks is None or not self.turn_based:
            return None
        probe = self.clocks.copy()
        self._sync(probe, None, seats, status)
        return probe.to_json()

    def take_stored(self, data: dict[str, Any] | None) -> None:
        """Take clocks as stored (:meth:`stored_after`, or a row's ``clocks`` column)."""
        if self.clocks is not None and data is not None:
            self.clocks.load(data)

    def stored(self) -> dict[str, Any] | None:
        """What a turn-based match stores of its clocks with each change (else None)."""
        if self.clocks is None or not self.turn_based:
            return None
        return self.clocks.to_json()

    def stop_clocks(self) -> None:
        if self.clocks is not None:
            self.clocks.stop(self.now())

    def clock_snapshot(self) -> list[float] | None:
        if self.clocks is None:
            return None
        return self.clocks.remaining_at(self.now())

    def clocks_list(self) -> list[float] | None:
        """The clock values as stored with an event."""
        return list(self.clocks.remaining) if self.clocks is not None else None

    def schedule(self) -> None:
        """Arm the timer for the next clock to run out (and cancel any armed before)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.clocks is None or self.info.status != "running" or self.info.closed:
            return
        nxt = self.clocks.next_expiry()
        if nxt is None:
            return
        delay = max(0.0, nxt[1] - self.now())
        if self.turn_based:  # look again now and then: the wall clock may move meanwhile
            delay = min(delay, self.wall.check_period)
        self.timer = asyncio.get_running_loop().call_later(delay, self._on_timer)

    def _on_timer(self) -> None:
        self.timer = None
        self.timeout_task = asyncio.create_task(self._on_clock_out())

    # -- the game's own round timer (Fit To Print's real-time days) --------------

    def round_spec(self) -> tuple[float, Action] | None:
        """``State.round_timer()`` when the game has one: (seconds, the timed action)."""
        if self.info.status != "running" or self.info.closed:
            return None
        spec = self.core.match.state.round_timer()
        return None if spec is None else (float(spec[0]), spec[1])

    def cancel_round(self) -> None:
        if self._round_handle is not None:
            self._round_handle.cancel()
            self._round_handle = None

    def clear_round(self) -> None:
        """Disarm the round timer and forget it (the match ended)."""
        self.cancel_round()
        self.round_timer = None

    def sync_round(self, remaining: float | None = None) -> None:
        """Arm one timer per distinct timed action; disarm when the game offers none.

        ``remaining`` (a restart) resumes a timer with the time it had left: the
        time the server was down is not charged, as with clocks.
        """
        spec = self.round_spec()
        if spec is None:
            self.cancel_round()
            self.round_timer = None
            return
        seconds, action = spec
        if self.round_timer is not None and self.round_timer[0] == action:
            return  # this round's timer already runs
        self.cancel_round()
        left = seconds if remaining is None else max(0.0, min(seconds, remaining))
        deadline = time.monotonic() + left
        self.round_timer = (action, deadline)
        self._round_handle = asyncio.get_running_loop().call_later(left, self._on_round_timer)

    def round_snapshot(self) -> dict[str, Any] | None:
        if self.round_timer is None:
            return None
        action, deadline = self.round_timer
        return {
            "action": str(action),
            "json": action.to_json(),
            "remaining": round(max(0.0, deadline - time.monotonic()), 3),
        }

    def _on_round_timer(self) -> None:
        self._round_handle = None
        self._round_task = asyncio.create_task(self._on_round_out())

    def timed_action_applies(self, action: Action) -> bool:
        """Check a timed action on a copy (a game's apply is the judge, seat None)."""
        probe = self.core.match.state.clone()
        try:
            probe.apply(action, None)
        except MeepleError:
            log.error("match %s: timed action %s refused by the rules", self.info.id, action)
            return False
        return True


def _vacations_of(info: MatchInfo) -> Pauses:
    """A seat's pauses: the vacations of the account that holds it (a function of the
    match's info alone, so the clocks hold no reference back to the timers)."""

    def pauses(seat: int) -> list[tuple[float, float]]:
        account = info.seats[seat].account
        return info.vacations.get(account, []) if account is not None else []

    return pauses
