"""What a seat may see of a Viscounts match (what it cannot see: hidden.py),
observation tensors."""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core import decisions as dec
from meeple.core.i18n import LANGUAGES
from meeple.core.preview import previews
from meeple.games.viscounts import gates, keeper, solo
from meeple.games.viscounts.components import (
    ACTIONS,
    CARD_NAMED,
    CARDS,
    CONTENT,
    DIFFICULTIES,
    FOCUS,
    PLAYER_CARDS,
    PUBLIC,
    RULES,
    SEGMENTS,
    SPACES,
    TRACK,
    WEDGES,
    space_number,
)
from meeple.games.viscounts.decisions import KINDS
from meeple.games.viscounts.describe import both, source_words
from meeple.games.viscounts.effects import ENGINE
from meeple.games.viscounts.preview import PREVIEW
from meeple.games.viscounts.state import PHASE_NAMES, ViscountsData, gathered
from meeple.games.viscounts.text import OPTION_WORDS, ai_turn_says, pair_line


def view(s: ViscountsData, seat: int | None) -> dict[str, Any]:
    n = s.game.players
    players = []
    for t in range(n):
        gathering = gathered(s, t)
        p: dict[str, Any] = {
            "space": s.viscount[t],
            "board": list(s.board[t]),
            "discard": list(s.discard[t]),
            "hand_size": 0 if gathering else len(s.hand[t]),
            # setup: the hero and starting cards waiting to be shuffled (a player card's
            # extra step comes first): not a hand, and everyone knows which they are
            "gathered": sorted(s.hand[t]) if gathering else [],
            "deck_size": len(s.deck[t]),
            "silver": s.silver[t],
            "ink": s.ink[t],
            "gold": s.gold[t],
            "stone": s.stone[t],
            "corruption": s.corruption[t],
            "virtue": s.virtue[t],
            "debts": s.debts[t],
            "paid": s.paid[t],
            "deeds": s.deeds[t],
            "approved": s.approved[t],
            "built": list(s.built[t]),
            "tier3": s.tier3[t],
            "manuscripts": list(s.manuscripts[t]),
            "workers_left": s.workers_left(t),
        }
        if t == seat:
            p["hand"] = [] if gathering else sorted(s.hand[t])
            p["deck"] = sorted(s.deck[t])  # which cards, not their order
        players.append(p)
    return {
        "phase": PHASE_NAMES[s.phase],
        "round": s.round,
        "round_cap": int(RULES["round_cap"]),
        "end_round": s.end_round,
        "first": s.first,
        "current": s.current,
        "ring": list(s.ring),
        "castle_turn": s.castle_turn,
        "piles": [{"top": s.pile_top(p), "size": len(s.piles[p])} for p in range(SEGMENTS)],
        "manuscripts": [
            {"top": s.manuscript_here(p), "size": len(s.ms_piles[p])} for p in range(SEGMENTS)
        ],
        "pairs": _pairs(s) if s.phase == 0 else [],
        "spots": [[o, k] for o, k in zip(s.spot_owner, s.spot_kind, strict=True)],
        "tier1": [list(w) for w in s.tier1],
        "tier2": [list(w) for w in s.tier2],
        "leader": s.leader,
        "cleric_bonus": list(s.cleric_bonus),
        "debts_above": s.debts_above,
        "deeds_above": s.deeds_above,
        "poverty": s.poverty,
        "prosperity": s.prosperity,
        "played": s.played,
        "decision": _decision_view(s),
        "players": players,
        "you": seat,
        "round_cap_near": s.round > int(RULES["round_cap"]) - int(RULES["round_cap_warning"]),
        PREVIEW.key: previews(PREVIEW, s, seat),  # preview.py, through the contract
        "ai": _ai_view(s),
        **_sets_view(s),
    }


def _sets_view(s: ViscountsData) -> dict[str, Any]:
    """The content sets' public parts, only in a match that plays them (a base game's
    view is as it was). Gates of Gold: the King's Orders left, the outsider display and
    how many outsiders are still face down (their order is nobody's to see)."""
    out: dict[str, Any] = {}
    if keeper.playing(s):
        out["keeper_of_keys"] = _keeper_view(s)
    if not gates.playing(s):
        return out
    return {
        **out,
        "gates_of_gold": {
            "orders": s.orders,
            "outsiders": list(s.outsiders),
            "outsider_pile": len(s.outsider_pile),
            "wild_ribbon": list(s.wild_ribbon),
            "leader_card": s.leader_card,
            "builder_bonus": [
                {"card": c, "owner": o} for c, o in zip(s.bonus_cards, s.bonus_owner, strict=True)
            ],
        },
    }


def _keeper_view(s: ViscountsData) -> dict[str, Any]:
    """Keeper of Keys' public parts (docs/games/viscounts.md, "Keeper of Keys: the view"):
    the hero display and how many heroes are face down, the chest display and how many
    tiles are face down, each public building (its card, building kind and owner), each
    side's chest tiles under its board (three slots, -1 empty), the icons the chest
    tiles give it this turn, and the solo AI's own chest tiles (1 face up; empty with
    more than one player)."""
    return {
        "heroes": list(s.heroes_up),
        "hero_pile": len(s.hero_pile),
        "chests": list(s.chests_up),
        "chest_pile": len(s.chest_pile),
        "public": [
            {"card": c, "building": CARDS[c].building, "owner": o}
            for c, o in zip(PUBLIC, s.public_owner, strict=False)
        ],
        "chest_slots": [list(slots) for slots in s.chest_slots],
        "boost": [list(b) for b in s.boost],
        "ai_chests": list(s.ai_chests),
    }


def _ai_view(s: ViscountsData) -> dict[str, Any] | None:
    """The solo AI, all public: its focus board, the schemes it has shown, its holdings,
    its score so far (final once the game is over) and what it did on each turn."""
    ai = s.ai
    if ai < 0:
        return None
    focus = FOCUS[s.ai_focus]
    return {
        "index": ai,
        "focus": focus.name,
        "focus_action": ACTIONS[focus.action],
        "difficulty": str(s.game.options["difficulty"]),
        # its name, as the lobby offered it (the game's vocabulary, text.OPTION_WORDS)
        "difficulty_words": {
            lang: OPTION_WORDS[lang][f"difficulty.{s.game.options['difficulty']}"]
            for lang in LANGUAGES
        },
        "difficulties": list(DIFFICULTIES),
        "space": s.viscount[ai],
        "board": list(s.ai_board),
        "discard": list(s.ai_discard),
        "deck_size": len(s.ai_deck),
        "future_size": len(s.ai_future),
        "silver": s.silver[ai],
        "ink": s.ink[ai],
        "gold": s.gold[ai],
        "stone": s.stone[ai],
        "corruption": s.corruption[ai],
        "virtue": s.virtue[ai],
        "debts": s.debts[ai],
        "paid": s.paid[ai],
        "deeds": s.deeds[ai],
        "approved": s.approved[ai],
        "built": list(s.built[ai]),
        "tier3": s.tier3[ai],
        "manuscripts": list(s.manuscripts[ai]),
        "workers_left": s.workers_left(ai),
        # "score" (so far; final at the end) and "won" (the player's result, None until
        # the end) are filled in by the rules, which score
        "turns": [{**t, "say": ai_turn_says(t)} for t in map(solo.turn_record, s.ai_log)],
    }


def _pairs(s: ViscountsData) -> list[dict[str, Any] | None]:
    """The setup row: each player card and hero pair in words and numbers (None once taken).
    Everything on them is public (the cards lie face up)."""
    out: list[dict[str, Any] | None] = []
    for number_idx, hero in s.pairs:
        if number_idx < 0:
            out.append(None)
            continue
        pc = PLAYER_CARDS[number_idx]
        out.append(
            {
                "number": pc.number,
                "hero": hero,
                "space": next(sp for sp in range(SPACES) if space_number(sp, s.ring) == pc.number),
                "silver": pc.silver,
                "resources": [list(r) for r in pc.resources],
                "any_resource": pc.any_resource,
                "debts": pc.debts,
                "deeds": pc.deeds,
                "setup_effect": bool(pc.setup),
                "setup": both(pc.setup),
            }
        )
    for i, pair in enumerate(out):
        if pair is not None:
            pair["say"] = {lang: pair_line(i, pair, lang) for lang in ("en", "zh-TW")}
    return out


def _decision_view(s: ViscountsData) -> dict[str, Any] | None:
    d = dec.top(s.decisions)
    if d is None:
        return None
    out: dict[str, Any] = {
        "seat": d.seat,
        "kind": d.kind,
        "source": d.source,
        "why": {
            lang: source_words(d.source, lang, CARD_NAMED.get(d.source)) for lang in ("en", "zh-TW")
        },
        "asks": {lang: KINDS.words(d.kind, lang) for lang in ("en", "zh-TW")},
        "args": dec.thaw(d.args) if d.kind != "choose" else len(d.args),
    }
    if d.kind == "choose":  # the options in words (a card's options are printed, public)
        ok = set(ENGINE.options(s, d))
        out["options"] = [{"option": i, "text": both(p)} for i, p in enumerate(d.args) if i in ok]
    return out


#: The observation: per seat 24 numbers, then the seat's own hand and the board tops
#: as card counts, then the castle.
_PER_SEAT = 24


def observation(s: ViscountsData, seat: int | None) -> np.ndarray:
    # the cards and manuscripts in play (a base game's come first: its shape is as it was)
    k = len(CONTENT.ids("cards", s.game.options))
    m = len(CONTENT.ids("manuscripts", s.game.options))
    out = np.zeros(4 * _PER_SEAT + 2 * k + 2 * m + WEDGES * 8 + 8, dtype=np.float32)
    sides = s.sides  # the solo AI fills the second block
    for t in range(sides):
        base = ((t - (seat or 0)) % sides) * _PER_SEAT
        vals = [
            s.silver[t],
            s.ink[t],
            s.gold[t],
            s.stone[t],
            s.corruption[t] / TRACK,
            s.virtue[t] / TRACK,
            s.debts[t],
            s.paid[t],
            s.deeds[t],
            s.approved[t],
            *s.built[t],
            s.tier3[t],
            len(s.manuscripts[t]),
            len(s.hand[t]),
            len(s.deck[t]),
            len(s.discard[t]),
            s.viscount[t] / 15.0,
            float(s.leader == t),
            float(s.current == t),
            *(CARDS[c].silver for c in (s.board[t] + [-1, -1, -1])[:3] if c >= 0),
        ]
        out[base : base + min(len(vals), _PER_SEAT)] = vals[:_PER_SEAT]
    at = 4 * _PER_SEAT
    if seat is not None:
        for c in s.hand[seat]:
            out[at + c] += 1
    at += k
    for p in range(SEGMENTS):
        out[at + s.pile_top(p)] += 1
    at += k
    for p in range(SEGMENTS):
        out[at + s.manuscript_here(p)] += 1
    at += 2 * m
    for w in range(WEDGES):
        for t in range(sides):
            out[at + w * 8 + t] = s.tier1[w][t]
            out[at + w * 8 + 4 + t] = s.tier2[w][t]
    at += WEDGES * 8
    out[at] = s.round / 40.0
    out[at + 1] = s.phase / 6.0
    out[at + 2] = float(s.poverty)
    out[at + 3] = float(s.prosperity)
    return out
