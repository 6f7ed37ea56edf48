"""Write (or check) every game's rules for the browser's rules page, from its doc.

The rules a player reads in the browser are the ones in ``docs/games/<slug>.md``:
its ``## Rules (English)`` and ``## 規則（繁體中文）`` sections, written once
there. This module copies them to ``static/rules/<slug>.json`` (the page
``/rules/<slug>`` fetches it), so an installed meeple serves them without the
docs folder. It is the only writer of those files::

    python -m meeple.web.rules          # rewrite every game's rules
    python -m meeple.web.rules --check  # exit 1 if one is out of date

``tests/test_rules_files.py`` runs the check, so a rules change in a doc
without a regenerated file fails the suite.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from meeple.core.registry import games
from meeple.web.components import run_generator

#: Where the rules page fetches from.
RULES_DIR = Path(__file__).resolve().parent / "static" / "rules"
#: The game docs (in a source checkout).
DOCS_DIR = Path(__file__).resolve().parents[3] / "docs" / "games"
#: The section heading of each language in a game's doc.
HEADINGS = {"en": "## Rules (English)", "zh-TW": "## 規則（繁體中文）"}


def section(text: str, heading: str) -> str:
    """The body of the ``## `` section titled ``heading`` (to the next ``## ``), or ""."""
    lines = text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == heading)
    except StopIteration:
        return ""
    body = []
    for line in lines[start + 1 :]:
        if re.match(r"^## ", line):
            break
        body.append(line)
    return "\n".join(body).strip() + "\n"


def rules_of(doc: str) -> dict[str, str]:
    """A doc's rules in every language: ``{"en", "zh-TW"}``."""
    return {lang: section(doc, heading) for lang, heading in HEADINGS.items()}


def tables(docs: Path = DOCS_DIR) -> dict[str, dict[str, str]]:
    """Every registered game's rules, by slug (games whose doc is missing are left out).

    The page's title is the game's own name in each language (``title``, ``title_zh``, as
    the lobby shows it), not the doc's heading, which is written for the docs folder.
    """
    out = {}
    for cls in games():
        path = docs / f"{cls.name}.md"
        if path.exists():
            table = {"title": cls.title, "title_zh": cls.title_zh or cls.title}
            out[cls.name] = table | rules_of(path.read_text(encoding="utf-8"))
    return out


def encode(table: dict[str, str]) -> str:
    return json.dumps(table, ensure_ascii=False, indent=1) + "\n"


def stale(directory: Path = RULES_DIR, docs: Path = DOCS_DIR) -> list[str]:
    """What is out of date: missing, differing or orphaned files, and docs lacking a language."""
    problems = []
    wanted = tables(docs)
    for name, table in wanted.items():
        for lang in HEADINGS:
            if not table[lang].strip():
                problems.append(f"docs/games/{name}.md has no '{HEADINGS[lang]}' section")
        path = directory / f"{name}.json"
        if not path.exists():
            problems.append(f"{path.name} is missing")
        elif path.read_text(encoding="utf-8") != encode(table):
            problems.append(f"{path.name} differs from docs/games/{name}.md")
    for path in sorted(directory.glob("*.json")):
        if path.stem not in wanted:
            problems.append(f"{path.name} belongs to no registered game with a doc")
    return problems


def write(directory: Path = RULES_DIR, docs: Path = DOCS_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, table in tables(docs).items():
        path = directory / f"{name}.json"
        path.write_text(encode(table), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    return run_generator(argv, "python -m meeple.web.rules", __doc__, stale, write)


if __name__ == "__main__":
    sys.exit(main())
