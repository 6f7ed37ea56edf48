"""Fit To Print (Peter McPherson, 2023): real-time newsroom tile laying for 1-6 players."""

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.fittoprint import bots, hidden, preview, text
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

declare(
    FitToPrint,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        text=Text(
            render=text.render,
            action_label=text.action_label,
            end_label=text.end_label,
            tiebreak_label=text.tiebreak_label,
            action_region=text.action_region,
            option_words=text.OPTION_WORDS,
        ),
        hidden_label=hidden.hidden_label,
        confirm=text.confirm,
        preview=preview.PREVIEW,
    ),
)
