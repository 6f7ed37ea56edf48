"""Every control's accessible name holds the text drawn on it (WCAG 2.5.3, "label in
name"), at every decision of a game, in every game.

A board names a control by its action and often draws words on it too (a card's
name, a cost, a count); `label-in-name.js` adds the drawn text to a name that lacks
it after each board is drawn. The whole-page axe-core checks (test_axe.py) read a
board after a few moves, and the review page reads it at one step; which controls a
position offers is chance, and CI once drew a Viscounts pile named by its action
alone on a review (the free manuscript) while every other test passed. So here a
person plays random legal moves against a random bot in each game (Viscounts also
with both expansions) and axe-core's label-in-name rule runs at each of the person's
decisions; then the mechanism itself on a drawing made for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from meeple.core.registry import games
from tests.e2e.axe import report, violations
from tests.e2e.helpers import create_match, wait_turn_or_end

pytestmark = pytest.mark.browser

#: The person's decisions read in each game (random moves: the positions differ per run).
DECISIONS = 25
CONFIGS = [(cls.name, {}) for cls in games()] + [
    ("viscounts", {"gates_of_gold": "true", "keeper_of_keys": "true"})
]
RULE = ["label-content-name-mismatch"]

#: One random action from the legal list (its folds need not be open), and the state id before.
_PICK_JS = """(r) => {
    const all = [...document.querySelectorAll('#legal button.legal-action')];
    const before = document.body.dataset.stateId;
    all[Math.floor(r * all.length)].click();
    return before;
}"""


@pytest.mark.parametrize(
    ("game", "options"), CONFIGS, ids=[g + ("-both-expansions" if o else "") for g, o in CONFIGS]
)
def test_every_name_holds_what_its_control_shows_at_each_decision(
    open_page: Callable[..., Any], game: str, options: dict[str, str]
) -> None:
    rng = random.Random(f"{game}{sorted(options)}")
    page = open_page("/")
    create_match(page, game, ["@you", "random"], options=options or None)
    problems = []
    for n in range(DECISIONS):
        if wait_turn_or_end(page) == "finished":
            break
        found = violations(page, only=RULE)
        if found:
            problems.append(f"--- decision {n}:\n{report(found)}")
        before = page.evaluate(_PICK_JS, rng.random())
        page.wait_for_function("(s) => document.body.dataset.stateId !== s", arg=before)
    assert not problems, "\n".join(problems)


#: A drawing with the cases the pass handles: SVG pieces, flex items, inline words, a lone
#: mark, a name that already holds its text; each control's name after the pass.
_DRAWN_JS = """async () => {
    const m = await import('/static/js/label-in-name.js');
    const box = document.createElement('div');
    box.innerHTML = `
      <svg><g id="tile" role="button" aria-label="Build Lender">
        <title>Build Lender</title><text>Lender</text><text>2</text><text>2 coins</text></g>
      <g id="mark" role="button" aria-label="Move the barrier"><text>#</text></g></svg>
      <div id="card" role="button" aria-label="Take the Painter" style="display:flex">
        <span>Painter</span><span>3 ♥</span></div>
      <button id="inline" aria-label="Pick"><b>big</b><i>red</i></button>
      <button id="held" aria-label="Idea space 1: place here">1 ⚡⚡⚡</button>`;
    document.body.append(box);
    m.nameControlsByWhatTheyShow(box);
    const out = {};
    for (const el of box.querySelectorAll('[aria-label]')) out[el.id] = el.getAttribute('aria-label');
    out.tileText = m.drawnText(box.querySelector('#tile'));
    out.inlineText = box.querySelector('#inline').textContent;
    box.remove();
    return out;
}"""


def test_a_name_gains_the_drawn_text_it_lacks_words_apart(open_page: Callable[..., Any]) -> None:
    got = open_page("/").evaluate(_DRAWN_JS)
    # SVG pieces and flex items are read a word apart (an undrawn space between them)
    assert got["tile"] == "Build Lender (Lender 2 2 coins)", got
    assert got["tileText"] == "Lender 2 2 coins", got
    assert got["card"] == "Take the Painter (Painter 3 ♥)", got
    # inline words stay as drawn: a space there would be drawn
    assert got["inline"] == "Pick (bigred)" and got["inlineText"] == "bigred", got
    # a lone mark names nothing; a name holding the words already (marks aside) is kept
    assert got["mark"] == "Move the barrier", got
    assert got["held"] == "Idea space 1: place here", got
