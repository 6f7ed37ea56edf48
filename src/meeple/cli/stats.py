"""Win rates with confidence intervals, and the tallies ``meeple simulate`` reports.

Ties: the seats ranked first share the win equally, so a two-way tie gives
each 0.5 (as chess scores a draw). A bot's win rate is its total win share
divided by the games it played. The Wilson score interval is computed on
that (possibly fractional) rate with n = games played: exact for win/loss
results and a standard, slightly conservative approximation when ties occur.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meeple.stats import Z95, wilson_interval, win_shares

__all__ = ["Z95", "Tally", "wilson_interval", "win_shares"]


@dataclass
class Tally:
    """Running totals over simulated games, per bot label and per seat.

    >>> t = Tally(["heuristic", "random"], players=2)
    >>> t.add(["heuristic", "random"], [10.0, 3.0], [1, 2], 40, 30)
    >>> t.add(["random", "heuristic"], [4.0, 4.0], [1, 1], 50, 35)
    >>> t.wins["heuristic"], t.seat_wins
    (1.5, [1.5, 0.5])
    """

    labels: list[str]
    players: int
    games: int = 0
    total_length: int = 0
    total_decisions: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    score_sum: dict[str, float] = field(default_factory=dict)
    seat_wins: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        for label in self.labels:
            self.wins.setdefault(label, 0.0)
            self.played.setdefault(label, 0)
            self.score_sum.setdefault(label, 0.0)
        if not self.seat_wins:
            self.seat_wins = [0.0] * self.players

    def add(
        self,
        seat_labels: list[str],
        scores: list[float],
        ranks: list[int],
        length: int,
        decisions: int,
    ) -> None:
        """Count one finished game; ``seat_labels[s]`` is the bot label that sat at seat ``s``."""
        shares = win_shares(ranks)
        for seat, label in enumerate(seat_labels):
            self.wins[label] += shares[seat]
            self.played[label] += 1
            self.score_sum[label] += float(scores[seat])
            self.seat_wins[seat] += shares[seat]
        self.games += 1
        self.total_length += length
        self.total_decisions += decisions

    def win_rate(self, label: str) -> float:
        n = self.played[label]
        return self.wins[label] / n if n else 0.0

    def ci95(self, label: str) -> tuple[float, float]:
        return wilson_interval(self.wins[label], self.played[label])

    def mean_score(self, label: str) -> float:
        n = self.played[label]
        return self.score_sum[label] / n if n else 0.0

    def mean_length(self) -> float:
        return self.total_length / self.games if self.games else 0.0

    def mean_decisions(self) -> float:
        return self.total_decisions / self.games if self.games else 0.0

    def seat_win_rate(self, seat: int) -> float:
        return self.seat_wins[seat] / self.games if self.games else 0.0
