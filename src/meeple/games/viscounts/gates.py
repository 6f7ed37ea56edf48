"""Gates of Gold, Viscounts' first expansion (content set ``gates_of_gold``): its
effect words, its scoring queries and its decision kinds, beside the base game's.

The cards are rows of data.toml's ``[gates_of_gold]`` (components.CONTENT); what
they say is written in the effect language with the words below, registered on
the game's engine (effects.ENGINE) like the base game's. Its decisions are rows
added to the kinds table (decisions.KINDS). Nothing here runs in a base game: no
base card says these words, and the fields they touch are stored only in a match
that plays the set (state.SET_FIELDS).

The seed's rules played here:

* King's Orders are a limited pile (a count, data.toml ``orders``): taken, one goes
  to the taker's discards (none left: nothing happens); it goes back to the pile
  when it leaves a board or is destroyed (rules: a card with a ``supply``).
* Outsiders are a limited pile with three face up, refilled at once and never
  reshuffled. Welcoming one takes it to one's discards for free, and is no hire;
  refusing one resolves its refuse effect and removes it from the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core import Action
from meeple.core.decisions import Decision
from meeple.core.effects import Pending, Then, VerbResult
from meeple.core.errors import IllegalActionError
from meeple.core.kinds import Again, Kind, Outcome
from meeple.games.viscounts.actions import PickRibbon, Resource, TakeOutsider
from meeple.games.viscounts.components import (
    CARDS,
    GATES,
    GATES_SOLO,
    KINGS_ORDER,
    ORDER_PRICE,
    RESOURCES,
    RIBBONS,
    RULES,
    links,
    spots,
)
from meeple.games.viscounts.kingdom import cleric_bonus, set_score
from meeple.games.viscounts.state import (
    ACTION,
    MOVE,
    OVER,
    PLAY,
    RECRUIT,
    ViscountsData,
    board_triggers,
)

S = ViscountsData


def playing(s: S) -> bool:
    """Whether the match plays Gates of Gold."""
    return bool(s.game.options.get(GATES))


# -- the supplies ---------------------------------------------------------------------


def refill(s: S, slot: int) -> None:
    """The display's place ``slot`` refilled at once from the pile (never reshuffled:
    once the pile is empty the display shrinks)."""
    if s.outsider_pile:
        s.outsiders.insert(slot, s.outsider_pile.pop())


def take_order(s: S, seat: int) -> tuple[Any, ...]:
    """One King's Order from the supply to ``seat``'s discards (none left: nothing);
    answers its printed effect."""
    if s.orders <= 0:
        return ()
    s.orders -= 1
    s.discard[seat].append(KINGS_ORDER)
    return CARDS[KINGS_ORDER].gain + board_triggers(s, seat, "on_order")


def can_hire_order(s: S, seat: int, free: bool) -> bool:
    """Whether ``seat`` may take a King's Order in place of a hire now: the grey column
    unlocked, one left, and its price unless the hire is free. (A base game has no
    King's Orders: none left.)"""
    grey = RIBBONS.index("grey")
    return s.orders > 0 and s.ribbons(seat)[grey] > 0 and (free or s.silver[seat] >= ORDER_PRICE)


def hire_order(s: S, seat: int, free: bool) -> tuple[Any, ...]:
    """A King's Order in place of a hire: paid unless free, and for every other purpose a
    hire (the first workshop's discard, "whenever you hire"); answers what follows."""
    if not free:
        s.silver[seat] -= ORDER_PRICE
    prog = take_order(s, seat)
    if s.built[seat][0] >= 1:  # the first workshop: a discard with every hire
        prog += (("discard", 1),)
    return prog + board_triggers(s, seat, "on_hire")


#: The seat's own decisions during which its columns stay usable (any time in one's turn,
#: 「玩家能在自己的回合內隨時而且不限次數的執行任何手抄本圖板能力」): those whose answers are
#: read from the state when they are given, so a column used first changes what they offer
#: (a card drawn by the blue column may be the one discarded or destroyed). Not a payment
#: plan (``fund``: its plans were counted from what the seat held when it chose the action,
#: and the phase offers the columns beside that choice) nor a column's own price
#: (``pay_resource``: one ability at a time), nor a choice between a card's options
#: (``choose``: offered only when each could be done then), nor the wild manuscript's
#: ribbon (``ribbon``: 「取得此手抄本時，必須立即決定其綬帶顏色」, decided at once).
COLUMNS_DURING = frozenset({"discard", "destroy", "resource", "flip", "welcome", "refuse"})


def columns_while_deciding(s: S, seat: int) -> bool:
    """Whether ``seat`` may use its columns now although a decision is owed: one of its
    own (:data:`COLUMNS_DURING`) in its own turn's phases 1-4 (not another seat's turn,
    not the solo AI's, not after the collision)."""
    d = s.decisions[-1] if s.decisions else None
    return (
        d is not None
        and d.seat == seat == s.current
        and seat != s.ai
        and s.phase in (PLAY, MOVE, ACTION, RECRUIT)
        and d.kind in COLUMNS_DURING
    )


def ai_refuse(s: S, n: int) -> None:
    """The solo AI's King's Orders (designed, data.toml ``[gates_of_gold.solo]``): it takes
    none; for each it refuses, the left-most face-up outsider leaving the game (refilled
    at once) with no effect for it."""
    if not GATES_SOLO["refuse_orders"]:
        return
    for _ in range(n):
        if not s.outsiders:
            return
        s.outsiders.pop(0)
        refill(s, 0)


def resources(s: S, seat: int) -> int:
    return s.ink[seat] + s.gold[seat] + s.stone[seat]


def back_to_supply(s: S, seat: int, card: int) -> bool:
    """A card with a supply (a King's Order), out of ``seat``'s cards, goes back to it;
    whether it did. Not when ``seat`` would be left with fewer cards than a board holds
    (the base game's "a deck never shrinks below three cards"): it stays, a card like
    any other."""
    if CARDS[card].supply == "orders" and len(s.owned(seat)) >= int(RULES["tableau"]):
        s.orders += 1
        return True
    return False


# -- verbs ------------------------------------------------------------------------------


def _kings_order(s: S, seat: int, n: int) -> VerbResult:
    if seat == s.ai:
        ai_refuse(s, n)
        return None
    prog: tuple[Any, ...] = ()
    for _ in range(n):
        prog += take_order(s, seat)
    return Then(prog) if prog else None


def _welcome(s: S, seat: int) -> VerbResult:
    if seat == s.ai or not s.outsiders:
        return None
    return Pending("welcome")


def _refuse(s: S, seat: int) -> VerbResult:
    if seat == s.ai or not s.outsiders:
        return None
    return Pending("refuse")


def _wild_ribbon(s: S, seat: int) -> VerbResult:
    if seat == s.ai:
        counts = s.ribbons(seat)
        s.wild_ribbon[seat] = max(range(len(RIBBONS)), key=lambda r: counts[r])
        return None
    return Pending("ribbon")


def _pay_resource(s: S, seat: int, n: int) -> VerbResult:
    return Pending("pay_resource", (n,)) if n > 0 else None


def _shed_debts(s: S, seat: int, n: int) -> VerbResult:
    s.debts[seat] -= min(n, s.debts[seat])
    return None


def _approved_deed(s: S, seat: int) -> VerbResult:
    s.approved[seat] += 1
    return None


def _game_over(s: S, seat: int) -> VerbResult:
    s.phase = OVER
    return None


VERBS: dict[str, Callable[..., VerbResult]] = {
    "kings_order": _kings_order,
    "welcome": _welcome,
    "refuse": _refuse,
    "wild_ribbon": _wild_ribbon,
    "shed_debts": _shed_debts,
    "approved_deed": _approved_deed,
    "game_over": _game_over,
    "pay_resource": _pay_resource,
}
#: When a verb can be done now (an ability starting with it is offered only then).
CAN: dict[str, Callable[..., bool]] = {
    "pay_resource": lambda s, seat, n: resources(s, seat) >= n,
}


# -- scoring queries ------------------------------------------------------------------------


def outsiders_owned(s: S, seat: int) -> list[int]:
    return [c for c in s.owned(seat) if CARDS[c].kind == "outsider"]


def scored_ribbons(s: S, seat: int) -> list[int]:
    """The seat's ribbons at scoring: its manuscripts', and one more per Envoy it owns,
    each of the colour that scores its sets best (the player would pick it)."""
    counts = s.ribbons(seat)
    for c in outsiders_owned(s, seat):
        if CARDS[c].extra_ribbon:
            best = max(
                range(len(RIBBONS)),
                key=lambda r: set_score([k + (i == r) for i, k in enumerate(counts)]),
            )
            counts[best] += 1
    return counts


def _own_links(s: S, seat: int) -> int:
    return sum(
        1
        for ln in links(s.game.players)
        if s.spot_owner[ln.a] == seat and s.spot_owner[ln.b] == seat
    )


def _castle_majorities(s: S, seat: int) -> int:
    n = 0
    for w in range(len(s.tier1)):
        mine = s.tier1[w][seat] + s.tier2[w][seat]
        others = [s.tier1[w][t] + s.tier2[w][t] for t in range(s.sides) if t != seat]
        if mine > 0 and all(mine > o for o in others):
            n += 1
    return n


def _castle_tier(s: S, seat: int, tier: int, per: int = 1) -> int:
    rows = s.tier1 if tier == 1 else s.tier2
    n = s.tier3[seat] if tier == 3 else sum(w[seat] for w in rows)
    return n // max(1, per)


def _segments_built(s: S, seat: int) -> int:
    where = spots(s.game.players)
    return len({where[i].segment for i, o in enumerate(s.spot_owner) if o == seat})


QUERIES: dict[str, Callable[..., int]] = {
    "own_links": _own_links,
    "castle_majorities": _castle_majorities,
    "resources_left": lambda s, seat, per=1: (
        (s.ink[seat] + s.gold[seat] + s.stone[seat]) // max(1, per)
    ),
    "castle_tier": _castle_tier,
    "segments_built": _segments_built,
    "unpaid_debts": lambda s, seat: s.debts[seat],
    "ribbon": lambda s, seat, colour: scored_ribbons(s, seat)[RIBBONS.index(colour)],
    "full_sets": lambda s, seat: min(scored_ribbons(s, seat)),
    "outsiders": lambda s, seat: len(outsiders_owned(s, seat)),
    "orders_owned": lambda s, seat: sum(1 for c in s.owned(seat) if c == KINGS_ORDER),
}


# -- decision kinds ---------------------------------------------------------------------------


def outsider_answers(s: S, d: Decision) -> list[Action]:
    return [TakeOutsider(i) for i in range(len(s.outsiders))]


def _slot(s: S, action: Action) -> int:
    if not isinstance(action, TakeOutsider) or not 0 <= action.slot < len(s.outsiders):
        raise IllegalActionError(f"{action} names no face-up outsider")
    return action.slot


def take_welcome(s: S, d: Decision, action: Action) -> Outcome:
    """The outsider to the seat's discards, free (no hire: no hire effect, no trigger)."""
    slot = _slot(s, action)
    card = s.outsiders.pop(slot)
    s.discard[d.seat].append(card)
    refill(s, slot)
    return board_triggers(s, d.seat, "on_welcome")


def take_refuse(s: S, d: Decision, action: Action) -> Outcome:
    """The outsider out of the game; its refuse effect for the seat."""
    slot = _slot(s, action)
    card = s.outsiders.pop(slot)
    refill(s, slot)
    return CARDS[card].refuse + board_triggers(s, d.seat, "on_refuse")


def outsider_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    from meeple.games.viscounts import describe
    from meeple.games.viscounts.text import LOG, TEXT, card_name

    if not isinstance(action, TakeOutsider) or not 0 <= action.slot < len(s.outsiders):
        return None
    T = LOG if told else TEXT
    card = s.outsiders[action.slot]
    key = f"{d.kind}_outsider"
    what = describe.program_words(CARDS[card].refuse, lang) if d.kind == "refuse" else ""
    return str(T(key, lang, card=card_name(card, lang), what=what))


def ribbon_answers(s: S, d: Decision) -> list[Action]:
    return [PickRibbon(r) for r in range(len(RIBBONS))]


def take_ribbon(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, PickRibbon) or not 0 <= action.ribbon < len(RIBBONS):
        raise IllegalActionError(f"{action} names no ribbon")
    s.wild_ribbon[d.seat] = action.ribbon
    cleric_bonus(s, d.seat)
    return ()


def pay_resource_answers(s: S, d: Decision) -> list[Action]:
    return [Resource(r) for r in RESOURCES if getattr(s, r)[d.seat] > 0]


def take_pay_resource(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Resource) or getattr(s, action.name)[d.seat] <= 0:
        raise IllegalActionError(f"{action} is no resource the seat holds")
    getattr(s, action.name)[d.seat] -= 1
    left = int(d.args[0]) - 1
    return Again((left,)) if left > 0 else ()


def pay_resource_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    from meeple.games.viscounts.text import LOG, TEXT

    if not isinstance(action, Resource):
        return None
    T = LOG if told else TEXT
    return str(T("pay_resource", lang, name=TEXT(action.name, lang)))


def _words(en: str, zh: str) -> dict[str, str]:
    return {"en": en, "zh-TW": zh}


KINDS: dict[str, Kind[S]] = {
    "welcome": Kind(
        outsider_answers,
        take_welcome,
        _words("an outsider to welcome", "要歡迎的外來者"),
        label=outsider_label,
    ),
    "refuse": Kind(
        outsider_answers,
        take_refuse,
        _words("an outsider to refuse", "要拒絕的外來者"),
        label=outsider_label,
    ),
    "ribbon": Kind(
        ribbon_answers,
        take_ribbon,
        _words("the wild manuscript's ribbon", "萬用手抄本的綬帶顏色"),
    ),
    "pay_resource": Kind(
        pay_resource_answers,
        take_pay_resource,
        _words("a resource to pay", "要支付的資源"),
        label=pay_resource_label,
    ),
}
