"""Knowing it is your turn (issue 41, item 4): the lobby and "My matches" list the
player's turn first, and a turn notice by e-mail goes through a real local SMTP
server (aiosmtpd), at most once per interval per account, with an unsubscribe
link that works, only to a player with no page of the match open. Bad settings are
refused and store nothing. On a fake wall clock."""

from __future__ import annotations

import asyncio
import email
import email.policy
import logging
import re
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from meeple.server.notices import SmtpConfig
from meeple.server.walltime import FakeWall
from tests.server.conftest import Server, running_server
from tests.server.test_vacations import _account

HOUR, DAY = 3600.0, 86400.0
TURN = {"pace": "turn", "speed": "daily"}


class Inbox:
    """An aiosmtpd handler that keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.recipients: list[list[str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.recipients.append(list(envelope.rcpt_tos))
        self.messages.append(
            email.message_from_bytes(envelope.content, policy=email.policy.default)  # type: ignore[arg-type]
        )
        return "250 OK"


@pytest.fixture
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


async def _mails(inbox: Inbox, count: int) -> None:
    for _ in range(500):
        if len(inbox.messages) >= count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{len(inbox.messages)} mail(s), not {count}")


def _body(message: email.message.EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "body",
    [
        {"email": "not an address", "enabled": True},
        {"email": "ann@localhost", "enabled": True},
        {"email": "a b@example.org", "enabled": True},
        {"email": "ann@example.org\r\nBcc: eve@example.org", "enabled": True},
        {"email": "a" * 250 + "@example.org", "enabled": True},
        {"email": "änn@example.org", "enabled": True},
        {"email": 5, "enabled": True},
        {"email": "ann@example.org", "enabled": "yes"},
        {"enabled": True},  # on without an address
        {"email": "ann@example.org", "enabled": True, "bcc": "eve@example.org"},
    ],
)
async def test_bad_notice_settings_are_refused_and_store_nothing(
    tmp_path: Path, body: dict[str, Any]
) -> None:
    database = tmp_path / "db.sqlite3"
    smtp = SmtpConfig("127.0.0.1", 25, "meeple@example.org", "http://meeple.test")
    async with running_server(database, wall=FakeWall(), smtp=smtp) as server:
        ann = await _account(server, "Ann")
        r = await ann.post("/api/account/notices", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_notices", r.text
        r = await ann.post(
            "/api/account/notices",
            json={"email": "ann@example.org", "enabled": True},
            headers={"x-csrf-token": "forged"},
        )
        assert r.status_code == 403
        got = (await ann.get("/api/account/notices")).json()
        assert got == {"available": True, "email": None, "enabled": False, "interval": 3600.0}
        await ann.aclose()
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM notice_settings").fetchone() == (0,)


@pytest.mark.asyncio
async def test_a_server_without_smtp_sends_no_notices(tmp_path: Path) -> None:
    async with running_server(tmp_path / "db.sqlite3") as server:
        ann = await _account(server, "Ann")
        r = await ann.post("/api/account/notices", json={"email": "a@example.org", "enabled": True})
        assert r.json()["error"]["code"] == "bad_notices"
        assert (await ann.get("/api/account/notices")).json()["available"] is False
        await ann.aclose()


@pytest.mark.asyncio
async def test_turn_notices_by_mail_rate_limited_with_an_unsubscribe_link(
    tmp_path: Path, smtp_server: tuple[Inbox, int], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    inbox, port = smtp_server
    wall = FakeWall()
    smtp = SmtpConfig("127.0.0.1", port, "meeple@example.org", "http://meeple.test")
    async with running_server(tmp_path / "db.sqlite3", wall=wall, smtp=smtp) as server:
        ann, bob = await _account(server, "Ann"), await _account(server, "Bob")
        r = await ann.post(
            "/api/account/notices", json={"email": "ann@example.org", "enabled": True}
        )
        assert r.json() == {
            "available": True, "email": "ann@example.org", "enabled": True, "interval": 3600.0,
        }  # fmt: skip
        r = await ann.post("/api/matches", json={"game": "tictactoe", "join": 0, "clock": TURN})
        match_id, token = r.json()["match"]["id"], r.json()["token"]
        r = await bob.post(f"/api/matches/{match_id}/join", json={})
        bob_token = r.json()["token"]
        # the match starts on Ann's turn and she has no page of it open: one mail
        await _mails(inbox, 1)
        mail = inbox.messages[0]
        assert inbox.recipients[0] == ["ann@example.org"]
        assert mail["From"] == "meeple@example.org" and mail["To"] == "ann@example.org"
        assert "Tic-tac-toe" in mail["Subject"] and "輪到你了" in mail["Subject"]
        text = _body(mail)
        assert f"http://meeple.test/match/{match_id}" in text and "輪到你" in text
        link = re.search(r"http://meeple\.test(/notices/unsubscribe\?token=\S+)", text)
        assert link is not None
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # the lobby list and My matches put Ann's turn first
        listed = (await ann.get("/api/matches")).json()
        assert listed["my_turn"] == [match_id] and listed["matches"][0]["id"] == match_id
        mine = (await ann.get("/api/account/matches")).json()["matches"]
        assert mine[0]["my_turn"] is True
        assert (await bob.get("/api/matches")).json()["my_turn"] == []
        # Ann plays (her page open), Bob answers: her turn again, but within the hour
        a = await server.connect(match_id, token)
        await a.act(4)
        await a.state(lambda m: m["moves"] == 1)
        await a.close()
        await _gone_seat(server, match_id, 0)
        b = await server.connect(match_id, bob_token)
        await b.act(0)
        await b.state(lambda m: m["moves"] == 2)
        await asyncio.sleep(0.3)
        assert len(inbox.messages) == 1
        # an hour later the next turn is mailed; Bob's page stays open: no mail for him
        wall.advance(HOUR + 1)
        a = await server.connect(match_id, token)
        await a.act(8)
        await a.state(lambda m: m["moves"] == 3)
        await a.close()
        await _gone_seat(server, match_id, 0)
        await b.state(lambda m: m["moves"] == 3)
        await b.act(2)
        await _mails(inbox, 2)
        assert all(to == ["ann@example.org"] for to in inbox.recipients)
        # the link: a page whose button posts the token; then no more mails
        page = await server.http.get(link.group(1))
        assert page.status_code == 200 and "停止寄送" in page.text
        action = re.search(r'action="([^"]+)"', page.text)
        assert action is not None
        r = await ann.post(action.group(1).replace("&amp;", "&"), headers={"x-csrf-token": ""})
        assert r.status_code == 200 and "No more turn notices" in r.text
        assert (await ann.get("/api/account/notices")).json()["enabled"] is False
        r = await server.http.post(action.group(1).replace("&amp;", "&"))
        assert r.status_code == 404  # used
        wall.advance(2 * HOUR)
        a = await server.connect(match_id, token)
        await a.act(6)
        await a.state(lambda m: m["moves"] == 5)
        await a.close()
        await _gone_seat(server, match_id, 0)
        await b.state(lambda m: m["moves"] == 5)
        await b.act(7)  # blocks: the game goes on, and it is Ann's turn again
        await b.state(lambda m: m["moves"] == 6 and m["status"] == "running")
        await asyncio.sleep(0.3)
        assert len(inbox.messages) == 2
        await b.close()
        for http in (ann, bob):
            await http.aclose()
    # the address and the token stay out of the server's log (the test's SMTP server logs)
    ours = "\n".join(
        r.getMessage() for r in caplog.records if r.name.startswith(("meeple", "uvicorn"))
    )
    assert "sent a turn notice" in ours
    assert "ann@example.org" not in ours and link.group(1).split("token=")[1] not in ours


async def _gone_seat(server: Server, match_id: str, seat: int) -> None:
    for _ in range(500):
        if all(c.seat != seat for c in server.lobby.live[match_id].connections):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"seat {seat}'s page stayed")


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--smtp", "mail.example.org:99999", "--smtp-from", "m@example.org"], "HOST:PORT"),
        (["--smtp", "mail.example.org:25"], "--smtp-from"),
        (["--smtp", "mail.example.org:25", "--smtp-from", "not an address"], "--smtp-from"),
        (["--smtp", "mx:25", "--smtp-from", "m@example.org", "--notice-interval", "5"], "60"),
        (["--smtp", "mx:25", "--smtp-from", "m@example.org", "--public-url", "ftp://x"], "http"),
    ],
)
def test_meeple_serve_refuses_bad_smtp_options_clearly(argv: list[str], error: str) -> None:
    import argparse

    from meeple.cli import serve_cmd
    from meeple.core.errors import MeepleError

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    serve_cmd.register(sub)
    args = parser.parse_args(["serve", *argv])
    with pytest.raises(MeepleError, match=error):
        serve_cmd._smtp(args)
    good = parser.parse_args(["serve", "--smtp", "[::1]:2525", "--smtp-from", "m@example.org"])
    config = serve_cmd._smtp(good)
    assert (config.host, config.port, config.sender) == ("::1", 2525, "m@example.org")
    assert serve_cmd._smtp(parser.parse_args(["serve"])) is None
