"""Stored before heard: every change of a match reaches the database first.

Two kinds of write. :meth:`Journal.commit` appends events (moves, undos,
timeouts), which memory already applied: if storage refuses, the match is
rebuilt from what storage holds (``reload``), so the server never shows a
move it has not stored. :meth:`Journal.update` stores column changes (seats,
expiry) that memory takes only once they are stored: a refused write leaves
both as they were. Either way the audience hears nothing while the write is
in flight (:meth:`~.audience.Audience.hold`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from meeple.core.actions import Action
from meeple.server.match.audience import Audience
from meeple.server.match.core import GameCore
from meeple.server.match.host import MatchHost
from meeple.server.match.seats import MatchInfo
from meeple.server.protocol import ApiError
from meeple.server.storage import Event, MatchRow, StorageError

log = logging.getLogger("meeple.server")


def action_events(
    core: GameCore,
    first: int,
    seat: int | None,
    clocks: list[float] | None,
    round_timer: dict[str, Any] | None,
    now: float,
    bot: str | None = None,
) -> list[Event]:
    """The events of the actions applied since history entry ``first`` (an action and
    the chance it triggered); the last carries the clocks and round timer after them.
    ``bot``: the bot spec that chose the first action for ``seat`` (stored as ``by``)."""
    history: list[tuple[int | None, Action]] = core.match.history
    events = []
    for i, (actor, act) in enumerate(history[first:]):
        # the stored seat is the one applied with (None: chance or a timed action)
        stored = seat if i == 0 else actor
        data: dict[str, Any] = {"action": act.to_json()}
        if i == 0 and bot is not None:
            data["by"] = bot
        events.append(Event(core.seq + i, "action", stored, data, now))
    events[-1].data["clocks"] = clocks
    events[-1].data["round_timer"] = round_timer
    return events


def new_row(info: MatchInfo, moves: int) -> MatchRow:
    """The row that stores a new match (with its opening events, ``moves`` of them)."""
    return MatchRow(
        id=info.id,
        game=info.game.name,
        players=info.game.players,
        options=dict(info.game.options),
        seed=info.seed,
        setup={
            "clock": info.clock.to_json() if info.clock else None,
            "bot_delay": info.bot_delay,
            "rematch_of": info.rematch_of,
            **({"rated": True} if info.rated else {}),
            **({"chat": info.chat} if info.chat != "all" else {}),
            **({"hints": True} if info.hints else {}),
        },
        seats=[s.to_db() for s in info.seats],
        status=info.status,
        moves=moves,
        created_at=info.created_at,
        finished_at=None,
        result=None,
        rematch=None,
    )


class Journal:
    """The match's writes (see the module docstring); ``reload`` rebuilds the match
    from storage after a refused commit; ``clocks`` gives what a turn-based match
    stores of its clocks with every commit (None for the others)."""

    def __init__(
        self,
        info: MatchInfo,
        core: GameCore,
        host: MatchHost,
        audience: Audience,
        reload: Callable[[], Awaitable[None]],
        clocks: Callable[[], dict[str, Any] | None] = lambda: None,
    ) -> None:
        self.info = info
        self.core = core
        self.host = host
        self.audience = audience
        self._reload = reload
        self._clocks = clocks

    async def commit(self, events: list[Event], changes: dict[str, Any]) -> None:
        """Write events (and column changes) before anyone hears of them.

        On failure the in-memory match is rebuilt from what the database holds,
        and the caller gets ``server_error``.
        """
        core = self.core
        changes = dict(changes)
        clocks = self._clocks()
        if clocks is not None:  # the banks and running instants as of this change
            changes["clocks"] = clocks
        if changes:  # the move count is stored with every other change (not per move:
            changes["moves"] = len(core.match.history)  # running matches count in memory)
        self.audience.hold()
        try:
            await self.host.storage.append_events(self.info.id, events, changes)
        except StorageError:
            log.exception("match %s: could not store events; reloading it", self.info.id)
            await self._reload()
            raise ApiError(
                "server_error", "the move could not be stored; nothing changed"
            ) from None
        else:
            core.seq += len(events)
            core.note_changes()
        finally:
            self.audience.release()

    async def update(self, changes: dict[str, Any], take: Callable[[], None]) -> None:
        """Store column changes, then ``take`` them into memory (before anyone hears).
        A refusal (``StorageError``) reaches the caller with memory unchanged."""
        self.audience.hold()
        try:
            await self.host.storage.update_match(self.info.id, changes)
            take()
        finally:
            self.audience.release()
