"""Unconscious Mind: what the browser board is sent beside the view (item 15).

The inkpot preview says where the inkpot would land and what it would do,
computed on the server; it must agree with where the inkpot really lands.
Every component has words in the static table the board reads. At the end the view carries
the final scoring by part, and a tie broken by reputation is said in words.
"""

from __future__ import annotations

import json

from meeple.core import decisions as dec
from meeple.core.labels import end_labels
from meeple.games.unconscious import Unconscious, components, text
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.actions import Option, PlaceIdeas
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    ACTION_SPACES,
    CLIENTS,
    DREAMS,
    LIGHTNING,
    RESEARCH,
    RONDEL_KEYS,
    TILES,
)
from meeple.games.unconscious.state import FOLLOW, OVER
from tests.games.unconscious.builders import ready, with_counts


def _placed(action: str, bright: int = 0):  # type: ignore[no-untyped-def]
    """Seat 0 placed one idea (and ``bright`` bright ideas) on ``action``, its uses done."""
    s = ready(2)
    with_counts(s, 0, bright=2)
    a = ACTION_KEYS.index(action)
    space = next(sp for sp in ACTION_SPACES[a] if 1 + bright <= LIGHTNING[sp])
    s.apply(PlaceIdeas(space, a, 1, bright), 0)
    while dec.top(s.decisions) is not None:
        s.apply(s.legal_actions(0)[0], 0)
    assert s.step == FOLLOW
    return s


def test_the_preview_lists_each_bright_idea_count_and_matches_the_landing() -> None:
    s = _placed("generate")  # the bottom row: the inkpot moves 3 spaces
    preview = s.view(0)["inkpot_preview"]
    assert [p["bright"] for p in preview] == [0, 1, 2]
    start = s.inkpot[0]
    assert [p["steps"] for p in preview] == [3, 4, 5]
    assert [p["space"] for p in preview] == [(start + k) % len(RONDEL_KEYS) for k in (3, 4, 5)]
    assert all(p["what"]["en"] and p["what"]["zh-TW"] for p in preview)
    # nobody else is told, and it is gone once the inkpot moved
    assert s.view(1)["inkpot_preview"] == [] and s.view(None)["inkpot_preview"] == []
    s.apply(Option(0), 0)  # move the inkpot: with bright ideas, how many to spend
    assert dec.top(s.decisions).kind == "bright_ink"
    assert [p["bright"] for p in s.view(0)["inkpot_preview"]] == [0, 1, 2]
    s.apply(Option(1), 0)  # one bright idea
    assert s.inkpot[0] == preview[1]["space"]
    assert s.view(0)["inkpot_preview"] == []


def test_the_components_table_names_everything_as_the_labels_do() -> None:
    """The board draws a component by its id from the static table: every id has words
    in both languages, the same words an action's label uses."""
    table = components.client_components(wd)
    assert len(table["tiles"]) == len(TILES) and len(table["research"]) == len(RESEARCH)
    assert len(table["clients"]) == len(CLIENTS) and len(table["dreams"]) == len(DREAMS)
    for t in range(len(TILES)):
        assert table["tiles"][t] == {"en": wd.tile(t, "en"), "zh-TW": wd.tile(t, "zh-TW")}
    for c in range(len(CLIENTS)):
        name = table["clients"][c]["name"]
        assert name["en"] and name["zh-TW"] and name["en"] != name["zh-TW"]
    for kind in ("tiles", "banners", "dreams", "research", "clients", "grief"):
        assert json.dumps(table[kind], ensure_ascii=False).count("{") > 0
    # the view itself names no component: it gives ids, as before
    assert "words" not in ready(2).view(0)


def test_the_end_carries_the_final_scoring_and_says_how_a_tie_was_broken() -> None:
    s = Unconscious(players=2, rounds=1).new_initial_state(2)
    while not s.is_terminal():
        seat = s.current_seat()
        s.apply(s.legal_actions(seat)[0], seat)
    assert s.phase == OVER
    v = s.view(None)
    assert v["round_cap"] == 1
    assert [set(f) for f in v["final"]] == [{"reputation", "tags", "clients", "bright"}] * 2
    assert [v["players"][p]["vp"] + sum(v["final"][p].values()) for p in (0, 1)] == v["scores"]
    assert text.tiebreak_label(s, "en") is None or s.scores()[0] == s.scores()[1]
    # level on points, ranked by reputation: the result says so
    s.vp[0] = s.vp[1] = 0
    base = s.scores()
    s.vp[0] += int(base[1] - base[0]) if base[1] > base[0] else 0
    s.vp[1] += int(base[0] - base[1]) if base[0] > base[1] else 0
    s.rep[0], s.rep[1] = 3, 1
    assert s.scores()[0] == s.scores()[1]
    assert text.tiebreak_label(s, "en") == "A tie on points was broken by the higher reputation."
    assert "較高的聲望" in end_labels(s)["zh-TW"]
    with_counts(s, 1, rep=3)
    s.rep_stamp[0], s.rep_stamp[1] = 5, 2
    assert "the marker lower in its stack" in text.tiebreak_label(s, "en")
