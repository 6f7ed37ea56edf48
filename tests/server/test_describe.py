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


@pytest.mark.parametrize(
    ("lang", "leader"), [("en", "player {n}'s leader"), ("zh-TW", "玩家 {n} 的隊長")]
)
def test_ice_s_position_is_told_in_sentences_not_as_a_map_of_codes(
    match_host: MatchHost, lang: str, leader: str
) -> None:
    """Issue 37, item 3: ICE's text view was its terminal map ("I10S  I11S  I12F*1"), a
    string of codes to a screen reader. Now each tile seen from above is named once:
    with what stands on it on its own line, else in the list of its kind."""
    live = live_match(match_host, "ice", 2, 5)
    rng = Rng(7)
    for _ in range(30):  # past the leaders' landing and a few turns
        state = live.match.state
        actor = state.turn().seats[0]
        legal = state.legal_actions(actor)
        live.core.apply(actor, legal[rng.randbelow(len(legal))])
        live.core.resolve_chance()
    view = live.match.state.view(0)
    text = json.loads(live.messages.description(0, lang))["text"]
    assert not re.search(r"[A-Z]\d+[A-Z?.]\S*\s+[A-Z]\d+[A-Z?.]", text), text  # no map row
    names = [view["names"][p] for p in range(len(view["tiles"])) if view["visible"][p]]
    for name in names:
        assert (
            len(
                re.findall(
                    rf"(?<![A-Z0-9]){name}(?![0-9])", text.split("\n\n")[1] + text.split("\n\n")[2]
                )
            )
            == 1
        ), name
    for seat, player in enumerate(view["players"]):
        tile = view["names"][player["leader"]]
        line = next(line for line in text.splitlines() if line.startswith(tile))
        assert leader.format(n=seat + 1) in line, line
