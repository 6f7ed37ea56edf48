"""Game review: each decision of a finished match judged from what its seat knew."""

from meeple.review.engine import (
    THRESHOLDS,
    Entry,
    Review,
    Step,
    finish_review,
    judge,
    move_accuracy,
    review_record,
    review_steps,
    verdict,
)

__all__ = [
    "THRESHOLDS",
    "Entry",
    "Review",
    "Step",
    "finish_review",
    "judge",
    "move_accuracy",
    "review_record",
    "review_steps",
    "verdict",
]
