"""Stand-ins for the names of Cython's pure-Python mode, where Cython is not installed.

A compiled module declares C types for its hottest code in pure-Python mode
(``@cython.locals``, ``cython.declare``, ``@cython.cfunc``): Cython reads them at
compile time, and the interpreted module, which imports ``cython`` at run time,
needs the names to exist and to do nothing. With Cython installed (the dev
environment) ``import cython`` gives Cython's own shadow module; without it (an
install that runs interpreted) a module falls back to this one::

    try:
        import cython
    except ImportError:  # no Cython: the interpreted module, with stand-ins for its names
        from meeple.core import _cython as cython

Only the names the engine uses are here; a module using another adds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: Whether this module runs compiled: never, where this stand-in is imported.
compiled = False

#: C types: Python's int stands in (the code must mask as it would wrap, and keep a
#: ``Py_ssize_t`` to an index's range).
ulonglong = int
Py_ssize_t = int


def cfunc(func: F) -> F:
    """A C function compiled; a Python function here."""
    return func


def locals(**types: Any) -> Callable[[F], F]:
    """Typed locals compiled; nothing here."""
    return lambda func: func


def returns(kind: Any) -> Callable[[F], F]:
    """A C return type compiled; nothing here."""
    return lambda func: func


def declare(kind: Any, value: Any = None) -> Any:
    """A typed variable compiled; its value here."""
    return value
