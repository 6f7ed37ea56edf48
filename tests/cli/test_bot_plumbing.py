"""How the commands get their bots: specs, the per-game heuristic, seeding, observe, greedy."""

from __future__ import annotations

import pytest

from meeple.bots import GreedyBot, RandomBot, bot_names, make_bot, parse_spec
from meeple.bots.base import Bot
from meeple.cli.common import BotTable, default_bot_spec, play_out
from meeple.core import Action, Match, OptionError, State
from meeple.core.registry import make_game
from tests.toy import DIE, PlayCard, Roll, ToyDice, registered


def test_specs_parse_and_unknown_names_are_refused() -> None:
    assert parse_spec(" MCTS:iters=200, c=1.4 ") == ("mcts", {"iters": "200", "c": "1.4"})
    with pytest.raises(OptionError, match="key=value"):
        parse_spec("mcts:200")
    with pytest.raises(OptionError, match="empty bot name"):
        parse_spec(":x=1")
    game = make_game("tictactoe")
    with pytest.raises(OptionError, match="unknown bot 'wizard'"):
        make_bot("wizard", game, 0)


def test_heuristic_resolves_to_the_games_own_bot() -> None:
    province = make_game("province")
    bot = make_bot("heuristic", province, 1, seed=4)
    assert type(bot).__module__ == "meeple.games.province.bots" and bot.seat == 1
    assert "heuristic" in bot_names(province)
    assert default_bot_spec("province") == "heuristic"
    dice = ToyDice()  # declares no plug-ins
    assert "heuristic" not in bot_names(dice)
    with pytest.raises(OptionError, match="toydice has no heuristic bot"):
        make_bot("heuristic", dice, 0)


def test_random_bot_is_legal_and_reproducible() -> None:
    game = make_game("tictactoe")
    state = game.new_initial_state()
    picks = [str(make_bot("random", game, 0, seed=s).choose(state)) for s in range(30)]
    again = [str(make_bot("random", game, 0, seed=s).choose(state)) for s in range(30)]
    assert picks == again
    assert len(set(picks)) > 3  # it does spread over the legal actions
    assert isinstance(make_bot("random", game, 0), RandomBot)


def test_greedy_takes_an_immediate_win() -> None:
    game = make_game("tictactoe")
    state = game.new_initial_state()
    for cell in (0, 3, 1, 4):  # X threatens the top row; X to move
        state.apply(game.parse_action(f"place {cell}"))
    bot = make_bot("greedy", game, 0, seed=1)
    assert isinstance(bot, GreedyBot)
    assert str(bot.choose(state)) == "place 2"


def test_greedy_on_hidden_information_only_uses_its_view() -> None:
    """On a determinized copy the bot still chooses among its real legal actions."""
    game = ToyDice(2)
    state = game.new_initial_state()
    state.apply(PlayCard(DIE), 0)
    state.apply(Roll(3))  # seat 0 rolls a 3, which seat 1 does not see
    bot = make_bot("greedy", game, 1, seed=2)
    assert bot.choose(state) in state.legal_actions(1)


class Recorder(Bot):
    """A bot that takes the first legal action and remembers what it observed."""

    name = "recorder"

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.seen: list[tuple[int | None, Action]] = []

    def choose(self, state: State) -> Action:
        return state.legal_actions(self.seat)[0]

    def observe(self, actor: int | None, action: Action, state_before: State) -> None:
        assert state_before.legal_actions(actor) or actor is None
        self.seen.append((actor, action))


def test_every_bot_observes_every_action_including_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.bots import registry

    monkeypatch.setitem(registry._BOTS, "recorder", Recorder)
    with registered(ToyDice):
        match = Match(ToyDice(2), seed=5)
        table = BotTable(match, {0: "recorder", 1: "recorder"}, seed=5)
        play_out(match, table)
    assert match.state.is_terminal()
    for bot in table.bots.values():
        assert isinstance(bot, Recorder)
        assert bot.seen == match.history
    assert any(actor is None for actor, _ in match.history)


def test_bot_table_refuses_a_match_where_a_seat_has_no_bot() -> None:
    match = Match(make_game("tictactoe"), seed=1)
    table = BotTable(match, {1: "random"}, seed=1)
    with pytest.raises(OptionError, match="give every seat a bot"):
        play_out(match, table)
