"""A game's plug-ins are declared with its class, never found by module name.

The game here lives in this test module, outside ``meeple.games``: before
plug-ins were declared, such a game got terminal text (looked up next to its
class) but no heuristic bot, no evaluation and no search defaults (looked up
only as ``meeple.games.<name>.bots``). Now every driver reads ``Game.plugins``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import meeple
from meeple.adapters.common import render_text
from meeple.bots import Bot, bot_names, make_bot
from meeple.bots.mcts import MCTSBot
from meeple.bots.simple import GreedyBot
from meeple.cli.common import default_bot_spec
from meeple.cli.render import TextRenderer
from meeple.core import Action, OptionError, State, registry
from meeple.core.plugins import NO_PLUGINS, Plugins, Text, declare
from meeple.games.tictactoe import Place, TicTacToe


class Corners(TicTacToe):
    """Tic-tac-toe under another name, registered from outside meeple.games."""

    name = "corners"
    title = "Corners"
    title_zh = "角落"


class CornerBot(Bot):
    """Takes the lowest free corner, else the lowest free cell."""

    name = "heuristic"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions(self.seat)
        corners = [a for a in legal if isinstance(a, Place) and a.cell in (0, 2, 6, 8)]
        return min(corners or legal, key=lambda a: a.cell if isinstance(a, Place) else 99)


def corner_value(state: State, seat: int) -> float:
    """How many corners ``seat`` holds."""
    board = state.to_json()["board"]
    return float(sum(1 for c in (0, 2, 6, 8) if board[c] == seat + 1))


class CornerText:
    """A game's words written as a class, not a module: its functions are declared
    (``Text``) all the same."""

    @staticmethod
    def render(view: dict[str, Any], seat: int | None, lang: str) -> str:
        return ("棋盤 " if lang == "zh-TW" else "board ") + "".join(view["board"])

    @staticmethod
    def action_label(action: Action, lang: str) -> str:
        assert isinstance(action, Place)
        return f"角 {action.cell}" if lang == "zh-TW" else f"corner {action.cell}"


declare(
    Corners,
    Plugins(
        heuristic_bot=CornerBot,
        evaluate=corner_value,
        eval_scale=4.0,
        mcts_defaults={"iters": "7", "c": "0.5"},
        text=Text(render=CornerText.render, action_label=CornerText.action_label),
    ),
)


@pytest.fixture
def corners() -> Iterator[type[Corners]]:
    registry.register(Corners)
    try:
        yield Corners
    finally:
        registry.unregister(Corners.name)


def test_an_outside_game_gets_its_heuristic_bot(corners: type[Corners]) -> None:
    game = meeple.make_game("corners")
    assert "heuristic" in bot_names(game)
    bot = make_bot("heuristic", game, 0, seed=1)
    assert isinstance(bot, CornerBot)
    assert bot.choose(game.new_initial_state()) == Place(0)
    assert default_bot_spec("corners") == "heuristic"  # meeple play's default opponent


def test_an_outside_game_gets_its_evaluation_and_search_defaults(corners: type[Corners]) -> None:
    game = meeple.make_game("corners")
    greedy = make_bot("greedy", game, 0)
    assert isinstance(greedy, GreedyBot) and greedy.evaluate is corner_value
    search = make_bot("mcts:depth=2", game, 0, seed=3)
    assert isinstance(search, MCTSBot)
    assert (search.iters, search.c, search.scale) == (7, 0.5, 4.0)
    assert search.cutoff.evaluate_fn is corner_value  # cut-off search uses the declared evaluation
    rollout = make_bot("mcts:iters=5,rollout=heuristic", game, 1, seed=2)
    state = game.new_initial_state()
    state.apply(Place(4))
    assert rollout.choose(state) in state.legal_actions(1)


def test_an_outside_game_gets_its_text_in_the_terminal_and_the_adapters(
    corners: type[Corners],
) -> None:
    game = meeple.make_game("corners")
    state = game.new_initial_state()
    state.apply(Place(8))
    assert TextRenderer(game, "en").board(state, 0) == "board ........X"
    assert TextRenderer(game, "zh-TW").label(Place(2)) == "角 2"
    assert render_text(state) == "board ........X"


def test_a_game_without_plugins_falls_back_everywhere() -> None:
    plain = type("Plain", (TicTacToe,), {"name": "plain", "plugins": NO_PLUGINS})()
    assert "heuristic" not in bot_names(plain)
    with pytest.raises(OptionError, match="no heuristic bot"):
        make_bot("heuristic", plain, 0)
    assert TextRenderer(plain, "en").label(Place(3)) == "place 3"
    assert isinstance(make_bot("greedy", plain, 0), GreedyBot)


def test_declaring_twice_or_declaring_nonsense_is_refused() -> None:
    with pytest.raises(ValueError, match="already declares"):
        declare(Corners, Plugins())
    other = type("Other", (TicTacToe,), {"name": "other"})
    with pytest.raises(TypeError, match="wants a Plugins"):
        declare(other, {"text": CornerText()})  # type: ignore[arg-type]
    assert "plugins" not in other.__dict__  # the refusal changed nothing
