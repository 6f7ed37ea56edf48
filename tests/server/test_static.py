"""The browser client's files go out compressed and are revalidated, not refetched
(issue 37, item 5: Lighthouse found no text compression and no cache policy)."""

from __future__ import annotations

import gzip

import pytest

from tests.server.conftest import Server

pytestmark = pytest.mark.asyncio


async def test_scripts_and_styles_are_gzipped_when_the_browser_accepts_it(server: Server) -> None:
    for path in ("/static/js/match.js", "/static/css/app.css", "/static/i18n/strings.json"):
        plain = await server.http.get(path, headers={"accept-encoding": "identity"})
        packed = await server.http.get(path, headers={"accept-encoding": "gzip"})
        assert plain.status_code == packed.status_code == 200, path
        assert "content-encoding" not in plain.headers, path
        assert packed.headers["content-encoding"] == "gzip", path
        # httpx decoded it: the same bytes, sent in fewer
        assert packed.content == plain.content, path
        sent = int(packed.headers["content-length"])
        assert sent < len(plain.content) / 2, (path, sent, len(plain.content))
        assert gzip.decompress(gzip.compress(plain.content)) == plain.content


async def test_client_files_are_revalidated_by_etag(server: Server) -> None:
    first = await server.http.get("/static/js/panels.js")
    assert first.status_code == 200
    assert first.headers["cache-control"] == "no-cache"
    etag = first.headers["etag"]
    again = await server.http.get("/static/js/panels.js", headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""


async def test_pages_carry_the_cache_policy_and_the_security_headers(server: Server) -> None:
    for path in ("/", "/match/abc", "/static/js/match.js"):
        r = await server.http.get(path, headers={"accept-encoding": "gzip"})
        assert r.headers["cache-control"] == "no-cache", path
        assert "content-security-policy" in r.headers, path


async def test_api_answers_are_compressed_too(server: Server) -> None:
    r = await server.http.get("/api/games", headers={"accept-encoding": "gzip"})
    assert r.status_code == 200
    assert r.headers["content-encoding"] == "gzip"
    assert r.json()
