"""Secrets never leave the server: other seats' hands, deck orders, the seed of a running match."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.core.registry import games, make_game
from meeple.core.rng import Rng
from meeple.server.match import LiveMatch, MatchHost, Seat
from tests.server.conftest import Server


def hidden_info_games() -> list[str]:
    return [cls.name for cls in games() if not cls.perfect_information]


def live_match(host: MatchHost, name: str, players: int, seed: int) -> LiveMatch:
    game = make_game(name, players=players)
    seats = [Seat("human", f"P{i}", token=f"t{i}") for i in range(players)]
    live = LiveMatch(host, "m1", game, seed, seats, None, 0.0, 0.0, "running")
    live.apply_opening_chance()
    return live


def assert_messages_ignore_others_secrets(live: LiveMatch, steps: int, rng: Rng) -> int:
    """Play ``steps`` random actions; at each position, resample every other seat's secrets
    (State.determinize) and check every seat's message is unchanged. Returns positions checked."""
    checked = 0
    for _ in range(steps):
        state = live.match.state
        if state.is_terminal():
            break
        for seat in range(live.game.players):
            message = live.state_message(seat)
            for k in range(3):
                live.match.state = state.determinize(seat, Rng(1000 * k + seat))
                assert live.state_message(seat) == message, f"seat {seat}'s message leaks"
            live.match.state = state
            checked += 1
        turn = state.turn()
        actor = turn.seats[rng.randbelow(len(turn.seats))]
        legal = state.legal_actions(actor)
        live.core.apply(actor, legal[rng.randbelow(len(legal))])
        live.core.resolve_chance()
        live.core.seq += 1
    return checked


def test_message_to_a_seat_is_unchanged_when_others_secrets_are_resampled(
    match_host: MatchHost, secretbids: Any
) -> None:
    for players in (2, 3):
        for seed in range(4):
            live = live_match(match_host, "secretbids", players, seed)
            assert assert_messages_ignore_others_secrets(live, 20, Rng(seed)) > 0


@pytest.mark.parametrize("name", hidden_info_games())
def test_registered_hidden_information_games_keep_secrets(match_host: MatchHost, name: str) -> None:
    cls = type(make_game(name))
    for seed in range(2):
        live = live_match(match_host, name, cls.default_players or cls.min_players, seed)
        assert assert_messages_ignore_others_secrets(live, 30, Rng(seed)) > 0


def test_log_hides_secret_moves_from_others(match_host: MatchHost, secretbids: Any) -> None:
    live = live_match(match_host, "secretbids", 2, 5)
    card = live.match.state.legal_actions(1)[0]
    live.core.apply(1, card)
    live.core.seq += 1
    own = live.state_message(1)["log"][-1]
    assert own["text"] == f"seat 1: {card}" and own["json"] == card.to_json()
    assert own["label"] == {"en": str(card), "zh-TW": str(card)}  # no text plug-in: its text
    for viewer in (0, None):  # the others get the card neither in the text, its JSON nor the label
        assert live.state_message(viewer)["log"][-1] == {
            "index": 1,  # after the prize chance rolled
            "seat": 1,
            "text": "seat 1: bids",
            "label": {"en": "bids", "zh-TW": "bids"},
        }


def secret_numbers(live: LiveMatch) -> list[str]:
    """Decimal forms of the seed and of the state's generator: none may reach a client."""
    full = live.match.state.to_json()
    numbers = [str(live.seed)]
    if "rng" in full:
        numbers += [str(v) for v in full["rng"] if v > 10**6]
    return numbers


@pytest.mark.asyncio
async def test_wire_messages_carry_no_seed_no_other_hand(server: Server, secretbids: Any) -> None:
    match_id, a, b = await server.two_humans(game="secretbids")
    live = server.lobby.live[match_id]
    hands = [list(h) for h in live.match.state.hands]
    raw: list[str] = []
    original = a.ws.recv

    async def recording_recv(*args: Any, **kwargs: Any) -> Any:
        data = await original(*args, **kwargs)
        raw.append(data)
        return data

    a.ws.recv = recording_recv
    # seat 1 bids first (secretly), then seat 0
    assert b.last is not None and b.last["turn"] == {"kind": "simultaneous", "seats": [0, 1]}
    await b.act(b.last["legal"][0]["code"])
    seen = await a.state(lambda m: len(m["log"]) == 2)  # the prize roll, then the bid
    assert seen["log"][1]["text"] == "seat 1: bids"
    assert seen["view"] == live.match.state.view(0)
    assert seen["view"]["hand"] == hands[0]
    assert "hand" in seen["view"] and seen["view"]["hand_sizes"] == [3, 2]
    for text in raw:
        for secret in secret_numbers(live):
            assert secret not in text
        message = json.loads(text)
        assert "hands" not in json.dumps(message.get("view", {}))
    r = await server.http.get(f"/api/matches/{match_id}")
    for secret in secret_numbers(live):
        assert secret not in r.text
    await a.close()
    await b.close()
