"""MCTS and information-set MCTS: each feature on a game built to expose it."""

from __future__ import annotations

import math
import time

import pytest

import meeple
from meeple.bots import make_bot
from meeple.bots.evaluators import Evaluator
from meeple.bots.mcts import SETTLE_EVERY, ISMCTSBot, MCTSBot, _Node
from meeple.bots.registry import game_heuristic_bot
from meeple.core import OptionError, Rng
from meeple.core.conformance import ALL_CHECKS, check_seed_replays
from meeple.core.game import State
from meeple.core.registry import game_names
from meeple.games.tictactoe.solver import bot_result, perfect_move, random_move
from tests.bots.toygames import GambleGame, LastStone, Pennies, Pick
from tests.toy import SecretBidsInTurn

# -- the toy games are honest games -------------------------------------------------


@pytest.mark.parametrize("game", [GambleGame(), Pennies(), LastStone()], ids=str)
def test_toy_games_pass_conformance(game) -> None:  # type: ignore[no-untyped-def]
    for check in ALL_CHECKS:
        if check is check_seed_replays:
            continue  # needs the game in the registry; the toys stay out of it
        for seed in (1, 2):
            check(game, seed)


# -- tic-tac-toe: never loses -----------------------------------------------------------


def test_tictactoe_mcts_never_loses_in_100_games_from_either_seat() -> None:
    game = meeple.make_game("tictactoe")
    rng = Rng(5)
    for g in range(100):
        seat = g % 2
        bot = make_bot("mcts:iters=1000", game, seat, seed=g)
        assert bot_result(bot, seat, random_move, rng) >= 0, (
            f"game {g}: MCTS lost to random play as seat {seat}"
        )


def test_tictactoe_mcts_holds_perfect_play_to_a_draw() -> None:
    # Fewer games: a modest budget sometimes misjudges the second move against a
    # perfect player (benchmarks/mcts measures how often, budget by budget).
    game = meeple.make_game("tictactoe")
    rng = Rng(6)
    for g in range(12):
        seat = g % 2
        bot = make_bot("mcts:iters=2000", game, seat, seed=g)
        assert bot_result(bot, seat, perfect_move, rng) >= 0, (
            f"game {g}: MCTS lost to perfect play as seat {seat}"
        )


def test_mcts_takes_a_win_and_blocks_a_loss() -> None:
    game = meeple.make_game("tictactoe")
    # X: 0, 1; O: 3, 4; X to move must complete the top row (2) rather than block (5).
    state = game.state_from_json({"board": [1, 1, 0, 2, 2, 0, 0, 0, 0], "to_move": 0})
    assert make_bot("mcts:iters=300", game, 0, 1).choose(state).cell == 2  # type: ignore[attr-defined]
    # O to move with X threatening 0-1-2 and no win of its own: block on 2.
    state = game.state_from_json({"board": [1, 1, 0, 0, 2, 0, 0, 0, 1], "to_move": 1})
    assert make_bot("mcts:iters=300", game, 1, 1).choose(state).cell == 2  # type: ignore[attr-defined]


# -- N seats, per-seat rewards ---------------------------------------------------------------


def test_each_seat_searches_for_its_own_reward() -> None:
    game = LastStone(players=3, pile=4)
    state = game.new_initial_state()
    state.apply(Pick(2), 0)  # pile 2, seat 1 to move: taking both stones wins for seat 1
    assert make_bot("mcts:iters=200", game, 1, 3).choose(state) == Pick(2)
    state = game.new_initial_state()
    state.apply(Pick(1), 0)
    state.apply(Pick(1), 1)  # pile 2 again, now seat 2 to move
    assert make_bot("mcts:iters=200", game, 2, 3).choose(state) == Pick(2)


def test_two_seat_nim_finds_the_only_winning_move() -> None:
    # Take 1 or 2, last stone wins: leave a multiple of 3. From 7 the only winning move is 1.
    game = LastStone(players=2, pile=7)
    assert make_bot("mcts:iters=3000", game, 0, 2).choose(game.new_initial_state()) == Pick(1)


# -- chance nodes ------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["sample", "open"])
def test_chance_outcomes_are_weighted_by_their_probabilities(mode: str) -> None:
    good = GambleGame(p_win=0.7)  # expected +0.4: gamble (uniform sampling would say -1/3)
    bad = GambleGame(p_win=0.2)  # expected -0.6: keep the draw
    assert make_bot(f"mcts:iters=600,chance={mode}", good, 0, 1).choose(
        good.new_initial_state()
    ) == Pick(1)
    assert make_bot(f"mcts:iters=600,chance={mode}", bad, 0, 1).choose(
        bad.new_initial_state()
    ) == Pick(0)


# -- hidden information -------------------------------------------------------------------------


def _midgame(game, seed: int, steps: int):  # type: ignore[no-untyped-def]
    """``steps`` random moves into a game, chance resolved, at a seat's turn."""
    state = game.new_initial_state(seed)
    rng = Rng(seed + 99)
    moves = 0
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.randbelow(len(outcomes))][0])
            continue
        if moves == steps:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        moves += 1
    return state


@pytest.mark.parametrize("spec", ["mcts:iters=150", "ismcts:iters=150"])
def test_choice_ignores_the_other_seats_secrets(spec: str) -> None:
    game = SecretBidsInTurn(2)  # the shared toy: hands dealt face down, bids in turn
    for seed in range(12):
        state = _midgame(game, seed, seed % 3)
        if state.is_terminal():
            continue
        seat = state.current_seat()
        assert seat is not None
        other = state.determinize(seat, Rng(seed * 7 + 1))  # the other hand is redrawn
        assert other.view(seat) == state.view(seat)
        first = make_bot(spec, game, seat, seed=seed).choose(state)
        second = make_bot(spec, game, seat, seed=seed).choose(other)
        assert first == second, f"seed {seed}: the choice depends on the other hand"


def test_mcts_switches_to_information_sets_on_hidden_information() -> None:
    assert MCTSBot(SecretBidsInTurn(2), 0).information_sets
    assert not MCTSBot(meeple.make_game("tictactoe"), 0).information_sets
    assert ISMCTSBot(meeple.make_game("tictactoe"), 0).information_sets


# -- simultaneous turns ---------------------------------------------------------------------------


def test_simultaneous_turn_is_decoupled() -> None:
    """Matching pennies is worth 0 to both seats; a sequential tree would say -1 for seat 0."""
    game = Pennies()
    for seat in (0, 1):
        bot = make_bot("mcts:iters=2000", game, seat, 4)
        assert isinstance(bot, MCTSBot)
        state = game.new_initial_state()
        root = bot.search(state)
        assert root.stats is not None
        table = root.stats[seat]
        total = sum(s.n for s in table.values())
        mean = sum(s.w for s in table.values()) / total
        assert abs(mean) < 0.25, f"seat {seat} values the game at {mean:.2f}"
        assert all(s.n > total * 0.2 for s in table.values()), "one penny was starved"
        assert bot.choose(state) in state.legal_actions(seat)


def test_second_seat_at_a_simultaneous_turn_cannot_see_the_first_choice() -> None:
    game = Pennies()
    picks = []
    for shown in (0, 1):
        state = game.new_initial_state()
        state.apply(Pick(shown), 0)
        picks.append(make_bot("mcts:iters=300", game, 1, 8).choose(state))
    assert picks[0] == picks[1]


# -- budgets, widening, reuse, parallelism ----------------------------------------------------------


def test_time_budget_stops_the_search() -> None:
    game = meeple.make_game("tictactoe")
    bot = make_bot("mcts:time=0.05", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    start = time.perf_counter()
    bot.choose(game.new_initial_state())
    assert time.perf_counter() - start < 2.0  # generous: this checks stopping, not speed
    assert bot.last_iterations > 0
    assert bot.iters is None and bot.time_limit == 0.05


class _SleepyEvaluator(Evaluator):
    """Each leaf costs 1 ms of this thread's CPU and 10 ms asleep (wall time, no CPU)."""

    def evaluate(
        self, state: State, changes: int = 0, last: tuple[int, ...] | None = None
    ) -> list[float]:
        end = time.thread_time() + 0.001
        while time.thread_time() < end:
            pass
        time.sleep(0.01)
        return [0.0, 0.0]


def test_cpu_clock_budget_counts_the_threads_cpu_seconds_not_the_wall() -> None:
    game = meeple.make_game("tictactoe")
    state = game.new_initial_state()
    spec = {"time": "0.02", "reuse": "false", "settle": "false"}
    wall = MCTSBot(game, 0, 1, evaluator=_SleepyEvaluator(), clock="wall", **spec)
    cpu = MCTSBot(game, 0, 1, evaluator=_SleepyEvaluator(), **spec, clock="cpu")
    assert (wall.clock, cpu.clock) == ("wall", "cpu")
    wall.search(state)
    start = time.perf_counter()
    cpu.search(state)
    elapsed = time.perf_counter() - start
    # 0.02 s of wall clock is over after two or three 11 ms leaves; 0.02 CPU
    # seconds take up to twenty 1 ms leaves, whose sleeping costs no CPU.
    assert wall.last_iterations <= 3
    assert 8 <= cpu.last_iterations <= 21
    assert elapsed > 0.08  # the sleeps were not counted
    with pytest.raises(OptionError):
        make_bot("mcts:time=1,clock=process", game, 0)


def _root_with_visits(*visits: int) -> _Node:
    root = _Node()
    for i, n in enumerate(visits):
        child = root.children[i] = _Node()
        child.n = n
    root.n = sum(visits)
    return root


def test_timed_search_settles_only_when_the_lead_cannot_be_overtaken() -> None:
    game = meeple.make_game("tictactoe")
    bot = make_bot("mcts:time=1", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    # 1000 iterations in 0.8 s: the last 0.2 s buys about 250 more.
    assert bot._settled(_root_with_visits(600, 400), 1000, 0.0, 0.8, 1.0) is False
    assert bot._settled(_root_with_visits(700, 300), 1000, 0.0, 0.8, 1.0) is True
    # 3 iterations left: a lead of 3 can still be tied, a lead of 4 cannot.
    assert bot._settled(_root_with_visits(50, 47), 97, 0.0, 0.97, 1.0) is False
    assert bot._settled(_root_with_visits(51, 47), 98, 0.0, 0.97, 1.0) is True
    proven = _root_with_visits(10, 900)
    proven.children[0].proven = [1.0, -1.0]
    assert bot._settled(proven, 910, 0.0, 0.5, 1.0) is False  # chosen by value: keep going


def test_timed_search_answers_a_solved_position_early_with_the_same_move() -> None:
    game = meeple.make_game("tictactoe")
    state = game.new_initial_state()
    for cell in (0, 3, 1, 4):  # X to move and win on 2
        state.apply(game.parse_action(f"place {cell}"))
    settled = make_bot("mcts:time=0.5,reuse=false", game, 0, 1)
    full = make_bot("mcts:time=0.5,reuse=false,settle=false", game, 0, 1)
    assert isinstance(settled, MCTSBot) and isinstance(full, MCTSBot)
    assert str(settled.choose(state)) == str(full.choose(state)) == "place 2"
    assert settled.last_iterations <= 4 * SETTLE_EVERY  # stopped once the root was solved
    assert full.last_iterations > settled.last_iterations


def test_iteration_budget_is_exact() -> None:
    game = meeple.make_game("tictactoe")
    bot = make_bot("mcts:iters=123,reuse=false", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    root = bot.search(game.new_initial_state())
    assert bot.last_iterations == 123 and root.n == 123


def test_progressive_widening_limits_children() -> None:
    game = LastStone(players=2, pile=7)  # two actions: below pw_min, no widening
    bot = make_bot("mcts:iters=50", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    assert len(bot.search(game.new_initial_state()).children) == 2
    ttt = meeple.make_game("tictactoe")
    narrow = make_bot("mcts:iters=4,pw=1,pw_min=2", ttt, 0, 1)
    wide = make_bot("mcts:iters=30,pw=0", ttt, 0, 1)
    assert isinstance(narrow, MCTSBot) and isinstance(wide, MCTSBot)
    root = narrow.search(ttt.new_initial_state())
    assert len(root.children) <= math.ceil(1 * 4**0.5)
    assert len(wide.search(ttt.new_initial_state()).children) == 9


def test_tree_is_reused_after_observed_moves() -> None:
    game = meeple.make_game("tictactoe")
    bot = make_bot("mcts:iters=500", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    state = game.new_initial_state()
    mine = bot.choose(state)
    before = state.clone()
    state.apply(mine)
    bot.observe(0, mine, before)
    reply = state.legal_actions()[0]
    before = state.clone()
    state.apply(reply)
    bot.observe(1, reply, before)
    kept = bot._root
    assert kept is not None and kept.n > 0
    carried = kept.n
    bot.choose(state)
    assert bot._root is kept and kept.n == carried + 500


def test_tree_is_not_reused_when_the_state_differs() -> None:
    game = meeple.make_game("tictactoe")
    bot = make_bot("mcts:iters=200", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    state = game.new_initial_state()
    bot.choose(state)
    other = game.state_from_json({"board": [0, 0, 0, 0, 2, 0, 0, 0, 1], "to_move": 0})
    bot.choose(other)  # no observe: the old tree must be dropped, not misused
    assert bot._root is not None and bot._root.n == 200


def test_root_parallel_search_in_processes() -> None:
    game = meeple.make_game("tictactoe")
    state = game.state_from_json({"board": [1, 1, 0, 2, 2, 0, 0, 0, 0], "to_move": 0})
    bot = make_bot("mcts:iters=200,workers=2", game, 0, 1)
    assert bot.choose(state).cell == 2  # type: ignore[attr-defined]
    assert isinstance(bot, MCTSBot) and bot.last_iterations == 400


# -- specs ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        "mcts",
        "mcts:time=0.5",
        "mcts:iters=2000,rollout=random",
        "ismcts:iters=2000",
        "mcts:depth=5",
    ],
)
def test_named_specs_build(spec: str) -> None:
    bot = make_bot(spec, meeple.make_game("tictactoe"), 1, 0)
    assert isinstance(bot, MCTSBot)


@pytest.mark.parametrize(
    "spec",
    [
        *("mcts:iters=0", "mcts:time=-1", "mcts:bogus=1", "mcts:rollout=smart"),
        *("mcts:chance=never", "mcts:iters=many", "mcts:reuse=maybe", "mcts:rollout=heuristic"),
    ],
)
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec, GambleGame(), 0, 0)  # the toy game declares no heuristic bot


# -- every registered game ------------------------------------------------------------------------------


def _play_out(game, specs: list[str], seed: int, max_decisions: int = 6) -> int:  # type: ignore[no-untyped-def]
    """A few searched decisions in a real game: legal, and the search does not break the state.
    Returns how many decisions the bots made."""
    bots = [make_bot(s, game, i, seed) for i, s in enumerate(specs)]
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    decisions = 0
    while not state.is_terminal() and decisions < max_decisions:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.weighted_index([p for _, p in outcomes])][0])
            continue
        for seat in state.turn().seats:
            if seat not in state.turn().seats:
                continue
            snapshot = state.to_json()
            action = bots[seat].choose(state)
            assert state.to_json() == snapshot, "the search changed the real state"
            before = state.clone()
            state.apply(action, seat)
            for bot in bots:
                bot.observe(seat, action, before)
            decisions += 1
    return decisions


@pytest.mark.parametrize("name", game_names())
def test_search_bots_play_every_registered_game(name: str) -> None:
    game = meeple.make_game(name)
    specs = ["mcts:iters=10,depth=10", "ismcts:iters=10,depth=10"] * 3
    assert _play_out(game, specs, seed=1) > 0
    if game_heuristic_bot(game) is not None:
        heuristic = ["mcts:iters=5,rollout=heuristic,depth=10"] * game.players
        assert _play_out(game, heuristic, 2, 3) > 0


def test_game_can_set_search_defaults() -> None:
    from meeple.core.plugins import Plugins, declare
    from meeple.games.tictactoe import TicTacToe

    tuned = declare(
        type("Tuned", (TicTacToe,), {"name": "tuned"}),
        Plugins(mcts_defaults={"iters": 77, "c": "0.3", "depth": "4"}),
    )
    game = tuned()
    bot = make_bot("mcts:c=0.9", game, 0, 0)
    assert isinstance(bot, MCTSBot)
    assert (bot.iters, bot.c, bot.depth) == (77, 0.9, 4)
    timed = make_bot("mcts:time=0.2", game, 0, 0)
    assert isinstance(timed, MCTSBot) and timed.iters is None and timed.time_limit == 0.2
    bogus = declare(
        type("Bogus", (TicTacToe,), {"name": "bogus"}), Plugins(mcts_defaults={"bogus": 1})
    )
    with pytest.raises(OptionError):
        make_bot("mcts", bogus(), 0, 0)


def _reach_midgame(game, seed: int):  # type: ignore[no-untyped-def]
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(4 + 3 * seed):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.weighted_index([p for _, p in outcomes])][0])
            continue
        seat = state.turn().seats[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randbelow(len(legal))], seat)
    while state.is_chance():
        outcomes = state.chance_outcomes()
        state.apply(outcomes[rng.weighted_index([p for _, p in outcomes])][0])
    return state


@pytest.mark.parametrize("name", game_names())
def test_registered_games_search_ignores_others_secrets(name: str) -> None:
    """The same invariance on every registered game.

    The bot's search is a function of ``determinize(seat, rng)`` outputs, so it
    can only be as view-only as the game's determinize: that must give the
    same state from two full states that share the seat's view (sort the
    unseen pool before shuffling it), which the conformance suite checks.
    """
    game = meeple.make_game(name)
    for seed in range(3):
        state = _reach_midgame(game, seed)
        if state.is_terminal():
            continue
        seat = state.turn().seats[0]
        other = state.determinize(seat, Rng(seed * 7 + 1))
        # the core conformance check_determinize_uses_view_only guarantees this
        assert (
            state.determinize(seat, Rng(9)).to_json() == other.determinize(seat, Rng(9)).to_json()
        )
        first = make_bot("ismcts:iters=20,depth=8", game, seat, seed).choose(state)
        second = make_bot("ismcts:iters=20,depth=8", game, seat, seed).choose(other)
        assert first == second


def test_horizon_stops_every_iteration_at_the_same_turn() -> None:
    game = meeple.make_game("tictactoe")
    state = game.state_from_json({"board": [1, 1, 0, 2, 2, 0, 0, 0, 0], "to_move": 0})
    bot = make_bot("mcts:iters=200,horizon=1", game, 0, 1)
    assert isinstance(bot, MCTSBot) and not bot.reuse
    root = bot.search(state)
    assert root.children and all(not ch.children for ch in root.children.values())
    assert bot.choose(state).cell == 2  # type: ignore[attr-defined]  # the win ends the game first
    deeper = make_bot("mcts:iters=200,horizon=2", game, 0, 1)
    assert isinstance(deeper, MCTSBot)
    grand = [g for ch in deeper.search(state).children.values() for g in ch.children.values()]
    assert grand and all(not g.children for g in grand)
