"""Reviewing a batch of finished matches in parallel, as the arena plays its tournaments.

A researcher with a folder of records (an arena run's games saved with ``--save``, a
server's matches) wants every one reviewed (:mod:`meeple.review`), on this machine's
cores or on a Dask cluster, and a run that resumes where it was stopped. This is the
tournament runner's machinery with another task: one record reviewed per task, the
results streamed to ``OUT/reviews.jsonl`` after a header naming the batch (the
records' names, the search budget and the seed), so the same command run again
reviews only what is missing and refuses a folder that holds another batch.

A review is deterministic for a record, budget and seed, so a record reviewed in a
worker process or on a Dask worker gives the same review as ``meeple review``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from meeple.arena.tournament import ArenaError, ResultWriter, load_results, run_tasks
from meeple.core.errors import MeepleError
from meeple.core.match import MatchRecord
from meeple.review.engine import DEFAULT_ITERS, review_record

#: The results file of a batch of reviews, in its folder.
REVIEWS_FILE = "reviews.jsonl"


def review_task(task: dict[str, Any]) -> dict[str, Any]:
    """One record reviewed (a picklable top-level function for worker processes)."""
    record = MatchRecord.from_json(task["record"])
    review = review_record(record, iters=task["iters"], seed=task["seed"])
    return {"index": task["index"], "file": task["file"], "review": review.to_json()}


def _digest(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def review_batch(
    paths: Sequence[Path],
    out: Path,
    iters: int = DEFAULT_ITERS,
    seed: int = 0,
    workers: int = 1,
    cluster: str | None = None,
    progress: bool = False,
) -> list[dict[str, Any]]:
    """Review every record of ``paths`` not already in ``out``; return every result, in the
    order of ``paths``. A record that cannot be read stops the batch before any search."""
    records: list[dict[str, Any]] = []
    for path in paths:
        try:
            records.append(MatchRecord.load(path).to_json())
        except (OSError, ValueError, KeyError, MeepleError) as exc:
            raise ArenaError(f"{path}: not a match record ({exc})") from None
    header = {
        "kind": "reviews",
        "records": [[str(p), _digest(r)] for p, r in zip(paths, records, strict=True)],
        "iters": iters,
        "seed": seed,
    }
    done = load_results(out, header, REVIEWS_FILE)
    writer = ResultWriter(out, header, fresh=not done, name=REVIEWS_FILE)
    tasks = [
        {"index": i, "file": str(p), "record": r, "iters": iters, "seed": seed}
        for i, (p, r) in enumerate(zip(paths, records, strict=True))
        if i not in done
    ]
    results = dict(done)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(paths), initial=len(done), unit="record", leave=False)
    stream = run_tasks(tasks, review_task, workers, cluster)
    try:
        for result in stream:
            results[result["index"]] = result
            writer.write(result)
            if bar is not None:
                bar.update(1)
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
        if bar is not None:
            bar.close()
        writer.close()
    return [results[i] for i in sorted(results)]
