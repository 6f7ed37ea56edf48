"""Fit To Print (Peter McPherson, 2023): real-time newsroom tile laying for 1-6 players."""

from meeple.games.fittoprint.actions import (
    CallLayout,
    Draft,
    Draw,
    Flip,
    Keep,
    Lift,
    MoveCentre,
    Place,
    Print,
    Return,
    Take,
    TimeUp,
)
from meeple.games.fittoprint.rules import FitToPrint, FitToPrintState

__all__ = [
    "CallLayout",
    "Draft",
    "Draw",
    "FitToPrint",
    "FitToPrintState",
    "Flip",
    "Keep",
    "Lift",
    "MoveCentre",
    "Place",
    "Print",
    "Return",
    "Take",
    "TimeUp",
]
