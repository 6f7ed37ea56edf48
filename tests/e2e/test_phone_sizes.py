"""Every game's board on a phone: targets a finger can hit, text an eye can read, no
sideways scroll (issue 37, item 4).

Each game is played a few moves at its smallest and its largest player count on a
390x844 screen, and the board is measured as the phone shows it, in both languages:
no control under 24x24 CSS px with another control's centre within 24 px (WCAG 2.2,
2.5.8), no board text under 12 px at its effective size (an SVG's text scaled by the
drawing's fit), and the page never wider than the screen, at 390 px and at 320 px.
A board too large for the screen pans inside its own region (the page does not).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from meeple.core.registry import games
from tests.e2e.helpers import PHONE, create_match, legal_list_move, switch, wait_turn_or_end
from tests.e2e.sizes import measure

pytestmark = pytest.mark.browser

#: Moves made before the board is measured (a fresh board hides what play fills in).
MOVES = 6
#: The smallest readable board text, in CSS px at the size the phone shows it.
MIN_TEXT = 12
NARROWEST = {"width": 320, "height": 700}
#: Every game, at its smallest and its largest player count; and a game's content sets
#: that draw more of the board (Viscounts' Gates of Gold: every seat's manuscript board,
#: the outsiders, the builder cards; Keeper of Keys: the heroes, chest tiles and slots,
#: public buildings) at its largest count ("a+b": both sets on).
CASES = sorted({(cls.name, n, "") for cls in games() for n in (cls.min_players, cls.max_players)})
CASES += [("viscounts", 4, "gates_of_gold"), ("viscounts", 4, "gates_of_gold+keeper_of_keys")]


@pytest.mark.parametrize(
    ("game", "players", "content"),
    CASES,
    ids=[f"{g}-{n}{'-' + c if c else ''}" for g, n, c in CASES],
)
def test_the_board_fits_a_phone(
    open_page: Callable[..., Any], game: str, players: int, content: str
) -> None:
    page = open_page("/", viewport=PHONE)
    options = {name: "true" for name in content.split("+")} if content else None
    create_match(page, game, ["@you"] + ["heuristic"] * (players - 1), options=options)
    if content:
        page.wait_for_selector("[data-testid=vc-msboards]")
    for _ in range(MOVES):
        if wait_turn_or_end(page) == "finished":
            break
        legal_list_move(page, ())
    problems = []
    for lang in ("en", "zh-TW"):
        switch(page, lang)
        found = measure(page)
        for box in found["small"]:
            problems.append(f"{lang}: target {box['w']:.0f}x{box['h']:.0f} px: {box['what']}")
        for text in found["texts"]:
            if text["size"] < MIN_TEXT:
                problems.append(
                    f"{lang}: text {text['size']} px in {text['where']}: {text['text']}"
                )
        if found["scroll"] > 0:
            problems.append(f"{lang}: the page scrolls {found['scroll']} px sideways at 390 px")
    page.set_viewport_size(NARROWEST)
    wider = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    if wider > 0:
        problems.append(f"the page scrolls {wider} px sideways at 320 px")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:60])
