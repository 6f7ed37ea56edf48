"""Tournaments between bots: schedules, local or Dask execution, ratings, reports, balance.

>>> import meeple
>>> from meeple.arena import Tournament, run_tournament, summarize
>>> t = Tournament(meeple.make_game("tictactoe"), ["random", "greedy"], games_per_lineup=4)
>>> results = run_tournament(t, progress=False)
>>> len(results), summarize(results, t.bots, 2)["games"]
(4, 4)
"""

from meeple.arena.play import play_game
from meeple.arena.stats import summarize, wilson
from meeple.arena.tournament import ArenaError, Tournament, lineups, run_tournament

__all__ = [
    "ArenaError",
    "Tournament",
    "lineups",
    "play_game",
    "run_tournament",
    "summarize",
    "wilson",
]
