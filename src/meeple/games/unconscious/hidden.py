"""Unconscious Mind's hidden information: undo barriers, determinization, the redacted log.

Secrets are the research cards in other players' hands (their number is
public) and the order of every deck (research, clients, grief layers,
dreams, the market stacks' face-down tiles). A card taken into a hand from
the face-up place is no secret: everyone saw it, so the views list it
(``known_hand``) and determinization leaves it where it is.

An action is an undo barrier exactly when something hidden becomes known:
a card, tile, client, grief layer or dream leaves a deck (a draw, a refill,
a reshuffle and draw), or a card leaves a hand face up (played or swapped).
Placing ideas, paying insights, moving figures and every other public step
can be taken back. The test is made on a copy: apply the action and compare
what the secrets look like from outside (:func:`reveal_key`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from meeple.core import Rng
from meeple.core.actions import Action
from meeple.core.i18n import Strings, lang_of
from meeple.games.unconscious import text
from meeple.games.unconscious.components import TILES
from meeple.games.unconscious.words import research_card

if TYPE_CHECKING:
    from meeple.core.game import State
    from meeple.games.unconscious.state import UnconsciousData

#: the concrete state class (the rules' subclass of the data): determinize returns its own kind
S = TypeVar("S", bound="UnconsciousData")


def reveal_key(s: UnconsciousData) -> tuple[Any, ...]:
    """What changes whenever a secret becomes known: every deck's and stack's size,
    the face-up research card, the size of every hand."""
    return (
        len(s.research_deck),
        len(s.normal_deck),
        len(s.complex_deck),
        len(s.grief_deck),
        len(s.manifest_deck),
        len(s.latent_deck),
        tuple(len(x) for x in s.stacks),
        s.research_up,
        tuple(len(h) for h in s.hand),
    )


def reveals(s: UnconsciousData, action: Action, seat: int | None) -> bool:
    """Whether ``action`` shows something hidden (an undo barrier); chance always does."""
    if seat is None:
        return True
    if not s.is_legal(action, seat):
        return False  # nothing happens: the checked apply refuses it
    probe = s.clone()
    probe.apply_unchecked(action, seat)
    return reveal_key(probe) != reveal_key(s)


def drawn_cards(s: UnconsciousData, action: Action, seat: int) -> list[int]:
    """The research cards ``action`` would draw from the deck into ``seat``'s hand."""
    if not s.is_legal(action, seat):
        return []
    probe = s.clone()
    probe.apply_unchecked(action, seat)
    deck = set(s.research_deck)
    return sorted(c for c in probe.hand[seat] if c in deck)


def determinize(s: S, seat: int, rng: Rng) -> S:
    """A copy of ``s`` with what ``seat`` cannot see redrawn (:func:`resample`)."""
    c = s.clone()
    resample(c, seat, rng)
    return c


def resample(s: UnconsciousData, seat: int, rng: Rng) -> None:
    """Redraw, in place, what ``seat`` cannot see: the cards of other hands that nobody
    saw taken, dealt again with the research deck; every other deck's order shuffled;
    the face-down market tiles within their era. Pools are sorted first, so the result
    depends on ``seat``'s view and ``rng`` alone."""
    n = len(s.vp)
    others = [p for p in range(n) if p != seat]
    unseen = {p: _unseen(s.hand[p], s.known_hand[p]) for p in others}
    pool = sorted(s.research_deck + [c for p in others for c in unseen[p]])
    rng.shuffle(pool)
    for p in others:
        k = len(unseen[p])
        s.hand[p] = sorted(s.known_hand[p]) + pool[:k]
        pool = pool[k:]
    s.research_deck = pool
    for deck in (s.normal_deck, s.complex_deck, s.grief_deck, s.manifest_deck, s.latent_deck):
        deck.sort()
        rng.shuffle(deck)
    _resample_stacks(s, rng)
    s.rng = Rng(rng.randbelow(1 << 62))


def _unseen(hand: list[int], known: list[int]) -> list[int]:
    rest = list(hand)
    for c in known:
        rest.remove(c)
    return rest


def _resample_stacks(s: UnconsciousData, rng: Rng) -> None:
    """Era II below era I in each row, as many of each era as before; the unseen tiles
    of one era are pooled over both rows (nobody knows which row holds which)."""
    tops: list[list[int]] = []
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


def redact(s: UnconsciousData, action: Action, actor: int | None, viewer: int | None) -> str:
    """No action names a hidden card, so every viewer reads the plain line; the actor's
    own line on a draw also names the cards drawn (the others see only the hand grow)."""
    if actor is None:
        return str(action)
    line = f"seat {actor}: {action}"
    if viewer != actor:
        return line
    drawn = drawn_cards(s, action, actor)
    if drawn:
        line += " (drew " + ", ".join(f"card {c}" for c in drawn) + ")"
    return line


WORDS = Strings(
    {
        "en": {"drew": "{action}, and draws {cards}"},
        "zh-TW": {"drew": "{action}，抽到{cards}"},
    }
)


def hidden_label(
    before: State, action: Action, actor: int | None, viewer: int | None, lang: str
) -> str:
    """The actor's own log line on a draw: the action (told as every log line is, in the
    third person) and the research cards it drew."""
    assert actor is not None
    s: UnconsciousData = before  # type: ignore[assignment]
    zh = lang_of(lang) == "zh-TW"
    cards = ("、" if zh else "; ").join(
        ("「{}」" if zh else "“{}”").format(research_card(c, lang))
        for c in drawn_cards(s, action, actor)
    )
    return WORDS("drew", lang, action=text.log_label(before, action, actor, lang), cards=cards)
