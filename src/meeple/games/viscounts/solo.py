"""The solo AI opponent (designed, data.toml [solo]): part of the rules, not a seat.

With one player the per-seat lists hold a second entry, the AI's (index
``state.ai``), so the castle, the spots, the tracks, the debts and deeds and
the majorities treat it like any rival. Its turn follows the player's every
round (so it always takes the last turn) and runs inside the player's last
action as one program on the effect stack (``ai_turn``): the scheme cards
below are the only words it knows. It never decides: a choice takes its first
option, and the verbs that would ask (a resource, a flip, a rearrangement, a
discard, a destroy, a free hire, a castle move) do the fixed substitute of
the reference card instead (effects.py calls :func:`substitute`). When its
turn reaches a decision of the player's (a bumped worker's resource, the
rearrangement when it lands on the player, a collision's gain), the rest of
its turn waits on the stack as a continuation, like any card's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core import Rng
from meeple.core.effects import Then, VerbResult
from meeple.games.viscounts import kingdom
from meeple.games.viscounts.components import (
    ACTION_ICON,
    ACTIONS,
    AI_BUILD_ORDER,
    AI_CHESTS,
    BUILD,
    BUILDINGS,
    CARDS,
    COLLISION_CURRENT,
    COLLISION_OTHERS,
    CRIMINAL,
    EXCHANGES,
    FOCUS,
    FOCUS_NAMES,
    FUTURE_SCHEMES,
    GATES,
    GATES_SOLO,
    MANUSCRIPTS,
    NO_FUTURE,
    OUTER_LEFT,
    RULES,
    SCHEMES,
    SEGMENTS,
    SOLO,
    SPACES,
    STARTING_SCHEMES,
    SUBSTITUTE,
    TRACK,
    TRADE,
    TRANSCRIBE,
    WORKER_COSTS,
    WORKERS,
    part,
    position,
    space_number,
)
from meeple.games.viscounts.state import COLLIDE, ViscountsData, board_triggers

S = ViscountsData

#: ai_log entries: [round, scheme, from space, to space, done (1 action, 0 fallback,
#: -1 not yet), action index (-1 none)]
LOG_ROUND, LOG_SCHEME, LOG_FROM, LOG_TO, LOG_DONE, LOG_ACTION = range(6)
_MAX_USES = 12
_MAX_SPEND = int(SOLO["max_spend"])


def _spendable(held: int) -> int:
    """How much of a resource may make up a shortfall (data.toml ``max_spend``, 0: all)."""
    return held if _MAX_SPEND <= 0 else min(held, _MAX_SPEND)


# -- setup ---------------------------------------------------------------------------------


def choose_focus(option: str, rng: Rng) -> int:
    """The focus board: the one named, or one at random."""
    if option == "random":
        return rng.randbelow(len(FOCUS))
    return FOCUS_NAMES.index(option)


def deal_schemes(s: S, difficulty: str) -> None:
    """The AI's deck: the starting schemes its focus board keeps and as many future schemes
    as the difficulty says, shuffled; the other future schemes face down beside it."""
    focus = FOCUS[s.ai_focus]
    future = list(FUTURE_SCHEMES)
    s.rng.shuffle(future)
    k = int(SOLO["difficulty"][difficulty])
    deck = [c for c in STARTING_SCHEMES if c not in focus.leave_out] + future[:k]
    s.rng.shuffle(deck)
    s.ai_deck, s.ai_future = deck, future[k:]
    s.ai_board, s.ai_discard, s.ai_log = [], [], []


def start(s: S, card_number: int) -> tuple[Any, ...]:
    """After the player's pick: the AI's viscount on the space of the player card left in
    the row, and its focus board's items and building; answers the program to run as it."""
    ai = s.ai
    s.viscount[ai] = next(sp for sp in range(SPACES) if space_number(sp, s.ring) == card_number)
    focus = FOCUS[s.ai_focus]
    prog: tuple[Any, ...] = focus.start
    free = s.build_spots(ai)
    if free:
        prog += kingdom.build(s, ai, focus.building, free[0])
    return prog


# -- what the AI does instead of deciding --------------------------------------------------------


def take_resources(s: S, n: int) -> None:
    """``n`` resources, each the first of its focus board's order still under its cap."""
    order = FOCUS[s.ai_focus].resources
    for _ in range(n):
        name = next((r for r, cap in order if cap == 0 or getattr(s, r)[s.ai] < cap), order[-1][0])
        getattr(s, name)[s.ai] += 1


def gain_silver(s: S, n: int) -> None:
    """Silver it gains turns into resources, one for every ``silver_per_resource`` (data.toml;
    the remainder waits)."""
    per = int(SOLO["silver_per_resource"])
    s.silver[s.ai] += n
    k = s.silver[s.ai] // per
    if k:
        s.silver[s.ai] -= k * per
        take_resources(s, k)


def flip_choice(s: S) -> str:
    """The kind it flips: the one it has flipped fewer of (debts on a tie), if it has one."""
    ai = s.ai
    prefer = ("debt", "deed") if s.paid[ai] <= s.approved[ai] else ("deed", "debt")
    for what in prefer:
        if (s.debts if what == "debt" else s.deeds)[ai] > 0:
            return what
    return ""


def substitute(verb: str, n: int = 1) -> VerbResult:
    """The fixed outcome the AI takes for a verb that would ask a player something."""
    return Then(SUBSTITUTE[verb] * max(1, n)) if SUBSTITUTE[verb] else None


# -- its turn --------------------------------------------------------------------------------------


def _ai_turn(s: S, seat: int) -> VerbResult:
    """Shift its schemes right, reveal the top of its deck on the left (reshuffling its
    discards first if the deck is out), then resolve the card."""
    board = s.ai_board
    prog: tuple[Any, ...] = ()
    if len(board) >= int(RULES["tableau"]):
        s.ai_discard.append(board.pop())
    if not s.ai_deck:
        pile = s.ai_discard
        s.rng.shuffle(pile)
        s.ai_deck, s.ai_discard = pile, []
        prog += (("gain", "corruption" if s.criminals(seat) else "virtue", 1),)
    card = s.ai_deck.pop()
    board.insert(0, card)
    scheme = SCHEMES[card]
    s.dismissed = -1
    s.ai_log.append([s.round, card, s.viscount[seat], -1, -1, -1])
    if scheme.icons[CRIMINAL]:
        prog += (("each", "criminals", (("gain", "corruption", 1),)),)
    if scheme.future:
        prog += reveal_vp(str(s.game.options["difficulty"]), bool(s.game.options.get(GATES)))
    return Then((*prog, *scheme.program, ("ai_end",)))


def reveal_vp(difficulty: str, gates: bool = False) -> tuple[Any, ...]:
    """What a future scheme is worth as it shows, by difficulty (data.toml ``reveal_vp``):
    the difficulty's lever, since the AI gains future schemes at every level. With Gates
    of Gold, the expansion's own table (``[gates_of_gold.solo]``, designed and measured)."""
    vp = int((GATES_SOLO if gates else SOLO)["reveal_vp"][difficulty])
    return (("gain", "vp", vp),) if vp else ()


def _ai_dismiss(s: S, seat: int) -> VerbResult:
    """The townsfolk by its viscount leaves the game; its icons help this turn's action
    and its top-right effect is the AI's."""
    pile = s.piles[position(s.viscount[seat])]
    if not pile:
        return None
    card = pile.pop()
    s.dismissed = card
    return Then(CARDS[card].hire)


def _ai_future(s: S, seat: int) -> VerbResult:
    """The top future scheme into its discards; with none left, a card flip."""
    if not s.ai_future:
        return Then(NO_FUTURE)
    s.ai_discard.append(s.ai_future.pop())
    return None


def next_outer(space: int) -> int:
    """One step along the outer path (the AI never goes inside)."""
    if part(space) == OUTER_LEFT:
        return space + 1
    return 3 * ((position(space) + 1) % SEGMENTS) + OUTER_LEFT


def _ai_move(s: S, seat: int, n: int) -> VerbResult:
    """``n`` steps along the outer path; ending on the player lets the player rearrange."""
    here = s.viscount[seat]
    for _ in range(n):
        here = next_outer(here)
    s.viscount[seat] = here
    entry = s.ai_log[-1]
    s.ai_log[-1] = [*entry[:LOG_TO], here, *entry[LOG_TO + 1 :]]
    landed = [
        ("as", t, (("rearrange",),))
        for t in range(s.game.players)
        if s.viscount[t] == here and len(s.board[t]) >= 2
    ]
    return Then(tuple(landed)) if landed else None


def icons(s: S, action: int, bonus: int = 0) -> int:
    """Its icons for ``action``: those of its left-most schemes (criminals wild; data.toml
    says how many count), the dismissed card's, and a focus scheme's extra ones."""
    icon = ACTION_ICON[action]
    counted = s.ai_board[: int(SOLO["icon_slots"])]
    n = bonus + sum(SCHEMES[c].icons[icon] + SCHEMES[c].icons[CRIMINAL] for c in counted)
    n += ai_chest_icons(s, icon, counted)  # Keeper of Keys: its chest tiles face up
    if s.dismissed >= 0:
        c = CARDS[s.dismissed]
        n += c.icons[icon] + (c.icons[CRIMINAL] if icon != CRIMINAL else 0)
    return n


def _ai_action(s: S, seat: int, kind: str) -> VerbResult:
    """The scheme's action (a focus scheme: its focus board's, with extra icons) where its
    viscount stands, funded by its icons and resources; the scheme's fallback when it
    cannot do it."""
    bonus = 0
    if kind == "focus":
        focus = FOCUS[s.ai_focus]
        action, bonus = focus.action, focus.focus_icons
    else:
        action = ACTIONS.index(kind)
    have = icons(s, action, bonus)
    prog = _DO[action](s, have)
    entry = s.ai_log[-1]
    s.ai_log[-1] = [*entry[:LOG_DONE], int(prog is not None), action]
    if prog is None:
        prog = SCHEMES[s.ai_board[0]].fallback
    return Then(prog)


def _trade(s: S, have: int) -> tuple[Any, ...] | None:
    kind = EXCHANGES[space_number(s.viscount[s.ai], s.ring) - 1]
    uses = min(_MAX_USES, have // int(RULES["exchange_cost"].get(kind, 2)))
    if uses <= 0:
        return None
    if kind == "destroy":
        return SUBSTITUTE["destroy"] * uses
    if kind == "flip":
        return (("flip", "either"),) * uses
    return (("gain", kind, uses),)


def _build(s: S, have: int) -> tuple[Any, ...] | None:
    """Its left-most unbuilt building it can pay for, on the left-most free spot."""
    ai = s.ai
    free = s.build_spots(ai)
    if not free:
        return None
    seen = [0, 0, 0]
    for kind in AI_BUILD_ORDER:
        seen[kind] += 1
        if s.built[ai][kind] >= seen[kind]:
            continue  # this one is built
        short = max(0, BUILDINGS[kind].cost - have)
        if short <= _spendable(s.stone[ai]):
            s.stone[ai] -= short
            return kingdom.build(s, ai, kind, free[0])
    return None


def _workers(s: S, have: int) -> tuple[Any, ...] | None:
    """As many workers as it can pay for (two, three or four: never one)."""
    ai = s.ai
    for count in sorted((int(c) for c in SOLO["worker_counts"]), reverse=True):
        short = max(0, WORKER_COSTS[count - 1] - have)
        if count <= s.workers_left(ai) and short <= _spendable(s.gold[ai]):
            s.gold[ai] -= short
            s.tier1[s.wedge_at(s.viscount[ai])][ai] += count
            return (("castle",),)
    return None


def _transcribe(s: S, have: int) -> tuple[Any, ...] | None:
    ai = s.ai
    pos = position(s.viscount[ai])
    short = max(0, MANUSCRIPTS[s.manuscript_here(pos)].cost - have)
    if short > _spendable(s.ink[ai]):
        return None
    s.ink[ai] -= short
    return kingdom.transcribe(s, ai, pos)


_DO = {TRADE: _trade, BUILD: _build, WORKERS: _workers, TRANSCRIBE: _transcribe}


def collision(s: S, seat: int) -> tuple[Any, ...]:
    """The collision when ``seat``'s markers met, in the seed's order: second workshops
    without criminals, the boards' collision abilities, then the track's gains for it and
    for every rival (``collide``: read only when it runs, as those virtues may have moved
    the joined markers)."""
    n = s.sides
    order = [(seat + k) % n for k in range(n)]
    prog: tuple[Any, ...] = tuple(
        ("as", t, (("gain", "virtue", 1),))
        for t in order
        if s.built[t][0] >= 2 and s.criminals(t) == 0
    )
    prog += tuple(
        ("as", t, board_triggers(s, t, "on_collision"))
        for t in order
        if board_triggers(s, t, "on_collision")
    )
    return (*prog, ("collide",))


def _collide(s: S, seat: int) -> VerbResult:
    """The track pays where ``seat``'s markers are now: the seat what the space shows
    above, every rival what it shows below. The seed reads the space after the earlier
    steps (a second workshop's virtue, Ada's) have moved the joined markers."""
    at = s.corruption[seat]
    s.collision = at
    return Then((*COLLISION_CURRENT[at], ("others", COLLISION_OTHERS[at])))


def _ai_end(s: S, seat: int) -> VerbResult:
    """Its collision if its markers met (then they go back to the ends); the turn is over."""
    if s.collision < 0 and s.corruption[seat] == s.virtue[seat]:
        s.collision = s.corruption[seat]
        return Then((*collision(s, seat), ("ai_end",)))
    if s.collision >= 0:
        s.corruption[seat], s.virtue[seat] = 0, TRACK - 1
        s.collision = -1
    s.dismissed = -1
    s.phase = COLLIDE  # the rules end its turn and the round
    return None


#: The AI's verbs, by their words in components.GRAMMAR.
VERBS: dict[str, Callable[..., VerbResult]] = {
    "ai_turn": _ai_turn,
    "ai_dismiss": _ai_dismiss,
    "ai_future": _ai_future,
    "ai_move": _ai_move,
    "ai_action": _ai_action,
    "ai_end": _ai_end,
    "collide": _collide,
}


def turn_record(entry: list[int]) -> dict[str, Any]:
    """One ``ai_log`` entry as the view and the log word it: the round, the scheme revealed,
    where its viscount went (-1 not yet), the action (None not yet) and whether it did it."""
    return {
        "round": entry[LOG_ROUND],
        "scheme": entry[LOG_SCHEME],
        "from": entry[LOG_FROM],
        "to": entry[LOG_TO],
        "action": (*ACTIONS, "chest")[entry[LOG_ACTION]] if entry[LOG_ACTION] >= 0 else None,
        "done": entry[LOG_DONE] == 1,
    }


def ai_chest_icons(s: S, icon: int, counted: list[int]) -> int:
    """Keeper of Keys: icons its face-up chest tiles add, each when a counted scheme
    shows the tile's icon (designed: "1 X -> Y + Z" adds Y and Z, keeping X)."""
    if not s.ai_chests:
        return 0
    n = 0
    for k, up in enumerate(s.ai_chests):
        tile = AI_CHESTS[k]
        if up and any(SCHEMES[c].icons[tile.needs] for c in counted):
            n += tile.boost.count(icon)
    return n


# -- results and knowledge --------------------------------------------------------------------


def leftover_vp(s: S) -> float:
    """+1 VP per resource it has left."""
    ai = s.ai
    return float(s.ink[ai] + s.gold[ai] + s.stone[ai])
