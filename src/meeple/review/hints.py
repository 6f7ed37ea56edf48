"""A hint while playing (issue 38, item 7): the search's suggestion for a seat's current
decision, made from that seat's own information only.

The search is the review's (:mod:`meeple.review.engine`): information-set MCTS whose
every iteration plays in a world drawn by ``state.determinize(seat)``, so the other
seats' hidden cards and the future draws never enter it; changing them leaves the
hint the same at a fixed seed (tests/review/test_hints.py). Tic-tac-toe's hint is
its solver's. The server decides where hints are allowed (meeple.server.hints).
"""

from __future__ import annotations

from typing import Any

from meeple.bots.mcts import ISMCTSBot
from meeple.core.game import State
from meeple.review.calibration import calibration_for
from meeple.review.engine import _labels, exact_value, raw_chance, seat_edges


def hint(state: State, seat: int, iters: int, seed: int) -> dict[str, Any]:
    """The suggested action for ``seat`` in ``state``: its ``code`` (the legal-action
    code clients send), its ``label`` in every language, the seat's win ``chance``
    with it (0..1, None when the move is forced) and whether it is ``exact``."""
    game = state.game
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make")
    if len(legal) == 1:
        best, chance, exact = legal[0], None, False
    else:
        values = exact_value(state, seat)
        exact = values is not None
        if values is not None:
            code = max(values, key=lambda c: (values[c], -c))
            best, chance = game.action_from_code(code), values[code]
        else:
            bot = ISMCTSBot(game, seat, seed, iters=str(iters), pw="0")
            root = bot.search(state)
            visited = {a: ch for a, ch in seat_edges(root, seat).items() if ch.n > 0}
            best = max(visited, key=lambda a: (visited[a].n, -game.action_code(a)))
            chance = raw_chance(game, visited[best].w / visited[best].n)
            cal = calibration_for(game.name, game.players)
            if cal is not None:  # the review's calibrated chance, not the search's raw one
                chance = cal(chance)
    return {
        "code": game.action_code(best),
        "label": _labels(game, best, state),
        "chance": None if chance is None else round(chance, 4),
        "exact": exact,
    }
