"""meeple: faithful rules engines for modern board games, with bots and research environments.

>>> import meeple
>>> game = meeple.make_game("tictactoe")
>>> state = game.new_initial_state(seed=0)
>>> [str(a) for a in state.legal_actions()][:3]
['place 0', 'place 1', 'place 2']
"""

from meeple import _compiled

_compiled.install()  # before any engine module is imported: see meeple._compiled

from meeple.core import (  # noqa: E402
    Action,
    Game,
    Match,
    MatchRecord,
    State,
    game_names,
    games,
    get_game_class,
    make_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "Match",
    "MatchRecord",
    "State",
    "__version__",
    "game_names",
    "games",
    "get_game_class",
    "make_game",
    "replay",
]
