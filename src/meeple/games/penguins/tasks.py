"""The task queue's vocabulary: decisions (a seat answers) and automatic steps.

A turn is a short queue of tasks: each is a plain list ``[kind, seat, *data]``
(JSON as is, never mutated in place, so a clone may share them). Decision
kinds say which actions answer them; automatic kinds just run. Rules modules
register their kinds here with the two decorators.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action

if TYPE_CHECKING:
    from meeple.games.penguins.state import PenguinState

Task = list[Any]
LegalFn = Callable[["PenguinState", Task], list[Action]]
ApplyFn = Callable[["PenguinState", Task, Action], None]
AutoFn = Callable[["PenguinState", Task], None]


@dataclass(frozen=True)
class Decision:
    legal: LegalFn
    apply: ApplyFn


DECISIONS: dict[str, Decision] = {}
AUTO: dict[str, AutoFn] = {}


def decision(kind: str) -> Callable[[LegalFn], Callable[[ApplyFn], ApplyFn]]:
    """Register ``kind``: decorate the legal-actions function, then its apply."""

    def with_legal(legal: LegalFn) -> Callable[[ApplyFn], ApplyFn]:
        def with_apply(apply: ApplyFn) -> ApplyFn:
            DECISIONS[kind] = Decision(legal, apply)
            return apply

        return with_apply

    return with_legal


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    def register(fn: AutoFn) -> AutoFn:
        AUTO[kind] = fn
        return fn

    return register
