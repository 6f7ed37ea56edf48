"""What a seat sees of Unconscious Mind, resampling what it cannot see, the observation tensor.

Secrets: the research cards in other players' hands (their number is
public), and the order of every deck (research, clients, grief layers,
dreams, the market stacks' face-down tiles). Everything else is on the
table: the market's face-up tiles, the displays, the face-up research card,
every board, treatise and cured client. Dreams in a player's rooms are face
up. Drawing a card, a tile from a stack or a client from a deck shows
something new, so those actions are undo barriers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core import Rng
from meeple.core import decisions as dec
from meeple.core.actions import Action
from meeple.games.unconscious import preview as pv
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    GOALS,
    LOCATION_KEYS,
    NL,
    NS,
    RESEARCH,
    RULES,
    TILES,
    TREATISES,
)
from meeple.games.unconscious.state import OVER, PHASE_NAMES, UnconsciousData

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
        "decision": None if top is None else {"seat": top.seat, "kind": top.kind},
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
        "freud": {"location": LOCATION_KEYS[s.freud_loc], "reputation": s.freud_rep},
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
        # unconscious.components.json, preview.client_components)
        "inkpot_preview": pv.inkpot_preview(s, seat),
        "round_cap": min(int(s.game.options["rounds"]), ROUND_CAP),
        "final": _final(s),
    }


def _final(s: Any) -> list[dict[str, int]] | None:
    """Once the game is over, each seat's final scoring by part (rules.final_breakdown)."""
    if s.phase != OVER:
        return None
    return [s.final_breakdown(p) for p in range(len(s.vp))]


def resample(s: UnconsciousData, seat: int, rng: Rng) -> None:
    """Redraw, in place, what ``seat`` cannot see: other hands and the research deck
    dealt again from their pooled cards; every other deck's order shuffled. Pools are
    sorted first, so the result depends on ``seat``'s view and ``rng`` alone."""
    n = len(s.vp)
    others = [p for p in range(n) if p != seat]
    pool = sorted(s.research_deck + [c for p in others for c in s.hand[p]])
    rng.shuffle(pool)
    for p in others:
        k = len(s.hand[p])
        s.hand[p] = pool[:k]
        pool = pool[k:]
    s.research_deck = pool
    for deck in (s.normal_deck, s.complex_deck, s.grief_deck, s.manifest_deck, s.latent_deck):
        deck.sort()
        rng.shuffle(deck)
    # the stacks: era II below era I in each row, as many of each era as before; the
    # unseen tiles of one era are pooled over both rows (nobody knows which row holds which)
    for era in (1, 2):
        counts = [sum(TILES[t].era == era for t in stack) for stack in s.stacks]
        tiles = sorted(t for stack in s.stacks for t in stack if TILES[t].era == era)
        rng.shuffle(tiles)
        dealt = []
        for k in counts:
            dealt.append(tiles[:k])
            tiles = tiles[k:]
        if era == 1:
            tops = dealt
        else:
            for row, stack in enumerate(s.stacks):
                stack[:] = dealt[row] + tops[row]
    s.rng = Rng(rng.randbelow(1 << 62))


def reveals(s: UnconsciousData, action: Action, seat: int | None) -> bool:
    """Conservatively: any action that may draw from a deck shows something new."""
    return True


def redact(s: UnconsciousData, action: Action, actor: int | None, viewer: int | None) -> str:
    """Others see which research card was played or swapped (it goes face up); a card
    drawn stays hidden, and no action names one: every viewer reads the whole line, in
    the core's own form, so the log shows each action's label (core.labels.log_label)
    rather than its bare text form."""
    return str(action) if actor is None else f"seat {actor}: {action}"


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
