"""A Gymnasium environment for any meeple game: one seat learns, meeple bots play the others.

>>> from meeple.adapters.gymnasium import env
>>> e = env("tictactoe", seat=0, opponents=["random"])
>>> obs, info = e.reset(seed=3)
>>> obs["action_mask"].tolist() == info["action_mask"].tolist() == [1] * 9
True
>>> obs, reward, terminated, truncated, info = e.step(4)
>>> int(obs["action_mask"].sum())  # our mark and the random bot's reply are on the board
7

Design (read before changing):

- Action space: ``Discrete(game.num_distinct_actions)`` over the game's dense
  action codes. Observation: a dict with ``observation`` (the learner's
  ``observation_tensor``) and ``action_mask`` (int8, 1 for legal codes); the
  mask is also in ``info["action_mask"]`` and from :meth:`MeepleGymEnv.action_masks`
  (the name sb3-contrib's MaskablePPO looks for).
- Opponents: one bot spec per other seat, in seat order (``["random"]`` is
  repeated for every other seat), built with :func:`meeple.bots.make_bot`
  and seeded from the environment's generator, as are chance outcomes and
  the game's hidden shuffles: ``reset(seed=s)`` fixes the whole match.
- A step applies the learner's action, then lets bots and chance move until
  the learner must act again or the match ends. In a simultaneous turn the
  acting seats take one decision each in rotation (the seat after the last
  one to act goes next; the first is drawn at ``reset``), so no seat number
  always picks first from a shared pool (views hide pending secret choices).
- Reward: ``State.returns()[seat]`` at the end (in [-1, 1]), 0 before.
- Illegal actions (``illegal_action=``): ``"lose"`` (default) ends the episode
  with reward -1 and ``info["illegal_action"] = True``, the state unchanged;
  ``"raise"`` raises :class:`~meeple.core.errors.IllegalActionError`. We do
  not silently substitute a legal action: the agent must learn the mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from meeple.adapters.common import (
    action_mask,
    check_illegal_policy,
    code_to_int,
    draw_seed,
    observation,
    render_text,
    resolve_game,
    rotation_pick,
    sample_chance,
)
from meeple.adapters.pettingzoo import observation_space
from meeple.bots.base import Bot
from meeple.bots.registry import make_bot
from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError, OptionError
from meeple.core.game import Game, State
from meeple.core.registry import games as registry_games
from meeple.core.turn import TurnKind

ObsDict = dict[str, np.ndarray]

#: Restarts allowed when the bots finish a match before the learner ever acts.
_MAX_RESTARTS = 100


class MeepleGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a meeple game against bots (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: Sequence[str] = ("random",),
        render_mode: str | None = None,
        illegal_action: str = "lose",
    ) -> None:
        if not 0 <= seat < game.players:
            raise OptionError(f"seat must be in 0..{game.players - 1}, got {seat}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        others = game.players - 1
        specs = list(opponents)
        if len(specs) == 1:
            specs = specs * others
        if len(specs) != others:
            raise OptionError(
                f"{game.name} with {game.players} players needs {others} opponent spec(s), "
                f"got {len(specs)}"
            )
        self.game = game
        self.seat = seat
        self.opponent_specs = specs
        self.render_mode = render_mode
        self.illegal_action = check_illegal_policy(illegal_action)
        self.action_space = gymnasium.spaces.Discrete(game.num_distinct_actions)
        self.observation_space = observation_space(game)
        self.bots: dict[int, Bot] = {}
        self._make_bots(0)  # fail early on a bad spec
        self.state: State = game.new_initial_state(0)
        #: The seat that goes first at the next simultaneous decision (see rotation_pick).
        self._next_seat = 0
        #: True once the episode has ended (by the rules or by an illegal action).
        self.episode_over = True

    def _make_bots(self, seed: int) -> None:
        other_seats = [s for s in range(self.game.players) if s != self.seat]
        self.bots = {
            s: make_bot(spec, self.game, s, seed + s)
            for s, spec in zip(other_seats, self.opponent_specs, strict=True)
        }
        self._observers = [b for b in self.bots.values() if type(b).observe is not Bot.observe]

    # -- gymnasium API ------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        for _ in range(_MAX_RESTARTS):
            self._make_bots(draw_seed(self.np_random))
            self.state = self.game.new_initial_state(draw_seed(self.np_random))
            self._next_seat = (
                int(self.np_random.integers(self.game.players))
                if self.game.simultaneous_turns
                else 0
            )
            self._advance()
            if not self.state.is_terminal():
                break
        else:
            raise RuntimeError(f"seat {self.seat} never got to act in {_MAX_RESTARTS} matches")
        self.episode_over = False
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        if self.episode_over:
            raise RuntimeError("the episode is over: call reset()")
        code = code_to_int(action, self.game.num_distinct_actions)
        if code is None or action_mask(self.state, self.seat)[code] != 1:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"{action!r} is not a legal action code now")
            info = self._info()
            info["illegal_action"] = True
            self.episode_over = True
            return self._obs(), -1.0, True, False, info
        self._play(self.seat, self.game.action_from_code(code))
        self._advance()
        self.episode_over = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if self.episode_over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, self.episode_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (sb3-contrib's MaskablePPO calls this)."""
        return action_mask(self.state, self.seat).astype(bool)

    def render(self) -> str | None:
        text = render_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text if self.render_mode == "ansi" else None

    # -- internals ------------------------------------------------------------

    def _obs(self) -> ObsDict:
        return {
            "observation": observation(self.state, self.seat),
            "action_mask": action_mask(self.state, self.seat),
        }

    def _info(self) -> dict[str, Any]:
        return {"action_mask": action_mask(self.state, self.seat)}

    def _play(self, seat: int | None, action: Action) -> None:
        before = self.state.clone() if self._observers else self.state
        self.state.apply(action, seat)
        if seat is not None:
            self._next_seat = seat + 1
        for bot in self._observers:
            bot.observe(seat, action, before)

    def _advance(self) -> None:
        """Let chance and the bots move until the learner must act or the match ends."""
        while True:
            t = self.state.turn()
            if t.kind is TurnKind.TERMINAL:
                return
            if t.kind is TurnKind.CHANCE:
                self._play(None, sample_chance(self.state, self.np_random))
                continue
            seat = rotation_pick(t.seats, self._next_seat, self.game.players)
            if seat == self.seat:
                return
            self._play(seat, self.bots[seat].choose(self.state))


def env(
    game: str | Game,
    seat: int = 0,
    opponents: Sequence[str] = ("random",),
    **options: Any,
) -> MeepleGymEnv:
    """A Gymnasium environment where ``seat`` learns and bots (``opponents`` specs) play the rest.

    ``options`` are the game's own (``players=3``, ...) plus ``render_mode``
    and ``illegal_action`` (``"lose"`` or ``"raise"``).
    """
    render_mode = options.pop("render_mode", None)
    illegal_action = options.pop("illegal_action", "lose")
    return MeepleGymEnv(resolve_game(game, **options), seat, opponents, render_mode, illegal_action)


def register_envs() -> list[str]:
    """Register ``meeple/<name>-v0`` with Gymnasium for every game of meeple's registry.

    Then ``gymnasium.make("meeple/province-v0", seat=1, opponents=["heuristic"])``
    works; keyword arguments are those of :func:`env`. Returns the ids.
    """
    ids = []
    for cls in registry_games():
        env_id = f"meeple/{cls.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="meeple.adapters.gymnasium:env",
                kwargs={"game": cls.name},
                # A match always ends by the rules: no time limit wrapper.
                max_episode_steps=None,
            )
        ids.append(env_id)
    return ids
