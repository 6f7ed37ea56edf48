"""Small statistics shared by every report (``simulate``, ``arena``, ``balance``, benchmarks).

Ties: the seats ranked first share the win equally, so a two-way tie gives
each 0.5 (as chess scores a draw). Wilson intervals are computed on that
(possibly fractional) rate with n = games: exact for win/loss results and a
standard, slightly conservative approximation when ties occur.
"""

from __future__ import annotations

import math

#: The 97.5% normal quantile: two-sided 95% intervals.
Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default); (0, 1) when n is 0.

    >>> lo, hi = wilson_interval(90, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.8256, 0.9448)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_shares(ranks: list[int]) -> list[float]:
    """Each seat's share of the win: 1/k for each of k seats ranked first, else 0.

    >>> win_shares([1, 2]), win_shares([1, 1]), win_shares([2, 1, 1])
    ([1.0, 0.0], [0.5, 0.5], [0.0, 0.5, 0.5])
    """
    first = ranks.count(1)
    return [1.0 / first if r == 1 else 0.0 for r in ranks]
