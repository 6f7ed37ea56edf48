"""Turn notices by e-mail, through an SMTP server the operator configures.

``meeple serve --smtp HOST:PORT --smtp-from ADDRESS --public-url URL`` (and
``--smtp-user NAME`` with the password in the environment variable
``MEEPLE_SMTP_PASSWORD``, never on the command line; ``--smtp-starttls``)
lets each account give an address and turn the notices on
(``POST /api/account/notices``). When a turn comes to an account's seat and
that player has no page of the match open, the server sends one short mail in
English and Traditional Chinese with a link to the match and an unsubscribe
link. At most one mail per account per ``--notice-interval`` seconds (an hour
by default), counted in the database so every node of a cluster and a restart
respect it.

Each mail carries a new unsubscribe token (24 random bytes), stored only as its
SHA-256: ``GET /notices/unsubscribe?token=...`` shows a page whose button
posts it, and the ``List-Unsubscribe`` and ``List-Unsubscribe-Post`` headers
(RFC 8058) let a mail program do it in one click. No address, token or
password is written to a log line.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import secrets
import smtplib
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import quote

from meeple.server.protocol import ApiError
from meeple.server.storage import Backend, Storage
from meeple.server.walltime import WallClock

log = logging.getLogger("meeple.server")

PASSWORD_ENV = "MEEPLE_SMTP_PASSWORD"
#: The default least time between two notices to one account (seconds).
DEFAULT_INTERVAL = 3600.0
#: Unsubscribe tokens older than this are forgotten.
TOKEN_DAYS = 90
MAX_EMAIL = 254
#: An address as people type them, ASCII only: a local part, "@", a domain with a dot.
EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")


def check_email(value: Any) -> str:
    """An e-mail address, or ``bad_notices``: ASCII, no spaces or line breaks, one "@",
    a domain with a dot, 254 characters at most."""
    if not isinstance(value, str):
        raise ApiError("bad_notices", "email must be a string")
    value = value.strip()
    if len(value) > MAX_EMAIL or not EMAIL.fullmatch(value):
        raise ApiError("bad_notices", "that is not an e-mail address (name@example.org)")
    return value


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SmtpConfig:
    """Where and how the server sends mail (``meeple serve --smtp ...``)."""

    host: str
    port: int
    sender: str
    public_url: str
    user: str | None = None
    starttls: bool = False
    interval: float = DEFAULT_INTERVAL
    timeout: float = 20.0

    @staticmethod
    def parse_address(spec: str) -> tuple[str, int]:
        """``HOST:PORT`` (``[::1]:25`` for IPv6), the port 25 when left out."""
        host, _, port = spec.rpartition(":") if ":" in spec else (spec, "", "25")
        host = host.strip("[]")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"--smtp wants HOST:PORT, got {spec!r}")
        return host, int(port)


class Notices:
    """Accounts' notice settings (``notice_settings``) and the mails themselves."""

    def __init__(self, storage: Storage, smtp: SmtpConfig | None, wall: WallClock) -> None:
        self.storage = storage
        self.smtp = smtp
        self.wall = wall
        self._tasks: set[asyncio.Task[None]] = set()
        #: what sends one message (smtplib by default; a test may count them)
        self.send: Callable[[EmailMessage], None] = self._send_smtp

    @property
    def available(self) -> bool:
        return self.smtp is not None

    # -- settings ----------------------------------------------------------------------

    async def settings(self, account: str) -> dict[str, Any]:
        def job(b: Backend) -> list[tuple[Any, ...]]:
            cur = b.cursor()
            cur.execute(
                b.sql("SELECT email, enabled FROM notice_settings WHERE account_id = ?"), [account]
            )
            return [tuple(r) for r in cur.fetchall()]

        rows = await self.storage.run(job)
        email, enabled = (rows[0][0], bool(rows[0][1])) if rows else (None, False)
        return {
            "available": self.available,
            "email": email,
            "enabled": enabled and self.available,
            "interval": self.smtp.interval if self.smtp is not None else None,
        }

    async def change(self, account: str, body: Any) -> dict[str, Any]:
        """``{"email": "...", "enabled": true}``: both checked before anything is stored."""
        if not isinstance(body, dict):
            raise ApiError("bad_request", "the body must be a JSON object")
        unknown = set(body) - {"email", "enabled"}
        if unknown:
            raise ApiError("bad_notices", f"unknown field(s) {sorted(unknown)}")
        enabled = body.get("enabled", False)
        if not isinstance(enabled, bool):
            raise ApiError("bad_notices", "enabled must be true or false")
        email = body.get("email")
        email = None if email in (None, "") else check_email(email)
        if enabled and email is None:
            raise ApiError("bad_notices", "give an e-mail address to turn the notices on")
        if enabled and not self.available:
            raise ApiError("bad_notices", "this server sends no e-mail (it has no SMTP server)")

        def job(b: Backend) -> None:
            cur = b.cursor()
            cur.execute(b.sql("DELETE FROM notice_settings WHERE account_id = ?"), [account])
            cur.execute(
                b.sql(
                    "INSERT INTO notice_settings (account_id, email, enabled, last_sent) "
                    "VALUES (?, ?, ?, 0)"
                ),
                [account, email, int(enabled)],
            )
            if not enabled:  # the old links have nothing left to do
                cur.execute(b.sql("DELETE FROM notice_tokens WHERE account_id = ?"), [account])

        await self.storage.run(job)
        return await self.settings(account)

    async def unsubscribe(self, token: Any) -> bool:
        """Turn off the notices of the account a mail's token was sent to."""
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            return False
        digest = _hash(token)

        def job(b: Backend) -> bool:
            cur = b.cursor()
            cur.execute(
                b.sql("SELECT account_id FROM notice_tokens WHERE token_hash = ?"), [digest]
            )
            rows = cur.fetchall()
            if not rows:
                return False
            account = rows[0][0]
            cur.execute(
                b.sql("UPDATE notice_settings SET enabled = 0 WHERE account_id = ?"), [account]
            )
            cur.execute(b.sql("DELETE FROM notice_tokens WHERE account_id = ?"), [account])
            return True

        return bool(await self.storage.run(job))

    # -- sending ---------------------------------------------------------------------------

    def turn(self, match_id: str, title: str, title_zh: str, accounts: list[str]) -> None:
        """A turn came to ``accounts`` in ``match_id`` (none of them watching it): mail
        those who asked, at most once per interval each, in the background."""
        if self.smtp is None or not accounts:
            return
        task = asyncio.get_running_loop().create_task(
            self._notify(match_id, title, title_zh, accounts)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _notify(self, match_id: str, title: str, title_zh: str, accounts: list[str]) -> None:
        for account in accounts:
            try:
                claimed = await self._claim(account)
                if claimed is None:
                    continue
                email, token = claimed
                message = self._message(email, token, match_id, title, title_zh)
                await asyncio.to_thread(self.send, message)
                log.info("sent a turn notice for match %s to account %s", match_id, account)
            except Exception as exc:  # the mail server: this notice is lost, the game goes on
                log.warning(
                    "could not send a turn notice to account %s: %s", account, type(exc).__name__
                )

    async def _claim(self, account: str) -> tuple[str, str] | None:
        """(address, a new unsubscribe token) when the account wants a notice now and
        had none within the interval; the sending time and token are stored at once."""
        assert self.smtp is not None
        now = self.wall.now()
        token = secrets.token_urlsafe(24)
        since = now - self.smtp.interval

        def job(b: Backend) -> str | None:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT email FROM notice_settings WHERE account_id = ? AND enabled = 1 "
                    "AND email IS NOT NULL AND last_sent <= ?"
                ),
                [account, since],
            )
            rows = cur.fetchall()
            if not rows:
                return None
            cur.execute(
                b.sql("UPDATE notice_settings SET last_sent = ? WHERE account_id = ?"),
                [now, account],
            )
            cur.execute(
                b.sql("DELETE FROM notice_tokens WHERE created_at < ?"),
                [now - TOKEN_DAYS * 86400.0],
            )
            cur.execute(
                b.sql(
                    "INSERT INTO notice_tokens (token_hash, account_id, created_at) "
                    "VALUES (?, ?, ?)"
                ),
                [_hash(token), account, now],
            )
            return str(rows[0][0])

        email = await self.storage.run(job)
        return None if email is None else (email, token)

    def _message(
        self, to: str, token: str, match_id: str, title: str, title_zh: str
    ) -> EmailMessage:
        assert self.smtp is not None
        base = self.smtp.public_url.rstrip("/")
        play = f"{base}/match/{quote(match_id)}"
        leave = f"{base}/notices/unsubscribe?token={quote(token)}"
        message = EmailMessage()
        message["From"] = self.smtp.sender
        message["To"] = to
        message["Subject"] = f"Your turn in {title} / 輪到你了：{title_zh or title}"
        message["List-Unsubscribe"] = f"<{base}/api/notices/unsubscribe?token={quote(token)}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content(
            f"It is your turn in {title}.\n{play}\n\n"
            f"輪到你在「{title_zh or title}」出手了。\n{play}\n\n"
            f"No more of these mails / 不再收到這類郵件：\n{leave}\n"
        )
        return message

    def _send_smtp(self, message: EmailMessage) -> None:
        smtp = self.smtp
        assert smtp is not None
        with smtplib.SMTP(smtp.host, smtp.port, timeout=smtp.timeout) as client:
            if smtp.starttls:
                client.starttls()
            if smtp.user:
                client.login(smtp.user, os.environ.get(PASSWORD_ENV, ""))
            client.send_message(message)

    def retained(self) -> dict[str, tuple[int, int | None]]:
        return {"turn notices being sent": (len(self._tasks), None)}
