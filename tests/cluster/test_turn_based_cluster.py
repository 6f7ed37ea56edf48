"""A turn-based match on three nodes behind HAProxy (issue 41, item 7): two accounts
play Viscounts over simulated days (every node's wall clock moved by the test through
MEEPLE_FAKE_TIME), the node serving the match is SIGKILLed in the middle and another
takes it over with the banks counted once from their stored instants; a vacation taken
on one node pauses the clock; the turn notice goes through a real local SMTP server;
a clock runs out and the other player hands the seat to the bot, and the match is
played to its end, the record naming the bot's moves."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.server.cluster import node_name
from tests.cluster.harness import HAPROXY, Cluster
from tests.e2e.turn_driver import FakeTime, Inbox, SocketPlayer, free_port, play_moves

HOUR, DAY = 3600.0, 86400.0
TURN = {"pace": "turn", "speed": "custom", "initial": 2 * DAY, "increment": 12 * HOUR}


def _account(url: str, name: str) -> httpx.Client:
    http = httpx.Client(base_url=url, timeout=20)
    r = http.post("/api/account/register", json={"name": name, "password": "a long password!"})
    assert r.status_code == 201, r.text
    http.headers["x-csrf-token"] = http.cookies["meeple_csrf"]
    return http


def _player(url: str, match_id: str, http: httpx.Client) -> SocketPlayer:
    """A socket player through the proxy, retried while no node serves the match yet."""
    deadline = time.monotonic() + 30
    while True:
        try:
            return SocketPlayer(url, match_id, http.cookies["meeple_session"])
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _mover(state: dict[str, Any]) -> int:
    return int(state["turn"]["seats"][0])


def test_a_turn_based_match_survives_a_node_kill_with_its_clocks_counted_once(
    database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not Path(HAPROXY).exists():
        pytest.skip("haproxy is not installed (scripts/system-deps installs Debian's haproxy)")
    controller_module = pytest.importorskip("aiosmtpd.controller")
    inbox, smtp_port = Inbox(), free_port()
    controller = controller_module.Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    fake = FakeTime(tmp_path / "offset")
    monkeypatch.setenv("MEEPLE_FAKE_TIME", str(fake.path))  # every node reads it
    extra = ("--smtp", f"127.0.0.1:{smtp_port}", "--smtp-from", "meeple@example.org",
             "--public-url", "http://games.example.org")  # fmt: skip
    rng = random.Random(7)
    players: dict[int, SocketPlayer] = {}
    try:
        with Cluster(database, tmp_path, extra=extra) as cluster:
            url = cluster.proxy_url
            ann, bob = _account(url, "Ann"), _account(url, "Bob")
            r = ann.post("/api/account/notices", json={"email": "ann@example.org", "enabled": True})
            assert r.status_code == 200, r.text
            r = ann.post(
                "/api/matches",
                json={"game": "viscounts", "players": 2, "join": 0, "clock": TURN},
            )
            assert r.status_code == 201, r.text
            match_id = r.json()["match"]["id"]
            assert bob.post(f"/api/matches/{match_id}/join", json={}).status_code == 200
            players = {0: _player(url, match_id, ann), 1: _player(url, match_id, bob)}
            play_moves(players, 10, rng, fake, hours=2)

            # the node serving the match dies at once; another takes it over
            before = players[0].state()
            mover = _mover(before)
            fake.advance(4 * HOUR)
            owner = cluster.owner(match_id)
            assert owner is not None
            for p in players.values():
                p.close()
            dead = next(n for n in cluster.nodes if node_name(n.index) == owner)
            dead.kill()
            fake.advance(2 * HOUR)
            players = {0: _player(url, match_id, ann), 1: _player(url, match_id, bob)}
            after = players[0].state()
            assert cluster.owner(match_id) not in (None, owner)
            assert dead.proc is not None and dead.proc.poll() is not None  # it is gone
            assert _mover(after) == mover and after["moves"] == before["moves"]
            left = after["clocks"]["remaining"]
            assert abs(left[mover] - (before["clocks"]["remaining"][mover] - 6 * HOUR)) < 60
            assert left[1 - mover] == before["clocks"]["remaining"][1 - mover]

            # Bob's vacation, taken through the proxy (any node), pauses his clock
            play_moves(players, 40, rng, fake, until=lambda s: _mover(s) == 1)
            r = bob.post("/api/account/vacation", json={"days": 2})
            assert r.status_code == 200, r.text
            held = players[1].state()["clocks"]["remaining"][1]
            fake.advance(DAY)
            state = players[1].state()
            assert state["match"]["seats"][1]["vacation_until"] == r.json()["current"]["end"]
            assert abs(state["clocks"]["remaining"][1] - held) < 60
            assert bob.post("/api/account/vacation/end").status_code == 200

            # Ann's page is closed when her turn comes: the mail
            players.pop(0).close()
            fake.advance(2 * HOUR)
            play_moves(players, 40, rng, fake, until=lambda s: _mover(s) == 0)
            inbox.wait(1)
            assert inbox.messages[-1]["To"] == "ann@example.org"

            # Ann's clock runs out; Bob hands her seat to the bot; to the end
            fake.advance(3 * DAY)
            deadline = time.monotonic() + 20
            while not players[1].state()["match"]["seats"][0].get("late"):
                assert time.monotonic() < deadline, "seat 0 never ran out of time"
                time.sleep(0.1)
            r = bob.post(f"/api/matches/{match_id}/seats/0/late", json={"choice": "bot"})
            assert r.status_code == 200, r.text
            state = play_moves(players, 3000, rng, fake, wait_bots=20)
            assert state["status"] == "finished"
            record = httpx.get(f"{url}/api/matches/{match_id}/record", timeout=20).json()
            assert {m["seat"] for m in record["meta"]["bot_moves"]} == {0}
            for http in (ann, bob):
                http.close()
    finally:
        for p in players.values():
            p.close()
        controller.stop()
