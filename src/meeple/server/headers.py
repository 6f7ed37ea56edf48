"""Response headers every page and API answer carries (browser-side hygiene).

The pages load only their own scripts and styles and talk only to their own
origin, so the policy allows nothing else: an injected ``<script>`` from
elsewhere does not run, no other site may frame the pages (clickjacking a
"leave" button), and browsers never guess a response's type from its bytes.
Inline ``style`` attributes are allowed (the pages use a few); inline scripts
are not.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # a match page's URL is the match id only, but keep every path to ourselves
    (b"referrer-policy", b"same-origin"),
)


class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every HTTP response (not to WebSockets)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _NAMES]
                message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


_NAMES = frozenset(name for name, _ in SECURITY_HEADERS)
