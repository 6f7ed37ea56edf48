"""What a seat sees of Snow Tails: its view (own hand only) and the fixed-size
observation tensor. Undo barriers and determinization are in hidden.py."""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core.preview import previews
from meeple.games.snowtails.preview import PREVIEW
from meeple.games.snowtails.state import PHASES, SLOTS, STATUS_NAMES, SnowTailsData

SLED_BLOCK = 30
OBS_SIZE = 5 * SLED_BLOCK + 6 + len(PHASES) + 14


def view(state: SnowTailsData, seat: int | None) -> dict[str, Any]:
    """Public race state, plus ``seat``'s own hand. Decks stay face down."""
    g = state.game
    sleds = []
    for s in range(g.players):
        c = state.cell[s]
        sleds.append(
            {
                "seat": s,
                "colour": g.colours[s],
                "lane_no": state.lane_no[s],
                "cell": c if state.on_track(s) else None,
                "status": STATUS_NAMES[state.status[s]],
                "place": state.place(s) if state.on_track(s) else None,
                "past_finish": g.track.past_finish(c) if c >= 0 else 0,
                "left": state.dog(s, "left"),
                "right": state.dog(s, "right"),
                "left_pile": state.left[s][:],
                "right_pile": state.right[s][:],
                "brake": state.brake[s],
                "dents": state.dents(s),
                "hand_size": state.hand_count(s),
                "deck_size": len(state.deck[s]),
                "discards": state.discards[s][:],
                "points": state.points[s],
            }
        )
    over = state.phase == "over"
    out: dict[str, Any] = {
        "course": g.track.name,
        "tiles": g.track.tokens(),
        "track": g.track_json,
        "race": state.race + (0 if not over else -1) + 1,
        "races": g.options["races"],
        "results": [r[:] for r in state.results],
        "phase": state.phase,
        "round": state.round_no,
        # a race still running after this many rounds ends there (the page warns as it nears)
        "round_limit": g.round_limit,
        "to_move": None if over else state.current(),
        "order": state.order[:],
        "pick_order": state.pick_order[:],
        "sleds": sleds,
        "trees": sorted(state.trees),
        "placed_value": state.placed_value,
        "placed_slots": state.placed_slots[:],
        "steps_left": {"forward": state.fwd_rem, "diagonal": state.diag_rem},
        "drift": state.drift,
        "speed": state.speed,
        "lines": state.lines[:],  # limits of the speed lines crossed this turn
        "bonus": state.bonus_steps if state.phase == "bonus" else 0,
        "events": [e[:] for e in state.events],
        "last_events": [e[:] for e in state.last_events],
        "hand": None,
        # where each choice would take the sled (preview.py, through the core's contract)
        PREVIEW.key: previews(PREVIEW, state, seat),
    }
    if seat is not None:
        out["hand"] = [v for v in range(6) for _ in range(state.hand[seat][v])]
    return out


def observation_tensor(state: SnowTailsData, seat: int | None) -> np.ndarray:
    """Fixed layout: 5 sled blocks (viewer first), own hand, phase, turn info."""
    g = state.game
    track = g.track
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    me = seat if seat is not None else 0
    span = float(track.pos_scale * len(track.tiles))
    for k in range(g.players):
        s = (me + k) % g.players
        base = k * SLED_BLOCK
        if state.on_track(s):
            c = state.cell[s]
            out[base] = track.pos[c] / span
            out[base + 1 + track.lane[c]] = 1.0
            nxt = next((t for t in range(track.tile[c] + 1, len(track.tiles))
                        if track.limits[t] is not None), None)  # fmt: skip
            if nxt is not None:
                out[base + 6] = (nxt * track.pos_scale - track.pos[c]) / track.pos_scale / 4
                out[base + 7] = (track.limits[nxt] or 0) / 9.0
        out[base + 8 + state.status[s]] = 1.0
        out[base + 11 + state.dog(s, "left") - 1] = 1.0
        out[base + 16 + state.dog(s, "right") - 1] = 1.0
        out[base + 21 + state.brake[s] - 1] = 1.0
        out[base + 26] = state.dents(s) / 5.0
        out[base + 27] = state.hand_count(s) / 7.0
        out[base + 28] = len(state.deck[s]) / 20.0
        out[base + 29] = (s == (state.current() if state.phase != "over" else -1)) * 1.0
    at = 5 * SLED_BLOCK
    if seat is not None:
        for v in range(6):
            out[at + v] = state.hand[seat][v] / 5.0
    at += 6
    out[at + PHASES.index(state.phase)] = 1.0
    at += len(PHASES)
    if state.placed_value:
        out[at + state.placed_value - 1] = 1.0
    for slot in state.placed_slots:
        out[at + 5 + SLOTS.index(slot)] = 1.0
    out[at + 8] = state.fwd_rem / 9.0
    out[at + 9] = state.diag_rem / 9.0
    out[at + 10] = float(state.drift)
    out[at + 11] = state.speed / 14.0
    out[at + 12] = state.bonus_steps / 5.0
    out[at + 13] = min(state.round_no, g.round_limit) / g.round_limit
    return out
