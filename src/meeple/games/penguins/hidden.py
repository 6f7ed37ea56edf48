"""The penguin game's hidden information: undo barriers, determinization, the redacted log.

Secrets are the deck's order (but for the cards a seat put back itself, which
it knows where they lie), the other seats' hands and the cards offered to them
(teammates' too), the hand a rival hid a penguin in (card #11), and the
generator of shuffles still to come. A seat sees the whole board, the supplies,
the discard pile and every hand's size (view.py).

Two choices are made in secret: which card one keeps and in which hand one hides
the penguin; every other seat's log line names only that the choice was made.
"""

from __future__ import annotations

from typing import TypeVar

from meeple.core.actions import Action
from meeple.core.decisions import Decision
from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.games.penguins.decisions import DECISIONS
from meeple.games.penguins.state import PenguinData
from meeple.games.penguins.text import WORDS

#: the concrete state class (the rules' subclass of the data): determinize returns its own kind
S = TypeVar("S", bound=PenguinData)


def reveals(action: Action, seat: int | None) -> bool:
    """Whether ``action`` may show something hidden (an undo barrier). Hatching, drawing
    and scouting show cards from the deck; a rival's guess shows a hidden hand. Kept
    simple and safe: any action that may draw, and every chance step."""
    return seat is None or action.kind in ("hatch", "draw", "play", "guess", "scene", "set")


def determinize(state: S, seat: int, rng: Rng) -> S:
    """Resample what ``seat`` cannot see: the deck order (except cards it put
    back itself), the other seats' hands and offered cards (teammates' too)
    and a hidden hand of card #11, and the generator of shuffles still to come."""
    c = state.clone()
    others = [s for s in range(state.game.players) if s != seat]
    known = set(c.deck_known[seat])
    free_slots = [i for i in range(len(c.deck)) if i not in known]
    pool = [c.deck[i] for i in free_slots]
    pool += [x for s in others for x in c.hands[s] + c.offers[s]]
    pool.sort()  # canonical order first: the result depends on the seat's view and rng only
    rng.shuffle(pool)
    i = 0
    for slot in free_slots:  # cards this seat put back stay where it knows they are
        c.deck[slot] = pool[i]
        i += 1
    for s in others:
        n = len(c.hands[s])
        c.hands[s] = pool[i : i + n]
        i += n
        n = len(c.offers[s])
        c.offers[s] = pool[i : i + n]
        i += n
    imagined: list[Decision] = []
    for d in reversed(c.decisions):  # the next one first, as the draws have always gone
        row = DECISIONS.get(d.kind)
        resample = row.resample if row is not None else None
        imagined.append(d if resample is None else resample(d, seat, rng.randbelow))
    c.decisions = tuple(reversed(imagined))
    c.rng = Rng(rng.next64())  # the setup's future shuffles are secret too
    return c


def redact(state: PenguinData, action: Action, actor: int | None, viewer: int | None) -> str:
    """The log line ``viewer`` sees: every step in full but another seat's secret choice
    (which card it kept, which hand it hid the penguin in)."""
    if actor is None:
        return str(action)
    if viewer != actor and action.kind in ("keep", "hide"):
        secret = {"keep": "keep a card", "hide": "hide a penguin in one hand"}[action.kind]
        return f"seat {actor}: {secret}"
    return f"seat {actor}: {action}"


def hidden_label(
    before: State, action: Action, actor: int | None, viewer: int | None, lang: str
) -> str:
    """Another seat's secret choice (``PenguinState.redact_action``): kept a card, hid the penguin."""
    return WORDS("keep_secret" if action.kind == "keep" else "hide_secret", lang)
