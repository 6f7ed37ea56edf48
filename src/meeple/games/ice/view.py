"""What a seat sees of ICE and the observation tensor (hidden.py resamples what it cannot see).

Secrets: the faces of artifact tiles still on the board (a seat sees the
back's hint of a tile it can see, nothing of a covered one), the faces of
the edifices not yet exposed (plain backs; turned up once nothing lies on
them), the order of
the request deck, and other players' secret requests (and the ones they gave
back at setup). Everything else is on the table. Ice tiles in a hand are
kept face down, but everybody saw their terrain on the board when they were
dug, so the view lists them (a player with a good memory knows them anyway,
and determinization must keep what a seat has seen).

For the browser board the view also carries what follows from the table:
each player's artifact abilities in force (``powers``), and for the seat
choosing its turn's next AP action the dig previews (``digs``, see
preview.py), which read only what everyone sees.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

import numpy as np

from meeple.core.preview import previews
from meeple.games.ice.board import visible_all
from meeple.games.ice.components import (
    ARTIFACT_LAYERS,
    ARTIFACTS,
    BASIC_TYPES,
    CAMPS,
    DEED_COUNTERS,
    EDICTS,
    EDIFICE,
    EDIFICE_EFFECTS,
    EVENTS,
    FACES,
    GUILD_KEYS,
    HINTS,
    ICE,
    LAYER_OF,
    NP,
    NR,
    TERRAINS,
    tile_name,
)
from meeple.games.ice.preview import PREVIEW
from meeple.games.ice.state import (
    CAMP,
    EXALT,
    FALLEN,
    KIND_NAMES,
    PHASE_NAMES,
    PRISM_PLACE,
    SHARE,
    IceData,
)


def face_text(face: int) -> str:
    """A face as a short word: terrain, artifact (``harmony*`` when active) or edifice."""
    f = FACES[face]
    if f.layer == ICE:
        return TERRAINS[f.terrain]
    if f.layer == EDIFICE:
        return f"edifice{f.edifice}"
    if f.kind < 0:
        return "empty"
    return ARTIFACTS[f.kind] + ("*" if f.active else "")


def tile_seen(state: IceData, p: int, visible: bool | None = None) -> str | None:
    """What anyone sees at position ``p``: None (gone), a face, ``?hint`` or ``?``.

    A face-down tile shows its back: an artifact's hint once part of it can be
    seen, nothing otherwise (a covered tile, and an edifice's back, which has
    no hint). An edifice shows its face once exposed. ``visible``, when given, is
    ``state.visible(p)`` (the view reads every tile's once).
    """
    face = state.tile[p]
    if face < 0:
        return None
    if state.hidden_face(p):
        if LAYER_OF[p] in ARTIFACT_LAYERS and (state.visible(p) if visible is None else visible):
            return "?" + HINTS[FACES[face].hint]
        return "?"
    return face_text(face)


#: Each position's name, as players write it.
_NAMES = tuple(tile_name(p) for p in range(NP))
_POSITIONS = tuple(range(NP))


def view(state: IceData, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` sees it (``None``: a spectator)."""
    n = state.game.players
    scores = state.scores()
    players = []
    for s in range(n):
        mine = seat == s
        players.append(
            {
                "guild": GUILD_KEYS[state.guild[s]],
                "ap": state.ap[s],
                "plan": state.plan[s],
                "leader": None if state.leader[s] < 0 else state.leader[s],
                "camps": state.camps_held[s],
                "board": guild_places(state, s),
                "powers": [ARTIFACTS[k] for k in BASIC_TYPES if state.works(s, k)],
                "ice": [TERRAINS[t] for t in state.hand[s]],
                "requests": sorted(state.private[s]) if mine else None,
                "requests_held": len(state.private[s]),
                "given_back": list(state.given_back[s]) if mine else None,
                "done": list(state.done[s]),
                "shown": [
                    ARTIFACTS[FACES[f].kind] + ("*" if lit else "")
                    for f, lit in zip(state.shown[s], state.shown_lit[s], strict=True)
                ],
                "renown": state.renown[s],
                # today's deeds, for the deed requests (everyone saw them done)
                "deeds": dict(zip(DEED_COUNTERS, state.deeds[s], strict=True)),
                "score": scores[s],
                "score_breakdown": state.score_breakdown(s),  # type: ignore[attr-defined]
            }
        )
    over = state.phase == PHASE_NAMES.index("over")
    visible = visible_all(state.tile)
    return {
        "seat": seat,
        "phase": PHASE_NAMES[state.phase],
        "day": state.day,
        "event": EVENTS[state.day - 1]["key"],
        "start_player": state.start,
        "current": None if over else state.current,
        "spent": state.spent,
        "final": bool(state.final),
        "edicts": [EDICTS[e]["key"] for e in state.edicts],
        "edifice": None
        if state.edifice_effect < 0
        else EDIFICE_EFFECTS[state.edifice_effect]["key"],
        "tiles": [tile_seen(state, p, seen) for p, seen in enumerate(visible)],
        "visible": visible,
        "archaeologists": list(state.arch),
        "camps": list(compress(_POSITIONS, state.camp)),
        "camp_pool": state.camp_pool,
        "supply": state.arch_supply,
        "bounty": list(state.bounty),
        "deck": len(state.deck),
        "players": players,
        "pending": pending(state),
        "night": {"left": list(state.eod_left), "taken": state.eod_taken, "request": state.eod_req},
        "names": list(_NAMES),
        PREVIEW.key: previews(PREVIEW, state, seat),  # preview.py, through the contract
    }


def pending(state: IceData) -> dict[str, Any]:
    """What the mover's dig left to decide, read off the decision stack: the figures
    still to place and the exposed tiles they (and the dug tiles' camps) go to, the
    camps still to move, Philosophy's fallen faces, Exalted's tiles, the prisms still
    to place and where the next one lies (its place's type)."""
    owed = state.owed()
    share, camp = owed.get(SHARE), owed.get(CAMP)
    fallen, exalt = owed.get(FALLEN), owed.get(EXALT)
    prisms = owed.get(PRISM_PLACE)
    exposed = share or camp
    return {
        "figures": list(share[0]) if share else [],
        "exposed": list(exposed[1]) if exposed else [],
        "camp": camp[0] if camp else 0,
        "fallen": [face_text(f) for f in fallen[0]] if fallen else [],
        "exalted": list(exalt[0]) if exalt else [],
        "prisms": len(prisms[0]) if prisms else 0,
        "prism_place": ARTIFACTS[state.place_of(state.current, prisms[0][0])] if prisms else None,
    }


def guild_places(state: IceData, seat: int) -> list[dict[str, Any]]:
    """``seat``'s guild board: its five places in type order, each with its artifacts
    in arrival order: the type (``prism`` for a prism), the printed side, and whether it
    is active now (printed so, or sharing its place with a prism)."""
    places: list[dict[str, Any]] = [{"place": ARTIFACTS[t], "artifacts": []} for t in BASIC_TYPES]
    for i, f in enumerate(state.board[seat]):
        face = FACES[f]
        places[state.place_of(seat, i)]["artifacts"].append(
            {"kind": ARTIFACTS[face.kind], "active": face.active, "lit": state.lit(seat, i)}
        )
    return places


# -- observation tensor -----------------------------------------------------------------

_PER_TILE = 17
_PER_SEAT = 24
_SEATS = 5


def obs_size() -> int:
    return NP * _PER_TILE + _SEATS * _PER_SEAT + 8 + 5 + 2 * NR + 6


def observation_tensor(state: IceData, seat: int | None) -> np.ndarray:
    """Per position: present, visible, hidden, hint, terrain, edifice, figures, camp;
    per seat (the viewer first): AP, camps, guild board, hand, requests, renown;
    then the day, the phase, the bounty, the viewer's own requests, the pending step."""
    out = np.zeros(obs_size(), dtype=np.float32)
    me = 0 if seat is None else seat
    tile = state.tile
    for p in range(NP):
        base = p * _PER_TILE
        face = tile[p]
        if face < 0:
            continue
        out[base] = 1.0
        vis = state.visible(p)
        out[base + 1] = float(vis)
        f = FACES[face]
        out[base + 2] = float(state.hidden_face(p))
        if LAYER_OF[p] in ARTIFACT_LAYERS:
            if vis:
                out[base + 3 + f.hint] = 1.0
        elif f.layer == ICE:
            out[base + 6 + f.terrain] = 1.0
        else:
            out[base + 11] = 1.0
        out[base + 12] = state.arch[p] / 5.0
        out[base + 13] = float(state.camp[p])
        for s, at in enumerate(state.leader):
            if at == p:
                out[base + (14 if s == me else 15)] = 1.0
        out[base + 16] = float(LAYER_OF[p]) / 4.0
    n = state.game.players
    base = NP * _PER_TILE
    for k in range(n):
        s = (me + k) % n
        row = base + k * _PER_SEAT
        out[row] = state.ap[s] / 10.0
        out[row + 1] = float(state.plan[s])
        out[row + 2] = float(state.camps_held[s])
        for i, code in enumerate(state.board[s]):
            out[row + 3 + FACES[code].kind] += 1.0
            out[row + 9] += float(state.lit(s, i))
        for t in state.hand[s]:
            out[row + 10 + t] += 1.0
        out[row + 15] = len(state.done[s]) / 5.0
        out[row + 16] = state.renown[s] / 20.0
        out[row + 17] = len(state.private[s]) / 3.0
        out[row + 18] = len(state.shown[s]) / 10.0
        out[row + 19 + state.guild[s]] = 1.0
    base += _SEATS * _PER_SEAT
    out[base] = state.day / 8.0
    out[base + 1] = float(state.final)
    out[base + 2] = state.spent / 3.0
    out[base + 3] = len(state.deck) / float(NR)
    out[base + 4] = state.arch_supply / 50.0
    out[base + 5] = state.camp_pool / float(CAMPS)
    out[base + 6] = float(state.eod_taken) / 3.0
    out[base + 7] = float(state.eod_req)
    base += 8
    out[base + state.phase] = 1.0
    base += 5
    for c in state.bounty:
        out[base + c] = 1.0
    if seat is not None:
        for c in state.private[seat]:
            out[base + NR + c] = 1.0
    base += 2 * NR
    owed = state.pending()
    out[base + (KIND_NAMES.index(owed) if owed is not None else len(KIND_NAMES))] = 1.0
    return out
