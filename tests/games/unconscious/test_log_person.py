"""Unconscious Mind's log tells every move in the third person (issue 34, item 1).

A log line sits beside its actor's name for every reader ("Ann: ..."), and the
terminal announces another seat's move as "player 2 (heuristic) -> ...". Both
read the line the text plug-in's ``log_label`` gives; before, it was the menu's
words, so a player read "Elevate your minor green insight" about somebody
else's move. Whole games are played here and every line, for every reader, in
both languages, is checked for the second person.
"""

from __future__ import annotations

import io
import re
import sys

import pytest

from meeple.bots import make_bot
from meeple.cli import main
from meeple.core import Match
from meeple.core import decisions as dec
from meeple.core.labels import log_label
from meeple.games.unconscious import Unconscious, text
from meeple.games.unconscious.actions import Spot
from tests.games.unconscious.builders import ready

#: The second person, in English and in Chinese.
SECOND = {"en": re.compile(r"\b(you|your|yours|yourself)\b", re.I), "zh-TW": re.compile("你")}


def _lines(players: int, seed: int, bots: str, rounds: int) -> list[tuple[int, str, str]]:
    """(actor, language, line) for every action of one whole game, as every seat reads it."""
    game = Unconscious(players=players, rounds=rounds)
    match = Match(game, seed)
    seated = [make_bot(bots, game, s, seed + s) for s in range(players)]
    out: list[tuple[int, str, str]] = []
    while not match.state.is_terminal():
        seat = match.state.current_seat()
        assert seat is not None
        action = seated[seat].choose(match.state)
        before = match.state.clone()
        for viewer in [*range(players), None]:
            for lang in ("en", "zh-TW"):
                out.append((seat, lang, log_label(before, action, seat, viewer, lang)))
        match.play(action, seat)
    return out


@pytest.mark.parametrize(
    ("players", "seed", "bots", "rounds"),
    [(4, 2, "random", 30), (2, 1, "heuristic", 30), (3, 5, "random", 30)],
)
def test_no_log_line_of_a_whole_game_uses_the_second_person(
    players: int, seed: int, bots: str, rounds: int
) -> None:
    lines = _lines(players, seed, bots, rounds)
    assert len(lines) > 500  # a whole game, every kind of action
    wrong = [(lang, line) for _, lang, line in lines if SECOND[lang].search(line)]
    assert not wrong, wrong[:5]


def test_an_elevation_reads_as_the_actors_own_in_both_languages() -> None:
    s = ready(2)
    s.dial[1][0] += 1  # player 2 holds a red minor
    s.dial[1][18] -= 1
    s.current = 1
    s.decisions = dec.push(dec.EMPTY, dec.Decision(1, "spot", ("elevate",)))
    assert Spot(0, 1) in s.legal_actions(1)
    assert text.state_label(s, Spot(0, 1), "en") == "Elevate your minor red insight"
    en = text.log_label(s, Spot(0, 1), 1, "en")
    zh = text.log_label(s, Spot(0, 1), 1, "zh-TW")
    assert en == "elevates their minor red insight", en
    assert zh == "提升自己的紅色小頓悟", zh


def test_a_terminal_game_announces_the_bots_moves_in_the_third_person(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for lang in ("en", "zh-TW"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
        code = main(["play", "unconscious", "--seed", "5", "--lang", lang, "-o", "rounds=6"])
        out = capsys.readouterr().out
        assert code == 0
        told = [ln for ln in out.splitlines() if ln.startswith(("player 2", "玩家 2"))]
        assert len(told) > 20, out[-2000:]
        wrong = [ln for ln in told if SECOND[lang].search(ln)]
        assert not wrong, wrong[:5]
