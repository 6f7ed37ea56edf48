"""Random playouts through the core API, shared by conformance checks, bots and benchmarks."""

from __future__ import annotations

from meeple.core.game import Game, State
from meeple.core.rng import Rng
from meeple.core.turn import TurnKind


def random_step(state: State, rng: Rng, checked: bool = True) -> tuple[int | None, object]:
    """Apply one random legal action (or chance outcome); return (actor, action)."""
    t = state.turn()
    if t.kind is TurnKind.CHANCE:
        outcomes = state.chance_outcomes()
        action = outcomes[rng.weighted_index([p for _, p in outcomes])][0]
        seat = None
    else:
        seat = t.seats[rng.randbelow(len(t.seats))] if len(t.seats) > 1 else t.seats[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randbelow(len(legal))]
    if checked:
        state.apply(action, seat)
    else:
        state.apply_unchecked(action, seat)
    return seat, action


def random_playout(game: Game, seed: int, checked: bool = True) -> tuple[State, int]:
    """Play a whole match at random; return the final state and its length."""
    state = game.new_initial_state(seed)
    rng = Rng(seed).spawn(1)
    steps = 0
    limit = game.max_game_length()
    while not state.is_terminal():
        random_step(state, rng, checked)
        steps += 1
        if steps > limit:
            raise AssertionError(f"{game.name}: playout exceeded max_game_length {limit}")
    return state, steps
