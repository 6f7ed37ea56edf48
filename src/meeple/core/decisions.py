"""A stack of pending decisions: choices owed by any seat, pushed by effects, popped by actions.

Modern games interrupt a turn all the time: a card says "choose one", an
opponent you landed on may rearrange their cards, every player whose worker
was bumped picks a reward, each opponent takes something at a collision.
Each of these is one *decision* owed by one seat, often not the seat whose
turn it is. A game keeps them in one stack in its state; ``turn()`` reads
the top (:func:`turn_of`), so an out-of-turn decision is simply an ordinary
turn of the seat that owes it (clocks, bots and the browser need nothing
special), and when the stack is empty the game's own phase decides.

What we took from others, and why:

* TabletopGames (``IExtendedSequence``): a stack of pending sequences, the
  top one taking over who acts and what they may do until it is done. We
  keep the stack, but as plain data (no objects with behaviour), because a
  state here must clone in microseconds and round-trip through JSON.
* boardgame.io (stages, ``setActivePlayers({others: ...})``): another seat
  deciding inside your turn without a new turn; "everyone else does X" is a
  decision per other seat, pushed in turn order (:func:`push` keeps the
  order you list them in).
* OpenSpiel: every node has exactly one kind (a seat, chance, simultaneous,
  terminal); a decision is a seat node like any other, so search and the
  adapters see no new kind of node. Shuffles stay in the state's
  :class:`~meeple.core.rng.Rng`, not on the stack.

A :class:`Decision` is frozen and holds only JSON scalars and tuples, and
the stack is a tuple (top last), so a clone shares it (pushing and popping
build new tuples) and :data:`FIELD` declares it in a state's
:class:`~meeple.core.fields.StateFields`. ``rest`` is the continuation: the
effect program (:mod:`meeple.core.effects`) to run once the decision is
taken, as ``actor``; a game's own decisions may leave it empty.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from meeple.core.errors import IllegalActionError, RecordError
from meeple.core.fields import Custom
from meeple.core.turn import Turn

#: The stack type: a tuple of decisions, the top (decided first) last.
Stack = tuple["Decision", ...]
EMPTY: Stack = ()


#: What :func:`freeze` looks inside (a dict is refused).
_NESTED = (list, tuple, dict)


def freeze(value: Any) -> Any:
    """Lists (from JSON or TOML) as tuples, all the way down: hashable, shareable data.

    >>> freeze([1, ["a", [2]]])
    (1, ('a', (2,)))
    """
    if isinstance(value, (list, tuple)):
        if type(value) is tuple:  # frozen already, as a game's own args often are
            for v in value:
                if isinstance(v, _NESTED):
                    break
            else:
                return value
        return tuple([freeze(v) for v in value])
    if isinstance(value, dict):
        raise RecordError(f"decisions and effects hold no objects, got {value!r}")
    return value


def thaw(value: Any) -> Any:
    """Tuples as lists, all the way down (the JSON form of :func:`freeze`'s values)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision owed by ``seat``.

    * ``kind``: what is to be decided; the game's own word ("rearrange",
      "bump_reward"), or the effect engine's ``"choose"``.
    * ``args``: its parameters (how many cards, the options), JSON scalars
      and tuples only.
    * ``rest``: the effect program to run once it is decided, as ``actor``
      (``-1``: as ``seat``).
    * ``source``: what asked for it (a card, "collision"), for logs and prompts.
    """

    seat: int
    kind: str
    args: tuple[Any, ...] = ()
    rest: tuple[Any, ...] = ()
    actor: int = -1
    source: str = ""

    @property
    def continues_as(self) -> int:
        """The seat whose program ``rest`` continues."""
        return self.seat if self.actor < 0 else self.actor

    def again(self, *args: Any) -> Decision:
        """The same decision with new ``args`` (e.g. one card fewer still to discard)."""
        return Decision(self.seat, self.kind, freeze(args), self.rest, self.actor, self.source)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "args": thaw(self.args),
            "rest": thaw(self.rest),
            "actor": self.actor,
            "source": self.source,
        }

    @staticmethod
    def from_json(data: Any) -> Decision:
        if not isinstance(data, dict):
            raise RecordError(f"a stored decision must be an object, got {data!r}")
        try:
            return Decision(
                seat=int(data["seat"]),
                kind=str(data["kind"]),
                args=freeze(data.get("args", ())),
                rest=freeze(data.get("rest", ())),
                actor=int(data.get("actor", -1)),
                source=str(data.get("source", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"stored decision {data!r} is malformed: {exc}") from None


def push(stack: Stack, *decisions: Decision) -> Stack:
    """``stack`` with ``decisions`` on top, the first listed to be decided first.

    >>> s = push(EMPTY, Decision(1, "a"), Decision(2, "b"))
    >>> [d.seat for d in s], top(s).seat
    ([2, 1], 1)
    """
    return stack + decisions[::-1]


def push_all(stack: Stack, decisions: Iterable[Decision]) -> Stack:
    """:func:`push` for an iterable (e.g. one decision per opponent, in turn order)."""
    return push(stack, *decisions)


def top(stack: Stack) -> Decision | None:
    """The decision owed now, or ``None`` when nothing is pending."""
    return stack[-1] if stack else None


def pop(stack: Stack) -> tuple[Decision, Stack]:
    """The top decision and the stack without it; refuses an empty stack."""
    if not stack:
        raise IllegalActionError("no decision is pending")
    return stack[-1], stack[:-1]


def pop_kind(stack: Stack, seat: int, *kinds: str) -> tuple[Decision, Stack]:
    """:func:`pop`, refusing (clearly, changing nothing) unless ``seat`` owes a decision
    of one of ``kinds`` on top: the guard an action resolving a decision starts with."""
    d = top(stack)
    if d is None:
        raise IllegalActionError("no decision is pending")
    if d.seat != seat:
        raise IllegalActionError(f"seat {d.seat} decides now, not seat {seat}")
    if kinds and d.kind not in kinds:
        raise IllegalActionError(f"the pending decision is {d.kind!r}, not {'/'.join(kinds)}")
    return d, stack[:-1]


def turn_of(stack: Stack, otherwise: Turn) -> Turn:
    """The turn of the seat owing the top decision, else ``otherwise`` (the game's phase)."""
    return Turn.seat(stack[-1].seat) if stack else otherwise


def owed_by(stack: Stack, seat: int) -> list[Decision]:
    """The decisions ``seat`` owes, the next one first."""
    return [d for d in reversed(stack) if d.seat == seat]


def stack_to_json(stack: Stack) -> list[dict[str, Any]]:
    return [d.to_json() for d in stack]


def stack_from_json(data: Any) -> Stack:
    if not isinstance(data, list):
        raise RecordError(f"a stored decision stack must be a list, got {data!r}")
    return tuple(Decision.from_json(d) for d in data)


#: Declares a decision stack in :class:`~meeple.core.fields.StateFields`:
#: ``StateFields(decisions=decisions.FIELD, ...)``. Clones share the tuple.
FIELD = Custom(copy="share", dump=stack_to_json, load=stack_from_json)
