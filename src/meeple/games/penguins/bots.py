"""A heuristic bot and the position evaluation used by greedy and search bots.

The evaluation counts what wins the game: eggs on the board (the race to
all sixteen), penguins out (each one lays many eggs per slide) and cards in
hand, for the evaluating side against the other. The bot looks one decision
ahead on a determinization of its own view (it never peeks at hidden cards)
and adds a check on the rival's best reply to the main action, so it does not
hand over an immediate win.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State
from meeple.games.penguins.actions import Cancel, ChooseScene, Guess, Hide, Pass
from meeple.games.penguins.components import is_penguin, side_of
from meeple.games.penguins.geometry import DIRECTIONS
from meeple.games.penguins.rules import PenguinState
from meeple.games.penguins.slide import SlideResult, simulate
from meeple.games.penguins.state import DRAW

WIN = 1000.0
#: Scenes in the order the choosing (second) player should prefer them: by the
#: second player's win rate measured with this bot (docs/games/penguins.md).
SCENE_PREFERENCE = (1, 5, 3, 2, 4, 6)


def slide_potential(state: PenguinState, side: int) -> tuple[int, int]:
    """(most eggs one slide of ``side`` would lay now, rival eggs it would remove)."""
    best = (0, 0)
    board, lay, grid = state.board, state.layout, state.grid
    for p, v in enumerate(board):
        if not is_penguin(v) or side_of(v) != side:
            continue
        for d in DIRECTIONS:
            out = simulate(board, lay, grid, p, d, [])
            if isinstance(out, SlideResult):
                laid = len(out.path) - (0 if out.seaweed else 1)
                best = max(best, (laid, len(out.removed)))
    return best


def evaluate(state: State, seat: int) -> float:
    """Higher is better for ``seat``'s side: eggs out, penguins out, the best
    slide available next, cards in hand; a near-certain loss if the rival's
    next slide or landing would finish its eggs."""
    assert isinstance(state, PenguinState)
    side = seat % 2
    if state.winner is not None:
        if state.winner == DRAW:
            return 0.0
        return WIN if state.winner == side else -WIN
    value = 0.0
    potential = {}
    for s, sign in ((side, 1.0), (1 - side, -1.0)):
        eggs = state.eggs_on_board(s)
        target = state.egg_target(s)
        penguins = sum(1 for v in state.board if is_penguin(v) and side_of(v) == s)
        laid, removed = slide_potential(state, s)
        potential[s] = laid
        value += sign * (eggs + 0.05 * eggs * eggs - 2.0 * (16 - target))
        value += sign * (2.5 * min(penguins, 4) + 0.6 * laid + 0.4 * removed)
    seats = range(state.game.players)
    value += 0.3 * sum(len(state.hands[x]) for x in seats if x % 2 == side)
    value -= 0.3 * sum(len(state.hands[x]) for x in seats if x % 2 != side)
    to_move = state.seat % 2 if state.playing else side
    rival = 1 - side
    need = state.egg_target(rival) - state.eggs_on_board(rival)
    rival_acts_next = (to_move == side and state.main_done) or (
        to_move == rival and not state.main_done
    )
    can_finish = potential[rival] >= need or (need <= 1 and state.unused_eggs(rival) > 0)
    if rival_acts_next and can_finish:
        value -= WIN / 2
    return value


class HeuristicBot(Bot):
    """One-ply greedy on :func:`evaluate` with a guard against the rival's
    immediate win after the main action."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any) -> None:
        if params:
            raise OptionError(f"bot 'heuristic' takes no parameters, got {sorted(params)}")
        super().__init__(game, seat, seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        if any(isinstance(a, Cancel) for a in legal):
            return next(a for a in legal if isinstance(a, Cancel))
        scenes = [a for a in legal if isinstance(a, ChooseScene)]
        if scenes:
            return min(scenes, key=lambda a: SCENE_PREFERENCE.index(a.scene))
        if all(isinstance(a, (Hide, Guess)) for a in legal):
            return legal[self.rng.randbelow(len(legal))]
        base = state.determinize(self.seat, self.rng)
        scored: list[tuple[float, Action]] = []
        for action in legal:
            child = base.clone()
            child.apply_unchecked(action, self.seat)
            value = evaluate(child, self.seat)
            scored.append((value, action))
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v >= best - 1e-9]
        if len(top) > 1 and any(isinstance(a, Pass) for a in top):
            top = [a for a in top if not isinstance(a, Pass)] or top
        return top[self.rng.randbelow(len(top))]
