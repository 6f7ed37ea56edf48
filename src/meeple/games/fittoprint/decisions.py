"""Fit To Print's decision kinds, one row each: what the owing seat may answer, what
an answer does, what the decision asks and how an answer reads
(:mod:`meeple.core.kinds`).

One kind today: ``drawn``, a tile just drawn face down, which its drawer keeps (to
the desk, for good) or returns face up to the centre. It is pushed by ``draw``
(rules.py) with the tile as its one argument (:func:`hold`). In the real-time modes every seat
reports at its own pace, so several seats may each hold a drawn tile at once: the
state sets ``SIMULTANEOUS_DECISIONS`` and each seat answers its own decision. The
round timer's end returns every tile still held (rules.py, ``_time_up``).

The draft between days stays a phase (``DRAFT``, ``draft_order``): everyone picks
in finishing order, nothing is interrupted, as Viscounts' set-up pick is a phase.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.core.decisions import Decision
from meeple.core.errors import IllegalActionError
from meeple.core.kinds import Kind, Kinds, Outcome
from meeple.games.fittoprint.actions import Keep, Return
from meeple.games.fittoprint.components import NTILES
from meeple.games.fittoprint.state import DRAWN, MAX_SEATS, FitToPrintData
from meeple.games.fittoprint.text import WORDS, tile_name

S = FitToPrintData

KEEP, RETURN = Keep(), Return()
#: DRAWN_BY[seat][tile]: the decision pushed when ``seat`` draws ``tile`` (shared).
DRAWN_BY = tuple(tuple(Decision(s, DRAWN, (t,)) for t in range(NTILES)) for s in range(MAX_SEATS))


def hold(s: S, seat: int, tile: int) -> None:
    """``seat`` drew ``tile``: its decision goes on the stack in seat order (the lowest
    seat at the bottom), not on top. Each seat answers its own, so the order says
    nothing, and a state is the same whichever seat drew first, as it was when each
    seat's drawn tile was a list entry (and states stored then load the same)."""
    stack = s.decisions
    d = DRAWN_BY[seat][tile]
    if not stack:
        s.decisions = (d,)
        return
    if stack[-1].seat < seat:
        s.decisions = (*stack, d)
        return
    i = len(stack) - 1
    while i and stack[i - 1].seat > seat:
        i -= 1
    s.decisions = (*stack[:i], d, *stack[i:])


def drawn_answers(s: S, d: Decision) -> list[Action]:
    return [KEEP, RETURN]


def take_drawn(s: S, d: Decision, action: Action) -> Outcome:
    """Keep: the tile joins the desk. Return: it lies face up in the centre, and is
    no longer one its drawer holds since today. Either ends a reporting turn."""
    tile = d.args[0]
    if isinstance(action, Keep):
        s.desk[d.seat].append(tile)
    elif isinstance(action, Return):
        s.face_up.append(tile)
        s.drawn_on[tile] = -1
    else:
        raise IllegalActionError(f"{action} does not answer a drawn tile (keep or return)")
    s.reported(d.seat)
    return ()


def drawn_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    """To its drawer (``told`` False), the tile by name ("keep the ..."); to the others,
    a returned tile by name (they see it face up), a kept one by the action's words."""
    desc = tile_name(int(d.args[0]), lang)
    if not told:
        key = "keep_tile" if isinstance(action, Keep) else "return_tile"
        return WORDS(key, lang, desc=desc)
    if isinstance(action, Return):
        return WORDS("returns_tile", lang, desc=desc)
    return None


KINDS: Kinds[S] = Kinds(
    {
        DRAWN: Kind(
            drawn_answers,
            take_drawn,
            {
                "en": "a drawn tile to keep or return face up",
                "zh-TW": "抽到的板塊：保留或正面朝上退回",
            },
            label=drawn_label,
        ),
    }
)
