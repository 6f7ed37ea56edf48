"""The REST lobby API: games, create, list, join, leave, takeover, rematch, record, replay."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from meeple.core.match import MatchRecord, replay
from meeple.server.match import Seat
from tests.server.conftest import Server

pytestmark = pytest.mark.asyncio


async def error_of(response: Any) -> tuple[int, str]:
    body = response.json()
    assert set(body) == {"error"} and body["error"]["message"]
    return response.status_code, body["error"]["code"]


async def test_games_lists_every_registered_game_with_bots(server: Server) -> None:
    r = await server.http.get("/api/games")
    assert r.status_code == 200
    games = {g["name"]: g for g in r.json()["games"]}
    ttt = games["tictactoe"]
    assert ttt["min_players"] == ttt["max_players"] == 2
    assert {"random", "greedy"} <= set(ttt["bots"])
    assert ttt["title_zh"] == "井字棋"
    assert ttt["options"] == [] and ttt["content"] == []
    assert ttt["player_counts"] == [2]
    # a game's expansions and modules (content sets), each also one of its options
    ftp = games["fittoprint"]
    sets = [c["name"] for c in ftp["content"] if not c["base"]]
    assert sets == ["characters", "breaking_news"]
    assert set(sets) <= {o["name"] for o in ftp["options"]}
    # ... named in the game's words, as every option and its values (the lobby shows them)
    assert ftp["content"][1]["words"] == {
        "en": "Characters (advanced)",
        "zh-TW": "角色能力（進階）",
    }
    mode = next(o for o in ftp["options"] if o["name"] == "mode")
    assert mode["words"]["name"] == {"en": "Mode", "zh-TW": "模式"}
    assert mode["words"]["choices"]["slo"] == {
        "en": "Slo-Mode: in turns, no timer",
        "zh-TW": "慢速模式：輪流進行，不計時",
    }
    assert mode["words"]["help"]["zh-TW"].startswith("輪流進行不計時")
    if "penguins" in games:  # 2 players or 2 teams of 2: never 3
        assert games["penguins"]["player_counts"] == [2, 4]


async def test_create_with_bot_and_join_on_create(server: Server) -> None:
    created = await server.create(seats=["human", "random"], join=0, name="Ann")
    match = created["match"]
    assert created["seat"] == 0 and len(created["token"]) >= 20
    assert match["status"] == "running"  # the only human seat is taken
    assert [s["kind"] for s in match["seats"]] == ["human", "bot"]
    assert match["seats"][0]["name"] == "Ann"
    assert "seed" not in match and "token" not in str(match["seats"])
    r = await server.http.get(f"/api/matches/{match['id']}")
    assert r.json()["match"]["id"] == match["id"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "nope"}, 400, "unknown_game"),
        ({}, 400, "bad_request"),
        ({"game": "tictactoe", "players": 3}, 400, "bad_options"),
        ({"game": "tictactoe", "options": {"size": 4}}, 400, "bad_options"),
        ({"game": "tictactoe", "seats": ["human"]}, 400, "bad_seats"),
        ({"game": "tictactoe", "seats": ["human", 7]}, 400, "bad_seats"),
        ({"game": "tictactoe", "seats": ["human", "grandmaster"]}, 400, "bad_bot"),
        ({"game": "tictactoe", "seats": ["human", "random:depth=3"]}, 400, "bad_bot"),
        ({"game": "tictactoe", "clock": {"increment": 3}}, 400, "bad_clock"),
        ({"game": "tictactoe", "clock": {"initial": -1}}, 400, "bad_clock"),
        ({"game": "tictactoe", "clock": {"initial": 5, "policy": "nap"}}, 400, "bad_clock"),
        ({"game": "tictactoe", "clock": {"initial": 5, "bot": "nobody"}}, 400, "bad_clock"),
        ({"game": "tictactoe", "bot_delay": -1}, 400, "bad_request"),
        ({"game": "tictactoe", "join": 2}, 400, "bad_request"),
        ({"game": "tictactoe", "seats": ["random", "human"], "join": 0}, 409, "seat_taken"),
    ],
)
async def test_create_refuses_bad_requests(
    server: Server, body: dict[str, Any], status: int, code: str
) -> None:
    r = await server.http.post("/api/matches", json=body)
    assert await error_of(r) == (status, code)
    assert (await server.http.get("/api/matches")).json()["matches"] == []


async def test_body_that_is_not_json(server: Server) -> None:
    r = await server.http.post("/api/matches", content=b"{nope")
    assert await error_of(r) == (400, "bad_request")


async def test_list_by_status(server: Server) -> None:
    open_match = (await server.create())["match"]["id"]
    running = (await server.create(seats=["human", "random"], join=0))["match"]["id"]
    finished = (await server.create(seats=["random", "random"]))["match"]["id"]
    for _ in range(200):
        r = await server.http.get(f"/api/matches/{finished}")
        if r.json()["match"]["status"] == "finished":
            break
        await asyncio.sleep(0.02)
    ids = {
        status: [
            m["id"]
            for m in (await server.http.get(f"/api/matches?status={status}")).json()["matches"]
        ]
        for status in ("open", "running", "finished")
    }
    assert ids == {"open": [open_match], "running": [running], "finished": [finished]}
    everything = (await server.http.get("/api/matches?limit=2")).json()["matches"]
    assert len(everything) == 2
    r = await server.http.get("/api/matches?status=lost")
    assert await error_of(r) == (400, "bad_request")


async def test_join_seats_and_their_errors(server: Server) -> None:
    match_id = (await server.create())["match"]["id"]
    first = await server.join(match_id, name="Ann")
    assert first["seat"] == 0 and first["match"]["status"] == "open"
    r = await server.http.post(f"/api/matches/{match_id}/join", json={"seat": 0})
    assert await error_of(r) == (409, "seat_taken")
    r = await server.http.post(f"/api/matches/{match_id}/join", json={"seat": 5})
    assert await error_of(r) == (400, "bad_request")
    second = await server.join(match_id)  # no seat named: the first open one
    assert second["seat"] == 1 and second["token"] != first["token"]
    assert second["match"]["status"] == "running"
    r = await server.http.post(f"/api/matches/{match_id}/join", json={})
    assert await error_of(r) == (409, "no_free_seat")
    r = await server.http.post("/api/matches/nope/join", json={})
    assert await error_of(r) == (404, "not_found")


async def test_leave_reopens_the_seat_or_hands_it_to_a_bot(server: Server) -> None:
    created = await server.create(join=0, name="Ann")
    match_id = created["match"]["id"]
    bob = await server.join(match_id, name="Bob")
    r = await server.http.post(f"/api/matches/{match_id}/leave", json={"token": "forged"})
    assert await error_of(r) == (403, "bad_token")
    r = await server.http.post(f"/api/matches/{match_id}/leave", json={"token": bob["token"]})
    seats = r.json()["match"]["seats"]
    assert seats[1]["taken"] is False and seats[1]["kind"] == "human"
    assert seats[1]["left"] == ["Bob"] and seats[1]["name"] == "Player 2"
    # the revoked token no longer works
    r = await server.http.post(f"/api/matches/{match_id}/leave", json={"token": bob["token"]})
    assert await error_of(r) == (403, "bad_token")
    # Ann hands the open seat to a bot; the bot then plays seat 1's turns
    r = await server.http.post(
        f"/api/matches/{match_id}/seats/1/bot", json={"token": created["token"], "bot": "greedy"}
    )
    assert r.status_code == 200
    assert r.json()["match"]["seats"][1] == {
        "seat": 1, "kind": "bot", "name": "greedy", "bot": "greedy", "taken": True,
        "connected": True, "left": ["Bob"], "hints": 0,
    }  # fmt: skip
    r = await server.http.post(
        f"/api/matches/{match_id}/seats/1/bot", json={"token": created["token"]}
    )
    assert await error_of(r) == (409, "seat_taken")
    r = await server.http.post(
        f"/api/matches/{match_id}/leave", json={"token": created["token"], "bot": "random"}
    )
    assert [s["kind"] for s in r.json()["match"]["seats"]] == ["bot", "bot"]


async def test_a_leaving_player_stays_named_and_the_house_bot_plays_on(server: Server) -> None:
    """Leaving to a bot once renamed the seat "Bob (random)" and a random bot played it;
    the seat now stays Bob's (``left``, also in the record) and the game's own bot, the
    one ``meeple play`` uses, takes over unless the caller names another (issue 34, 14)."""
    created = await server.create(
        game="province", seats=["human", "human"], join=0, name="Ann", bot_delay=0
    )
    match_id = created["match"]["id"]
    bob = await server.join(match_id, name="Bob")
    games = {g["name"]: g for g in (await server.http.get("/api/games")).json()["games"]}
    assert games["province"]["house_bot"] == "heuristic"
    assert games["tictactoe"]["house_bot"] == "heuristic"
    # Bob frees his seat; Ann hands it to a bot without naming one: the house bot
    await server.http.post(f"/api/matches/{match_id}/leave", json={"token": bob["token"]})
    r = await server.http.post(
        f"/api/matches/{match_id}/seats/1/bot", json={"token": created["token"]}
    )
    seat = r.json()["match"]["seats"][1]
    assert (seat["kind"], seat["bot"], seat["left"]) == ("bot", "heuristic", ["Bob"])
    assert r.json()["match"]["house_bot"] == "heuristic"
    # Ann leaves to the house bot too: both seats keep their players' names
    r = await server.http.post(
        f"/api/matches/{match_id}/leave", json={"token": created["token"], "bot": "heuristic"}
    )
    seats = r.json()["match"]["seats"]
    assert [(s["bot"], s["left"]) for s in seats] == [
        ("heuristic", ["Ann"]),
        ("heuristic", ["Bob"]),
    ]
    for _ in range(600):  # two bots play it out
        if (await server.http.get(f"/api/matches/{match_id}")).json()["match"][
            "status"
        ] == "finished":
            break
        await asyncio.sleep(0.05)
    record = (await server.http.get(f"/api/matches/{match_id}/record")).json()
    assert record["meta"]["left"] == [["Ann"], ["Bob"]]
    # the stored seats keep them: a seat read back from its row is the seat
    stored = Seat("bot", "heuristic", "heuristic", None, ("Ann",))
    assert Seat.from_db(stored.to_db()) == stored
    assert Seat.from_db({"kind": "human", "name": "Player 1"}).left == ()  # rows from before


async def test_record_is_secret_until_the_end_then_replays(server: Server) -> None:
    created = await server.create(seats=["human", "random"], join=0)
    match_id = created["match"]["id"]
    r = await server.http.get(f"/api/matches/{match_id}/record")
    assert await error_of(r) == (409, "match_not_finished")
    r = await server.http.get(f"/api/matches/{match_id}/replay")
    assert await error_of(r) == (409, "match_not_finished")
    r = await server.http.post(f"/api/matches/{match_id}/rematch", json={})
    assert await error_of(r) == (409, "match_not_finished")
    # play it out: seat 0 takes the lowest free cell each turn
    client = await server.connect(match_id, created["token"])
    state = client.last
    assert state is not None
    while state["status"] != "finished":
        if state["legal"]:
            await client.act(state["legal"][0]["code"])
        state = await client.state(lambda m: m["state_id"] != state["state_id"])  # noqa: B023
    await client.close()
    record = (await server.http.get(f"/api/matches/{match_id}/record")).json()
    assert isinstance(record["seed"], int)
    rebuilt = replay(MatchRecord.from_json(record))
    assert rebuilt.state.is_terminal()
    assert record["result"]["ranks"] == rebuilt.state.ranks()
    steps = (await server.http.get(f"/api/matches/{match_id}/replay")).json()["steps"]
    assert len(steps) == len(record["actions"]) + 1
    assert steps[0]["log"] is None and steps[-1]["turn"]["kind"] == "terminal"
    assert steps[1]["log"]["text"] == "seat 0: place 0"


async def test_rematch_same_setup_same_seat(server: Server) -> None:
    created = await server.create(seats=["random", "random"], bot_delay=0)
    match_id = created["match"]["id"]
    for _ in range(200):
        if (await server.http.get(f"/api/matches/{match_id}")).json()["match"][
            "status"
        ] == "finished":
            break
        await asyncio.sleep(0.02)
    first = await server.http.post(f"/api/matches/{match_id}/rematch", json={})
    assert first.status_code == 201
    again = await server.http.post(f"/api/matches/{match_id}/rematch", json={})
    assert again.status_code == 200
    assert again.json()["match"]["id"] == first.json()["match"]["id"]
    new = first.json()["match"]
    assert new["rematch_of"] == match_id and new["game"] == "tictactoe"
    old = (await server.http.get(f"/api/matches/{match_id}")).json()["match"]
    assert old["rematch"] == new["id"]


async def test_rematch_seats_the_caller_in_the_same_seat(server: Server) -> None:
    match_id, a, b = await server.two_humans()
    # seat 1 gives up to a bot, seat 0 plays on until the end
    r = await server.http.post(
        f"/api/matches/{match_id}/leave", json={"token": b.token, "bot": "random"}
    )
    assert r.status_code == 200
    state = a.last
    assert state is not None
    while state["status"] != "finished":
        if state["legal"]:
            await a.act(state["legal"][0]["code"])
        state = await a.state(lambda m: m["state_id"] != state["state_id"])  # noqa: B023
    r = await server.http.post(f"/api/matches/{match_id}/rematch", json={"token": a.token})
    body = r.json()
    assert r.status_code == 201 and body["seat"] == 0
    assert body["match"]["seats"][0]["name"] == "Ann"
    assert body["match"]["seats"][1]["kind"] == "bot"  # the bot seat stays a bot
    # the old match's clients hear about the rematch
    note = await a.state(lambda m: m["match"]["rematch"] is not None)
    assert note["match"]["rematch"] == body["match"]["id"]
    await a.close()
    await b.close()


async def test_openapi_describes_every_api_route(server: Server) -> None:
    schema = (await server.http.get("/api/openapi.json")).json()
    assert schema["openapi"].startswith("3.")
    routes = {r.path for r in server.app.routes if getattr(r, "path", "").startswith("/api/")} - {
        "/api/openapi.json"
    }
    assert routes == set(schema["paths"])


async def test_pages_and_static_files(server: Server) -> None:
    for path in ("/", "/match/abc", "/replay/abc"):
        r = await server.http.get(path)
        assert r.status_code in (200, 404), path
        if r.status_code == 200:
            assert r.headers["content-type"].startswith("text/html")
    r = await server.http.get("/static/does-not-exist.js")
    assert r.status_code == 404
