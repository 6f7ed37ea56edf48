"""Scoring one day's front page: pure functions on a page, no state.

A *page* maps tile id -> (top-left cell, face up?). The centrepiece is
passed separately as (centrepiece id, side index, cell). The order of the
steps follows the rules: tiles outside the day's area go back to the desk,
adjacency violations are turned face down until none remain, then articles,
photos, the centrepiece, mood balance, the desk and ads are counted. White
space is compared across players by the caller (it needs every page).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.games.fittoprint.components import (
    AD,
    ARTICLE,
    CENTREPIECES,
    COLOURS,
    CP_MASK,
    PHOTO,
    RULES,
    TILES,
    Condition,
    Day,
    grow,
    largest_empty_area,
    tile_mask,
)

Page = dict[int, tuple[int, bool]]
Centre = tuple[int, int, int]  # centrepiece id, side index, top-left cell


def occupied(page: Mapping[int, tuple[int, bool]], centre_cell: int | None) -> int:
    """Bitmask of every covered cell (face-down tiles and the centrepiece included)."""
    mask = CP_MASK[centre_cell] if centre_cell is not None and centre_cell >= 0 else 0
    for t, (cell, _up) in page.items():
        mask |= tile_mask(t, cell)
    return mask


def out_of_area(page: Mapping[int, tuple[int, bool]], day: Day) -> list[int]:
    """Tiles not wholly inside the day's area (they go back to the desk)."""
    return sorted(t for t, (cell, _) in page.items() if tile_mask(t, cell) & ~day.area)


def _conflict(a: int, b: int) -> bool:
    ta, tb = TILES[a], TILES[b]
    if ta.kind != tb.kind:
        return False
    return ta.kind != ARTICLE or ta.colour == tb.colour


def violations(page: Mapping[int, tuple[int, bool]]) -> list[tuple[int, int]]:
    """Pairs of face-up tiles breaking an adjacency rule: two photos, two ads,
    or two articles of the same colour sharing an edge."""
    up = sorted(t for t, (_, u) in page.items() if u)
    masks = {t: tile_mask(t, page[t][0]) for t in up}
    halos = {t: grow(m) for t, m in masks.items()}
    out = []
    for i, a in enumerate(up):
        for b in up[i + 1 :]:
            if halos[a] & masks[b] and _conflict(a, b):
                out.append((a, b))
    return out


def resolve_violations(page: Page) -> list[int]:
    """Turn face down, one at a time, the tile in the most violations until none remain.

    Decision (the seed leaves it open): ties go to the smaller tile, then the
    higher tile id. Returns the flipped tiles in order; ``page`` is changed.
    """
    flipped: list[int] = []
    while True:
        pairs = violations(page)
        if not pairs:
            return flipped
        count: dict[int, int] = {}
        for a, b in pairs:
            count[a] = count.get(a, 0) + 1
            count[b] = count.get(b, 0) + 1
        worst = max(count, key=lambda t: (count[t], -TILES[t].area, t))
        page[worst] = (page[worst][0], False)
        flipped.append(worst)


def neighbours_of(mask: int, page: Mapping[int, tuple[int, bool]]) -> list[int]:
    """Face-up tiles sharing an edge with the cells of ``mask``."""
    halo = grow(mask)
    return sorted(t for t, (cell, up) in page.items() if up and halo & tile_mask(t, cell))


def photo_points(page: Mapping[int, tuple[int, bool]]) -> dict[int, int]:
    """Per face-up photo: 1 point per adjacent face-up article of a liked colour or mood."""
    out = {}
    for t, (cell, up) in page.items():
        tile = TILES[t]
        if not up or tile.kind != PHOTO:
            continue
        out[t] = sum(
            1
            for n in neighbours_of(tile_mask(t, cell), page)
            if TILES[n].kind == ARTICLE
            and (TILES[n].colour in tile.likes or TILES[n].mood in tile.likes)
        )
    return out


def moods(page: Mapping[int, tuple[int, bool]]) -> tuple[int, int]:
    """(good, bad) icons on face-up articles (photos do not count)."""
    good = bad = 0
    for t, (_, up) in page.items():
        tile = TILES[t]
        if up and tile.kind == ARTICLE:
            if tile.mood == "good":
                good += tile.icons
            else:
                bad += tile.icons
    return good, bad


def centrepiece_points(cond: Condition, page: Mapping[int, tuple[int, bool]], cell: int) -> int:
    """Points of a centrepiece condition on the page (capped at the condition's limit)."""
    near = [TILES[t] for t in neighbours_of(CP_MASK[cell], page)]
    ups = [TILES[t] for t, (_, u) in page.items() if u]
    rule, arg = cond.rule, cond.arg
    if rule == "adjacent_colour":
        n = sum(1 for t in near if t.kind == ARTICLE and t.colour == arg)
    elif rule == "adjacent_mood":
        n = sum(1 for t in near if t.kind == ARTICLE and t.mood == arg)
    elif rule == "adjacent_photos":
        n = sum(1 for t in near if t.kind == PHOTO)
    elif rule == "no_adjacent_ads":
        n = int(not any(t.kind == AD for t in near))
    elif rule == "page_colours":
        n = int(all(any(t.kind == ARTICLE and t.colour == c for t in ups) for c in COLOURS))
    elif rule == "page_photos":
        n = sum(1 for t in ups if t.kind == PHOTO)
    elif rule == "page_ads":
        n = sum(1 for t in ups if t.kind == AD)
    elif rule == "balanced":
        good, bad = moods(page)
        n = int(good == bad and good > 0)
    else:  # pragma: no cover - data.toml is checked by the tests
        raise ValueError(f"unknown centrepiece rule {rule!r}")
    return min(n * cond.value, cond.limit)


def conflict_class(tile: int) -> str:
    """Tiles of one class may not share an edge face up: each article colour, photos, ads."""
    t = TILES[tile]
    return t.colour if t.kind == ARTICLE else t.kind


def forbidden_cells(page: Mapping[int, tuple[int, bool]]) -> dict[str, int]:
    """Per conflict class, the cells a face-up tile of that class may not cover
    without sharing an edge with a face-up tile of its class (family mode's check)."""
    out: dict[str, int] = {}
    for t, (cell, up) in page.items():
        if up:
            key = conflict_class(t)
            out[key] = out.get(key, 0) | grow(tile_mask(t, cell))
    return out


def free_cells(page: Mapping[int, tuple[int, bool]], centre_cell: int, day: Day) -> int:
    return day.area & ~occupied(page, centre_cell)


def page_breakdown(
    page: Page,
    centre: Centre,
    day: Day,
    desk: list[int],
    character: str = "",
    news: Mapping[str, Any] | None = None,
    family: bool = False,
) -> dict[str, Any]:
    """Score one page except white space and token bonuses (they need every player).

    ``page`` and ``desk`` are changed: tiles outside the area move to the desk,
    violating tiles are turned face down. Returns the parts and the record of
    what happened (``returned``, ``flipped``, ``largest_empty``). ``family``:
    family mode's rules, no mood-balance penalty (designed).
    """
    card: Mapping[str, Any] = news or {}
    effect = str(card.get("effect", ""))
    value = int(card.get("value", 0))
    returned = out_of_area(page, day)
    for t in returned:
        del page[t]
        desk.append(t)
    flipped = resolve_violations(page)
    ups = [(t, TILES[t]) for t, (_, u) in page.items() if u]
    articles = sum(tile.points for _, tile in ups if tile.kind == ARTICLE)
    photos_each = photo_points(page)
    photos = sum(photos_each.values())
    if character == "photographer":
        photos += sum(1 for v in photos_each.values() if v > 0)
    cp_id, side, cell = centre
    centre_pts = centrepiece_points(CENTREPIECES[cp_id].sides[side], page, cell)
    good, bad = moods(page)
    mood = -abs(good - bad)
    if character == "columnist":
        mood = -(abs(good - bad) // 2)
    if family:
        mood = 0
    desk_cost = int(RULES["desk_tile_cost"]) * (2 if effect == "desk_double" else 1)
    desk_tiles = len(desk) - (1 if character == "intern" and desk else 0)
    ads = [tile for _, tile in ups if tile.kind == AD]
    revenue = sum(tile.dollars for tile in ads)
    if character == "ad_manager" and len(ads) >= 2:
        revenue += 1
    news_pts = 0
    if effect == "colour_bonus":
        news_pts = value * sum(1 for _, t in ups if t.kind == ARTICLE and t.colour == card["arg"])
    elif effect == "ad_bonus":
        revenue += len(ads) * value
    elif effect == "no_mood":
        mood = 0
    elif effect == "photo_bonus":
        news_pts = value * sum(1 for v in photos_each.values() if v > 0)
    elif effect == "centre_double":
        centre_pts *= 2
    elif effect == "balanced_bonus":
        news_pts = value if good == bad and good > 0 else 0
    return {
        "articles": articles,
        "photos": photos,
        "centrepiece": centre_pts,
        "mood": mood,
        "desk": -desk_cost * desk_tiles,
        "news": news_pts,
        "revenue_raw": revenue,
        "returned": returned,
        "flipped": flipped,
        "largest_empty": largest_empty_area(free_cells(page, cell, day)),
        "good": good,
        "bad": bad,
    }


def white_space_points(
    sizes: list[int], solo: Mapping[str, Any], rules: Mapping[str, Any]
) -> list[int]:
    """Compare the largest empty areas: smallest +3, largest -1, others +1; ties share.

    When every player ties, all count as smallest. Solo compares with fixed
    thresholds instead (designed).
    """
    if len(sizes) == 1:
        v = sizes[0]
        if v <= int(solo["best"]):
            return [int(rules["white_space_smallest"])]
        if v <= int(solo["middle"]):
            return [int(rules["white_space_middle"])]
        return [int(rules["white_space_largest"])]
    low, high = min(sizes), max(sizes)
    out = []
    for v in sizes:
        if v == low:
            out.append(int(rules["white_space_smallest"]))
        elif v == high:
            out.append(int(rules["white_space_largest"]))
        else:
            out.append(int(rules["white_space_middle"]))
    return out
