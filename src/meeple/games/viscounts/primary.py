"""The primary action once it is paid for, as a function over the state's data.

The rules call it when an action needs one way to pay, and the ``fund`` decision
(decisions.py) when the seat picked how to pay: both sit above this module, so it
is a function of the data and the effect engine, not a method of the rules.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action
from meeple.games.viscounts import keeper, kingdom
from meeple.games.viscounts.actions import Build, BuildPublic, Trade, Transcribe, Workers
from meeple.games.viscounts.components import CARDS, RESOURCES, position
from meeple.games.viscounts.effects import ENGINE
from meeple.games.viscounts.state import ViscountsData, board_triggers


def carry_out(s: ViscountsData, seat: int, action: Action) -> None:
    """The primary action once paid: its effects, the dismissed card's, the board's
    reactions, as one program."""
    ENGINE.run(s, seat, primary_program(s, seat, action), action.kind)


def primary_program(s: ViscountsData, seat: int, action: Action) -> tuple[Any, ...]:
    """What the primary action, once paid, does (:func:`carry_out` runs it)."""
    dm = s.dismissed
    prog: tuple[Any, ...] = CARDS[dm].hire if dm >= 0 else ()
    if isinstance(action, Trade):
        ex = s.exchange(seat)
        if ex == "silver":
            prog += (("gain", "silver", action.uses),)
        elif ex in RESOURCES:
            prog += (("gain", ex, action.uses),)
        elif ex == "flip":
            prog += (("each", action.uses, (("flip", "either"),)),)
        elif ex == "destroy":
            prog += (("trade_destroy", action.uses),)
        return (*prog, *board_triggers(s, seat, "after_trade"))
    if isinstance(action, Build):
        prog += kingdom.build(s, seat, action.building, action.spot)
        prog += board_triggers(s, seat, "after_build")
    elif isinstance(action, BuildPublic):  # Keeper of Keys: no spot or link reward
        prog += keeper.build_public(s, seat, action.building, action.spot)
        prog += board_triggers(s, seat, "after_build")
    elif isinstance(action, Workers):
        s.tier1[s.wedge_at(s.viscount[seat])][seat] += action.count
        prog += (("castle",), *board_triggers(s, seat, "after_workers"))
    else:
        prog += kingdom.transcribe(s, seat, position(s.viscount[seat]))
        prog += board_triggers(s, seat, "after_transcribe")
    return prog


def fund_fields(action: Action) -> tuple[int, ...]:
    """What a fund decision keeps of the primary action waiting on it."""
    if isinstance(action, (Build, BuildPublic)):
        return (action.building, action.spot)
    if isinstance(action, Workers):
        return (action.count,)
    return ()


def primary_from(args: tuple[Any, ...]) -> Action:
    """The primary action a fund decision holds (its kind and :func:`fund_fields`); the
    dismissal, if any, is already made (``state.dismissed``)."""
    kind, *fields = args
    if kind == Build.kind:
        return Build(int(fields[0]), int(fields[1]), 0)
    if kind == BuildPublic.kind:
        return BuildPublic(int(fields[0]), int(fields[1]), 0)
    if kind == Workers.kind:
        return Workers(int(fields[0]), 0)
    return Transcribe(0)
