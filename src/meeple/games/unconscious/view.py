"""What a seat sees of Unconscious Mind, and the observation tensor.

Secrets: the research cards in other players' hands (their number is
public), and the order of every deck (research, clients, grief layers,
dreams, the market stacks' face-down tiles). Everything else is on the
table: the market's face-up tiles, the displays, the face-up research card,
every board, treatise and cured client. Dreams in a player's rooms are face
up. Undo barriers, determinization and the log's redaction are in hidden.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core import decisions as dec
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import preview as pv
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    FREUD_WALKS_AT,
    GOALS,
    LOCATION_KEYS,
    NL,
    NS,
    RESEARCH,
    RULES,
    SOLO,
    TREATISES,
)
from meeple.games.unconscious.decisions import row
from meeple.games.unconscious.state import OVER, PHASE_NAMES, VP_SOURCES, UnconsciousData

ROUND_CAP = int(RULES["round_cap"])


def view(s: UnconsciousData, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` sees it (``None``: a spectator)."""
    n = len(s.vp)
    players = []
    for p in range(n):
        players.append(
            {
                "ideas": s.ideas[p],
                "locked_ideas": s.locked_ideas[p],
                "coffee": s.coffee[p],
                "bright": s.bright[p],
                "vp": s.vp[p],
                # the VP ledger: where this seat's VP came from (VP_SOURCES)
                "vp_by": dict(zip(VP_SOURCES, s.vp_by[p], strict=True)),
                # where the starting client's marker was set (why a seat starts with a
                # VP or a catharsis)
                "start_track": s.start_track[p],
                # at the start, why this seat has what it has (a VP, a catharsis, the
                # turn-order bonus), in words
                "start_note": pv.start_note(s, p) if s.round == 1 else None,
                "inkpot": s.inkpot[p],
                "notebook": list(s.notebook[p]),
                "columns_done": s.col_mask[p],
                "rows_done": s.row_mask[p],
                "dial": list(s.dial[p]),
                "professor": LOCATION_KEYS[s.professor[p]] if s.professor[p] >= 0 else None,
                "reputation": s.rep[p],
                "rooms": [
                    {
                        "client": s.room_client[p][r],
                        "grief": s.room_grief[p][r],
                        "track": s.room_track[p][r],
                        "latent": s.room_latent[p][r],
                        "manifest": s.room_manifest[p][r],
                    }
                    for r in (0, 1)
                ],
                "second_room_open": bool(s.room2_open[p]),
                "cured": list(s.cured[p]),
                "hand": sorted(s.hand[p]) if seat == p else None,
                "hand_size": len(s.hand[p]),
                # cards every player saw taken into this hand face up (public)
                "known_hand": sorted(s.known_hand[p]),
                "played": list(s.played[p]),
                "treatises": list(s.treatises[p]),
                "goals": list(s.goals_held[p]),
                "letter": s.letter[p],
            }
        )
    top = dec.top(s.decisions)
    return {
        "seat": seat,
        "phase": PHASE_NAMES[s.phase],
        "round": s.round,
        "era": s.era,
        "current": s.current,
        "last_round": s.rounds_left,
        "decision": _decision(top),
        "market": {
            "stacks": [len(x) for x in s.stacks],
            "middle": list(s.middle),
            "right": list(s.right),
        },
        "table": [
            {
                "seat": s.space_seat[i],
                "action": ACTION_KEYS[s.space_action[i]],
                "ideas": s.space_ideas[i],
            }
            if s.space_seat[i] >= 0
            else None
            for i in range(NS)
        ],
        "freud": {
            "location": LOCATION_KEYS[s.freud_loc],
            "reputation": s.freud_rep,
            # how Freud moves on his own: his figure walks a location when his marker
            # reaches these spaces; era II and the end on the track
            "walks_at": list(FREUD_WALKS_AT),
            "era2_at": int(RULES["era2_at"]),
            "end_at": int(RULES["end_at"]),
        },
        # solo (designed): the target, and the clock moving Freud's marker
        "solo": _solo(s),
        "reputation_order": s.reputation_order(),
        "recall_tokens": [list(x) for x in s.tokens],
        "bonus_slots": [list(x) for x in s.bonus_cover],
        "district_slots": [list(x) for x in s.district_slot],
        "clients": list(s.client_display),
        "client_grief": list(s.display_grief),
        "dreams": list(s.manifest_display),
        "decks": {
            "normal": len(s.normal_deck),
            "complex": len(s.complex_deck),
            "manifest": len(s.manifest_deck),
            "latent": len(s.latent_deck),
            "research": len(s.research_deck),
        },
        "research_up": s.research_up,
        "treatise_owner": list(s.treatise_owner),
        "treatise_cards": [list(x) for x in s.treatise_cards],
        "goals": [GOALS[g].key for g in s.goals_left],
        "players": players,
        "scores": s.scores(),
        # for the browser board: where the inkpot would land (its words are in
        # unconscious.components.json, components.client_components)
        pv.PREVIEW.key: pv.inkpot_preview(s, seat),  # preview.py, through the contract
        "round_cap": min(int(s.game.options["rounds"]), ROUND_CAP),
        "location_cap": en.location_cap(s),
        "final": _final(s),
    }


def _solo(s: Any) -> dict[str, int] | None:
    """Solo: the VP to reach, and Freud's clock (his marker moves ``moves`` spaces at the
    end of every ``every``-th round; ``next``: the round at whose end it moves next)."""
    if len(s.vp) != 1:
        return None
    every = int(SOLO["freud_every"])
    return {
        "target": int(SOLO["target"]),
        "every": every,
        "moves": int(SOLO["freud_per_round"]),
        "next": -(-s.round // every) * every,
        "won": int(s.solo_won()) if s.phase == OVER else -1,
    }


def _decision(top: dec.Decision | None) -> dict[str, Any] | None:
    """The decision on top: whose, of what kind, and for a notebook space the tile being
    placed (one taken from a face-down stack is shown before it goes anywhere: it is
    the placer's now and everyone's once it lies in the notebook): what its kind shows
    (decisions.KINDS)."""
    if top is None:
        return None
    out: dict[str, Any] = {"seat": top.seat, "kind": top.kind}
    declared = row(top.kind)
    if declared is not None and declared.shows is not None:
        out.update(declared.shows(top))
    return out


def _final(s: Any) -> list[dict[str, int]] | None:
    """Once the game is over, each seat's final scoring by part (rules.final_breakdown)."""
    if s.phase != OVER:
        return None
    return [s.final_breakdown(p) for p in range(len(s.vp))]


# -- observation tensor ------------------------------------------------------------------

_PER_SEAT = 20 + 9 + 12 + 10
_SEATS = 4


def obs_size() -> int:
    return _SEATS * _PER_SEAT + 2 * NL + 8 + len(RESEARCH) + len(TREATISES)


def observation_tensor(s: UnconsciousData, seat: int | None) -> np.ndarray:
    """Per seat (the viewer first): the dial, the notebook, resources and rooms; then
    Freud, the round, the viewer's hand, the treatises taken."""
    out = np.zeros(obs_size(), dtype=np.float32)
    me = 0 if seat is None else seat
    n = len(s.vp)
    for k in range(n):
        p = (me + k) % n
        base = k * _PER_SEAT
        for i, v in enumerate(s.dial[p]):
            out[base + i] = v / 6.0
        for i, t in enumerate(s.notebook[p]):
            out[base + 20 + i] = float(t >= 0)
        row: int = base + 29
        vals = (
            s.ideas[p] / 6.0,
            s.locked_ideas[p] / 3.0,
            s.coffee[p] / 6.0,
            s.bright[p] / 3.0,
            s.vp[p] / 100.0,
            s.inkpot[p] / 8.0,
            s.rep[p] / 10.0,
            len(s.cured[p]) / 6.0,
            len(s.played[p]) / 10.0,
            len(s.treatises[p]) / 3.0,
            len(s.hand[p]) / 10.0,
            float(s.room2_open[p]),
        )
        for i, x in enumerate(vals):
            out[row + i] = x
        row = row + 12
        for r in (0, 1):
            out[row + r] = s.room_track[p][r] / 9.0
            out[row + 2 + r] = float(s.room_client[p][r] >= 0)
        if s.professor[p] >= 0:
            out[row + 4] = s.professor[p] / float(NL)
    base = _SEATS * _PER_SEAT
    out[base + s.freud_loc] = 1.0
    for p in range(n):
        if s.professor[p] >= 0:
            out[base + NL + s.professor[p]] += 0.25
    base += 2 * NL
    out[base] = s.freud_rep / 10.0
    out[base + 1] = s.round / 30.0
    out[base + 2] = float(s.era == 2)
    out[base + 3] = len(s.research_deck) / float(len(RESEARCH))
    out[base + 4] = float(s.rounds_left >= 0)
    out[base + 5] = s.phase / 2.0
    out[base + 6] = float(bool(s.decisions))
    out[base + 7] = s.step / 2.0
    base += 8
    if seat is not None:
        for c in s.hand[seat]:
            out[base + c] = 1.0
    base += len(RESEARCH)
    for t, owner in enumerate(s.treatise_owner):
        out[base + t] = float(owner >= 0)
    return out
