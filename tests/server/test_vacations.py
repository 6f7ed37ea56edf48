"""Vacations (issue 41, item 3): a yearly allowance of days off per account that
pauses its clocks in turn-based matches, seen by the other players; bad input is
refused and stores nothing. On a fake wall clock."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.server.vacations import DAYS_PER_YEAR
from meeple.server.walltime import FakeWall
from tests.server.conftest import WAIT, Server, running_server

pytestmark = pytest.mark.asyncio

HOUR, DAY = 3600.0, 86400.0
TURN = {"pace": "turn", "speed": "custom", "initial": DAY, "increment": 12 * HOUR}
PASSWORD = "a good long password"


async def _account(server: Server, name: str) -> httpx.AsyncClient:
    http = httpx.AsyncClient(base_url=server.url, timeout=WAIT)
    r = await http.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    http.headers["x-csrf-token"] = http.cookies["meeple_csrf"]
    return http


def _vacation_rows(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT COUNT(*) FROM vacations").fetchone()[0])


@pytest.mark.parametrize("days", [0, -1, DAYS_PER_YEAR + 1, "3", True, 2.5, None, [3]])
async def test_a_bad_vacation_is_refused_and_stores_nothing(tmp_path: Path, days: Any) -> None:
    database = tmp_path / "db.sqlite3"
    async with running_server(database, wall=FakeWall()) as server:
        ann = await _account(server, "Ann")
        r = await ann.post("/api/account/vacation", json={"days": days})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_vacation", r.text
        r = await ann.post("/api/account/vacation", json=[3])
        assert r.status_code == 400
        # no session: 401; the session without its CSRF header: 403
        r = await server.http.post("/api/account/vacation", json={"days": 3})
        assert r.status_code == 401
        r = await ann.post(
            "/api/account/vacation", json={"days": 3}, headers={"x-csrf-token": "forged"}
        )
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_csrf"
        status = (await ann.get("/api/account/vacation")).json()
        assert status["used"] == 0 and status["current"] is None
        await ann.aclose()
    assert _vacation_rows(database) == 0


async def test_the_yearly_allowance_is_used_and_given_back(tmp_path: Path) -> None:
    wall = FakeWall()
    async with running_server(tmp_path / "db.sqlite3", wall=wall) as server:
        ann = await _account(server, "Ann")
        r = await ann.post("/api/account/vacation", json={"days": 3})
        assert r.status_code == 200, r.text
        got = r.json()
        assert (got["allowance"], got["used"], got["left"]) == (DAYS_PER_YEAR, 3, 27)
        assert got["current"]["end"] - got["current"]["start"] == 3 * DAY
        r = await ann.post("/api/account/vacation", json={"days": 1})
        assert r.json()["error"]["code"] == "bad_vacation"  # one at a time
        profile = (await server.http.get("/api/players/Ann")).json()
        assert profile["vacation_until"] == got["current"]["end"]  # others see it
        wall.advance(30 * HOUR)
        r = await ann.post("/api/account/vacation/end")
        assert r.status_code == 200
        assert r.json()["used"] == 2 and r.json()["current"] is None  # 30 h is two days
        r = await ann.post("/api/account/vacation/end")
        assert r.json()["error"]["code"] == "bad_vacation"
        r = await ann.post("/api/account/vacation", json={"days": 29})
        assert r.json()["error"]["code"] == "bad_vacation"  # 28 left
        assert (await server.http.get("/api/players/Ann")).json()["vacation_until"] is None
        await ann.aclose()


async def test_a_vacation_pauses_the_turn_based_clock_across_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    wall = FakeWall()
    async with running_server(database, wall=wall) as server:
        ann, bob = await _account(server, "Ann"), await _account(server, "Bob")
        r = await ann.post("/api/matches", json={"game": "tictactoe", "join": 0, "clock": TURN})
        match_id = r.json()["match"]["id"]
        r = await bob.post(f"/api/matches/{match_id}/join", json={})
        assert r.status_code == 200
        watcher = await server.connect(match_id)
        wall.advance(2 * HOUR)  # Ann thinks two hours, then goes away for two days
        r = await ann.post("/api/account/vacation", json={"days": 2})
        until = r.json()["current"]["end"]
        seen = await watcher.state(lambda m: "vacation_until" in m["match"]["seats"][0])
        assert seen["match"]["seats"][0]["vacation_until"] == until
        assert seen["clocks"]["paused"] == [0] and seen["clocks"]["running"] == [0]
        wall.advance(47 * HOUR)  # a day and 23 hours away: nothing charged
        await watcher.send({"type": "sync"})
        now = await watcher.state()
        assert abs(now["clocks"]["remaining"][0] - 22 * HOUR) < 5
        assert "late" not in now["match"]["seats"][0]
        await watcher.close()
        await ann.aclose()
        await bob.aclose()
    wall.advance(HOUR + 20 * HOUR)  # back from vacation, the server down: 20 h charged
    async with running_server(database, wall=wall) as server:
        watcher = await server.connect(match_id)
        assert watcher.last is not None
        left = watcher.last["clocks"]["remaining"][0]
        assert abs(left - 2 * HOUR) < 5, left
        assert "vacation_until" not in watcher.last["match"]["seats"][0]
        wall.advance(2 * HOUR + 60)
        late = await watcher.state(lambda m: m["match"]["seats"][0].get("late"))
        assert late["clocks"]["remaining"][0] == 0
        await watcher.close()
