"""Turn structure as data: who may act in a state.

A state never encodes "whose turn" in an ad-hoc field that drivers must
interpret: it answers :meth:`State.turn` with one of four kinds. Out-of-turn
decisions (a reaction, a cancel card) are simply SEAT turns of another seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class TurnKind(StrEnum):
    """What kind of decision the state waits for."""

    SEAT = "seat"  #: exactly one seat decides
    SIMULTANEOUS = "simultaneous"  #: several seats may act, in any order
    CHANCE = "chance"  #: nature draws from :meth:`State.chance_outcomes`
    TERMINAL = "terminal"  #: the game is over


@dataclass(frozen=True, slots=True)
class Turn:
    """Who may act now. ``seats`` is empty for chance and terminal turns."""

    kind: TurnKind
    seats: tuple[int, ...] = ()

    @staticmethod
    def seat(seat: int) -> Turn:
        """The turn of one seat (shared instances: turns are frozen, and asked for a lot)."""
        if 0 <= seat < len(_SEAT_TURNS):
            return _SEAT_TURNS[seat]
        return Turn(TurnKind.SEAT, (seat,))

    @staticmethod
    def simultaneous(seats: tuple[int, ...]) -> Turn:
        return Turn(TurnKind.SIMULTANEOUS, tuple(seats))

    @property
    def is_chance(self) -> bool:
        return self.kind is TurnKind.CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.kind is TurnKind.TERMINAL

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "seats": list(self.seats)}


CHANCE_TURN = Turn(TurnKind.CHANCE)
TERMINAL_TURN = Turn(TurnKind.TERMINAL)


#: ``Turn.seat(i)`` for the seat numbers any game here uses.
_SEAT_TURNS = tuple(Turn(TurnKind.SEAT, (i,)) for i in range(16))
