"""Snow Tails' components, loaded once from data.toml: tiles and their sides, the
shipped courses, the dog-card deck, the sleds' colours.

The course itself (tiles assembled into lane cells) is built in track.py from
these tables.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def load_data() -> dict[str, Any]:
    """The parsed data.toml (cached: it never changes while running)."""
    text = resources.files("meeple.games.snowtails").joinpath("data.toml").read_text("utf-8")
    return tomllib.loads(text)
