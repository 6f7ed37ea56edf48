"""Bot specs from someone else are bounded: caps, types and finite numbers (issue 14, item 3)."""

from __future__ import annotations

import pytest

import meeple
from meeple.bots import BotLimits, make_bot
from meeple.bots.mcts import MCTS_OPTIONS, MCTSBot
from meeple.core import OptionError
from meeple.core.options import GameOption


@pytest.fixture
def game() -> meeple.Game:
    return meeple.make_game("tictactoe")


@pytest.mark.parametrize(
    "spec",
    [
        *("mcts:time=inf", "mcts:time=nan", "mcts:time=-inf", "mcts:c=inf", "mcts:c=nan"),
        *("mcts:scale=inf", "mcts:pw=nan", "mcts:pw_alpha=inf", "ismcts:time=NaN"),
        *("mcts:iters=inf", "mcts:iters=1e12", "mcts:iters=2.5", "mcts:workers=two"),
        *("mcts:depth=1.5", "mcts:settle=2", "mcts:rollout=3"),
    ],
)
def test_non_finite_numbers_and_wrong_types_are_refused_without_limits(game, spec) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(OptionError):
        make_bot(spec, game, 0, 0)


@pytest.mark.parametrize(
    ("spec", "word"),
    [
        ("mcts:time=1e9", "time"),
        ("mcts:time=5.5", "time"),
        ("mcts:iters=1000000000000", "iters"),
        ("mcts:iters=20001", "iters"),
        ("mcts:workers=64", "workers"),
        ("mcts:workers=3", "workers"),
        ("ismcts:depth=100000", "depth"),
        ("mcts:turns=101", "turns"),
        ("mcts:horizon=1000", "horizon"),
        ("mcts:c=1e6", "c"),
        ("mcts:scale=1e300", "scale"),
        ("mcts:pw=1e5", "pw"),
        ("mcts:pw_alpha=2", "pw_alpha"),
        ("mcts:pw_min=100000", "pw_min"),
    ],
)
def test_every_numeric_parameter_over_its_cap_is_refused(game, spec, word) -> None:  # type: ignore[no-untyped-def]
    make_bot(spec, game, 0, 0)  # fine without limits: the command line is trusted
    with pytest.raises(OptionError, match=f"{word}=.* over this server's cap"):
        make_bot(spec, game, 0, 0, limits=BotLimits())


def test_every_numeric_mcts_parameter_has_a_cap() -> None:
    numeric = {o.name for o in MCTS_OPTIONS if o.type in (int, float)}
    assert all(BotLimits().cap(name) is not None for name in numeric)


def test_specs_within_the_caps_build_the_bot_they_ask_for(game) -> None:  # type: ignore[no-untyped-def]
    limits = BotLimits()
    bot = make_bot("mcts:time=5,workers=2,depth=1000,c=0.5", game, 0, 0, limits=limits)
    assert isinstance(bot, MCTSBot)
    assert (bot.time_limit, bot.workers, bot.depth, bot.c) == (5.0, 2, 1000, 0.5)
    assert make_bot("mcts", game, 0, 0, limits=limits).iters == 1000  # defaults are trusted
    make_bot("random", game, 0, 0, limits=limits)
    make_bot("mcts:rollout=random,chance=open,reuse=false", game, 0, 0, limits=limits)


def test_caps_are_configurable_and_checked_themselves(game) -> None:  # type: ignore[no-untyped-def]
    tight = BotLimits.from_pairs(["time=0.5", "workers=1"])
    assert (tight.time, tight.workers, tight.iters) == (0.5, 1, BotLimits().iters)
    with pytest.raises(OptionError, match="time"):
        make_bot("mcts:time=1", game, 0, 0, limits=tight)
    with pytest.raises(OptionError, match="workers"):
        make_bot("mcts:workers=2", game, 0, 0, limits=tight)
    for bad in (["time=inf"], ["time=nan"], ["workers=0"], ["iters=-1"], ["bogus=1"], ["time"]):
        with pytest.raises(OptionError):
            BotLimits.from_pairs(bad)
    with pytest.raises(OptionError):
        BotLimits(time=float("inf"))


def test_a_bot_without_declared_parameters_may_be_given_none(game) -> None:  # type: ignore[no-untyped-def]
    from meeple.bots.registry import _BOTS, register_bot
    from meeple.bots.simple import RandomBot

    class Knob(RandomBot):
        name = "knob"

        def __init__(self, game, seat, seed=0, **params):  # type: ignore[no-untyped-def]
            super().__init__(game, seat, seed)  # takes any parameter: declares none

    register_bot("knob", Knob)
    try:
        make_bot("knob:anything=9", game, 0, 0)
        with pytest.raises(OptionError, match="knob"):
            make_bot("knob:anything=9", game, 0, 0, limits=BotLimits())

        class Declared(Knob):
            name = "declared"
            options = (GameOption("playouts", 10, minimum=1),)

        register_bot("declared", Declared)
        with pytest.raises(OptionError, match="no cap"):  # a numeric knob the caps do not know
            make_bot("declared:playouts=5", game, 0, 0, limits=BotLimits())
    finally:
        _BOTS.pop("knob", None)
        _BOTS.pop("declared", None)


def test_a_refused_spec_builds_nothing(game, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    built: list[object] = []
    original = MCTSBot.__init__

    def spy(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(MCTSBot, "__init__", spy)
    with pytest.raises(OptionError):
        make_bot("mcts:workers=50", game, 0, 0, limits=BotLimits())
    assert built == []


@pytest.mark.parametrize("spec", ["mcts:seat=1", "random:seed=3", "greedy:game=x", "mcts:limits=0"])
def test_parameters_named_like_the_constructors_arguments_are_refused(game, spec) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(OptionError, match="may not be named"):
        make_bot(spec, game, 0, 0)
    with pytest.raises(OptionError):
        make_bot(spec, game, 0, 0, limits=BotLimits())
