"""Win chances that mean what they say: the search's raw figure mapped to the chance
observed in games (issue 38, item 3).

A search's root value is biased by how it looks ahead (rollouts by random or
heuristic play, cut off and judged by an evaluation): "62%" from the search of a
Viscounts position is not a seat that wins 62 games in 100 from there. So each game
has a calibration fitted on outcomes: positions of self-play games between mixed bots,
each reviewed as a review would (the value after the move made), paired with whether
the deciding seat went on to finish first (ties shared). The map is Platt's logistic
one, ``p = sigmoid(a logit(raw) + b)``: two numbers per game and player count, monotone
(a better raw figure never reads worse), and fitted by Newton's method in a few steps;
with a few hundred positions per game an isotonic fit would overfit its steps.

The fits and their checks live in ``calibration.json`` beside this module, written by
``python -m meeple.review.calibrate`` (the script that makes it, with its sizes and
seed in the file): for each game and player count the two numbers, the sizes of the
fitting and held-out sets, the held-out Brier score before and after, and the held-out
reliability table (predicted decile against the observed rate). A calibration is
*rough* when on held-out games it is no better than always saying the average
(Brier skill at most :data:`ROUGH_SKILL`) or a decile with at least
:data:`MIN_BIN` positions misses its observed rate by more than :data:`ROUGH_GAP`;
the review then says its figures are rough, as it does for a game or player count
with no calibration.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

#: The file of fitted calibrations, beside this module.
DATA = Path(__file__).with_name("calibration.json")
#: Raw chances are kept this far from 0 and 1 before their logit is taken.
EPS = 0.005
#: Brier skill against the held-out average at or below which a calibration is rough.
ROUGH_SKILL = 0.02
#: A reliability decile missing its observed rate by more than this is rough.
ROUGH_GAP = 0.15
#: Positions a decile needs before its gap counts.
MIN_BIN = 10
#: The weight of the fit's pull towards the raw figures (``a = 1``, ``b = 0``).
PRIOR = 1.0


def _logit(p: float) -> float:
    p = min(1.0 - EPS, max(EPS, p))
    return math.log(p / (1.0 - p))


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class Calibration:
    """One game's (and player count's) fitted map from the search's raw chance."""

    game: str
    players: int
    a: float
    b: float
    rough: bool

    def __call__(self, raw: float) -> float:
        """The calibrated chance of a raw one.

        >>> c = Calibration("g", 2, a=2.0, b=0.0, rough=False)
        >>> round(c(0.5), 3), round(c(0.75), 3), c(0.9) > c(0.8)
        (0.5, 0.9, True)
        """
        return _sigmoid(self.a * _logit(raw) + self.b)


def fit_platt(
    raw: Sequence[float], outcome: Sequence[float], prior: float = PRIOR
) -> tuple[float, float]:
    """``(a, b)`` minimising the log loss of ``sigmoid(a logit(raw) + b)`` against the
    outcomes (each 0, 1 or a shared tie's fraction), by Newton's method, with a weak
    pull ``prior ((a - 1)^2 + b^2) / 2`` towards the raw figures, so that a few
    positions that happen to separate cleanly cannot send ``a`` to infinity.

    >>> xs = [0.2] * 50 + [0.8] * 50
    >>> ys = [0.0] * 40 + [1.0] * 10 + [0.0] * 10 + [1.0] * 40
    >>> a, b = fit_platt(xs, ys)
    >>> abs(_sigmoid(a * _logit(0.8) + b) - 0.8) < 0.005, abs(b) < 1e-6
    (True, True)
    >>> a, b = fit_platt([0.3, 0.7], [0.0, 1.0])  # separable: finite all the same
    >>> 1.0 < a < 10.0
    True
    """
    xs = [_logit(p) for p in raw]
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, outcome, strict=True):
            p = _sigmoid(a * x + b)
            r = p - y
            w = p * (1.0 - p)
            ga += r * x
            gb += r
            haa += w * x * x
            hab += w * x
            hbb += w
        ga += prior * (a - 1.0)
        gb += prior * b
        haa += prior
        hbb += prior
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) < 1e-10 and abs(db) < 1e-10:
            break
    return a, b


def brier(pred: Sequence[float], outcome: Sequence[float]) -> float:
    """The mean squared gap between predicted chances and outcomes (0 is perfect)."""
    return sum((p - y) ** 2 for p, y in zip(pred, outcome, strict=True)) / max(1, len(pred))


def reliability(pred: Sequence[float], outcome: Sequence[float]) -> list[dict[str, Any]]:
    """Predicted decile against the observed rate: for each tenth of 0..1 the positions
    predicted in it, their mean prediction and the mean outcome (empty deciles left out)."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for p, y in zip(pred, outcome, strict=True):
        bins[min(9, int(p * 10))].append((p, y))
    return [
        {
            "decile": k,
            "n": len(b),
            "predicted": round(sum(p for p, _ in b) / len(b), 3),
            "observed": round(sum(y for _, y in b) / len(b), 3),
        }
        for k, b in enumerate(bins)
        if b
    ]


def is_rough(pred: Sequence[float], outcome: Sequence[float]) -> bool:
    """Whether a calibration's held-out figures are rough (see the module's words)."""
    if not outcome:
        return True
    mean = sum(outcome) / len(outcome)
    base = brier([mean] * len(outcome), outcome)
    skill = 1.0 - brier(pred, outcome) / base if base > 0 else 0.0
    worst = max(
        (
            abs(r["predicted"] - r["observed"])
            for r in reliability(pred, outcome)
            if r["n"] >= MIN_BIN
        ),
        default=0.0,
    )
    return skill <= ROUGH_SKILL or worst > ROUGH_GAP


@cache
def _table() -> dict[tuple[str, int], Calibration]:
    if not DATA.exists():
        return {}
    data = json.loads(DATA.read_text())
    return {
        (row["game"], int(row["players"])): Calibration(
            row["game"], int(row["players"]), float(row["a"]), float(row["b"]), bool(row["rough"])
        )
        for row in data["calibrations"]
    }


def calibration_for(game: str, players: int) -> Calibration | None:
    """The fitted calibration of ``game`` at ``players`` seats, or None (not fitted)."""
    return _table().get((game, players))
