"""Research adapters: every meeple game as a PettingZoo, Gymnasium or OpenSpiel environment.

Each adapter is a thin layer over the core API (``legal_actions``, dense
action codes, ``observation_tensor``, chance outcomes, ``returns``), so a game
gets all three for free. The submodules import their framework, which comes
with ``pip install meeple[rl]``; this package itself imports nothing heavy, so
``import meeple`` stays light.

- :mod:`meeple.adapters.pettingzoo`: ``env(game)`` (AEC) and ``parallel_env(game)``
- :mod:`meeple.adapters.gymnasium`: ``env(game, seat=0, opponents=[...])``
- :mod:`meeple.adapters.openspiel`: ``load(game)`` -> ``pyspiel.Game``
"""
