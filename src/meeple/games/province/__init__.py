"""Province (Samuel Strick, 2014): a 2-player worker-cycle building game."""

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
