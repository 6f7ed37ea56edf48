"""The search's parts passed in (issue 15, item 6): evaluators, the unchecked legal
actions of the core, and bot parameters declared as options."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import meeple
from meeple.bots import make_bot
from meeple.bots.evaluators import (
    CutoffEvaluator,
    Evaluator,
    HeuristicRolloutEvaluator,
    RandomRolloutEvaluator,
)
from meeple.bots.mcts import MCTS_OPTIONS, ISMCTSBot, MCTSBot
from meeple.core import OptionError, Rng, State
from meeple.core.playout import random_step
from meeple.core.registry import game_names


class CornerEvaluator(Evaluator):
    """Tic-tac-toe leaves are good for X exactly when X holds cell 8; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def evaluate(
        self, state: State, changes: int = 0, last: tuple[int, ...] | None = None
    ) -> list[float]:
        self.calls += 1
        x_wins = state.board[8] == 1  # type: ignore[attr-defined]
        return [1.0, -1.0] if x_wins else [-1.0, 1.0]


def test_a_passed_in_evaluator_values_the_new_leaves() -> None:
    game = meeple.make_game("tictactoe")
    evaluator = CornerEvaluator()
    bot = MCTSBot(game, 0, 1, evaluator=evaluator, iters="300")
    assert bot.evaluator is evaluator
    assert str(bot.choose(game.new_initial_state())) == "place 8"
    assert 0 < evaluator.calls <= 300
    spec_bot = make_bot("mcts:iters=300", game, 0, 1)
    assert isinstance(spec_bot.evaluator, RandomRolloutEvaluator)  # type: ignore[attr-defined]


def test_an_evaluator_must_be_one_and_stays_in_this_process() -> None:
    game = meeple.make_game("tictactoe")
    with pytest.raises(OptionError, match="Evaluator"):
        MCTSBot(game, 0, 1, evaluator="random")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="workers"):
        MCTSBot(game, 0, 1, evaluator=CornerEvaluator(), workers="2")
    # the evaluator replaces the spec's rollout: no heuristic bot is needed for it
    MCTSBot(game, 0, 1, evaluator=CornerEvaluator(), rollout="heuristic")
    from meeple.core.plugins import NO_PLUGINS

    plain = type("Plain", (type(game),), {"name": "plain", "plugins": NO_PLUGINS})()
    with pytest.raises(OptionError, match="heuristic"):  # a game declaring no heuristic bot
        MCTSBot(plain, 0, 1, rollout="heuristic")


def test_the_spec_chooses_the_built_in_evaluators() -> None:
    province = meeple.make_game("province")
    bot = make_bot("mcts", province, 0, 1)  # Province's defaults: heuristic rollouts, one turn
    assert isinstance(bot, MCTSBot)
    evaluator = bot.evaluator
    assert isinstance(evaluator, HeuristicRolloutEvaluator)
    assert (evaluator.turns, evaluator.from_root, evaluator.depth) == (1, False, None)
    assert evaluator.cutoff is bot.cutoff and bot.cutoff.scale == 1.0
    horizon = make_bot("mcts:rollout=random,horizon=3,turns=7", province, 0, 1)
    assert isinstance(horizon, MCTSBot)
    assert isinstance(horizon.evaluator, RandomRolloutEvaluator)
    assert (horizon.evaluator.turns, horizon.evaluator.from_root) == (3, True)


def test_cutoff_evaluation_scales_ranks_or_scores() -> None:
    game = meeple.make_game("province")
    state = game.new_initial_state(1)
    values = {0: 2.0, 1: -1.0}
    scaled = CutoffEvaluator(game, lambda s, seat: values[seat], 2.0).evaluate(state)
    assert scaled == pytest.approx([math.tanh(1.0), math.tanh(-0.5)])
    ranked = CutoffEvaluator(game, lambda s, seat: values[seat]).evaluate(state)
    assert ranked == [1.0, -1.0]
    assert CutoffEvaluator(game).evaluate(state) == [0.0, 0.0]  # equal scores at the start


def test_a_rollout_stops_at_its_cutoff_and_asks_the_cutoff_evaluator() -> None:
    game = meeple.make_game("tictactoe")
    seen: list[tuple[int, tuple[int, ...] | None]] = []

    class Probe(Evaluator):
        def evaluate(self, state, changes=0, last=None):  # type: ignore[no-untyped-def]
            seen.append((sum(1 for c in state.board if c), last))
            return [0.25, -0.25]

    rollout = RandomRolloutEvaluator(game, random.Random(3), Probe(), depth=2)
    assert rollout.evaluate(game.new_initial_state()) == [0.25, -0.25]
    assert seen == [(2, None)]  # two actions played, then judged
    seen.clear()
    by_turns = RandomRolloutEvaluator(game, random.Random(3), Probe(), turns=3)
    assert by_turns.evaluate(game.new_initial_state()) == [0.25, -0.25]
    assert seen == [(3, (0,))]  # X, O, X have moved: the third change of seats stops it


def test_unchecked_legal_actions_are_public_and_cost_no_extra_call() -> None:
    for name in game_names():
        game = meeple.make_game(name)
        state = game.new_initial_state(2)
        rng = Rng(2)
        for _ in range(30):
            if state.is_terminal():
                break
            if not state.is_chance():
                for seat in state.turn().seats:
                    assert state.legal_actions_unchecked(seat) == state.legal_actions(seat), name
            random_step(state, rng)
        cls: Any = type(state)
        impl = next(
            c.__dict__["_legal_actions"] for c in cls.__mro__ if "_legal_actions" in c.__dict__
        )
        assert cls.legal_actions_unchecked is impl, f"{name}: not bound to its own _legal_actions"


def test_a_state_keeps_its_own_unchecked_legal_actions() -> None:
    state_cls: Any = type(meeple.make_game("tictactoe").new_initial_state())

    class Own(state_cls):  # type: ignore[misc, valid-type]
        def _legal_actions(self, seat: int) -> list[Any]:
            return list(super()._legal_actions(seat))

        def legal_actions_unchecked(self, seat: int) -> list[Any]:
            return ["mine"]

    class Inherits(Own):  # type: ignore[misc, valid-type]
        def _legal_actions(self, seat: int) -> list[Any]:
            return []

    assert Own.legal_actions_unchecked is not Own._legal_actions
    assert Own.__dict__["legal_actions_unchecked"](None, 0) == ["mine"]
    assert Inherits.legal_actions_unchecked is Inherits._legal_actions  # its own, newer rules


def test_parameters_are_declared_options_parsed_by_the_core() -> None:
    game = meeple.make_game("tictactoe")
    assert MCTSBot.options is MCTS_OPTIONS and ISMCTSBot.options is MCTS_OPTIONS
    assert {o.name for o in MCTS_OPTIONS} == set(MCTSBot._KNOWN)
    bot = make_bot("mcts:rollout=Random,chance=OPEN,settle=off,reuse=no,pw=0,c=0.5", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    assert (bot.rollout_kind, bot.chance_mode, bot.settle, bot.reuse) == (
        "random",
        "open",
        False,
        False,
    )
    assert (bot.pw, bot.c, bot.iters, bot.time_limit) == (0.0, 0.5, 1000, None)
    with pytest.raises(OptionError, match=r"bot 'mcts'.*'iters' must be at least 1"):
        make_bot("mcts:iters=0", game, 0, 1)
    with pytest.raises(OptionError, match="bot 'ismcts' does not know parameter"):
        make_bot("ismcts:bogus=1", game, 0, 1)
