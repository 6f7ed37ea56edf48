"""Ratings (issue 40, item 3): rated matches between accounts and against house bots
change openskill ratings per game once, exactly; a player who left is last; a
forfeit rates only the player who left; solo games go to a solo record; the
leaderboard and profiles read them."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest

from meeple.server.match import Seat
from meeple.server.ratings import LEADERBOARD_MIN_GAMES
from meeple.server.storage import MatchRow
from tests.server.conftest import WAIT, Server

pytestmark = pytest.mark.asyncio

PASSWORD = "a good long password"


async def _account(server: Server, name: str) -> tuple[httpx.AsyncClient, str]:
    http = httpx.AsyncClient(base_url=server.url, timeout=WAIT)
    r = await http.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201
    return http, r.json()["account"]["id"]


def _csrf(http: httpx.AsyncClient) -> dict[str, str]:
    return {"x-csrf-token": http.cookies["meeple_csrf"]}


async def _settled(server: Server, match_id: str) -> None:
    """Wait until the server has settled the match's ratings."""
    for _ in range(200):
        rows = await server.app.state.storage.run(
            lambda b: (
                b.cursor()
                .execute(b.sql("SELECT 1 FROM rated_matches WHERE match_id = ?"), [match_id])
                .fetchall()
            )
        )
        if rows:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"match {match_id} was never settled")


async def _rated_game(server: Server, ann: httpx.AsyncClient, bob: httpx.AsyncClient) -> str:
    """Ann (seat 0, X) beats Bob at tic-tac-toe in a rated match: 0, 3, 1, 4, 2."""
    r = await ann.post(
        "/api/matches",
        json={"game": "tictactoe", "seats": ["human", "human"], "join": 0, "rated": True},
        headers=_csrf(ann),
    )
    assert r.status_code == 201, r.text
    match_id, token_a = r.json()["match"]["id"], r.json()["token"]
    assert r.json()["match"]["rated"] is True
    r = await bob.post(f"/api/matches/{match_id}/join", json={}, headers=_csrf(bob))
    token_b = r.json()["token"]
    a = await server.connect(match_id, token_a)
    b = await server.connect(match_id, token_b)
    for k, (mover, cell) in enumerate(((a, 0), (b, 3), (a, 1), (b, 4), (a, 2))):
        while mover.last is None or mover.last["moves"] < k:  # the other's move is seen
            await mover.receive()
        await mover.act(cell)
    while a.last is None or a.last["match"]["status"] != "finished":
        await a.receive()
    await a.close()
    await b.close()
    await _settled(server, match_id)
    return match_id


async def test_rated_matches_move_ratings_the_leaderboard_and_profiles(server: Server) -> None:
    ann, ann_id = await _account(server, "Ann")
    bob, _ = await _account(server, "Bob")
    try:
        for _ in range(LEADERBOARD_MIN_GAMES):
            await _rated_game(server, ann, bob)
        board = (await server.http.get("/api/leaderboard/tictactoe")).json()["players"]
        assert [p["name"] for p in board] == ["Ann", "Bob"]
        assert board[0]["rating"] > 1500 > board[1]["rating"] and board[0]["games"] == 3
        assert board[0]["plus_minus"] < 667  # the uncertainty narrows with games
        prof = (await server.http.get("/api/players/ann")).json()  # names fold
        assert prof["account"]["id"] == ann_id
        history = prof["ratings"][0]["history"]
        assert len(history) == 3 and history[0]["rating"] < history[-1]["rating"]
        assert len(prof["recent"]) == 3
    finally:
        await ann.aclose()
        await bob.aclose()


async def test_a_rated_match_is_for_accounts(server: Server) -> None:
    r = await server.http.post(
        "/api/matches",
        json={"game": "tictactoe", "seats": ["human", "human"], "join": 0, "rated": True},
    )
    assert r.status_code == 401 and r.json()["error"]["code"] == "not_logged_in"
    ann, _ = await _account(server, "Ann")
    try:
        r = await ann.post(
            "/api/matches",
            json={"game": "tictactoe", "seats": ["human", "human"], "join": 0, "rated": True},
            headers=_csrf(ann),
        )
        match_id = r.json()["match"]["id"]
        r = await server.http.post(f"/api/matches/{match_id}/join", json={})  # a guest
        assert r.status_code == 401
    finally:
        await ann.aclose()


# -- the rules of settling, on stored matches -------------------------------------------------


def _row(
    match_id: str, seats: list[Seat], result: dict[str, Any], options: dict[str, Any] | None = None
) -> MatchRow:
    return MatchRow(
        id=match_id, game="viscounts", players=len(seats), options=options or {}, seed=1,
        setup={"clock": None, "bot_delay": 0.0, "rated": True}, seats=[s.to_db() for s in seats],
        status="finished", moves=10, created_at=time.time(), finished_at=time.time(),
        result=result, rematch=None,
    )  # fmt: skip


async def _ratings_of(server: Server) -> dict[str, tuple[float, int]]:
    rows = await server.app.state.storage.run(
        lambda b: b.cursor().execute("SELECT player, mu, games FROM ratings").fetchall()
    )
    return {str(p): (float(mu), int(g)) for p, mu, g in rows}


async def test_a_player_who_left_is_last_and_the_bot_in_their_seat_is_not_rated(
    server: Server,
) -> None:
    storage, ratings = server.app.state.storage, server.app.state.ratings
    leaver = Seat("bot", "heuristic", "heuristic", left=("Cy",), left_accounts=("cy",))
    seats = [Seat("human", "Ann", account="ann"), leaver, Seat("human", "Bob", account="bob")]
    # the bot that took Cy's seat won the game: Cy is still rated last
    await storage.create_match(
        _row("m1", seats, {"ranks": [2, 1, 3], "reason": "finished", "forfeited": []})
    )
    assert await ratings.settle("m1") is True
    got = await _ratings_of(server)
    assert set(got) == {"ann", "bob", "cy"}
    assert got["cy"][0] < got["bob"][0] < got["ann"][0]
    assert await ratings.settle("m1") is False  # exactly once
    assert await _ratings_of(server) == got


async def test_a_forfeit_rates_only_the_player_who_forfeited(server: Server) -> None:
    storage, ratings = server.app.state.storage, server.app.state.ratings
    seats = [
        Seat("human", "Ann", account="ann"),
        Seat("human", "Bob", account="bob"),
        Seat("bot", "heuristic", "heuristic"),
    ]
    result = {"ranks": [3, 1, 2], "reason": "timeout", "forfeited": [0]}
    await storage.create_match(_row("m2", seats, result))
    assert await ratings.settle("m2") is True
    got = await _ratings_of(server)
    assert set(got) == {"ann"} and got["ann"][0] < 25.0


async def test_solo_games_go_to_a_solo_record_not_the_rating(server: Server) -> None:
    storage, ratings = server.app.state.storage, server.app.state.ratings
    me = [Seat("human", "Ann", account="ann")]
    await storage.create_match(
        _row(
            "s1",
            me,
            {"ranks": [1], "winners": [0], "scores": [41.0], "reason": "finished"},
            {"difficulty": "hard"},
        )
    )
    await storage.create_match(
        _row(
            "s2",
            me,
            {"ranks": [1], "winners": [], "scores": [37.0], "reason": "finished"},
            {"difficulty": "hard"},
        )
    )
    assert await ratings.settle("s1") and await ratings.settle("s2")
    assert await _ratings_of(server) == {}
    prof = await ratings.profile("ann")
    assert prof["solo"] == [
        {"game": "viscounts", "difficulty": "hard", "games": 2, "wins": 1, "best": 41.0}
    ]


async def test_matches_that_ended_before_a_crash_are_settled_at_the_next_start(
    server: Server,
) -> None:
    storage, ratings = server.app.state.storage, server.app.state.ratings
    seats = [Seat("human", "Ann", account="ann"), Seat("human", "Bob", account="bob")]
    await storage.create_match(
        _row("m3", seats, {"ranks": [1, 2], "reason": "finished", "forfeited": []})
    )
    assert await ratings.catch_up() == 1
    assert await ratings.catch_up() == 0
    assert set(await _ratings_of(server)) == {"ann", "bob"}


async def test_the_house_bots_are_rated_players_too(server: Server) -> None:
    storage, ratings = server.app.state.storage, server.app.state.ratings
    seats = [Seat("human", "Ann", account="ann"), Seat("bot", "heuristic", "heuristic")]
    for k in range(LEADERBOARD_MIN_GAMES):
        await storage.create_match(
            _row(f"b{k}", seats, {"ranks": [2, 1], "reason": "finished", "forfeited": []})
        )
        assert await ratings.settle(f"b{k}")
    board = await ratings.leaderboard("viscounts")
    assert [(p["bot"], p["name"]) for p in board] == [
        ("heuristic", None)
    ]  # Ann's account is not stored: left off
    assert board[0]["rating"] > 1500


async def test_a_game_that_plays_differently_by_count_is_rated_per_count(server: Server) -> None:
    """The penguin game at four is two teams of two: its ratings are apart from two."""
    storage, ratings = server.app.state.storage, server.app.state.ratings
    seats = [Seat("human", n, account=n.lower()) for n in ("Ann", "Bob", "Cy", "Di")]
    row = _row("p4", seats, {"ranks": [1, 2, 1, 2], "reason": "finished", "forfeited": []})
    row.game = "penguins"
    await storage.create_match(row)
    assert await ratings.settle("p4")
    keys = await storage.run(
        lambda b: b.cursor().execute("SELECT DISTINCT game FROM ratings").fetchall()
    )
    assert [k[0] for k in keys] == ["penguins:4p"]
    r = await server.http.get("/api/leaderboard/penguins:4p")
    assert r.status_code == 200
    assert (await server.http.get("/api/leaderboard/penguins:3p")).status_code == 400
    assert (await server.http.get("/api/leaderboard/viscounts")).status_code == 200
