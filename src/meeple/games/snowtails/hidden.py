"""Snow Tails' hidden information: undo barriers and determinization.

Secret: every sled's deck order (one's own too) and the other sleds' hands;
their sizes, the face-up discard piles and everything on the track are public.
Every viewer sees the whole log line: cards are played and discarded face up,
and drawn cards are never part of an action (the core's ``redact_action``, no
``hidden_label``).
"""

from __future__ import annotations

from typing import TypeVar

from meeple.core import Action, Rng
from meeple.games.snowtails.state import DENT, SnowTailsData

#: the concrete state class (the rules' subclass of the data): determinize returns its own kind
S = TypeVar("S", bound=SnowTailsData)


def reveals(s: SnowTailsData, action: Action, seat: int | None) -> bool:
    """An action that ends the turn draws hidden cards (or the next turn's no-card
    refill), so undo may not cross it."""
    if seat is None or not s.is_legal(action, seat):
        return False  # nothing happens: the checked apply will refuse it
    probe = s.clone()
    before = [len(d) for d in probe.deck]
    probe.apply_unchecked(action, seat)
    return [len(d) for d in probe.deck] != before or probe.race != s.race


def determinize(state: S, seat: int, rng: Rng) -> S:
    """Resample every deck order and the other sleds' hands.

    What ``seat`` cannot see of another sled is its hand and deck together:
    their multiset is the 20-card deck minus the face-up piles, so shuffling
    that pool and dealing the hand back keeps every count public. Pools are
    sorted before shuffling so the result is a function of the seat's view and
    ``rng`` alone (information-set search relies on that).
    """
    c = state.clone()
    for s in range(state.game.players):
        if s == seat:
            c.deck[s].sort()  # canonical order first: the result depends on the view only
            rng.shuffle(c.deck[s])
            continue
        pool = list(c.deck[s])
        for v in range(1, 6):
            pool += [v] * c.hand[s][v]
        pool.sort()
        rng.shuffle(pool)
        dogs_in_hand = sum(c.hand[s][1:])
        c.hand[s] = [c.hand[s][DENT]] + [0] * 5
        for v in pool[:dogs_in_hand]:
            c.hand[s][v] += 1
        c.deck[s] = pool[dogs_in_hand:]
    c.rng = Rng(rng.next64())
    return c
