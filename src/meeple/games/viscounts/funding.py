"""Paying for a primary action: every materially different way, and the seat picks one.

An action needs some icons of its kind (builders for a building, nobles for
workers, clerics for a manuscript). The free ones are counted first and cost
nothing: the board's (criminals wild), the dismissed card's, and "each pair of
merchants counts as one" abilities (those merchants do nothing else for that
action, so using them is never worse). What is still short is bought from
*sources*, read off the data: the action's resource one for one (data.toml
``fund_with``) and every conversion on the board (a card's ``convert``: one
stone for two builders once, two silver for one builder as often as paid, stone
or gold for ink...). An expansion's new way to pay is one more source in data.

A *plan* says how much of each item (silver, ink, gold, stone) a seat spends.
Only plans that no other plan beats are offered: a plan that spends at least as
much of every item as another (and more of one) is left out, so "use the
sculptor" never sits beside the same stone spent one for one, and a seat with
one way to pay is asked nothing. Trade is not here: its extra merchants have one
price (a silver each), so the number of uses says all (rules.trade_uses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from meeple.games.viscounts.components import (
    ACTION_ICON,
    CARDS,
    CRIMINAL,
    FUND_WITH,
    MERCHANT,
    TRADE,
)

if TYPE_CHECKING:
    from meeple.games.viscounts.state import ViscountsData

#: The items a plan spends, in this order (a plan is a tuple of four counts).
ITEMS = ("silver", "ink", "gold", "stone")
Plan = tuple[int, int, int, int]
NOTHING: Plan = (0, 0, 0, 0)
#: The most plans one payment can have with the base cards (a 6-cleric manuscript with
#: no free icon, Emma and Clergymen on the board: 6 icons from ink, stone, gold and
#: silver pairs, C(9, 3)); the action universe holds this many ``Fund`` actions.
MAX_PLANS = 84


@dataclass(frozen=True, slots=True)
class Source:
    """One way to buy icons: ``per`` of ``pay`` give ``icons`` icons, at most ``limit``
    times (0: as often as paid)."""

    pay: str
    per: int
    icons: int
    limit: int


def free_icons(s: ViscountsData, seat: int, action: int, dismiss: int) -> int:
    """Icons for ``action`` that cost nothing: the board's (criminals wild), the
    dismissed card's, and "each pair of merchants counts as one" abilities. Those pair
    the merchants on the board only: the seed's Traveller counts "自己玩家圖板上的每一對
    商人圖示", and it tells the board's icons apart from a dismissed card's (a fan list's
    note that the dismissed card's merchants pair too is not followed)."""
    icon = ACTION_ICON[action]
    n = s.board_icons(seat, icon) + s.criminals(seat)
    merchants = s.board_icons(seat, MERCHANT)
    if dismiss >= 0:
        c = CARDS[dismiss]
        n += c.icons[icon] + (c.icons[CRIMINAL] if icon != CRIMINAL else 0)
    if action != TRADE and any(
        (conv := CARDS[b].convert) is not None and conv.action == action and conv.pay == "merchant"
        for b in s.board[seat]
    ):
        n += merchants // 2
    return n


def sources(s: ViscountsData, seat: int, action: int) -> list[Source]:
    """The ways ``seat`` may buy icons for ``action`` now: the action's resource one for
    one, then each conversion on its board (``a_or_b`` pays with either item)."""
    out = [Source(FUND_WITH[action], 1, 1, 0)]
    for b in s.board[seat]:
        conv = CARDS[b].convert
        if conv is None or conv.action != action or conv.pay == "merchant":
            continue
        for pay in conv.pay.split("_or_"):
            src = Source(pay, conv.per, conv.icons, conv.limit)
            if src.limit or src not in out:  # an unlimited source twice adds nothing
                out.append(src)
    return out


def plans(s: ViscountsData, seat: int, action: int, need: int, dismiss: int) -> list[Plan]:
    """Every plan no other plan beats that brings ``need`` icons to ``action`` (after the
    dismissal's silver), cheapest first; empty when ``seat`` cannot pay at all."""
    dismiss_cost = s.dismiss_cost(seat, dismiss) if dismiss >= 0 else 0
    budget = (s.silver[seat] - dismiss_cost, s.ink[seat], s.gold[seat], s.stone[seat])
    if budget[0] < 0:
        return []
    short = need - free_icons(s, seat, action, dismiss)
    if short <= 0:
        return [NOTHING]
    srcs = sources(s, seat, action)
    found: set[Plan] = set()
    _spend(srcs, 0, short, NOTHING, budget, found)
    kept = [p for p in found if not any(q != p and _covers(p, q) for q in found)]
    # the cheapest first; more than the action universe holds cannot happen with the
    # base cards (MAX_PLANS), an expansion's extra sources would raise the constant
    return sorted(kept, key=lambda p: (p[0] + 2 * sum(p[1:]), p))[:MAX_PLANS]


def _spend(
    srcs: list[Source], i: int, short: int, spent: Plan, budget: Plan, found: set[Plan]
) -> None:
    """Try 0, 1, 2... uses of source ``i`` (never more than the shortfall needs), then the
    next source; a plan is recorded once nothing is short."""
    if short <= 0:
        found.add(spent)
        return
    if i == len(srcs):
        return
    src = srcs[i]
    at = ITEMS.index(src.pay)
    most = -(-short // src.icons)
    if src.limit:
        most = min(most, src.limit)
    for k in range(most + 1):
        cost = spent[at] + k * src.per
        if cost > budget[at]:
            break
        now = list(spent)
        now[at] = cost
        _spend(srcs, i + 1, short - k * src.icons, (now[0], now[1], now[2], now[3]), budget, found)


def _covers(p: Plan, q: Plan) -> bool:
    """``q`` spends no more of any item than ``p``."""
    return all(b <= a for a, b in zip(p, q, strict=True))


class Funding:
    """Whether ``seat`` can pay for ``action`` with ``dismiss`` dismissed, for several needs
    (the legal-action check: no enumeration when the free icons suffice or the action's
    own resource is the only source):
    the legal actions ask it for every building, public building and worker count, and
    the free icons (a count over the board) and the sources are the same for all of them
    (read once here; they were 40% of Viscounts' legal actions, recounted per need).
    Answers are remembered both ways, as a need that can be paid makes every smaller one
    payable and a need that cannot every larger one."""

    __slots__ = ("_action", "_dismiss", "_free", "_paid", "_s", "_seat", "_srcs", "_unpaid")

    def __init__(self, s: ViscountsData, seat: int, action: int, dismiss: int) -> None:
        self._s, self._seat, self._action, self._dismiss = s, seat, action, dismiss
        dismiss_cost = s.dismiss_cost(seat, dismiss) if dismiss >= 0 else 0
        self._free = free_icons(s, seat, action, dismiss) if s.silver[seat] >= dismiss_cost else -1
        self._srcs: list[Source] | None = None
        self._paid = 0  # every need up to this can be paid
        self._unpaid = 1 << 30  # no need from this on can

    def can(self, need: int) -> bool:
        """Whether some plan pays for ``need`` icons."""
        if self._free < 0:
            return False  # the dismissal's silver cannot be paid
        if need <= self._paid or need <= self._free:
            return True
        if need >= self._unpaid:
            return False
        short = need - self._free
        if self._srcs is None:
            self._srcs = sources(self._s, self._seat, self._action)
        if len(self._srcs) == 1:
            ok = int(getattr(self._s, self._srcs[0].pay)[self._seat]) >= short
        else:
            ok = bool(plans(self._s, self._seat, self._action, need, self._dismiss))
        if ok:
            self._paid = need
        else:
            self._unpaid = need
        return ok


def pay(s: ViscountsData, seat: int, plan: Plan) -> None:
    """Spend ``plan``'s items."""
    for name, k in zip(ITEMS, plan, strict=True):
        getattr(s, name)[seat] -= k
