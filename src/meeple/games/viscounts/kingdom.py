"""Putting things into the kingdom: a building on a spot, a manuscript taken.

The rules (a player's build and transcribe actions, the setup cards' free
builds and manuscripts) and the solo AI's turn (solo.py) both do these, so
they live here, below both: each changes the state and answers the program
that follows (the rewards), which the caller runs as the builder.
"""

from __future__ import annotations

from typing import Any

from meeple.games.viscounts.components import MANUSCRIPTS, links, spots
from meeple.games.viscounts.state import ViscountsData


def build(s: ViscountsData, seat: int, kind: int, spot: int) -> tuple[Any, ...]:
    """Put a building on ``spot``: the spot's reward, then each completed link's (to both
    owners, once when both ends are the seat's)."""
    s.spot_owner[spot] = seat
    s.spot_kind[spot] = kind
    s.built[seat][kind] += 1
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
        keep_manuscript(s, seat, m)
    return MANUSCRIPTS[m].now


def keep_manuscript(s: ViscountsData, seat: int, m: int) -> None:
    """The first to three of a ribbon takes that cleric bonus card."""
    s.manuscripts[seat].append(m)
    ribbon = MANUSCRIPTS[m].ribbon
    if s.cleric_bonus[ribbon] < 0 and s.ribbons(seat)[ribbon] >= 3:
        s.cleric_bonus[ribbon] = seat
