"""A state's fields, declared once; clone, JSON and ``__slots__`` follow.

Search clones states millions of times, so a state is plain data (ints,
bools, short lists) and its ``clone`` copies exactly what must be copied:
a list is sliced, a list of lists sliced twice, an int shared. Written by
hand that is one line per field, and the same fields are named again in
``to_json``, the loader and ``__slots__``: four lists to keep in step.
:class:`StateFields` names each field once, with its type, and the three
methods follow from the declaration as straight-line code
(:meth:`StateFields.code`), so they cost what hand-written ones do::

    FIELDS = StateFields(board=list[int], to_move=int)

    class NoughtsState(FieldState):
        __slots__ = FIELDS.slots
        fields = FIELDS

That code is checked-in source: ``python -m meeple.core.fieldgen`` writes it,
for every field state of a built-in game's module, into the module's companion
(``state.py`` -> ``state_fields.py``), which the compiled engine compiles and
the interpreted one runs; ``tests/test_fieldgen.py`` fails when a companion is
out of date. A class whose module has no companion (a test's fixture, a
doctest, a game of another package that did not generate one) gets the same
code run by ``exec`` (the way ``dataclasses`` builds ``__init__``).

The types understood:

* ``int``, ``float``, ``bool``, ``str``: shared on clone, converted on load;
  ``int | None`` (any ``X | None`` of these) keeps ``None``;
* ``object``: any immutable JSON value, shared and stored as it is;
* ``list[T]``, ``list[list[T]]`` (any depth): copied to that depth;
* ``tuple[T, ...]``: shared on clone, a list in JSON, a tuple again on load;
* ``set[T]``: copied, a sorted list in JSON;
* :class:`~meeple.core.rng.Rng`: copied, ``[seed, counter]`` in JSON;
* ``Shared[list[list[T]]]``: a list whose items are never changed in place
  (they are replaced): a clone copies only the list, JSON copies it deeply;
* :class:`Custom`: anything else, with a copy, a dump and a load function of
  its own (Fit To Print's pages, dicts with tuple values).

``derived`` names fields that are cloned (shared: they must hold immutable
values) but not stored, because they follow from the others (a cached turn,
a winner); :meth:`FieldState.restore` rebuilds them after loading.
"""

from __future__ import annotations

import hashlib
import importlib
import re
import types
import typing
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from meeple.core.errors import RecordError
from meeple.core.game import Game, State
from meeple.core.rng import Rng

_SCALARS: dict[Any, str] = {int: "int", float: "float", bool: "bool", str: "str"}
_SHARED = "items shared between clones"

_T = typing.TypeVar("_T")
#: ``Shared[list[list[int]]]``: see the module docstring.
Shared = typing.Annotated[_T, _SHARED]


@dataclass(frozen=True)
class _Kind:
    """How one declared field is copied, stored and loaded (as code snippets over ``v``)."""

    copy: str
    dump: str
    load: str


@dataclass(frozen=True)
class Custom:
    """A field copied, stored and loaded by functions of the game's own."""

    #: A function, or an inline rule (no call on the clone path, which search lives on):
    #: ``"share"`` (the value is replaced, never changed) or ``"dicts"`` (a list of flat dicts).
    copy: Callable[[Any], Any] | str
    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _identity(value: Any) -> Any:
    return value


#: A value shared by clones and stored as it is (it is replaced, never changed in place),
#: loaded as a fresh list.
SHARED_LIST = Custom(copy="share", dump=_identity, load=list)

_INLINE_COPIES = {"share": "v", "dicts": "[dict(x) for x in v]"}


def _list_copy(depth: int, v: str) -> str:
    if depth == 1:
        return f"{v}[:]"
    inner = f"x{depth}"
    return f"[{_list_copy(depth - 1, inner)} for {inner} in {v}]"


def _kind(name: str, tp: Any) -> _Kind:
    """The copy/dump/load snippets of a field of type ``tp`` (``v`` is its value)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if isinstance(tp, Custom):
        if isinstance(tp.copy, str):
            if tp.copy not in _INLINE_COPIES:
                raise TypeError(f"state field {name!r}: no inline copy rule {tp.copy!r}")
            return _Kind(_INLINE_COPIES[tp.copy], f"{name}__dump(v)", f"{name}__load(v)")
        return _Kind(f"{name}__copy(v)", f"{name}__dump(v)", f"{name}__load(v)")
    if origin is typing.Annotated and _SHARED in args[1:]:
        if typing.get_origin(args[0]) is not list:
            raise TypeError(f"state field {name!r}: Shared[...] is for lists, got {args[0]!r}")
        return _Kind("v[:]", "json_copy(v)", "json_copy(v)")
    if tp in _SCALARS:
        conv = _SCALARS[tp]
        return _Kind("v", "v", f"{conv}(v)")
    if tp is object:
        return _Kind("v", "v", "v")
    if tp is Rng:
        return _Kind("v.copy()", "v.to_json()", "Rng.from_json(v)")
    if origin in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        if inner in _SCALARS:
            conv = _SCALARS[inner]
            return _Kind("v", "v", f"None if v is None else {conv}(v)")
    if origin is list:
        depth = 1
        (item,) = args or (object,)
        while typing.get_origin(item) is list:
            depth += 1
            (item,) = typing.get_args(item) or (object,)
        conv = _SCALARS.get(item, "")
        if depth == 1 and conv:
            load = f"[{conv}(x) for x in v]"
        else:
            load = "json_copy(v)" if depth > 1 else "list(v)"
        return _Kind(_list_copy(depth, "v"), _list_copy(depth, "v"), load)
    if origin is tuple:
        return _Kind("v", "list(v)", "tuple(v)")
    if origin is set:
        return _Kind("set(v)", "sorted(v)", "set(v)")
    raise TypeError(f"state field {name!r}: no copy rule for type {tp!r}")


def json_copy(value: Any) -> Any:
    """A deep copy of nested lists (and dicts) of JSON scalars."""
    if isinstance(value, list):
        return [json_copy(x) for x in value]
    if isinstance(value, dict):
        return {k: json_copy(x) for k, x in value.items()}
    return value


class StateFields:
    """The declared fields of one state class (see the module docstring)."""

    def __init__(self, *, derived: tuple[str, ...] = (), **fields: Any) -> None:
        if not fields:
            raise TypeError("StateFields needs at least one field")
        clash = set(derived) & set(fields)
        if clash or "game" in fields or "game" in derived:
            raise TypeError(f"state fields named twice (or 'game'): {sorted(clash) or ['game']}")
        self.kinds: dict[str, _Kind] = {n: _kind(n, tp) for n, tp in fields.items()}
        self._custom: dict[str, Callable[[Any], Any] | str] = {}
        for n, tp in fields.items():
            if isinstance(tp, Custom):
                self._custom.update(
                    {f"{n}__copy": tp.copy, f"{n}__dump": tp.dump, f"{n}__load": tp.load}
                )
        self.derived = tuple(derived)
        #: ``__slots__`` for the state class: ``game``, the fields, the derived fields.
        self.slots: tuple[str, ...] = ("game", *self.kinds, *self.derived)
        self._fingerprint: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The stored fields, in declaration order (the keys of ``to_json``)."""
        return tuple(self.kinds)

    def methods(
        self, cls: type
    ) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
        """``clone``, ``to_json`` and ``load(game, data)`` for ``cls``: those written out as
        source in the declaring module's companion (``state.py`` -> ``state_fields.py``,
        written by ``python -m meeple.core.fieldgen``), which the compiled engine compiles;
        for a module without one (a test's fixture, a doctest) or with an out-of-date one
        (a warning says so), the same source run by :meth:`build`."""
        make = self.written(declaring(cls))
        if make is None:
            return self.build(cls)
        return make(**self.scope(cls))

    def written(self, owner: type) -> Callable[..., Any] | None:
        """The factory of ``owner``'s field methods in its module's companion, if current."""
        name = companion(owner.__module__)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return None
        if getattr(module, "FINGERPRINTS", {}).get(owner.__qualname__) != self.fingerprint():
            warnings.warn(
                f"{name} is out of date for {owner.__qualname__}'s fields (run: python -m "
                "meeple.core.fieldgen); its field methods are built by exec meanwhile",
                stacklevel=2,
            )
            return None
        return getattr(module, f"make_{owner.__qualname__}")

    def build(self, cls: type) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
        """``clone``, ``to_json`` and ``load(game, data)`` for ``cls``, :meth:`code` run by
        ``exec`` (as dataclasses does): for classes whose module has no written-out companion."""
        scope = self.scope(cls)
        exec(self.code(), scope)  # our own generated code, as dataclasses does
        return scope["clone"], scope["to_json"], scope["load"]

    def scope(self, cls: type) -> dict[str, Any]:
        """The names :meth:`code` uses, for ``cls`` (the parameters of a companion's factory)."""
        return {
            "cls": cls,
            "new": object.__new__,
            "Rng": Rng,
            "json_copy": json_copy,
            **self._custom,
        }

    def fingerprint(self) -> str:
        """A hash of :meth:`code`: a companion's factory written from another declaration
        (or by another version of this module) has another."""
        if self._fingerprint is None:
            self._fingerprint = hashlib.sha256(self.code().encode()).hexdigest()[:16]
        return self._fingerprint

    def code(self) -> str:
        """The source of ``clone``, ``to_json`` and ``load(game, data)``, over the names of
        :meth:`scope`: what a companion module holds (``meeple.core.fieldgen`` writes it
        into a factory taking those names) and :meth:`build` runs."""
        clone = ["def clone(self):", "    c = new(cls)", "    c.game = self.game"]
        dump = ["def to_json(self):", "    return {"]
        load = ["def load(game, data):", "    s = new(cls)", "    s.game = game"]
        for name, kind in self.kinds.items():
            clone.append(f"    c.{name} = {_rename(kind.copy, f'self.{name}')}")
            key = f'"{name}"'
            dump.append(f"        {key}: {_rename(kind.dump, f'self.{name}')},")
            load.append(f"    s.{name} = {_rename(kind.load, f'data[{key}]')}")
        for name in self.derived:
            clone.append(f"    c.{name} = self.{name}")
        clone.append("    return c")
        dump.append("    }")
        load += ["    s.restore()", "    return s"]
        return "\n".join([*clone, *dump, *load])


def companion(module: str) -> str:
    """The module holding the written-out field methods of ``module``'s field states."""
    return f"{module}_fields"


def declaring(cls: type) -> type:
    """The class of ``cls``'s MRO that declares the ``fields`` it has."""
    return next(k for k in cls.__mro__ if "fields" in vars(k))


def _rename(snippet: str, value: str) -> str:
    """``snippet`` with its placeholder ``v`` (a whole word) replaced by ``value``."""
    return re.sub(r"\bv\b", value, snippet)


class FieldState(State):
    """A :class:`State` whose ``clone``, ``to_json`` and loader come from ``fields``.

    A subclass sets ``fields = StateFields(...)`` and ``__slots__ =
    fields.slots``; ``cls.load(game, data)`` is the inverse of ``to_json``
    (a game's ``state_from_json`` calls it). Subclasses of that class (a
    game's rules over its state's data) get the methods built for them too,
    with ``__slots__ = ()``.
    """

    __slots__ = ()
    fields: ClassVar[StateFields]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = getattr(cls, "fields", None)
        if declared is None:
            return
        # Built again for every subclass: the clone must make the subclass, and a
        # subclass (the rules over the state's data) adds methods, not fields.
        cls._fields_own = tuple(n for n in ("clone", "to_json") if n in cls.__dict__)  # type: ignore[attr-defined]
        install(cls, *declared.methods(cls))

    def clone(self) -> Self:
        raise TypeError(f"{type(self).__name__} declares no fields")  # replaced per class

    def to_json(self) -> dict[str, Any]:
        raise TypeError(f"{type(self).__name__} declares no fields")  # replaced per class

    @classmethod
    def load(cls, game: Game, data: dict[str, Any]) -> Self:
        """The state ``to_json`` gave ``data`` for, in ``game``."""
        try:
            loaded: Self = cls._load(game, cls.upgrade(game, data))  # type: ignore[attr-defined]
        except KeyError as exc:
            raise RecordError(f"stored {cls.__name__} lacks the field {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise RecordError(f"stored {cls.__name__} is malformed: {exc}") from None
        return loaded

    @classmethod
    def upgrade(cls, game: Game, data: dict[str, Any]) -> dict[str, Any]:
        """Hook: the stored form with fields added since it was saved filled in
        (a database holds states older than the code). The default: as it is."""
        return data

    def restore(self) -> None:
        """Hook: rebuild the ``derived`` fields after loading (the default: none)."""


def install(
    cls: type[FieldState],
    clone: Callable[..., Any],
    to_json: Callable[..., Any],
    load: Callable[..., Any],
) -> None:
    """Give ``cls`` its field methods, but those it writes itself."""
    own = cls.__dict__.get("_fields_own", ())
    if "clone" not in own:
        cls.clone = clone  # type: ignore[method-assign]
    if "to_json" not in own:
        cls.to_json = to_json  # type: ignore[method-assign]
    cls._load = staticmethod(load)  # type: ignore[attr-defined]
