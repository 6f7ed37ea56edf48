"""How a match ends and what it leaves: forfeit results, the stored columns of the
end, and the replayable record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.game import State, ranks_from_keys
from meeple.core.match import Match, MatchRecord
from meeple.server.match.seats import MatchInfo


def forfeit_result(state: State, forfeiter: int, reason: str = "timeout") -> dict[str, Any]:
    """Result of a match ended by a forfeit: the forfeiter is last, the others are ranked
    among themselves by the current scores and tiebreaks."""
    n = state.game.players
    scores = list(state.scores())
    tiebreaks = state.tiebreaks()
    others = [s for s in range(n) if s != forfeiter]
    other_ranks = ranks_from_keys([(scores[s], *tiebreaks[s]) for s in others])
    ranks = [0] * n
    for s, r in zip(others, other_ranks, strict=True):
        ranks[s] = r
    ranks[forfeiter] = n
    winners = [s for s in range(n) if ranks[s] == 1]
    return {
        "scores": scores,
        "ranks": ranks,
        "winners": winners,
        "forfeited": [forfeiter],
        "reason": reason,
    }


def finished_columns(info: MatchInfo) -> dict[str, Any]:
    """The column changes that store a match's end."""
    return {"status": "finished", "result": info.result, "finished_at": info.finished_at}


def record_of(
    info: MatchInfo, match: Match, bot_moves: Sequence[tuple[int, int, str]] = ()
) -> MatchRecord:
    """The replayable record; only handed out for finished matches (it holds the seed).

    A game played to its end keeps the core result (``replay(verify=True)``
    checks it); a forfeit's record holds the forfeit result (the game itself
    did not end, so it cannot verify). ``meta`` says how the match ended, and
    ``bot_moves`` which actions (by index) a bot chose for which seat.
    """
    meta: dict[str, Any] = {"match_id": info.id, "seats": [s.name for s in info.seats]}
    if any(s.left for s in info.seats):  # who played a seat before they left it
        meta["left"] = [list(s.left) for s in info.seats]
    if bot_moves:
        meta["bot_moves"] = [{"index": i, "seat": s, "bot": b} for i, s, b in bot_moves]
    if any(s.hints for s in info.seats):  # hints asked for while playing, per seat
        meta["hints"] = [s.hints for s in info.seats]
    if info.result is not None:
        meta["reason"] = info.result.get("reason")
        meta["forfeited"] = info.result.get("forfeited", [])
    rec = match.record(meta)
    if info.result is not None and info.result.get("reason") != "finished":
        rec.result = info.result
    return rec
