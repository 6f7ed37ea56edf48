"""What the three adapters share: resolving a game, masks, chance sampling, seeds.

Kept free of PettingZoo, Gymnasium and OpenSpiel imports (numpy only), so each
adapter pulls in just its own framework.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeple.core.actions import Action
from meeple.core.errors import OptionError
from meeple.core.game import Game, State, joint_order
from meeple.core.registry import make_game
from meeple.core.turn import TurnKind

#: How an adapter treats an action that is not legal for the acting seat.
ILLEGAL_ACTION_POLICIES = ("lose", "raise")


def resolve_game(game: str | Game, **options: Any) -> Game:
    """A configured game from a registry name plus options, or a ready Game (no options)."""
    if isinstance(game, Game):
        if options:
            raise OptionError(
                f"options {sorted(options)} given with an already configured game {game!r}"
            )
        return game
    return make_game(game, **options)


def check_illegal_policy(policy: str) -> str:
    if policy not in ILLEGAL_ACTION_POLICIES:
        raise OptionError(
            f"illegal_action must be one of {list(ILLEGAL_ACTION_POLICIES)}, got {policy!r}"
        )
    return policy


def agent_name(seat: int) -> str:
    """PettingZoo's recommended agent naming: ``player_0``, ``player_1``, ..."""
    return f"player_{seat}"


def draw_seed(np_random: np.random.Generator) -> int:
    """A state seed drawn from an environment's generator (so reset(seed) fixes the match)."""
    return int(np_random.integers(0, 2**62))


def observation(state: State, seat: int | None) -> np.ndarray:
    """The seat's observation tensor as float32 of the declared shape."""
    obs = np.asarray(state.observation_tensor(seat), dtype=np.float32)
    return obs.reshape(state.game.observation_shape())


def action_mask(state: State, seat: int) -> np.ndarray:
    """int8 vector over the game's action codes: 1 where ``seat`` may play that code now."""
    mask = np.zeros(state.game.num_distinct_actions, dtype=np.int8)
    codes = state.legal_codes(seat)
    if codes:
        mask[codes] = 1
    return mask


def sample_chance(state: State, np_random: np.random.Generator) -> Action:
    """One chance outcome of ``state`` (a chance node), drawn from ``np_random``."""
    outcomes = state.chance_outcomes()
    probs = np.array([p for _, p in outcomes], dtype=np.float64)
    return outcomes[int(np_random.choice(len(outcomes), p=probs / probs.sum()))][0]


def resolve_chance(state: State, np_random: np.random.Generator) -> None:
    """Apply chance outcomes, sampled from ``np_random``, until a seat (or nobody) must act."""
    while state.turn().kind is TurnKind.CHANCE:
        state.apply(sample_chance(state, np_random))


def code_to_int(action: Any, size: int) -> int | None:
    """An action from an agent as a plain int code, or None when it is not one."""
    if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
        action = action.reshape(()).item()
    if isinstance(action, (bool, np.bool_)):
        return None
    if isinstance(action, (int, np.integer)) and 0 <= int(action) < size:
        return int(action)
    return None


def rotation_pick(seats: tuple[int, ...], next_seat: int, players: int) -> int:
    """Of the seats that may act, the first at or after ``next_seat`` in cyclic order.

    Turn-by-turn drivers of simultaneous play ask seats one decision at a time
    with it, so no seat number always picks first from a shared pool.

    >>> rotation_pick((0, 1, 2), 2, 3), rotation_pick((0, 1), 3, 4), rotation_pick((1,), 0, 2)
    (2, 0, 1)
    """
    return joint_order(seats, next_seat, players)[0]


def terminal_returns(state: State) -> list[float]:
    return [float(r) for r in state.returns()]


def render_text(state: State) -> str:
    """A readable board for ``render_mode="ansi"``: the spectator's view drawn by the
    game's declared text plug-in when it has one, else ``str(state)``."""
    text = state.game.plugins.text
    if text is None:
        return str(state)
    return str(text.render(state.view(None), None, "en"))
