"""Unconscious Mind's decision kinds, one row each: what the owing seat may answer, what
an answer does, what the decision asks, how an answer reads (:mod:`meeple.core.kinds`).

A decision is pushed by an effect (engine.py: which insight pays, which tile,
where it goes, which client is treated, a card's "choose one") or by the
rules (the recall bonus, the inkpot with bright ideas, the clients and
dreams that refill the rooms at the end of a turn: turns.py). An answer to an
effect's decision does its part and says what follows as the engine's verbs
do (:data:`Result`: another decision in the same place, more effects before
the rest of the program, or nothing more); the rules' decisions carry on by
themselves. Nothing else dispatches on a decision's kind: the view reads what
a kind shows (:attr:`Kind.shows`), the bot whether a one-step look can judge it
(:attr:`Kind.opaque`), the inkpot's preview the kind's ``preview``.

Labels are only what the viewer's board shows: a tile from a face-down stack
is "a tile from the stack", a hand card only its owner chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from meeple.core import Action
from meeple.core import decisions as dec
from meeple.core.decisions import Decision
from meeple.core.effects import ANY_ORDER, Pending, Then
from meeple.core.errors import IllegalActionError
from meeple.core.i18n import Strings
from meeple.core.kinds import Kind as CoreKind
from meeple.core.kinds import Kinds, Outcome, S, choose_kind
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import notebook as nb
from meeple.games.unconscious import turns as tn
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.actions import (
    DONE,
    Card,
    Cell,
    Colour,
    Done,
    MarketTile,
    Option,
    Room,
    Spot,
    Steps,
)
from meeple.games.unconscious.components import (
    CLIENTS,
    DISTRICT_OF,
    DISTRICTS,
    DREAMS,
    GRIEF,
    LOCATIONS,
    MAJOR,
    MINOR,
    RESEARCH,
    TREATISES,
    clockwise,
)
from meeple.games.unconscious.state import UnconsciousData
from meeple.games.unconscious.text import LOG, TEXT, inkpot_entry, inkpot_words

D = UnconsciousData

#: The answers, built once (an answer is a small frozen value; sharing them is free).
OPTIONS = tuple(Option(n) for n in range(12))
SPOTS = tuple(Spot(c, lv) for c in range(3) for lv in range(MINOR, MAJOR + 1))
SPOT_COFFEE = Spot(-1, 0)
COLOURS = tuple(Colour(c) for c in range(3))
MARKET = tuple(MarketTile(r, c) for r in range(2) for c in range(3))
CELLS = tuple(Cell(c) for c in range(nb.CELLS))
STEPS = tuple(Steps(n) for n in range(1, 3))
ROOMS = tuple(Room(r) for r in range(2))
CARDS = tuple(Card(c) for c in range(len(RESEARCH)))


@dataclass(frozen=True)
class Kind(CoreKind[S]):
    """The core's kind with what Unconscious Mind's view and bot ask of it.

    * ``shows(d)``: what the view adds about the decision (the tile on its way to a
      notebook space), public to every seat.
    * ``opaque(d)``: whether the bot's one-step look cannot judge the answers (nothing
      changes yet: which treatise to start, research or publish), so it settles what
      follows them.
    """

    shows: Callable[[Decision], dict[str, Any]] | None = None
    opaque: Callable[[Decision], bool] | None = None


#: What an answer to an effect's decision leads to, as an engine verb's result: another
#: decision in its place (the rest of the program waits under it), effects to run before
#: that rest, or nothing more.
Result = Pending | Then | None


def go_on(s: D, d: Decision, result: Result) -> Outcome:
    """The outcome of an answer to ``d`` (an effect's decision) that led to ``result``:
    a new decision takes ``d``'s place with ``d``'s continuation; effects run before it."""
    if isinstance(result, Pending):
        s.decisions = dec.push(
            s.decisions,
            Decision(d.seat, result.kind, dec.freeze(result.args), d.rest, d.actor, d.source),
        )
        return None
    return () if result is None else result.program


def _table(told: bool) -> Strings:
    return LOG if told else TEXT


def _wrong(d: Decision, action: Action) -> IllegalActionError:
    return IllegalActionError(f"{action} does not answer a {d.kind} decision")


def _option(d: Decision, action: Action) -> int:
    if not isinstance(action, Option):
        raise _wrong(d, action)
    return action.n


def _number(action: Action) -> int:
    if not isinstance(action, Option):
        raise IllegalActionError(f"{action} does not answer a choice")
    return action.n


def _words(en_: str, zh: str) -> dict[str, str]:
    return {"en": en_, "zh-TW": zh}


# -- a card's "choose one", a row's "any order" ---------------------------------------------


def choose_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Option):
        return None
    T, n = _table(told), action.n
    if n >= len(d.args):
        return T("option", lang, n=n + 1)
    opt = d.args[n]
    if not opt:
        if len(d.args) == 2:
            return T("decline", lang)
        # stopping a row's "any order", or declining a pick of several (the track's)
        in_any_order = any(o and o[-1][0] == ANY_ORDER for o in d.args)
        return T("skip" if in_any_order else "decline_all", lang)
    return T("choose", lang, what=wd.program(opt, lang, tail=False))


def publishes(d: Decision) -> bool:
    """A choice one of whose options publishes (research or publish at the table)."""
    return any(e[0] == "publish" for p in d.args for e in p)


# -- insights on the dial ------------------------------------------------------------------


def spot_answers(s: D, d: Decision) -> list[Action]:
    seat, args = d.seat, d.args
    dial = s.dial[seat]
    what = args[0]
    if what == "costs":
        return [
            SPOT_COFFEE if c < 0 else SPOTS[c * 3 + lv - 1]
            for c, lv in en.good_options(s, seat, args[1])
        ]
    if what == "gen_from":
        spots = en.spaces(dial, lambda c, lv: True)
    elif what == "elevate":
        spots = en.elevate_spaces(s, seat)
    elif what == "elevates":
        spots = en.elevates_spaces(s, seat, (int(args[2]), int(args[3])))
    else:
        spots = en.spaces(dial, lambda c, lv: lv <= int(args[1]))
    out: list[Action] = [SPOTS[c * 3 + lv - 1] for c, lv in spots]
    # taking an insight off the dial to generate may be declined (the seed's "may"),
    # and so may a transfer an effect gives (it can cost a colour one needs); one
    # bought with coffee was chosen, so it is made
    declinable = what == "gen_from" or (what == "transfer" and d.source != "coffee")
    return [*out, DONE] if declinable else out


def take_spot(s: D, d: Decision, action: Action) -> Outcome:
    if isinstance(action, Done):  # generating from the dial or a transfer declined
        return go_on(s, d, None)
    if not isinstance(action, Spot):
        raise _wrong(d, action)
    seat, args = d.seat, d.args
    c, lv = action.colour, action.level
    what = args[0]
    result: Result = None
    if what == "costs":
        result = en.pay_cost(s, seat, args[1], (c, lv))
    elif what == "gen_from":
        dl.generate(s.dial[seat], args[1], (c, lv))
    elif what == "elevate":
        dl.elevate(s.dial[seat], c, lv)
    elif what == "elevates":
        result = en.elevated(s, seat, int(args[1]), c, lv)
    elif what == "transfer":
        result = Pending("colour", ("transfer_to", c, lv))
    return go_on(s, d, result)


def spot_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    T = _table(told)
    if isinstance(action, Done):
        return T("spot_transfer_none" if d.args[0] == "transfer" else "spot_gen_none", lang)
    if not isinstance(action, Spot) or action.colour < 0:
        return None
    key = {
        "costs": "spot_pay",
        "gen_from": "spot_gen",
        "elevate": "spot_elevate",
        "elevates": "spot_elevate",
    }.get(str(d.args[0]), "spot_transfer")
    return T(key, lang, colour=wd.colour(action.colour, lang), level=wd.level(action.level, lang))


def colour_answers(s: D, d: Decision) -> list[Action]:
    if d.args[0] == "transfer_to":
        return [COLOURS[c] for c in range(3) if c != d.args[1]]
    return list(COLOURS)


def take_colour(s: D, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Colour):
        raise _wrong(d, action)
    c, args = action.colour, d.args
    what = args[0]
    if what == "gen":
        return go_on(s, d, Then((("gen", c),)))
    if what == "gens":
        return go_on(s, d, Then((("gen", c),) * int(args[1])))
    dl.transfer(s.dial[d.seat], int(args[1]), int(args[2]), c)
    return go_on(s, d, None)


def colour_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Colour):
        return None
    key = "colour_to" if d.args[0] == "transfer_to" else "colour_gen"
    return _table(told)(key, lang, colour=wd.colour(action.colour, lang))


# -- clients, tiles, Vienna, research --------------------------------------------------------


def room_answers(s: D, d: Decision) -> list[Action]:
    return [ROOMS[r] for r in en.rooms_with_clients(s, d.seat)]


def take_room(s: D, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Room):
        raise _wrong(d, action)
    return go_on(s, d, en._heal(s, d.seat, action.room, int(d.args[1])))


def room_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Room):
        return None
    c = s.room_client[d.seat][action.room]
    if c < 0:
        return None
    track = s.room_track[d.seat][action.room]
    return _table(told)(
        "room_named", lang, name=wd.client(c, lang), room=action.room + 1, track=track
    )


def market_answers(s: D, d: Decision) -> list[Action]:
    return [MARKET[r * 3 + c] for r, c in en.market_choices(s, d.args[0])]


def take_market(s: D, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, MarketTile):
        raise _wrong(d, action)
    return go_on(s, d, en.take_tile(s, d.seat, action.row, action.column))


def market_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, MarketTile):
        return None
    T = _table(told)
    column = T(("col_stack", "col_middle", "col_right")[action.column], lang)
    tiles = (None, s.middle, s.right)[action.column]
    if tiles is None or tiles[action.row] < 0:
        return None
    what = wd.tile(tiles[action.row], lang)
    return T("market_tile", lang, row=action.row + 1, column=column, what=what)


def cell_answers(s: D, d: Decision) -> list[Action]:
    return [CELLS[c] for c in nb.targets(s.notebook[d.seat])]


def take_cell(s: D, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Cell):
        raise _wrong(d, action)
    en.put_tile(s, d.seat, int(d.args[0]), action.cell)
    return go_on(s, d, None)


def cell_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Cell):
        return None
    # the tile being placed, named: one drawn from a face-down stack is the placer's to
    # see now, and everyone's once it lies in the notebook
    T = _table(told)
    old = s.notebook[d.seat][action.cell]
    row, col = action.cell // 3 + 1, action.cell % 3 + 1
    what = wd.tile(int(d.args[0]), lang)
    if old < 0:
        return T("cell_tile", lang, what=what, row=row, col=col)
    return T("cell_tile_over", lang, what=what, row=row, col=col, old=wd.tile(old, lang))


def cell_shows(d: Decision) -> dict[str, Any]:
    """The tile on its way to the notebook (one taken from a face-down stack is shown
    before it goes anywhere: it is the placer's now and everyone's once placed)."""
    return {"tile": int(d.args[0])}


def steps_answers(s: D, d: Decision) -> list[Action]:
    return list(STEPS[: int(d.args[0])])


def take_steps(s: D, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Steps):
        raise _wrong(d, action)
    return go_on(s, d, en.move_professor(s, d.seat, action.n))


def steps_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Steps):
        return None
    loc = clockwise(s.professor[d.seat], action.n)
    return _table(told)("steps_to", lang, n=action.n, loc=wd.location(loc, lang))


def card_answers(s: D, d: Decision) -> list[Action]:
    cards: list[Action] = [CARDS[c] for c in sorted(set(s.hand[d.seat]))]
    # the first card of a play effect is played ("play 1-2"); a swap or a further card
    # may be declined
    return cards if d.args[0] == "play" else [*cards, DONE]


def take_card(s: D, d: Decision, action: Action) -> Outcome:
    if isinstance(action, Done):
        return go_on(s, d, None)
    if not isinstance(action, Card):
        raise _wrong(d, action)
    seat, card = d.seat, action.card
    if d.args[0] != "swap":
        return go_on(s, d, en.play_card(s, seat, card, int(d.args[1])))
    i = s.hand[seat].index(card)
    taken = s.research_up
    s.hand[seat][i], s.research_up = taken, card
    known = s.known_hand[seat]
    if card in known:
        known.remove(card)
    known.append(taken)  # everyone saw it taken face up
    return go_on(s, d, None)


def card_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    T = _table(told)
    if isinstance(action, Done):
        return T("card_done", lang)
    if not isinstance(action, Card):
        return None
    what = wd.research_card(action.card, lang)
    # "swap"; "play" or "play_more": from the hand into play
    return T("card_swap" if d.args[0] == "swap" else "card_play", lang, what=what)


def treatise_answers(s: D, d: Decision) -> list[Action]:
    return [OPTIONS[t] for t in en.publishable(s, d.seat)]


def take_treatise(s: D, d: Decision, action: Action) -> Outcome:
    return go_on(s, d, en.start_treatise(s, d.seat, _option(d, action)))


def treatise_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Option):
        return None
    T = _table(told)
    if action.n < len(TREATISES):
        return T("publish_one", lang, what=wd.treatise(action.n, lang))
    return T("option", lang, n=action.n + 1)


def article_answers(s: D, d: Decision) -> list[Action]:
    return [CARDS[c] for c in en.article_choices(s, d.seat, int(d.args[0]))]


def take_article(s: D, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, Card):
        raise _wrong(d, action)
    return go_on(s, d, en.add_article(s, d.seat, int(d.args[0]), action.card))


def article_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Card):
        return None
    T = _table(told)
    what = wd.research_card(action.card, lang)
    if action.card in s.played[d.seat]:
        return T("card_article", lang, what=what)
    owner = next(
        (
            p
            for p in range(len(s.vp))
            if any(action.card in s.treatise_cards[t] for t in s.treatises[p])
        ),
        None,
    )
    if owner is not None:
        return T("card_cite", lang, who=T("seat", lang, n=owner + 1), what=what)
    return None


# -- the rules' own: the inkpot, the recall bonus, the rooms' refill ---------------------------


def bright_ink_answers(s: D, d: Decision) -> list[Action]:
    return [OPTIONS[k] for k in range(en.inkpot_bright(s, d.seat) + 1)]


def take_bright_ink(s: D, d: Decision, action: Action) -> Outcome:
    tn.move_inkpot(s, d.seat, _option(d, action))
    return None


def bright_ink_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Option):
        return None
    n = action.n
    return inkpot_words(s, d.seat, n, "bright_ink" if n else "follow_inkpot_to", _table(told), lang)


def bright_ink_preview(s: D, d: Decision, action: Action) -> dict[str, Any]:
    """Where the inkpot lands with this many bright ideas spent, and what it does there."""
    return inkpot_entry(s, d.seat, _option(d, action))


def recall_bonus_answers(s: D, d: Decision) -> list[Action]:
    return [OPTIONS[k] for k in tn.recall_bonus_options(s, d.seat)]


def take_recall_bonus(s: D, d: Decision, action: Action) -> Outcome:
    tn.recall_bonus(s, d.seat, _option(d, action))
    return None


def recall_bonus_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Option):
        return None
    T, n = _table(told), action.n
    loc = s.professor[d.seat]
    if loc < 0 or n > 6:
        return T("option", lang, n=n + 1)
    if n < 3:
        what = wd.effect(LOCATIONS[loc].bonus[n], lang)
        return T("bonus_slot", lang, loc=wd.location(loc, lang), what=what)
    dist = DISTRICTS[DISTRICT_OF[loc]]
    what = wd.effect(dist.rewards[n - 3], lang)
    district = wd.district(dist.index, lang)
    return T("district_slot", lang, district=district, need=dist.thresholds[n - 3], what=what)


def client_answers(s: D, d: Decision) -> list[Action]:
    return [OPTIONS[k] for k in tn.client_choices(s)]


def take_client(s: D, d: Decision, action: Action) -> Outcome:
    tn.take_client(s, d.seat, int(d.args[0]), _option(d, action))
    return None


def client_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Option):
        return None
    T, n = _table(told), action.n
    if n in (4, 5):
        return T("client_normal" if n == 4 else "client_complex", lang)
    if n > 5 or s.client_display[n] < 0:
        return T("option", lang, n=n + 1)
    c, grief = s.client_display[n], s.display_grief[n]
    hearts = CLIENTS[c].hearts + (GRIEF[grief][0] if grief >= 0 else 0)
    kind_word = T("complex" if CLIENTS[c].complex else "normal", lang)
    return T("client_display", lang, name=wd.client(c, lang), kind=kind_word, hearts=hearts)


def manifest_answers(s: D, d: Decision) -> list[Action]:
    return [OPTIONS[k] for k in tn.manifest_choices(s)]


def take_manifest(s: D, d: Decision, action: Action) -> Outcome:
    tn.take_manifest(s, d.seat, int(d.args[0]), _option(d, action))
    return None


def manifest_label(s: D, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    if not isinstance(action, Option):
        return None
    T, n = _table(told), action.n
    if n == 4:
        return T("dream_deck", lang)
    if n > 4 or s.manifest_display[n] < 0:
        return T("option", lang, n=n + 1)
    m = s.manifest_display[n]
    sym = wd.symbol(DREAMS[m].symbol, lang)
    return T("dream_display", lang, what=wd.dream(m, lang), symbol=sym)


# -- the table -------------------------------------------------------------------------------

_CHOOSE = choose_kind(en.ENGINE, OPTIONS.__getitem__, _number, label=choose_label)

KINDS: Kinds[D] = Kinds(
    {
        "choose": Kind(
            _CHOOSE.answers,
            _CHOOSE.take,
            _CHOOSE.words,
            label=_CHOOSE.label,
            stand_in=_CHOOSE.stand_in,
            opaque=publishes,
        ),
        "spot": Kind(
            spot_answers,
            take_spot,
            _words("an insight on the dial", "頓悟錶盤上的一個頓悟"),
            label=spot_label,
        ),
        "colour": Kind(
            colour_answers,
            take_colour,
            _words("a colour for an insight", "頓悟的顏色"),
            label=colour_label,
        ),
        "room": Kind(
            room_answers,
            take_room,
            _words("which client gets the therapy", "哪位案主接受治療"),
            label=room_label,
        ),
        "market": Kind(
            market_answers,
            take_market,
            _words("a tile from the market", "市場上的一塊板塊"),
            label=market_label,
        ),
        "cell": Kind(
            cell_answers,
            take_cell,
            _words("where the tile goes in the notebook", "板塊放在筆記本的哪一格"),
            label=cell_label,
            shows=cell_shows,
        ),
        "steps": Kind(
            steps_answers,
            take_steps,
            _words("how far the professor walks", "教授走幾個地點"),
            label=steps_label,
        ),
        "card": Kind(
            card_answers,
            take_card,
            _words("a research card", "一張研究卡"),
            label=card_label,
        ),
        "treatise": Kind(
            treatise_answers,
            take_treatise,
            _words("a treatise to start", "要開始撰寫的論文"),
            label=treatise_label,
            opaque=lambda d: True,
        ),
        "article": Kind(
            article_answers,
            take_article,
            _words("an article for the treatise", "論文要用的文章"),
            label=article_label,
        ),
        "bright_ink": Kind(
            bright_ink_answers,
            take_bright_ink,
            _words("bright ideas to move the inkpot further", "多花幾個好主意讓墨水瓶多走"),
            label=bright_ink_label,
            preview=bright_ink_preview,
        ),
        "recall_bonus": Kind(
            recall_bonus_answers,
            take_recall_bonus,
            _words("a recall bonus", "召回獎勵"),
            label=recall_bonus_label,
        ),
        "client": Kind(
            client_answers,
            take_client,
            _words("a new client for the empty room", "空診間的新案主"),
            label=client_label,
        ),
        "manifest": Kind(
            manifest_answers,
            take_manifest,
            _words("a manifest dream for the new client", "新案主的顯性夢境"),
            label=manifest_label,
        ),
    },
    engine=en.ENGINE,
)


def row(kind: str) -> Kind[D] | None:
    """The row of ``kind`` with this game's extras (None for a kind of no row)."""
    r = KINDS.kinds.get(kind)
    return r if isinstance(r, Kind) else None
