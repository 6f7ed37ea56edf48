"""Viscounts' effect words bound to the rules: the ledger, the verbs, the queries.

Everything a card, a spot, a castle wedge or the collision track does is a
program (data.toml); this module is the one place that says what its
words do to a :class:`~meeple.games.viscounts.state.ViscountsData`. A verb
that needs the seat to decide something answers
:class:`~meeple.core.effects.Pending`; the rules' decision actions do the
deciding and resume the program. The game's own steps that must wait for
effects (the castle's moves after workers arrive, the bumps, dealing a
deck at setup) are words too, used by the rules' programs only, so a turn's
remainder is always one continuation on the stack.
"""

from __future__ import annotations

from typing import Any

from meeple.core.effects import Effects, Pending, Then, Verb, VerbResult
from meeple.games.viscounts import gates, keeper, solo
from meeple.games.viscounts.components import (
    BUILDING_KINDS,
    CARDS,
    CASTLE_TIER2,
    GRAMMAR,
    ICONS,
    MANUSCRIPTS,
    ORDER_FREE,
    PRINTED,
    RESOURCES,
    RULES,
    TIER3_REWARD,
    TRACK,
)
from meeple.games.viscounts.solo import substitute
from meeple.games.viscounts.state import ViscountsData, board_triggers

S = ViscountsData


def corrupt(s: S, seat: int) -> None:
    """Corruption one space right (together with virtue once they have met)."""
    c, v = s.corruption[seat], s.virtue[seat]
    if c == v:
        if c < TRACK - 1:
            s.corruption[seat] = s.virtue[seat] = c + 1
    else:
        s.corruption[seat] = c + 1


def virtuous(s: S, seat: int) -> None:
    """Virtue one space left (together with corruption once they have met)."""
    c, v = s.corruption[seat], s.virtue[seat]
    if c == v:
        if v > 0:
            s.corruption[seat] = s.virtue[seat] = v - 1
    else:
        s.virtue[seat] = v - 1


def trigger_end(s: S) -> None:
    """Poverty or Prosperity uncovered: finish this round, then play one more."""
    if s.end_round < 0:
        s.end_round = s.round + 1


def _gain(s: S, seat: int, item: str, n: int) -> VerbResult:
    if item == "silver" and seat == s.ai:
        solo.gain_silver(s, n)
    elif item in ("silver", "ink", "gold", "stone"):
        getattr(s, item)[seat] += n
    elif item == "virtue":
        for _ in range(n):
            virtuous(s, seat)
    elif item == "corruption":
        for _ in range(n):
            corrupt(s, seat)
    elif item == "debt":
        for _ in range(n):
            if s.debts_above > 0:
                s.debts_above -= 1
                if s.debts_above == 0:
                    s.poverty = True
                    trigger_end(s)
            s.debts[seat] += 1
        react = board_triggers(s, seat, "on_gain_debt")
        if react:
            return Then(react * n)
    elif item == "deed":
        for _ in range(n):
            if s.deeds_above > 0:
                s.deeds_above -= 1
                if s.deeds_above == 0:
                    s.prosperity = True
                    trigger_end(s)
            s.deeds[seat] += 1
    elif item == "vp":
        s.vp_bonus[seat] += n
    return None


def _pay(s: S, seat: int, item: str, n: int) -> None:
    getattr(s, item)[seat] -= n


def _has(s: S, seat: int, item: str, n: int) -> bool:
    return item in ("silver", "ink", "gold", "stone") and getattr(s, item)[seat] >= n


# -- verbs ----------------------------------------------------------------------------


def _resource(s: S, seat: int, n: int) -> VerbResult:
    if seat == s.ai:
        solo.take_resources(s, n)
        return None
    return Pending("resource", (n,)) if n > 0 else None


def can_flip(s: S, seat: int, what: str) -> bool:
    if what == "debt":
        return s.debts[seat] > 0
    if what == "deed":
        return s.deeds[seat] > 0
    return s.debts[seat] > 0 or s.deeds[seat] > 0


def _flip(s: S, seat: int, what: str) -> VerbResult:
    if seat == s.ai:
        pick = solo.flip_choice(s)
        return Then(flip_now(s, seat, pick)) if pick else substitute("nothing_to_flip")
    options = [w for w in ("debt", "deed") if what in (w, "either") and can_flip(s, seat, w)]
    if not options:
        return None
    if len(options) == 1:
        return Then(flip_now(s, seat, options[0]))
    return Pending("flip", ("either",))


def flip_now(s: S, seat: int, what: str) -> tuple[Any, ...]:
    """Flip one debt (paid: +1 resource, and the board's debt reactions) or deed (approved);
    answers the program that follows."""
    if what == "debt":
        s.debts[seat] -= 1
        s.paid[seat] += 1
        return (("resource", 1), *board_triggers(s, seat, "on_flip_debt"))
    s.deeds[seat] -= 1
    s.approved[seat] += 1
    return board_triggers(s, seat, "on_flip_deed")


def can_lose_card(s: S, seat: int) -> bool:
    """A deck never shrinks below the three cards a board holds."""
    return len(s.owned(seat)) > int(RULES["tableau"])


def _discard(s: S, seat: int, n: int) -> VerbResult:
    if seat == s.ai:
        return substitute("discard", n)
    if n <= 0 or not (s.hand[seat] or s.deck[seat]):
        return None
    return Pending("discard", (n,))


def _destroy(s: S, seat: int, n: int) -> VerbResult:
    if seat == s.ai:
        return substitute("destroy", n)
    if n <= 0 or not (s.hand[seat] or s.deck[seat]) or not can_lose_card(s, seat):
        return None
    return Pending("destroy", (n, 0))


def _trade_destroy(s: S, seat: int, n: int) -> VerbResult:
    """The trade's destroys: as many cards, each paying its silver value (the seed)."""
    if seat == s.ai:
        return substitute("destroy", n)
    if n <= 0 or not (s.hand[seat] or s.deck[seat]) or not can_lose_card(s, seat):
        return None
    return Pending("destroy", (n, 1))


def _rearrange(s: S, seat: int) -> VerbResult:
    if seat == s.ai:
        return substitute("rearrange")
    return Pending("rearrange") if len(s.board[seat]) >= 2 else None


def hireable(s: S) -> list[int]:
    """Ring positions whose pile shows a card that can be hired (printed ones cannot)."""
    return [p for p, pile in enumerate(s.piles) if pile]


def can_free_hire(s: S, seat: int) -> bool:
    """A townsfolk to hire, or (Gates of Gold's grey column) a King's Order instead."""
    return bool(hireable(s)) or gates.can_hire_order(s, seat, free=True)


def _free_hire(s: S, seat: int) -> VerbResult:
    if seat == s.ai:
        return substitute("free_hire")
    return Pending("free_hire") if can_free_hire(s, seat) else None


def _shuffle(s: S, seat: int) -> VerbResult:
    if seat == s.ai:
        return substitute("shuffle")
    reshuffle(s, seat, keep_deck=True)
    return None


def reshuffle(s: S, seat: int, keep_deck: bool = False) -> None:
    """Discards (and with ``keep_deck`` the draw pile too) shuffled into a new draw pile:
    +1 corruption if the board shows any criminal, else +1 virtue."""
    pile = s.discard[seat] + (s.deck[seat] if keep_deck else [])
    if not pile:
        return
    s.rng.shuffle(pile)
    s.deck[seat] = pile
    s.discard[seat] = []
    if s.criminals(seat) > 0:
        corrupt(s, seat)
    else:
        virtuous(s, seat)


def _draw(s: S, seat: int, n: int) -> VerbResult:
    """Cards from the draw pile to the hand (the discards shuffled in when it runs out)."""
    if seat == s.ai:
        return None
    for _ in range(n):
        if not s.deck[seat]:
            if not s.discard[seat]:
                break
            reshuffle(s, seat)
        s.hand[seat].append(s.deck[seat].pop())
    return None


def _castle_move(s: S, seat: int) -> VerbResult:
    if seat == s.ai:
        return substitute("castle_move")
    return Pending("castle_move") if any(w[seat] for w in s.tier1) else None


def _free_build(s: S, seat: int, kind: str, where: str) -> VerbResult:
    if seat == s.ai:
        return substitute("free_build")
    return Pending("free_build", (kind, where))


def _worker(s: S, seat: int, where: str) -> VerbResult:
    if seat == s.ai:
        return substitute("worker")
    if s.workers_left(seat) <= 0:
        return None
    if where == "here":
        s.tier1[s.wedge_at(s.viscount[seat])][seat] += 1
        return Then((("castle",),))
    return Pending("place_worker")


def _free_manuscript(s: S, seat: int, where: str, *costs: int) -> VerbResult:
    """A pile's top manuscript for free; ``costs`` (Gates of Gold's Outrider and Scholar:
    3, 4): only one costing that much."""
    if seat == s.ai:
        return substitute("free_manuscript")
    if costs and not any(MANUSCRIPTS[p[-1]].cost in costs for p in s.ms_piles if p):
        return None
    return Pending("take_manuscript", (where, *costs)) if any(s.ms_piles) else None


def _castle(s: S, seat: int, done: int = 0) -> VerbResult:
    """The castle settles, seat by seat from the current one (``done`` seats of that order
    have finished): each group of three of a seat's in tier 1 moves (one in, taking that
    section's reward at once, one to each side), in the order the seat picks when the
    order can matter (:func:`order_matters`; the solo AI goes in section order); then its
    tier-2 groups send one worker each to the centre (a resource each), the castle leader
    following the most centre workers; then any crowded section is bumped down to three."""
    n = s.sides
    group = int(RULES["castle_group"])
    wedges = len(s.tier1)
    for k in range(done, n):
        t = (s.current + k) % n
        ready = ready_groups(s, t)
        if ready:
            if len(ready) > 1 and t != s.ai and order_matters(s, t):
                return Then((("as", t, (("castle_group", k),)),))
            return Then((("as", t, fire_group(s, t, ready[0])), ("castle", k)))
        rewards: tuple[Any, ...] = ()
        for w in range(wedges):
            if s.tier2[w][t] >= group:
                s.tier2[w][t] -= 1
                s.tier3[t] += 1
                if s.leader < 0 or s.tier3[t] > s.tier3[s.leader]:
                    s.leader = t  # the first into the centre, or more than the leader
                rewards += TIER3_REWARD
        if rewards:
            return Then((("as", t, rewards), ("castle", k + 1)))
    return Then((("bumps",),))


def ready_groups(s: S, seat: int) -> list[int]:
    """The castle sections where ``seat`` has a group of three in tier 1."""
    group = int(RULES["castle_group"])
    return [w for w in range(len(s.tier1)) if s.tier1[w][seat] >= group]


def fire_group(s: S, seat: int, w: int) -> tuple[Any, ...]:
    """``seat``'s group in tier 1 of section ``w`` moves: one worker in, one to each
    neighbouring section; answers the section's tier-2 reward (resolved at once)."""
    wedges = len(s.tier1)
    s.tier1[w][seat] -= int(RULES["castle_group"])
    s.tier2[w][seat] += 1
    s.tier1[(w + 1) % wedges][seat] += 1
    s.tier1[(w - 1) % wedges][seat] += 1
    return CASTLE_TIER2[w]


def order_matters(s: S, seat: int) -> bool:
    """Whether the order of ``seat``'s tier-1 groups can change anything. The moves
    alone cannot: a group moving never breaks up another that is ready (it only adds to
    its neighbours), so which sections move, and how often, is the same in any order
    (the chip-firing "abelian" property). Only the rewards, taken at once between the
    moves, can tell orders apart: the order matters when two different sections move
    in this cascade and one of the rewards is not order-free (data.toml
    ``castle.order_free``: plain gains, flips and resources; a castle move or a free
    hire is not), or the gains pull virtue and corruption both ways."""
    group = int(RULES["castle_group"])
    wedges = len(s.tier1)
    row = [s.tier1[w][seat] for w in range(wedges)]
    fired: set[int] = set()
    moved = True
    while moved:
        moved = False
        for w in range(wedges):
            while row[w] >= group:
                row[w] -= group
                row[(w + 1) % wedges] += 1
                row[(w - 1) % wedges] += 1
                fired.add(w)
                moved = True
    if len(fired) < 2:
        return False
    gained: set[str] = set()
    for w in fired:
        for eff in CASTLE_TIER2[w]:
            if eff[0] not in ORDER_FREE:
                return True
            if eff[0] == "gain":
                gained.add(str(eff[1]))
    return {"virtue", "corruption"} <= gained or "debt" in gained


def _castle_group(s: S, seat: int, done: int) -> VerbResult:
    """``seat`` picks which of its tier-1 groups moves next (then the castle goes on)."""
    return Pending("castle_group", (done, *ready_groups(s, seat)))


def crowded(s: S) -> tuple[int, int] | None:
    """The first (wedge, tier) holding more than three workers, if any."""
    group = int(RULES["castle_group"])
    for tier, rows in ((1, s.tier1), (2, s.tier2)):
        for w, row in enumerate(rows):
            if sum(row) > group:
                return (w, tier)
    return None


def _bumps(s: S, seat: int) -> VerbResult:
    spot = crowded(s)
    return None if spot is None else Pending("bump", spot)


def _deal(s: S, seat: int) -> VerbResult:
    """Setup: the seat's gathered cards shuffled into its deck, and a hand of three drawn."""
    s.deck[seat] = s.hand[seat] + s.deck[seat]
    s.hand[seat] = []
    s.rng.shuffle(s.deck[seat])
    for _ in range(int(RULES["hand_limit"])):
        if s.deck[seat]:
            s.hand[seat].append(s.deck[seat].pop())
    return None


# -- queries ----------------------------------------------------------------------------


def _icons(s: S, seat: int, kind: str, per: int = 1) -> int:
    i = ICONS.index(kind)
    return sum(CARDS[c].icons[i] for c in s.owned(seat)) // max(1, per)


def _buildings(s: S, seat: int, kind: str = "") -> int:
    if kind:
        return s.built[seat][BUILDING_KINDS.index(kind)]
    return sum(s.built[seat])


def _flipped(s: S, seat: int, what: str) -> int:
    return s.paid[seat] if what == "debt" else s.approved[seat]


def _workers(s: S, seat: int) -> int:
    return sum(w[seat] for w in s.tier1) + sum(w[seat] for w in s.tier2) + s.tier3[seat]


def _tier(s: S, seat: int, tier: int) -> int:
    rows = s.tier1 if tier == 1 else s.tier2
    return s.tier3[seat] if tier == 3 else sum(w[seat] for w in rows)


def _or_ai(can: Any) -> Any:
    """A verb's "can it be done now" that is always true for the solo AI (which takes the
    verb's fixed substitute instead, so a choice never skips it for that reason)."""
    return lambda s, seat, *args: seat == s.ai or can(s, seat, *args)


ENGINE = Effects(
    GRAMMAR,
    players=lambda s: s.sides,
    gain=_gain,
    pay=_pay,
    has=_has,
    verbs={
        "resource": Verb(_resource),
        "flip": Verb(_flip, can=_or_ai(can_flip)),
        "rearrange": Verb(_rearrange, can=_or_ai(lambda s, seat: len(s.board[seat]) >= 2)),
        "discard": Verb(
            _discard, can=_or_ai(lambda s, seat, n: bool(s.hand[seat] or s.deck[seat]))
        ),
        "destroy": Verb(_destroy, can=_or_ai(lambda s, seat, n: can_lose_card(s, seat))),
        "free_hire": Verb(_free_hire, can=_or_ai(lambda s, seat: can_free_hire(s, seat))),
        "shuffle": Verb(_shuffle),
        "castle_move": Verb(
            _castle_move, can=_or_ai(lambda s, seat: any(w[seat] for w in s.tier1))
        ),
        "free_build": Verb(_free_build),
        "worker": Verb(_worker, can=_or_ai(lambda s, seat, where: s.workers_left(seat) > 0)),
        "free_manuscript": Verb(_free_manuscript),
        "trade_destroy": Verb(_trade_destroy),
        "castle": Verb(_castle),
        "castle_group": Verb(_castle_group),
        "bumps": Verb(_bumps),
        "deal": Verb(_deal),
        "draw": Verb(_draw, can=lambda s, seat, n: bool(s.deck[seat] or s.discard[seat])),
        **{name: Verb(run) for name, run in solo.VERBS.items()},
        # Gates of Gold's words (gates.py)
        **{name: Verb(run, can=gates.CAN.get(name)) for name, run in gates.VERBS.items()},
        # Keeper of Keys' words (keeper.py)
        **{name: Verb(run, can=keeper.CAN.get(name)) for name, run in keeper.VERBS.items()},
    },
    queries={
        "criminals": lambda s, seat: s.criminals(seat),
        "icons": _icons,
        "buildings": _buildings,
        "flipped": _flipped,
        "workers": _workers,
        "tier": _tier,
        "manuscripts": lambda s, seat: len(s.manuscripts[seat]),
        "approved_deeds": lambda s, seat: s.approved[seat],
        **gates.QUERIES,
        **keeper.QUERIES,
    },
)

__all__ = ["ENGINE", "MANUSCRIPTS", "PRINTED", "RESOURCES", "corrupt", "flip_now", "virtuous"]
