"""``meeple admin`` (issue 40, item 6): whoever runs a server lists its accounts and
disables one (its sessions revoked, its logins refused) or enables it again."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import httpx
import pytest

from meeple.cli import main
from tests.server.conftest import running_server


async def _register(db: Path) -> str:
    async with running_server(db) as srv, httpx.AsyncClient(base_url=srv.url) as http:
        r = await http.post(
            "/api/account/register", json={"name": "Ann", "password": "long enough"}
        )
        assert r.status_code == 201
        return str(http.cookies["meeple_session"])


async def _try(db: Path, token: str) -> tuple[int, int]:
    """(the old session's answer, a fresh login's answer)."""
    async with running_server(db) as srv, httpx.AsyncClient(base_url=srv.url) as http:
        http.cookies.set("meeple_session", token)
        me = (await http.get("/api/account")).status_code
        http.cookies.clear()
        login = await http.post(
            "/api/account/login", json={"name": "Ann", "password": "long enough"}
        )
        return me, login.status_code


def test_admin_lists_disables_and_enables_an_account(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "meeple.sqlite3"
    token = asyncio.run(_register(db))
    capsys.readouterr()
    assert main(["admin", "--database", str(db), "accounts", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(a["name"], a["disabled"], a["sessions"]) for a in listed] == [("Ann", False, 1)]
    assert main(["admin", "--database", str(db), "disable", "ANN"]) == 0
    assert "disabled" in capsys.readouterr().out
    assert main(["admin", "--database", str(db), "disable", "nobody"]) == 1
    assert asyncio.run(_try(db, token)) == (401, 401)  # revoked, and refused
    assert main(["admin", "--database", str(db), "enable", "Ann"]) == 0
    assert asyncio.run(_try(db, token))[1] == 200
    main(["admin", "--database", str(db), "accounts"])
    assert "Ann" in capsys.readouterr().out


# -- upgrading a database made before accounts (issue 40, item 5) ----------------------------

#: A database made by the server of commit 42ea717 (before accounts): one running
#: tic-tac-toe match, e49e77f055, two moves in (Ann and Bob, guests).
PRE_ACCOUNTS = Path(__file__).parent / "data" / "pre-accounts.sqlite3"


async def _upgrade(db: Path) -> tuple[int, int, int]:
    async with running_server(db) as srv, httpx.AsyncClient(base_url=srv.url) as http:
        live = srv.lobby.live["e49e77f055"]  # resumed
        moves = len(live.core.match.history)
        r = await http.post(
            "/api/account/register", json={"name": "Ann", "password": "long enough"}
        )
        mine = await http.get("/api/account/matches")
        return moves, r.status_code, mine.status_code


def test_a_database_made_before_accounts_keeps_every_match_and_gains_accounts(
    tmp_path: Path,
) -> None:
    db = tmp_path / "meeple.sqlite3"
    db.write_bytes(PRE_ACCOUNTS.read_bytes())
    assert asyncio.run(_upgrade(db)) == (2, 201, 200)
    with sqlite3.connect(db) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"matches", "events", "accounts", "sessions", "ratings", "seat_accounts"} <= tables
        events = "SELECT COUNT(*) FROM events WHERE match_id = 'e49e77f055'"
        assert conn.execute(events).fetchone()[0] == 2
