"""Errors raised by the core, one class per kind of bad input.

Drivers (the CLI, the server, adapters) catch these to answer a player with a
clear message. "Cannot parse" and "not legal" are kept apart on purpose: the
first is a malformed message, the second a well-formed move the rules refuse.
"""

from __future__ import annotations


class MeepleError(Exception):
    """Base class of every error meeple raises on purpose."""


class UnknownGameError(MeepleError, KeyError):
    """No game is registered under the requested name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class OptionError(MeepleError, ValueError):
    """A game option (or the player count) is missing, unknown or out of range."""


class ActionParseError(MeepleError, ValueError):
    """Text, JSON or an integer code that does not describe any action of the game."""


class IllegalActionError(MeepleError, ValueError):
    """A well-formed action that the rules do not allow in this state for this seat."""


class NotYourTurnError(IllegalActionError):
    """The seat submitting an action may not act now."""


class UndoError(MeepleError):
    """Undo was asked for where it is not allowed (nothing to undo, or information revealed)."""


class RecordError(MeepleError, ValueError):
    """A match record is corrupted, or replaying it does not reproduce its stated result."""
