"""The Province renderer's component table matches the rules' data.toml.

The browser draws building costs, points, prerequisites and goal texts from
static/js/games/province.components.json (the view carries only what changes
during a match). This test keeps that file equal to what the rules use, so
the board never shows a cost the server does not charge.

To regenerate after data.toml changes: ``python tests/e2e/test_province_components.py``.
"""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

COMPONENTS = (
    Path(__file__).resolve().parents[2] / "src/meeple/web/static/js/games/province.components.json"
)


def expected_components() -> dict[str, Any]:
    data = tomllib.loads(
        resources.files("meeple.games.province").joinpath("data.toml").read_text(encoding="utf-8")
    )
    building_fields = (
        "id",
        "name",
        "name_zh",
        "labor",
        "coins",
        "points",
        "requires",
        "effect",
        "effect_zh",
    )
    goal_fields = ("id", "name", "name_zh", "text", "text_zh")
    return {
        "spaces": data["cycle"]["spaces"],
        "entry_space": data["cycle"]["entry_space"],
        "hire_cost": data["sailors"]["hire_cost"],
        "repay": data["loan"]["repay"],
        "loan_penalty": data["loan"]["penalty"],
        "buildings": [{k: b[k] for k in building_fields} for b in data["buildings"]],
        "goals": [{k: g[k] for k in goal_fields} for g in data["goals"]],
    }


def test_components_file_matches_the_rules_data() -> None:
    shipped = json.loads(COMPONENTS.read_text(encoding="utf-8"))
    assert shipped == expected_components(), (
        "province.components.json is out of date: run python tests/e2e/test_province_components.py"
    )


def test_components_agree_with_the_rules_module() -> None:
    """The ids the renderer knows are exactly the rules' buildings and goals, in board order."""
    from meeple.games.province import rules

    shipped = json.loads(COMPONENTS.read_text(encoding="utf-8"))
    assert tuple(b["id"] for b in shipped["buildings"]) == rules.BUILDINGS
    assert tuple(g["id"] for g in shipped["goals"]) == rules.GOALS
    assert tuple(shipped["spaces"]) == rules.SPACES


if __name__ == "__main__":
    COMPONENTS.write_text(
        json.dumps(expected_components(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"wrote {COMPONENTS}")
