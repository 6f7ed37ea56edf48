"""Seat tokens, passwords and session cookies never reach a log, whoever logs and at
whatever level.

A seat token travels in a socket's query string (``/ws/match/ID?token=...``)
and in REST bodies (``{"token": ...}``). uvicorn logs the socket's path with
its query at INFO ("WebSocket /ws/match/...?token=... [accepted]"), and any
library may log a request at DEBUG. Rather than trust every logger, the
server installs a log-record factory that rewrites any message holding a
token before a handler formats it. The factory is process-wide, and
installing it twice is harmless.
"""

from __future__ import annotations

import logging
import re
from typing import Any

#: ``token=VALUE`` in a query string, ``"token": "VALUE"`` in JSON text, a password
#: field in JSON, and the session and CSRF cookies (``meeple_session=VALUE``).
TOKEN_PATTERN = re.compile(
    r"""(token=)[^&\s"'#;]+|("token"\s*:\s*")[^"]*|("(?:new_)?password"\s*:\s*")[^"]*"""
    r"""|(meeple_(?:session|csrf)=)[^;&\s"']+""",
    re.IGNORECASE,
)
REDACTED = "[redacted]"


def redact(text: str) -> str:
    """``text`` with every token value replaced.

    >>> redact('"WebSocket /ws/match/ab12?token=s3cr3t&x=1" [accepted]')
    '"WebSocket /ws/match/ab12?token=[redacted]&x=1" [accepted]'
    >>> redact('{"token": "s3cr3t", "bot": "random"}')
    '{"token": "[redacted]", "bot": "random"}'
    >>> redact('{"name": "Ann", "password": "hunter22"} cookie: meeple_session=abc; x=1')
    '{"name": "Ann", "password": "[redacted]"} cookie: meeple_session=[redacted]; x=1'
    """
    return TOKEN_PATTERN.sub(lambda m: next(g for g in m.groups() if g) + REDACTED, text)


def _redacting(factory: Any) -> Any:
    def make(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record: logging.LogRecord = factory(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: leave it to the handler to report
            return record
        lowered = message.lower()
        if "token" in lowered or "password" in lowered or "meeple_" in lowered:
            record.msg, record.args = redact(message), None
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return record

    make._meeple_redacts = True  # type: ignore[attr-defined]
    return make


def install() -> None:
    """Make every log record of this process token-free (idempotent)."""
    factory = logging.getLogRecordFactory()
    if not getattr(factory, "_meeple_redacts", False):
        logging.setLogRecordFactory(_redacting(factory))
