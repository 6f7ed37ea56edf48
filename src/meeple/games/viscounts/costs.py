"""What a choice costs, read off the state it is taken in (the menus' and the log's words).

A move beyond the played card's value costs silver (a full lap round the board
costs nearly all a seat has); a primary action is paid with icons, the action's
resource or silver, and a dismissal costs the dismissed card's silver; a hire
costs the card's silver. The rules take these payments without asking when
there is only one way (``rules._primary``); the player must still see them
before choosing, so every label of those choices says what it spends
(issue 34: "a full lap silently took 6 of 7 silver"). The numbers come from the
rules' own methods (``move_costs``, ``fund_plans``, ``free_icons``,
``dismiss_cost``), never from a second copy of the rules here.
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.games.viscounts.actions import Build, Trade, Transcribe, Workers
from meeple.games.viscounts.components import (
    BUILD,
    BUILDINGS,
    MANUSCRIPTS,
    RULES,
    TRADE,
    TRANSCRIBE,
    WORKER_COSTS,
    WORKERS,
    position,
)
from meeple.games.viscounts.funding import Plan

#: The primary action kind of each primary action (rules.PRIMARY_KIND, without the import
#: cycle: the rules import the view, which imports the words).
KIND = {Trade: TRADE, Build: BUILD, Workers: WORKERS, Transcribe: TRANSCRIBE}


def move_cost(s: Any, seat: int, space: int) -> int:
    """The silver moving to ``space`` costs now (the rules' ``move_costs``), 0 if unknown."""
    return int(s.move_costs(seat).get(space, 0))


def dismissed(s: Any, seat: int, action: Action) -> int:
    """The townsfolk a primary action with ``dismiss`` set sends away (-1: none)."""
    if not getattr(action, "dismiss", 0) or type(action) not in KIND:
        return -1
    return int(s.dismissable(seat, KIND[type(action)], int(getattr(action, "dismiss", 0))))


def primary_plans(s: Any, seat: int, action: Action) -> list[Plan]:
    """Every way ``seat`` may pay for the primary ``action`` now, the dismissal's silver
    included (one plan: the rules pay it without asking; several: the seat is asked).
    Trade has one price: its extra merchants cost a silver each (rules.trade_uses)."""
    kind = KIND[type(action)]
    dm = dismissed(s, seat, action)
    fee = int(s.dismiss_cost(seat, dm)) if dm >= 0 else 0
    if isinstance(action, Trade):
        cost = int(RULES["exchange_cost"].get(s.exchange(seat), 2)) * action.uses
        return [(fee + max(0, cost - int(s.free_icons(seat, TRADE, dm))), 0, 0, 0)]
    need = need_icons(s, seat, action)
    plans: list[Plan] = s.fund_plans(seat, kind, need, dm)
    return [(p[0] + fee, p[1], p[2], p[3]) for p in plans]


def need_icons(s: Any, seat: int, action: Action) -> int:
    """The icons a building, a placement or the manuscript beside the viscount needs."""
    if isinstance(action, Build):
        return BUILDINGS[action.building].cost
    if isinstance(action, Workers):
        return WORKER_COSTS[action.count - 1]
    return MANUSCRIPTS[s.manuscript_here(position(s.viscount[seat]))].cost
