"""One arena or balance run end to end: validate, play (resumable), summarize, report.

Shared by ``meeple arena`` and ``meeple balance`` so both stream results to
the same kind of resumable JSONL file.
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

from meeple.arena.report import write_reports
from meeple.arena.stats import summarize
from meeple.arena.tournament import Tournament, run_tournament, validate_bots


def default_out(tournament: Tournament, kind: str = "arena") -> Path:
    """A directory named after the tournament, so that re-running a command resumes it."""
    digest = hashlib.blake2b(
        json.dumps(tournament.header(), sort_keys=True).encode(), digest_size=4
    ).hexdigest()
    return Path(f"{kind}-out") / f"{tournament.game.name}-{tournament.players}p-{digest}"


def run_session(
    tournament: Tournament,
    out: Path,
    workers: int = 1,
    cluster: str | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """Play what is missing in ``out``, then write report.json and report.html there."""
    validate_bots(tournament.game, tournament.bots)
    start = time.perf_counter()
    results = run_tournament(tournament, out, workers=workers, cluster=cluster, progress=progress)
    wall = time.perf_counter() - start
    report = {
        "tournament": {
            **tournament.header(),
            "games_per_lineup": tournament.games_per_lineup,
            "tables": [list(t) for t in tournament.tables],
        },
        "summary": summarize(results, tournament.bots, tournament.players),
        "run": {"wall_seconds": round(wall, 3), "workers": workers, "cluster": cluster},
        "files": {
            "results": str(out / "games.jsonl"),
            "json": str(out / "report.json"),
            "html": str(out / "report.html"),
        },
    }
    write_reports(out, report)
    return report
