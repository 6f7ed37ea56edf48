"""``meeple admin``: what whoever runs a server may do to its accounts, on its database.

``meeple admin accounts`` lists them; ``meeple admin disable NAME`` stops one
logging in (its sessions are revoked at once), ``meeple admin enable NAME`` lets it
back. ``meeple admin reports`` lists the chat messages players reported (the open
ones; ``--all`` the closed ones too), ``meeple admin mute NAME`` stops an account
writing to any match's chat (``unmute`` lets it again), and ``meeple admin close ID``
marks a report dealt with. It works on the database the server uses (``--database``, the same default),
with or without the server running: SQLite and PostgreSQL take the change in one
transaction.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
from typing import Any


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "admin",
        help="manage a server's accounts",
        description="List a server's accounts, disable one, or enable it again.",
    )
    p.add_argument(
        "--database",
        default="meeple.sqlite3",
        help="the server's database: a SQLite file or a postgresql:// URL (default meeple.sqlite3)",
    )
    what = p.add_subparsers(dest="admin_command", metavar="ACTION")
    listing = what.add_parser("accounts", help="list every account")
    listing.add_argument("--json", action="store_true", help="print JSON instead of a table")
    for action, words in (
        ("disable", "stop an account logging in"),
        ("enable", "let it in again"),
        ("mute", "stop an account writing to any chat"),
        ("unmute", "let it write to the chat again"),
    ):
        q = what.add_parser(action, help=words)
        q.add_argument("name", help="the account's name (any case)")
    reports = what.add_parser("reports", help="list reported chat messages")
    reports.add_argument("--all", action="store_true", help="closed reports too")
    reports.add_argument("--json", action="store_true", help="print JSON instead of a table")
    close = what.add_parser("close", help="mark a report dealt with")
    close.add_argument("id", type=int, help="the report's number (from meeple admin reports)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from meeple.server.accounts import Accounts
        from meeple.server.chat import Chat
        from meeple.server.storage import Storage
    except ModuleNotFoundError as exc:  # pragma: no cover - the server extra missing
        raise SystemExit(
            f"meeple admin needs the server extra: pip install 'meeple[server]' ({exc})"
        ) from None
    if args.admin_command is None:
        print(
            "say what: meeple admin accounts | disable NAME | enable NAME | reports "
            "| mute NAME | unmute NAME | close ID"
        )
        return 2

    async def work() -> int:
        storage = Storage(args.database)
        storage.open()
        try:
            accounts = Accounts(storage)
            if args.admin_command == "accounts":
                rows = await accounts.all_accounts()
                if args.json:
                    print(json.dumps(rows, ensure_ascii=False))
                else:
                    _table(rows)
                return 0
            chat = Chat(storage, accounts)
            if args.admin_command == "reports":
                found = await chat.reports(include_closed=args.all)
                if args.json:
                    print(json.dumps(found, ensure_ascii=False))
                else:
                    _reports(found)
                return 0
            if args.admin_command == "close":
                if not await chat.close_report(args.id):
                    print(f"no report #{args.id}")
                    return 1
                print(f"report #{args.id} closed")
                return 0
            if args.admin_command in ("mute", "unmute"):
                who = await accounts.find(args.name, disabled_too=True)
                if who is None:
                    print(f"no account named {args.name!r}")
                    return 1
                muted = args.admin_command == "mute"
                await chat.set_banned(who.id, muted)
                print(f"{who.name}: {'may not write to any chat' if muted else 'may chat again'}")
                return 0
            disabled = args.admin_command == "disable"
            account = await accounts.set_disabled(args.name, disabled)
            if account is None:
                print(f"no account named {args.name!r}")
                return 1
            print(f"{account.name}: {'disabled, its sessions revoked' if disabled else 'enabled'}")
            return 0
        finally:
            storage.close()

    return asyncio.run(work())


def _table(rows: list[dict[str, Any]]) -> None:
    if not rows:
        print("no accounts")
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        made = datetime.datetime.fromtimestamp(r["created_at"], tz=datetime.UTC).strftime(
            "%Y-%m-%d"
        )
        state = "disabled" if r["disabled"] else f"{r['sessions']} session(s)"
        print(f"{r['name']:<{width}}  made {made}  {state}")


def _reports(rows: list[dict[str, Any]]) -> None:
    """Reports for a terminal: one block each, the message's text quoted as it was
    written (the terminal shows it as text; control characters never get stored)."""
    if not rows:
        print("no open reports")
        return
    for r in rows:
        when = datetime.datetime.fromtimestamp(r["at"], tz=datetime.UTC).strftime("%Y-%m-%d %H:%M")
        who = f"account {r['account']}" if r["account"] else "a guest"
        marks = [m for m, on in (("muted", r["account_muted"]),
                                 ("disabled", r["account_disabled"])) if on]  # fmt: skip
        state = f" [{', '.join(marks)}]" if marks else ""
        print(f"#{r['id']}  {when}  {r['status']}  match {r['match']} message {r['idx']}")
        print(f"    written by {r['name']} ({who}){state}: {r['text']!r}")
        print(f"    reported by {r['reporter']}: {r['reason'] or '(no reason given)'}")
