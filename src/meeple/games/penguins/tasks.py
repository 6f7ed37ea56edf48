"""The task queue's vocabulary: decisions (a seat answers) and automatic steps.

A turn is a short queue of tasks: each is a plain list ``[kind, seat, *data]``
(JSON as is, never mutated in place, so a clone may share them). Decision
kinds say which actions answer them; automatic kinds just run. The table of
every kind is built in one place, decisions.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from meeple.core.actions import Action
from meeple.games.penguins.state import PenguinData, Task

__all__ = ["ApplyFn", "AutoFn", "Decision", "LegalFn", "Task"]

LegalFn = Callable[[PenguinData, Task], list[Action]]
ApplyFn = Callable[[PenguinData, Task, Action], None]
AutoFn = Callable[[PenguinData, Task], None]


@dataclass(frozen=True)
class Decision:
    """A kind of task a seat answers: its legal actions, and what an answer does."""

    legal: LegalFn
    apply: ApplyFn
