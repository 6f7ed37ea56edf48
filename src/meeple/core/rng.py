"""A tiny, serializable, splittable random generator for game states.

Where outcomes explode (shuffling a deck) a state holds a generator instead of
exposing a chance node. It must clone in O(1), round-trip through JSON as two
integers and be identical on every platform, so we use SplitMix64 over a
(seed, counter) pair rather than :mod:`random` (whose state is 625 words).
The generator lives only in the full state: views never include it.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

try:
    import cython
except ImportError:  # no Cython: the interpreted module, with stand-ins for its names
    from meeple.core import _cython as cython

_MASK = (1 << 64) - 1
T = TypeVar("T")

# SplitMix64's constants as C unsigned 64-bit integers in the compiled module (Python
# ints interpreted): the mixing below is then C arithmetic, not arbitrary-precision.
_M = cython.declare(cython.ulonglong, _MASK)
_GAMMA = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_MUL1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_MUL2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)


@cython.cfunc
@cython.locals(z=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _mix64(z: int) -> int:
    """SplitMix64's finalizer of a value in [0, 2**64): C unsigned arithmetic compiled
    (where ``& _M`` is what the type does anyway), the same masked Python interpreted."""
    z = (z + _GAMMA) & _M
    z = ((z ^ (z >> 30)) * _MUL1) & _M
    z = ((z ^ (z >> 27)) * _MUL2) & _M
    return z ^ (z >> 31)


def _mix(z: int) -> int:
    """:func:`_mix64` of any int (taken modulo 2**64)."""
    return _mix64(z & _MASK)


class Rng:
    """SplitMix64 generator.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.randbelow(100) for _ in range(3)] == [b.randbelow(100) for _ in range(3)]
    True
    >>> Rng.from_json(a.to_json()).randbelow(10**9) == a.randbelow(10**9)
    True
    """

    # Compiled, an extension type whose two fields are C unsigned 64-bit integers
    # (declared in rng.pxd); interpreted, these slots of Python ints. The counter never
    # reaches 2**64 (it counts draws), and the seed is masked.
    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def next64(self) -> int:
        self.counter += 1
        return _mix64(self.seed ^ _mix64(self.counter & _M))

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    @cython.locals(bound=cython.ulonglong, cut=cython.ulonglong, x=cython.ulonglong)
    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        bound = n
        # Draws of 2**64 - cut and above are rejected, so each of the n values is as
        # likely; cut = 2**64 % n, in 64-bit arithmetic (compiled it is C's).
        cut = (_M % bound + 1) % bound
        while True:
            x = self.next64()
            if cut == 0 or x <= _M - cut:
                return x % bound

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, weights: Sequence[float]) -> int:
        total = float(sum(weights))
        x = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if x < acc:
                return i
        return len(weights) - 1

    def spawn(self, salt: int) -> Rng:
        """An independent generator derived from this one (does not advance it)."""
        return Rng(_mix(self.seed ^ _mix(salt + 0x5EED)), 0)

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter)

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @staticmethod
    def from_json(data: Sequence[int]) -> Rng:
        return Rng(int(data[0]), int(data[1]))
