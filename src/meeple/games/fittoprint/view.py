"""What a seat sees of Fit To Print: its view (its own desk, others' pages only once
scored) and the observation tensor. Undo barriers, determinization and the log's
redaction are in hidden.py."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from meeple.games.fittoprint.components import (
    CELL_NAMES,
    CENTREPIECES,
    CP_MASK,
    NCELLS,
    NTILES,
    PUZZLES,
    SIZES,
    SOLO,
    TILE_COPIES,
    TILE_SIZE,
    TILES,
    Puzzle,
    tile_mask,
)
from meeple.games.fittoprint.preview import unmet
from meeple.games.fittoprint.scoring import (
    occupied,
    page_breakdown,
    violations,
)
from meeple.games.fittoprint.state import (
    DAY,
    DAYS,
    DRAFT,
    LAYOUT,
    MAX_SEATS,
    NDAYS,
    NEWS,
    OVER,
    STATUS_NAMES,
    FitToPrintData,
)


def _face_json(tile: int) -> dict[str, Any]:
    t = TILES[tile]
    out: dict[str, Any] = {"kind": t.kind, "size": t.size, "w": t.width, "h": t.height}
    if t.kind == "article":
        out.update(colour=t.colour, mood=t.mood, icons=t.icons, points=t.points)
    elif t.kind == "photo":
        out["likes"] = list(t.likes)
    else:
        out["dollars"] = t.dollars
    n, of = TILE_COPIES[tile]
    if of > 1:  # the board writes it on the tile, as the labels name it
        out["copy"] = n
    return out


FACES_JSON: tuple[dict[str, Any], ...] = tuple(_face_json(t) for t in range(NTILES))

# -- observation tensor ----------------------------------------------------------------

GRID_PLANES = 9  # in area, empty, sports, news, business, photo, ad, face down, centrepiece
OBS_SIZE = (
    NCELLS * GRID_PLANES  # own page
    + 4 * NTILES  # own desk, own page, face-up centre, own drawn tile
    + len(SIZES)  # face-down pool by size
    + NDAYS
    + 3  # phase
    + MAX_SEATS * 7  # per seat (relative): status x3, token, desk, points, revenue
    + 2 * len(CENTREPIECES)  # own centrepiece, offer
)
_PLANE = {"sports": 2, "news": 3, "business": 4, "photo": 5, "ad": 6}


@lru_cache(maxsize=4096)
def mask_cells(mask: int) -> np.ndarray:
    """The cell indices of a bitmask, as an index array (cached: masks repeat)."""
    return np.array([c for c in range(NCELLS) if mask >> c & 1], dtype=np.intp)


def encode(state: FitToPrintData, seat: int | None) -> np.ndarray:
    """A fixed-size float vector of what ``seat`` sees (seat ``None``: public part only)."""
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    day = DAYS[min(state.day, NDAYS - 1)]
    if seat is not None:
        grid = out[: NCELLS * GRID_PLANES].reshape(GRID_PLANES, NCELLS)
        grid[0, mask_cells(day.area)] = 1.0
        cp_cell = state.centre[seat][2]
        occ = occupied(state.page[seat], cp_cell)
        grid[1, mask_cells(day.area & ~occ)] = 1.0
        for t, (cell, up) in state.page[seat].items():
            tile = TILES[t]
            plane = (
                (_PLANE[tile.colour] if tile.kind == "article" else _PLANE[tile.kind]) if up else 7
            )
            grid[plane, mask_cells(tile_mask(t, cell))] = 1.0
        if cp_cell >= 0:
            grid[8, mask_cells(CP_MASK[cp_cell])] = 1.0
    base = NCELLS * GRID_PLANES
    if seat is not None:
        for t in state.desk[seat]:
            out[base + t] = 1.0
        for t in state.page[seat]:
            out[base + NTILES + t] = 1.0
        held = state.drawn(seat)
        if held >= 0:
            out[base + 3 * NTILES + held] = 1.0
    for t in state.face_up:
        out[base + 2 * NTILES + t] = 1.0
    base += 4 * NTILES
    for t in state.pool:
        out[base + TILE_SIZE[t]] += 1.0 / 16
    base += len(SIZES)
    out[base + min(state.day, NDAYS - 1)] = 1.0
    base += NDAYS
    out[base + (DAY, DRAFT, OVER).index(state.phase)] = 1.0
    base += 3
    n = state.game.players
    me = seat if seat is not None else 0
    for k in range(n):
        s = (me + k) % n
        o = base + 7 * k
        out[o + state.status[s]] = 1.0
        out[o + 3] = state.token[s] / MAX_SEATS
        out[o + 4] = len(state.desk[s]) / 16
        out[o + 5] = state.total_points(s) / 50
        out[o + 6] = state.total_revenue(s) / 20
    base += MAX_SEATS * 7
    if seat is not None:
        out[base + state.centre[seat][0]] = 1.0
    base += len(CENTREPIECES)
    for cp, _side in state.offer:
        out[base + cp] = 1.0
    return out


def view(state: FitToPrintData, seat: int | None) -> dict[str, Any]:
    n = state.game.players
    day = DAYS[min(state.day, NDAYS - 1)]
    pool_sizes = [0] * len(SIZES)
    for t in state.pool:
        pool_sizes[TILE_SIZE[t]] += 1
    # Between days and at the end the board shows the pages just printed: count those.
    printed = state.results[-1]["pages"] if state.phase != DAY and state.results else None
    players = []
    for s in range(n):
        players.append(
            {
                "seat": s,
                "status": STATUS_NAMES[state.status[s]],
                "token": state.token[s],
                "desk_count": len(state.desk[s]),
                "page_count": len(printed[s]["tiles"]) if printed else len(state.page[s]),
                "drawing": state.drawn(s) >= 0,
                # Taken face up in front of everyone, and still on this seat's desk or page.
                "known": sorted(
                    t for t in state.known[s] if t in state.page[s] or t in state.desk[s]
                ),
                "centrepiece": [state.centre[s][0], state.centre[s][1]],
                "character": state.character(s) or None,
                "points": state.points[s][:],
                "revenue": state.revenue[s][:],
                "total_points": state.total_points(s),
                "total_revenue": state.total_revenue(s),
                # the last scored day's page, apart from the totals (None before one)
                "last_day": (
                    {
                        "day": len(state.points[s]) - 1,
                        "points": state.points[s][-1],
                        "revenue": state.revenue[s][-1],
                    }
                    if state.points[s]
                    else None
                ),
            }
        )
    turn = state.turn()
    out: dict[str, Any] = {
        "day": state.day,
        "day_name": day.name,
        "phase": state.phase,
        "mode": state.game.options["mode"],
        "round_seconds": state.game.round_seconds
        if state.game.realtime and state.phase == DAY
        else None,
        "area": {"side": day.side, "columns": day.columns, "rows": day.rows},
        "star": CELL_NAMES[day.star],
        "pool": {SIZES[i]: c for i, c in enumerate(pool_sizes) if c},
        "face_up": sorted(state.face_up),
        "players": players,
        "to_act": list(turn.seats),
        "offer": [list(x) for x in state.offer],
        "draft_order": state.draft_order[:],
        "news": NEWS[state.news[-1]]["id"] if state.news else None,
        # The last scored day in full (pages revealed); earlier days are in the
        # players' per-day points and revenue.
        "results": state.results[-1:],
        "rearrangements_per_day": state.game.rearrangements,
    }
    puzzle = state.game.puzzle
    if puzzle is not None:
        out["puzzle"] = puzzle_json(puzzle)
    if n == 1:
        out["target"] = int(state.game.options["target"])
        out["min_revenue"] = int(SOLO["min_revenue"])
    if state.phase == OVER:
        out["final"] = {
            "scores": state.scores(),
            "eliminated": state.eliminated(),
            "ranks": state.ranks(),
            "solo_won": state.solo_won() if n == 1 and puzzle is None else None,
            # family mode: the points each paper's revenue added (designed)
            "revenue_points": [state.revenue_points(s) for s in range(n)],
        }
        if puzzle is not None:
            out["final"]["puzzle"] = dict(state.results[-1]["puzzle"])
    visible = set(state.face_up)
    for known in state.known:
        visible.update(known)
    # The last scored day's front pages were shown to everyone: every seat (and a
    # spectator) may read the tiles on them.
    for res in state.results[-1:]:
        for page in res["pages"]:
            visible.update(tile for tile, _cell, _face in page["tiles"])
    if seat is not None:
        visible.update(state.desk[seat])
        visible.update(state.page[seat])
        held = state.drawn(seat)
        if held >= 0:
            visible.add(held)
    shown = {c for c, _side in state.offer}
    if seat is not None:
        shown.add(state.centre[seat][0])
    out["centrepieces"] = {
        str(c): {
            "name": CENTREPIECES[c].name,
            "name_zh": CENTREPIECES[c].name_zh,
            "sides": [[x.rule, x.arg, x.value, x.limit] for x in CENTREPIECES[c].sides],
        }
        for c in sorted(shown)
    }
    if state.news:
        card = NEWS[state.news[-1]]
        out["news_card"] = {k: card[k] for k in ("id", "name", "name_zh", "text", "text_zh")}
    # What the viewer can read on the tiles it sees (renderers need no tile table).
    out["faces"] = {str(t): dict(FACES_JSON[t]) for t in sorted(visible)}
    if seat is not None:
        cp, side, cell = state.centre[seat]
        out["you"] = {
            "seat": seat,
            "desk": sorted(state.desk[seat]),
            "page": [
                [t, CELL_NAMES[c], "up" if up else "down"]
                for t, (c, up) in sorted(state.page[seat].items())
            ],
            "centrepiece": [cp, side, CELL_NAMES[cell] if cell >= 0 else None],
            "drawn": held if held >= 0 else None,
            "rearrangements_left": state.game.rearrangements - state.moves[seat],
            "preview": preview(state, seat) if state.status[seat] == LAYOUT else None,
            # what printing now would miss (preview.py, through the core's contract)
            "unmet": unmet(state, seat),
        }
    return out


def preview(state: FitToPrintData, seat: int) -> dict[str, Any]:
    """The live score of ``seat``'s page as it stands (white space and token
    bonuses excluded: they depend on the others), and its violations."""
    cp, side, cell = state.centre[seat]
    pairs = violations(state.page[seat])
    b = page_breakdown(
        dict(state.page[seat]),
        (cp, side, cell),
        DAYS[state.day],
        list(state.desk[seat]),
        state.character(seat),
        state.news_card(),
        state.game.family,
    )
    parts = ("articles", "photos", "centrepiece", "mood", "desk", "news")
    out = {k: b[k] for k in parts}
    out["points"] = sum(b[k] for k in parts)
    out["revenue"] = b["revenue_raw"]
    out["largest_empty"] = b["largest_empty"]
    out["violations"] = [list(p) for p in pairs]
    return out


def puzzle_json(puzzle: Puzzle) -> dict[str, Any]:
    """What a player reads about the puzzle: its number, names, goal and our figures."""
    goal = puzzle.goal
    return {
        "number": puzzle.number,
        "count": len(PUZZLES),
        "id": puzzle.id,
        "name": puzzle.name,
        "name_zh": puzzle.name_zh,
        "goal": {k: getattr(goal, k) for k in goal.__dataclass_fields__},
        "best": puzzle.figures["best"],
        "figures": dict(puzzle.figures),
    }


def observation_tensor(state: FitToPrintData, seat: int | None) -> np.ndarray:
    return encode(state, seat)
