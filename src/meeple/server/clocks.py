"""Per-seat clocks: a bank of time per seat plus an increment per action.

A match's pace is chosen at creation (``ClockConfig.pace``):

* ``"realtime"``: chess clocks in seconds, read from the monotonic clock; the
  time the server is down is charged to nobody.
* ``"turn"`` (turn-based, over days): a bank of hours or days per seat, an
  increment per move, the bank never above its start (as on Board Game Arena).
  Read from the wall clock and stored with the match as instants (each seat's
  bank and, for a running clock, the instant it started running), so a restart
  or another node taking the match over counts the time in between exactly
  once. Time a seat's player spends on vacation is not charged
  (``Clocks.pauses``).

Pure bookkeeping with an injected ``now``, so it is tested without sleeping;
the match runtime owns the timer that fires on expiry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

TIMEOUT_POLICIES = ("bot", "forfeit")
#: Turn-based matches also offer "choose": the other players choose, per late turn,
#: to skip it (the house bot plays that turn for the seat) or to hand the seat to the
#: house bot for the rest of the match (meeple.server.match.live, ``decide_late``).
TURN_POLICIES = ("choose", "bot", "forfeit")
PACES = ("realtime", "turn")
HOUR, DAY = 3600.0, 86400.0
#: Named turn-based speeds: (starting bank, time added per move), in seconds.
SPEEDS: dict[str, tuple[float, float]] = {
    "quick": (1 * DAY, 8 * HOUR),
    "daily": (3 * DAY, 1 * DAY),
    "relaxed": (7 * DAY, 2 * DAY),
}
#: Bounds of a custom turn-based bank: one hour to thirty days.
MIN_BANK, MAX_BANK = 1 * HOUR, 30 * DAY
#: A real-time clock's bounds (seconds).
MAX_REALTIME, MAX_INCREMENT = 30 * DAY, DAY

Pauses = Callable[[int], Sequence[tuple[float, float]]]


def paused_within(pauses: Sequence[tuple[float, float]], start: float, end: float) -> float:
    """How much of ``[start, end]`` the intervals ``pauses`` cover (they may overlap).

    >>> paused_within([(5, 8), (7, 12), (20, 30)], 0, 10)
    5.0
    """
    covered, reach = 0.0, start
    for a, b in sorted(pauses):
        a, b = max(a, reach), min(b, end)
        if b > a:
            covered += b - a
            reach = b
    return float(covered)


def merged(pauses: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The intervals sorted, overlapping ones joined.

    >>> merged([(7, 12), (5, 8), (20, 30)])
    [(5, 12), (20, 30)]
    """
    out: list[tuple[float, float]] = []
    for a, b in sorted(pauses):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        elif b > a:
            out.append((a, b))
    return out


def _policy(data: dict[str, Any], allowed: tuple[str, ...]) -> str:
    """The timeout policy asked for (the first of ``allowed`` by default)."""
    policy = data.get("policy", allowed[0])
    if policy not in allowed:
        raise ClockConfigError(f"clock.policy must be one of {list(allowed)}")
    return str(policy)


def _number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ClockConfigError(f"clock.{field} must be a number")
    number = float(value)
    if number != number or number in (float("inf"), float("-inf")):
        raise ClockConfigError(f"clock.{field} must be a finite number")
    return number


class ClockConfigError(ValueError):
    """A malformed ``clock`` object in a create-match request."""


@dataclass(frozen=True)
class ClockConfig:
    """Time control of a match: ``initial`` seconds per seat, ``increment`` per action;
    ``pace`` "realtime" or "turn" (``speed``: the named turn-based speed, or "custom")."""

    initial: float
    increment: float = 0.0
    policy: str = "bot"
    bot: str = "random"
    pace: str = "realtime"
    speed: str | None = None

    @property
    def turn_based(self) -> bool:
        return self.pace == "turn"

    @property
    def cap(self) -> float | None:
        """The most a bank may hold (turn-based: its start), or None."""
        return self.initial if self.turn_based else None

    @staticmethod
    def from_json(data: Any) -> ClockConfig | None:
        """Parse the request's ``clock`` field (``None`` means no time control)."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise ClockConfigError("clock must be an object like {'initial': 300, 'increment': 5}")
        # "cap" is what to_json says of a turn-based bank (its start), not a setting
        unknown = set(data) - {"initial", "increment", "policy", "bot", "pace", "speed", "cap"}
        if unknown:
            raise ClockConfigError(f"unknown clock field(s) {sorted(unknown)}")
        pace = data.get("pace", "realtime")
        if pace not in PACES:
            raise ClockConfigError(f"clock.pace must be one of {list(PACES)}")
        bot = data.get("bot", "random")
        if not isinstance(bot, str) or not bot.strip() or len(bot) > 200:
            raise ClockConfigError("clock.bot must be a bot spec such as 'random'")
        if pace == "turn":
            return ClockConfig._turn_based(data, bot.strip())
        if "speed" in data:
            raise ClockConfigError("clock.speed is for turn-based matches (pace 'turn')")
        if "initial" not in data:
            raise ClockConfigError("clock.initial (seconds) is required")
        initial = _number(data["initial"], "initial")
        increment = _number(data.get("increment", 0.0), "increment")
        if not 0 < initial <= MAX_REALTIME:
            raise ClockConfigError("clock.initial must be a positive number of seconds")
        if not 0 <= increment <= MAX_INCREMENT:
            raise ClockConfigError("clock.increment must be zero or more seconds")
        policy = _policy(data, TIMEOUT_POLICIES)
        return ClockConfig(initial, increment, policy, bot.strip())

    @staticmethod
    def _turn_based(data: dict[str, Any], bot: str) -> ClockConfig:
        speed = data.get("speed", "custom")
        if speed != "custom" and speed not in SPEEDS:
            raise ClockConfigError(f"clock.speed must be one of {[*SPEEDS, 'custom']}")
        if speed == "custom":
            if "initial" not in data:
                raise ClockConfigError("a custom speed needs clock.initial (seconds in the bank)")
            initial = _number(data["initial"], "initial")
            increment = _number(data.get("increment", 0.0), "increment")
        else:
            initial, increment = SPEEDS[speed]
            given = (data.get("initial", initial), data.get("increment", increment))
            if given != (initial, increment):  # as stored (to_json) they are the speed's
                raise ClockConfigError(
                    f"speed {speed!r} sets the bank itself: give 'custom' to choose it"
                )
        if not MIN_BANK <= initial <= MAX_BANK:
            raise ClockConfigError("a turn-based bank is one hour to thirty days (in seconds)")
        if not 0 <= increment <= initial:
            raise ClockConfigError("clock.increment is zero up to the bank's start (seconds)")
        return ClockConfig(initial, increment, _policy(data, TURN_POLICIES), bot, "turn", speed)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "initial": self.initial,
            "increment": self.increment,
            "policy": self.policy,
            "bot": self.bot,
        }
        if self.turn_based:
            out.update(pace="turn", speed=self.speed, cap=self.initial)
        return out


class Clocks:
    """Remaining time per seat; a seat's clock runs while it is allowed to act.

    ``running`` maps a seat to the instant its clock started running: its bank
    ``remaining[seat]`` does not count the time since. ``pauses(seat)`` lists the
    intervals not charged to that seat (its player's vacation); ``cap`` bounds a bank
    (turn-based: its start).

    >>> c = Clocks(ClockConfig(10, 2), players=2)
    >>> c.update(now=100.0, ticking={0}, acted=None)
    >>> c.remaining_at(103.0)
    [7.0, 10.0]
    >>> c.update(now=104.0, ticking={1}, acted=0)
    >>> c.remaining_at(104.0), sorted(c.running)
    ([8.0, 10.0], [1])
    """

    def __init__(
        self,
        config: ClockConfig,
        players: int,
        remaining: list[float] | None = None,
        pauses: Pauses | None = None,
    ) -> None:
        self.config = config
        self.remaining: list[float] = (
            [float(v) for v in remaining]
            if remaining is not None
            else [float(config.initial)] * players
        )
        #: seat -> the instant its clock started running (monotonic, or wall for turn-based)
        self.running: dict[int, float] = {}
        self.pauses = pauses

    def used(self, seat: int, since: float, now: float) -> float:
        """The time charged to ``seat`` from ``since`` to ``now`` (its pauses left out)."""
        spent = now - since
        if self.pauses is not None and spent > 0:
            spent -= paused_within(self.pauses(seat), since, now)
        return spent

    def update(self, now: float, ticking: set[int], acted: int | None) -> None:
        """Charge time up to ``now``; ``acted`` gets the increment; then run ``ticking``."""
        for seat, since in list(self.running.items()):
            if seat not in ticking or seat == acted:
                self.remaining[seat] -= self.used(seat, since, now)
                del self.running[seat]
        if acted is not None:
            self.remaining[acted] += self.config.increment
            cap = self.config.cap
            if cap is not None:
                self.remaining[acted] = min(cap, self.remaining[acted])
        for seat in ticking:
            self.running.setdefault(seat, now)

    def stop(self, now: float) -> None:
        """Charge and stop every running clock (match over, or server shutting down)."""
        self.update(now, set(), None)

    def remaining_at(self, now: float) -> list[float]:
        out = list(self.remaining)
        for seat, since in self.running.items():
            out[seat] -= self.used(seat, since, now)
        return [round(v, 3) for v in out]

    def expiry_of(self, seat: int) -> float:
        """The instant the running ``seat``'s clock reaches zero (its pauses skipped)."""
        since = self.running[seat]
        at = since + self.remaining[seat]
        if self.pauses is None:
            return at
        for a, b in merged(self.pauses(seat)):
            if b <= since or a >= at:
                continue
            at += b - max(a, since)  # the paused stretch pushes the end later
        return at

    def next_expiry(self) -> tuple[int, float] | None:
        """(seat, instant) of the first running clock to reach zero."""
        best: tuple[int, float] | None = None
        for seat in self.running:
            at = self.expiry_of(seat)
            if best is None or at < best[1]:
                best = (seat, at)
        return best

    def expired(self, now: float) -> list[int]:
        """Running seats out of time at ``now``, in the order they ran out."""
        out = [(self.expiry_of(s), s) for s in self.running]
        return [s for at, s in sorted(out) if at <= now]

    # -- stored with a turn-based match ---------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The banks and the instants the running ones started (``matches.clocks``)."""
        return {
            "remaining": list(self.remaining),
            "running": {str(seat): since for seat, since in sorted(self.running.items())},
        }

    def load(self, data: Any) -> None:
        """Take the stored banks and running instants back (a restart or a takeover)."""
        if not isinstance(data, dict):
            return
        remaining = data.get("remaining")
        if isinstance(remaining, list) and len(remaining) == len(self.remaining):
            self.remaining = [float(v) for v in remaining]
        running = data.get("running")
        if isinstance(running, dict):
            self.running = {
                int(seat): float(since)
                for seat, since in running.items()
                if 0 <= int(seat) < len(self.remaining)
            }

    def copy(self) -> Clocks:
        out = Clocks(self.config, len(self.remaining), self.remaining, self.pauses)
        out.running = dict(self.running)
        return out
