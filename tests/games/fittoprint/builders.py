"""Named set-ups for the Fit To Print rules tests: pick tiles by description, build
pages, and put a match at a point by name rather than by writing the state's fields in
every test, so a change to how the state keeps them is fixed here::

    s = new(2)
    art = find("article", "2x1", colour="sports")
    to_layout(s, 1, art)  # seat 1 lays out its page, the article on its desk
    on_turn(s, 0)  # but seat 0 is on turn
"""

from __future__ import annotations

from typing import Any

from meeple.games.fittoprint import FitToPrint, FitToPrintState
from meeple.games.fittoprint.components import CELL_INDEX, NEWS_IDS, TILES
from meeple.games.fittoprint.state import LAYOUT, OVER


def find(kind: str, size: str, skip: int = 0, **attrs: Any) -> int:
    """The id of the ``skip``-th tile of that kind and size with the given attributes."""
    found = [
        t.id
        for t in TILES
        if t.kind == kind and t.size == size and all(getattr(t, k) == v for k, v in attrs.items())
    ]
    return found[skip]


def on_turn(s: FitToPrintState, seat: int) -> None:
    """``seat`` is on turn (Slo-Mode)."""
    s.current = seat
    s._turn = None


def new(players: int = 2, seed: int = 1, **options: Any) -> FitToPrintState:
    """A new match; in Slo-Mode seat 0 is made the start player (it is drawn at
    random by the rules) so that a test can act with seat 0 first."""
    options.setdefault("mode", "slo")
    s = FitToPrint(players=players, **options).new_initial_state(seed)
    on_turn(s, 0)
    return s


def take_out(s: FitToPrintState, *tiles: int) -> None:
    """Remove tiles from the centre (pool or face-up row) so a test can hand them out."""
    for t in tiles:
        if t in s.pool:
            s.pool.remove(t)
        if t in s.face_up:
            s.face_up.remove(t)


def to_layout(s: FitToPrintState, seat: int, *desk: int) -> None:
    """Put ``seat`` in its layout phase with ``desk`` on its desk."""
    take_out(s, *desk)
    s.desk[seat] = list(desk)
    s.status[seat] = LAYOUT
    on_turn(s, seat)


def finished(s: FitToPrintState, points: list[int], revenue: list[int], tokens: list[int]) -> None:
    """The match over after the third day, each seat with these points and revenue (this
    day's, the others' zero) and these tokens."""
    s.points = [[p, 0, 0] for p in points]
    s.revenue = [[r, 0, 0] for r in revenue]
    s.token = list(tokens)
    s.day = 2
    s.phase = OVER
    s._turn = None


def with_news(s: FitToPrintState, *keys: str) -> None:
    """The news in play are these (by key, e.g. ``"sat_scoop"``)."""
    s.news = [NEWS_IDS.index(k) for k in keys]


def page_of(*entries: tuple[int, str] | tuple[int, str, bool]) -> dict[int, tuple[int, bool]]:
    """``page_of((tile, "a1"), (tile, "c3", False))``: a page dict, face up by default."""
    out = {}
    for e in entries:
        up = e[2] if len(e) > 2 else True
        out[e[0]] = (CELL_INDEX[e[1]], bool(up))
    return out


def texts(s: FitToPrintState, seat: int | None = None) -> list[str]:
    return [str(a) for a in s.legal_actions(seat)]
