"""Named set-ups for the penguin game's rules tests: situations built by name, not by
writing the state's fields in every test, so a change to how the state keeps them is
fixed here.

``situation`` returns a state already in play (seat 0 to move, no pending
task) whose board, terrain, hands and deck are exactly what the test says.
Points are given by label ("C3"); pieces by short codes: e0/e1 eggs,
a0/a1 assistant penguins, s0/s1 star penguins, or a barrier name. Later changes
go through :func:`put`, :func:`fill_empty`, :func:`turn_of` and
:func:`with_discard`::

    s = situation({"A1": "e0"})
    fill_empty(s, "seagull")  # no space left ...
    put(s, "B1", None)  # ... but B1
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.games.penguins import Penguins, PenguinState
from meeple.games.penguins.components import (
    ASSISTANT,
    BARRIERS,
    EGG,
    STAR,
    TERRAINS,
    Layout,
    components,
)

GRID = components().grid
CODES = {"e0": EGG[0], "e1": EGG[1], "a0": ASSISTANT[0], "a1": ASSISTANT[1],
         "s0": STAR[0], "s1": STAR[1], **BARRIERS}  # fmt: skip


def P(label: str) -> int:
    return GRID.point(label)


def situation(
    pieces: dict[str, str] | None = None,
    terrain: dict[str, str] | None = None,
    rivers: dict[str, list[str]] | None = None,
    tents: dict[str, int] | None = None,
    hands: list[list[int]] | None = None,
    deck: list[int] | None = None,
    gold: tuple[int, ...] = (5, 7, 9, 11),
    silver: tuple[int, ...] = (1, 2, 10, 13),
    players: int = 2,
    seat: int = 0,
    **options: Any,
) -> PenguinState:
    game = Penguins(players=players, **options)
    s = game.new_initial_state(0)
    s.decisions = ()
    s.first = 0
    s.playing = True
    s.seat = seat
    s.gold, s.silver = list(gold), list(silver)
    for label, code in (pieces or {}).items():
        s.board[P(label)] = CODES[code]
    ter = [0] * GRID.size
    for label, kind in (terrain or {}).items():
        ter[P(label)] = TERRAINS[kind]
    river = []
    for label, to in (rivers or {}).items():
        ter[P(label)] = TERRAINS["river"]
        river.append((P(label), tuple(-1 if x == "off" else P(x) for x in to)))
    tent_list = []
    for label, turn in (tents or {}).items():
        ter[P(label)] = TERRAINS["tent"]
        tent_list.append((P(label), turn))
    s.layout = Layout(tuple(ter), tuple(river), tuple(tent_list))
    s.hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    s.offers = [[] for _ in range(players)]
    s.deck = list(deck or [])
    return s


def put(s: PenguinState, label: str, code: str | None) -> None:
    """Point ``label`` holds ``code`` (a piece or barrier code; ``None``: empty)."""
    s.board[P(label)] = CODES[code] if code else 0


def fill_empty(s: PenguinState, code: str) -> None:
    """Every empty point holds ``code`` (a barrier: nowhere left to go)."""
    s.board = [CODES[code] if v == 0 else v for v in s.board]


def turn_of(s: PenguinState, seat: int) -> None:
    """``seat``'s turn again, its main action not yet taken."""
    s.seat, s.main_done = seat, False


def with_discard(s: PenguinState, *cards: int) -> None:
    """The discard pile holds these cards, the last on top."""
    s.discard = list(cards)


def cells(s: PenguinState) -> dict[str, str]:
    """The occupied points as {label: code}, for compact assertions."""
    names = {v: k for k, v in CODES.items()}
    return {GRID.label(p): names[v] for p, v in enumerate(s.board) if v}


def act(s: PenguinState, *actions: Action | str) -> PenguinState:
    """Apply actions (or their readable strings) with the checked apply."""
    for a in actions:
        action = s.game.parse_action(a) if isinstance(a, str) else a
        s.apply(action, s.turn().seats[0] if s.turn().seats else None)
    return s


def legal(s: PenguinState) -> set[str]:
    return {str(a) for a in s.legal_actions()}
