"""The terminal menu of idea placements reads as sentences, in English and 繁體中文.

The menu (meeple.cli.menu) groups a long list by the words its labels share and
lists each line by the words that differ, so a label "Space 1: 1 idea for a tile
from a stack" was cut to "1: 1 idea for a tile from a stack", "for move Freud" was
no English, and a group of space 9 was named "Space 9 … insights" (the two actions
there both end in "insights"). A placement now reads "Space 1: take a tile from a
stack (1 coffee), with 1 idea" (欄位 1：用 1 個主意從供應堆拿板塊…), so every cut
of it still reads: what the ideas do, then how many.
"""

from __future__ import annotations

import re

from meeple.cli import menu
from meeple.core.actions import Action
from meeple.core.labels import action_label
from meeple.games.unconscious import UnconsciousState
from meeple.games.unconscious.actions import PlaceIdeas
from meeple.games.unconscious.text import render
from tests.games.unconscious.builders import ready


def _state(bright: int) -> UnconsciousState:
    s = ready(2, 3)
    s.bright = [bright, 0]
    return s


def _menu(s: UnconsciousState, lang: str) -> tuple[list[menu.Entry], list[list[menu.Entry]]]:
    """The placements' group opened, and each of its own groups opened."""

    def label(a: Action) -> str:
        return action_label(s.game, a, lang, s)

    top = menu.entries(s.legal_actions(), label)
    (place,) = [e for e in top if e.action is None and all(a.kind == "place" for a in e.actions)]
    inside = menu.open_group(place, label)
    return inside, [menu.open_group(e, label) for e in inside if e.action is None]


def test_a_placement_says_what_the_ideas_do_then_how_many() -> None:
    s = _state(bright=1)
    words = {
        lang: action_label(s.game, PlaceIdeas(space=1, action=0, ideas=1, bright=1), lang, s)
        for lang in ("en", "zh-TW")
    }
    assert words == {
        "en": "Space 2: take a tile from a stack (1 coffee), with 1 idea and 1 bright idea added",
        "zh-TW": "主意欄位 2：用 1 個主意（另加 1 個好主意）從供應堆拿板塊（1 杯咖啡）",
    }
    assert "(s)" not in words["en"]


#: How a whole phrase ends: an action's words or a count (never "elevate two", cut short).
_EN_ENDS = (
    "idea",
    "ideas",
    "coffee)",
    "insights",
    "colour",
    "research",
    "professor",
    "Freud",
    "publish",
)
_ZH_ENDS = ("主意", "）", "提升一級", "頓悟", "研究卡", "教授", "佛洛依德", "論文")


def test_the_lines_a_menu_cuts_from_placements_still_read() -> None:
    s = _state(bright=0)
    en, en_groups = _menu(s, "en")
    lines = [e.text for e in en if e.action is not None]
    # a line keeps its space's name ("Space 2: ...", not a bare "2: ...")
    assert "Space 2: take a tile from a stack (1 coffee), with 1 idea" in lines
    assert all(re.fullmatch(r"Space \d+: [a-z][^,]+, with \d ideas?", t) for t in lines), lines
    names = [e.text for e in en if e.action is None]
    # a group is named by its space (and what it shares), never by a word cut off an action
    assert all(re.match(r"Space \d+( |:|$)", n) for n in names), names
    assert not any(n.endswith("insights") for n in names), names
    middles = [e.text for group in en_groups for e in group]
    assert all(t.split()[-1] in _EN_ENDS for t in middles), middles
    assert "elevate two insights" in middles
    zh, zh_groups = _menu(s, "zh-TW")
    lines = [e.text for e in zh if e.action is not None]
    assert "主意欄位 2：用 1 個主意從供應堆拿板塊（1 杯咖啡）" in lines
    assert all(re.fullmatch(r"主意欄位 \d+：用 \d 個主意.+", t) for t in lines), lines
    middles = [e.text for group in zh_groups for e in group]
    assert all(t.endswith(_ZH_ENDS) or t.isdigit() for t in middles), middles
    assert "把兩個頓悟各提升一級" in middles


def test_bright_ideas_stay_whole_when_a_group_is_opened() -> None:
    """ "1 idea and 1 bright idea added" / "1 個主意（另加 1 個好主意）": never cut apart."""
    s = _state(bright=1)
    for lang, bright in (
        ("en", "1 idea and 1 bright idea added"),
        ("zh-TW", "1 個主意（另加 1 個好主意）"),
    ):
        _, groups = _menu(s, lang)
        texts = [e.text for group in groups for e in group]
        assert any(t.endswith(bright) or bright in t for t in texts), texts
        assert not any(t.endswith(("1 個", "個好", "bright")) for t in texts), texts


def test_with_one_idea_left_no_line_loses_its_last_word() -> None:
    """One idea and a bright one left: every placement ended in "idea", so the menu cut
    that word off them all ("Space … idea", then "11: move Freud, with 1")."""
    s = _state(bright=1)
    s.ideas = [1, s.ideas[1]]
    for lang in ("en", "zh-TW"):

        def label(a: Action, lang: str = lang) -> str:
            return action_label(s.game, a, lang, s)

        top = menu.entries(s.legal_actions(), label)
        place = next(e for e in top if e.action is None)
        assert place.text in ("Space …", "主意欄位 …"), place.text
        lines = [e.text for e in menu.open_group(place, label) if e.action is not None]
        assert lines and all(t.endswith(("idea", "added", "）", "佛洛依德", "教授")) or
                             "主意" in t for t in lines), lines  # fmt: skip
        assert not any(t.endswith("with 1") for t in lines), lines


def test_the_meeting_table_says_whose_ideas_and_how_many() -> None:
    s = _state(bright=0)
    s.apply(PlaceIdeas(space=0, action=0, ideas=2, bright=0), 0)
    text = render(s.view(0), 0, "en")
    assert "space 1: player 1, 2 ideas → a tile from a stack (1 coffee)" in text
    assert "x2" not in text
    zh = render(s.view(0), 0, "zh-TW")
    assert "主意欄位 1：玩家 1，2 個主意 → " in zh


def test_the_dial_line_uses_chinese_commas_in_chinese() -> None:
    zh = render(_state(bright=0).view(0), 0, "zh-TW")
    dial = next(line for line in zh.splitlines() if "頓悟錶盤" in line)
    assert re.search(r"紅色 \d/\d/\d，綠色 \d/\d/\d，紫色", dial) and ", " not in dial, dial
