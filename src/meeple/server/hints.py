"""``POST /api/matches/<id>/hint``: the search's suggestion for a seat's current decision
(issue 38, item 7), only where nobody is put at a disadvantage.

A hint is given to the seat holding the token (or the logged-in account's seat),
when it is that seat's turn, in a match where hints are allowed
(:func:`~meeple.server.match.hints_allowed`: a solo match, or one whose every human
seat agreed at creation). The seat's hint count is stored before the hint is made,
so a match where hints were used says so in its record and in every list. The
search runs in the bot pool's search lane at ``--hint-iters`` iterations, from the
seat's own information (:mod:`meeple.review.hints`).
"""

from __future__ import annotations

from typing import Any

from meeple.review.hints import hint
from meeple.server.accounts import Account
from meeple.server.lobby import Lobby
from meeple.server.match import hints_allowed
from meeple.server.protocol import ApiError

#: Search iterations of a hint, by default (``meeple serve --hint-iters``).
HINT_ITERS = 200


async def give_hint(
    lobby: Lobby, match_id: str, body: Any, account: Account | None, iters: int = HINT_ITERS
) -> dict[str, Any]:
    """The hint for the caller's seat (see the module docstring); refusals change nothing."""
    if not isinstance(body, dict):
        raise ApiError("bad_request", "the body must be a JSON object")
    live = await lobby.get(match_id)
    async with live.lock:
        if live.status != "running":
            if live.status in ("finished", "expired"):
                raise ApiError("match_finished", "the match is over: its review tells more")
            raise ApiError("not_started", "hints are given once the match has started")
        seat = lobby._seat_of(live, body.get("token"), account)
        info = live.info
        if not hints_allowed(info.hints, info.seats, info.rated):
            raise ApiError(
                "hints_off",
                "hints are for solo matches and matches whose players all agreed to them",
            )
        if seat not in live.to_move():
            raise ApiError("not_your_turn", "a hint is for a decision of yours")
        state = live.match.state.clone()
        state_id = live.state_id
        seed = len(live.match.history)  # the same decision: the same hint
        seats = live.seats_copy()
        seats[seat].hints += 1
        await live.change_seats(seats)  # stored before anyone sees the hint
    suggestion = await lobby.bots.think(live.id, "ismcts", hint, state, seat, iters, seed)
    return {"seat": seat, "state_id": state_id, "hint": suggestion}
