"""ICE's words in Traditional Chinese (issue 34, item 6): one term for each game word
across the terminal (text.py), the browser (i18n/ice.json, the component table, ice.js)
and the rules document's Chinese, as docs/games/ice.md's "Words (用語)" table gives
them; Chinese lists and sentences use Chinese punctuation, never ", "."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from meeple.bots.registry import make_bot
from meeple.core.i18n import Strings
from meeple.core.labels import action_label, end_label, log_label
from meeple.core.match import Match
from meeple.core.registry import make_game
from meeple.games.ice import text
from meeple.games.ice.rules import Ice

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "games" / "ice.md"
STATIC = ROOT / "src" / "meeple" / "web" / "static"

CJK = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
#: An ASCII comma, semicolon or colon beside a Chinese character (or Chinese bracket).
ASCII_MARK = re.compile(rf"[{CJK}][ ]*[,;:]|[,;:][ ]*[{CJK}]")
#: The seed's words, quoted in the rules document: kept as the seed wrote them.
QUOTED = re.compile(r"「[^」]*」|\"[^\"]*\"")


def glossary() -> list[tuple[str, list[str], list[str]]]:
    """The "Words (用語)" table: (English, the Chinese terms, the words never used)."""
    doc = DOC.read_text(encoding="utf-8")
    section = doc.split("## Words (用語)", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("English", "") or set(cells[0]) <= {"-"}:
            continue
        never = [w.split(" (")[0] for w in cells[2].split("、") if w not in ("—", "")]
        rows.append((cells[0], cells[1].split("、"), never))
    return rows


def _strings_of(table: Strings) -> list[str]:
    return list(table["zh-TW"].values())


def terminal_strings() -> dict[str, str]:
    """Every Chinese string of ICE's text module (the terminal's and the labels' words)."""
    out = {}
    for name in dir(text):
        value = getattr(text, name)
        if isinstance(value, Strings):
            for key, s in value["zh-TW"].items():
                out[f"text.{name}.{key}"] = s
    return out


def browser_strings() -> dict[str, str]:
    """ICE's Chinese in the browser: its i18n file, its component table and any Chinese
    written in its scripts."""
    out = {
        f"i18n.{k}": v["zh-TW"]
        for k, v in json.loads((STATIC / "i18n" / "ice.json").read_text("utf-8")).items()
    }

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("zh-TW"), str):
                out[f"components{path}"] = node["zh-TW"]
            for k, v in node.items():
                walk(v, f"{path}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]")

    walk(json.loads((STATIC / "js" / "games" / "ice.components.json").read_text("utf-8")), "")
    for js in [STATIC / "js" / "games" / "ice.js", *(STATIC / "js" / "games" / "ice").glob("*.js")]:
        for i, line in enumerate(js.read_text("utf-8").splitlines()):
            for lit in re.findall(rf"[\"'`]([^\"'`]*[{CJK}][^\"'`]*)[\"'`]", line):
                out[f"{js.name}:{i + 1}"] = lit
    return out


def doc_strings() -> dict[str, str]:
    """The rules document's Chinese: the rules section and each decision's 中文 part,
    with the seed's quoted words taken out (they are the seed's, not ours)."""
    doc = DOC.read_text(encoding="utf-8")
    out = {}
    rules = doc.split("## 規則（繁體中文）", 1)[1].split("\n## ", 1)[0]
    out["doc.rules"] = rules
    for i, part in enumerate(re.findall(r"\*中文：\*(.*?)(?=\n\* |\n## |\Z)", doc, re.S)):
        out[f"doc.decision{i}"] = part
    return {k: QUOTED.sub("「」", v) for k, v in out.items()}


SOURCES = {"terminal": terminal_strings, "browser": browser_strings, "doc": doc_strings}


def _without_title(s: str) -> str:
    return s.replace(Ice.title_zh, "")


def test_the_glossary_is_read_from_the_rules_document() -> None:
    words = glossary()
    assert len(words) >= 20
    assert ("leader", ["隊長"], ["領隊", "隊伍長"]) in words


@pytest.mark.parametrize("source", SOURCES)
def test_no_ice_string_uses_a_word_the_glossary_rules_out(source: str) -> None:
    found = {}
    for where, s in SOURCES[source]().items():
        for english, _terms, never in glossary():
            for word in never:
                if word in _without_title(s):
                    found[where] = f"{word} (for {english!r}) in {s[:80]!r}"
    assert not found, found


def test_each_term_is_used_where_the_game_speaks_of_it() -> None:
    """Every glossary term occurs in the terminal's words or the browser's, and in the
    Chinese rules: the table names the words the game really uses."""
    said = {name: " ".join(fn().values()) for name, fn in SOURCES.items()}
    missing = [
        (english, term, name)
        for english, terms, _never in glossary()
        for term in terms
        for name in ("doc",)
        if term not in said[name]
    ]
    missing += [
        (english, term, "terminal or browser")
        for english, terms, _never in glossary()
        for term in terms
        if term not in said["terminal"] + said["browser"]
    ]
    assert not missing, missing


@pytest.mark.parametrize("source", SOURCES)
def test_chinese_strings_use_chinese_punctuation(source: str) -> None:
    bad = {where: s for where, s in SOURCES[source]().items() if ASCII_MARK.search(s)}
    assert not bad, bad


@pytest.mark.parametrize("players", [1, 3])
def test_what_a_chinese_player_reads_in_a_game_lists_with_the_chinese_comma(
    players: int,
) -> None:
    """A whole random game in Chinese: the terminal board at every turn, every choice's
    label and every log line, and the end; no list joined by ", " (tile names, request
    numbers, figures), no ASCII colon or semicolon beside Chinese."""
    game = make_game("ice", players=players)
    match = Match(game, 5)
    bots = [make_bot("random", game, s, 5 + s) for s in range(players)]
    bad: set[str] = set()
    read = 0

    def check(words: str) -> None:
        nonlocal read
        read += 1
        for line in words.splitlines():
            if ", " in line or ASCII_MARK.search(line):
                bad.add(line)

    while not match.state.is_terminal():  # a random ICE game ends (max_game_length)
        state = match.state
        if state.is_chance():
            match.resolve_chance()
            continue
        seat = state.turn().seats[0]
        check(text.render(state.view(seat), seat, "zh-TW"))
        check("\n".join(action_label(game, a, "zh-TW", state) for a in state.legal_actions(seat)))
        action = bots[seat].choose(state)
        check("\n".join(log_label(state, action, seat, v, "zh-TW") for v in range(players)))
        match.play(action, seat)
    assert match.state.is_terminal()
    check(text.render(match.state.view(0), 0, "zh-TW"))
    check(end_label(match.state, "zh-TW") or "")
    assert read > 100 and not bad, sorted(bad)[:10]


def test_the_board_script_joins_lists_and_labels_in_the_pages_language() -> None:
    """ice.js once joined the tiles a dig brings down with ", " and put an ASCII ": "
    between a tile's Chinese description and its choices (its accessible name): both go
    through the page's language now (listOf: 、 in Chinese; ： after Chinese)."""
    js = (STATIC / "js" / "games" / "ice.js").read_text("utf-8")
    assert '.join(", ")' not in js
    assert "}: ${" not in js
