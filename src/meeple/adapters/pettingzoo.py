"""PettingZoo environments for every meeple game: ``env(game)`` (AEC) and ``parallel_env(game)``.

>>> from meeple.adapters.pettingzoo import env
>>> e = env("tictactoe")
>>> e.reset(seed=1)
>>> e.agent_selection, e.observe("player_0")["action_mask"].tolist()
('player_0', [1, 1, 1, 1, 1, 1, 1, 1, 1])
>>> e.step(4)
>>> e.agent_selection
'player_1'

Design (read before changing):

- Agents are ``player_<seat>``. Observations are dicts: ``observation`` (the
  game's ``observation_tensor(seat)``, float32 of ``observation_shape()``) and
  ``action_mask`` (int8 over the game's dense action codes, 1 where
  ``legal_actions(seat)`` has that code; all zeros when the seat may not act).
- Chance nodes never reach an agent: they are resolved inside with the
  environment's generator (``np_random``, seeded by ``reset(seed)``), which
  also draws the seed of the game's hidden shuffles. Same seed, same match.
- Simultaneous turns (``TurnKind.SIMULTANEOUS``) in AEC: the acting seats take
  one decision each in rotation (the seat after the last one to act goes
  next; the first is drawn at ``reset`` from the environment's generator), so
  in real-time play no seat number always picks first from a shared pool.
  Each action is applied when given; the game's views keep pending secret
  choices hidden, so a later seat learns nothing from an earlier one.
  ``parallel_env`` instead takes every acting seat's action in one ``step``
  (seats that may not act are ignored), which suits simultaneous games and
  works for any game: the step is all or nothing (:meth:`State.apply_joint`),
  its actions take effect in a seat order that rotates every step, and an
  action made void by an earlier one of the same step (both seats took the
  same face-up tile) changes nothing and is not punished:
  ``infos[agent]["void"]`` is True and the seat decides again.
- ``metadata["is_parallelizable"]`` is True only where PettingZoo's
  ``aec_to_parallel`` works: one seat, or a game whose seats always take one
  decision each in cyclic order (``Game.seats_alternate``).
- Rewards are ``State.returns()`` at the end (0 before). A match always ends
  by the rules (``max_game_length``), so there is no truncation.
- Illegal actions (``illegal_action=``): ``"lose"`` (default, PettingZoo
  classic's convention) ends the match, -1 to the offender and 0 to the
  others, with ``info["illegal_action"] = True``; ``"raise"`` raises
  :class:`~meeple.core.errors.IllegalActionError` and changes nothing. A
  refused step changes nothing in either case (in ``parallel_env`` no other
  seat's part of it is applied).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from meeple.adapters.common import (
    action_mask,
    agent_name,
    check_illegal_policy,
    code_to_int,
    draw_seed,
    observation,
    render_text,
    resolve_chance,
    resolve_game,
    rotation_pick,
    terminal_returns,
)
from meeple.core.errors import IllegalActionError
from meeple.core.game import Game, State
from meeple.core.turn import TurnKind

ObsDict = dict[str, np.ndarray]


def observation_space(game: Game) -> gymnasium.spaces.Dict:
    """``{"observation": Box(float32, observation_shape()), "action_mask": Box(int8 0/1)}``."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                low=-np.inf, high=np.inf, shape=game.observation_shape(), dtype=np.float32
            ),
            "action_mask": gymnasium.spaces.Box(
                low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8
            ),
        }
    )


class _MeepleEnvBase:
    """State handling shared by the AEC and parallel environments."""

    metadata: dict[str, Any]

    def __init__(self, game: Game, render_mode: str | None, illegal_action: str) -> None:
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.illegal_action = check_illegal_policy(illegal_action)
        self.possible_agents = [agent_name(s) for s in range(game.players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        space = observation_space(game)
        self.observation_spaces = {a: space for a in self.possible_agents}
        # One action space object per agent (PettingZoo seeds them separately).
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(game.num_distinct_actions) for a in self.possible_agents
        }
        self.np_random, _ = seeding.np_random(None)
        self.state: State = game.new_initial_state(0)
        self.metadata = {
            "render_modes": ["human", "ansi"],
            "name": f"meeple_{game.name}_v0",
            "is_parallelizable": game.players == 1 or game.seats_alternate,
        }
        #: The seat that goes first at the next simultaneous decision (AEC) or joint step.
        self._next_seat = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def _new_match(self, seed: int | None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.state = self.game.new_initial_state(draw_seed(self.np_random))
        resolve_chance(self.state, self.np_random)
        # Who goes first at simultaneous decisions: drawn, so no seat number is favoured
        # (only for games that have them: turn-based matches keep their seeds' outcomes).
        self._next_seat = (
            int(self.np_random.integers(self.game.players)) if self.game.simultaneous_turns else 0
        )

    def _observe_seat(self, seat: int) -> ObsDict:
        return {
            "observation": observation(self.state, seat),
            "action_mask": action_mask(self.state, seat),
        }

    def render(self) -> str | None:
        text = render_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release; defined because render is (PettingZoo's API test asks for both)."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


class MeepleAECEnv(_MeepleEnvBase, AECEnv[str, ObsDict, int]):
    """A meeple game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self, game: Game, render_mode: str | None = None, illegal_action: str = "lose"
    ) -> None:
        AECEnv.__init__(self)
        _MeepleEnvBase.__init__(self, game, render_mode, illegal_action)
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_match(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select_next_agent()

    def observe(self, agent: str) -> ObsDict:
        return self._observe_seat(self._seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        code = code_to_int(action, self.game.num_distinct_actions)
        legal = code is not None and action_mask(self.state, seat)[code] == 1
        if not legal:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"{action!r} is not a legal action code for {agent} now")
            self._end(illegal_by=seat)
        else:
            assert code is not None
            self.state.apply(self.game.action_from_code(code), seat)
            self._next_seat = seat + 1
            resolve_chance(self.state, self.np_random)
            if self.state.is_terminal():
                self._end()
            else:
                self._select_next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _select_next_agent(self) -> None:
        t = self.state.turn()
        if t.kind in (TurnKind.SEAT, TurnKind.SIMULTANEOUS):
            self.agent_selection = self.possible_agents[
                rotation_pick(t.seats, self._next_seat, self.game.players)
            ]
        elif not self.agents:
            return
        else:  # terminal: every agent must still take its final (None) step
            self.agent_selection = self.agents[0]

    def _end(self, illegal_by: int | None = None) -> None:
        if illegal_by is None:
            returns = terminal_returns(self.state)
        else:
            returns = [-1.0 if s == illegal_by else 0.0 for s in range(self.game.players)]
            self.infos[self.possible_agents[illegal_by]]["illegal_action"] = True
        for a in self.agents:
            self.rewards[a] = returns[self._seat_of[a]]
            self.terminations[a] = True
        # Every agent still takes one final step (action None) to see its result.
        self.agent_selection = self.agents[0]


class MeepleParallelEnv(_MeepleEnvBase, ParallelEnv[str, ObsDict, int]):
    """A meeple game as a PettingZoo ParallelEnv.

    Each ``step(actions)`` applies the actions of the seats that may act now,
    all or nothing, in a seat order that rotates every step (chance resolved
    between and after); actions of other seats are ignored (their mask is all
    zeros). For simultaneous games that is one move of every acting seat per
    step; for turn-based games one seat's move. A seat whose action an earlier
    one of the same step made impossible gets ``infos[agent]["void"] = True``.
    """

    def __init__(
        self, game: Game, render_mode: str | None = None, illegal_action: str = "lose"
    ) -> None:
        _MeepleEnvBase.__init__(self, game, render_mode, illegal_action)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        self._new_match(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, ObsDict]:
        return {a: self._observe_seat(self._seat_of[a]) for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, ObsDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise RuntimeError("the match is over: call reset()")
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        offender, void = self._apply_joint(actions)
        for seat in void:
            infos[self.possible_agents[seat]]["void"] = True
        done = offender is not None or self.state.is_terminal()
        if offender is not None:
            rewards = {a: (-1.0 if self._seat_of[a] == offender else 0.0) for a in self.agents}
            infos[self.possible_agents[offender]]["illegal_action"] = True
        elif done:
            returns = terminal_returns(self.state)
            rewards = {a: returns[self._seat_of[a]] for a in self.agents}
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, False)
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _apply_joint(self, actions: dict[str, Any]) -> tuple[int | None, list[int]]:
        """Apply the acting seats' actions as one step (all or nothing).

        Returns (an offending seat or None, the seats whose action was void).
        """
        chosen = {}
        for seat in self.state.turn().seats:
            agent = self.possible_agents[seat]
            code = code_to_int(actions.get(agent), self.game.num_distinct_actions)
            if code is None or action_mask(self.state, seat)[code] != 1:
                if self.illegal_action == "raise":
                    raise IllegalActionError(
                        f"{actions.get(agent)!r} is not a legal action code for {agent} now"
                    )
                return seat, []
            chosen[seat] = self.game.action_from_code(code)
        void = self.state.apply_joint(
            chosen, self._next_seat, lambda state: resolve_chance(state, self.np_random)
        )
        self._next_seat += 1
        return None, void


def env(game: str | Game, **options: Any) -> MeepleAECEnv:
    """An AEC environment for ``game`` (a registry name or a configured Game).

    ``options`` are the game's own (``players=3``, ...) plus ``render_mode``
    (``"human"`` or ``"ansi"``) and ``illegal_action`` (``"lose"`` or ``"raise"``).
    """
    render_mode = options.pop("render_mode", None)
    illegal_action = options.pop("illegal_action", "lose")
    return MeepleAECEnv(resolve_game(game, **options), render_mode, illegal_action)


def parallel_env(game: str | Game, **options: Any) -> MeepleParallelEnv:
    """A ParallelEnv for ``game``; same options as :func:`env`."""
    render_mode = options.pop("render_mode", None)
    illegal_action = options.pop("illegal_action", "lose")
    return MeepleParallelEnv(resolve_game(game, **options), render_mode, illegal_action)
