"""Chat in every match: messages kept with the match, mutes, reports, operator bans.

Who may write to a match's chat:

* the player of a **human seat** (a guest by its seat token, an account by its
  token or its session cookie), under the seat's name;
* a **logged-in spectator**, under its account's name, unless the match was created
  with ``"chat": "seats"`` (a seat-only channel: spectators read it);
* nobody else: a spectator who is not logged in reads the chat but does not
  write to it (nothing would say who they are, and a limit per person could not
  hold), and a **bot seat** never writes (a seat handed to a bot has no say).

Every message is stored before anyone hears of it, in ``chat_messages`` beside the
match's event log (the same database, so it survives restarts and is read by
whichever node serves the match after a failover), with the number of moves made
when it was written, so the replay shows it at that point.

Limits (figures in :class:`ChatLimits`, each counted in the database, so they hold
across restarts and nodes): a message is 1 to 500 characters of display text (no
control, direction or invisible characters; one line); a writer (an account
across all its matches, a guest seat within its match) writes at most 5 messages
in any 10 seconds and 60 in any hour; a match takes at most 30 messages in any
minute from everyone together and 2,000 in all.

A player mutes another (kept per account, ``chat_mutes``): the muted writer's
messages are left out of what the server sends that account, live and in the
history. A report (``chat_reports``) is kept for whoever runs the server, whom
``meeple admin reports`` lists; ``meeple admin mute NAME`` stops an account
writing to any chat (``chat_bans``), ``meeple admin disable NAME`` stops it
logging in at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.server.protocol import ApiError, ClientMessage, dumps, error_message
from meeple.server.storage import Backend, Storage, StorageError
from meeple.server.validation import display_problem

if TYPE_CHECKING:
    from meeple.server.accounts import Account, Accounts
    from meeple.server.match import Connection, LiveMatch

#: The chat channels a match may be created with: everyone, or its seats only.
CHANNELS = ("all", "seats")


@dataclass(frozen=True)
class ChatLimits:
    """How much chat the server takes (docs/protocol.md, "Chat")."""

    #: characters in one message (after trimming spaces)
    max_text: int = 500
    #: messages one writer may send in any ``burst_window`` seconds, and in an hour
    burst: int = 5
    burst_window: float = 10.0
    hourly: int = 60
    #: messages a match takes from everyone together in any minute, and in all
    match_per_minute: int = 30
    match_total: int = 2000
    #: messages one history page holds at most (and by default)
    page_max: int = 100
    page_default: int = 50
    #: a report's reason (characters), and reports one reporter files in an hour
    max_reason: int = 300
    reports_hourly: int = 20
    #: writers one account may mute
    max_mutes: int = 500


LIMITS = ChatLimits()


def guest_key(match_id: str, seat: int) -> str:
    """Who wrote a guest seat's messages (no account): the seat of that match."""
    return f"guest:{match_id}:{seat}"


def _row_json(row: tuple[Any, ...], viewer: str | None) -> dict[str, Any]:
    idx, at, move, seat, author, name, text = row
    out: dict[str, Any] = {
        "idx": int(idx),
        "at": float(at),
        "move": int(move),
        "seat": None if seat is None else int(seat),
        "name": str(name),
        "text": str(text),
    }
    if viewer is not None and author == viewer:
        out["mine"] = True
    return out


COLUMNS = "idx, at, move, seat, author, name, text"


@dataclass(frozen=True)
class Writer:
    """Who writes a message: the author key (an account id, or :func:`guest_key`),
    the account if any, the seat (None for a spectator) and the name shown."""

    author: str
    account: str | None
    seat: int | None
    name: str


def writer_of(live: LiveMatch, seat: int | None, account: Account | None) -> Writer:
    """Who a connection (its seat, its session's account) writes as in ``live``'s chat,
    or the refusal saying why it may not write."""
    if seat is not None and 0 <= seat < len(live.seats):
        held = live.seats[seat]
        if held.kind == "human" and held.token is not None:
            author = held.account or guest_key(live.id, seat)
            return Writer(author, held.account, seat, held.name)
    if account is None:
        raise ApiError("chat_refused", "log in or take a seat to write to the chat")
    if live.info.chat == "seats":
        raise ApiError("chat_refused", "this match's chat is for its seats only")
    return Writer(account.id, account.id, None, account.name)


def check_text(value: Any, limits: ChatLimits = LIMITS) -> str:
    """A message's text, trimmed, or ``bad_message`` saying what is wrong with it."""
    if not isinstance(value, str):
        raise ApiError("bad_message", "a chat message needs its text (a string)")
    text = value.strip()
    if not text:
        raise ApiError("bad_message", "a chat message must not be blank")
    if len(text) > limits.max_text:
        raise ApiError("bad_message", f"a chat message is at most {limits.max_text} characters")
    problem = display_problem(text)
    if problem is not None:
        raise ApiError("bad_message", f"the message is refused: {problem}")
    return text


class ChatLimited(ApiError):
    """A limit reached: ``retry_after`` seconds until the oldest counted message ages out
    (None: the match is full for good)."""

    def __init__(self, message: str, retry_after: float | None) -> None:
        super().__init__("rate_limited", message)
        self.retry_after = None if retry_after is None else max(1, round(retry_after + 0.5))


class Chat:
    """The chat of every match this server serves, over its storage."""

    def __init__(
        self,
        storage: Storage,
        accounts: Accounts,
        limits: ChatLimits = LIMITS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.accounts = accounts
        accounts.on_delete(forget_account)
        self.limits = limits
        self.clock = clock

    # -- writing ------------------------------------------------------------------------

    def _insert_job(
        self, match_id: str, writer: Writer, text: str, move: int, now: float
    ) -> Callable[[Backend], dict[str, Any] | ApiError]:
        limits = self.limits
        fence = self.storage.fence(match_id)
        hour_ago, burst_since = now - 3600.0, now - limits.burst_window
        minute_ago = now - 60.0

        def job(b: Backend) -> dict[str, Any] | ApiError:
            # a refusal is returned, not raised: a job that raises fails its whole batch
            if fence is not None:  # a cluster node writes only the matches it holds
                fence(b)
            cur = b.cursor()
            if writer.account is not None:
                cur.execute(
                    b.sql(
                        "SELECT a.disabled, (SELECT COUNT(*) FROM chat_bans c "
                        "WHERE c.account_id = a.id) FROM accounts a WHERE a.id = ?"
                    ),
                    [writer.account],
                )
                found = cur.fetchall()
                if not found or found[0][0]:
                    return ApiError("chat_refused", "this account may not write")
                if found[0][1]:
                    return ApiError("chat_refused", "an operator has muted this account's chat")
                cur.execute(
                    b.sql(
                        "SELECT at FROM chat_messages WHERE account_id = ? AND at > ? "
                        "ORDER BY at DESC LIMIT ?"
                    ),
                    [writer.account, hour_ago, limits.hourly],
                )
            else:
                cur.execute(
                    b.sql(
                        "SELECT at FROM chat_messages WHERE match_id = ? AND author = ? "
                        "AND at > ? ORDER BY at DESC LIMIT ?"
                    ),
                    [match_id, writer.author, hour_ago, limits.hourly],
                )
            mine = [float(r[0]) for r in cur.fetchall()]  # newest first
            recent = [at for at in mine if at > burst_since]
            if len(recent) >= limits.burst:
                return ChatLimited(
                    f"at most {limits.burst} messages in {limits.burst_window:g} s",
                    recent[limits.burst - 1] + limits.burst_window - now,
                )
            if len(mine) >= limits.hourly:
                return ChatLimited(
                    f"at most {limits.hourly} messages an hour", mine[-1] + 3600.0 - now
                )
            cur.execute(
                b.sql(
                    "SELECT COUNT(*), MAX(idx), "
                    "SUM(CASE WHEN at > ? THEN 1 ELSE 0 END), "
                    "MIN(CASE WHEN at > ? THEN at END) FROM chat_messages WHERE match_id = ?"
                ),
                [minute_ago, minute_ago, match_id],
            )
            total, last, in_minute, oldest = cur.fetchall()[0]
            if int(total) >= limits.match_total:
                return ChatLimited(
                    f"this match's chat is full ({limits.match_total} messages)", None
                )
            if int(in_minute or 0) >= limits.match_per_minute:
                return ChatLimited(
                    f"this match takes at most {limits.match_per_minute} messages a minute",
                    float(oldest) + 60.0 - now,
                )
            idx = -1 if last is None else int(last)
            idx += 1
            cur.execute(
                b.sql(
                    "INSERT INTO chat_messages (match_id, idx, at, move, seat, account_id, "
                    "author, name, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                ),
                [match_id, idx, now, move, writer.seat, writer.account, writer.author,
                 writer.name, text],
            )  # fmt: skip
            return {
                "idx": idx, "at": now, "move": move, "seat": writer.seat,
                "name": writer.name, "text": text,
            }  # fmt: skip

        return job

    async def post(
        self, live: LiveMatch, seat: int | None, account: Account | None, text: Any
    ) -> tuple[Writer, dict[str, Any]]:
        """Store one message written to ``live``'s chat; (its writer, the message)."""
        body = check_text(text, self.limits)
        writer = writer_of(live, seat, account)
        move = len(live.match.history)
        message = await self.storage.run(
            self._insert_job(live.id, writer, body, move, self.clock())
        )
        if isinstance(message, ApiError):
            raise message
        return writer, message

    async def handle(self, live: LiveMatch, conn: Connection, message: ClientMessage) -> None:
        """A ``chat`` socket message: stored, then sent to every connection of the match
        except those whose account muted its writer (the writer's own copy carries
        ``ref``). A refusal goes back to that connection alone, and changes nothing."""
        ref = message.ref
        try:
            account = None
            if conn.account is not None:
                account = await self.accounts.by_id(conn.account)
            writer, stored = await self.post(live, conn.seat, account, message.data.get("text"))
        except ChatLimited as exc:
            body: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message}
            if ref is not None:
                body["ref"] = ref
            if exc.retry_after is not None:
                body["retry_after"] = exc.retry_after
            conn.send(dumps(body))
            return
        except ApiError as exc:
            conn.send(error_message(exc, ref))
            return
        except StorageError:
            refused = ApiError("server_error", "the message could not be stored; nothing changed")
            conn.send(error_message(refused, ref))
            return
        await self.deliver(live, writer, stored, conn, ref)

    async def deliver(
        self,
        live: LiveMatch,
        writer: Writer,
        stored: dict[str, Any],
        by: Connection | None = None,
        ref: Any = None,
    ) -> None:
        """Send a stored message to the match's connections (not to its writer's muters)."""
        listeners = {c.account for c in live.connections if c.account is not None}
        muters = await self._muters(writer.author, listeners) if listeners else set()
        plain = dumps({"type": "chat", "message": stored})
        mine = dumps({"type": "chat", "message": {**stored, "mine": True}})
        for conn in list(live.connections):
            if conn.account is not None and conn.account in muters:
                continue
            own = conn is by or (writer.account is not None and conn.account == writer.account)
            if conn is by and ref is not None:
                conn.send(dumps({"type": "chat", "message": {**stored, "mine": True}, "ref": ref}))
            else:
                conn.send(mine if own else plain)

    async def _muters(self, author: str, accounts: Iterable[str]) -> set[str]:
        among = sorted(accounts)

        def job(b: Backend) -> set[str]:
            cur = b.cursor()
            marks = ", ".join("?" for _ in among)
            cur.execute(
                b.sql(
                    f"SELECT account_id FROM chat_mutes WHERE target = ? AND account_id IN ({marks})"
                ),
                [author, *among],
            )
            return {str(r[0]) for r in cur.fetchall()}

        result: set[str] = await self.storage.run(job)
        return result

    # -- reading ----------------------------------------------------------------------

    async def history(
        self,
        match_id: str,
        viewer: Account | None,
        before: int | None = None,
        after: int | None = None,
        limit: int | None = None,
    ) -> dict[str, Any]:
        """One page of a match's chat, oldest first: the newest ``limit`` messages before
        ``before`` (default: the newest of all), or the oldest after ``after``. ``more``
        says whether messages lie beyond the page in the direction read. Messages of
        writers the viewer muted are left out."""
        limits = self.limits
        size = limits.page_default if limit is None else max(1, min(limit, limits.page_max))
        me = viewer.id if viewer is not None else None

        def job(b: Backend) -> dict[str, Any] | None:
            cur = b.cursor()
            cur.execute(b.sql("SELECT 1 FROM matches WHERE id = ?"), [match_id])
            if not cur.fetchall():
                return None
            where: list[str] = ["match_id = ?"]
            params: list[Any] = [match_id]
            if before is not None:
                where.append("idx < ?")
                params.append(before)
            if after is not None:
                where.append("idx > ?")
                params.append(after)
            if me is not None:
                where.append(
                    "NOT EXISTS (SELECT 1 FROM chat_mutes m WHERE m.account_id = ? "
                    "AND m.target = chat_messages.author)"
                )
                params.append(me)
            order = "ASC" if after is not None else "DESC"
            cur.execute(
                b.sql(
                    f"SELECT {COLUMNS} FROM chat_messages WHERE {' AND '.join(where)} "
                    f"ORDER BY idx {order} LIMIT ?"
                ),
                [*params, size + 1],
            )
            rows = [tuple(r) for r in cur.fetchall()]
            more = len(rows) > size
            rows = rows[:size]
            if order == "DESC":
                rows.reverse()
            return {"messages": [_row_json(r, me) for r in rows], "more": more}

        page = await self.storage.run(job)
        if page is None:
            raise ApiError("not_found", f"no match {match_id!r}")
        return dict(page)

    async def all_messages(self, match_id: str) -> list[dict[str, Any]]:
        """Every message of a match, oldest first (bounded by ``match_total``)."""

        def job(b: Backend) -> list[dict[str, Any]]:
            cur = b.cursor()
            cur.execute(
                b.sql(f"SELECT {COLUMNS} FROM chat_messages WHERE match_id = ? ORDER BY idx"),
                [match_id],
            )
            return [_row_json(tuple(r), None) for r in cur.fetchall()]

        result: list[dict[str, Any]] = await self.storage.run(job)
        return result

    # -- mutes ---------------------------------------------------------------------

    async def _author_of(self, match_id: str, idx: int) -> tuple[str, str, str | None] | None:
        def job(b: Backend) -> tuple[str, str, str | None] | None:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT author, name, account_id FROM chat_messages "
                    "WHERE match_id = ? AND idx = ?"
                ),
                [match_id, idx],
            )
            rows = cur.fetchall()
            return None if not rows else (str(rows[0][0]), str(rows[0][1]), rows[0][2])

        result: tuple[str, str, str | None] | None = await self.storage.run(job)
        return result

    async def mute(self, account: Account, match_id: str, idx: int) -> dict[str, Any]:
        """``account`` mutes the writer of message ``idx`` of ``match_id``."""
        found = await self._author_of(match_id, idx)
        if found is None:
            raise ApiError("not_found", "no such chat message")
        author, name, _ = found
        if author == account.id:
            raise ApiError("bad_request", "you cannot mute yourself")
        now, most = self.clock(), self.limits.max_mutes

        def job(b: Backend) -> bool:
            cur = b.cursor()
            cur.execute(b.sql("SELECT COUNT(*) FROM chat_mutes WHERE account_id = ?"), [account.id])
            if int(cur.fetchall()[0][0]) >= most:
                return False
            cur.execute(
                b.sql("DELETE FROM chat_mutes WHERE account_id = ? AND target = ?"),
                [account.id, author],
            )
            cur.execute(
                b.sql("INSERT INTO chat_mutes (account_id, target, name, at) VALUES (?, ?, ?, ?)"),
                [account.id, author, name, now],
            )
            return True

        if not await self.storage.run(job):
            raise ApiError("rate_limited", f"an account mutes at most {most} writers")
        return {"target": author, "name": name, "at": now}

    async def unmute(self, account: Account, target: Any) -> bool:
        if not isinstance(target, str) or len(target) > 200:
            raise ApiError("bad_request", "target must be a muted writer's target")

        def job(b: Backend) -> bool:
            cur = b.cursor()
            cur.execute(
                b.sql("SELECT 1 FROM chat_mutes WHERE account_id = ? AND target = ?"),
                [account.id, target],
            )
            if not cur.fetchall():
                return False
            cur.execute(
                b.sql("DELETE FROM chat_mutes WHERE account_id = ? AND target = ?"),
                [account.id, target],
            )
            return True

        return bool(await self.storage.run(job))

    async def mutes(self, account: Account) -> list[dict[str, Any]]:
        """Whom ``account`` muted, newest first: the target to unmute and its name (an
        account's name as it is now, a guest's as it was)."""

        def job(b: Backend) -> list[dict[str, Any]]:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT m.target, COALESCE(a.name, m.name), m.at FROM chat_mutes m "
                    "LEFT JOIN accounts a ON a.id = m.target WHERE m.account_id = ? "
                    "ORDER BY m.at DESC"
                ),
                [account.id],
            )
            return [{"target": t, "name": n, "at": float(at)} for t, n, at in cur.fetchall()]

        result: list[dict[str, Any]] = await self.storage.run(job)
        return result

    # -- reports ----------------------------------------------------------------------

    async def report(
        self, match_id: str, idx: int, reason: Any, account: Account | None, seat: int | None
    ) -> int:
        """A report of message ``idx`` by an account or a seat of the match (a guest);
        one per reporter and message, :attr:`ChatLimits.reports_hourly` an hour."""
        if reason is None:
            reason = ""
        if not isinstance(reason, str) or len(reason.strip()) > self.limits.max_reason:
            raise ApiError(
                "bad_request", f"reason is a text of at most {self.limits.max_reason} characters"
            )
        reason = reason.strip()
        if reason and display_problem(reason) is not None:
            raise ApiError("bad_request", f"reason is refused: {display_problem(reason)}")
        if account is not None:
            reporter = account.id
        elif seat is not None:
            reporter = guest_key(match_id, seat)
        else:
            raise ApiError("not_logged_in", "log in or take a seat to report a message")
        now, hourly = self.clock(), self.limits.reports_hourly

        def job(b: Backend) -> int | ApiError:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT author, name, text, account_id FROM chat_messages "
                    "WHERE match_id = ? AND idx = ?"
                ),
                [match_id, idx],
            )
            rows = cur.fetchall()
            if not rows:
                return ApiError("not_found", "no such chat message")
            author, name, text, author_account = rows[0]
            if author == reporter:
                return ApiError("bad_request", "you cannot report your own message")
            cur.execute(
                b.sql(
                    "SELECT id FROM chat_reports WHERE match_id = ? AND idx = ? AND reporter = ?"
                ),
                [match_id, idx, reporter],
            )
            again = cur.fetchall()
            if again:
                return int(again[0][0])
            cur.execute(
                b.sql("SELECT COUNT(*) FROM chat_reports WHERE reporter = ? AND at > ?"),
                [reporter, now - 3600.0],
            )
            if int(cur.fetchall()[0][0]) >= hourly:
                return ChatLimited(f"at most {hourly} reports an hour", 3600.0)
            cur.execute(b.sql("SELECT COALESCE(MAX(id), 0) FROM chat_reports"))
            new_id = int(cur.fetchall()[0][0]) + 1
            cur.execute(
                b.sql(
                    "INSERT INTO chat_reports (id, match_id, idx, reporter, reason, at, "
                    "author_account, author_name, text, status) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open')"
                ),
                [new_id, match_id, idx, reporter, reason, now, author_account, name, text],
            )
            return new_id

        result: int | ApiError = await self.storage.run(job)
        if isinstance(result, ApiError):
            raise result
        return result

    # -- for whoever runs the server (meeple admin) -----------------------------------

    async def reports(self, include_closed: bool = False) -> list[dict[str, Any]]:
        """Reports, newest first (open ones only unless ``include_closed``)."""
        where = "" if include_closed else "WHERE r.status = 'open'"

        def job(b: Backend) -> list[dict[str, Any]]:
            cur = b.cursor()
            cur.execute(
                b.sql(
                    "SELECT r.id, r.match_id, r.idx, r.at, r.reason, r.status, r.author_name, "
                    "r.text, wa.name, rp.name, r.reporter, "
                    "(SELECT COUNT(*) FROM chat_bans c WHERE c.account_id = r.author_account), "
                    "wa.disabled FROM chat_reports r "
                    "LEFT JOIN accounts wa ON wa.id = r.author_account "
                    f"LEFT JOIN accounts rp ON rp.id = r.reporter {where} ORDER BY r.id DESC"
                )
            )
            out = []
            for row in cur.fetchall():
                (rid, match_id, idx, at, reason, status, shown, text, account, by, reporter,
                 banned, disabled) = row  # fmt: skip
                out.append(
                    {
                        "id": int(rid), "match": match_id, "idx": int(idx), "at": float(at),
                        "reason": reason, "status": status, "name": shown, "text": text,
                        "account": account,
                        "reporter": by if by is not None else reporter,
                        "account_muted": bool(banned), "account_disabled": bool(disabled),
                    }
                )  # fmt: skip
            return out

        result: list[dict[str, Any]] = await self.storage.run(job)
        return result

    async def close_report(self, report_id: int) -> bool:
        def job(b: Backend) -> bool:
            cur = b.cursor()
            cur.execute(b.sql("SELECT 1 FROM chat_reports WHERE id = ?"), [report_id])
            if not cur.fetchall():
                return False
            cur.execute(
                b.sql("UPDATE chat_reports SET status = 'closed' WHERE id = ?"), [report_id]
            )
            return True

        return bool(await self.storage.run(job))

    async def set_banned(self, account_id: str, banned: bool) -> None:
        """Stop an account writing to any chat (an operator's mute), or let it again."""
        now = self.clock()

        def job(b: Backend) -> None:
            cur = b.cursor()
            cur.execute(b.sql("DELETE FROM chat_bans WHERE account_id = ?"), [account_id])
            if banned:
                cur.execute(
                    b.sql("INSERT INTO chat_bans (account_id, at) VALUES (?, ?)"),
                    [account_id, now],
                )

        await self.storage.run(job)


def forget_account(b: Backend, account_id: str) -> None:
    """A deleted account's chat: its messages stay, under a neutral name ("Player 2" for
    a seat's, "Spectator" for a spectator's), no longer its account's; its mutes and an
    operator's mute of it go. Runs in the deletion's transaction."""
    cur = b.cursor()
    cur.execute(
        b.sql(
            "UPDATE chat_messages SET account_id = NULL, name = CASE WHEN seat IS NULL "
            "THEN 'Spectator' ELSE 'Player ' || CAST(seat + 1 AS TEXT) END "
            "WHERE account_id = ?"
        ),
        [account_id],
    )
    cur.execute(b.sql("DELETE FROM chat_mutes WHERE account_id = ?"), [account_id])
    cur.execute(b.sql("DELETE FROM chat_bans WHERE account_id = ?"), [account_id])
