"""Putting things into the kingdom: a building on a spot, a manuscript taken.

The rules (a player's build and transcribe actions, the setup cards' free
builds and manuscripts) and the solo AI's turn (solo.py) both do these, so
they live here, below both: each changes the state and answers the program
that follows (the rewards), which the caller runs as the builder.
"""

from __future__ import annotations

from typing import Any

from meeple.games.viscounts.components import CARDS, GATES_SOLO, MANUSCRIPTS, RULES, links, spots
from meeple.games.viscounts.state import ViscountsData


def build(s: ViscountsData, seat: int, kind: int, spot: int) -> tuple[Any, ...]:
    """Put a building on ``spot``: the spot's reward, then each completed link's (to both
    owners, once when both ends are the seat's)."""
    s.spot_owner[spot] = seat
    s.spot_kind[spot] = kind
    s.built[seat][kind] += 1
    if s.bonus_cards:  # Gates of Gold's builder bonus cards
        award_builder_bonus(s, seat)
    players = s.game.players
    prog: tuple[Any, ...] = spots(players)[spot].reward
    for link in links(players):
        if spot not in (link.a, link.b):
            continue
        other = link.b if link.a == spot else link.a
        owner = s.spot_owner[other]
        if owner < 0:
            continue
        prog += link.reward
        if owner != seat:
            prog += (("as", owner, link.reward),)
    return prog


def transcribe(s: ViscountsData, seat: int, pos: int) -> tuple[Any, ...]:
    """Take the manuscript by ring position ``pos`` (a printed one only gives its effect);
    answers its immediate effect."""
    m = s.manuscript_here(pos)
    if s.ms_piles[pos]:
        s.ms_piles[pos].pop()
        return keep_manuscript(s, seat, m)
    return MANUSCRIPTS[m].now


def keep_manuscript(s: ViscountsData, seat: int, m: int) -> tuple[Any, ...]:
    """The manuscript kept; answers what follows: its immediate effect, after the wild
    one's ribbon is picked (Gates of Gold: "must decide its ribbon colour at once")."""
    s.manuscripts[seat].append(m)
    if MANUSCRIPTS[m].wild:
        return (("wild_ribbon",), *MANUSCRIPTS[m].now)
    cleric_bonus(s, seat)
    return MANUSCRIPTS[m].now


def cleric_bonus(s: ViscountsData, seat: int) -> None:
    """The first to three of a ribbon takes that cleric bonus card."""
    for ribbon, n in enumerate(s.ribbons(seat)):
        if s.cleric_bonus[ribbon] < 0 and n >= 3:
            s.cleric_bonus[ribbon] = seat


def set_score(counts: list[int]) -> int:
    """Sets of different ribbons, as many as can be made: 1 / 4 / 9 / 16 each."""
    vp = [int(v) for v in RULES["manuscript_set_vp"]]
    counts = list(counts)
    total = 0
    while any(counts):
        size = sum(1 for c in counts if c > 0)
        total += vp[size]
        counts = [max(0, c - 1) for c in counts]
    return total


def award_builder_bonus(s: ViscountsData, seat: int) -> None:
    """After ``seat`` builds: the first to have built all three kinds takes the
    Diversified card, the first to three of one kind the Specialized (never lost)."""
    if seat == s.ai and not GATES_SOLO["builder_bonus"]:
        return  # the solo AI takes none (designed, data.toml [gates_of_gold.solo])
    built = s.built[seat]
    for k, c in enumerate(s.bonus_cards):
        if s.bonus_owner[k] >= 0:
            continue
        kind = CARDS[c].bonus
        if (kind == "diversified" and min(built) >= 1) or (
            kind == "specialized" and max(built) >= 3
        ):
            s.bonus_owner[k] = seat
