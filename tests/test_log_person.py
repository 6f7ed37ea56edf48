"""Other seats' moves are told in the third person, in every game (issue 34, item 1).

A log line names the actor beside it ("player 2: ..."), so its words must make the
actor's pieces theirs: "moves their penguin on D4", never the menu's "move your
penguin on D4", which a reader takes for their own. Whole random games of every
game and player count, every line as each other seat reads it, in both languages
(the words are the ones the terminal announces and the page's log shows).
"""

from __future__ import annotations

import re

import pytest

from meeple.bots.registry import make_bot
from meeple.core.labels import log_label
from meeple.core.match import Match
from meeple.core.registry import games, make_game

SECOND_PERSON = {
    "en": re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE),
    "zh-TW": re.compile(r"你"),
}

#: Being rewritten by their own work in flight; they join the list when it lands.
PENDING: set[str] = set()

CONFIGS = [
    (cls.name, n)
    for cls in games()
    if cls.name not in PENDING
    for n in cls.allowed_player_counts()
    if n >= 2
]


@pytest.mark.parametrize(("game_name", "players"), CONFIGS, ids=[f"{g}-{n}p" for g, n in CONFIGS])
def test_no_other_seats_move_is_told_in_the_second_person(game_name: str, players: int) -> None:
    game = make_game(game_name, players=players)
    found: dict[str, set[str]] = {}
    for seed in range(2):
        match = Match(game, seed)
        bots = [make_bot("random", game, s, 10 * seed + s) for s in range(players)]
        for _ in range(1500):
            state = match.state
            if state.is_terminal():
                break
            if state.is_chance():
                match.resolve_chance()
                continue
            seat = state.current_seat()
            assert seat is not None
            action = bots[seat].choose(state)
            for viewer in [v for v in range(players) if v != seat] + [None]:  # None: a spectator
                for lang, pattern in SECOND_PERSON.items():
                    line = log_label(state, action, seat, viewer, lang)
                    if pattern.search(line):
                        found.setdefault(lang, set()).add(line)
            match.play(action, seat)
    assert not found, {lang: sorted(lines)[:5] for lang, lines in found.items()}
