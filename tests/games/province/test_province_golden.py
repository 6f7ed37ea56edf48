"""Golden playthroughs: stored Province match records must replay exactly, result included."""

from __future__ import annotations

import json

import pytest

from meeple.core import MatchRecord, RecordError, replay
from tests.games.province.make_golden import CASES, GOLDEN


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_golden_record_replays(name: str) -> None:
    record = MatchRecord.load(GOLDEN / name)
    assert record.game == "province" and record.actions
    match = replay(record, verify=True)
    assert match.state.is_terminal()
    assert match.state.state_id() == record.meta["final_state_id"]


def test_tampered_record_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = json.loads((GOLDEN / CASES[0][0]).read_text())
    data["result"]["scores"] = [99, 0]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        replay(MatchRecord.load(path), verify=True)
    data = json.loads((GOLDEN / CASES[0][0]).read_text())
    data["actions"] = data["actions"][:10] + data["actions"][11:]  # drop one action
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        replay(MatchRecord.load(path), verify=True)
