"""Actions: small frozen dataclasses with a dense integer code, a string and a JSON form.

Each game declares its action classes (subclasses of :class:`Action`) and
enumerates every action it can ever produce, in a fixed order. That order *is*
the code: ``ActionSpace.code(action)`` is the action's index, stable as long as
the game and its options are unchanged, dense (``0 .. n-1``) so RL action masks
are plain boolean vectors.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from meeple.core.errors import ActionParseError, IllegalActionError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses set ``kind`` and declare their fields.

    Fields must be JSON scalars (int, str, bool, None) or tuples of them, so
    that an action is hashable, cheap, and serializes without help.
    """

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data

    def __str__(self) -> str:
        parts = [self.kind]
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if isinstance(value, tuple):
                value = ",".join(str(v) for v in value)
            parts.append(str(value))
        return " ".join(parts)


@dataclasses.dataclass(frozen=True, slots=True)
class Option(Action):
    """The core's one choose-an-option answer: take option ``n`` of the choice on top of
    the decision stack (the effect engine's ``choose``, :func:`meeple.core.kinds.choose_kind`).
    A game whose records already name its own answer (Viscounts' ``choose``) keeps it;
    a new game or expansion answers with this one."""

    kind: ClassVar[str] = "option"
    n: int


def option_number(action: Action) -> int:
    """The option an :class:`Option` takes; any other action does not answer a choice."""
    if not isinstance(action, Option):
        raise IllegalActionError(f"{action} does not answer a choice")
    return action.n


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass field names of an action class, looked up once per class
    (``dataclasses.fields`` rebuilds its answer on every call, and servers and
    logs turn actions into text and JSON all the time)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def action_from_json_with(types: Mapping[str, type[Action]], data: Any) -> Action:
    """Build an action from its JSON form, given the game's ``kind -> class`` map."""
    if not isinstance(data, Mapping):
        raise ActionParseError(f"an action must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise ActionParseError(f"unknown action type {kind!r}; expected one of {sorted(types)}")
    cls = types[kind]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ActionParseError(f"unexpected field(s) {sorted(extra)} for action {kind!r}")
    kwargs: dict[str, Any] = {}
    for name in fields:
        if name not in data:
            raise ActionParseError(f"missing field {name!r} for action {kind!r}")
        value = data[name]
        if isinstance(value, list):
            value = tuple(value)
        if isinstance(value, (dict, float)):
            raise ActionParseError(f"field {name!r} of action {kind!r} has a bad value {value!r}")
        kwargs[name] = value
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise ActionParseError(f"bad action {data!r}: {exc}") from exc


class ActionSpace:
    """The enumerated actions of one game configuration.

    >>> from meeple.games.tictactoe import Place
    >>> space = ActionSpace([Place(i) for i in range(9)])
    >>> space.code(Place(4)), space.action(4), space.parse("place 4")
    (4, Place(cell=4), Place(cell=4))
    """

    __slots__ = ("_actions", "_by_text", "_codes", "_types")

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._codes: dict[Action, int] = {}
        self._by_text: dict[str, Action] = {}
        self._types: dict[str, type[Action]] = {}
        for i, a in enumerate(self._actions):
            if a in self._codes:
                raise ValueError(f"action {a!r} enumerated twice")
            self._codes[a] = i
            self._by_text[str(a).lower()] = a
            self._types[a.kind] = type(a)

    def __len__(self) -> int:
        return len(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._codes

    @property
    def actions(self) -> Sequence[Action]:
        return self._actions

    @property
    def types(self) -> Mapping[str, type[Action]]:
        return self._types

    def code(self, action: Action) -> int:
        try:
            return self._codes[action]
        except KeyError:
            raise ActionParseError(f"{action!r} is not an action of this game") from None

    def action(self, code: int) -> Action:
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < len(self):
            raise ActionParseError(f"action code {code!r} out of range 0..{len(self) - 1}")
        return self._actions[code]

    def parse(self, text: str) -> Action:
        """Parse the readable string form (``str(action)``), case and spacing insensitive."""
        key = " ".join(str(text).lower().split())
        try:
            return self._by_text[key]
        except KeyError:
            raise ActionParseError(f"no action reads {text!r}") from None

    def from_json(self, data: Any) -> Action:
        action = action_from_json_with(self._types, data)
        if action not in self._codes:
            raise ActionParseError(f"{data!r} is not an action of this game")
        return action
