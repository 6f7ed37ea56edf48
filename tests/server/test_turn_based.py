"""Turn-based play (issue 41, items 1 and 2), on a fake wall clock: a match's pace
chosen at creation, banks in hours or days that grow per move up to their start,
stored with the match as instants (a restart counts the time in between once),
and a clock run out: the others skip the late seat's turns or hand it to the
house bot; a seat whose player leaves gets the bot at once; a rated match counts
both as leaving; the record says which moves a bot made for which seat."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.server.clocks import SPEEDS, ClockConfig, Clocks
from meeple.server.match import Seat
from meeple.server.walltime import FakeWall
from tests.server.conftest import WAIT, Client, Server, running_server
from tests.server.test_postgres import postgres_url  # noqa: F401

HOUR, DAY = 3600.0, 86400.0
#: a custom turn-based clock: a day in the bank, twelve hours more per move
TURN = {"pace": "turn", "speed": "custom", "initial": DAY, "increment": 12 * HOUR}


def _rows(database: str, sql: str) -> list[Any]:
    with sqlite3.connect(database) as db:
        return db.execute(sql).fetchall()


async def _until(client: Client, check: Any) -> dict[str, Any]:
    """The next state satisfying ``check`` (the server re-checks the fake clock often)."""
    return await client.state(check)


async def _post(server: Server, path: str, body: dict[str, Any]) -> httpx.Response:
    return await server.http.post(path, json=body)


# -- the pace and its banks (item 1) ---------------------------------------------------


def test_named_speeds_and_the_bank_cap() -> None:
    for name, (bank, per_move) in SPEEDS.items():
        config = ClockConfig.from_json({"pace": "turn", "speed": name})
        assert config is not None and config.turn_based
        assert (config.initial, config.increment, config.cap) == (bank, per_move, bank)
        assert config.policy == "choose"
        assert ClockConfig.from_json(config.to_json()) == config  # as stored with the match
    clocks = Clocks(ClockConfig(DAY, 12 * HOUR, pace="turn"), players=2)
    clocks.update(now=0.0, ticking={0}, acted=None)
    clocks.update(now=6 * HOUR, ticking={1}, acted=0)  # 18 h left + 12 h, capped at a day
    assert clocks.remaining_at(6 * HOUR) == [DAY, DAY]
    clocks.update(now=26 * HOUR, ticking={0}, acted=1)  # 20 h used, 12 h back
    assert clocks.remaining == [DAY, 16 * HOUR]


def test_a_vacation_is_not_charged_and_pushes_the_expiry_later() -> None:
    away = [(10 * HOUR, 34 * HOUR)]
    clocks = Clocks(ClockConfig(DAY, 0, pace="turn"), players=2, pauses=lambda s: away)
    clocks.update(now=0.0, ticking={0}, acted=None)
    assert clocks.remaining_at(40 * HOUR)[0] == DAY - 16 * HOUR  # 10 h + 6 h charged
    assert clocks.next_expiry() == (0, 48 * HOUR)
    assert clocks.expired(47 * HOUR) == [] and clocks.expired(48 * HOUR) == [0]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "clock",
    [
        {"pace": "turn", "speed": "daily", "initial": 5 * DAY},  # a named speed sets it
        {"pace": "turn", "initial": 60},  # under an hour
        {"pace": "turn", "initial": 31 * DAY},  # over thirty days
        {"pace": "turn", "initial": DAY, "increment": 2 * DAY},  # more than the bank
        {"pace": "turn", "initial": DAY, "increment": -1},
        {"pace": "turn", "initial": "a day"},
        {"pace": "turn", "initial": True},
        {"pace": "turn", "speed": "sometimes"},
        {"pace": "turn", "speed": "daily", "policy": "nap"},
        {"pace": "slow", "initial": DAY},
        {"speed": "daily", "initial": 300},  # a speed is for turn-based matches
        {"pace": "turn"},  # custom without a bank
    ],
)
async def test_a_bad_turn_based_clock_is_refused_and_stores_nothing(
    tmp_path: Path, clock: dict[str, Any]
) -> None:
    database = tmp_path / "db.sqlite3"
    async with running_server(database, wall=FakeWall()) as server:
        r = await server.http.post("/api/matches", json={"game": "tictactoe", "clock": clock})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_clock", r.text
        assert server.lobby.live == {}
    assert _rows(str(database), "SELECT COUNT(*) FROM matches") == [(0,)]


@pytest.mark.asyncio
async def test_a_bank_grows_by_its_increment_up_to_its_start(tmp_path: Path) -> None:
    wall = FakeWall()
    async with running_server(tmp_path / "db.sqlite3", wall=wall) as server:
        _, a, b = await server.two_humans(clock=TURN)
        assert a.last is not None
        clocks = a.last["clocks"]
        assert clocks["pace"] == "turn" and clocks["cap"] == DAY and clocks["running"] == [0]
        assert a.last["match"]["clock"]["speed"] == "custom"
        wall.advance(6 * HOUR)
        await a.act(4)
        moved = await _until(b, lambda m: m["moves"] == 1)
        assert moved["clocks"]["remaining"][0] == DAY  # 18 h + 12 h, capped at its start
        wall.advance(20 * HOUR)
        await b.act(0)
        moved = await _until(a, lambda m: m["moves"] == 2)
        assert abs(moved["clocks"]["remaining"][1] - 16 * HOUR) < 5
        for c in (a, b):
            await c.close()


@pytest.mark.asyncio
async def test_banks_survive_restarts_counted_once(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    wall = FakeWall()
    async with running_server(database, wall=wall) as server:
        match_id, a, b = await server.two_humans(clock=TURN)
        wall.advance(5 * HOUR)
        await a.act(4)
        await _until(b, lambda m: m["moves"] == 1)
        wall.advance(3 * HOUR)  # seat 1 thinks three hours, then the server stops
        for c in (a, b):
            await c.close()
    stored = _rows(str(database), f"SELECT clocks FROM matches WHERE id = '{match_id}'")[0][0]
    assert '"running":{"1":' in stored.replace(" ", "")  # the instant seat 1 started
    wall.advance(4 * HOUR)  # four hours with no server at all
    for _ in range(2):  # a second restart at once charges nothing more
        async with running_server(database, wall=wall) as server:
            watcher = await server.connect(match_id)
            assert watcher.last is not None
            left = watcher.last["clocks"]["remaining"]
            assert left[0] == DAY and abs(left[1] - (DAY - 7 * HOUR)) < 5, left
            await watcher.close()


# -- a clock run out (item 2) -----------------------------------------------------------


async def _late_match(server: Server, wall: FakeWall, **body: Any) -> tuple[str, Client, Client]:
    """A turn-based tic-tac-toe match whose seat 0 (Ann, to move) ran out of time."""
    match_id, a, b = await server.two_humans(clock=TURN, **body)
    wall.advance(DAY + 60)
    late = await _until(b, lambda m: m["match"]["seats"][0].get("late"))
    assert late["clocks"]["remaining"][0] == 0 and late["clocks"]["running"] == []
    assert late["match"]["seats"][0]["kind"] == "human"  # still Ann's seat
    return match_id, a, b


@pytest.mark.asyncio
async def test_the_others_skip_a_late_seat_s_turn_then_hand_it_to_the_bot(
    tmp_path: Path,
) -> None:
    database = tmp_path / "db.sqlite3"
    wall = FakeWall()
    async with running_server(database, wall=wall) as server:
        match_id, a, b = await _late_match(server, wall)
        path = f"/api/matches/{match_id}/seats/0/late"
        # the late player does not decide for the others; a bad choice changes nothing
        r = await _post(server, path, {"choice": "skip", "token": a.token})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_seat"
        for bad in ({"choice": "nap", "token": b.token}, {"choice": "skip", "token": "forged"}):
            r = await _post(server, path, bad)
            assert r.status_code in (400, 403), r.text
        r = await _post(
            server, f"/api/matches/{match_id}/seats/1/late", {"choice": "skip", "token": a.token}
        )
        assert r.json()["error"]["code"] == "not_late"
        assert server.lobby.live[match_id].match.history == []
        events = f"SELECT COUNT(*) FROM events WHERE match_id = '{match_id}'"
        assert _rows(str(database), events) == [(1,)]  # the timeout alone: refusals store nothing
        # Bob skips Ann's turn: the house bot plays it, the seat stays hers
        r = await _post(server, path, {"choice": "skip", "token": b.token})
        assert r.status_code == 200, r.text
        assert r.json()["match"]["seats"][0] == {
            **r.json()["match"]["seats"][0],
            "kind": "human",
            "late": True,
        }
        skipped = await _until(b, lambda m: m["moves"] == 1)
        assert skipped["log"][0]["seat"] == 0 and skipped["legal"]
        # nothing to skip while it is Bob's turn
        r = await _post(server, path, {"choice": "skip", "token": b.token})
        assert r.json()["error"]["code"] == "not_late"
        await b.act(next(x["code"] for x in skipped["legal"]))
        await _until(b, lambda m: m["moves"] == 2)
        # her clock stays stopped at zero; Bob now hands her seat to the house bot
        r = await _post(server, path, {"choice": "bot", "token": b.token})
        assert r.status_code == 200, r.text
        seat = r.json()["match"]["seats"][0]
        assert seat["kind"] == "bot" and seat["bot"] == "heuristic" and seat["left"] == ["Ann"]
        assert "late" not in seat
        while b.last is None or b.last["match"]["status"] != "finished":
            msg = await b.receive()
            if msg["type"] == "state" and msg["legal"]:
                await b.act(msg["legal"][0]["code"])
        record = (await server.http.get(f"/api/matches/{match_id}/record")).json()
        moves = record["meta"]["bot_moves"]
        seats = [seat for _, seat in ((m["index"], m["seat"]) for m in moves)]
        assert moves[0] == {"index": 0, "seat": 0, "bot": "heuristic"} and set(seats) == {0}
        bot_indices = {m["index"] for m in moves}
        for i, entry in enumerate(record["actions"]):  # every seat-0 move was the bot's
            assert (entry["seat"] == 0) == (i in bot_indices)
        for c in (a, b):
            await c.close()


@pytest.mark.asyncio
async def test_the_late_player_moving_again_gets_the_increment_and_the_clock_back(
    tmp_path: Path,
) -> None:
    wall = FakeWall()
    async with running_server(tmp_path / "db.sqlite3", wall=wall) as server:
        _, a, b = await _late_match(server, wall)
        await _until(a, lambda m: m["match"]["seats"][0].get("late"))
        await a.act(4)  # Ann is back
        back = await _until(b, lambda m: m["moves"] == 1)
        assert "late" not in back["match"]["seats"][0]
        assert back["clocks"]["remaining"][0] == 12 * HOUR and back["clocks"]["running"] == [1]
        for c in (a, b):
            await c.close()


@pytest.mark.asyncio
async def test_a_turn_based_seat_whose_player_leaves_gets_the_bot_at_once(
    tmp_path: Path,
) -> None:
    wall = FakeWall()
    async with running_server(tmp_path / "db.sqlite3", wall=wall) as server:
        match_id, a, b = await server.two_humans(clock=TURN)
        r = await _post(server, f"/api/matches/{match_id}/leave", {"token": a.token})
        assert r.status_code == 200
        seat = r.json()["match"]["seats"][0]
        assert seat["kind"] == "bot" and seat["bot"] == "heuristic" and seat["left"] == ["Ann"]
        moved = await _until(b, lambda m: m["moves"] == 1)  # the bot played Ann's turn
        assert moved["log"][0]["seat"] == 0
        for c in (a, b):
            await c.close()


@pytest.mark.asyncio
async def test_in_a_rated_match_running_out_of_time_counts_as_leaving(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    wall = FakeWall()
    async with running_server(database, wall=wall) as server:
        people = []
        for name in ("Ann", "Bob"):
            http = httpx.AsyncClient(base_url=server.url, timeout=WAIT)
            r = await http.post(
                "/api/account/register", json={"name": name, "password": "a good long password"}
            )
            assert r.status_code == 201
            people.append((http, r.json()["account"]["id"]))
        (ann, ann_id), (bob, _) = people
        csrf = {"x-csrf-token": ann.cookies["meeple_csrf"]}
        r = await ann.post(
            "/api/matches",
            json={"game": "tictactoe", "join": 0, "rated": True, "clock": TURN},
            headers=csrf,
        )
        match_id = r.json()["match"]["id"]
        r = await bob.post(
            f"/api/matches/{match_id}/join",
            json={},
            headers={"x-csrf-token": bob.cookies["meeple_csrf"]},
        )
        watcher = await server.connect(match_id)
        wall.advance(DAY + 60)
        await _until(watcher, lambda m: m["match"]["seats"][0].get("late"))
        seats = _rows(str(database), f"SELECT seats FROM matches WHERE id = '{match_id}'")[0][0]
        import json

        seat = Seat.from_db(json.loads(seats)[0])
        assert seat.late and seat.account == ann_id and seat.left_accounts == (ann_id,)
        await watcher.close()
        for http, _ in people:
            await http.aclose()
    await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_banks_survive_a_restart_on_postgresql(postgres_url: str) -> None:  # noqa: F811
    wall = FakeWall()
    async with running_server(postgres_url, wall=wall) as server:
        match_id, a, b = await server.two_humans(clock=TURN)
        wall.advance(2 * HOUR)
        for c in (a, b):
            await c.close()
    wall.advance(3 * HOUR)
    async with running_server(postgres_url, wall=wall) as server:
        watcher = await server.connect(match_id)
        assert watcher.last is not None
        left = watcher.last["clocks"]["remaining"]
        assert abs(left[0] - (DAY - 5 * HOUR)) < 5 and left[1] == DAY, left
        await watcher.close()
