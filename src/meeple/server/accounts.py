"""Accounts and sessions: a name, a password hashed with argon2id, sessions kept hashed.

What is stored, and why:

* ``accounts``: the name as typed, its comparison key (:func:`name_key`: NFKC and
  case folded, unique, so "Ann" and "ＡＮＮ" cannot both exist) and the password's
  argon2id hash (argon2-cffi's ``PasswordHasher``, its defaults: memory-hard, 64 MiB,
  the parameters inside the hash so they can be raised later and old hashes still
  verify, and be rehashed at the next login).
* ``sessions``: the SHA-256 of each session token, never the token; a token is 32
  random bytes the server makes (a client can never choose one: no session
  fixation), sent once in an HttpOnly, SameSite=Lax cookie, valid for
  :data:`SESSION_DAYS` days, renewed (a new token, the old one revoked) on every
  login, revoked by logging out and all of them by a password change.
* ``login_failures``: each failed login, by account and by address, so failures
  are throttled across every node of a cluster (one database) and a restart.

A wrong name and a wrong password get the same answer, after the same work (a
hash is verified against a dummy when the name is unknown). Hashing runs in a
thread, at most :data:`HASHING_AT_ONCE` at a time: a burst of logins cannot take
the event loop or the memory.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from meeple.server.protocol import ApiError, dumps
from meeple.server.storage import Backend, Storage
from meeple.server.validation import MAX_NAME, client_text, name_key

#: How long a session lasts without a new login.
SESSION_DAYS = 30
#: Passwords: at least this long, at most that long (argon2 hashes any length, but a
#: client may not make the server hash megabytes).
MIN_PASSWORD, MAX_PASSWORD = 8, 256
#: Failed logins allowed per account and per address in :data:`FAILURE_WINDOW`.
FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS = 10, 30
FAILURE_WINDOW = 15 * 60.0
#: Password hashes computed at once (each takes 64 MiB and tens of milliseconds).
HASHING_AT_ONCE = 2
#: The most matches "My matches" lists (the newest).
MY_MATCHES = 100


@dataclass(frozen=True)
class Account:
    """An account as the server hands it out: never its password hash."""

    id: str
    name: str
    created_at: float

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "created_at": self.created_at}


@dataclass(frozen=True)
class Session:
    """A session just made: the token goes to the client once, in a cookie."""

    token: str
    account: Account
    expires_at: float

    @property
    def csrf(self) -> str:
        return csrf_token(self.token)


def token_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode()).hexdigest()


def csrf_token(token: str) -> str:
    """The CSRF token of a session: derived from its secret token, so only a page that
    can read this site's cookies can send it (double submit), and nothing more is kept."""
    return hmac.new(token.encode(), b"meeple csrf", hashlib.sha256).hexdigest()[:32]


def _forget_in_finished_matches(b: Backend, account_id: str) -> list[str]:
    """A deleted account's finished matches stay, its seats there under a neutral name
    ("Player 2", as an empty seat is called) and no longer its account's; returns the
    matches changed. Matches still being played keep the seat's name until they end."""
    cur = b.cursor()
    cur.execute(
        b.sql(
            "SELECT m.id, m.seats FROM matches m JOIN seat_accounts s ON s.match_id = m.id "
            "WHERE s.account_id = ? AND m.status = 'finished'"
        ),
        [account_id],
    )
    changed = []
    for match_id, raw in cur.fetchall():
        seats = json.loads(raw)
        for i, seat in enumerate(seats):
            if seat.get("account") == account_id:
                seat["name"], seat["account"] = f"Player {i + 1}", None
        cur.execute(
            b.sql("UPDATE matches SET seats = ? WHERE id = ?"), [dumps(seats), str(match_id)]
        )
        changed.append(str(match_id))
    cur.execute(b.sql("DELETE FROM seat_accounts WHERE account_id = ?"), [account_id])
    return changed


def check_password(value: Any, field: str = "password") -> str:
    if not isinstance(value, str):
        raise ApiError("bad_request", f"{field} must be a string")
    if not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise ApiError(
            "bad_request", f"{field} must be {MIN_PASSWORD} to {MAX_PASSWORD} characters long"
        )
    return value


class Throttled(ApiError):
    """Too many failed logins: try again in ``retry_after`` seconds."""

    def __init__(self, retry_after: float) -> None:
        super().__init__("rate_limited", "too many failed logins; try again later")
        self.retry_after = max(1, round(retry_after + 0.5))


class Accounts:
    """Registration, login, sessions and password changes, over the server's storage."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        #: What else forgets a deleted account, in the deletion's transaction (the chat's
        #: messages and mutes): registered by the parts that keep per-account data
        #: (:meth:`on_delete`), so this module needs none of them (no import circle).
        self._forgetters: list[Callable[[Backend, str], None]] = []
        self.hasher = PasswordHasher()
        self._hashing = asyncio.Semaphore(HASHING_AT_ONCE)
        self._dummy: str | None = None

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def _verify(self, stored: str, password: str) -> bool:
        async with self._hashing:
            try:
                return await asyncio.to_thread(self.hasher.verify, stored, password)
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False

    # -- registering and logging in ------------------------------------------------

    async def register(self, name: Any, password: Any) -> Session:
        """A new account and its first session; refuses a name another account has
        (compared by :func:`name_key`)."""
        name = client_text(name, "name", MAX_NAME)
        password = check_password(password)
        key = name_key(name)
        hashed = await self._hash(password)
        account = Account(secrets.token_hex(8), name, self.clock())

        def job(b: Backend) -> bool:
            cur = b.cursor()
            cur.execute(b.sql("SELECT 1 FROM accounts WHERE name_key = ?"), [key])
            if cur.fetchall():
                return False
            cur.execute(
                b.sql(
                    "INSERT INTO accounts (id, name, name_key, password, created_at) "
                    "VALUES (?, ?, ?, ?, ?)"
                ),
                [account.id, name, key, hashed, account.created_at],
            )
            return True

        if not await self.storage.run(job):
            raise ApiError("name_taken", "that name belongs to an account already")
        return await self._open_session(account, revoke=None)

    async def login(self, name: Any, password: Any, address: str, old: str | None) -> Session:
        """A new session for the account ``name`` when ``password`` is its own; the
        session ``old`` (the cookie the browser sent, if any) is revoked. The same
        refusal whether the name or the password was wrong."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise ApiError("bad_request", "name and password must be strings")
        password = password[: MAX_PASSWORD + 1]
        key = name_key(name.strip())
        await self._check_throttle(key, address)

        def find(b: Backend) -> tuple[Any, ...] | None:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT id, name, created_at, password, disabled FROM accounts "
                    "WHERE name_key = ?"
                ),
                [key],
            )
            rows = cur.fetchall()
            return tuple(rows[0]) if rows else None

        row = await self.storage.run(find)
        stored = row[3] if row is not None else await self._dummy_hash()
        good = await self._verify(stored, password) and row is not None and not row[4]
        if not good:
            await self._note_failure(key, address)
            raise ApiError("bad_login", "wrong name or password")
        assert row is not None
        account = Account(str(row[0]), str(row[1]), float(row[2]))
        if self.hasher.check_needs_rehash(stored):
            await self._set_password(account.id, await self._hash(password))
        await self._clear_failures(key)
        return await self._open_session(account, revoke=old)

    async def _dummy_hash(self) -> str:
        if self._dummy is None:
            self._dummy = await self._hash(secrets.token_hex(16))
        return self._dummy

    async def _open_session(self, account: Account, revoke: str | None) -> Session:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        expires = now + SESSION_DAYS * 86400.0

        def job(b: Backend) -> None:
            cur = b.cursor()
            if revoke is not None:
                cur.execute(
                    b.sql("DELETE FROM sessions WHERE token_hash = ?"), [token_hash(revoke)]
                )
            cur.execute(
                b.sql(
                    "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) "
                    "VALUES (?, ?, ?, ?)"
                ),
                [token_hash(token), account.id, now, expires],
            )

        await self.storage.run(job)
        return Session(token, account, expires)

    # -- sessions -------------------------------------------------------------------------

    async def account_of(self, token: str | None) -> Account | None:
        """The account a session token belongs to, or None (no token, unknown, expired,
        revoked, or the account disabled)."""
        if not token or len(token) > 128:
            return None
        now = self.clock()

        def job(b: Backend) -> tuple[Any, ...] | None:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT a.id, a.name, a.created_at FROM sessions s "
                    "JOIN accounts a ON a.id = s.account_id "
                    "WHERE s.token_hash = ? AND s.expires_at > ? AND a.disabled = 0"
                ),
                [token_hash(token), now],
            )
            rows = cur.fetchall()
            return tuple(rows[0]) if rows else None

        row = await self.storage.run(job)
        return None if row is None else Account(str(row[0]), str(row[1]), float(row[2]))

    async def logout(self, token: str | None) -> None:
        if not token:
            return

        def job(b: Backend) -> None:
            b.cursor().execute(
                b.sql("DELETE FROM sessions WHERE token_hash = ?"), [token_hash(token)]
            )

        await self.storage.run(job)

    async def change_password(self, token: str | None, old: Any, new: Any) -> Session:
        """A new password for the session's account, after its current one; every
        session of the account is revoked and a new one opened."""
        account = await self.account_of(token)
        if account is None:
            raise ApiError("not_logged_in", "log in first")
        new = check_password(new, "new password")
        if not await self._password_matches(account.id, old):
            raise ApiError("bad_login", "wrong password")
        await self._set_password(account.id, await self._hash(new))
        await self._revoke_all(account.id)
        return await self._open_session(account, revoke=None)

    def on_delete(self, forget: Callable[[Backend, str], None]) -> None:
        """Run ``forget(backend, account_id)`` in every account deletion's transaction."""
        self._forgetters.append(forget)

    async def delete(self, token: str | None, password: Any) -> Account:
        """Delete the session's account (after its password) and all its sessions."""
        account = await self.account_of(token)
        if account is None:
            raise ApiError("not_logged_in", "log in first")
        if not await self._password_matches(account.id, password):
            raise ApiError("bad_login", "wrong password")

        def job(b: Backend) -> list[str]:
            cur = b.cursor()
            cur.execute(b.sql("DELETE FROM sessions WHERE account_id = ?"), [account.id])
            cur.execute(b.sql("DELETE FROM accounts WHERE id = ?"), [account.id])
            for table in ("notice_settings", "notice_tokens", "vacations"):  # its address too
                cur.execute(b.sql(f"DELETE FROM {table} WHERE account_id = ?"), [account.id])
            for forget in self._forgetters:  # e.g. its chat messages stay, under a neutral name
                forget(b, account.id)
            return _forget_in_finished_matches(b, account.id)

        await self.storage.run(job)
        return account

    async def _password_matches(self, account_id: str, password: Any) -> bool:
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            return False

        def job(b: Backend) -> str | None:
            cur = b.cursor()
            cur.execute(b.sql("SELECT password FROM accounts WHERE id = ?"), [account_id])
            rows = cur.fetchall()
            return str(rows[0][0]) if rows else None

        stored = await self.storage.run(job)
        return stored is not None and await self._verify(stored, password)

    async def _set_password(self, account_id: str, hashed: str) -> None:
        def job(b: Backend) -> None:
            b.cursor().execute(
                b.sql("UPDATE accounts SET password = ? WHERE id = ?"), [hashed, account_id]
            )

        await self.storage.run(job)

    async def _revoke_all(self, account_id: str) -> None:
        def job(b: Backend) -> None:
            b.cursor().execute(b.sql("DELETE FROM sessions WHERE account_id = ?"), [account_id])

        await self.storage.run(job)

    async def by_id(self, account_id: str) -> Account | None:
        """The account of that id, if any and not disabled."""

        def job(b: Backend) -> tuple[Any, ...] | None:
            cur = b.cursor()
            cur.execute(
                b.sql("SELECT id, name, created_at FROM accounts WHERE id = ? AND disabled = 0"),
                [account_id],
            )
            rows = cur.fetchall()
            return tuple(rows[0]) if rows else None

        row = await self.storage.run(job)
        return None if row is None else Account(str(row[0]), str(row[1]), float(row[2]))

    async def find(self, name: str, disabled_too: bool = False) -> Account | None:
        """The account of that name (compared as names are: :func:`name_key`), if any
        and not disabled (with ``disabled_too``, even then): what a profile page shows."""
        key = name_key(name.strip())
        enabled = "" if disabled_too else " AND disabled = 0"

        def job(b: Backend) -> tuple[Any, ...] | None:
            cur = b.cursor()
            cur.execute(
                b.sql("SELECT id, name, created_at FROM accounts WHERE name_key = ?" + enabled),
                [key],
            )
            rows = cur.fetchall()
            return tuple(rows[0]) if rows else None

        row = await self.storage.run(job)
        return None if row is None else Account(str(row[0]), str(row[1]), float(row[2]))

    # -- for whoever runs the server (meeple admin) ------------------------------------

    async def all_accounts(self) -> list[dict[str, Any]]:
        """Every account: id, name, when made, disabled or not, live sessions."""
        now = self.clock()

        def job(b: Backend) -> list[tuple[Any, ...]]:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT a.id, a.name, a.created_at, a.disabled, "
                    "(SELECT COUNT(*) FROM sessions s WHERE s.account_id = a.id AND s.expires_at > ?) "
                    "FROM accounts a ORDER BY a.created_at"
                ),
                [now],
            )
            return [tuple(r) for r in cur.fetchall()]

        return [
            {"id": i, "name": n, "created_at": c, "disabled": bool(d), "sessions": int(k)}
            for i, n, c, d, k in await self.storage.run(job)
        ]

    async def set_disabled(self, name: str, disabled: bool) -> Account | None:
        """Disable (or enable again) the account of that name; disabling revokes its
        sessions and keeps it from logging in. None when no account has that name."""
        key = name_key(name.strip())

        def job(b: Backend) -> tuple[Any, ...] | None:
            cur = b.cursor()
            cur.execute(
                b.sql("SELECT id, name, created_at FROM accounts WHERE name_key = ?"), [key]
            )
            rows = cur.fetchall()
            if not rows:
                return None
            cur.execute(
                b.sql("UPDATE accounts SET disabled = ? WHERE id = ?"), [int(disabled), rows[0][0]]
            )
            if disabled:
                cur.execute(b.sql("DELETE FROM sessions WHERE account_id = ?"), [rows[0][0]])
            return tuple(rows[0])

        row = await self.storage.run(job)
        return None if row is None else Account(str(row[0]), str(row[1]), float(row[2]))

    # -- seats held by accounts ----------------------------------------------------------

    async def link_seat(self, match_id: str, seat: int, account_id: str) -> None:
        """Note that ``account_id`` holds ``seat`` of ``match_id`` (for "My matches")."""

        def job(b: Backend) -> None:
            cur = b.cursor()
            cur.execute(
                b.sql("DELETE FROM seat_accounts WHERE match_id = ? AND seat = ?"), [match_id, seat]
            )
            cur.execute(
                b.sql("INSERT INTO seat_accounts (match_id, seat, account_id) VALUES (?, ?, ?)"),
                [match_id, seat, account_id],
            )

        await self.storage.run(job)

    async def seats_of(self, account_id: str, limit: int = MY_MATCHES) -> list[tuple[str, int]]:
        """The (match, seat) pairs the account holds, newest matches first."""

        def job(b: Backend) -> list[tuple[str, int]]:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT s.match_id, s.seat FROM seat_accounts s "
                    "JOIN matches m ON m.id = s.match_id WHERE s.account_id = ? "
                    "ORDER BY m.created_at DESC LIMIT ?"
                ),
                [account_id, limit],
            )
            return [(str(m), int(seat)) for m, seat in cur.fetchall()]

        return list(await self.storage.run(job))

    # -- throttling -------------------------------------------------------------------

    async def _check_throttle(self, key: str, address: str) -> None:
        now = self.clock()
        since = now - FAILURE_WINDOW
        keys = [
            ("account:" + key, FAILURES_PER_ACCOUNT),
            ("address:" + address, FAILURES_PER_ADDRESS),
        ]

        def job(b: Backend) -> list[tuple[int, float]]:
            cur = b.cursor()
            cur.execute(b.sql("DELETE FROM login_failures WHERE at <= ?"), [since])
            out = []
            for k, _ in keys:
                cur.execute(
                    b.sql("SELECT COUNT(*), MIN(at) FROM login_failures WHERE key = ? AND at > ?"),
                    [k, since],
                )
                n, first = cur.fetchall()[0]
                out.append((int(n), float(first or now)))
            return out

        counts = await self.storage.run(job)
        for (n, first), (_, limit) in zip(counts, keys, strict=True):
            if n >= limit:
                raise Throttled(first + FAILURE_WINDOW - now)

    async def _note_failure(self, key: str, address: str) -> None:
        now = self.clock()

        def job(b: Backend) -> None:
            cur = b.cursor()
            for k in ("account:" + key, "address:" + address):
                cur.execute(b.sql("INSERT INTO login_failures (key, at) VALUES (?, ?)"), [k, now])

        await self.storage.run(job)

    async def _clear_failures(self, key: str) -> None:
        def job(b: Backend) -> None:
            b.cursor().execute(
                b.sql("DELETE FROM login_failures WHERE key = ?"), ["account:" + key]
            )

        await self.storage.run(job)
