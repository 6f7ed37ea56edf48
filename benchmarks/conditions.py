"""The conditions a benchmark ran under, saved beside its figures.

A figure means little without when it was taken, on which commit, and how
busy the machine was (benchmarks here often share two cores with other
work): every results file carries ``date``, ``commit`` and the load average
read before and after the measurement.
"""

from __future__ import annotations

import os
import platform
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True, timeout=10
    ).stdout.strip()


def git_commit() -> str:
    """The checked-out commit (short hash), ``+dirty`` when tracked files differ from it."""
    try:
        head = _git("rev-parse", "--short=12", "HEAD")
        dirty = _git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def load_average() -> list[float]:
    """The 1, 5 and 15 minute load averages (empty where the system has none)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def start() -> dict[str, Any]:
    """Conditions at the start of a run; pass the dict to :func:`finish` at its end."""
    return {
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commit": git_commit(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_before": load_average(),
    }


def finish(conditions: dict[str, Any]) -> dict[str, Any]:
    """Add the load average at the end of the run; return the same dict."""
    conditions["load_after"] = load_average()
    return conditions


def summary(conditions: dict[str, Any]) -> str:
    """One line for a table's caption: date, commit, CPUs and load before/after."""
    before = conditions.get("load_before") or ["?"]
    after = conditions.get("load_after") or ["?"]
    return (
        f"{conditions['date']}, commit {conditions['commit']}, {conditions['cpus']} CPUs, "
        f"load average {before[0]} before / {after[0]} after"
    )
