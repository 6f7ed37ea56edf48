"""A batch of records reviewed in parallel by the arena's runner (issue 38, item 8):
local processes or a Dask cluster give the reviews ``meeple review`` gives one by one,
the run resumes, and a folder holding another batch is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.arena.reviews import REVIEWS_FILE, review_batch
from meeple.arena.tournament import ArenaError
from meeple.bots import make_bot
from meeple.cli import main
from meeple.core.match import Match, MatchRecord
from meeple.core.registry import make_game
from meeple.review import review_record

ITERS = 12


def _records(tmp_path: Path) -> list[Path]:
    """Two finished random matches of tic-tac-toe (reviewed exactly) and the first 12 steps
    of a Province match (reviewed by search, so the workers' searches are compared too)."""
    paths = []
    for k, (name, seed, steps) in enumerate(
        (("tictactoe", 1, 99), ("tictactoe", 2, 99), ("province", 3, 12))
    ):
        game = make_game(name)
        match = Match(game, seed)
        bots = [make_bot("random", game, s, seed) for s in range(game.players)]
        while not match.state.is_terminal() and len(match.record().actions) < steps:
            if match.state.is_chance():
                match.resolve_chance()
                continue
            seat = match.state.current_seat()
            match.play(bots[seat].choose(match.state), seat)
        path = tmp_path / f"game{k}.json"
        match.record().save(path)
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return _records(tmp_path_factory.mktemp("records"))


@pytest.fixture(scope="module")
def one_by_one(records: list[Path]) -> list[dict[str, Any]]:
    return [review_record(MatchRecord.load(p), iters=ITERS, seed=4).to_json() for p in records]


def test_two_local_workers_give_the_reviews_of_one_by_one(
    records: list[Path], one_by_one: list[dict[str, Any]], tmp_path: Path
) -> None:
    results = review_batch(records, tmp_path, iters=ITERS, seed=4, workers=2)
    assert [r["file"] for r in results] == [str(p) for p in records]
    assert [r["review"] for r in results] == one_by_one
    searched = results[2]["review"]["entries"]
    assert any(e["verdict"] and not e["exact"] for e in searched)  # Province: by search
    lines = (tmp_path / REVIEWS_FILE).read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "reviews" and len(lines) == 1 + len(records)


def test_a_stopped_batch_resumes_with_what_is_missing(
    records: list[Path], one_by_one: list[dict[str, Any]], tmp_path: Path, monkeypatch: Any
) -> None:
    review_batch(records[:1] + records[1:], tmp_path, iters=ITERS, seed=4)
    path = tmp_path / REVIEWS_FILE
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])  # one kept, one torn
    reviewed: list[str] = []
    import meeple.arena.reviews as batch

    real = batch.review_task

    def counting(task: dict[str, Any]) -> dict[str, Any]:
        reviewed.append(task["file"])
        return real(task)

    monkeypatch.setattr(batch, "review_task", counting)
    results = review_batch(records, tmp_path, iters=ITERS, seed=4)
    assert reviewed == [str(records[1]), str(records[2])]
    assert [r["review"] for r in results] == one_by_one
    assert len(path.read_text().splitlines()) == 1 + len(records)


def test_a_folder_holding_another_batch_is_refused_and_kept(
    records: list[Path], tmp_path: Path
) -> None:
    review_batch(records[:1], tmp_path, iters=ITERS, seed=4)
    before = (tmp_path / REVIEWS_FILE).read_text()
    with pytest.raises(ArenaError, match="different"):
        review_batch(records[:1], tmp_path, iters=ITERS + 1, seed=4)
    assert (tmp_path / REVIEWS_FILE).read_text() == before


def test_a_file_that_is_not_a_record_stops_the_batch_before_any_search(
    records: list[Path], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "tictactoe"}')
    with pytest.raises(ArenaError, match="not a match record"):
        review_batch([records[0], bad], tmp_path / "out", iters=ITERS)
    assert not (tmp_path / "out").exists()


def test_a_dask_cluster_gives_the_same_reviews(
    dask_cluster: str, records: list[Path], one_by_one: list[dict[str, Any]], tmp_path: Path
) -> None:
    results = review_batch(records, tmp_path, iters=ITERS, seed=4, cluster=dask_cluster)
    assert [r["review"] for r in results] == one_by_one


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_meeple_review_reviews_several_records_as_a_batch(
    records: list[Path], tmp_path: Path, capsys: Any, lang: str
) -> None:
    out = tmp_path / "batch"
    argv = ["review", *map(str, records), "--iters", str(ITERS), "--seed", "4"]
    assert main([*argv, "--workers", "2", "--out", str(out), "--lang", lang]) == 0
    text = capsys.readouterr().out
    for p in records:
        assert str(p) in text
    assert ("3 reviews in" if lang == "en" else "3 份檢討已寫入") in text
    assert main([*argv, "--out", str(out), "--json"]) == 0  # resumed: nothing to do
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["file"] for r in rows] == [str(p) for p in records]
    assert rows[0]["review"]["format"] == "meeple-review/1"
