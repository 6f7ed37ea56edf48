"""Snow Tails in the terminal, as a newcomer reads it (played through in both languages).

Before the first round the header read "round 0" and each mat "lane -" (起點第 - 道);
the terminal's Chinese course names were not the page's (林間小徑 here, 森林小徑 in
the lobby and on the board), so the same course had two names.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.games.snowtails import SnowTails
from meeple.games.snowtails.text import course_name, render

PAGE = Path(__file__).resolve().parents[3] / "src/meeple/web/static/i18n/snowtails.json"


@pytest.mark.parametrize(
    ("lang", "header", "mat"),
    [
        ("en", "race 1/1 · choosing start lanes", "racing · no start lane yet ·"),
        ("zh-TW", "第 1/1 場 · 選擇起點中", "比賽中 · 尚未選起點 ·"),
    ],
)
def test_before_the_start_the_header_and_mats_say_lanes_are_being_chosen(
    lang: str, header: str, mat: str
) -> None:
    state = SnowTails(players=2).new_initial_state(1)
    text = render(state.view(0), 0, lang)
    first = text.splitlines()[0]
    assert first.endswith(header) and "0" not in first.split("·")[-1], first
    assert text.count(mat) == 2, text
    state.apply(state.legal_actions()[0], 0)  # player 1 takes lane 1
    text = render(state.view(0), 0, lang)
    assert ("lane 1 ·" if lang == "en" else "起點第 1 道 ·") in text
    assert text.count(mat) == 1


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_course_has_the_same_name_in_the_terminal_and_on_the_page(lang: str) -> None:
    page = json.loads(PAGE.read_text(encoding="utf-8"))
    courses = ["first-run", "forest-trail", "canyon-run", "grand-tour", "custom"]
    for course in courses:
        assert course_name(course, lang) == page[f"course.{course}"][lang], course
