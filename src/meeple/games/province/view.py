"""What a seat sees of Province, and the same as a fixed-size tensor for learning agents.

Province hides only the order of the face-down goals (and draws each goal
when it is turned up, so the state holds no such order at all).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.games.province.components import (
    BUILDINGS,
    COIN_TOTAL,
    COLOURS,
    GOALS,
    GOALS_PER_GAME,
    HARBOR,
    MAX_TURNS,
    NB,
    NW,
    OFF,
    SAILORS,
    SPACES,
    W_CAMP,
    W_VILLAGE,
    WORKERS,
)
from meeple.games.province.state import (
    FACE_UP,
    OVER,
    PHASE_NAMES,
    REMOVED,
    SETUP,
    STACK,
    ProvinceData,
)


def view(state: ProvinceData, seat: int | None) -> dict[str, Any]:
    """Everything is public except the order of the face-down goals (only their count)."""
    up = state.face_up_goal()
    players = []
    for s in (0, 1):
        players.append(
            {
                "colour": COLOURS[s],
                "coins": state.coins[s],
                "buildings": [BUILDINGS[b] for b in range(NB) if state.built[s] >> b & 1],
                "goals": [GOALS[g] for g, v in enumerate(state.goal_state) if v == s],
                "sailors": sum(1 for w in SAILORS[s] if state.pos[w] != OFF),
                "score": state.scores()[s],
                "score_breakdown": state.score_breakdown(s),
            }
        )
    return {
        "seat": seat,
        "phase": PHASE_NAMES[state.phase],
        "current": None if state.phase in (SETUP, OVER) else state.current,
        "start_player": None if state.start < 0 else state.start,
        "turns": state.turns,
        "max_turns": MAX_TURNS,
        "supply": state.supply,
        "workers": {WORKERS[w]: (None if state.pos[w] == OFF else state.pos[w]) for w in range(NW)},
        "spaces": list(SPACES),
        "moved": [WORKERS[w] for w in range(NW) if state.moved >> w & 1],
        "labor": state.labor,
        "labor_gained": state.gained,
        "built_this_turn": state.built_turn,
        "may_hire": state.may_hire(state.current),
        "sailors_in_supply": state.sailors_in_supply(),
        "first_builder": {
            BUILDINGS[b]: (None if state.first[b] < 0 else state.first[b]) for b in range(NB)
        },
        "loan": {
            "holder": None if state.loan < 0 else state.loan,
            "building": None if state.borrowed < 0 else BUILDINGS[state.borrowed],
        },
        "harbor_tosser": None if state.first[HARBOR] < 0 else state.first[HARBOR],
        "goal_up": None if up < 0 else GOALS[up],
        "goals_left": state.goals_left(),
        "goals_removed": [GOALS[g] for g, v in enumerate(state.goal_state) if v == REMOVED],
        "players": players,
        "winners": state.winners() if state.phase == OVER else None,
    }


def observation_tensor(state: ProvinceData, seat: int | None) -> np.ndarray:
    """Fixed-size encoding from ``seat``'s side (seat None: seat 0's side)."""
    me = 0 if seat is None else seat
    opp = 1 - me
    ng = len(state.goal_state)
    out = np.zeros(obs_size(ng), dtype=np.float32)
    i = 0
    for w in _worker_order(me):
        out[i + 1 + state.pos[w]] = 1.0  # OFF -> slot 0
        out[i + 4] = float(state.moved >> w & 1)
        out[i + 5] = float(state.may_move(me, w))
        i += 6
    for s in (me, opp):
        for b in range(NB):
            out[i] = float(state.built[s] >> b & 1)
            out[i + 1] = float(state.first[b] == s)
            i += 2
        out[i] = state.coins[s] / COIN_TOTAL
        out[i + 1] = float(state.loan == s)
        i += 2
        for g in range(ng):
            out[i] = float(state.goal_state[g] == s)
            i += 1
    out[i] = state.supply / COIN_TOTAL
    i += 1
    for g in range(ng):
        out[i] = float(state.goal_state[g] == STACK)
        out[i + 1] = float(state.goal_state[g] == FACE_UP)
        out[i + 2] = float(state.goal_state[g] == REMOVED)
        i += 3
    if state.borrowed >= 0:
        out[i + state.borrowed] = 1.0
    i += NB
    out[i + state.phase] = 1.0
    i += len(PHASE_NAMES)
    out[i] = float(state.current == me)
    out[i + 1] = state.labor / 10.0
    out[i + 2] = state.gained / 10.0
    out[i + 3] = float(state.built_turn)
    out[i + 4] = float(state.hire_ok and not state.hired)
    out[i + 5] = float(state.borrowed_turn)
    out[i + 6] = float(state.end_toss == 1)
    out[i + 7] = state.turns / MAX_TURNS
    out[i + 8] = float(state.reveal_pending)
    out[i + 9] = state.grinds / 10.0
    out[i + 10] = state.goals_left() / GOALS_PER_GAME
    return out


def _worker_order(me: int) -> list[int]:
    """Workers with the viewer's sailors first, so the encoding is seat-symmetric."""
    return [0, 1, 2, W_CAMP, W_VILLAGE, *SAILORS[me], *SAILORS[1 - me]]


def obs_size(goal_pool: int) -> int:
    """Length of the observation vector for a goal pool of ``goal_pool`` goals."""
    return NW * 6 + 2 * (NB * 2 + 2 + goal_pool) + 1 + goal_pool * 3 + NB + len(PHASE_NAMES) + 11
