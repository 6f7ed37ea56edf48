"""The server applies its bot caps to every spec a client sends (issue 14, item 3).

Match creation, the clock's bot, a seat handed to a bot and a player leaving
for a bot all take a spec from the client; each is refused with ``bad_bot``
(or ``bad_clock``) beyond the caps, and the refusal changes nothing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from meeple.bots import BotLimits
from tests.server.conftest import running_server

HOSTILE = ["mcts:time=1e9", "mcts:time=inf", "mcts:time=nan", "mcts:iters=1000000000000"]
HOSTILE += ["mcts:workers=64", "ismcts:depth=10000000", "mcts:c=inf", "mcts:iters=1e12"]


@pytest.mark.asyncio
@pytest.mark.parametrize("spec", HOSTILE)
async def test_a_created_match_with_an_unbounded_bot_is_refused(tmp_path: Path, spec: str) -> None:
    async with running_server(tmp_path / "meeple.sqlite3") as srv:
        r = await srv.http.post(
            "/api/matches", json={"game": "tictactoe", "seats": [spec, "human"]}
        )
        assert r.status_code == 400, r.text
        assert r.json()["error"]["code"] == "bad_bot", r.text
        r = await srv.http.post(
            "/api/matches", json={"game": "tictactoe", "clock": {"initial": 60, "bot": spec}}
        )
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_clock", r.text
        assert (await srv.http.get("/api/matches")).json()["matches"] == []
        assert srv.lobby.live == {}


@pytest.mark.asyncio
async def test_handing_a_seat_or_leaving_for_a_bot_is_capped_too(tmp_path: Path) -> None:
    async with running_server(tmp_path / "meeple.sqlite3") as srv:
        created = await srv.create(seats=["human", "human"], join=0, name="Ann")
        match_id, token = created["match"]["id"], created["token"]
        url = f"/api/matches/{match_id}"
        r = await srv.http.post(f"{url}/seats/1/bot", json={"token": token, "bot": "mcts:time=99"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_bot", r.text
        r = await srv.http.post(f"{url}/leave", json={"token": token, "bot": "mcts:workers=9"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_bot", r.text
        seats = (await srv.http.get(url)).json()["match"]["seats"]
        assert [s["kind"] for s in seats] == ["human", "human"], seats  # nothing changed
        r = await srv.http.post(f"{url}/seats/1/bot", json={"token": token, "bot": "mcts:time=1"})
        assert r.status_code == 200, r.text


@pytest.mark.asyncio
async def test_the_caps_are_the_servers_to_choose(tmp_path: Path) -> None:
    limits = BotLimits(time=0.5, workers=1)
    async with running_server(tmp_path / "meeple.sqlite3", bot_limits=limits) as srv:
        body = {"game": "tictactoe", "seats": ["mcts:time=1", "human"]}
        r = await srv.http.post("/api/matches", json=body)
        assert r.status_code == 400 and "cap of 0.5" in r.json()["error"]["message"], r.text
        for spec in ("mcts:time=0.5", "mcts:iters=200", "random"):
            await srv.create(seats=[spec, "human"])


def test_meeple_serve_takes_caps_and_refuses_bad_ones(tmp_path: Path) -> None:
    def serve(*extra: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "meeple", "serve", "--port", "-1", *extra]
        return subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=tmp_path)

    for bad in ("time=inf", "time=nan", "workers=0", "bogus=3", "time"):
        done = serve("--bot-limit", bad)
        assert done.returncode == 2 and "meeple: error:" in done.stderr, (bad, done.stderr)
    done = serve("--bot-limit", "time=2", "--bot-limit", "workers=1")
    assert "port must be 0..65535" in done.stderr  # the caps parsed; the next check stopped it
