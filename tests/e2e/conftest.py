"""Fixtures for the end-to-end tests: a real `meeple serve` and real headless Chromium.

The server runs as a subprocess on a free loopback port with its own SQLite
file; Chromium is Debian's (Playwright's own browser download does not work
here), launched once per session. Each test opens fresh browser contexts
(separate cookies and localStorage, i.e. separate people).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import DESKTOP

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Server:
    """A running `meeple serve` subprocess and its base URL."""

    def __init__(self, proc: subprocess.Popen[str], url: str, output: list[str]) -> None:
        self.proc = proc
        self.url = url.rstrip("/")
        self.output = output


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("e2e") / "meeple.sqlite3"
    cmd = [
        sys.executable, "-m", "meeple", "serve",
        "--port", "0", "--database", str(db), "--bot-delay", "0",
        "--create-rate", "0",  # the browser tests create matches faster than a person
    ]  # fmt: skip
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    output: list[str] = []
    found = threading.Event()
    url_box: list[str] = []

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            output.append(line)
            m = re.search(r"serving on (http://\S+)", line)
            if m and not url_box:
                url_box.append(m.group(1))
                found.set()
        found.set()

    threading.Thread(target=pump, daemon=True).start()
    if not found.wait(30) or not url_box:
        proc.kill()
        pytest.fail("meeple serve did not start:\n" + "".join(output))
    try:
        yield Server(proc, url_box[0], output)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: run scripts/system-deps (Debian's chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def open_page(browser: Any, server: Server) -> Iterator[Callable[..., Any]]:
    """open_page(path, viewport=DESKTOP, lang=None) -> a Page in a fresh context.

    Any uncaught JavaScript error on any page, or a board renderer that
    throws, fails the test at teardown.
    """
    contexts: list[Any] = []
    errors: list[str] = []

    def open_(
        path: str = "/", viewport: dict[str, int] | None = None, lang: str | None = None
    ) -> Any:
        context = browser.new_context(viewport=viewport or DESKTOP, locale="en-US")
        context.set_default_timeout(20_000)
        if lang:
            context.add_init_script(f"localStorage.setItem('meeple.lang', {lang!r})")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))
        # a renderer that throws falls back to the generic view: still a bug
        page.on(
            "console",
            lambda msg: (
                errors.append(f"{page.url}: {msg.text}")
                if msg.type == "error" and "renderer failed" in msg.text
                else None
            ),
        )
        page.goto(server.url + path)
        page.wait_for_selector("body[data-ready='1']")
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, "JavaScript errors in the page:\n" + "\n".join(errors)
