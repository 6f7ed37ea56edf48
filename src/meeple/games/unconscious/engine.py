"""Unconscious Mind's effects on the shared effect engine (core.effects, core.decisions).

data.toml writes effects in a compact notation (components.py parses it into
steps); :func:`program` turns steps into programs of the core effect
language, and this module registers the game's verbs: paying and moving
insights, therapy, reputation, research, tiles, moves in Vienna, the
rondel's spaces, the reputation track, publishing. A verb that needs the
player's choice answers :class:`~meeple.core.effects.Pending`; the action
that takes the choice is answered through its kind (decisions.py, the
functions below that an answer calls: :func:`pay_cost`, :func:`take_tile`...),
which goes on with the rest of the program. So a long chain (a
placement that moves the inkpot onto a row whose tiles move Freud, whose
location elevates insights...) is data on the decision stack at every step.

Client abilities (the cured normal clients' rule changes) are read where
they act, through :func:`has_ability`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from meeple.core.effects import ANY_ORDER, CHOOSE, Effects, Grammar, Pending, Then, Verb, Word
from meeple.core.errors import IllegalActionError
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import market as mk
from meeple.games.unconscious import notebook as nb
from meeple.games.unconscious.components import (
    ACTION_EFFECTS,
    ACTION_KEYS,
    ANY,
    BASE_TREATMENTS,
    CATHARSIS,
    CATHARSIS_AT,
    CLIENTS,
    COLUMN_ABILITY,
    COLUMN_VP,
    COLUMNS,
    CURE,
    DISTRICTS,
    DREAMS,
    FREUD_WALKS_AT,
    LOCATIONS,
    MAJOR,
    MINOR,
    NR,
    RESEARCH,
    RONDEL_BONUS,
    RONDEL_LEFT,
    RONDEL_ROW,
    RONDEL_TOP,
    ROW_ABILITY,
    RULES,
    SECTION_OF,
    SECTIONS,
    TILES,
    TRACK_END,
    TRACK_VP,
    TREATISES,
    ZONE_VP,
    Effect,
    Step,
    clockwise,
)
from meeple.games.unconscious.state import EMPTY, VP_SOURCES, UnconsciousData

Program = tuple[tuple[Any, ...], ...]

COFFEE_MAX = int(RULES["coffee_max"])
CAP = int(RULES["location_activation_cap"])
ERA2_AT = int(RULES["era2_at"])
END_AT = int(RULES["end_at"])
CITE_VP = int(RULES["citation_vp"])
EMPTY_DECK_VP = int(RULES["empty_research_vp"])


def has_ability(s: UnconsciousData, seat: int, ability: str) -> bool:
    """Whether one of ``seat``'s cured normal clients gives ``ability``."""
    return any(CLIENTS[c].ability == ability for c in s.cured[seat])


# -- the notation as programs ----------------------------------------------------------------


def step_program(step: Step, source: str) -> tuple[Any, ...]:
    """One step of the notation as an effect; its VP are booked to ``source`` (the VP
    ledger, :func:`score`), as the item ``vp.<source>``."""
    op = step.op
    if op == "coffee":
        return ("gain", "coffee", step.n) if step.n > 0 else ("pay", "coffee", -step.n)
    if op == "vp":
        return ("gain", f"vp.{source}", step.n)
    if op == "bright":
        return ("gain", op, step.n)
    if op == "gen":
        return (op, step.colour)
    if op == "transfer":
        return ("transfer", step.n)
    if op == "tile":
        return ("tile", step.where)
    if op in ("elevate", "prof_freud", "freud", "freud_quiet", "idea", "activate", "publish"):
        return (op,)
    return (op, step.n)


def _costs(effect: Effect) -> tuple[tuple[Any, ...], ...]:
    """The insight costs of an effect as one ``costs`` step: (op, colour, level) each."""
    return tuple((st.op, st.colour, st.n) for st in effect if st.op in ("pay", "sup"))


def program(effect: Effect, source: str, heal_room: int = -1) -> Program:
    """A data.toml effect as a program of the effect engine: coffee paid first, then
    every insight cost together (so that paying one never makes another impossible),
    then the gains in order. With ``heal_room`` its therapy goes to that room. Its VP
    are booked to ``source``, what printed them (a tile, a location...: VP_SOURCES)."""
    out: list[tuple[Any, ...]] = [
        step_program(st, source) for st in effect if st.op == "coffee" and st.n < 0
    ]
    costs = _costs(effect)
    if costs:
        out.append(("costs", costs))
    for st in effect:
        if st.op in ("pay", "sup") or (st.op == "coffee" and st.n < 0):
            continue
        if st.op == "therapy" and heal_room >= 0:
            out.append(("heal", heal_room, st.n))
        else:
            out.append(step_program(st, source))
    return tuple(out)


def heal_program(effect: Effect, room: int) -> Program:
    """A treatment's program: its therapy goes to the treated ``room``."""
    return program(effect, "clients", room)


def has_cost(effect: Effect) -> bool:
    return any(s.is_cost() for s in effect)


ACTION_PROGRAMS: dict[str, Program] = {k: program(e, "other") for k, e in ACTION_EFFECTS.items()}

# -- the ledger: coffee, VP, bright ideas ------------------------------------------------------


def coffee_cap(s: UnconsciousData, seat: int) -> int:
    return COFFEE_MAX + 2 * has_ability(s, seat, "coffee_cap")


_SOURCE = {k: i for i, k in enumerate(VP_SOURCES)}


def score(s: UnconsciousData, seat: int, n: int, source: str) -> None:
    """``seat`` gains ``n`` VP (a loss when negative), booked in the VP ledger to
    ``source`` (VP_SOURCES), so that the end can say where every point came from."""
    s.vp[seat] += n
    s.vp_by[seat][_SOURCE[source]] += n


def _gain(s: UnconsciousData, seat: int, item: str, n: int) -> None:
    if item == "coffee":
        s.coffee[seat] = min(coffee_cap(s, seat), s.coffee[seat] + n)
    elif item.startswith("vp."):
        score(s, seat, n, item[3:])
    else:
        s.bright[seat] += n


def _pay(s: UnconsciousData, seat: int, item: str, n: int) -> None:
    if item == "coffee":
        s.coffee[seat] -= n
    elif item == "bright":
        s.bright[seat] -= n
    else:
        score(s, seat, -n, item[3:])


def _has(s: UnconsciousData, seat: int, item: str, n: int) -> bool:
    have = (
        s.vp[seat]
        if item.startswith("vp.")
        else {"coffee": s.coffee, "bright": s.bright}[item][seat]
    )
    return bool(have >= n)


# -- insights ----------------------------------------------------------------------------------


def spaces(d: list[int], test: Any) -> list[tuple[int, int]]:
    return [
        (c, lv)
        for c in range(dl.NC)
        for lv in range(MINOR, MAJOR + 1)
        if dl.count(d, c, lv) and test(c, lv)
    ]


def cost_options(d: list[int], cost: tuple[Any, ...], coffee: int) -> list[tuple[int, int]]:
    """The ways to meet one insight cost: a space that pays it, or for a suppression a
    space of that colour, or (-1, 0) for the coffee that ignores it."""
    op, colour, level = cost
    if op == "pay":
        return dl.payers(d, colour, level)
    out = spaces(d, lambda c, lv: colour in (ANY, c))
    if coffee >= int(RULES["coffee_ignore_suppress"]):
        out.append((-1, 0))
    return out


def meet(d: list[int], cost: tuple[Any, ...], how: tuple[int, int]) -> int:
    """Meet ``cost`` the way ``how`` names (on ``d``); the coffee it took."""
    op, colour, level = cost
    if how[0] < 0:
        return int(RULES["coffee_ignore_suppress"])
    if op == "pay":
        dl.spend(d, how[0], how[1], colour, level)
    else:
        dl.suppress(d, how[0], how[1])
    return 0


def can_pay(d: list[int], costs: tuple[tuple[Any, ...], ...], coffee: int) -> bool:
    """Whether every cost can be met together (a small search over the spaces)."""
    if not costs:
        return True
    for how in cost_options(d, costs[0], coffee):
        trial = d[:]
        spent = meet(trial, costs[0], how)
        if can_pay(trial, costs[1:], coffee - spent):
            return True
    return False


def good_options(
    s: UnconsciousData, seat: int, costs: tuple[tuple[Any, ...], ...]
) -> list[tuple[int, int]]:
    """The ways to meet the first cost that leave the others payable."""
    d, coffee = s.dial[seat], s.coffee[seat]
    out = []
    for how in cost_options(d, costs[0], coffee):
        trial = d[:]
        spent = meet(trial, costs[0], how)
        if can_pay(trial, costs[1:], coffee - spent):
            out.append(how)
    return out


def _costs_run(
    s: UnconsciousData, seat: int, costs: tuple[tuple[Any, ...], ...]
) -> Pending | Then | None:
    if not costs:
        return None
    opts = good_options(s, seat, costs)
    if len(opts) == 1:
        return pay_cost(s, seat, costs, opts[0])
    return Pending("spot", ("costs", costs))


def pay_cost(
    s: UnconsciousData, seat: int, costs: tuple[tuple[Any, ...], ...], how: tuple[int, int]
) -> Then | None:
    s.coffee[seat] -= meet(s.dial[seat], costs[0], how)
    return Then((("costs", costs[1:]),)) if len(costs) > 1 else None


def _can_costs(s: UnconsciousData, seat: int, costs: tuple[tuple[Any, ...], ...]) -> bool:
    return can_pay(s.dial[seat], costs, s.coffee[seat])


def _gen(s: UnconsciousData, seat: int, colour: int) -> Pending | None:
    if colour == ANY:
        return Pending("colour", ("gen",))
    d = s.dial[seat]
    if dl.can_generate_from_reserve(d):
        dl.generate(d, colour)
        return None
    if not spaces(d, lambda c, lv: True):
        return None
    # the seed: with an empty reserve one *may* take an insight off the dial instead,
    # so the choice of where from also offers taking none
    return Pending("spot", ("gen_from", colour))


def _gens(s: UnconsciousData, seat: int, n: int) -> Pending:
    return Pending("colour", ("gens", n + has_ability(s, seat, "generate_more")))


def elevate_spaces(s: UnconsciousData, seat: int) -> list[tuple[int, int]]:
    return spaces(s.dial[seat], lambda c, lv: lv < MAJOR)


def _elevate(s: UnconsciousData, seat: int) -> Pending | None:
    opts = elevate_spaces(s, seat)
    if not opts:
        return None
    if len(opts) == 1:
        dl.elevate(s.dial[seat], *opts[0])
        return None
    return Pending("spot", ("elevate",))


def elevates_spaces(
    s: UnconsciousData, seat: int, moved: tuple[int, int] = (-1, 0)
) -> list[tuple[int, int]]:
    """The spaces whose insight the elevate action may raise next: any below major but
    the one just raised (on ``moved``), unless another insight shares its space (the
    seed's 「提升任意 2 個頓悟」 raises two insights one level each, not one twice)."""
    d = s.dial[seat]
    return [sp for sp in elevate_spaces(s, seat) if sp != moved or dl.count(d, *sp) > 1]


def _elevates(
    s: UnconsciousData, seat: int, n: int, colour: int = -1, level: int = 0
) -> Pending | Then | None:
    """Elevate ``n`` different insights one level each (what is left of them, after
    the one just raised onto ``(colour, level)``)."""
    opts = elevates_spaces(s, seat, (colour, level))
    if n <= 0 or not opts:
        return None
    if len(opts) == 1:
        return elevated(s, seat, n, *opts[0])
    return Pending("spot", ("elevates", n, colour, level))


def elevated(s: UnconsciousData, seat: int, n: int, colour: int, level: int) -> Then | None:
    """Raise the insight on ``(colour, level)``; the rest of the ``n`` follow."""
    dl.elevate(s.dial[seat], colour, level)
    return Then((("elevates", n - 1, colour, level + 1),)) if n > 1 else None


def _transfer(s: UnconsciousData, seat: int, power: int) -> Pending | None:
    if not spaces(s.dial[seat], lambda c, lv: lv <= power):
        return None
    return Pending("spot", ("transfer", power))


# -- clients -----------------------------------------------------------------------------------


def rooms_with_clients(s: UnconsciousData, seat: int) -> list[int]:
    return [r for r in (0, 1) if s.room_client[seat][r] != EMPTY]


def _therapy(s: UnconsciousData, seat: int, n: int) -> Pending | Then | None:
    rooms = rooms_with_clients(s, seat)
    if not rooms:
        return None
    if len(rooms) == 1:
        return _heal(s, seat, rooms[0], n)
    return Pending("room", ("therapy", n))


def _heal(s: UnconsciousData, seat: int, room: int, n: int) -> Then | None:
    """``n`` therapy points to the client in ``room``: VP spaces reached or passed,
    the catharsis at 3, the cure at 0."""
    client = s.room_client[seat][room]
    if client == EMPTY or n <= 0:
        return None
    old = s.room_track[seat][room]
    new = max(0, old - n)
    s.room_track[seat][room] = new
    score(s, seat, sum(TRACK_VP[k] for k in range(new, old)), "clients")
    then: list[tuple[Any, ...]] = []
    if old > CATHARSIS_AT >= new:
        then += catharsis(s, seat, room)
    if new == 0:
        cure(s, seat, room)
        then += program(CURE, "clients")
    return Then(tuple(then)) if then else None


def catharsis(
    s: UnconsciousData, seat: int, room: int, source: str = "clients"
) -> list[tuple[Any, ...]]:
    """The client in ``room`` reached the catharsis space: the grief layer goes (once:
    without a layer nothing happens), and the space's VP and gain follow."""
    if s.room_grief[seat][room] == EMPTY:
        return []
    s.room_grief[seat][room] = EMPTY
    out = list(program(CATHARSIS, source))
    if has_ability(s, seat, "catharsis_coffee"):
        out.append(("gain", "coffee", 2))
    return out


def seat_track(s: UnconsciousData, seat: int, room: int, source: str = "clients") -> Program:
    """A client just seated in ``room`` (marker already on their hearts): the VP printed
    on that space at once, and a marker set on the catharsis space (or below it) has
    reached it, so the catharsis happens now (a decision in the rules document).
    ``source``: "start" for a starting client, whose VP the ledger keeps apart."""
    track = s.room_track[seat][room]
    score(s, seat, TRACK_VP[track], source)
    return tuple(catharsis(s, seat, room, source)) if track <= CATHARSIS_AT else ()


def cure(s: UnconsciousData, seat: int, room: int) -> None:
    """The client is cured: to the cured clients, their VP, leftover dreams discarded;
    the first cure opens the second room."""
    client = s.room_client[seat][room]
    score(s, seat, CLIENTS[client].vp + 2 * has_ability(s, seat, "cure_vp"), "clients")
    s.cured[seat].append(client)
    s.room_client[seat][room] = EMPTY
    s.room_grief[seat][room] = EMPTY
    s.room_track[seat][room] = 0
    for pile, field in ((s.manifest_discard, s.room_manifest), (s.latent_discard, s.room_latent)):
        if field[seat][room] != EMPTY:
            pile.append(field[seat][room])
            field[seat][room] = EMPTY
    s.room2_open[seat] = 1


def treatment_options(s: UnconsciousData, seat: int, room: int) -> list[Effect]:
    """What may treat the client in ``room``: the base treatments, then the top dream."""
    out = list(BASE_TREATMENTS)
    top = s.room_manifest[seat][room]
    if top == EMPTY:
        top = s.room_latent[seat][room]
    if top != EMPTY:
        out.append(DREAMS[top].effect)
    return out


# -- reputation, Freud, eras ---------------------------------------------------------------------


def freud_walks(s: UnconsciousData) -> None:
    s.freud_loc = clockwise(s.freud_loc, 1)


def advance_freud(s: UnconsciousData, n: int = 1, seat: int = EMPTY) -> None:
    """Freud's reputation marker moves: his figure walks at the printed spaces, era II
    begins at 5, the end is triggered at 10 (by ``seat``'s reputation; EMPTY: the
    solo clock)."""
    for _ in range(n):
        if s.freud_rep >= TRACK_END:
            return
        s.freud_rep += 1
        if s.freud_rep in FREUD_WALKS_AT:
            freud_walks(s)
        if s.freud_rep == ERA2_AT and s.era == 1:
            s.era = 2
            mk.begin_era2(s.stacks, s.middle, s.right)
        if s.freud_rep == END_AT and s.rounds_left < 0:
            s.rounds_left = s.round + 1  # this round, then one more
            s.end_trigger = seat


def _rep(s: UnconsciousData, seat: int, n: int) -> None:
    """Every reputation gained moves Freud's marker first, then one's own."""
    for _ in range(n):
        advance_freud(s, 1, seat)
        if s.rep[seat] < TRACK_END:
            s.rep[seat] += 1
            s.rep_stamp[seat] = s.stamp
            s.stamp += 1
        score(s, seat, has_ability(s, seat, "reputation_vp"), "clients")


def _activate(s: UnconsciousData, seat: int) -> Then:
    """The reputation track: the VP above one's marker (at worst down to 0), then the
    seat *may* take one action of Freud's section or a section left of it (the seed's
    "may": the empty option declines)."""
    score(s, seat, max(-s.vp[seat], ZONE_VP[s.rep[seat]]), "track")  # never below 0 VP
    opts = [program(e, "track") for sec in SECTIONS[: SECTION_OF[s.freud_rep]] for e in sec]
    return Then(((CHOOSE, *opts, ()),))


# -- research and treatises ---------------------------------------------------------------------


def _research(s: UnconsciousData, seat: int, n: int) -> Pending | None:
    """Gain ``n`` research cards: each from the deck's top, or 2 VP for each the empty
    deck cannot give; then, if a card was gained, one optional swap with the face-up
    card. The VP come *instead* of the card (the seed's 「相對地」), so a gain that
    gave no card has no swap (a decision in the rules document)."""
    drawn = 0
    for _ in range(n):
        if s.research_deck:
            s.hand[seat].append(s.research_deck.pop())
            drawn += 1
        else:
            score(s, seat, EMPTY_DECK_VP, "research")
    if drawn and s.research_up != EMPTY:
        return Pending("card", ("swap",))
    return None


def _play(s: UnconsciousData, seat: int, n: int) -> Pending | None:
    """Play 1 to ``n`` research cards: the first is played (an effect that plays cards
    plays at least one), the others may be (``play_more``)."""
    if not s.hand[seat] or n <= 0:
        return None
    return Pending("card", ("play", n))


def _play_more(s: UnconsciousData, seat: int, n: int) -> Pending | None:
    if not s.hand[seat] or n <= 0:
        return None
    return Pending("card", ("play_more", n))


def play_card(s: UnconsciousData, seat: int, card: int, n: int) -> Then:
    s.hand[seat].remove(card)
    if card in s.known_hand[seat]:
        s.known_hand[seat].remove(card)
    s.played[seat].append(card)
    score(s, seat, has_ability(s, seat, "research_vp"), "clients")
    rest: Program = (("play_more", n - 1),) if n > 1 else ()
    return Then(program(RESEARCH[card].effect, "research") + rest)


def citable(s: UnconsciousData, seat: int) -> list[list[int]]:
    """Other players' treatises' cards, rightmost last: only the last may be cited."""
    return [
        list(s.treatise_cards[t])
        for t in range(len(TREATISES))
        if s.treatise_owner[t] not in (EMPTY, seat) and s.treatise_cards[t]
    ]


def can_fill(need: list[int], own: Counter[int], stacks: list[list[int]]) -> bool:
    """Whether the article colours ``need`` can be provided from own cards (colour
    counts) and citations (the top of each stack of card colours, in turn)."""
    if not need:
        return True
    c, rest = need[0], need[1:]
    if own[c]:
        own[c] -= 1
        ok = can_fill(rest, own, stacks)
        own[c] += 1
        if ok:
            return True
    for i, st in enumerate(stacks):
        if st and st[-1] == c and can_fill(rest, own, [*stacks[:i], st[:-1], *stacks[i + 1 :]]):
            return True
    return False


def _colours(cards: list[int]) -> list[int]:
    return [RESEARCH[c].colour for c in cards]


def can_publish(s: UnconsciousData, seat: int, t: int) -> bool:
    return t in publishable(s, seat, (t,))


def publishable(
    s: UnconsciousData, seat: int, treatises: Iterable[int] = range(len(TREATISES))
) -> list[int]:
    """The treatises (of ``treatises``) ``seat`` may publish now: unowned, with an own
    insight to mark it and its articles filled from own cards and citations. The cards'
    colours are read once for all of them (legal actions ask at every step)."""
    if not dl.has_own(s.dial[seat]):
        return []
    free = [t for t in treatises if s.treatise_owner[t] == EMPTY]
    if not free:
        return []
    own = Counter(_colours(s.played[seat]))
    stacks = [_colours(x) for x in citable(s, seat)]
    return [t for t in free if can_fill(list(TREATISES[t].articles), own, stacks)]


def _publish(s: UnconsciousData, seat: int) -> Pending | None:
    return Pending("treatise", ()) if publishable(s, seat) else None


def article_choices(s: UnconsciousData, seat: int, t: int) -> list[int]:
    """The cards that may fill treatise ``t``'s next article so that the rest can still
    be filled: one's own cards in play of that colour, or a citable rightmost card."""
    done = len(s.treatise_cards[t])
    need = list(TREATISES[t].articles[done:])
    colour = need[0]
    stacks = citable(s, seat)
    own = Counter(_colours(s.played[seat]))
    out = []
    for c in s.played[seat]:
        if RESEARCH[c].colour == colour and c not in out:
            own[colour] -= 1
            if can_fill(need[1:], own, [_colours(x) for x in stacks]):
                out.append(c)
            own[colour] += 1
    for i, st in enumerate(stacks):
        if RESEARCH[st[-1]].colour == colour:
            rest = [*stacks[:i], st[:-1], *stacks[i + 1 :]]
            if can_fill(need[1:], own, [_colours(x) for x in rest]):
                out.append(st[-1])
    return out


def start_treatise(s: UnconsciousData, seat: int, t: int) -> Pending:
    """Claim treatise ``t``: a player-colour insight goes on it (from the reserve first,
    else the lowest one on the dial: a decision recorded in the rules document)."""
    d = s.dial[seat]
    spots = dl.own_spots(d)
    dl.take_own(d, None if d[dl.OWN_RESERVE] else min(spots, key=lambda x: (x[1], x[0])))
    s.treatise_owner[t] = seat
    return Pending("article", (t,))


def add_article(s: UnconsciousData, seat: int, t: int, card: int) -> Pending | Then | None:
    """Put ``card`` under treatise ``t`` (one's own in play, or cited: 2 VP to its owner);
    once every article is there, the treatise scores."""
    if card in s.played[seat]:
        s.played[seat].remove(card)
    else:
        for u in range(len(TREATISES)):
            if s.treatise_cards[u] and s.treatise_cards[u][-1] == card:
                s.treatise_cards[u].pop()
                score(s, s.treatise_owner[u], CITE_VP, "treatises")
                break
        else:
            raise IllegalActionError(f"research card {card} cannot go under a treatise now")
    s.treatise_cards[t].append(card)
    tr = TREATISES[t]
    if len(s.treatise_cards[t]) < len(tr.articles):
        return Pending("article", (t,))
    s.treatises[seat].append(t)
    score(s, seat, tr.vp, "treatises")
    score(s, seat, 2 * has_ability(s, seat, "publish_vp"), "clients")
    return Then((("rep", tr.rep),)) if tr.rep else None


# -- tiles and the notebook -----------------------------------------------------------------------


def market_choices(s: UnconsciousData, where: str) -> list[tuple[int, int]]:
    col = ("stack", "middle", "right").index(where)
    out = []
    for row in range(mk.ROWS):
        if (
            (col == 0 and s.stacks[row])
            or (col == 1 and s.middle[row] != EMPTY)
            or (col == 2 and s.right[row] != EMPTY)
        ):
            out.append((row, col))
    return out


def _tile(s: UnconsciousData, seat: int, where: str) -> Pending | Then | None:
    opts = market_choices(s, where)
    if not opts:
        return None
    if len(opts) == 1:
        return take_tile(s, seat, *opts[0])
    return Pending("market", (where,))


def take_tile(s: UnconsciousData, seat: int, row: int, col: int) -> Then:
    """Take a market tile: from the stack straight to the notebook; from the middle its
    banner first; from the right its banner and main effect, in either order."""
    if col == 0:
        tile = mk.take_stack(s.stacks, row)
        return Then((("place_tile", tile),))
    if col == 1:
        tile = mk.take_middle(s.stacks, s.middle, row)
        return Then((*program(TILES[tile].banner, "notebook"), ("place_tile", tile)))
    tile = mk.take_right(s.stacks, s.middle, s.right, row)
    t = TILES[tile]
    banner, main = program(t.banner, "notebook"), program(t.main, "notebook")
    return Then(((ANY_ORDER, banner, main), ("place_tile", tile)))


def _place_tile(s: UnconsciousData, seat: int, tile: int) -> Pending | None:
    targets = nb.targets(s.notebook[seat])
    if len(targets) == 1:
        put_tile(s, seat, tile, targets[0])
        return None
    return Pending("cell", (tile,))


def put_tile(s: UnconsciousData, seat: int, tile: int, cell: int) -> None:
    """Place a tile; a column filled the first time unlocks its insight and scores its VP,
    a row its insight (their abilities follow from the masks)."""
    got = nb.place(s.notebook[seat], cell, tile, s.col_mask[seat], s.row_mask[seat])
    for c in got.columns:
        s.col_mask[seat] |= 1 << c
        dl.unlock_own(s.dial[seat])
        score(s, seat, COLUMN_VP[c], "notebook")
    for r in got.rows:
        s.row_mask[seat] |= 1 << r
        dl.unlock_own(s.dial[seat])


def open_columns(s: UnconsciousData, seat: int) -> list[int]:
    """Columns with no locked idea above them (ideas unlock from the left)."""
    return list(range(COLUMNS - s.locked_ideas[seat]))


def row_program(s: UnconsciousData, seat: int, row: int, space: int) -> Program:
    parts = [program(RONDEL_BONUS[space], "notebook")] if RONDEL_BONUS[space] else []
    parts += [program(TILES[t].main, "notebook") for t in nb.row_tiles(s.notebook[seat], row)]
    if s.row_mask[seat] >> row & 1:
        parts.append(program(ROW_ABILITY[row], "notebook"))
    return ((ANY_ORDER, *parts),) if parts else ()


def column_program(s: UnconsciousData, seat: int, col: int) -> Program:
    parts = [program(TILES[t].main, "notebook") for t in nb.column_tiles(s.notebook[seat], col)]
    if s.col_mask[seat] >> col & 1:
        parts.append(program(COLUMN_ABILITY[col], "notebook"))
    return ((ANY_ORDER, *parts),) if parts else ()


def rondel_program(s: UnconsciousData, seat: int, space: int) -> Program:
    """What the inkpot does where it stops."""
    if RONDEL_ROW[space] >= 0:
        return row_program(s, seat, RONDEL_ROW[space], space)
    if space == RONDEL_TOP:
        opts: list[Program] = [(("idea",),)] if s.locked_ideas[seat] else []
        opts += [column_program(s, seat, c) for c in open_columns(s, seat)]
        opts = [o for o in opts if o]
        if not opts:
            return ()
        return opts[0] if len(opts) == 1 else ((CHOOSE, *opts),)
    if space == RONDEL_LEFT:
        return (("activate",),)
    return program(RONDEL_BONUS[space], "notebook")


def inkpot_bright(s: UnconsciousData, seat: int) -> int:
    """The most bright ideas ``seat`` may spend moving the inkpot: each one moves it a
    space more, with no limit in the seed but the ideas one has; more than a lap less
    one only comes back round (a decision in the rules document)."""
    return min(s.bright[seat], NR - 1)


def move_inkpot(s: UnconsciousData, seat: int, steps: int) -> Program:
    s.inkpot[seat] = (s.inkpot[seat] + steps) % NR
    return rondel_program(s, seat, s.inkpot[seat])


# -- Vienna ------------------------------------------------------------------------------------------


def location_cap(s: UnconsciousData) -> int:
    """The most uses of one location: 4 (the seed), 5 with the retail option."""
    return int(s.game.options.get("location_uses", CAP))


def location_uses(s: UnconsciousData, seat: int, loc: int) -> int:
    return min(location_cap(s), s.matching_tags(seat, loc) + has_ability(s, seat, "location_tag"))


def _use_loc(s: UnconsciousData, seat: int, loc: int) -> Then | None:
    """Use a location once per matching tag (at most 4 times); a costly effect may be
    declined each time."""
    k = location_uses(s, seat, loc)
    effect = LOCATIONS[loc].effect
    if k <= 0:
        return None
    prog = program(effect, "vienna")
    body: Program = (("may", prog),) if has_cost(effect) else prog
    return Then((("each", k, body),))


def _prof(s: UnconsciousData, seat: int, n: int) -> Pending:
    return Pending("steps", (n,))


def move_professor(s: UnconsciousData, seat: int, steps: int) -> Then | None:
    s.professor[seat] = clockwise(s.professor[seat], steps)
    return _use_loc(s, seat, s.professor[seat])


def _prof_freud(s: UnconsciousData, seat: int) -> Then | None:
    if s.professor[seat] == s.freud_loc:
        return None
    s.professor[seat] = s.freud_loc
    return _use_loc(s, seat, s.freud_loc)


def _freud(s: UnconsciousData, seat: int) -> Then | None:
    freud_walks(s)
    score(s, seat, has_ability(s, seat, "freud_vp"), "clients")
    return _use_loc(s, seat, s.freud_loc)


def _freud_quiet(s: UnconsciousData, seat: int) -> None:
    freud_walks(s)


def _loc_freud(s: UnconsciousData, seat: int, n: int) -> Then:
    effect = LOCATIONS[s.freud_loc].effect
    prog = program(effect, "vienna")
    body: Program = (("may", prog),) if has_cost(effect) else prog
    return Then((("each", n, body),))


def _idea(s: UnconsciousData, seat: int) -> None:
    if s.locked_ideas[seat]:
        s.locked_ideas[seat] -= 1
        s.ideas[seat] += 1


def _use(s: UnconsciousData, seat: int, action: int) -> Then | None:
    """One use of a meeting-table action, if it can be done now (two-option actions
    offer both)."""
    key = ACTION_KEYS[action]
    if key == "research_or_publish":
        opts = [ACTION_PROGRAMS["research"], ACTION_PROGRAMS["publish"]]
    elif key == "professor":
        opts = [ACTION_PROGRAMS["professor"], ACTION_PROGRAMS["professor_freud"]]
    else:
        opts = [ACTION_PROGRAMS[key]]
    if key == "draw" and has_ability(s, seat, "draw_more"):
        opts = [(("research", 2),)]
    if key in ("tile_stack", "tile_middle", "tile_right") and has_ability(s, seat, "cheap_tiles"):
        opts = [tuple(("pay", "coffee", e[2] - 1) if e[0] == "pay" else e for e in o) for o in opts]
    ok = [o for o in opts if usable(s, seat, o)]
    if not ok:
        return None
    return Then(ok[0] if len(ok) == 1 else ((CHOOSE, *ok),))


def usable(s: UnconsciousData, seat: int, prog: Program) -> bool:
    """A use does something now: its costs are met and its first gain has a target."""
    if not ENGINE.feasible(s, seat, prog):
        return False
    for eff in prog:
        verb = eff[0]
        if verb == "tile":
            return bool(market_choices(s, eff[1]))
        if verb == "publish":
            return bool(publishable(s, seat))
        if verb == "play":
            return bool(s.hand[seat])
        if verb == "prof_freud":
            return s.professor[seat] != s.freud_loc
        if verb in ("elevate", "elevates"):
            return bool(elevate_spaces(s, seat))
    return True


GRAMMAR = Grammar(
    {
        "costs": Word(arity=(1, 1)),
        "gen": Word(arity=(1, 1)),
        "gens": Word(arity=(1, 1)),
        "elevate": Word(),
        "elevates": Word(arity=(1, 3)),
        "transfer": Word(arity=(1, 1)),
        "rep": Word(arity=(1, 1)),
        "therapy": Word(arity=(1, 1)),
        "heal": Word(arity=(2, 2)),
        "research": Word(arity=(1, 1)),
        "play": Word(arity=(1, 1)),
        "play_more": Word(arity=(1, 1)),
        "tile": Word(arity=(1, 1)),
        "place_tile": Word(arity=(1, 1)),
        "prof": Word(arity=(1, 1)),
        "prof_freud": Word(),
        "freud": Word(),
        "freud_quiet": Word(),
        "loc_freud": Word(arity=(1, 1)),
        "idea": Word(),
        "activate": Word(),
        "publish": Word(),
        "use": Word(arity=(1, 1)),
    },
    items=("coffee", "bright", *(f"vp.{k}" for k in VP_SOURCES)),
)

ENGINE = Effects(
    GRAMMAR,
    players=lambda s: s.game.players,
    gain=_gain,
    pay=_pay,
    has=_has,
    verbs={
        "costs": Verb(_costs_run, can=_can_costs),
        "gen": Verb(_gen),
        "gens": Verb(_gens),
        "elevate": Verb(_elevate),
        "elevates": Verb(_elevates),
        "transfer": Verb(_transfer),
        "rep": Verb(_rep),
        "therapy": Verb(_therapy),
        "heal": Verb(lambda s, seat, room, n: _heal(s, seat, room, n)),
        "research": Verb(_research),
        "play": Verb(_play),
        "play_more": Verb(_play_more),
        "tile": Verb(_tile),
        "place_tile": Verb(_place_tile),
        "prof": Verb(_prof),
        "prof_freud": Verb(_prof_freud),
        "freud": Verb(_freud),
        "freud_quiet": Verb(_freud_quiet),
        "loc_freud": Verb(_loc_freud),
        "idea": Verb(_idea),
        "activate": Verb(_activate),
        "publish": Verb(_publish),
        "use": Verb(_use),
    },
)


def check_all_programs() -> int:
    """Every effect of data.toml as a checked program (raises EffectError); their number."""
    effects: list[Effect] = [t.main for t in TILES] + [t.banner for t in TILES]
    effects += [loc.effect for loc in LOCATIONS] + [b for loc in LOCATIONS for b in loc.bonus]
    effects += [r for d in DISTRICTS for r in d.rewards] + [d.effect for d in DREAMS]
    effects += [r.effect for r in RESEARCH] + list(ACTION_EFFECTS.values()) + list(RONDEL_BONUS)
    effects += list(BASE_TREATMENTS) + [e for sec in SECTIONS for e in sec] + [CATHARSIS, CURE]
    for e in effects:
        ENGINE.program(program(e, "other"))
    return len(effects)
