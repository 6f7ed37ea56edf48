"""A broadcast builds each distinct view once, not once per connection, and each socket
still gets exactly its own seat's message (issue 39, item 4: the server's CPU per move)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from meeple.core.registry import make_game
from meeple.server.match import Connection, LiveMatch, MatchHost, Seat
from tests.server.test_match_host import Socket

pytestmark = pytest.mark.asyncio


def plain(data: Any) -> Any:
    """``data`` as it reads after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("name", ["penguins", "tictactoe"])
async def test_a_move_builds_each_view_once_and_every_socket_gets_its_own(
    match_host: MatchHost, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    game = make_game(name, players=2)
    seats = [Seat("human", f"P{i}", token=f"t{i}") for i in range(2)]
    live = LiveMatch(match_host, "b1", game, 7, seats, None, 0.0, 0.0, "running")
    live.apply_opening_chance()
    sockets: dict[str, Socket] = {}
    conns: dict[str, Connection] = {}

    def attach(label: str, seat: int | None) -> None:
        sockets[label] = Socket()
        conns[label] = Connection(sockets[label].send, seat)
        live.attach(conns[label])

    # Seat 0's first socket and the first spectator hear of seat 1 as offline; seat 1
    # comes online, then seat 0's second socket and a second spectator join: at the
    # next move the first ones lack the new summary and the later ones do not, so the
    # two sockets of seat 0 (and the two spectators) are sent different deltas.
    attach("seat 0, first", 0)
    attach("spectator, first", None)
    attach("seat 1", 1)
    attach("seat 0, second", 0)
    attach("spectator, second", None)

    calls: Counter[int | None] = Counter()
    cls = type(live.match.state)
    view = cls.view

    def counted(state: Any, seat: int | None) -> dict[str, Any]:
        calls[seat] += 1
        return view(state, seat)

    monkeypatch.setattr(cls, "view", counted)
    state = live.match.state
    mover = state.turn().seats[0]
    code = game.action_code(state.legal_actions(mover)[0])
    sent_before = {label: len(s.texts) for label, s in sockets.items()}
    await live.submit(mover, {"state_id": live.state_id, "code": code})
    monkeypatch.setattr(cls, "view", view)

    # one broadcast after the move: every socket got one message, each view built once
    assert {
        label: len(s.texts) - sent_before[label] for label, s in sockets.items()
    } == dict.fromkeys(sockets, 1)
    assert calls == {0: 1, 1: 1, None: 1}

    summary = live.messages.summary()
    for label, conn in conns.items():
        got = sockets[label].last()
        assert got["seat"] == conn.seat and got["state_id"] == live.state_id
        assert got["view"] == plain(live.match.state.view(conn.seat))
        expected = live.messages.state_message(
            conn.seat, summary, got["log_start"], with_summary="match" in got
        )
        assert got == plain(expected), label
    # the later sockets had the newest summary already; the first ones are sent it
    assert "match" in sockets["seat 0, first"].last()
    assert "match" in sockets["spectator, first"].last()
    assert "match" not in sockets["seat 0, second"].last()
    assert "match" not in sockets["spectator, second"].last()
    # a seat's own secrets go to that seat's sockets only
    assert sockets["seat 0, first"].last()["view"] == sockets["seat 0, second"].last()["view"]
    assert sockets["spectator, first"].last()["view"] == plain(live.match.state.view(None))
