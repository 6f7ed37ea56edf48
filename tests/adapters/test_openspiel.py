"""OpenSpiel adapter: OpenSpiel's random_sim_test (serialization on) over every game, plus MCTS."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from meeple.adapters.openspiel import DEFAULT_DEALS, load
from meeple.core.errors import OptionError
from meeple.core.game import Game
from meeple.core.registry import games
from tests.adapters.conftest import adapter_configs, adapter_ids
from tests.toy import Bid, SecretBids, SecretBidsInTurn

CONFIGS = adapter_configs()
IDS = adapter_ids()


def sims_for(game: pyspiel.Game) -> int:
    """Fewer simulations for long games (each step is checked, cloned and serialized)
    and for games that open with the long deal node."""
    if game.max_game_length() > 100 or game.max_chance_outcomes() > DEFAULT_DEALS:
        return 3
    return 10


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_random_sim_test_with_serialization(cls: type[Game], players: int) -> None:
    game = load(cls(players=players))
    # OpenSpiel's own checker raises on any failure
    pyspiel.random_sim_test(game, num_sims=sims_for(game), serialize=True, verbose=False)
    assert game.num_players() == players


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_state_round_trips_through_serialization_mid_game(cls: type[Game], players: int) -> None:
    game = load(cls(players=players))
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for step in range(40):
        if state.is_terminal():
            break
        if step % 5 == 0:
            again = game.deserialize_state(state.serialize())
            assert str(again) == str(state) and again.history() == state.history()
            g2, s2 = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, state)
            )
            assert str(g2) == str(game) and str(s2) == str(state)
            assert pickle.loads(pickle.dumps(state)).history() == state.history()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=np.array(probs) / sum(probs))))
        elif state.is_simultaneous_node():
            joint = [
                int(rng.choice(state.legal_actions(p))) if state.legal_actions(p) else 0
                for p in range(game.num_players())
            ]
            state.apply_actions(joint)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("cls", games(), ids=[c.name for c in games()])
def test_game_string_and_options_reload_for_every_registered_game(cls: type[Game]) -> None:
    options = {o.name: o.default for o in cls.option_specs}
    game = load(cls.name, players=cls.max_players, **options)
    assert game.num_players() == cls.max_players
    assert str(game).startswith(f"meeple_{cls.name}(")
    assert str(pyspiel.load_game(str(game))) == str(game)
    assert game.new_initial_state().meeple_state is None or (
        game.new_initial_state().meeple_state.game == cls(players=cls.max_players, **options)
    )


def test_register_all_lets_pyspiel_load_by_name_in_a_fresh_process() -> None:
    code = (
        "import pyspiel\n"
        "from meeple.adapters.openspiel import register_all\n"
        "names = register_all()\n"
        "game = pyspiel.load_game('meeple_tictactoe')\n"
        "state = game.new_initial_state(); state.apply_action(4)\n"
        "text = pyspiel.serialize_game_and_state(game, state)\n"
        f"print(sorted(names) == sorted('meeple_' + n for n in {[c.name for c in games()]!r}))\n"
        "print(pyspiel.deserialize_game_and_state(text)[1].history())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "[4]"]


def test_types_follow_the_game() -> None:
    ttt = load("tictactoe").get_type()
    assert ttt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert ttt.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert ttt.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert ttt.utility == pyspiel.GameType.Utility.ZERO_SUM
    bids = load(SecretBids(players=3))
    assert bids.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert bids.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert bids.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert bids.num_players() == 3
    assert load(SecretBidsInTurn(players=2)).get_type().dynamics == (
        pyspiel.GameType.Dynamics.SEQUENTIAL
    )


def test_seeded_deal_is_an_explicit_uniform_chance_node() -> None:
    game = load(SecretBids(players=2))
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == DEFAULT_DEALS
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    n = game.num_distinct_actions()
    a, b = state.child(n + 3), state.child(n + 4)
    assert a.meeple_state.to_json()["hands"] != b.meeple_state.to_json()["hands"]
    # Nobody learns which deal it was: information states name only "deal".
    assert a.information_state_string(0).splitlines()[0] == "deal"


def test_prize_roll_is_an_explicit_chance_node_with_the_rules_probabilities() -> None:
    game = load(SecretBids(players=2))
    state = game.new_initial_state().child(game.num_distinct_actions())
    assert state.is_chance_node()
    outcomes = {
        state.action_to_string(pyspiel.PlayerId.CHANCE, a): p for a, p in state.chance_outcomes()
    }
    assert outcomes == pytest.approx({"prize 1": 1 / 2, "prize 2": 1 / 3, "prize 3": 1 / 6})


def test_simultaneous_node_applies_every_acting_seats_bid() -> None:
    game = load(SecretBids(players=2))
    meeple_game = SecretBids(players=2)
    state = game.new_initial_state().child(game.num_distinct_actions()).child(0)
    assert state.is_simultaneous_node()
    hands = state.meeple_state.to_json()["hands"]
    joint = [meeple_game.action_code(Bid(hands[s][0])) for s in range(2)]
    state.apply_actions(joint)
    assert state.meeple_state.to_json()["revealed"] == [[hands[0][0], hands[1][0]]]


def test_observations_are_the_seats_views_and_hide_others_secrets() -> None:
    game = load(SecretBidsInTurn(players=2))
    meeple_game = SecretBidsInTurn(players=2)
    state = game.new_initial_state().child(game.num_distinct_actions() + 7).child(0)
    inner = state.meeple_state
    assert state.observation_tensor(1) == pytest.approx(list(inner.observation_tensor(1)))
    assert json.loads(state.observation_string(1)) == inner.view(1)
    card = inner.to_json()["hands"][0][0]
    state.apply_action(meeple_game.action_code(Bid(card)))
    # Seat 1 sees that seat 0 bid, not which card; seat 0 sees its own bid.
    assert state.information_state_string(1).splitlines()[-2] == "seat 0: bids"
    assert state.information_state_string(0).splitlines()[-2] == f"seat 0: bid {card}"
    assert f'"my_bid": {card}' in state.observation_string(0)
    assert '"my_bid": null' in state.observation_string(1)


def test_tictactoe_state_matches_meeple() -> None:
    game = load("tictactoe")
    state = game.new_initial_state()
    for cell in (4, 0, 8):
        state.apply_action(cell)
    assert state.meeple_state.board == [2, 0, 0, 0, 1, 0, 0, 0, 1]
    assert state.current_player() == 1
    assert state.legal_actions() == [1, 2, 3, 5, 6, 7]
    assert state.action_to_string(1, 2) == "place 2"
    assert game.observation_tensor_shape() == [27]


def mcts_bot(game: pyspiel.Game, seed: int, sims: int = 300) -> mcts.MCTSBot:
    return mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=sims,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
        random_state=np.random.RandomState(seed),
    )


def test_mcts_takes_an_immediate_win_in_tictactoe() -> None:
    game = load("tictactoe")
    state = game.new_initial_state()
    for cell in (0, 3, 1, 4):  # X on 0 and 1, O on 3 and 4: X wins at 2
        state.apply_action(cell)
    assert mcts_bot(game, seed=1).step(state) == 2


def test_mcts_plays_tictactoe_against_random_and_never_loses() -> None:
    game = load("tictactoe")
    rng = np.random.default_rng(0)
    results = []
    for match in range(4):
        bot = mcts_bot(game, seed=match)
        mcts_seat = match % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == mcts_seat:
                action = bot.step(state)
                assert action in state.legal_actions()
            else:
                action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
        results.append(state.returns()[mcts_seat])
    assert min(results) >= 0.0, results
    assert sum(results) >= 2.0, results


def test_resample_from_infostate_redraws_only_what_the_player_cannot_see() -> None:
    game = load(SecretBidsInTurn(players=2))
    state = game.new_initial_state().child(game.num_distinct_actions() + 11).child(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(0, sampler) for _ in range(8)]
    for world in worlds:
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.observation_tensor(0) == state.observation_tensor(0)
        assert world.legal_actions() == state.legal_actions()
        assert world.history() == state.history()
    assert len({str(w.meeple_state.to_json()["hands"][1]) for w in worlds}) > 1


def test_ismcts_plays_a_hidden_information_game_through_resampling() -> None:
    from open_spiel.python.algorithms import ismcts

    game = load(SecretBidsInTurn(players=2))
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=50, random_state=rng
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=np.array(probs) / sum(probs))))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_illegal_action_raises_and_leaves_the_state_alone() -> None:
    game = load("tictactoe")
    state = game.new_initial_state()
    state.apply_action(4)
    before = (str(state), state.history(), state.information_state_string(1))
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(4)
    assert (str(state), state.history(), state.information_state_string(1)) == before


def test_deal_size_is_a_parameter_of_dealt_games_only() -> None:
    game = load(SecretBids(players=2), deals=16)
    assert str(game) == "meeple_secretbids(deals=16,players=2)"
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 16
    again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state.child(game.num_distinct_actions() + 15))
    )
    assert again[1].meeple_state is not None
    with pytest.raises(OptionError):
        load("tictactoe", deals=16)


@pytest.mark.parametrize(("cls", "players"), CONFIGS, ids=IDS)
def test_openspiel_rl_environment_plays_an_episode(cls: type[Game], players: int) -> None:
    from open_spiel.python import rl_environment

    game = load(cls(players=players))
    environment = rl_environment.Environment(game, seed=3)
    rng = np.random.default_rng(3)
    step = environment.reset()
    while not step.last():
        legal = step.observations["legal_actions"]
        if step.observations["current_player"] == pyspiel.PlayerId.SIMULTANEOUS:
            actions = [int(rng.choice(legal[p])) if legal[p] else 0 for p in range(players)]
        else:
            actions = [int(rng.choice(legal[step.observations["current_player"]]))]
        step = environment.step(actions)
    assert len(step.observations["info_state"][0]) == game.observation_tensor_size()
    assert step.rewards == pytest.approx(environment.get_state.returns())
