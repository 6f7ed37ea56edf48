"""Keeper of Keys, Viscounts' second expansion (content set ``keeper_of_keys``): its
effect words, its decision kinds and its rules, beside the base game's and Gates of
Gold's (gates.py).

The cards are rows of data.toml's ``[keeper_of_keys]`` (components.CONTENT); what they
say is written in the effect language with the words below, registered on the game's
engine (effects.ENGINE). Its decisions are rows added to the kinds table
(decisions.KINDS). Nothing here runs in a game without the set: no other card says
these words, and the fields they touch are stored only in a match that plays it
(state.SET_FIELDS).

The seed's rules played here:

* The hero display: three heroes face up, from a face-down pile of the heroes nobody
  took at setup. "Gain a hero" takes one to one's discards, free, and is no hire; the
  display is refilled at once (the pile is not reshuffled: empty, the display shrinks).
* Chests: four tiles face up; one gained goes into one of the three slots under one's
  board (an old one there is discarded, out of the game), and the display is refilled.
  A tile gives the card that enters the space above it in card management (played
  there, or shifted there) its effect, if the card's printed icons fit; a rearranged
  card does not. At the end 1 / 2 / 3 tiles score 2 / 5 / 9.
* Public buildings: built by the build action over one's own building of that kind on
  one's viscount's side of the river, once per game each, never by a free build; the
  building underneath goes back to its owner's board (the rightmost empty space: one
  built fewer); no spot or link reward; its immediate effect, then its ongoing ability
  while its owner holds it (state.held).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from meeple.core import Action
from meeple.core.decisions import Decision
from meeple.core.effects import Pending, Then, VerbResult
from meeple.core.errors import IllegalActionError
from meeple.core.kinds import Kind, Outcome
from meeple.games.viscounts.actions import SKIP, Move, Skip, TakeChest, TakeHero, Trade
from meeple.games.viscounts.components import (
    ACTIONS,
    AI_CHESTS,
    BUILDINGS_PER_PLAYER,
    CARDS,
    CHEST_SLOTS,
    CHEST_VP,
    CHESTS,
    CHESTS_FACE_UP,
    HEROES_FACE_UP,
    ICONS,
    KEEPER,
    KEEPER_SCHEMES,
    PUBLIC,
    RULES,
    part,
    position,
    reachable,
    spots,
)
from meeple.games.viscounts.state import ViscountsData, board_triggers

S = ViscountsData


def playing(s: S) -> bool:
    """Whether the match plays Keeper of Keys."""
    return bool(s.game.options.get(KEEPER))


# -- the displays ----------------------------------------------------------------------


def refill(pile: list[int], display: list[int], slot: int) -> None:
    """The display's place ``slot`` refilled at once from ``pile`` (never reshuffled)."""
    if pile:
        display.insert(slot, pile.pop())


def hero_gained(s: S, seat: int, card: int) -> tuple[Any, ...]:
    """A hero to ``seat``'s discards; answers what its board and held cards do then (the
    public trading post: a flip)."""
    s.discard[seat].append(card)
    return board_triggers(s, seat, "on_hero")


def hero_destroyed(s: S, seat: int, card: int) -> tuple[Any, ...]:
    """What follows ``seat`` destroying ``card``: a hero sets off "on_hero"."""
    if CARDS[card].kind != "hero" or not playing(s):
        return ()
    return board_triggers(s, seat, "on_hero")


def removed(s: S, seat: int, card: int) -> bool:
    """Whether ``card``, dropping off ``seat``'s board, leaves the game (the "remove from
    game" icon). Not when that would leave fewer cards than a board holds (the base
    game's "a deck never shrinks below three cards"): it goes to the discards."""
    return CARDS[card].removed and len(s.owned(seat)) >= int(RULES["tableau"])


def chests_entered(s: S, seat: int) -> tuple[Any, ...]:
    """Card management is done (a card played, the others shifted right): each chest
    tile under ``seat``'s board gives the card now above it its effect, if that card's
    printed icons fit. Answers the rewards (boosts are counted at once, for this turn;
    a boost trading an icon for others is a choice, offered as ``chest_boost``)."""
    if not s.chest_slots or seat >= len(s.chest_slots):
        return ()
    prog: tuple[Any, ...] = ()
    for space, card in enumerate(s.board[seat]):
        if space >= CHEST_SLOTS or s.chest_slots[seat][space] < 0:
            continue
        tile = CHESTS[s.chest_slots[seat][space]]
        if CARDS[card].icons[tile.needs] < tile.at_least:
            continue
        prog += tile.gain
        if tile.boost:
            prog += (("chest_boost", s.chest_slots[seat][space]),)
    return prog


def end_turn(s: S, seat: int) -> None:
    """The turn is over: the chest tiles' icons counted this turn are gone."""
    if s.boost and seat < len(s.boost):
        s.boost[seat] = [0] * len(ICONS)


# -- public buildings -------------------------------------------------------------------


def public_spots(s: S, seat: int, kind: int) -> list[int]:
    """The spots where ``seat`` may put the public building of ``kind``: its own
    building of that kind on its viscount's side of the river; none once that public
    building is built, or in a game without the set."""
    if not s.public_owner or s.public_owner[kind] >= 0 or s.is_inner(seat):
        return []
    here = s.viscount[seat]
    seg, side = s.ring[position(here)], part(here)
    return [
        i
        for i, sp in enumerate(spots(s.game.players))
        if sp.segment == seg
        and sp.side == side
        and s.spot_owner[i] == seat
        and s.spot_kind[i] == kind
    ]


def public_cost(kind: int) -> int:
    """The builder icons the public building of building ``kind`` needs."""
    return CARDS[PUBLIC[kind]].cost


def build_public(s: S, seat: int, kind: int, spot: int) -> tuple[Any, ...]:
    """The public building of ``kind`` over ``seat``'s building on ``spot``: that one
    back to its board (one built fewer), no spot or link reward; answers its immediate
    effect."""
    s.public_owner[kind] = seat
    s.built[seat][kind] = max(0, min(BUILDINGS_PER_PLAYER, s.built[seat][kind]) - 1)
    s.spot_kind[spot] = PUBLIC_SPOT + kind
    return CARDS[PUBLIC[kind]].play


#: A spot's kind once a public building stands there: this + the building kind (the
#: view's ``spots``: 3 public workshop, 4 public trading post, 5 public guildhall).
PUBLIC_SPOT = 3


def public_vp(s: S, seat: int) -> float:
    return float(
        sum(CARDS[c].vp for c, o in zip(PUBLIC, s.public_owner, strict=False) if o == seat)
    )


def chest_vp(s: S, seat: int) -> float:
    if not s.chest_slots or seat >= len(s.chest_slots):
        return 0.0
    n = sum(1 for t in s.chest_slots[seat] if t >= 0)
    if seat == s.ai:  # solo: its own tiles face up
        n = sum(s.ai_chests)
    return float(CHEST_VP[min(n, len(CHEST_VP) - 1)])


# -- verbs ------------------------------------------------------------------------------


def _gain_hero(s: S, seat: int) -> VerbResult:
    if seat == s.ai or not s.heroes_up:  # the solo AI takes no heroes (designed)
        return None
    return Pending("hero")


def _chest(s: S, seat: int) -> VerbResult:
    if seat == s.ai or not s.chests_up:  # the solo AI's chests are its own (designed)
        return None
    return Pending("chest")


def _act(s: S, seat: int, what: str) -> VerbResult:
    if seat == s.ai:
        return None
    return Pending("act", (what,)) if act_answers_for(s, seat, what) else None


def _move_on(s: S, seat: int) -> VerbResult:
    if seat == s.ai:
        return None
    return Pending("move_on")


def _chest_boost(s: S, seat: int, tile: int) -> VerbResult:
    """A chest tile's icons for the card above it: one ``needs`` icon counted as the
    tile's icons this turn. "1 X -> 2 X" only adds and is taken at once; a tile trading
    the icon for others is the seat's choice."""
    t = CHESTS[tile]
    if all(i == t.needs for i in t.boost):
        apply_boost(s, seat, tile)
        return None
    return Pending("chest_boost", (tile,))


def apply_boost(s: S, seat: int, tile: int) -> None:
    t = CHESTS[tile]
    s.boost[seat][t.needs] -= 1
    for i in t.boost:
        s.boost[seat][i] += 1


def act_answers_for(s: S, seat: int, what: str) -> list[Action]:
    """The primary actions of ``what`` (trade, transcribe) ``seat`` may take now, by the
    rules' usual list (rules._primary_actions)."""
    from meeple.games.viscounts.actions import Transcribe

    rules = cast(Any, s)
    want = Trade if what == "trade" else Transcribe
    return [a for a in rules._primary_actions(seat) if isinstance(a, want)]


# -- the solo AI (designed: data.toml [[keeper_of_keys.ai_scheme]]) -----------------------


def deal_ai(s: S, rng: Any) -> None:
    """Solo: the AI's three chest tiles face down beside it, and its new scheme card
    shuffled into its deck."""
    s.ai_chests = [0] * len(AI_CHESTS)
    for c in KEEPER_SCHEMES:
        s.ai_deck.insert(rng.randbelow(len(s.ai_deck) + 1), c)


def _ai_keeper(s: S, seat: int) -> VerbResult:
    """The new scheme's step: the two oldest heroes and chest tiles (the first two places
    of each display) leave the game; the displays are refilled."""
    for pile, display, size in (
        (s.hero_pile, s.heroes_up, HEROES_FACE_UP),
        (s.chest_pile, s.chests_up, CHESTS_FACE_UP),
    ):
        del display[:2]
        while len(display) < size and pile:
            display.append(pile.pop())
    return None


def _ai_keeper_action(s: S, seat: int) -> VerbResult:
    """An AI chest tile face down turned face up; with none left, its focus action (its
    fallback if it cannot: a debt and a deed flipped)."""
    from meeple.games.viscounts.solo import LOG_ACTION, LOG_DONE

    if 0 in s.ai_chests:
        s.ai_chests[s.ai_chests.index(0)] = 1
        entry = s.ai_log[-1]
        s.ai_log[-1] = [*entry[:LOG_DONE], 1, len(ACTIONS)]  # "chest" (solo.turn_record)
        assert LOG_ACTION == LOG_DONE + 1
        return None
    return Then((("ai_action", "focus"),))


VERBS: dict[str, Callable[..., VerbResult]] = {
    "gain_hero": _gain_hero,
    "chest": _chest,
    "act": _act,
    "move_on": _move_on,
    "chest_boost": _chest_boost,
    "ai_keeper": _ai_keeper,
    "ai_keeper_action": _ai_keeper_action,
}
#: When a verb can be done now (an ability starting with it is offered only then).
CAN: dict[str, Callable[..., bool]] = {
    "gain_hero": lambda s, seat: seat == s.ai or bool(s.heroes_up),
    "chest": lambda s, seat: seat == s.ai or bool(s.chests_up),
    "act": lambda s, seat, what: seat == s.ai or bool(act_answers_for(s, seat, what)),
}

QUERIES: dict[str, Callable[..., int]] = {
    "chests": lambda s, seat: sum(1 for t in s.chest_slots[seat] if t >= 0) if s.chest_slots else 0,
}


# -- decision kinds ---------------------------------------------------------------------


def hero_answers(s: S, d: Decision) -> list[Action]:
    return [TakeHero(i) for i in range(len(s.heroes_up))]


def take_hero(s: S, d: Decision, action: Action) -> Outcome:
    if not isinstance(action, TakeHero) or not 0 <= action.slot < len(s.heroes_up):
        raise IllegalActionError(f"{action} names no face-up hero")
    card = s.heroes_up.pop(action.slot)
    refill(s.hero_pile, s.heroes_up, action.slot)
    return hero_gained(s, d.seat, card)


def chest_answers(s: S, d: Decision) -> list[Action]:
    return [TakeChest(i, k) for i in range(len(s.chests_up)) for k in range(CHEST_SLOTS)]


def take_chest(s: S, d: Decision, action: Action) -> Outcome:
    """The tile into the slot (one there is discarded, out of the game); the display
    refilled at once."""
    if (
        not isinstance(action, TakeChest)
        or not 0 <= action.slot < len(s.chests_up)
        or not 0 <= action.space < CHEST_SLOTS
    ):
        raise IllegalActionError(f"{action} names no face-up chest tile and slot")
    tile = s.chests_up.pop(action.slot)
    refill(s.chest_pile, s.chests_up, action.slot)
    s.chest_slots[d.seat][action.space] = tile
    return ()


def act_answers(s: S, d: Decision) -> list[Action]:
    return [*act_answers_for(s, d.seat, str(d.args[0])), SKIP]


def take_act(s: S, d: Decision, action: Action) -> Outcome:
    """The primary action now (normal rules: its icons and one dismissal); the turn's
    phase stays where it is. Answers its effects."""
    if isinstance(action, Skip):
        return ()
    if action not in act_answers_for(s, d.seat, str(d.args[0])):
        raise IllegalActionError(f"{action} is no {d.args[0]} action open now")
    return cast(Any, s).primary_now(d.seat, action)


def move_on_answers(s: S, d: Decision) -> list[Action]:
    here = s.viscount[d.seat]
    spaces = sorted(reachable(here, 1) | reachable(here, 2))
    return [*(Move(t) for t in spaces), SKIP]


def take_move_on(s: S, d: Decision, action: Action) -> Outcome:
    """The viscount moved on, free; nothing happens there (no rearranging)."""
    if isinstance(action, Skip):
        return ()
    if not isinstance(action, Move) or action not in move_on_answers(s, d):
        raise IllegalActionError(f"{action} is not 1 or 2 spaces on")
    s.viscount[d.seat] = action.space
    return ()


def chest_boost_answers(s: S, d: Decision) -> list[Action]:
    from meeple.games.viscounts.actions import Choose

    return [Choose(0), SKIP]


def take_chest_boost(s: S, d: Decision, action: Action) -> Outcome:
    if isinstance(action, Skip):
        return ()
    apply_boost(s, d.seat, int(d.args[0]))
    return ()


def hero_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    from meeple.games.viscounts.text import LOG, TEXT, card_name

    if not isinstance(action, TakeHero) or not 0 <= action.slot < len(s.heroes_up):
        return None
    T = LOG if told else TEXT
    return str(T("take_hero_named", lang, card=card_name(s.heroes_up[action.slot], lang)))


def chest_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    from meeple.games.viscounts.text import LOG, TEXT, chest_words

    if not isinstance(action, TakeChest) or not 0 <= action.slot < len(s.chests_up):
        return None
    T = LOG if told else TEXT
    what = chest_words(s.chests_up[action.slot], lang)
    return str(T("take_chest_named", lang, what=what, space=action.space + 1))


def chest_boost_label(s: S, d: Decision, action: Action, lang: str, told: bool) -> str | None:
    from meeple.games.viscounts.text import LOG, TEXT, chest_words

    if isinstance(action, Skip):
        return None
    T = LOG if told else TEXT
    return str(T("use_boost", lang, what=chest_words(int(d.args[0]), lang)))


def _words(en: str, zh: str) -> dict[str, str]:
    return {"en": en, "zh-TW": zh}


KINDS: dict[str, Kind[S]] = {
    "hero": Kind(
        hero_answers, take_hero, _words("a hero to gain", "要獲得的英雄"), label=hero_label
    ),
    "chest": Kind(
        chest_answers,
        take_chest,
        _words("a chest tile and the slot it goes in", "要拿的寶箱板塊與放置的欄位"),
        label=chest_label,
    ),
    "act": Kind(act_answers, take_act, _words("an action to take now", "現在執行的行動")),
    "move_on": Kind(
        move_on_answers,
        take_move_on,
        _words("where the viscount moves on", "子爵再移動到哪裡"),
    ),
    "chest_boost": Kind(
        chest_boost_answers,
        take_chest_boost,
        _words("whether to use the chest tile's icons", "是否使用寶箱板塊的圖示"),
        label=chest_boost_label,
    ),
}
