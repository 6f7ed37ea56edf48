"""Viscounts' log tells every move in the third person (issue 34, item 1).

A log line sits beside its actor's name for every reader ("Ann: ..."), and the
terminal announces another seat's move as "player 2 (heuristic) -> ...". Both read
the text plug-in's ``log_label``; before, it was the menu's words, so a player read
"Lender from your hand" or "dismissing the townsfolk beside you" about somebody
else's move. Whole games (2, 3 and 4 players, and solo against the AI, whose turns
ride on the player's lines) are played here and every line, for every reader, in
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
from meeple.games.viscounts import Viscounts, text
from meeple.games.viscounts.actions import Pick, Trade
from meeple.games.viscounts.components import OUTER_LEFT, position
from tests.games.viscounts.builders import (
    at_action,
    cid,
    clear,
    my_turn,
    on_pile,
    started,
    with_counts,
)

#: The second person, in English and in Chinese.
SECOND = {"en": re.compile(r"\b(you|your|yours|yourself)\b", re.I), "zh-TW": re.compile("你")}


def _lines(players: int, seed: int, bots: str) -> list[tuple[str, str]]:
    """(language, line) for every action of one whole game, as every seat (and a
    spectator) reads it."""
    game = Viscounts(players)
    match = Match(game, seed)
    seated = [make_bot(bots, game, s, seed + s) for s in range(players)]
    out: list[tuple[str, str]] = []
    while not match.state.is_terminal():
        seat = match.state.current_seat()
        assert seat is not None
        action = seated[seat].choose(match.state)
        before = match.state.clone()
        for viewer in [*range(players), None]:
            for lang in ("en", "zh-TW"):
                out.append((lang, log_label(before, action, seat, viewer, lang)))
        match.play(action, seat)
    return out


@pytest.mark.parametrize(
    ("players", "seed", "bots"),
    [
        (2, 1, "heuristic"),
        (3, 5, "random"),
        (4, 2, "random"),
        (1, 3, "heuristic"),
        (1, 8, "random"),
    ],
)
def test_no_log_line_of_a_whole_game_uses_the_second_person(
    players: int, seed: int, bots: str
) -> None:
    lines = _lines(players, seed, bots)
    assert len(lines) > 200  # a whole game (played to its end), every kind of action
    wrong = [(lang, line) for lang, line in lines if SECOND[lang].search(line)]
    assert not wrong, wrong[:5]
    if players == 1:  # the AI's turns are told in the player's lines
        assert any("then the AI's turn" in line for _, line in lines)


def test_a_discard_reads_as_the_actors_own_in_both_languages() -> None:
    """Another seat discarding a card: "discards Lender from their hand", never "Lender
    from your hand" (the menu's words, which the log read before)."""
    s, me = my_turn(2, seed=3, hand=["Lender", "Trader"])
    s.decisions = dec.push(dec.EMPTY, dec.Decision(me, "discard", (1, 0)))
    pick = Pick(cid("Lender"))
    assert pick in s.legal_actions(me)
    assert text.state_label(s, pick, "en") == "Lender from your hand"  # the menu
    assert text.log_label(s, pick, me, "en") == "discards Lender from their hand"
    assert text.log_label(s, pick, me, "zh-TW") == "從手牌棄掉放貸人"


def test_a_dismissal_names_the_card_and_whose_it_is_not() -> None:
    """A trade with a dismissal: the menu says "beside you" to the chooser, the log names
    the card it sent away, in the third person, with what it paid."""
    s = started(2, seed=3)
    me = at_action(s, OUTER_LEFT)
    clear(s, me)
    with_counts(s, me, silver=6)
    pos = position(OUTER_LEFT)
    on_pile(s, pos, "Lender")
    trade = next(a for a in s.legal_actions(me) if isinstance(a, Trade) and a.dismiss)
    menu = text.state_label(s, trade, "en")
    told = text.log_label(s, trade, me, "en")
    assert "dismissing Lender beside you" in menu, menu
    assert "dismissing Lender" in told and not SECOND["en"].search(told), told
    assert "paying" in told, told  # what it spent is in the line (item 2)
    zh = text.log_label(s, trade, me, "zh-TW")
    assert "遣散放貸人" in zh and "你" not in zh, zh


def test_a_terminal_game_announces_the_bots_moves_in_the_third_person(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for lang in ("en", "zh-TW"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
        code = main(["play", "viscounts", "--players", "3", "--seed", "5", "--lang", lang])
        out = capsys.readouterr().out
        assert code == 0
        heads = ("player 2", "player 3", "玩家 2", "玩家 3")
        told = [ln for ln in out.splitlines() if ln.startswith(heads) and " -> " in ln]
        assert len(told) > 60, out[-2000:]
        wrong = [ln for ln in told if SECOND[lang].search(ln.split("->", 1)[1])]
        assert not wrong, wrong[:5]
