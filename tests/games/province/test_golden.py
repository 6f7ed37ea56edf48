"""Golden playthroughs: stored Province match records must replay exactly, result included.

Regenerate after a deliberate rules change: ``python -m tests.golden province``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.core import MatchRecord, RecordError, replay
from tests.golden import Golden, check_replays, golden_dir

CASES = (
    Golden("heuristic_vs_random_seed11.json", ("heuristic", "random"), 11),
    Golden("heuristic_mirror_seed12.json", ("heuristic", "heuristic"), 12),
    Golden("random_vs_heuristic_seed13.json", ("random", "heuristic"), 13),
)
GOLDEN = golden_dir("province")


@pytest.mark.parametrize("case", CASES, ids=str)
def test_golden_record_replays(case: Golden) -> None:
    check_replays("province", case)


def test_tampered_record_is_refused(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / CASES[0].file).read_text())
    data["result"]["scores"] = [99, 0]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        replay(MatchRecord.load(path), verify=True)
    data = json.loads((GOLDEN / CASES[0].file).read_text())
    data["actions"] = data["actions"][:10] + data["actions"][11:]  # drop one action
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        replay(MatchRecord.load(path), verify=True)
