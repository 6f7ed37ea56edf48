"""Snow Tails bots: the planner plays legal moves, avoids obvious crashes and beats random.

The full win-rate figures are measured by benchmarks (see docs/games/snowtails.md);
here a small, fast sample keeps the claim honest.
"""

from __future__ import annotations

from meeple.bots import make_bot
from meeple.core import make_game
from meeple.games.snowtails.bots import evaluate
from tests.games.snowtails.helpers import LEFT_CORNER, dogs, give, park_others, put, race, turn_of


def _play(players: int, specs: list[str], seed: int) -> list[int]:
    game = make_game("snowtails", players=players)
    state = game.new_initial_state(seed)
    bots = [make_bot(spec, game, i, seed) for i, spec in enumerate(specs)]
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        state.apply(bots[seat].choose(state), seat)
    return state.winners()


def test_heuristic_beats_random_two_player() -> None:
    wins = 0
    games = 20
    for seed in range(games):
        seat = seed % 2
        specs = ["random", "random"]
        specs[seat] = "heuristic"
        wins += seat in _play(2, specs, seed)
    assert wins >= 17, f"heuristic won only {wins}/{games}"


def test_heuristic_wins_far_above_one_in_five() -> None:
    wins = 0
    for seed in range(8):
        seat = seed % 5
        specs = ["random"] * 5
        specs[seat] = "heuristic"
        wins += seat in _play(5, specs, seed)
    assert wins >= 6


def test_planner_slows_down_for_a_corner() -> None:
    # 7 forward would take 2 dents at the limit-5 line; a 1 on the brake...
    state = race(course=LEFT_CORNER)
    park_others(state, 0)
    put(state, 0, 2, 1, 3)
    turn_of(state, 0, round_no=1)
    dogs(state, 0, 5, 5, 3)
    give(state, 0, [5, 5, 4, 3, 3])
    bot = make_bot("heuristic", state.game, 0, 1)
    while state.current() == 0 and state.phase != "over":
        state.apply(bot.choose(state), 0)
    assert state.dents(0) == 0


def test_evaluate_prefers_progress_and_fewer_dents() -> None:
    state = race()
    put(state, 0, 2, 2, 0)
    put(state, 1, 2, 1, 0)
    assert evaluate(state, 0) > 0 > evaluate(state, 1)
    better = evaluate(state, 0)
    give(state, 0, [0, 0, 1, 2, 3])
    assert evaluate(state, 0) < better


def test_heuristic_only_plays_legal_actions_through_a_whole_race() -> None:
    game = make_game("snowtails", players=3, course="START:b,S1:b,C3:b,S4:b,S7:b,U2:a,FINISH:a")
    state = game.new_initial_state(9)
    bots = [make_bot("heuristic", game, i, 9) for i in range(3)]
    steps = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        action = bots[seat].choose(state)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
        steps += 1
    assert steps <= game.max_game_length()
