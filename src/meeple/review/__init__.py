"""Game review: each decision of a finished match judged from what its seat knew."""

from meeple.review.engine import (
    THRESHOLDS,
    Entry,
    Review,
    judge,
    move_accuracy,
    review_record,
    verdict,
)

__all__ = ["THRESHOLDS", "Entry", "Review", "judge", "move_accuracy", "review_record", "verdict"]
