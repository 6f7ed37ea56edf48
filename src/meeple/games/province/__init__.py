"""Province (Samuel Strick, 2014): a 2-player worker-cycle building game."""

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.province import bots, components, text
from meeple.games.province.actions import (
    BoatToss,
    Borrow,
    Build,
    EndTurn,
    FirstPlayer,
    Grind,
    Hire,
    Move,
    Repay,
    RevealGoal,
    UnionLabor,
)
from meeple.games.province.rules import Province, ProvinceState

__all__ = [
    "BoatToss",
    "Borrow",
    "Build",
    "EndTurn",
    "FirstPlayer",
    "Grind",
    "Hire",
    "Move",
    "Province",
    "ProvinceState",
    "Repay",
    "RevealGoal",
    "UnionLabor",
]

declare(
    Province,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        mcts_defaults=bots.MCTS_DEFAULTS,
        text=Text(
            render=text.render,
            action_label=text.action_label,
            end_label=text.end_label,
            tiebreak_label=text.tiebreak_label,
            option_words=text.OPTION_WORDS,
        ),
        client_components=components.client_components,
    ),
)
