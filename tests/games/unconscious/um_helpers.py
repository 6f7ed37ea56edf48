"""Set-up states for Unconscious Mind's rule tests: a match past setup, arranged by hand."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.unconscious import Unconscious, UnconsciousState
from meeple.games.unconscious import dial as dl
from meeple.games.unconscious.actions import KeepStart
from meeple.games.unconscious.setup import start_tiles


def ready(players: int = 2, seed: int = 1, **options: object) -> UnconsciousState:
    """A match past the keep phase (each seat kept its first starting tile in row 1)."""
    s = Unconscious(players=players, **options).new_initial_state(seed)
    for seat in range(players):
        s.apply(KeepStart(start_tiles(s, seat)[0], 0), seat)
    return s


def play(s: UnconsciousState, *actions: Action) -> None:
    """Apply each action as the seat whose turn it is (checked)."""
    for a in actions:
        seat = s.current_seat()
        assert seat is not None
        s.apply(a, seat)


def fill_dial(s: UnconsciousState, seat: int, *spots: tuple[int, int]) -> None:
    """Give ``seat`` a dial holding exactly one insight per ``(colour, level)`` listed,
    the rest of six generic and one own insight in the reserve."""
    d = dl.new_dial(6, 1)
    for colour, level in spots:
        dl.generate(d, colour)
        for lv in range(1, level):
            dl.elevate(d, colour, lv)
    s.dial[seat] = d


def legal(s: UnconsciousState) -> list[Action]:
    seat = s.current_seat()
    assert seat is not None
    return s.legal_actions(seat)
