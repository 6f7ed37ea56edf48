"""How the browser client's files are served: compressed, and revalidated before reuse.

The client is plain ES modules under unversioned names (``/static/js/match.js``
imports ``./panels.js``), so a long ``max-age`` would let a browser run a new
``match.js`` against a cached old ``panels.js`` for as long as the age lasts
after an upgrade. Instead every file may be kept but is checked again on use
(``no-cache``): the check is a conditional request answered ``304 Not
Modified`` from the file's ETag, a few hundred bytes instead of the file.
Text over a kilobyte goes out gzip-compressed (the middleware is in
``create_app``); the client's scripts and styles shrink to about a quarter.
"""

from __future__ import annotations

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

#: The Cache-Control of the client's files and pages (see the module's docstring).
CACHE_POLICY = "no-cache"
#: Responses shorter than this go uncompressed (gzip's header would eat the gain).
GZIP_MINIMUM_BYTES = 1024


class ClientFiles(StaticFiles):
    """StaticFiles whose answers say how long they may be reused (:data:`CACHE_POLICY`)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.setdefault("cache-control", CACHE_POLICY)
        return response
