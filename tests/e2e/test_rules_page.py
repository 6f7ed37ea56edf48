"""End-to-end: the rules page (/rules/<slug>) draws every rules document's lists as written.

The Viscounts "Primary action" item once ran its four sub-items' wrapped lines into
one paragraph of the parent item, and titles showed raw backticks in English on the
Chinese page (issue 34, item 7). Each list item of every doc, in both languages, must
come out as one item holding its own lines, and nothing of its sub-items.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from meeple.web import rules

pytestmark = pytest.mark.browser

ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+(.*)$")

#: Each list item's own text (text of nested lists left out), white space removed.
OWN_TEXTS = """() => [...document.querySelectorAll('#rules li')].map((li) => {
  const copy = li.cloneNode(true);
  copy.querySelectorAll('ul, ol').forEach((list) => list.remove());
  return copy.textContent.replace(/\\s+/g, '');
})"""


def plain(markdown: str) -> str:
    """What a Markdown line reads as: links by their words, no emphasis or code marks, no spaces."""
    text = re.sub(r"\[([^\]]+)\]\([^)\s]+\)", r"\1", markdown)
    return re.sub(r"[*`\s]", "", text)


def items(doc: str) -> list[str]:
    """The expected own text of every list item in a rules section: its line, then each
    indented line under it up to the next item of any depth (a line after a blank line
    included, as a paragraph of the item it lines up under)."""
    out: list[list[str]] = []
    opened: list[tuple[int, list[str]]] = []  # (text indent, parts) of the items above
    for line in doc.splitlines():
        m = ITEM.match(line)
        indent = len(line) - len(line.lstrip())
        if m:
            opened = [(at, parts) for at, parts in opened if at <= indent]
            out.append([m.group(3)])
            opened.append((len(line) - len(m.group(3)), out[-1]))
        elif line.strip() and indent > 0 and opened:
            # the deepest item it lines up under (an item's wrapped lines line up with its text)
            owner = [parts for at, parts in opened if at <= indent] or [opened[0][1]]
            owner[-1].append(line.strip())
        elif line.strip():
            opened = []
    return ["".join(plain(part) for part in parts) for parts in out]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_list_item_of_every_rules_page_holds_its_own_lines(open_page: Any, lang: str) -> None:
    page = open_page("/", lang=lang)
    for slug, table in rules.tables().items():
        expected = items(table[lang])
        page.goto(re.sub(r"^(https?://[^/]+).*$", r"\1", page.url) + f"/rules/{slug}")
        page.wait_for_selector("body[data-ready='1'] #rules li" if expected else "#rules h1")
        got = page.evaluate(OWN_TEXTS)
        assert len(got) == len(expected), (slug, lang, len(got), len(expected))
        for want, have in zip(expected, got, strict=True):
            assert want == have, (slug, lang, want[:80], have[:80])


def test_the_viscounts_primary_action_lists_its_four_actions_apart(open_page: Any) -> None:
    page = open_page("/rules/viscounts")
    page.wait_for_selector("body[data-ready='1'] #rules li")
    texts = page.evaluate(OWN_TEXTS)
    primary = next(t for t in texts if t.startswith("Primaryaction"))
    trade = next(t for t in texts if t.startswith("Trade:"))
    assert "flipadebtordeed" in trade
    assert "flipadebt" not in primary and "tier1ofthewedge" not in primary
    heading = page.locator("#rules h1").inner_text()
    assert heading.startswith("Viscounts of the West Kingdom ·") and "`" not in heading


def test_the_rules_page_names_the_game_in_chinese(open_page: Any) -> None:
    page = open_page("/rules/ice", lang="zh-TW")
    page.wait_for_selector("body[data-ready='1'] #rules h1")
    assert page.locator("#rules h1").inner_text().startswith("冰封遺跡 ·")
    assert "ICE" not in page.title()
