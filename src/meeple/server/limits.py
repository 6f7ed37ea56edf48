"""The limits a public server needs: body size, creation rate, open-match lifetime.

Each is configurable (``meeple serve --max-body``, ``--create-rate``,
``--open-ttl``) and documented in docs/protocol.md ("Limits"). They live here,
apart from the match runtime, so the runtime stays about playing matches.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from starlette.requests import Request

from meeple.server.protocol import ApiError

#: Default cap on a REST request body (bytes): the largest body the API needs is
#: a create with a few options, well under a kilobyte.
MAX_BODY = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """The server's limits. ``None`` turns a limit off (the default of :func:`create_app`,
    so that tests and embedded servers are not throttled; ``meeple serve`` sets them)."""

    max_body: int = MAX_BODY
    #: match creations per minute per client address, and how many may come at once
    create_rate: float | None = None
    create_burst: int = 20
    #: seconds an open match (a human seat still free) waits for players before it expires
    open_ttl: float | None = None
    #: search iterations a decision of a review may have, at most; reviews queued or
    #: running at once (meeple.server.reviews); a hint's iterations (meeple.server.hints)
    review_iters: int = 300
    review_queue: int = 8
    hint_iters: int = 200


async def read_body(request: Request, cap: int) -> bytes:
    """The request body, refused with ``body_too_large`` past ``cap`` bytes.

    A declared ``Content-Length`` over the cap is refused before anything is read;
    a chunked body is counted as it arrives, so no more than ``cap`` bytes (plus
    one chunk) are ever held.
    """
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            too_big = int(declared) > cap
        except ValueError:
            raise ApiError("bad_request", "Content-Length is not a number") from None
        if too_big:
            raise ApiError("body_too_large", f"a request body is at most {cap} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise ApiError("body_too_large", f"a request body is at most {cap} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


class RateLimiter:
    """A token bucket per key (a client address): ``rate`` per minute, ``burst`` at once.

    Memory stays bounded: buckets that have refilled completely hold no
    information and are dropped whenever the table grows past ``max_keys``.

    >>> limiter = RateLimiter(rate=60, burst=2)
    >>> [limiter.retry_after("10.0.0.1", now=0.0) for _ in range(3)]
    [None, None, 1.0]
    >>> limiter.retry_after("10.0.0.1", now=1.0) is None  # one refilled after a second
    True
    """

    def __init__(self, rate: float, burst: int, max_keys: int = 10_000) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs a positive rate and a burst of at least 1")
        self.per_second = rate / 60.0
        self.burst = float(burst)
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    def _level(self, key: str, now: float) -> float:
        tokens, at = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - at) * self.per_second)

    def __len__(self) -> int:
        """Client addresses with a bucket now (at most :attr:`max_keys`, and a few more
        between two prunes)."""
        return len(self._buckets)

    def retry_after(self, key: str, now: float | None = None) -> float | None:
        """Take one token for ``key``: None if allowed, else seconds until one is free."""
        now = time.monotonic() if now is None else now
        tokens = self._level(key, now)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return round((1.0 - tokens) / self.per_second, 3)
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self.max_keys:
            self._prune(now)
        return None

    def _prune(self, now: float) -> None:
        full = [k for k in self._buckets if self._level(k, now) >= self.burst]
        for key in full:
            del self._buckets[key]
        while len(self._buckets) > self.max_keys:  # all busy: forget the oldest
            del self._buckets[next(iter(self._buckets))]


def client_address(request: Request) -> str:
    """The address a rate limit is counted against (the peer's IP)."""
    return request.client.host if request.client is not None else "unknown"
