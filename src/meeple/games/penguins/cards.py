"""Event cards: when each may be played, the rivals' chance to cancel it with
#10, and each card's effect as a few small decisions.

Cards take precedence over the ordinary rules (FAQ 1): #8 gives a second
action in a turn, #13 hatches eggs the rules would not let you hatch.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.core.actions import Action
from meeple.core.decisions import Decision
from meeple.games.penguins.actions import (
    HANDS,
    PICKS,
    Cancel,
    Guess,
    Hide,
    Pass,
    Pick,
    PickTriangle,
)
from meeple.games.penguins.components import (
    ASSISTANT,
    EGG,
    EMPTY,
    STAR,
    is_barrier,
    is_egg,
)
from meeple.games.penguins.state import CANCEL_CARD, PLAY, PenguinData, owe, plain
from meeple.games.penguins.terrain import points_of, rotate_ring

# ---------------------------------------------------------------- target finders


def _free_neighbours(s: PenguinData, p: int) -> list[int]:
    return sorted({q for q in s.grid.move_neighbours(p) if s.board[q] == EMPTY})


def _penguins(s: PenguinData, side: int) -> list[int]:
    return points_of(s.board, ASSISTANT[side], STAR[side])


def _eggs(s: PenguinData, side: int) -> list[int]:
    egg = EGG[side]
    return [p for p, v in enumerate(s.board) if v == egg]


def _first_targets(s: PenguinData, seat: int, card: int) -> list[int]:
    """Points the first question of a point-targeting card accepts."""
    side = s.side(seat)
    rival = 1 - side
    b = s.board
    if card == 1:
        return s.empty_points() if s.unused_eggs(side) > 0 else []
    if card == 2:
        return _eggs(s, rival)
    if card == 3:
        return [p for p, v in enumerate(b) if is_barrier(v) and _free_neighbours(s, p)]
    if card == 4:
        return [p for p in _penguins(s, side) if _free_neighbours(s, p)]
    if card == 7:
        return _penguins(s, side) if s.empty_points() else []
    if card == 9:
        return _penguins(s, side) if _penguins(s, rival) else []
    if card == 13:
        return _eggs(s, side) if s.next_penguin(side) is not None else []
    if card == 14:
        return sorted(p for p in range(s.grid.size) if p not in s.grid.edge)
    if card == 15:
        return [p for p in _eggs(s, side) if _free_neighbours(s, p)]
    if card == 16:
        return [p for p in _penguins(s, rival) if _free_neighbours(s, p)]
    raise AssertionError(f"card {card} takes no point")


POINT_CARDS = (1, 2, 3, 4, 7, 9, 13, 14, 15, 16)


def playable(s: PenguinData, seat: int, card: int) -> bool:
    """Whether ``card`` would have an effect now (a card without one cannot be played)."""
    side = s.side(seat)
    if card == CANCEL_CARD:
        return False  # only as an answer to a rival's card
    if card in POINT_CARDS:
        return bool(_first_targets(s, seat, card))
    if card == 5:
        return s.unused_eggs(side) > 0 and bool(_nest_triangles(s))
    if card == 6:
        return bool(_avalanche_triangles(s))
    if card == 8:
        from meeple.games.penguins.flow import explore_actions

        return bool(explore_actions(s, seat))
    if card == 11:
        return s.unused_eggs(side) > 0 and bool(s.empty_points())
    if card == 12:
        return bool(s.deck)
    raise AssertionError(f"unknown card {card}")


def playable_cards(s: PenguinData, seat: int) -> list[int]:
    return [c for c in sorted(set(s.hands[seat])) if playable(s, seat, c)]


def _nest_triangles(s: PenguinData) -> list[int]:
    """Triangles with an empty corner (card #5). Asked whenever #5 is in hand,
    so one comprehension over the board's precomputed triangles."""
    b = s.board
    return [
        t for t, (p, q, r) in s.grid.triangles if b[p] == EMPTY or b[q] == EMPTY or b[r] == EMPTY
    ]


def _avalanche_triangles(s: PenguinData) -> list[int]:
    """Triangles with an egg (either side's) on a corner (card #6)."""
    b = s.board
    return [t for t, (p, q, r) in s.grid.triangles if b[p] in EGG or b[q] in EGG or b[r] in EGG]


# ---------------------------------------------------------------- playing and cancelling


def play_card(s: PenguinData, seat: int, card: int) -> None:
    """The card goes face up to the discard pile; rivals may cancel it with #10."""
    s.hands[seat].remove(card)
    s.discard.append(card)
    s.card_used = True
    steps: list[Decision] = []
    if s.cancel_window():
        steps = [owe(opp, "cancel", (seat, card), source=PLAY) for opp in s.opponents(seat)]
    s.push(*steps, owe(seat, "card", (card,), source=PLAY))


def _cancel_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Cancel(), Pass()] if CANCEL_CARD in s.hands[d.seat] else [Pass()]


def _cancel_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """#10 answers the card: both go to the discard pile, the effect never happens.
    In team mode either rival may answer (FAQ 9); #10 itself cannot be cancelled."""
    if isinstance(a, Cancel):
        s.hands[d.seat].remove(CANCEL_CARD)
        s.discard.append(CANCEL_CARD)
        stack = s.decisions
        while stack and stack[-1].source == PLAY:
            stack = stack[:-1]
        s.decisions = stack


def _card(s: PenguinData, d: Decision) -> None:
    seat, card = d.seat, d.args[0]
    if card in POINT_CARDS:
        s.push(owe(seat, "c_point", (card,)))
    elif card in (5, 6):
        s.push(owe(seat, "c_triangle", (card,)))
    elif card == 8:
        s.push(plain(seat, "tailwind"))
    elif card == 11:
        s.push(plain(seat, "hide"))
    elif card == 12:
        from meeple.games.penguins.flow import draw_cards

        draw_cards(s, seat, 1)


# ---------------------------------------------------------------- point cards


def _point_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[p] for p in _first_targets(s, d.seat, d.args[0])]


def _point_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, Pick)
    seat, card, p = d.seat, d.args[0], a.point
    side = s.side(seat)
    b = s.board
    if card == 1:
        s.place_egg(side, p)
    elif card == 2:
        b[p] = EMPTY
    elif card in (3, 4, 15, 16):
        s.push(owe(seat, "c_to", (card, p, tuple(_free_neighbours(s, p)))))
    elif card == 7:
        s.push(owe(seat, "c_to", (card, p, tuple(s.empty_points()))))
    elif card == 9:
        s.push(owe(seat, "c_rival", (p,)))
    elif card == 13:
        penguin = s.next_penguin(side)
        assert penguin is not None
        b[p] = penguin
    elif card == 14:
        rotate_ring(b, s.grid, p, 1)


def _to_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[q] for q in d.args[2]]


def _to_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """Second question of the moving cards: where the chosen piece goes."""
    assert isinstance(a, Pick)
    seat, (card, src, _to) = d.seat, d.args
    b = s.board
    b[a.point] = b[src]
    b[src] = EMPTY
    if card == 4:  # the waddling penguin leaves an egg behind
        s.place_egg(s.side(seat), src)


def _rival_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[p] for p in _penguins(s, 1 - s.side(d.seat))]


def _rival_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """#9: both chosen penguins go back unused and an unused egg of each owner
    takes its place (if the owner has one). Either side may win by it."""
    assert isinstance(a, Pick)
    side = s.side(d.seat)
    mine, theirs = d.args[0], a.point
    s.board[mine] = EMPTY
    s.board[theirs] = EMPTY
    s.place_egg(side, mine)
    s.place_egg(1 - side, theirs)


# ---------------------------------------------------------------- triangle cards


def _triangle_legal(s: PenguinData, d: Decision) -> list[Action]:
    ts = _nest_triangles(s) if d.args[0] == 5 else _avalanche_triangles(s)
    return [PickTriangle(t) for t in ts]


def _triangle_apply(s: PenguinData, d: Decision, a: Action) -> None:
    assert isinstance(a, PickTriangle)
    seat, card = d.seat, d.args[0]
    corners = s.grid.triangle(a.triangle)
    assert corners is not None
    for p in corners:
        if card == 5:
            s.place_egg(s.side(seat), p)
        elif is_egg(s.board[p]):
            s.board[p] = EMPTY


# ---------------------------------------------------------------- #8 tailwind


def _tailwind_legal(s: PenguinData, d: Decision) -> list[Action]:
    from meeple.games.penguins.flow import explore_actions

    return explore_actions(s, d.seat)


def _tailwind_apply(s: PenguinData, d: Decision, a: Action) -> None:
    from meeple.games.penguins.actions import Explore
    from meeple.games.penguins.flow import slide

    assert isinstance(a, Explore)
    s.push(slide(d.seat, a.point, a.move))


# ---------------------------------------------------------------- #11 which hand


def _hide_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Hide(h) for h in HANDS]


def _hide_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """The hand hiding the penguin is secret: only the hider's view shows it."""
    assert isinstance(a, Hide)
    seat = d.seat
    s.push(owe(s.opponents(seat)[0], "guess", (seat, HANDS.index(a.hand))))


def guess_seen(d: Decision, viewer: int | None) -> tuple[object, ...]:
    """A ``guess``'s args as ``viewer`` may see them: only the hider knows the hand."""
    return d.args if viewer == d.args[0] else d.args[:1]


def guess_resampled(d: Decision, viewer: int, draw: Callable[[int], int]) -> Decision:
    """A ``guess`` as ``viewer`` may imagine it: the hidden hand drawn anew
    (``draw(2)``), unless ``viewer`` hid it."""
    hider = d.args[0]
    return d if hider == viewer else owe(d.seat, d.kind, (hider, draw(2)))


def _guess_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [Guess(h) for h in HANDS]


def _guess_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """The picked hand's content goes on the board; an empty hand (no unused
    penguin left, FAQ 10) does nothing."""
    assert isinstance(a, Guess)
    hider, penguin_hand = d.args
    side = s.side(hider)
    if HANDS.index(a.hand) == penguin_hand:
        if s.next_penguin(side) is None:
            return
        s.push(owe(hider, "c_place", ("penguin",)))
    else:
        s.push(owe(hider, "c_place", ("egg",)))


def _place_legal(s: PenguinData, d: Decision) -> list[Action]:
    return [PICKS[p] for p in s.empty_points()]


def _place_apply(s: PenguinData, d: Decision, a: Action) -> None:
    """An unused penguin placed by a card obeys the star rule (FAQ 11)."""
    assert isinstance(a, Pick)
    side = s.side(d.seat)
    if d.args[0] == "egg":
        s.place_egg(side, a.point)
    else:
        penguin = s.next_penguin(side)
        assert penguin is not None
        s.board[a.point] = penguin
