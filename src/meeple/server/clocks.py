"""Per-seat chess-style clocks: initial time plus an increment per action.

Pure bookkeeping with an injected ``now`` (monotonic seconds), so it is tested
without sleeping; the match runtime owns the timer that fires on expiry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TIMEOUT_POLICIES = ("bot", "forfeit")


class ClockConfigError(ValueError):
    """A malformed ``clock`` object in a create-match request."""


@dataclass(frozen=True)
class ClockConfig:
    """Time control of a match: ``initial`` seconds per seat, ``increment`` per action."""

    initial: float
    increment: float = 0.0
    policy: str = "bot"
    bot: str = "random"

    @staticmethod
    def from_json(data: Any) -> ClockConfig | None:
        """Parse the request's ``clock`` field (``None`` means no time control)."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise ClockConfigError("clock must be an object like {'initial': 300, 'increment': 5}")
        unknown = set(data) - {"initial", "increment", "policy", "bot"}
        if unknown:
            raise ClockConfigError(f"unknown clock field(s) {sorted(unknown)}")
        try:
            initial = float(data["initial"])
            increment = float(data.get("increment", 0.0))
        except KeyError:
            raise ClockConfigError("clock.initial (seconds) is required") from None
        except (TypeError, ValueError):
            raise ClockConfigError("clock.initial and clock.increment must be numbers") from None
        if isinstance(data["initial"], bool) or not 0 < initial <= 86400 * 30:
            raise ClockConfigError("clock.initial must be a positive number of seconds")
        if not 0 <= increment <= 86400:
            raise ClockConfigError("clock.increment must be zero or more seconds")
        policy = data.get("policy", "bot")
        if policy not in TIMEOUT_POLICIES:
            raise ClockConfigError(f"clock.policy must be one of {list(TIMEOUT_POLICIES)}")
        bot = data.get("bot", "random")
        if not isinstance(bot, str) or not bot.strip():
            raise ClockConfigError("clock.bot must be a bot spec such as 'random'")
        return ClockConfig(initial, increment, policy, bot.strip())

    def to_json(self) -> dict[str, Any]:
        return {
            "initial": self.initial,
            "increment": self.increment,
            "policy": self.policy,
            "bot": self.bot,
        }


class Clocks:
    """Remaining time per seat; a seat's clock runs while it is allowed to act.

    >>> c = Clocks(ClockConfig(10, 2), players=2)
    >>> c.update(now=100.0, ticking={0}, acted=None)
    >>> c.remaining_at(103.0)
    [7.0, 10.0]
    >>> c.update(now=104.0, ticking={1}, acted=0)
    >>> c.remaining_at(104.0), sorted(c.running)
    ([8.0, 10.0], [1])
    """

    def __init__(
        self, config: ClockConfig, players: int, remaining: list[float] | None = None
    ) -> None:
        self.config = config
        self.remaining: list[float] = (
            [float(v) for v in remaining]
            if remaining is not None
            else [float(config.initial)] * players
        )
        #: seat -> monotonic time its clock started running
        self.running: dict[int, float] = {}

    def update(self, now: float, ticking: set[int], acted: int | None) -> None:
        """Charge time up to ``now``; ``acted`` gets the increment; then run ``ticking``."""
        for seat, since in list(self.running.items()):
            if seat not in ticking or seat == acted:
                self.remaining[seat] -= now - since
                del self.running[seat]
        if acted is not None:
            self.remaining[acted] += self.config.increment
        for seat in ticking:
            self.running.setdefault(seat, now)

    def stop(self, now: float) -> None:
        """Charge and stop every running clock (match over, or server shutting down)."""
        self.update(now, set(), None)

    def remaining_at(self, now: float) -> list[float]:
        out = list(self.remaining)
        for seat, since in self.running.items():
            out[seat] -= now - since
        return [round(v, 3) for v in out]

    def next_expiry(self) -> tuple[int, float] | None:
        """(seat, monotonic time) of the first running clock to reach zero."""
        best: tuple[int, float] | None = None
        for seat, since in self.running.items():
            at = since + self.remaining[seat]
            if best is None or at < best[1]:
                best = (seat, at)
        return best

    def expired(self, now: float) -> list[int]:
        """Running seats out of time at ``now``, in the order they ran out."""
        out = [(since + self.remaining[s], s) for s, since in self.running.items()]
        return [s for at, s in sorted(out) if at <= now]
