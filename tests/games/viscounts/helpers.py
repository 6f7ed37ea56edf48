"""Shared set-ups for the Viscounts rules tests: a started game, card ids by name."""

from __future__ import annotations

from meeple.games.viscounts import Viscounts, ViscountsState
from meeple.games.viscounts.components import CARDS, TRACK
from meeple.games.viscounts.state import SETUP


def cid(name: str, nth: int = 0) -> int:
    """The id of the ``nth`` card of that name."""
    return [i for i, c in enumerate(CARDS) if c.name == name][nth]


def started(players: int = 2, seed: int = 1, **options: object) -> ViscountsState:
    """A game past setup (each seat took the first pair and the first answer to its
    setup decisions), at the first player's first turn."""
    s = Viscounts(players, **options).new_initial_state(seed)
    while s.phase == SETUP or s.decisions:
        s.apply(s.legal_actions()[0])
    return s


def at_action(s: ViscountsState, space: int, played: str = "Abbot") -> int:
    """Put the current seat's viscount on ``space`` in its primary action phase."""
    from meeple.games.viscounts.state import ACTION

    seat = s.current
    s.viscount[seat] = space
    s.played = cid(played)
    s.phase = ACTION
    return seat


def clear(s: ViscountsState, seat: int) -> None:
    """``seat`` with an empty board and discards, no silver or resources, markers at the
    ends, past its first two turns (no starting icons)."""
    s.board[seat], s.discard[seat] = [], []
    s.silver[seat] = s.ink[seat] = s.gold[seat] = s.stone[seat] = 0
    s.turns_taken[seat] = 5
    s.corruption[seat], s.virtue[seat] = 0, TRACK - 1
