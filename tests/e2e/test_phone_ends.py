"""End-to-end: the end of a game fits a 390 px phone in both languages (issue 34, item 10).

Unconscious Mind's and Fit To Print's score tables (8-10 columns) once made the finished
page 526-675 px wide in English, so a phone scrolled sideways. Bot-only matches are
played by the server and watched at the end, as a spectator would.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import PHONE

pytestmark = pytest.mark.browser

_CREATE = """async ([game, options]) => {
  const res = await fetch('/api/matches', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({game, players: 2, seats: ['heuristic', 'heuristic'], options, bot_delay: 0})});
  return (await res.json()).match.id;
}"""


@pytest.mark.parametrize(
    ("game", "options", "table"),
    [("unconscious", {"rounds": 2}, ".um-final"), ("fittoprint", {}, "[data-testid=ftp-results]")],
)
def test_a_finished_game_fits_a_phone_in_both_languages(
    open_page: Any, game: str, options: dict[str, Any], table: str
) -> None:
    page = open_page("/")
    match_id = page.evaluate(_CREATE, [game, options])
    for lang in ("en", "zh-TW"):
        phone = open_page(f"/match/{match_id}", viewport=PHONE, lang=lang)
        phone.wait_for_selector(
            "body[data-status='finished'] [data-testid=results]:not([hidden])", timeout=120_000
        )
        phone.wait_for_selector(table)
        width = phone.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (game, lang, width)
        box = phone.locator(table).bounding_box()
        assert box and box["width"] <= PHONE["width"], (game, lang, box)
        # each number says what it counts, the column heads being hidden on a phone
        labels = phone.locator(f"{table} td").evaluate_all(
            "(tds) => tds.map((td) => getComputedStyle(td, '::before').content)"
        )
        assert labels and all(label not in ("none", "normal", '""') for label in labels), labels
        # nothing is left to draw or take: no empty "Centre of the table" heading
        if game == "fittoprint":
            assert phone.locator("[data-testid=ftp-centre]").is_hidden()
