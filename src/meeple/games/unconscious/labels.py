"""Labels that need the state: what an option of the decision on top of the stack does.

An Unconscious Mind turn is a chain of small choices, many of them an
``Option(n)`` of whatever is being decided (which part of a notebook row to
use next, which client to take, where the inkpot lands with a bright idea
spent). Without the state such an action can only be "Choice 2"; with it,
the label says what the choice does, in the words the board prints
(words.py). Only what the viewer's board shows is named: a tile from a
face-down stack is "a tile from the stack", a hand card only its owner
chooses.
"""

from __future__ import annotations

from typing import Any

from meeple.core import decisions as dec
from meeple.core.actions import Action
from meeple.core.effects import ANY_ORDER, CHOOSE
from meeple.core.i18n import Strings
from meeple.games.unconscious import engine as en
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.actions import (
    Card,
    Cell,
    Colour,
    Done,
    MarketTile,
    Option,
    Room,
    Spot,
    Steps,
    Treat,
)
from meeple.games.unconscious.components import (
    CLIENTS,
    DISTRICT_OF,
    DISTRICTS,
    DREAMS,
    GRIEF,
    LOCATIONS,
    NR,
    ROW_INKPOTS,
    TREATISES,
    clockwise,
)
from meeple.games.unconscious.state import FOLLOW, KEEP, OVER, TREAT


def inkpot_landing(s: Any, seat: int, bright: int) -> tuple[int, int]:
    """(steps, rondel space) of the inkpot moved after this turn's placement with
    ``bright`` bright ideas spent (as rules.py's _move_inkpot moves it)."""
    steps = ROW_INKPOTS[s.placed_row] + bright + en.has_ability(s, seat, "inkpot_more")
    return steps, (s.inkpot[seat] + steps) % NR


def landing_words(s: Any, seat: int, space: int, lang: str) -> str:
    """What the inkpot does on ``space`` for ``seat`` now, in words."""
    return wd.program(en.rondel_program(s, seat, space), lang)


def _inkpot(s: Any, seat: int, bright: int, key: str, T: Strings, lang: str) -> str:
    steps, space = inkpot_landing(s, seat, bright)
    what = landing_words(s, seat, space, lang)
    return T(key, lang, n=steps, k=bright, space=wd.rondel_space(space, lang), what=what)


def _client_name(c: int, lang: str) -> str:
    return wd.client(c, lang)


def _option(s: Any, seat: int, d: dec.Decision | None, n: int, T: Strings, lang: str) -> str:
    if d is None:  # the follow-up of the turn's choice
        if n == 1:
            return T("follow_treat", lang)
        if s.recalled:
            return T("follow_bonus", lang)
        if s.bright[seat]:
            return T("follow_inkpot", lang)
        return _inkpot(s, seat, 0, "follow_inkpot_to", T, lang)
    kind = d.kind
    if kind == CHOOSE:
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
    if kind == "bright_ink":
        return _inkpot(s, seat, n, "bright_ink" if n else "follow_inkpot_to", T, lang)
    if kind == "treatise" and n < len(TREATISES):
        return T("publish_one", lang, what=wd.treatise(n, lang))
    if kind == "recall_bonus":
        loc = s.professor[seat]
        if loc < 0 or n > 6:
            return T("option", lang, n=n + 1)
        if n < 3:
            what = wd.effect(LOCATIONS[loc].bonus[n], lang)
            return T("bonus_slot", lang, loc=wd.location(loc, lang), what=what)
        dist = DISTRICTS[DISTRICT_OF[loc]]
        what = wd.effect(dist.rewards[n - 3], lang)
        district = wd.district(dist.index, lang)
        return T("district_slot", lang, district=district, need=dist.thresholds[n - 3], what=what)
    if kind == "client":
        if n in (4, 5):
            return T("client_normal" if n == 4 else "client_complex", lang)
        if n > 5 or s.client_display[n] < 0:
            return T("option", lang, n=n + 1)
        c, grief = s.client_display[n], s.display_grief[n]
        hearts = CLIENTS[c].hearts + (GRIEF[grief][0] if grief >= 0 else 0)
        kind_word = T("complex" if CLIENTS[c].complex else "normal", lang)
        return T("client_display", lang, name=_client_name(c, lang), kind=kind_word, hearts=hearts)
    if kind == "manifest":
        if n == 4:
            return T("dream_deck", lang)
        if n > 4 or s.manifest_display[n] < 0:
            return T("option", lang, n=n + 1)
        m = s.manifest_display[n]
        sym = wd.symbol(DREAMS[m].symbol, lang)
        return T("dream_display", lang, what=wd.dream(m, lang), symbol=sym)
    return T("option", lang, n=n + 1)


def label(s: Any, action: Action, lang: str, T: Strings) -> str | None:
    """``action``'s words in ``s`` for the seat that may take it, or None (no context)."""
    if s.phase in (KEEP, OVER):
        return None
    seat = s.current
    d = dec.top(s.decisions)
    if d is not None:
        seat = d.seat
    if isinstance(action, Option):
        if d is None and s.step != FOLLOW:
            return None
        return _option(s, seat, d, action.n, T, lang)
    if d is None:
        if isinstance(action, Treat) and s.step == TREAT:
            c = s.room_client[seat][action.room]
            if c < 0:
                return None
            options = en.treatment_options(s, seat, action.room)
            if action.how >= len(options):
                return None
            effect = options[action.how]
            key = "treat_dream_named" if action.how == 2 else "treat_base_named"
            what = wd.effect(effect, lang)
            return T(key, lang, name=_client_name(c, lang), room=action.room + 1, what=what)
        if isinstance(action, Done) and s.step == TREAT:
            return T("done_turn", lang)
        return None
    args = d.args
    if isinstance(action, Spot) and d.kind == "spot" and action.colour >= 0:
        key = {
            "costs": "spot_pay",
            "gen_from": "spot_gen",
            "elevate": "spot_elevate",
            "elevates": "spot_elevate",
        }.get(str(args[0]), "spot_transfer")
        return T(
            key, lang, colour=wd.colour(action.colour, lang), level=wd.level(action.level, lang)
        )
    if isinstance(action, Colour) and d.kind == "colour":
        key = "colour_to" if args[0] == "transfer_to" else "colour_gen"
        return T(key, lang, colour=wd.colour(action.colour, lang))
    if isinstance(action, MarketTile):
        column = T(("col_stack", "col_middle", "col_right")[action.column], lang)
        tiles = (None, s.middle, s.right)[action.column]
        if tiles is None or tiles[action.row] < 0:
            return None
        what = wd.tile(tiles[action.row], lang)
        return T("market_tile", lang, row=action.row + 1, column=column, what=what)
    if isinstance(action, Cell) and d.kind == "cell":
        # the tile being placed, named: one drawn from a face-down stack is the
        # placer's to see now, and everyone's once it lies in the notebook
        old = s.notebook[seat][action.cell]
        row, col = action.cell // 3 + 1, action.cell % 3 + 1
        what = wd.tile(int(args[0]), lang)
        if old < 0:
            return T("cell_tile", lang, what=what, row=row, col=col)
        return T("cell_tile_over", lang, what=what, row=row, col=col, old=wd.tile(old, lang))
    if isinstance(action, Steps):
        loc = clockwise(s.professor[seat], action.n)
        return T("steps_to", lang, n=action.n, loc=wd.location(loc, lang))
    if isinstance(action, Room):
        c = s.room_client[seat][action.room]
        if c < 0:
            return None
        track = s.room_track[seat][action.room]
        return T("room_named", lang, name=_client_name(c, lang), room=action.room + 1, track=track)
    if isinstance(action, Done) and d.kind == "card":
        return T("card_done", lang)
    if isinstance(action, Done) and d.kind == "spot":
        return T("spot_transfer_none" if d.args[0] == "transfer" else "spot_gen_none", lang)
    if isinstance(action, Card):
        what = wd.research_card(action.card, lang)
        if d.kind == "card" and args[0] == "swap":
            return T("card_swap", lang, what=what)
        if d.kind == "card":  # "play" or "play_more": from the hand into play
            return T("card_play", lang, what=what)
        if d.kind == "article":
            if action.card in s.played[seat]:
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
    return None
