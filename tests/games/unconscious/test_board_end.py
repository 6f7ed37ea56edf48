"""Unconscious Mind as a player sees it (issue 34, items 3, 4, 6 and 8).

What the table holds is on the terminal board (the browser board already drew
it): the clients waiting with their grief layers, the manifest dreams, the
face-up research card, the treatises, the goal tiles, Vienna's bonus slots,
recall tokens and scoring slots, the rooms' grief layers and both dreams by
name; Freud's own moves, the solo target, and why a seat starts with a VP, a
catharsis or more coffee. The end says where every seat's points came from
(a VP ledger the rules keep by source), and a solo game's end why it was won
or lost. Chinese lists use Chinese punctuation, and one Chinese word each.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from meeple.bots import make_bot
from meeple.core import Match
from meeple.core.labels import end_label
from meeple.games.unconscious import Unconscious, UnconsciousState, text
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.components import DISTRICTS, DREAMS, GOALS, GRIEF, LOCATIONS
from meeple.games.unconscious.state import VP_SOURCES
from meeple.games.unconscious.tableau import client_words

ROOT = Path(__file__).resolve().parents[3]


def _game(
    players: int, seed: int, bots: str = "random", rounds: int = 30
) -> list[UnconsciousState]:
    """Every state of one whole game (bots at every seat)."""
    game = Unconscious(players=players, rounds=rounds)
    match = Match(game, seed)
    seated = [make_bot(bots, game, s, seed + s) for s in range(players)]
    states = [match.state.clone()]
    while not match.state.is_terminal():
        seat = match.state.current_seat()
        assert seat is not None
        match.play(seated[seat].choose(match.state), seat)
        states.append(match.state.clone())  # type: ignore[arg-type]
    return states  # type: ignore[return-value]


# -- item 4: where the points came from ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seed", "bots"), [(2, 1, "heuristic"), (4, 2, "random"), (1, 3, "heuristic")]
)
def test_every_vp_of_a_whole_game_is_booked_to_its_source(
    players: int, seed: int, bots: str
) -> None:
    states = _game(players, seed, bots)
    other = VP_SOURCES.index("other")
    for s in states:
        for p in range(players):
            assert sum(s.vp_by[p]) == s.vp[p], (s.round, p, s.vp_by[p], s.vp[p])
            assert s.vp_by[p][other] == 0
    end = states[-1]
    booked = {k for p in range(players) for k, n in zip(VP_SOURCES, end.vp_by[p], strict=True) if n}
    assert len(booked) >= 3, booked  # a whole game scores from several sources


def test_the_terminal_end_gives_every_seats_points_by_source_in_both_languages() -> None:
    end = _game(2, 1, "heuristic")[-1]
    view = end.view(0)
    scores = end.scores()
    for lang, head, line in (
        (
            "en",
            "Where the points came from:",
            r"player (\d): (\d+) VP = (\d+) during the game \((.*)\) \+ (\d+) at the end \((.*)\)$",
        ),
        (
            "zh-TW",
            "分數來源：",
            r"玩家 (\d)：(\d+) 分 = 遊戲中 (\d+)（(.*)）＋ 終局 (\d+)（(.*)）$",
        ),
    ):
        board = text.render(view, 0, lang).splitlines()
        assert head in board
        rows = [re.search(line, ln) for ln in board[board.index(head) + 1 :]]
        assert len(rows) == 2 and all(rows), board[board.index(head) :]
        for m in rows:
            assert m is not None
            seat = int(m[1]) - 1
            assert int(m[2]) == scores[seat] and int(m[3]) == end.vp[seat]
            sep = "、" if lang == "zh-TW" else ", "
            parts = [int(x.rsplit(" ", 1)[1]) for x in m[4].split(sep)]
            assert sum(parts) == end.vp[seat], m[4]  # the sources add up to the game's VP
            assert int(m[2]) == int(m[3]) + int(m[5])


# -- item 8: the solo target ---------------------------------------------------------------------


def test_the_solo_target_is_shown_while_playing_and_the_end_says_why() -> None:
    states = _game(1, 3, "heuristic")
    first = states[0].view(0)
    assert first["solo"] is not None and first["solo"]["target"] == 38
    assert "Solo: score at least 38 VP to win" in text.render(first, 0, "en")
    assert "單人：至少 38 分才算贏" in text.render(first, 0, "zh-TW")
    assert Unconscious(players=2).new_initial_state(1).view(0)["solo"] is None
    end = states[-1]
    score = int(end.scores()[0])
    en, zh = end_label(end, "en"), end_label(end, "zh-TW")
    assert en is not None and zh is not None
    assert f"Solo: {score} VP" in en and "target of 38 VP" in en, en
    assert f"單人：{score} 分" in zh and "38 分" in zh, zh
    won = end.solo_won()
    assert ("so the game is won" in en) is won and ("so the game is lost" in en) is not won
    assert ("所以贏了" in zh) is won and ("所以輸了" in zh) is not won


# -- item 3: what the board holds ----------------------------------------------------------------


def test_the_terminal_board_holds_what_the_table_shows_in_both_languages() -> None:
    s = _game(3, 4, "random")[60]
    view = s.view(0)
    for lang in ("en", "zh-TW"):
        board = text.render(view, 0, lang)
        for c, g in zip(s.client_display, s.display_grief, strict=True):
            if c >= 0:  # a waiting client, with the grief layer over them
                assert client_words(c, g, lang) in board
                assert wd.symbol(GRIEF[g][1], lang) in client_words(c, g, lang)
        for m in s.manifest_display:
            if m >= 0:
                assert f"{wd.dream(m, lang)}" in board
        if s.research_up >= 0:
            assert wd.research_card(s.research_up, lang) in board
        for g in GOALS:
            assert wd.goal(g.index, lang) in board
        for loc in LOCATIONS:
            assert wd.location(loc.index, lang) in board
            for b in loc.bonus:
                assert wd.effect(b, lang) in board
        for d in DISTRICTS:
            for r in d.rewards:
                assert wd.effect(r, lang) in board
        tokens = "recall tokens left: stack Ⅰ" if lang == "en" else "召回指示物還剩：第 Ⅰ 疊"
        assert board.count(tokens) == 3
        treatises = "Treatises (the articles they need" if lang == "en" else "論文（需要的文章"
        assert treatises in board
        freud = "his figure walks one location" if lang == "en" else "他本人順時針走一個地點"
        assert freud in board
    en = text.render(view, 0, "en")
    for p in range(3):
        for r in (0, 1):
            c, latent, manifest = (
                s.room_client[p][r],
                s.room_latent[p][r],
                s.room_manifest[p][r],
            )
            if c < 0:
                continue
            if manifest >= 0:
                sym = wd.symbol(DREAMS[manifest].symbol, "en")
                assert f"manifest dream: {wd.dream(manifest, 'en')} ({sym})" in en
            if latent >= 0:
                assert f"latent dream: {wd.dream(latent, 'en')}" in en
            grief = s.room_grief[p][r]
            if grief >= 0:
                hearts, symbol = GRIEF[grief]
                assert f"grief layer: {hearts} heart" in en and wd.symbol(symbol, "en") in en


def _starting(track: int) -> tuple[UnconsciousState, int]:
    for seed in range(200):
        s = Unconscious(players=2).new_initial_state(seed)
        for p in range(2):
            if s.start_track[p] == track:
                return s, p
    raise AssertionError(f"no seat starts on {track}")


def test_a_seat_says_why_it_starts_with_a_vp_a_catharsis_or_more_coffee() -> None:
    s, p = _starting(5)
    note = s.view(0)["players"][p]["start_note"]
    assert s.vp[p] >= 1 and note is not None
    assert "set on space 5 of the treatment track, which scores 1 VP" in note["en"]
    assert "治療軌第 5 格（該格印有 1 分）" in note["zh-TW"]
    assert note["en"] in text.render(s.view(0), 0, "en")
    s, p = _starting(3)
    note = s.view(0)["players"][p]["start_note"]
    assert s.room_grief[p][0] < 0 and s.rep[p] == 1 and note is not None
    assert "a catharsis at once" in note["en"] and "the grief layer left" in note["en"]
    assert "立刻淨化" in note["zh-TW"]
    # the second seat's extra coffee is the turn order's
    s = Unconscious(players=2).new_initial_state(0)
    note = s.view(1)["players"][1]["start_note"]
    assert note is not None and "player 2's turn-order bonus, +1 coffee" in note["en"]
    # after the first round it is no longer news
    later = next(x for x in _game(2, 5) if x.round == 2)
    assert all(pl["start_note"] is None for pl in later.view(0)["players"])


# -- item 6: one word each, Chinese punctuation, "Game over" once --------------------------------


def _zh_strings() -> list[tuple[str, str]]:
    """Every Chinese string the terminal, the browser and the labels use for this game."""
    from meeple.games.unconscious import tableau

    out = [(f"{name}.{k}", v) for name, table in (
        ("TEXT", text.TEXT), ("LOG", text.LOG), ("BOARD", tableau.BOARD), ("W", wd.W),
        ("END", text.END),
    ) for k, v in table["zh-TW"].items()]  # fmt: skip
    web = ROOT / "src/meeple/web/static/i18n/unconscious.json"
    out += [(f"json.{k}", v["zh-TW"]) for k, v in json.loads(web.read_text("utf-8")).items()]
    return out


#: Chinese forms that name a game word another way than the one we use: (wrong, right).
_VARIANTS = [
    (r"筆記本第 \S+ 列(?!.*橫)|第 \{row\} 列第|列第 \S+ 行", "notebook rows 橫列 and columns 直行"),
    (r"(?<!頓悟)錶盤", "the insight dial is 頓悟錶盤"),
    (r"(?<![主意獎勵分])欄位 \{?\w", "an idea space is 主意欄位"),
    (r"自己的顏色|玩家顏色", "the player colour is 自己顏色"),
    (r"佛洛伊德", "Freud is 佛洛依德"),
    (r"地點目標板塊", "a goal tile is 目標板塊"),
]


def test_chinese_uses_one_word_for_each_game_word() -> None:
    docs = (ROOT / "docs/games/unconscious.md").read_text("utf-8")
    zh_docs = docs[docs.index("## 規則（繁體中文）") : docs.index("## Retail edition")]
    strings = [*_zh_strings(), ("docs", zh_docs)]
    for pattern, why in _VARIANTS:
        wrong = [(k, v) for k, v in strings if re.search(pattern, v)]
        assert not wrong, (why, wrong[:4])


def test_chinese_lines_use_chinese_punctuation() -> None:
    rng = random.Random(0)
    states = _game(4, 7)
    for s in [*rng.sample(states, 25), states[-1]]:
        for seat in range(4):
            for line in text.render(s.view(seat), seat, "zh-TW").splitlines():
                assert ", " not in line and "; " not in line, line
        acting = s.current_seat()
        if acting is not None:
            for a in s.legal_actions(acting):
                for label in (
                    text.state_label(s, a, "zh-TW"),
                    text.log_label(s, a, acting, "zh-TW"),
                ):
                    assert ", " not in label and "; " not in label, label
    for key, value in _zh_strings():
        assert ", " not in value, key
    # a list of names: the clients a seat cured
    s = Unconscious(players=2).new_initial_state(1)
    s.cured[0] = [0, 1]
    names = "、".join(wd.client(c, "zh-TW") for c in (0, 1))
    assert f"已治癒：{names}" in text.render(s.view(0), 0, "zh-TW")


def test_the_terminal_says_game_over_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    from meeple.cli import main

    for lang, words in (("en", "Game over"), ("zh-TW", "遊戲結束")):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 600))
        assert main(["play", "unconscious", "--seed", "2", "-o", "rounds=2", "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert out.count(words) == 1, [ln for ln in out.splitlines() if words in ln]
