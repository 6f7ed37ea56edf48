"""Golden Snow Tails playthroughs: stored match records replay to the same end."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.core import MatchRecord, replay

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_records() -> None:
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays(path: Path) -> None:
    record = MatchRecord.load(path)
    match = replay(record, verify=True)
    assert match.state.state_id() == record.meta["state_id"]
