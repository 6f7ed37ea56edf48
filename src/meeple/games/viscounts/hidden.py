"""Viscounts' hidden information: undo barriers and determinization.

Secret: every hand but one's own, the order of every draw pile (one's own
too: a seat knows which cards are in it, not their order), the townsfolk
and manuscripts under the top of each pile, the solo AI's scheme deck (its
order, and which future schemes it holds) and future pile, and the state's
generator. The solo AI's holdings, shown schemes, discards and turns are
public (``view["ai"]``, None with more than one player).
Public: boards, discard piles (face up), resources, tracks, the kingdom.
Gates of Gold: the face-down outsiders' order is secret (dealt again); the
display of three and the number of King's Orders left are public.
Keeper of Keys: the face-down heroes' and chest tiles' order is secret (dealt
again: nobody has seen them, so every seat's view of them is the same); the
displays, the chest tiles under each board and the public buildings are public.

``determinize(seat)`` keeps all that ``seat`` can know and deals the rest
again: its own draw pile reshuffled; each opponent's hand and draw pile
pooled (the seat knows which cards they hold between the two, having seen
every card they took, not where each one is) and dealt back to the same
sizes; the cards under the pile tops pooled and dealt back.

No action names a secret (a card played goes face up, a drawn card is never part
of an action), so every viewer reads the whole log line: the core's
``redact_action`` and no ``hidden_label``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from meeple.core import Action, Rng
from meeple.games.viscounts.components import SCHEMES
from meeple.games.viscounts.state import ViscountsData

#: the concrete state class (the rules' subclass of the data): determinize returns its own kind
S = TypeVar("S", bound=ViscountsData)


def reveals(s: ViscountsData, action: Action, seat: int | None) -> bool:
    """Draws, shuffles, blind plays and new pile tops show something new: undo barriers
    (chance always does)."""
    if seat is None:
        return True
    before = reveal_key(s)
    child = s.clone()
    child.apply_unchecked(action, seat)
    return reveal_key(child) != before


def determinize(s: S, seat: int, rng: Rng) -> S:
    """A copy of ``s`` with what ``seat`` cannot see dealt again (the module's docstring)."""
    c = s.clone()
    n = s.game.players
    for t in range(n):
        if t == seat:
            c.deck[t].sort()  # sorted first: the result must not depend on the real order
            rng.shuffle(c.deck[t])
            continue
        pool = sorted(c.hand[t] + c.deck[t])
        rng.shuffle(pool)
        k = len(c.hand[t])
        c.hand[t], c.deck[t] = pool[:k], pool[k:]
    _redeal(c.piles, rng)
    _redeal(c.ms_piles, rng)
    if c.ai >= 0:
        _redeal_ai(c, rng)
    if c.outsider_pile:  # Gates of Gold: the face-down outsiders, in an order nobody saw
        c.outsider_pile.sort()
        rng.shuffle(c.outsider_pile)
    for pile in (c.hero_pile, c.chest_pile):  # Keeper of Keys: face down, unseen order
        if pile:
            pile.sort()
            rng.shuffle(pile)
    c.rng = Rng(rng.next64())
    return c


def _redeal(piles: list[list[int]], rng: Rng) -> None:
    """Everything under the tops pooled and dealt back under them, sizes kept."""
    under = sorted(card for pile in piles for card in pile[:-1])
    rng.shuffle(under)
    at = 0
    for pile in piles:
        if len(pile) > 1:
            k = len(pile) - 1
            pile[:-1] = under[at : at + k]
            at += k


def reveal_key(s: ViscountsData) -> tuple[Any, ...]:
    """What changes when something hidden comes to light: the generator (a shuffle), the
    draw piles' sizes (a draw, a blind play), the piles' sizes (a new top shows)."""
    return (
        s.rng.counter,
        tuple(len(d) for d in s.deck),
        tuple(len(p) for p in s.piles),
        tuple(len(p) for p in s.ms_piles),
        len(s.ai_deck),
        len(s.outsider_pile),  # Gates of Gold: an outsider turned face up
        len(s.hero_pile),  # Keeper of Keys: a hero or a chest tile turned face up
        len(s.chest_pile),
    )


def _redeal_ai(c: ViscountsData, rng: Rng) -> None:
    """The solo AI's scheme deck: which future schemes are in it and its order are
    secret; its revealed schemes and discards are seen."""
    deck_future = [x for x in c.ai_deck if SCHEMES[x].future]
    unseen = sorted(deck_future + c.ai_future)
    rng.shuffle(unseen)
    k = len(deck_future)
    deck = sorted(x for x in c.ai_deck if not SCHEMES[x].future) + unseen[:k]
    rng.shuffle(deck)
    c.ai_deck, c.ai_future = deck, unseen[k:]
