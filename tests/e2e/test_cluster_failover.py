"""Two people play in two browsers through HAProxy while the node serving their
match is SIGKILLed: the pages reconnect by themselves and the match finishes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from meeple.server.cluster import node_name, preference
from tests.cluster.conftest import cluster, database  # noqa: F401  (fixtures)
from tests.cluster.harness import Cluster
from tests.e2e.helpers import DESKTOP, act_and_wait, create_match, play_two, wait_turn_or_end
from tests.server.test_postgres import postgres_url  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def people(browser: Any, cluster: Cluster) -> Iterator[list[Any]]:  # noqa: F811
    """Two pages in separate contexts (two people), both on the proxy's address."""
    contexts = [browser.new_context(viewport=DESKTOP, locale="en-US") for _ in range(2)]
    errors: list[str] = []
    pages = []
    for context in contexts:
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.on("pageerror", lambda exc, page=page: errors.append(f"{page.url}: {exc}"))
        page.goto(cluster.proxy_url + "/")
        page.wait_for_selector("body[data-ready='1']")
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()
    assert not errors, "JavaScript errors in the page:\n" + "\n".join(errors)


def cell(page: Any) -> None:
    act_and_wait(page, "[data-testid=ttt-board] .ttt-cell.hot")


def test_two_browsers_finish_a_match_whose_node_was_killed(
    people: list[Any],
    cluster: Cluster,  # noqa: F811
) -> None:
    ann, bob = people
    match_id = create_match(ann, "tictactoe", ["@you", "@open"], name="Ann")
    ann.wait_for_selector("body[data-status='open']")
    bob.fill("#player-name", "Bob")
    bob.click("[data-testid=tab-open]")
    bob.locator(f"[data-match-id='{match_id}'] [data-testid=join-1]").click()
    bob.wait_for_url(f"**/match/{match_id}")
    for page in people:
        page.wait_for_selector("body[data-status='running']")
    first = ann if wait_turn_or_end(ann, 20_000) == "turn" else bob
    second = bob if first is ann else ann
    cell(first)
    assert wait_turn_or_end(second, 20_000) == "turn"
    cell(second)
    wait_turn_or_end(first, 20_000)
    before = first.evaluate("document.body.dataset.stateId")

    owner = cluster.first_choice(match_id)
    killed = time.monotonic()
    owner.kill()
    # both pages come back by themselves, through the proxy, to the same position
    for page in people:
        page.wait_for_function(
            "() => window.meepleConnection.reconnects > 0 && window.meepleConnection.online",
            timeout=30_000,
        )
        assert page.evaluate("document.body.dataset.stateId") == before
    print(f"both pages back after {time.monotonic() - killed:.1f} s")
    assert cluster.owner(match_id) == node_name(preference(match_id, 3)[1])

    done = play_two({"first": first, "second": second}, {"first": cell, "second": cell})
    for page in people:
        page.wait_for_selector("[data-testid=results]:not([hidden])")
    assert sum(done.values()) >= 1
    assert (
        ann.locator("[data-testid=winner-line]").inner_text()
        == bob.locator("[data-testid=winner-line]").inner_text()
    )
