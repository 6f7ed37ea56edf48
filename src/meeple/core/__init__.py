"""meeple.core: the game-agnostic engine every game, bot and driver builds on."""

from meeple.core.actions import Action, ActionSpace
from meeple.core.errors import (
    ActionParseError,
    IllegalActionError,
    MeepleError,
    NotYourTurnError,
    OptionError,
    RecordError,
    UndoError,
    UnknownGameError,
)
from meeple.core.game import Game, State, ranks_from_keys, returns_from_ranks
from meeple.core.match import Match, MatchRecord, replay
from meeple.core.options import GameOption
from meeple.core.registry import (
    game_names,
    games,
    get_game_class,
    make_game,
    register,
    unregister,
)
from meeple.core.rng import Rng
from meeple.core.turn import CHANCE_TURN, TERMINAL_TURN, Turn, TurnKind

__all__ = [
    "CHANCE_TURN",
    "TERMINAL_TURN",
    "Action",
    "ActionParseError",
    "ActionSpace",
    "Game",
    "GameOption",
    "IllegalActionError",
    "Match",
    "MatchRecord",
    "MeepleError",
    "NotYourTurnError",
    "OptionError",
    "RecordError",
    "Rng",
    "State",
    "Turn",
    "TurnKind",
    "UndoError",
    "UnknownGameError",
    "game_names",
    "games",
    "get_game_class",
    "make_game",
    "ranks_from_keys",
    "register",
    "replay",
    "returns_from_ranks",
    "unregister",
]
