"""The position as text on request (issue 37, item 3): a ``describe`` message answers with
the terminal's drawing of the asking seat's own view, in the language asked for, for
the browser's text view; it never holds another seat's secret."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from meeple.core.registry import games
from meeple.core.rng import Rng
from meeple.server.match import MatchHost
from tests.server.conftest import Server
from tests.server.test_secrecy import live_match


@pytest.mark.asyncio
async def test_a_seat_gets_its_position_in_words_in_either_language(server: Server) -> None:
    _, a, b = await server.two_humans()
    await a.state(lambda m: m["match"]["seats"][1]["connected"])
    await a.act(4)
    await b.state(lambda m: m["moves"] == 1)
    for lang, mark in (("en", "X"), ("zh-TW", "X")):
        await b.send({"type": "describe", "lang": lang, "ref": f"d-{lang}"})
        while (msg := await b.receive())["type"] != "description":
            pass
        assert msg["ref"] == f"d-{lang}" and msg["lang"] == lang
        assert b.last is not None and msg["state_id"] == b.last["state_id"]
        rows = [line for line in msg["text"].splitlines() if mark in line]
        assert rows, msg["text"]  # the centre mark a played is on the board drawn
    await a.close()
    await b.close()


def hidden_info_games() -> list[str]:
    return [cls.name for cls in games() if not cls.perfect_information]


@pytest.mark.parametrize("name", hidden_info_games())
def test_the_text_ignores_other_seats_secrets(match_host: MatchHost, name: str) -> None:
    """At each position, resampling every other seat's secrets leaves a seat's text alone."""
    live = live_match(match_host, name, 2, 3)
    rng = Rng(3)
    checked = 0
    for _ in range(12):
        state = live.match.state
        if state.is_terminal():
            break
        for seat in range(live.game.players):
            for lang in ("en", "zh-TW"):
                text = json.loads(live.messages.description(seat, lang))["text"]
                assert text.strip()
                for k in range(2):
                    live.match.state = state.determinize(seat, Rng(100 * k + seat))
                    again = json.loads(live.messages.description(seat, lang))["text"]
                    assert again == text, f"{name}: seat {seat}'s text leaks ({lang})"
                live.match.state = state
                checked += 1
        actor = state.turn().seats[0]
        legal = state.legal_actions(actor)
        live.core.apply(actor, legal[rng.randbelow(len(legal))])
        live.core.resolve_chance()
        live.core.seq += 1
    assert checked


def test_the_chinese_text_is_in_chinese(match_host: MatchHost) -> None:
    live = live_match(match_host, "province", 2, 1)
    zh: Any = json.loads(live.messages.description(0, "zh-TW"))["text"]
    en: Any = json.loads(live.messages.description(0, "en"))["text"]
    assert re.search(r"[\u4e00-\u9fff]", zh) and not re.search(r"[\u4e00-\u9fff]", en)
