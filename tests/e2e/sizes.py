"""Measuring a page as a phone shows it: tap targets and text sizes (issue 37, item 4).

WCAG 2.2's 2.5.8 (target size, minimum) asks for targets of at least 24x24 CSS px, or
a 24 px circle round each one's centre that touches no other target's; text is read
at its effective size (an SVG's text scaled by the drawing's fit to the screen).
"""

from __future__ import annotations

from typing import Any

#: Reads every visible control and every visible text run under ``root``.
MEASURE_JS = """(root) => {
  const base = document.querySelector(root);
  const shown = (el) => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
  const controls = [...base.querySelectorAll('button, a[href], select, input, summary, [role=button], [role=tab]')]
    .filter((el) => shown(el) && !el.disabled && el.getAttribute('aria-hidden') !== 'true');
  const boxes = controls.map((el) => { const r = el.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height,
            what: (el.getAttribute('data-testid') || el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 60)}; })
    .filter((b) => b.w > 0 && b.h > 0);
  const small = [];
  boxes.forEach((b, i) => {
    if (b.w >= 24 && b.h >= 24) return;
    // the spacing exception: a 24 px circle on its centre meets no other target's circle
    const crowded = boxes.some((o, j) => j !== i && Math.hypot(o.x - b.x, o.y - b.y) < 24);
    if (crowded) small.push(b);
  });
  const texts = [];
  const walker = document.createTreeWalker(base, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || !shown(el) || el.closest('[aria-hidden=true] title, title')) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg && el instanceof SVGElement) {
      const m = el.getScreenCTM();
      if (m) size *= Math.hypot(m.a, m.b);
    }
    const r = el.getBoundingClientRect();
    // text for screen readers only (.visually-hidden: a 1 px clipped box) is not seen
    if (r.width <= 1 || r.height <= 1 || el.closest('.visually-hidden')) continue;
    const where = el.closest('[data-testid]')?.getAttribute('data-testid') || el.tagName;
    texts.push({size: Math.round(size * 10) / 10, text: n.textContent.trim().slice(0, 40), where});
  }
  return {controls: boxes.length, small, texts,
          scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def measure(page: Any, root: str = "#board") -> dict[str, Any]:
    """Controls too small to tap (and too close to others), text sizes, sideways scroll."""
    found: dict[str, Any] = page.evaluate(MEASURE_JS, root)
    return found
