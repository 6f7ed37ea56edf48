"""Gymnasium adapter: Gymnasium's env_checker over every game, plus our semantics."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from meeple.adapters.gymnasium import env
from meeple.core.errors import IllegalActionError, OptionError
from meeple.core.game import Game
from tests.adapters.conftest import adapter_configs, adapter_ids
from tests.toy import SecretBids

CONFIGS = adapter_configs()
IDS = adapter_ids()


@pytest.fixture(autouse=True)
def _quiet_advice() -> None:
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("where", ["first", "last"])
def test_check_env(cls: type[Game], players: int, where: str) -> None:
    seat = 0 if where == "first" else players - 1
    check_env(env(cls(players=players), seat=seat, opponents=["random"]), skip_render_check=False)


def play(e, seed: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, terminated, reward = 0, False, 0.0
    while not terminated:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = e.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        assert not truncated and "illegal_action" not in info
        steps += 1
    return reward, steps


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_episode_reward_is_the_learners_return(cls: type[Game], players: int) -> None:
    e = env(cls(players=players), seat=players - 1, opponents=["greedy"])
    reward, steps = play(e, seed=7)
    assert steps >= 1
    assert e.state.is_terminal()
    assert reward == e.state.returns()[players - 1]


def test_same_seed_same_episode() -> None:
    a = env(SecretBids(players=3), seat=1, opponents=["random", "greedy"])
    b = env(SecretBids(players=3), seat=1, opponents=["random", "greedy"])
    assert play(a, 9) == play(b, 9)
    assert a.state.to_json() == b.state.to_json()


def test_bots_and_chance_move_before_the_learner_is_asked() -> None:
    e = env(SecretBids(players=3), seat=2)
    e.reset(seed=1)
    assert e.state.prize is not None  # chance rolled
    assert e.state.turn().seats == (2,)  # seats 0 and 1 (bots) already bid
    e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert len(e.state.revealed) == 1 and e.state.turn().seats == (2,)


def test_illegal_action_ends_the_episode_with_minus_one() -> None:
    e = env("tictactoe")
    obs, _ = e.reset(seed=0)
    obs, _, _, _, _ = e.step(4)
    taken = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.state.to_json()
    obs, reward, terminated, truncated, info = e.step(taken)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert e.state.to_json() == before
    with pytest.raises(RuntimeError):
        e.step(0)


def test_illegal_action_can_raise() -> None:
    e = env("tictactoe", illegal_action="raise")
    e.reset(seed=0)
    with pytest.raises(IllegalActionError):
        e.step(9)
    with pytest.raises(IllegalActionError):
        e.step("4")


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(OptionError):
        env("tictactoe", seat=2)
    with pytest.raises(OptionError):
        env(SecretBids(players=3), opponents=["random", "random", "random"])
    with pytest.raises(OptionError):
        env("tictactoe", opponents=["nosuchbot"])


def test_registered_ids_make_checked_environments() -> None:
    import gymnasium

    from meeple.adapters.gymnasium import register_envs
    from meeple.core.registry import game_names

    ids = register_envs()
    assert ids == [f"meeple/{name}-v0" for name in game_names()]
    made = gymnasium.make("meeple/tictactoe-v0", seat=1, opponents=["greedy"])
    check_env(made.unwrapped)
    obs, _ = made.reset(seed=0)
    assert int(obs["action_mask"].sum()) == 8
    assert register_envs() == ids  # idempotent
