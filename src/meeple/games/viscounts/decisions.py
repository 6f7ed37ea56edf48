"""Viscounts' decision kinds, one row each: what the owing seat may answer, what an
answer does, what the decision asks, how an answer reads, and what the solo AI
answers in a seat's place (:mod:`meeple.core.kinds`).

A decision is pushed by an effect (a card's "discard 1", a collision's "each
opponent rearranges") or by the rules (how to pay when there are several ways,
which castle group moves first). An expansion adds its kinds as rows of
:data:`KINDS`; nothing else dispatches on a decision's kind.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action
from meeple.core.decisions import Decision
from meeple.core.errors import IllegalActionError
from meeple.core.kinds import Again, Kind, Kinds, Outcome, choose_kind
from meeple.games.viscounts import describe, funding, gates, keeper, kingdom
from meeple.games.viscounts.actions import (
    HIRE_ORDER,
    PERMS,
    PICK_TOP,
    SKIP,
    Bump,
    CastleGroup,
    CastleMove,
    Choose,
    Flip,
    FreeBuild,
    FreeHire,
    Fund,
    HireOrder,
    Pick,
    PlaceWorker,
    Rearrange,
    Resource,
    Skip,
    TakeManuscript,
)
from meeple.games.viscounts.components import (
    BUILDINGS,
    BUMP_REWARD,
    CARDS,
    CASTLE_TIER2,
    INNER,
    MANUSCRIPTS,
    RESOURCES,
    SUBSTITUTE,
    WEDGES,
    part,
)
from meeple.games.viscounts.effects import (
    ENGINE,
    can_lose_card,
    fire_group,
    flip_now,
    reshuffle,
)
from meeple.games.viscounts.primary import carry_out, primary_from
from meeple.games.viscounts.state import ViscountsData, board_triggers, gathered
from meeple.games.viscounts.text import LOG, TEXT, action_words, card_name, plan_words

S = ViscountsData


def _table(told: bool) -> Any:
    return LOG if told else TEXT


def _substitute(s: S, d: Decision) -> Outcome:
    """The solo AI's fixed substitute for a decision it cannot take as a player would
    (being landed on: components' SUBSTITUTE), else nothing."""
    return SUBSTITUTE.get(d.kind, ())


# -- losing a card: discard, destroy --------------------------------------------------------


def lose_answers(s: S, d: Decision) -> list[Action]:
    seat = d.seat
    out: list[Action] = [Pick(c) for c in sorted(set(s.hand[seat]))]
    if s.deck[seat] or s.discard[seat]:
        out.append(PICK_TOP)
    return [*out, SKIP]


def take_discard(s: S, d: Decision, action: Action) -> Outcome:
    """A card from the hand (or the deck's top) to the discard pile."""
    return _lose(s, d, action, discarding=True)


def take_destroy(s: S, d: Decision, action: Action) -> Outcome:
    """A card from the hand (or the deck's top) out of the game (a trade's destroy pays
    its silver)."""
    return _lose(s, d, action, discarding=False)


def _lose(s: S, d: Decision, action: Action, discarding: bool) -> Outcome:
    """A card lost; the decision stays while more are owed and one can still be lost."""
    seat = d.seat
    if isinstance(action, Skip):
        return ()
    if isinstance(action, Pick):
        s.hand[seat].remove(action.card)
        card = action.card
    elif action == PICK_TOP:
        if not s.deck[seat]:
            reshuffle(s, seat)
        card = s.deck[seat].pop()
    else:
        raise IllegalActionError(f"{action} does not answer a {d.kind} decision")
    more = int(d.args[0]) - 1
    after: tuple[Any, ...] = ()
    if discarding:
        s.discard[seat].append(card)
    else:
        if d.args[1]:  # a trade's destroy gives the card's silver
            s.silver[seat] += CARDS[card].silver
        gates.back_to_supply(s, seat, card)  # a King's Order goes back to its pile
        if isinstance(action, Pick):  # "destroyed from hand" (a King's Order: a refuse)
            after = CARDS[card].destroyed
        after += keeper.hero_destroyed(s, seat, card)  # Keeper of Keys: a hero destroyed
    if (
        more > 0
        and (s.hand[seat] or s.deck[seat] or s.discard[seat])
        and (discarding or can_lose_card(s, seat))
    ):
        if after:  # the card's own effect first, then the rest of the losses
            return (*after, (d.kind if not d.args[1] else "trade_destroy", more))
        return Again((more, *d.args[1:]))
    return after


def lose_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    T = _table(told)
    if isinstance(action, Pick):
        name = card_name(action.card, lang)
        if not told:
            return str(T("pick_setup" if gathered(s, d.seat) else "pick", lang, card=name))
        verb = T(f"v_{d.kind}", lang)
        key = "pick_setup" if gathered(s, d.seat) else "pick_told"
        return str(T(key, lang, verb=verb, card=name))
    if action == PICK_TOP and told:
        return str(T("pick_top", lang, verb=T(f"v_{d.kind}", lang)))
    return None


# -- the board, resources, debts and deeds ---------------------------------------------------


def rearrange_answers(s: S, d: Decision) -> list[Action]:
    k = len(s.board[d.seat])
    return [Rearrange(i) for i, p in enumerate(PERMS) if all(p[j] == j for j in range(k, 3))]


def take_rearrange(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Rearrange):
        raise IllegalActionError(f"{action} does not answer a rearrange decision")
    board = s.board[d.seat]
    s.board[d.seat] = [board[i] for i in PERMS[action.order] if i < len(board)]
    return ()


def resource_answers(s: S, d: Decision) -> list[Action]:
    return [Resource(r) for r in RESOURCES]


def take_resource(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Resource):
        raise IllegalActionError(f"{action} does not answer a resource decision")
    getattr(s, action.name)[d.seat] += 1
    left = int(d.args[0]) - 1
    return Again((left,)) if left > 0 else ()


def flip_answers(s: S, d: Decision) -> list[Action]:
    return [Flip(w) for w in ("debt", "deed") if (s.debts if w == "debt" else s.deeds)[d.seat]]


def take_flip(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Flip):
        raise IllegalActionError(f"{action} does not answer a flip decision")
    return flip_now(s, d.seat, action.what)


# -- townsfolk and manuscripts taken for free ------------------------------------------------


def free_hire_answers(s: S, d: Decision) -> list[Action]:
    # Gates of Gold's grey column: a King's Order in place of any hire (free here)
    order = [HIRE_ORDER] if gates.can_hire_order(s, d.seat, free=True) else []
    return [*(FreeHire(p) for p, pile in enumerate(s.piles) if pile), *order, SKIP]


def take_free_hire(s: S, d: Decision, action: Action) -> Outcome:
    if isinstance(action, Skip):
        return ()
    if isinstance(action, HireOrder) and gates.can_hire_order(s, d.seat, free=True):
        return gates.hire_order(s, d.seat, free=True)
    if not isinstance(action, FreeHire):
        raise IllegalActionError(f"{action} does not answer a free hire decision")
    seat = d.seat
    card = s.piles[action.position].pop()
    # a card hired in setup joins the cards gathered for the deck (the seed)
    (s.hand if gathered(s, seat) else s.discard)[seat].append(card)
    after = CARDS[card].hire
    if s.built[seat][0] >= 1:  # the first workshop: a discard with every hire
        after += (("discard", 1),)
    if not gathered(s, seat):  # ongoing "whenever you hire" (Gates of Gold's Matilda)
        after += board_triggers(s, seat, "on_hire")
    return after


def free_hire_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if isinstance(action, HireOrder):  # in place of a free hire: free too
        return str(action_words(action, lang, _table(told)) + _table(told)("free_cost", lang))
    if isinstance(action, FreeHire) and 0 <= action.position < len(s.piles):
        pile = s.piles[action.position]
        if pile:
            name = card_name(pile[-1], lang)
            return str(
                _table(told)("free_hire_named", lang, card=name, position=action.position + 1)
            )
    return None


def take_manuscript_answers(s: S, d: Decision) -> list[Action]:
    costs = d.args[1:]  # Gates of Gold: "a manuscript costing 3 or 4"
    return [
        *(
            TakeManuscript(p)
            for p, pile in enumerate(s.ms_piles)
            if pile and (not costs or MANUSCRIPTS[pile[-1]].cost in costs)
        ),
        SKIP,
    ]


def take_take_manuscript(s: S, d: Decision, action: Action) -> Outcome:
    if isinstance(action, Skip):
        return ()
    if not isinstance(action, TakeManuscript):
        raise IllegalActionError(f"{action} does not answer a manuscript decision")
    m = s.ms_piles[action.position].pop()
    return kingdom.keep_manuscript(s, d.seat, m)


# -- building for free -----------------------------------------------------------------------


def free_build_answers(s: S, d: Decision) -> list[Action]:
    seat = d.seat
    kind, where = d.args
    kinds = (
        range(3)
        if kind == "any"
        else (BUILDINGS.index(next(b for b in BUILDINGS if b.kind == kind)),)
    )
    if where == "here":
        places = s.build_spots(seat) if part(s.viscount[seat]) != INNER else []
    else:
        places = [i for i, o in enumerate(s.spot_owner) if o < 0]
    builds: list[Action] = [
        FreeBuild(b, sp) for b in kinds if s.buildings_left(seat, b) > 0 for sp in places
    ]
    return [*builds, SKIP]


def take_free_build(s: S, d: Decision, action: Action) -> Outcome:
    if isinstance(action, Skip):
        return ()
    if not isinstance(action, FreeBuild):
        raise IllegalActionError(f"{action} does not answer a free build decision")
    return kingdom.build(s, d.seat, action.building, action.spot)


# -- the castle ------------------------------------------------------------------------------


def castle_move_answers(s: S, d: Decision) -> list[Action]:
    seat = d.seat
    moves: list[Action] = [
        CastleMove(w, (w + k) % WEDGES) for w in range(WEDGES) if s.tier1[w][seat] for k in (1, -1)
    ]
    return [*moves, SKIP]


def take_castle_move(s: S, d: Decision, action: Action) -> Outcome:
    if isinstance(action, Skip):
        return ()
    if not isinstance(action, CastleMove):
        raise IllegalActionError(f"{action} does not answer a castle move decision")
    s.tier1[action.wedge][d.seat] -= 1
    s.tier1[action.to][d.seat] += 1
    # a move taken as a reward inside a settlement: the settlement's rest checks the
    # groups again; settling anew here would run its tier-2 step twice
    return () if _settling(d.rest) else (("castle",),)


def _settling(rest: tuple[Any, ...]) -> bool:
    """Whether a decision's continuation is a castle settlement under way (its ``castle``
    step carries the seats done), directly or inside an ``as``."""
    return any(
        (step[0] == "castle" and len(step) > 1) or (step[0] == "as" and _settling(step[2]))
        for step in rest
    )


def bump_answers(s: S, d: Decision) -> list[Action]:
    w, tier = d.args
    row = (s.tier1 if tier == 1 else s.tier2)[w]
    return [Bump(t) for t in range(s.sides) if row[t] > 0]


def take_bump(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Bump):
        raise IllegalActionError(f"{action} does not answer a bump decision")
    w, tier = d.args
    row = (s.tier1 if tier == 1 else s.tier2)[w]
    row[action.seat] -= 1
    return (("as", action.seat, BUMP_REWARD[tier - 1]), ("bumps",))


def bump_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Bump):
        return None
    if action.seat == s.ai:
        return str(_table(told)("bump_ai", lang))
    if action.seat == d.seat:
        return str(_table(told)("bump_own", lang))
    return None


def bump_stand_in(s: S, d: Decision) -> Outcome:
    """The solo AI bumps the player's worker when there is one, else its own."""
    ai = s.ai
    w, tier = d.args
    row = (s.tier1 if tier == 1 else s.tier2)[w]
    return take_bump(s, d, Bump(next((t for t in range(s.sides) if t != ai and row[t]), ai)))


def place_worker_answers(s: S, d: Decision) -> list[Action]:
    return [PlaceWorker(w) for w in range(WEDGES)]


def take_place_worker(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, PlaceWorker):
        raise IllegalActionError(f"{action} does not answer a place worker decision")
    s.tier1[action.wedge][d.seat] += 1
    return (("castle",),)


def castle_group_answers(s: S, d: Decision) -> list[Action]:
    return [CastleGroup(w) for w in d.args[1:]]


def take_castle_group(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, CastleGroup) or action.wedge not in d.args[1:]:
        raise IllegalActionError(
            f"section {getattr(action, 'wedge', -1) + 1} has no group of yours to move"
        )
    return (*fire_group(s, d.seat, action.wedge), ("castle", int(d.args[0])))


def castle_group_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, CastleGroup):
        return None
    T = _table(told)
    said = describe.TOLD if told else describe.WORDS
    what = describe.program_words(CASTLE_TIER2[action.wedge], lang, said)
    return str(T("castle_group_reward", lang, label=action_words(action, lang, T), what=what))


# -- paying for the primary action -----------------------------------------------------------


def fund_answers(s: S, d: Decision) -> list[Action]:
    return [Fund(i) for i in range(len(d.args[-1]))]


def take_fund(s: S, d: Decision, action: Action) -> Outcome:
    """The plan picked for the primary action waiting in ``d``: pay it, carry it out."""
    plans = d.args[-1]
    if not isinstance(action, Fund) or not 0 <= action.plan < len(plans):
        raise IllegalActionError(f"{action} does not answer a fund decision")
    funding.pay(s, d.seat, plans[action.plan])
    carry_out(s, d.seat, primary_from(d.args[:-1]))
    return None


def fund_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if isinstance(action, Fund) and 0 <= action.plan < len(d.args[-1]):
        return str(_table(told)("fund_pay", lang, what=plan_words(d.args[-1][action.plan], lang)))
    return None


def choose_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if isinstance(action, Choose) and 0 <= action.option < len(d.args):
        T = _table(told)
        said = describe.TOLD if told else describe.WORDS
        words = describe.program_words(d.args[action.option], lang, said)
        return str(T("log_option", lang, label=action_words(action, lang, T), option=words))
    return None


# -- the table -------------------------------------------------------------------------------


def _option(action: Action) -> int:
    if not isinstance(action, Choose):
        raise IllegalActionError(f"{action} does not answer a choice")
    return action.option


def _words(en: str, zh: str) -> dict[str, str]:
    return {"en": en, "zh-TW": zh}


KINDS: Kinds[S] = Kinds(
    {
        "choose": choose_kind(ENGINE, Choose, _option, label=choose_label),
        "discard": Kind(
            lose_answers,
            take_discard,
            _words("a card to discard", "要棄掉的牌"),
            label=lose_label,
            stand_in=_substitute,
        ),
        "destroy": Kind(
            lose_answers,
            take_destroy,
            _words("a card to destroy", "要摧毀的牌"),
            label=lose_label,
            stand_in=_substitute,
        ),
        "rearrange": Kind(
            rearrange_answers,
            take_rearrange,
            _words("rearrange their board", "重新排列圖板"),
            stand_in=_substitute,
        ),
        "resource": Kind(
            resource_answers, take_resource, _words("a resource", "一個資源"), stand_in=_substitute
        ),
        "flip": Kind(
            flip_answers,
            take_flip,
            _words("a debt or deed to flip", "要翻面的債務或地契"),
            stand_in=_substitute,
        ),
        "free_hire": Kind(
            free_hire_answers,
            take_free_hire,
            _words("a free hire", "免費僱用"),
            label=free_hire_label,
            stand_in=_substitute,
        ),
        "castle_move": Kind(
            castle_move_answers,
            take_castle_move,
            _words("a castle move", "城堡中的移動"),
            stand_in=_substitute,
        ),
        "bump": Kind(
            bump_answers,
            take_bump,
            _words("whose worker to bump", "撞掉誰的工人"),
            label=bump_label,
            stand_in=bump_stand_in,
        ),
        "free_build": Kind(
            free_build_answers,
            take_free_build,
            _words("a free building", "免費建造"),
            stand_in=_substitute,
        ),
        "place_worker": Kind(
            place_worker_answers,
            take_place_worker,
            _words("where a worker goes", "工人放在哪裡"),
            stand_in=_substitute,
        ),
        "take_manuscript": Kind(
            take_manuscript_answers,
            take_take_manuscript,
            _words("a manuscript", "一份手抄本"),
            stand_in=_substitute,
        ),
        "fund": Kind(
            fund_answers,
            take_fund,
            _words("how to pay for the action", "如何支付這個行動"),
            label=fund_label,
            stand_in=_substitute,
        ),
        "castle_group": Kind(
            castle_group_answers,
            take_castle_group,
            _words("which castle group moves next", "城堡中先移動哪一組"),
            label=castle_group_label,
            stand_in=_substitute,
        ),
        # the content sets' kinds (Gates of Gold: gates.py)
        **gates.KINDS,
        **keeper.KINDS,  # Keeper of Keys: keeper.py
    },
    engine=ENGINE,
)
