"""axe-core in the end-to-end tests: WCAG 2.2 A/AA violations of the page as it is now.

axe-core comes from its PyPI wrapper, ``axe-playwright-python``, installed with the
dev extras; only its bundled ``axe.min.js`` is used, injected into the page, so
the test decides the rules (every WCAG 2.0-2.2 A/AA tag) and the report's shape.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

#: The rule tags checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
#: Rules outside those tags that the issue's audit asked for: visible labels inside the
#: accessible name (WCAG 2.5.3, still "experimental" in axe), headings in order and one
#: h1 a page (axe's best practices, WCAG 1.3.1 and 2.4.6 in spirit).
EXTRA_RULES = ["label-content-name-mismatch", "heading-order", "page-has-heading-one"]

_RUN = """async ([tags, extra, only]) => {
    const rules = Object.fromEntries(extra.map((id) => [id, {enabled: true}]));
    const options = only ? {runOnly: {type: "rule", values: only}}
                         : {runOnly: {type: "tag", values: tags}, rules};
    const result = await axe.run(document, options);
    return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 4).map((n) => ({target: n.target.join(" "), html: n.html.slice(0, 160),
                                                 why: n.failureSummary.slice(0, 300)})),
        count: v.nodes.length,
    }));
}"""


def axe_source() -> str:
    """The text of axe.min.js from the installed package."""
    return (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def violations(page: Any, only: list[str] | None = None) -> list[dict[str, Any]]:
    """axe-core's WCAG A/AA violations on ``page`` now (injecting axe once per document);
    ``only``: just these rules (a quick check repeated at every decision of a game)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated through the debugging protocol: the page's CSP forbids inline scripts
        page.evaluate(axe_source() + "\n;undefined")
    found: list[dict[str, Any]] = page.evaluate(_RUN, [WCAG_TAGS, EXTRA_RULES, only])
    return found


def report(found: list[dict[str, Any]]) -> str:
    """The violations in a few readable lines each, for an assertion message."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}, {v['count']} nodes): {v['help']}")
        for node in v["nodes"]:
            lines.append(f"    {node['target']}: {node['html']}")
            lines.append(f"        {node['why']}".replace("\n", " / "))
    return "\n".join(lines)
