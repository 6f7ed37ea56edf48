"""Who watches a match, and when they may hear of it: connections and presence.

Two rules live here. Nobody hears of a change before it is stored: while a
write of the match is in flight (:meth:`Audience.hold`) its in-memory state
is ahead of the database and of its state id, so no state message goes out;
a broadcast asked for meanwhile goes out when the last write ends. And a
seat coming online or going offline is news, but small news: it waits
:data:`PRESENCE_DELAY` to ride on the next broadcast rather than cost one
of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from meeple.server.match.connection import Connection
from meeple.server.match.messages import Messages, SharedEncoding
from meeple.server.match.seats import MatchInfo

#: Seconds a "seat came online / went offline" update waits to ride on the next broadcast.
PRESENCE_DELAY = 0.05


class Audience:
    """The match's connections (``connections``, shared with its :class:`Messages`).

    ``on_leave`` runs after a connection left a match still served (the match may
    now be idle: its host decides).
    """

    def __init__(self, info: MatchInfo, messages: Messages, on_leave: Callable[[], None]) -> None:
        self.info = info
        self.messages = messages
        self.connections = messages.connections
        self._on_leave = on_leave
        self._presence_timer: asyncio.TimerHandle | None = None
        #: Database writes in flight. While one is, the in-memory match may be ahead
        #: of what is stored (and of its state id): no state message goes out then;
        #: a broadcast asked for meanwhile is sent when the last write ends.
        self.writes = 0
        self._deferred_broadcast = False

    # -- writes in flight --------------------------------------------------------

    def hold(self) -> None:
        """A write begins: hold every state message back until it ends."""
        self.writes += 1

    def release(self) -> None:
        """A write ended: send the broadcast that waited for it, once none is left."""
        self.writes -= 1
        if not self.writes and self._deferred_broadcast:
            self._deferred_broadcast = False
            self.broadcast()

    # -- connections ----------------------------------------------------------------

    def seat_online(self, seat: int | None) -> bool:
        return seat is not None and any(c.seat == seat for c in self.connections)

    def attach(self, conn: Connection) -> None:
        """Start serving a connection: it gets its state now; the others learn that its
        seat came online a moment later (merged into the next broadcast if one comes)."""
        was_online = self.seat_online(conn.seat)
        messages = self.messages
        conn.latest = lambda: None if self.writes else messages.message_to(conn)
        self.connections.add(conn)
        self.send_state(conn)
        if conn.seat is not None and not was_online:
            self._presence_changed()

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        conn.close()
        if self.info.closed:
            return
        if conn.seat is not None and not self.seat_online(conn.seat):
            self._presence_changed()
        self._on_leave()

    def _presence_changed(self) -> None:
        if self._presence_timer is None and self.connections and not self.info.closed:
            loop = asyncio.get_running_loop()
            self._presence_timer = loop.call_later(PRESENCE_DELAY, self._presence_flush)

    def _presence_flush(self) -> None:
        self._presence_timer = None
        if not self.info.closed:
            self.broadcast()

    # -- sending -------------------------------------------------------------------

    def send_state(self, conn: Connection) -> None:
        """Send one connection what it lacks, now, or with the broadcast after a write."""
        if self.writes:
            self._deferred_broadcast = True
        else:
            conn.send(self.messages.message_to(conn))

    def broadcast(self) -> None:
        """Send every connection the state built for its seat: built and encoded once per
        seat (and once for the spectators), not per connection (:class:`SharedEncoding`).

        Never while a write is in flight (see ``writes``): it is sent when the
        write ends instead, so nobody hears of a change before it is stored.
        """
        if self.writes:
            self._deferred_broadcast = True
            return
        if self._presence_timer is not None:  # this broadcast carries the presence news
            self._presence_timer.cancel()
            self._presence_timer = None
        if not self.connections:
            return
        messages = self.messages
        shared = SharedEncoding(messages.summary())
        for conn in self.connections:
            conn.send(messages.message_to(conn, shared))

    def shutdown(self) -> None:
        if self._presence_timer is not None:
            self._presence_timer.cancel()
            self._presence_timer = None
        for conn in list(self.connections):
            conn.close()
