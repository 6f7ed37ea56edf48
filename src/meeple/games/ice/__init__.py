"""ICE (first edition, This Way! 2021): digging through five staggered layers of ice."""

from meeple.core.plugins import Plugins, Text, declare
from meeple.games.ice import bots, components, hidden, preview, text
from meeple.games.ice.rules import Ice, IceState

__all__ = ["Ice", "IceState"]

declare(
    Ice,
    Plugins(
        heuristic_bot=bots.HeuristicBot,
        evaluate=bots.evaluate,
        eval_scale=10.0,
        mcts_defaults=bots.MCTS_DEFAULTS,
        text=Text(
            render=text.render,
            action_label=text.action_label,
            state_label=text.state_label,
            log_label=text.log_label,
            log_says_more=text.log_says_more,
            end_label=text.end_label,
            tiebreak_label=text.tiebreak_label,
            board_words=text.board_words,
            option_words=text.OPTION_WORDS,
        ),
        hidden_label=hidden.hidden_label,
        preview=preview.PREVIEW,
        client_components=components.client_components,
    ),
)
