"""Reviews in the server (issue 38, item 5): requested once per finished match, made in
the bot pool, kept in the database (SQLite, PostgreSQL, an older database upgraded),
served from there, bounded, and picked up again by a restarted server; bad requests
are refused and change nothing. Hints (item 7) are in test_hints.py."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.core.match import MatchRecord
from meeple.review import review_record
from meeple.server.limits import Limits
from tests.server.conftest import WAIT, Server, running_server

PRE_ACCOUNTS = Path(__file__).parent / "data" / "pre-accounts.sqlite3"


async def finished_match(srv: Server, game: str = "tictactoe", **body: Any) -> str:
    """A match of two random bots, played to its end; its id."""
    created = await srv.create(game=game, seats=["random", "random"], **body)
    match_id: str = created["match"]["id"]
    for _ in range(int(WAIT / 0.02)):
        summary = (await srv.http.get(f"/api/matches/{match_id}")).json()["match"]
        if summary["status"] == "finished":
            return match_id
        await asyncio.sleep(0.02)
    raise AssertionError("the bots did not finish")


async def reviewed(http: httpx.AsyncClient, match_id: str, wait: float = WAIT) -> dict[str, Any]:
    """The review once done (polling its progress as the page does)."""
    seen: list[int] = []
    for _ in range(int(wait / 0.05)):
        r = await http.get(f"/api/matches/{match_id}/review")
        assert r.status_code == 200, r.text
        review: dict[str, Any] = r.json()["review"]
        seen.append(review["done"])
        assert review["status"] in ("queued", "running", "done"), review
        if review["status"] == "done":
            assert seen == sorted(seen)  # progress only goes forward
            return review
        await asyncio.sleep(0.05)
    raise AssertionError(f"the review did not finish: {seen[-5:]}")


def without_moves(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries without the better move's action form (the server adds it for the page)."""
    return [{k: v for k, v in e.items() if k not in ("best_json", "best_text")} for e in entries]


def review_rows(database: str) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as conn:
        return list(conn.execute("SELECT match_id, status FROM reviews ORDER BY match_id"))


@pytest.mark.asyncio
async def test_a_finished_match_is_reviewed_once_and_served_from_the_database(
    tmp_path: Path,
) -> None:
    db = tmp_path / "meeple.sqlite3"
    async with running_server(db) as srv:
        match_id = await finished_match(srv)
        r = await srv.http.post(f"/api/matches/{match_id}/review", json={"iters": 5})
        assert r.status_code == 202, r.text
        queued = r.json()["review"]
        assert queued["status"] == "queued" and queued["iters"] == 5 and queued["review"] is None
        again = await srv.http.post(f"/api/matches/{match_id}/review", json={})
        assert again.status_code == 200  # one review per match: the first one back
        done = await reviewed(srv.http, match_id)
        assert done["done"] == done["total"] > 0
        body = done["review"]
        assert body["format"] == "meeple-review/1" and body["match_id"] == match_id
        assert len(body["entries"]) == done["total"]
        assert all(e["exact"] for e in body["entries"] if e["verdict"] is not None)
    assert review_rows(str(db)) == [(match_id, "done")]
    async with running_server(db) as srv:  # served from the database after a restart
        r = await srv.http.get(f"/api/matches/{match_id}/review")
        assert r.json()["review"] == done
        assert not srv.app.state.reviews.pending


@pytest.mark.asyncio
async def test_bad_review_requests_are_refused_and_change_nothing(tmp_path: Path) -> None:
    db = tmp_path / "meeple.sqlite3"
    limits = Limits(review_iters=20)
    async with running_server(db, limits=limits) as srv:
        finished = await finished_match(srv)
        running = (await srv.create(seats=["human", "human"], join=0))["match"]["id"]
        cases = [
            (finished, {"iters": 0}, 400, "bad_request"),
            (finished, {"iters": 21}, 400, "bad_request"),  # over --review-iters
            (finished, {"iters": "5"}, 400, "bad_request"),
            (finished, {"iters": True}, 400, "bad_request"),
            (finished, {"depth": 3}, 400, "bad_request"),
            (finished, [1, 2], 400, "bad_request"),
            (running, {}, 409, "match_not_finished"),
            ("0000000000", {}, 404, "not_found"),
        ]
        for match_id, body, status, code in cases:
            r = await srv.http.post(f"/api/matches/{match_id}/review", json=body)
            assert (r.status_code, r.json()["error"]["code"]) == (status, code), (body, r.text)
        r = await srv.http.post(f"/api/matches/{finished}/review", content=b"{not json")
        assert r.status_code == 400
        r = await srv.http.get(f"/api/matches/{finished}/review")
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
        assert not srv.app.state.reviews.pending
    assert review_rows(str(db)) == []


@pytest.mark.asyncio
async def test_the_review_queue_is_bounded(tmp_path: Path) -> None:
    db = tmp_path / "meeple.sqlite3"
    async with running_server(db, limits=Limits(review_queue=1)) as srv:
        first = await finished_match(srv, "penguins")
        second = await finished_match(srv, "penguins")
        r = await srv.http.post(f"/api/matches/{first}/review", json={"iters": 300})
        assert r.status_code == 202
        r = await srv.http.post(f"/api/matches/{second}/review", json={"iters": 2})
        assert r.status_code == 503 and r.json()["error"]["code"] == "try_again"
        await srv.app.state.reviews.stop()  # the long one stops with the server
    assert review_rows(str(db)) == [(first, "running")]


@pytest.mark.asyncio
async def test_a_database_made_before_reviews_gains_them(tmp_path: Path) -> None:
    db = tmp_path / "meeple.sqlite3"
    db.write_bytes(PRE_ACCOUNTS.read_bytes())
    async with running_server(db) as srv:
        assert "e49e77f055" in srv.lobby.live  # its running match resumed
        match_id = await finished_match(srv)
        r = await srv.http.post(f"/api/matches/{match_id}/review", json={"iters": 3})
        assert r.status_code == 202
        await reviewed(srv.http, match_id)
    assert review_rows(str(db)) == [(match_id, "done")]


@pytest.mark.asyncio
async def test_a_review_is_the_same_made_in_one_go_or_across_a_restart(tmp_path: Path) -> None:
    """A server stopped part-way through a review goes on from the last stored decision
    at its next start; the review equals one made in one go (each decision at its own
    seed), and there is one review of the match, not two. (The SIGKILL of a real
    `meeple serve` is in test_reviews_crash.py.)"""
    db = tmp_path / "meeple.sqlite3"
    async with running_server(db) as srv:
        match_id = await finished_match(srv, "penguins")
        record = MatchRecord.from_json(
            (await srv.http.get(f"/api/matches/{match_id}/record")).json()
        )
        r = await srv.http.post(f"/api/matches/{match_id}/review", json={"iters": 6})
        assert r.status_code == 202
        for _ in range(int(WAIT / 0.02)):
            progress = (await srv.http.get(f"/api/matches/{match_id}/review")).json()["review"]
            if progress["done"] >= 3:
                break
            await asyncio.sleep(0.02)
        await srv.app.state.reviews.stop()
        stopped_at = progress["done"]
        assert 3 <= stopped_at < progress["total"]
    async with running_server(db) as srv:
        assert list(srv.app.state.reviews.pending) in ([match_id], [])
        done = await reviewed(srv.http, match_id, wait=60)
    one_go = review_record(record, iters=6, seed=0).to_json()
    assert without_moves(done["review"]["entries"]) == one_go["entries"]
    assert done["review"]["accuracy"] == one_go["accuracy"]
    assert review_rows(str(db)) == [(match_id, "done")]


@pytest.mark.asyncio
async def test_the_server_s_review_is_meeple_review_s_of_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The server drives the engine's own loop over a record's steps (review_steps), as
    `meeple review RECORD.json` does: at the same budget and seed the server's review
    (a penguin match: its chance step, forced and judged decisions) is the terminal's,
    entry by entry, with the same accuracy, judgements, key moments and heading. A
    server that judged decisions in a loop of its own would drift from it here."""
    import json

    from meeple.cli import main

    db = tmp_path / "meeple.sqlite3"
    async with running_server(db) as srv:
        match_id = await finished_match(srv, "penguins")
        record = (await srv.http.get(f"/api/matches/{match_id}/record")).json()
        r = await srv.http.post(f"/api/matches/{match_id}/review", json={"iters": 7})
        assert r.status_code == 202
        served = (await reviewed(srv.http, match_id, wait=60))["review"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main(["review", str(path), "--json", "--iters", "7", "--seed", "0"]) == 0
    terminal = json.loads(capsys.readouterr().out)
    kinds = {("chance" if e["chance"] else "forced" if e["forced"] else "judged")
             for e in terminal["entries"]}  # fmt: skip
    assert kinds == {"chance", "forced", "judged"}
    assert served.pop("match_id") == match_id
    served["entries"] = without_moves(served["entries"])
    assert served == terminal


@pytest.mark.asyncio
async def test_sigkill_during_a_review_then_the_restarted_server_finishes_it_once(
    tmp_path: Path,
) -> None:
    """A real `meeple serve` killed (SIGKILL) while it reviews a match: the restarted
    server finishes the review from what it stored, one review of the match, the
    same as one made in one go."""
    from tests.server.test_crash_resume import serve

    db = tmp_path / "meeple.sqlite3"
    async with serve(db) as (proc, url), httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
        r = await http.post("/api/matches", json={"game": "penguins", "seats": ["random"] * 2})
        match_id = r.json()["match"]["id"]
        for _ in range(500):
            if (await http.get(f"/api/matches/{match_id}")).json()["match"]["status"] == "finished":
                break
            await asyncio.sleep(0.02)
        record = MatchRecord.from_json((await http.get(f"/api/matches/{match_id}/record")).json())
        assert (
            await http.post(f"/api/matches/{match_id}/review", json={"iters": 20})
        ).status_code == 202
        for _ in range(int(30 / 0.05)):
            progress = (await http.get(f"/api/matches/{match_id}/review")).json()["review"]
            if progress["done"] >= 5:
                break
            await asyncio.sleep(0.05)
        proc.kill()
        await proc.wait()
    killed_at = review_rows(str(db))
    assert killed_at == [(match_id, "running")]
    async with serve(db) as (proc, url), httpx.AsyncClient(base_url=url, timeout=WAIT) as http:
        done = await reviewed(http, match_id, wait=120)
        again = await http.post(f"/api/matches/{match_id}/review", json={})
        assert again.status_code == 200 and again.json()["review"] == done
    one_go = review_record(record, iters=20, seed=0).to_json()
    assert without_moves(done["review"]["entries"]) == one_go["entries"]
    assert review_rows(str(db)) == [(match_id, "done")]


@pytest.mark.asyncio
async def test_reviews_on_postgresql_are_stored_and_served_after_a_restart() -> None:
    from tests.server.pg import PostgresUnavailable, throwaway_postgres

    try:
        with throwaway_postgres() as url:
            async with running_server(url) as srv:
                match_id = await finished_match(srv)
                r = await srv.http.post(f"/api/matches/{match_id}/review", json={"iters": 3})
                assert r.status_code == 202
                assert (await srv.http.post(f"/api/matches/{match_id}/review")).status_code == 200
                done = await reviewed(srv.http, match_id)
            async with running_server(url) as srv:
                r = await srv.http.get(f"/api/matches/{match_id}/review")
                assert r.json()["review"] == done and done["status"] == "done"
    except PostgresUnavailable as exc:
        pytest.skip(str(exc))


def test_meeple_review_reads_a_match_from_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from meeple.cli import main

    db = tmp_path / "meeple.sqlite3"

    async def play() -> tuple[str, str]:
        async with running_server(db) as srv:
            running = (await srv.create(seats=["human", "human"], join=0))["match"]["id"]
            return await finished_match(srv), running

    match_id, running = asyncio.run(play())
    assert main(["review", match_id, "--database", str(db), "--json", "--iters", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "meeple-review/1" and data["game"] == "tictactoe"
    assert main(["review", match_id, "--database", str(db), "--lang", "zh-TW"]) == 0
    assert "準確度" in capsys.readouterr().out
    assert main(["review", running, "--database", str(db)]) != 0
    assert "not finished" in capsys.readouterr().err
    assert main(["review", "0000000000", "--database", str(db)]) != 0
    assert main(["review", match_id, "--database", str(tmp_path / "none.sqlite3")]) != 0
    assert not (tmp_path / "none.sqlite3").exists()
