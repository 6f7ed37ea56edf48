"""PettingZoo adapter: PettingZoo's own API and seed tests over every game, plus our semantics."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

from meeple.adapters.pettingzoo import env, parallel_env
from meeple.core.errors import IllegalActionError, OptionError
from meeple.core.game import Game
from meeple.core.turn import TurnKind
from tests.adapters.conftest import adapter_configs, adapter_ids
from tests.toy import SecretBids, SecretBidsInTurn

CONFIGS = adapter_configs()
IDS = adapter_ids()


@pytest.fixture(autouse=True)
def _quiet_advice() -> None:
    # PettingZoo's tests also *advise* (unbounded Box, all-zero masks at the end);
    # advice is not failure. Assertions still fail the test.
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_api_test(cls: type[Game], players: int) -> None:
    """PettingZoo's own checker raises AssertionError on any violation."""
    e = env(cls(players=players))
    api_test(e, num_cycles=300)
    assert len(e.possible_agents) == players


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_seed_test(cls: type[Game], players: int) -> None:
    game = cls(players=players)
    seed_test(lambda: env(game), num_cycles=300)  # raises when two seeded runs differ
    assert len(env(game).possible_agents) == players


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_parallel_api_test(cls: type[Game], players: int) -> None:
    e = parallel_env(cls(players=players))
    parallel_api_test(e, num_cycles=300)  # raises on any violation
    assert len(e.possible_agents) == players


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_parallel_seed_test(cls: type[Game], players: int) -> None:
    game = cls(players=players)
    parallel_seed_test(lambda: parallel_env(game), num_cycles=300)  # raises on a mismatch
    assert len(parallel_env(game).possible_agents) == players


def play_aec(e, seed: int, pick=None):  # type: ignore[no-untyped-def]
    """Play a whole match with masked random (or ``pick``ed) actions; return the agent order."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    order, finals = [], {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            finals[agent] = reward
            e.step(None)
            continue
        assert not e.state.is_chance(), "an agent was asked to act at a chance node"
        legal = np.flatnonzero(obs["action_mask"])
        order.append(agent)
        e.step(int(pick(legal) if pick else rng.choice(legal)))
    return order, finals


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_final_rewards_are_the_games_returns(cls: type[Game], players: int) -> None:
    e = env(cls(players=players))
    _, finals = play_aec(e, seed=11)
    returns = e.state.returns()
    assert finals == {f"player_{s}": returns[s] for s in range(players)}


def test_same_seed_same_match_and_seed_reaches_hidden_deal() -> None:
    e1, e2 = env(SecretBids(players=3)), env(SecretBids(players=3))
    e1.reset(seed=5)
    e2.reset(seed=5)
    assert e1.state.to_json() == e2.state.to_json()
    deals = set()
    for seed in range(6):
        e1.reset(seed=seed)
        deals.add(str(e1.state.to_json()["hands"]))
    assert len(deals) > 1, "reset(seed) must also seed the game's hidden shuffle"


def test_chance_is_resolved_inside_with_the_env_generator() -> None:
    e = env(SecretBids(players=2))
    prizes = set()
    for seed in range(12):
        e.reset(seed=seed)
        assert e.state.turn().kind is TurnKind.SIMULTANEOUS
        prizes.add(e.state.prize)
    assert prizes == {1, 2, 3}


def test_simultaneous_turn_in_aec_goes_in_rotation_and_hides_pending_bid() -> None:
    game = SecretBids(players=3)
    firsts = set()
    for seed in range(8):
        order, _ = play_aec(env(game), seed=seed)
        start = int(order[0][-1])
        assert order == [f"player_{(start + k) % 3}" for k in range(9)]
        firsts.add(start)
    assert len(firsts) > 1  # the first seat is drawn at reset
    # The next seat's observation is the same whichever card the first one bid secretly.
    seen = []
    for pick in (min, max):
        e = env(game)
        e.reset(seed=3)
        first = e.agent_selection
        e.step(int(pick(np.flatnonzero(e.observe(first)["action_mask"]))))
        second = e.agent_selection
        assert second != first
        seen.append(e.observe(second)["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_parallel_env_takes_every_acting_seat_in_one_step() -> None:
    e = parallel_env(SecretBids(players=3))
    obs, _ = e.reset(seed=4)
    assert set(obs) == {"player_0", "player_1", "player_2"}
    steps = 0
    while e.agents:
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
        obs, rewards, _, _, _ = e.step(actions)
        steps += 1
    assert steps == 3  # three rounds, one joint step each
    assert rewards == {f"player_{s}": r for s, r in enumerate(e.state.returns())}


def test_parallel_env_on_a_turn_based_game_ignores_seats_that_may_not_act() -> None:
    e = parallel_env(SecretBidsInTurn(players=2))
    obs, _ = e.reset(seed=2)
    assert not obs["player_1"]["action_mask"].any()
    first = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    obs, _, terms, _, _ = e.step({"player_0": first, "player_1": 12345})
    assert not any(terms.values())
    assert e.state.turn().seats == (1,)


def test_illegal_action_loses_by_default() -> None:
    e = env("tictactoe")
    e.reset(seed=0)
    e.step(4)
    before = e.state.to_json()
    e.step(4)  # player_1 plays on the occupied centre
    assert e.state.to_json() == before
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": 0.0, "player_1": -1.0}
    assert e.infos["player_1"]["illegal_action"] is True


def test_illegal_action_can_raise_instead() -> None:
    e = env("tictactoe", illegal_action="raise")
    e.reset(seed=0)
    e.step(4)
    with pytest.raises(IllegalActionError):
        e.step(4)
    with pytest.raises(IllegalActionError):
        e.step(99)
    assert not any(e.terminations.values())
    assert e.agent_selection == "player_1"


def test_parallel_illegal_action_loses() -> None:
    e = parallel_env(SecretBids(players=2))
    obs, _ = e.reset(seed=1)
    bad = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[-1])
    good = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    _, rewards, terms, _, infos = e.step({"player_0": good, "player_1": bad})
    assert all(terms.values()) and e.agents == []
    assert rewards == {"player_0": 0.0, "player_1": -1.0}
    assert infos["player_1"] == {"illegal_action": True}


def test_options_reach_the_game_and_bad_ones_are_refused() -> None:
    e = env("tictactoe", players=2)
    assert e.possible_agents == ["player_0", "player_1"]
    with pytest.raises(OptionError):
        env("tictactoe", players=3)
    with pytest.raises(OptionError):
        env("tictactoe", illegal_action="ignore")
    with pytest.raises(OptionError):
        env(SecretBids(players=2), players=3)


def test_ansi_render_shows_the_board() -> None:
    e = env("tictactoe", render_mode="ansi")
    e.reset(seed=0)
    e.step(4)
    assert e.render() == (  # the game's text plug-in: free cells numbered as the terminal does
        " 1 | 2 | 3 \n---+---+---\n 4 | X | 6 \n---+---+---\n 7 | 8 | 9 \nO to move (player 2)"
    )


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_ansi_render_of_every_game_is_text(cls: type[Game], players: int) -> None:
    e = env(cls(players=players), render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.strip()
