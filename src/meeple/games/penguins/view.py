"""What a seat may see (``view``) and its fixed-size encoding (``observation``).

A seat sees the whole board, the supplies, the discard pile, every hand's
size, its own hand and the cards offered to it; never the deck order, other
hands, cards offered to others, or the hand a rival hid a penguin in.
Undo barriers, determinization and the log's redaction are in hidden.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core.decisions import thaw
from meeple.core.kinds import CHANCE
from meeple.core.preview import previews
from meeple.games.penguins.components import (
    ASSISTANT,
    BARRIER_NAMES,
    EGG,
    STAR,
    TERRAIN_NAMES,
    components,
    is_egg,
)
from meeple.games.penguins.decisions import DECISIONS, PENDING_KINDS
from meeple.games.penguins.preview import PREVIEW
from meeple.games.penguins.slide import is_frozen
from meeple.games.penguins.state import PenguinData, PenguinsTable

_CELL = {0: "", 1: "egg0", 2: "egg1", 3: "penguin0", 4: "penguin1", 5: "star0", 6: "star1"}
CARD_NUMBERS = sorted(components().cards)
#: A decision kind's plane in the observation tensor.
_PENDING_PLANE = {kind: i for i, kind in enumerate(PENDING_KINDS)}


def cell_name(v: int) -> str:
    return _CELL[v] if v in _CELL else BARRIER_NAMES[v]


def _pending(s: PenguinData, seat: int | None) -> dict[str, Any] | None:
    """What is owed next (the top of the stack) as the page reads it: its kind, seat and
    args (``data``), a secret left out (``PenguinKind.seen``); none while chance acts."""
    if not s.decisions:
        return None
    d = s.decisions[-1]
    if d.seat == CHANCE:
        return None
    row = DECISIONS.get(d.kind)
    args = row.seen(d, seat) if row is not None and row.seen is not None else d.args
    return {"kind": d.kind, "seat": d.seat, "data": thaw(args)}


def build_view(s: PenguinData, seat: int | None) -> dict[str, Any]:
    g = s.grid
    comps = components()
    n = s.game.players
    t = s.turn()
    sides = []
    for side in (0, 1):
        sides.append(
            {
                "eggs_on_board": s.eggs_on_board(side),
                "eggs_unused": s.unused_eggs(side),
                "egg_target": s.egg_target(side),
                "assistants_unused": s.unused_assistants(side),
                "star_unused": s.unused_star(side),
                "eggs_lost": s.lost_eggs[side],
                "penguins_lost": s.lost_assistants[side] + s.lost_star[side],
                "seats": [x for x in range(n) if x % 2 == side],
            }
        )
    scene = comps.scenes[s.scene - 1] if s.scene else None
    return {
        "width": g.width,
        "height": g.height,
        "labels": [g.label(p) for p in range(g.size)],
        "cells": [cell_name(v) for v in s.board],
        "terrain": [TERRAIN_NAMES.get(x, "") for x in s.layout.terrain],
        "river": [[p, list(to)] for p, to in s.layout.river],
        "tents": [[p, d] for p, d in s.layout.tents],
        "frozen": [p for p, v in enumerate(s.board) if is_egg(v) and is_frozen(s.layout, g, p)],
        "players": n,
        "viewer": seat,
        "to_move": list(t.seats),
        "turn_seat": s.seat if s.playing else None,
        "first": s.first if s.first >= 0 else None,
        "turns": s.turns,
        "turn_limit": s.game.turn_limit,
        "sides": sides,
        "scene": None if scene is None else {"number": scene.number, "name": scene.name,
                                              "name_zh": scene.name_zh},
        "gold": s.gold[:],
        "silver": s.silver[:],
        "hand": s.hands[seat][:] if seat is not None else None,
        "offers": s.offers[seat][:] if seat is not None else None,
        "hand_sizes": [len(h) for h in s.hands],
        "hand_limit": s.hand_limit,
        "deck_size": len(s.deck),
        "discard": s.discard[:],
        "card_used": s.card_used,
        "main_done": s.main_done,
        "emperor_used": s.emperor_used,
        "seal_used": s.seal_used,
        "star_moved": s.star_moved,
        "pending": _pending(s, seat),
        PREVIEW.key: previews(PREVIEW, s, seat),  # preview.py, through the contract
        "winner": s.winner,
        "options": dict(s.game.options),
    }  # fmt: skip


def observation_size(game: PenguinsTable) -> int:
    size = game.grid.size
    return 20 * size + 3 * len(CARD_NUMBERS) + 1 + 4 + 10 + 8 + 1 + len(PENDING_KINDS) + 1


def observation(s: PenguinData, seat: int | None) -> np.ndarray:
    """Planes per point (own/rival eggs, assistants, stars; five barriers; nine
    terrains), then own hand and offers, the discard pile, supplies and flags."""
    g = s.grid
    size = g.size
    out = np.zeros(observation_size(s.game), dtype=np.float32)
    me = s.side(seat) if seat is not None else 0
    codes = (EGG[me], ASSISTANT[me], STAR[me], EGG[1 - me], ASSISTANT[1 - me], STAR[1 - me])
    plane = {c: i for i, c in enumerate(codes)}
    for p, v in enumerate(s.board):
        if v in plane:
            out[plane[v] * size + p] = 1.0
        elif v:
            out[(6 + v - 7) * size + p] = 1.0
        tv = s.layout.terrain[p]
        if tv:
            out[(11 + tv - 1) * size + p] = 1.0
    i = 20 * size
    k = len(CARD_NUMBERS)
    if seat is not None:
        for c in s.hands[seat]:
            out[i + CARD_NUMBERS.index(c)] += 1.0
        for c in s.offers[seat]:
            out[i + k + CARD_NUMBERS.index(c)] += 1.0
    for c in s.discard:
        out[i + 2 * k + CARD_NUMBERS.index(c)] += 1.0
    i += 3 * k
    out[i] = len(s.deck) / 20.0
    i += 1
    for x, h in enumerate(s.hands):
        out[i + x] = len(h) / 4.0
    i += 4
    for j, side in enumerate((me, 1 - me)):
        out[i + 5 * j : i + 5 * j + 5] = (
            s.unused_eggs(side) / 16.0,
            s.egg_target(side) / 16.0,
            s.unused_assistants(side) / 6.0,
            s.unused_star(side),
            s.eggs_on_board(side) / 16.0,
        )
    i += 10
    flags = (s.card_used, s.emperor_used, s.seal_used, s.main_done, s.star_moved, s.playing,
             s.winner is not None, seat is not None and seat in s.turn().seats)  # fmt: skip
    out[i : i + 8] = [float(f) for f in flags]
    i += 8
    out[i] = s.turns / max(1, s.game.turn_limit)
    i += 1
    asked = _PENDING_PLANE.get(s.decisions[-1].kind) if s.decisions else None
    if asked is not None:
        out[i + asked] = 1.0
    i += len(PENDING_KINDS)
    out[i] = 1.0 if s.winner is not None and s.winner == me else 0.0
    return out
