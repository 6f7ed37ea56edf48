"""ICE (first edition, This Way! 2021): digging through five staggered layers of ice."""

from meeple.core.plugins import Plugins, declare
from meeple.games.ice import bots, client, text
from meeple.games.ice.rules import Ice, IceState

__all__ = ["Ice", "IceState"]

declare(
    Ice,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        eval_scale=10.0,
        mcts_defaults=bots.MCTS_DEFAULTS,
        text=text,
        hidden_label=text.hidden_label,
        board_words=text.board_words,
        client_components=client.client_components,
    ),
)
