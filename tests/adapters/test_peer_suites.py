"""The peers' own test utilities on option sets the defaults do not reach, and the
findings of issue 13 (joint steps, real-time Fit To Print, option strings, metadata).

``test_pettingzoo.py``, ``test_gymnasium.py`` and ``test_openspiel.py`` run the
peers' checkers on every game at every player count with default options; here
they also run on list-valued options (a custom Snow Tails course, a penguins card
list, a numeric-looking layout) and on real-time Fit To Print, plus what the
default-option files leave out: ``random_sim_test`` without serialization,
``evaluate_bots`` with random bots, ``aec_to_parallel`` where declared, and the
determinization check of the conformance suite.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots
from open_spiel.python.bots import uniform_random
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from meeple.adapters import gymnasium as gym_adapter
from meeple.adapters import pettingzoo as pz
from meeple.adapters.openspiel import decode_text, encode_text, load
from meeple.core.conformance import check_determinize_keeps_what_the_seat_saw
from meeple.core.game import Game
from meeple.core.registry import games, make_game
from meeple.games.fittoprint import Draw, Keep, Print, Return, Take
from tests.adapters.conftest import adapter_configs, adapter_ids

COURSE = "START:b,S1:b,C3:b,S4:b,S7:b,U2:a,S2:a,C1:a,S3:a,FINISH:a"
CARDS = "6,8,14,16,3,4,12,15"

#: (game, players, options): list values, numeric-looking strings and real time.
OPTION_CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("fittoprint", 2, {"mode": "realtime"}),
    ("fittoprint", 3, {"mode": "realtime", "characters": True, "breaking_news": True}),
    ("fittoprint", 1, {"mode": "realtime"}),
    ("fittoprint", 1, {"mode": "puzzle", "puzzle": 3}),
    ("snowtails", 3, {"course": COURSE}),
    ("penguins", 2, {"mode": "free", "layout": "2", "cards": CARDS}),
    ("penguins", 4, {"mode": "free", "layout": "placed", "cards": "none"}),
    ("province", 2, {"goals": 9}),
]
#: Slow cases (long matches); they still run.
SLOW_CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("fittoprint", 6, {"mode": "realtime"}),
    ("snowtails", 5, {"course": "grand-tour"}),
]


def _case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    name, players, options = case
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{name}-{players}p-{opts}"


ALL_CASES = [
    *[pytest.param(c, id=_case_id(c)) for c in OPTION_CASES],
    *[pytest.param(c, id=_case_id(c), marks=pytest.mark.slow) for c in SLOW_CASES],
]


def _game(case: tuple[str, int, dict[str, Any]]) -> Game:
    name, players, options = case
    return make_game(name, players=players, **options)


@pytest.fixture(autouse=True)
def _quiet_advice() -> None:
    warnings.simplefilter("ignore", UserWarning)


# -- PettingZoo and Gymnasium on option sets ------------------------------------------


@pytest.mark.parametrize("case", ALL_CASES)
def test_pettingzoo_suites_on_option_sets(case: tuple[str, int, dict[str, Any]]) -> None:
    """PettingZoo's own checkers: each asserts inside and raises on the first failure."""
    game = _game(case)
    api_test(pz.env(game), num_cycles=120)
    seed_test(lambda: pz.env(game), num_cycles=120)
    parallel_api_test(pz.parallel_env(game), num_cycles=120)
    parallel_seed_test(lambda: pz.parallel_env(game), num_cycles=120)
    if pz.env(game).metadata["is_parallelizable"]:
        parallel_api_test(aec_to_parallel(pz.env(game)), num_cycles=120)


@pytest.mark.parametrize("case", ALL_CASES)
def test_gymnasium_check_env_on_option_sets(case: tuple[str, int, dict[str, Any]]) -> None:
    game = _game(case)
    for seat in sorted({0, game.players - 1}):
        check_env(gym_adapter.env(game, seat=seat, opponents=["random"]), skip_render_check=True)


# -- OpenSpiel ------------------------------------------------------------------------


def _sims(game: pyspiel.Game) -> int:
    """Every step of a simulation is checked, cloned and (maybe) serialized: few for long games."""
    if game.max_game_length() <= 100:
        return 6
    return 2 if game.num_players() <= 3 else 1


def _random_bots_play(game: pyspiel.Game, seeds: range) -> None:
    for seed in seeds:
        bots = [
            uniform_random.UniformRandomBot(p, np.random.RandomState(seed * 10 + p))
            for p in range(game.num_players())
        ]
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(seed)
        )
        assert len(returns) == game.num_players()


@pytest.mark.parametrize("case", ALL_CASES)
def test_openspiel_suites_on_option_sets(case: tuple[str, int, dict[str, Any]]) -> None:
    game = load(_game(case))
    assert str(pyspiel.load_game(str(game))) == str(game)  # option strings survive
    for serialize in (True, False):
        pyspiel.random_sim_test(game, num_sims=_sims(game), serialize=serialize, verbose=False)
    _random_bots_play(game, range(3 if game.num_players() <= 3 else 1))
    _rl_environment_episode(game)


def _rl_environment_episode(game: pyspiel.Game) -> None:
    """One episode through OpenSpiel's rl_environment, joint actions at simultaneous nodes."""
    environment = rl_environment.Environment(game, seed=1)
    simultaneous = game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert environment.is_turn_based != simultaneous
    step = environment.reset()
    rng = np.random.default_rng(1)
    while not step.last():
        legal = step.observations["legal_actions"]
        player = step.observations["current_player"]
        if player == pyspiel.PlayerId.SIMULTANEOUS or (simultaneous and player < 0):
            step = environment.step([int(rng.choice(a)) if a else 0 for a in legal])
        elif simultaneous:  # a one-seat node of a simultaneous game: the others pass 0
            step = environment.step(
                [int(rng.choice(legal[p])) if p == player else 0 for p in range(len(legal))]
            )
        else:
            step = environment.step([int(rng.choice(legal[player]))])
    assert step.rewards == pytest.approx(environment.get_state.returns())


@pytest.mark.parametrize(("cls", "players"), adapter_configs(), ids=adapter_ids())
def test_openspiel_without_serialization_and_random_bots(cls: type[Game], players: int) -> None:
    """OpenSpiel's random_sim_test raises SpielError on any failure; _random_bots_play asserts."""
    game = load(cls(players=players))
    pyspiel.random_sim_test(game, num_sims=_sims(game), serialize=False, verbose=False)
    _random_bots_play(game, range(2 if players <= 3 else 1))


@pytest.mark.parametrize("case", ALL_CASES)
def test_determinization_keeps_what_each_seat_saw_on_option_sets(
    case: tuple[str, int, dict[str, Any]],
) -> None:
    check_determinize_keeps_what_the_seat_saw(_game(case), 1)


# -- issue 13: real-time Fit To Print under OpenSpiel --------------------------------


def test_realtime_fittoprint_is_simultaneous_under_openspiel() -> None:
    realtime = load("fittoprint", players=3, mode="realtime")
    assert realtime.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert load("fittoprint", players=3).get_type().dynamics == (
        pyspiel.GameType.Dynamics.SEQUENTIAL
    )
    assert pyspiel.load_game(str(realtime)).get_type().dynamics == (
        pyspiel.GameType.Dynamics.SIMULTANEOUS
    )
    _random_bots_play(realtime, range(5))  # raised on 3 of these 5 seeds before
    _rl_environment_episode(realtime)


def _after_the_deal(game: pyspiel.Game) -> pyspiel.State:
    state = game.new_initial_state()
    state.apply_action(game.num_distinct_actions() + 3)
    return state


def test_openspiel_refuses_a_joint_action_whole() -> None:
    game = load("fittoprint", players=2, mode="realtime")
    state = _after_the_deal(game)
    meeple = state.meeple_state
    draw, bad = meeple.game.action_code(Draw("1x1")), meeple.game.action_code(Print())
    before = (str(state), state.history(), state.information_state_string(0))
    with pytest.raises(Exception, match="not legal"):
        state.apply_actions([draw, bad])  # seat 1 may not print while reporting
    assert (str(state), state.history(), state.information_state_string(0)) == before
    assert state.meeple_state.decisions == ()  # no tile drawn


def test_openspiel_gives_a_tile_claimed_twice_to_one_seat_without_error() -> None:
    game = load("fittoprint", players=2, mode="realtime")
    state = _after_the_deal(game)
    code = state.meeple_state.game.action_code
    state.apply_actions([code(Draw("1x1")), code(Draw("2x2"))])
    tile = state.meeple_state.drawn(0)
    state.apply_actions([code(Return()), code(Keep())])
    state.apply_actions([code(Take(tile)), code(Take(tile))])  # both masks allowed it
    desks = state.meeple_state.desk
    assert (tile in desks[0]) != (tile in desks[1])
    assert not state.is_terminal() and state.meeple_state.turn().seats == (0, 1)


# -- issue 13: joint steps and conflicts in PettingZoo's parallel env ----------------


def _parallel_with_one_tile_face_up(env: pz.MeepleParallelEnv) -> int:
    """Put the env's match where seat 0 has just returned a tile face up."""
    s = make_game("fittoprint", players=3, mode="realtime").new_initial_state(4)
    s.apply(Draw("1x1"), 0)
    tile = s.drawn(0)
    s.apply(Return(), 0)
    env.state = s
    return tile


def test_parallel_env_resolves_two_claims_on_one_tile_by_the_rotating_order() -> None:
    e = pz.parallel_env("fittoprint", players=3, mode="realtime")
    e.reset(seed=2)
    winners = []
    for _ in range(3):
        tile = _parallel_with_one_tile_face_up(e)
        code = e.game.action_code
        take = code(Take(tile))
        _, rewards, terms, _, infos = e.step(
            {"player_0": code(Draw("2x2")), "player_1": take, "player_2": take}
        )
        assert not any(terms.values()) and set(rewards.values()) == {0.0}
        assert not any("illegal_action" in i for i in infos.values())
        (winner,) = [s for s in (1, 2) if tile in e.state.desk[s]]
        loser = 3 - winner
        assert infos[f"player_{loser}"] == {"void": True}
        assert loser in e.state.turn().seats and e.state.drawn(loser) == -1
        winners.append(winner)
    assert set(winners) == {1, 2}, "the same seat number won every race"


def test_parallel_env_refuses_a_step_whole() -> None:
    for policy in ("lose", "raise"):
        e = pz.parallel_env("fittoprint", players=3, mode="realtime", illegal_action=policy)
        e.reset(seed=2)
        tile = _parallel_with_one_tile_face_up(e)
        before = e.state.state_id()
        code = e.game.action_code
        actions = {"player_0": code(Draw("2x2")), "player_1": code(Take(tile)), "player_2": 0}
        actions["player_2"] = code(Print())  # reporting: it may not print
        if policy == "raise":
            with pytest.raises(Exception, match="not a legal action"):
                e.step(actions)
        else:
            _, rewards, _, _, _ = e.step(actions)
            assert rewards["player_2"] == -1.0
        assert e.state.state_id() == before  # nothing of the step was applied


# -- issue 13: turn-by-turn drivers interleave real-time seats -----------------------


def _first_day_order(e: pz.MeepleAECEnv, seed: int, decisions: int) -> list[int]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    order = []
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc or len(order) == decisions:
            break
        seat = int(agent.rsplit("_", 1)[1])
        order.append(seat)
        legal = np.flatnonzero(obs["action_mask"])
        keep = legal[legal != e.game.action_code(Print())]  # stay in the day
        e.step(int(rng.choice(keep if len(keep) else legal)))
    return order


def test_aec_asks_real_time_seats_one_decision_each_in_rotation() -> None:
    e = pz.env("fittoprint", players=3, mode="realtime")
    starts = set()
    for seed in range(6):
        order = _first_day_order(e, seed, 12)
        assert all(order[k] == (order[0] + k) % 3 for k in range(12)), order
        starts.add(order[0])
    assert len(starts) > 1, "the first seat is drawn at reset"


def test_gymnasium_bots_take_one_decision_each_between_the_learners() -> None:
    g = gym_adapter.env("fittoprint", seat=2, opponents=["random"], players=3, mode="realtime")
    seats: list[int | None] = []
    play = g._play

    def recording(seat: int | None, action: Any) -> None:
        seats.append(seat)
        play(seat, action)

    g._play = recording  # type: ignore[method-assign]
    obs, _ = g.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(12):
        seats.append(2)
        legal = np.flatnonzero(obs["action_mask"])
        keep = legal[legal != g.game.action_code(Print())]
        obs, _, done, _, _ = g.step(int(rng.choice(keep)))
        assert not done
    runs = "".join(str(s) for s in seats).split("2")
    assert all(len(set(run)) == len(run) for run in runs), f"a bot acted twice in a row: {runs}"
    assert max(len(run) for run in runs) <= 2


# -- issue 13: option values with commas, and honest metadata -------------------------


@pytest.mark.parametrize(
    "text", ["C1:a,S2:a", "2", "2.5", "True", "", "a=b", "(x)", "50%", "%2C", "with space"]
)
def test_option_text_round_trips_through_the_encoding(text: str) -> None:
    assert decode_text(encode_text(text)) == text
    encoded = encode_text(text)
    assert not set(encoded) & set(",=() ")


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("snowtails", 3, {"course": COURSE}),
        ("penguins", 2, {"mode": "free", "layout": "2", "cards": CARDS}),
        ("penguins", 4, {"mode": "free", "layout": "1", "cards": "none"}),
    ],
)
def test_list_options_survive_openspiel_game_strings(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = load(name, players=players, **options)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.new_initial_state().child(game.num_distinct_actions()).meeple_state.game == (
        make_game(name, players=players, **options)
    )
    state = _after_the_deal(game)
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(g2) == str(game) and str(s2) == str(state)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_is_parallelizable_is_true_exactly_where_aec_to_parallel_works() -> None:
    declared = {}
    for cls, players in adapter_configs():
        e = pz.env(cls(players=players))
        declared[f"{cls.name}-{players}p"] = e.metadata["is_parallelizable"]
        if e.metadata["is_parallelizable"]:
            parallel_api_test(aec_to_parallel(e), num_cycles=60)
    # one seat acting at a time with a single agent (the solo games) works in parallel form
    assert {k for k, v in declared.items() if v} == {
        "tictactoe-2p",
        "fittoprint-1p",
        "ice-1p",
        "viscounts-1p",
        "unconscious-1p",
    }
    for name, players in (
        ("snowtails", 2),
        ("penguins", 2),
        ("province", 2),
        ("fittoprint", 2),
        ("ice", 2),
    ):
        with pytest.raises(AssertionError, match="cycle"):
            parallel_api_test(aec_to_parallel(pz.env(name, players=players)), num_cycles=60)


def test_every_listing_says_the_penguin_game_is_for_2_or_4() -> None:
    from meeple.server.lobby import game_info

    cls = next(c for c in games() if c.name == "penguins")
    assert cls.player_range() == "2 or 4"
    assert game_info(cls)["players"] == "2 or 4" and game_info(cls)["player_counts"] == [2, 4]
    assert "2 or 4 players" in load("penguins").get_type().long_name
    with pytest.raises(Exception, match="2 or 4"):
        pz.env("penguins", players=3)


# -- issue 13: `meeple balance --driver` plays through an adapter ---------------------


@pytest.mark.parametrize("driver", ["pettingzoo", "gymnasium"])
def test_balance_plays_through_an_adapters_driver(driver: str, tmp_path: Any, capsys: Any) -> None:
    import json

    from meeple.cli import main

    code = main(
        [
            *("balance", "fittoprint", "--players", "3", "-o", "mode=realtime"),
            *("--driver", driver, "-n", "3", "--bot", "random", "--json", "--no-progress"),
            *("--out", str(tmp_path / driver)),
        ]
    )
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0 and figures["games"] == 3 and len(figures["seats"]) == 3


def test_an_unknown_driver_is_refused() -> None:
    from meeple.arena.tournament import ArenaError, Tournament

    with pytest.raises(ArenaError, match="driver"):
        Tournament(make_game("tictactoe"), ["random"], 1, driver="aec")
