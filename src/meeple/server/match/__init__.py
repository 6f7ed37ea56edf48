"""A live match on the server, one module per concern (see docs/architecture.md).

:class:`LiveMatch` (``live.py``) composes the parts; :class:`MatchHost`
(``host.py``) is everything it needs from outside. Nothing here imports the
lobby: the lobby builds a host and hands it in.
"""

from meeple.server.match.connection import Connection
from meeple.server.match.host import BotThinker, EntryCache, IdleMatch, MatchHost, MatchStore
from meeple.server.match.live import LiveMatch
from meeple.server.match.results import forfeit_result
from meeple.server.match.seats import MatchInfo, Seat, hint_fields, hints_allowed

__all__ = [
    "BotThinker",
    "Connection",
    "EntryCache",
    "IdleMatch",
    "LiveMatch",
    "MatchHost",
    "MatchInfo",
    "MatchStore",
    "Seat",
    "forfeit_result",
    "hint_fields",
    "hints_allowed",
]
