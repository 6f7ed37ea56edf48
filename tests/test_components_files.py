"""The browser's component tables are exactly what the games declare.

Renderers draw printed components (Province's costs and goal texts, the
penguin game's cards) from static/js/games/<slug>.components.json. One
generator writes them all (``python -m meeple.web.components``); this test
fails when a data.toml change was not followed by a regeneration, so the
board never shows a cost the server does not charge.
"""

from __future__ import annotations

import json
from pathlib import Path

from meeple.games.province.components import BUILDINGS, GOALS, SPACES
from meeple.web import components


def test_every_components_file_is_current() -> None:
    assert components.stale() == [], "run: python -m meeple.web.components"
    assert {"province", "penguins"} <= set(components.tables())


def test_the_check_reports_missing_differing_and_stray_files(tmp_path: Path) -> None:
    assert {p.name for p in components.write(tmp_path)} == {
        f"{name}{components.SUFFIX}" for name in components.tables()
    }
    assert components.stale(tmp_path) == []
    (tmp_path / "province.components.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "penguins.components.json").unlink()
    (tmp_path / "ghost.components.json").write_text("{}\n", encoding="utf-8")
    assert sorted(components.stale(tmp_path)) == [
        "ghost.components.json belongs to no game that declares components",
        "penguins.components.json is missing",
        "province.components.json differs from the game's client_components()",
    ]
    assert components.main(["--check"]) == 0  # the shipped files are untouched


def test_province_table_lists_the_rules_buildings_goals_and_spaces_in_board_order() -> None:
    shipped = json.loads(
        (components.GAMES_DIR / "province.components.json").read_text(encoding="utf-8")
    )
    assert tuple(b["id"] for b in shipped["buildings"]) == BUILDINGS
    assert tuple(g["id"] for g in shipped["goals"]) == GOALS
    assert tuple(shipped["spaces"]) == SPACES
