"""Hints while playing through the API (issue 38, items 7 and 9): given in solo matches
and in matches whose every human seat agreed at creation, to the seat whose turn it
is; marked in the record and in the match lists; every bad request refused with
nothing changed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.server.conftest import WAIT, Server

pytestmark = pytest.mark.asyncio


async def summary(srv: Server, match_id: str) -> dict[str, Any]:
    return (await srv.http.get(f"/api/matches/{match_id}")).json()["match"]  # type: ignore[no-any-return]


async def ask(srv: Server, match_id: str, body: Any) -> Any:
    return await srv.http.post(f"/api/matches/{match_id}/hint", json=body)


async def test_a_solo_player_gets_a_hint_and_the_match_is_marked(server: Server) -> None:
    created = await server.create(seats=["human", "random"], join=0, name="Ann")
    match_id, token = created["match"]["id"], created["token"]
    assert created["match"]["hints_allowed"] and not created["match"]["hints_used"]
    r = await ask(server, match_id, {"token": token})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["seat"] == 0 and got["hint"]["exact"]  # tic-tac-toe: the solver's
    assert got["hint"]["chance"] == 0.5 and got["hint"]["label"]["zh-TW"]
    after = await summary(server, match_id)
    assert after["hints_used"] and after["seats"][0]["hints"] == 1
    listed = (await server.http.get("/api/matches")).json()["matches"]
    assert next(m for m in listed if m["id"] == match_id)["hints_used"]
    await server.http.post(f"/api/matches/{match_id}/leave", json={"token": token, "bot": "random"})
    for _ in range(int(WAIT / 0.02)):
        if (await summary(server, match_id))["status"] == "finished":
            break
        await asyncio.sleep(0.02)
    record = (await server.http.get(f"/api/matches/{match_id}/record")).json()
    assert record["meta"]["hints"] == [1, 0]
    listed = (await server.http.get("/api/matches?status=finished")).json()["matches"]
    assert next(m for m in listed if m["id"] == match_id)["hints_used"]  # from the database


async def test_hints_need_every_human_seat_s_agreement(server: Server) -> None:
    plain = await server.create(seats=["human", "human"], join=0)
    match_id = plain["match"]["id"]
    await server.join(match_id)
    assert not plain["match"]["hints_allowed"]
    r = await ask(server, match_id, {"token": plain["token"]})
    assert r.status_code == 403 and r.json()["error"]["code"] == "hints_off"
    assert not (await summary(server, match_id))["hints_used"]
    agreed = await server.create(seats=["human", "human"], join=0, hints=True)
    assert agreed["match"]["hints"] and agreed["match"]["hints_allowed"]
    other = await server.join(agreed["match"]["id"])
    r = await ask(server, agreed["match"]["id"], {"token": agreed["token"]})
    assert r.status_code == 200, r.text
    r = await ask(server, agreed["match"]["id"], {"token": other["token"]})  # not its turn
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"
    seats = (await summary(server, agreed["match"]["id"]))["seats"]
    assert [s["hints"] for s in seats] == [1, 0]


async def test_bad_hint_requests_are_refused_and_change_nothing(server: Server) -> None:
    before = len((await server.http.get("/api/matches")).json()["matches"])
    for bad in ("yes", 1, None):
        r = await server.http.post(
            "/api/matches", json={"game": "tictactoe", "seats": ["human", "random"], "hints": bad}
        )
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    created = await server.create(seats=["human", "random"], join=0)
    match_id, token = created["match"]["id"], created["token"]
    cases = [
        ({}, 403, "bad_token"),
        ({"token": "x" * 24}, 403, "bad_token"),
        ({"token": "x" * 500}, 403, "bad_token"),
        ([token], 400, "bad_request"),
    ]
    for body, status, code in cases:
        r = await ask(server, match_id, body)
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), (body, r.text)
    r = await ask(server, "0000000000", {"token": token})
    assert r.status_code == 404
    r = await server.http.post(f"/api/matches/{match_id}/hint", content=b"{oops")
    assert r.status_code == 400
    opened = await server.create(seats=["human", "human"], hints=True)
    r = await ask(server, opened["match"]["id"], {"token": token})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_started"
    assert not (await summary(server, match_id))["hints_used"]
    assert len((await server.http.get("/api/matches")).json()["matches"]) == before + 2
