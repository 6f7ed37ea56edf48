# C types for the compiled engine (Cython reads this beside rng.py; the interpreter
# never does): Rng is an extension type with two unsigned 64-bit fields. rng.py's
# hash covers this file (meeple._compiled.source_hash), so a change here rebuilds it.

cdef class Rng:
    cdef public unsigned long long seed
    cdef public unsigned long long counter
