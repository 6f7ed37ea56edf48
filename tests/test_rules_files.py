"""The browser's rules pages are up to date with docs/games/<slug>.md (issue 17, item 7)."""

from __future__ import annotations

from pathlib import Path

from meeple.web import rules


def test_every_rules_file_is_up_to_date() -> None:
    problems = rules.stale()
    assert not problems, "run `python -m meeple.web.rules`: " + "; ".join(problems)


def test_the_rules_are_cut_from_the_docs_sections() -> None:
    doc = "# Game (遊戲)\n\nintro\n\n## Rules (English)\n\nPlay.\n\n## 規則（繁體中文）\n\n玩。\n\n## Bots\n\nnot rules\n"
    got = rules.rules_of(doc)
    assert got == {"en": "Play.\n", "zh-TW": "玩。\n"}


def test_the_page_title_is_the_games_name_in_each_language() -> None:
    """The doc's heading ("Viscounts of the West Kingdom (`viscounts`)") showed raw backticks
    and stayed English on the Chinese page; the page now names the game as the lobby does."""
    table = rules.tables()["viscounts"]
    assert (table["title"], table["title_zh"]) == ("Viscounts of the West Kingdom", "西國子爵")
    assert rules.tables()["ice"]["title_zh"] == "冰封遺跡"


def test_a_doc_without_a_language_is_reported(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "tictactoe.md").write_text("# T\n\n## Rules (English)\n\nPlay.\n", encoding="utf-8")
    out = tmp_path / "rules"
    rules.write(out, docs)
    problems = rules.stale(out, docs)
    assert any("規則" in p for p in problems), problems
