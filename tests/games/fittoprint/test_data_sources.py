"""Fit To Print's data file says where every value comes from (issue 16).

``[sources]`` in data.toml names, field by field, "seed", "research" or
"designed". These tests keep that list complete and honest: every field of
every section has a source, no source names a field that does not exist,
and the values marked "seed" (or "research") are the ones those sources give,
so an owner of the physical game knows which numbers are ours to swap.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.games.fittoprint import FitToPrint
from meeple.games.fittoprint.components import COLOURS, DATA, DAYS, MOODS, RULES, TILES
from meeple.games.fittoprint.scoring import page_breakdown

KINDS = ("seed", "research", "designed")
#: Fields that describe an entry rather than give a value.
META = {"designed"}


def _fields(section: Any) -> set[str]:
    rows = section if isinstance(section, list) else [section]
    return {k for row in rows for k in row} - META


@pytest.mark.parametrize("name", sorted(set(DATA) - {"sources"}))
def test_every_field_of_every_section_names_its_source(name: str) -> None:
    sources = DATA["sources"]
    assert name in sources, f"[sources.{name}] is missing"
    assert _fields(DATA[name]) == set(sources[name]), name
    assert set(sources[name].values()) <= set(KINDS)


def test_the_sources_list_no_section_that_does_not_exist() -> None:
    assert set(DATA["sources"]) == set(DATA) - {"sources"}


def test_the_rules_section_is_not_marked_designed_as_a_whole() -> None:
    """It mixes the seed's numbers with ours; the field sources say which is which."""
    assert "designed" not in RULES
    kinds = set(DATA["sources"]["rules"].values())
    assert kinds == set(KINDS)


def test_the_values_marked_seed_are_the_seeds() -> None:
    src = DATA["sources"]["rules"]
    seed = {k for k, v in src.items() if v == "seed"}
    assert seed == {
        "white_space_smallest",
        "white_space_middle",
        "white_space_largest",
        "desk_tile_cost",
        "timer_minutes",
        "two_player_gap",
        "two_player_penalty",
        "offer_two_players",
    }
    assert (RULES["white_space_smallest"], RULES["white_space_middle"]) == (3, 1)
    assert RULES["white_space_largest"] == -1
    assert RULES["desk_tile_cost"] == 1
    assert RULES["timer_minutes"] == [3, 4, 5]
    assert (RULES["two_player_gap"], RULES["two_player_penalty"]) == (5, 10)
    assert RULES["offer_two_players"] == 3
    assert [d.name for d in DAYS] == ["Friday", "Saturday", "Sunday"]
    assert [d.name_zh for d in DAYS] == ["週五", "週六", "週日"]
    articles = [t for t in TILES if t.kind == "article"]
    assert {t.points for t in articles} == {1, 2}
    assert {t.colour for t in articles} == set(COLOURS) and {t.mood for t in articles} == set(MOODS)
    assert {t.kind for t in TILES} == {"article", "photo", "ad"}
    assert sorted({int(n["deck"]) for n in DATA["news"]}) == [0, 1, 2]


def test_the_research_timer_is_the_default_and_the_seeds_are_the_choices() -> None:
    assert DATA["sources"]["rules"]["timer_default"] == "research"
    spec = next(o for o in FitToPrint.option_specs if o.name == "minutes")
    assert spec.default == RULES["timer_default"] == 4
    assert tuple(spec.choices or ()) == (3, 4, 5)


def test_the_desk_cost_in_the_data_is_what_scoring_charges(monkeypatch: Any) -> None:
    """The seed's -1 per desk tile is data: scoring reads it, so a changed value
    changes the score (and Office Inspection still doubles it)."""
    office = next(n for n in DATA["news"] if n["effect"] == "desk_double")
    assert page_breakdown({}, (0, 0, 8), DAYS[0], [1, 2, 3], "", None)["desk"] == -3
    monkeypatch.setitem(RULES, "desk_tile_cost", 2)
    assert page_breakdown({}, (0, 0, 8), DAYS[0], [1, 2, 3], "", None)["desk"] == -6
    assert page_breakdown({}, (0, 0, 8), DAYS[0], [1, 2, 3], "", office)["desk"] == -12
