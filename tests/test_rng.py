"""core.rng: SplitMix64, the same numbers compiled (C unsigned arithmetic) and interpreted.

The compiled module mixes in C 64-bit integers (issue 39, item 2: the RNG compiled),
declared in Cython's pure-Python mode; the interpreted one runs the same lines on
Python ints, with ``meeple.core._cython``'s stand-ins where Cython is not installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from meeple import _compiled
from meeple.core.rng import Rng

SRC = Path(__file__).resolve().parent.parent / "src"
MASK = (1 << 64) - 1


def mix(z: int) -> int:
    """SplitMix64's finalizer, written plainly (the reference)."""
    z = (z + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Reference:
    """SplitMix64 over (seed, counter) with unbiased draws, written plainly."""

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed, self.counter = seed & MASK, counter

    def randbelow(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.counter += 1
            x = mix((self.seed ^ mix(self.counter)) & MASK)
            if x < limit:
                return x % n


def reference_draws(seed: int, counter: int, n: int, k: int) -> list[int]:
    """``k`` draws below ``n`` from a generator at ``(seed, counter)``, by the reference."""
    ref = Reference(seed, counter)
    return [ref.randbelow(n) for _ in range(k)]


BOUNDS = [1, 2, 3, 7, 10, 52, 1000, 2**32 + 1, 2**63, 2**63 + 12345, 2**64 - 1]


def test_draws_are_splitmix64s_at_every_bound() -> None:
    """Compiled (when built) or not: every bound, up to 2**64 - 1, and the rejection of
    the draws that would bias the result, as the reference computes them."""
    rs = random.Random(5)
    for _ in range(400):
        seed, counter = rs.getrandbits(64), rs.randrange(0, 1000)
        n = rs.choice([*BOUNDS, rs.randrange(1, 2**64)])
        r = Rng(seed, counter)
        assert [r.randbelow(n) for _ in range(5)] == reference_draws(seed, counter, n, 5)
    # A seed outside 64 bits is taken modulo 2**64; spawn mixes any salt.
    assert Rng(-1).randbelow(1000) == Rng(MASK).randbelow(1000)
    assert Rng(2**70 + 3).next64() == Rng(3).next64()
    assert Rng(9).spawn(-5).seed == mix(9 ^ mix(-5 + 0x5EED))
    with pytest.raises(ValueError):
        Rng(1).randbelow(0)
    with pytest.raises(ValueError):
        Rng(1).randbelow(-3)


_DRAW = """
import json, sys
if sys.argv[1] == "no-cython":
    sys.modules["cython"] = None  # as where Cython is not installed: import cython fails
import meeple.core.rng as rng
from meeple.core import _cython
r = rng.Rng(7, 3)
print(json.dumps({
    "stand_in": getattr(rng, "cython", None) is _cython,
    "compiled": rng.__file__.endswith(".so"),
    "draws": [r.randbelow(n) for n in (1000, 2**63 + 1, 52, 2**64 - 1)],
    "spawned": rng.Rng(3).spawn(2).next64(),
    "field": type(rng.Rng.__dict__["seed"]).__name__,
}))
"""


def _draw(*, interpreted: bool, cython: bool) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop(_compiled.SWITCH, None)
    if interpreted:
        env[_compiled.SWITCH] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _DRAW, "cython" if cython else "no-cython"],
        env=env, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_rng_runs_without_cython_and_draws_the_same_compiled() -> None:
    """Without Cython (an install that runs interpreted) the module imports its
    stand-ins (``meeple.core._cython``); with it, the compiled module (when built), an
    extension type with C fields, draws exactly what both interpreted ones do."""
    bare = _draw(interpreted=True, cython=False)
    assert bare["stand_in"] is True and bare["compiled"] is False
    shadow = _draw(interpreted=True, cython=True)
    assert shadow["stand_in"] is False  # Cython's own shadow module
    built = _draw(interpreted=False, cython=True)
    ref = Reference(7, 3)
    draws = [ref.randbelow(n) for n in (1000, 2**63 + 1, 52, 2**64 - 1)]
    spawned = Reference(mix(3 ^ mix(2 + 0x5EED)))
    # Interpreted, Rng's fields are slots of Python ints; compiled, C fields of an
    # extension type (rng.pxd), which Python reads through getters.
    assert bare["field"] == shadow["field"] == "member_descriptor"
    if built["compiled"]:
        assert built["field"] == "getset_descriptor"
    for got in (bare, shadow, built):
        assert got["draws"] == draws
        assert got["spawned"] == mix((spawned.seed ^ mix(1)) & MASK)


def test_a_modules_c_declarations_are_part_of_its_source_hash(tmp_path: Path) -> None:
    """A ``.pxd`` beside a compiled module (rng.pxd) is read with it: changing it makes
    the build stale as changing the ``.py`` does."""
    py = tmp_path / "mod.py"
    py.write_text("x = 1\n")
    alone = _compiled.source_hash(py)
    (tmp_path / "mod.pxd").write_text("cdef int x\n")
    declared = _compiled.source_hash(py)
    (tmp_path / "mod.pxd").write_text("cdef long x\n")
    assert len({alone, declared, _compiled.source_hash(py)}) == 3
    rng = SRC / "meeple" / "core" / "rng.py"
    assert rng.with_suffix(".pxd").is_file()
    assert _compiled.source_hash(rng) != hashlib.sha256(rng.read_bytes()).hexdigest()
