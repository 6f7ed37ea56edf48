"""A turn: landing, hatching, exploring, the optional extras around them, and
every effect an exploring penguin sets off, as steps and decisions on the stack.

The main action comes first; the effects it triggers are pushed above a
``main_done`` step so the turn only moves to its "after the action" phase once
they are all resolved. Each decision's answers and effect, and each automatic
step, is a function here; :mod:`.decisions` lists them as the game's kinds.
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.decisions import Decision
from meeple.games.penguins.actions import (
    EFFECTS,
    EXPLORES,
    PICKS,
    Discard,
    Keep,
    Pass,
    Pick,
    Resolve,
    ReturnCard,
)
from meeple.games.penguins.components import (
    ASSISTANT,
    EGG,
    EMPEROR,
    EMPTY,
    FREEZING,
    KRILL,
    OFF_BOARD,
    RADIATION,
    RIVER,
    SEAGULL,
    SEAL,
    STAR,
    is_egg,
    is_penguin,
    side_of,
)
from meeple.games.penguins.geometry import ALL_MOVES, CIRCLE_CW, DIRECTIONS
from meeple.games.penguins.slide import (
    HoleQuestion,
    SlideResult,
    hole_options,
    nest_ring,
    resolve_any,
    simulate,
)
from meeple.games.penguins.state import NEXT_TURN, PenguinData, owe, plain
from meeple.games.penguins.terrain import (
    blazing_eggs,
    points_of,
    river_conflict,
    river_ready,
    river_targets,
    rotate_ring,
    seagulls_beside,
    storm_exits,
    tents_beside,
)

# ---------------------------------------------------------------- main actions


def landing_points(s: PenguinData, seat: int) -> list[int]:
    if s.unused_eggs(s.side(seat)) <= 0:
        return []
    return s.empty_points()


def hatchable_eggs(s: PenguinData, seat: int) -> list[int]:
    """Eggs ``seat`` may hatch: its own, except frozen ones and ones beside
    radiation; a rival's egg beside radiation (hatching is swapped there).

    Asked at every step: which eggs are frozen or irradiated comes from the
    layout's tables (terrain never moves) rather than a scan of neighbours.
    """
    side = s.side(seat)
    if s.next_penguin(side) is None:
        return []
    g, lay = s.grid, s.layout
    frozen = lay.beside(g, FREEZING)
    irradiated = lay.beside(g, RADIATION)
    board = s.board
    own = EGG[side]
    return [
        p
        for p in points_of(board, EGG[0], EGG[1])
        if not frozen[p] and (board[p] == own) != irradiated[p]
    ]


def own_penguins(s: PenguinData, side: int) -> list[int]:
    return points_of(s.board, ASSISTANT[side], STAR[side])


def _moves_of(s: PenguinData, p: int) -> tuple[int, ...]:
    """The moves a penguin on ``p`` may try: circling only beside a nest."""
    return DIRECTIONS if nest_ring(s.board, s.grid, p) is None else ALL_MOVES


def explore_actions(s: PenguinData, seat: int, limit: int = 0) -> list[Action]:
    """The seat's legal slides; with ``limit``, at most that many (``can_explore``).

    A straight slide whose first point holds anything but a rival egg ends
    before it starts (a barrier, an own piece, a rival penguin), which is most
    of them on a busy board: those are skipped without running the slide.
    """
    out: list[Action] = []
    b, lay, g = s.board, s.layout, s.grid
    side = s.side(seat)
    rival_egg = EGG[1 - side]
    wrapped = g.wrapped
    for p in own_penguins(s, side):
        actions, after = EXPLORES[p], wrapped[p]
        for m in _moves_of(s, p):
            if m < CIRCLE_CW:
                v = b[after[m]]
                if v != EMPTY and v != rival_egg:
                    continue
            if resolve_any(b, lay, g, p, m, []):
                out.append(actions[m])
                if len(out) == limit:
                    return out
    return out


def can_explore(s: PenguinData, seat: int) -> bool:
    """Whether ``explore_actions`` is not empty, stopping at the first legal slide."""
    return bool(explore_actions(s, seat, limit=1))


def can_hatch_now(s: PenguinData) -> bool:
    """Hatching brings its own look at two cards instead of an event card: the
    seed offers a card play with landing and with exploring, never with hatching,
    so a turn whose card is already played cannot hatch (and a hatch spends the
    turn's card play)."""
    return not s.card_used


def has_main_action(s: PenguinData, seat: int) -> bool:
    """Whether ``seat`` can land, hatch or explore. Asked at the start of every
    turn, so it stops at the first action found instead of listing them all."""
    if s.unused_eggs(s.side(seat)) > 0 and EMPTY in s.board:
        return True
    if can_hatch_now(s) and hatchable_eggs(s, seat):
        return True
    return can_explore(s, seat)


def _main_done(s: PenguinData, d: Decision) -> None:
    s.main_done = True


def hatch(s: PenguinData, seat: int, p: int) -> None:
    """The egg on ``p`` goes back to its owner's supply and an unused penguin of
    ``seat`` takes its place; then the look at the deck's top two cards."""
    penguin = s.next_penguin(s.side(seat))
    assert penguin is not None
    s.board[p] = penguin
    if s.cards_enabled and s.deck:
        s.offers[seat] = s.deck_take(2)
        s.push(plain(seat, "peek"))


def _peek_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Keep(c) for c in sorted(set(s.offers[d.seat]))]


def _peek_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Keep)
    seat = d.seat
    s.offers[seat].remove(a.card)
    s.hands[seat].append(a.card)
    if s.offers[seat]:
        s.push(plain(seat, "peek_return"))
    else:
        s.push(plain(seat, "hand_limit"))


def _peek_return_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [ReturnCard("top"), ReturnCard("bottom")]


def _peek_return_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, ReturnCard)
    seat = d.seat
    card = s.offers[seat].pop()
    s.deck_return(card, a.where == "top", seat)
    s.push(plain(seat, "hand_limit"))


def draw_cards(s: PenguinData, seat: int, n: int) -> None:
    """Draw up to ``n`` cards; an empty deck is never rebuilt from discards (FAQ 4)."""
    s.hands[seat].extend(s.deck_take(n))
    s.push(plain(seat, "hand_limit"))


def _hand_limit(s: PenguinData, d: Decision) -> None:
    if len(s.hands[d.seat]) > s.hand_limit:
        s.push(plain(d.seat, "discard"))


def _discard_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Discard(c) for c in sorted(set(s.hands[d.seat]))]


def _discard_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Discard)
    s.hands[d.seat].remove(a.card)
    s.discard.append(a.card)
    s.push(plain(d.seat, "hand_limit"))


# ---------------------------------------------------------------- barriers you move


def move_emperor(s: PenguinData, seat: int, q: int) -> None:
    """Optional once a turn: the emperor steps to a free neighbour (across edges
    too) and leaves an egg of yours where it stood."""
    e = s.find(EMPEROR)
    assert e is not None
    s.board[q] = EMPEROR
    s.board[e] = EMPTY
    s.emperor_used = True
    s.place_egg(s.side(seat), e)


def move_seal(s: PenguinData, q: int) -> None:
    """Optional once a turn: the seal steps to a neighbour that is free or holds an
    egg; that egg goes back to its owner's supply."""
    p = s.find(SEAL)
    assert p is not None
    s.board[q] = SEAL
    s.board[p] = EMPTY
    s.seal_used = True


# ---------------------------------------------------------------- the slide


def slide(seat: int, start: int, move: int, choices: tuple[int, ...] = ()) -> Decision:
    """The step that slides ``seat``'s penguin from ``start`` (``choices``: its answers
    at the holes it has passed so far)."""
    return owe(seat, "slide", (start, move, choices))


def _slide(s: PenguinData, d: Decision) -> None:
    start, move, choices = d.args
    out = simulate(s.board, s.layout, s.grid, start, move, list(choices))
    if isinstance(out, HoleQuestion):
        s.push(owe(d.seat, "hole", d.args))
        return
    assert isinstance(out, SlideResult), "an illegal slide was started"
    finish_slide(s, d.seat, out)


def _hole_legal(s: PenguinData, d: Decision) -> list[Action]:
    start, move, choices = d.args
    opts = hole_options(s.board, s.layout, s.grid, start, move, list(choices))
    return [Pass() if c < 0 else PICKS[c] for c in opts]


def _hole_apply(s: PenguinData, d: Decision, a: Action) -> None:
    start, move, choices = d.args
    c = a.point if isinstance(a, Pick) else -1
    s.push(slide(d.seat, start, move, (*choices, c)))


def finish_slide(s: PenguinData, seat: int, r: SlideResult) -> None:
    """Apply a finished slide: rival eggs off, the penguin moved, then (maybe after
    a storm's question) the eggs, then the effects of where it went."""
    side = s.side(seat)
    piece = s.board[r.path[0]]
    for p in r.removed:
        s.board[p] = EMPTY
    s.board[r.path[0]] = EMPTY
    if r.frozen_hit is not None:
        s.board[r.frozen_hit] = EMPTY
    path = tuple(r.path)
    eggs = path[:-1]
    passed = path[1:]
    if r.seaweed:
        s.push(owe(seat, "lay", (path,)), owe(seat, "effects", (passed, -1)))
        return
    s.board[r.final] = piece
    if r.storm:
        exits = storm_exits(s.board, s.grid, r.final, r.path[-2], side)
        if exits:
            s.push(owe(seat, "storm", (r.final, tuple(exits), eggs, passed)))
            return
    s.push(owe(seat, "lay", (eggs,)), owe(seat, "effects", (passed, r.final)))


def _storm_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[q] for q in d.args[1]]


def _storm_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """The storm throws the penguin to a neighbour; an egg still goes on the storm."""
    assert isinstance(a, Pick)
    storm, _exits, eggs, passed = d.args
    s.board[a.point] = s.board[storm]
    s.board[storm] = EMPTY
    s.push(
        owe(d.seat, "lay", ((*eggs, storm),)),
        owe(d.seat, "effects", ((*passed, a.point), a.point)),
    )


def _lay(s: PenguinData, d: Decision) -> None:
    """An egg on every point the slide crossed, the start included, while eggs last."""
    side = s.side(d.seat)
    for p in d.args[0]:
        if s.winner is not None:
            return
        s.place_egg(side, p)


def _effects(s: PenguinData, d: Decision) -> None:
    """Collect what the finished slide sets off; the mover orders them (FAQ 3).

    Each is a step ``(kind, seat, *args)``, kept as data in an ``order`` decision's
    args until the mover picks it (the view shows them so)."""
    seat = d.seat
    passed, final = d.args
    lay, g, b = s.layout, s.grid, s.board
    found: list[tuple[Any, ...]] = []
    gulls = seagulls_beside(b, g, passed)
    if gulls:
        found.append(("t_seagull", seat, tuple(gulls)))
    if final >= 0 and is_penguin(b[final]):
        tents = tents_beside(lay, g, final)
        if tents:
            found.append(("t_tent", seat, tuple(tents)))
        if lay.terrain[final] == RIVER:
            found.append(("t_river", seat, final))
    krill = sum(1 for p in passed if lay.terrain[p] == KRILL)
    if krill:
        found.append(("t_krill", seat, krill))
    if len(found) > 1:
        s.push(owe(seat, "order", (tuple(found),)))
    elif found:
        s.push(_effect_step(found[0]))


def _effect_step(t: tuple[Any, ...]) -> Decision:
    """One of an ``order`` decision's effects, ``(kind, seat, *args)``, as its step."""
    return owe(t[1], t[0], t[2:])


def _order_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Resolve(t[0][2:]) for t in d.args[0]]


def _order_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Resolve)
    effects = d.args[0]
    chosen = next(t for t in effects if t[0][2:] == a.effect)
    rest = tuple(t for t in effects if t is not chosen)
    later = owe(d.seat, "order", (rest,)) if len(rest) > 1 else _effect_step(rest[0])
    s.push(_effect_step(chosen), later)


def _seagull(s: PenguinData, d: Decision) -> None:
    """The seagull flies to any empty space; with none left it leaves the game."""
    for gull in d.args[0]:
        if s.board[gull] != SEAGULL:
            continue
        if s.empty_points():
            s.push(owe(d.seat, "seagull", (gull,)))
        else:
            s.board[gull] = EMPTY


def _seagull_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[q] for q in s.empty_points()]


def _seagull_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Pick)
    s.board[d.args[0]] = EMPTY
    s.board[a.point] = SEAGULL


def _tent(s: PenguinData, d: Decision) -> None:
    for t in d.args[0]:
        rotate_ring(s.board, s.grid, t, s.layout.tent_map[t])


def _krill(s: PenguinData, d: Decision) -> None:
    left = d.args[0]
    if left > 0 and s.unused_eggs(s.side(d.seat)) > 0 and s.empty_points():
        s.push(owe(d.seat, "krill", (left,)))


def _krill_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [*(PICKS[q] for q in s.empty_points()), Pass()]


def _krill_apply(s: PenguinData, d: Decision, a: Action) -> None:
    if isinstance(a, Pick):
        s.place_egg(s.side(d.seat), a.point)
        s.push(owe(d.seat, "t_krill", (d.args[0] - 1,)))


# ---------------------------------------------------------------- rivers


def _river_start(s: PenguinData, d: Decision) -> None:
    s.push(owe(d.seat, "river", (tuple(s.layout.river_component(d.args[0])),)))


def _river(s: PenguinData, d: Decision) -> None:
    """Move everything on the river one step downstream, downstream tiles first."""
    seat, remaining = d.seat, list(d.args[0])
    lay, b = s.layout, s.board
    while remaining:
        conflict = river_conflict(b, lay, remaining)
        if conflict:
            s.push(owe(seat, "river_first", (tuple(remaining), tuple(conflict))))
            return
        ready = river_ready(lay, remaining)
        tile = ready[0]
        if b[tile] != EMPTY:
            targets = river_targets(b, lay, tile)
            if len(targets) > 1:
                s.push(owe(seat, "river_branch", (tuple(remaining), tile, tuple(targets))))
                return
            if targets:
                river_move(s, tile, targets[0])
        remaining.remove(tile)


def river_move(s: PenguinData, tile: int, target: int) -> None:
    v = s.board[tile]
    s.board[tile] = EMPTY
    if target != OFF_BOARD:
        s.board[target] = v
        return
    # pushed off the board: out of the game for good
    if is_egg(v):
        s.lost_eggs[side_of(v)] += 1
        s.check_egg_win(side_of(v))
    elif is_penguin(v):
        if v in STAR:
            s.lost_star[side_of(v)] += 1
        else:
            s.lost_assistants[side_of(v)] += 1


def _river_first_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[t] for t in d.args[1]]


def _river_first_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Pick)
    seat, remaining = d.seat, list(d.args[0])
    targets = river_targets(s.board, s.layout, a.point)
    if len(targets) > 1:
        s.push(owe(seat, "river_branch", (tuple(remaining), a.point, tuple(targets))))
        return
    river_move(s, a.point, targets[0])
    remaining.remove(a.point)
    s.push(owe(seat, "river", (tuple(remaining),)))


def _river_branch_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Pick(t) for t in d.args[2]]  # not PICKS: a river may send a piece off the board (-1)


def _river_branch_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Pick)
    remaining, tile = list(d.args[0]), d.args[1]
    river_move(s, tile, a.point)
    remaining.remove(tile)
    s.push(owe(d.seat, "river", (tuple(remaining),)))


# ---------------------------------------------------------------- end of turn


def _end_turn(s: PenguinData, d: Decision) -> None:
    """Blazing burns one egg beside it at the end of the turn (not after a win,
    which has already ended the game), then the next seat plays."""
    if blazing_eggs(s.board, s.layout, s.grid):
        s.push(plain(d.seat, "blaze"), NEXT_TURN[d.seat])
    else:
        s.push(NEXT_TURN[d.seat])


def _blaze_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[q] for q in blazing_eggs(s.board, s.layout, s.grid)]


def _blaze_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Pick)
    s.board[a.point] = EMPTY


def _next_turn(s: PenguinData, d: Decision) -> None:
    s.seat = (s.seat + 1) % s.game.players
    s.turns += 1
    s.steps = 0
    s.card_used = s.emperor_used = s.seal_used = s.main_done = s.star_moved = False
    if s.turns >= s.game.turn_limit:
        from meeple.games.penguins.state import DRAW

        s.finish(DRAW)


__all__ = ["EFFECTS", "has_main_action"]
