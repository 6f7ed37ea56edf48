"""Every string the browser client shows exists in English and Traditional Chinese.

The client looks strings up by key (``t("lobby.create")``, ``data-i18n="..."``);
a key missing from the tables would show the raw key to a player. These
checks read the static files directly, so they need no browser and run fast.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "meeple" / "web" / "static"
LANGS = ("en", "zh-TW")
SHARED_NAMESPACES = (
    "bot",
    "nav", "lang", "lobby", "match", "replay", "review", "hint", "result", "seat", "conn", "error",
    "legal", "board", "log", "seatcolour", "rules", "skip", "textview", "account", "ratings", "chat",
)  # fmt: skip
PROTOCOL = STATIC.parents[3] / "docs" / "protocol.md"


def protocol_error_codes() -> list[str]:
    """Every error code in docs/protocol.md's tables (rows like "| `stale_state` | ...")."""
    return re.findall(r"^\| `(\w+)` \|", PROTOCOL.read_text(encoding="utf-8"), flags=re.M)


#: Keys built at run time from a variable (``t(`conn.${status}`)``): every value they can take.
DYNAMIC_KEYS = (
    [f"conn.{s}" for s in ("connecting", "online", "offline", "closed")]
    + [f"lobby.none_{tab}" for tab in ("open", "running", "finished")]
    + [f"bot.{name}" for name in ("random", "greedy", "heuristic", "mcts", "ismcts")]
    # the seat colours' names (panels.js PALETTE)
    + [
        f"seatcolour.{c}"
        for c in ("red", "blue", "green", "purple", "yellow", "brown", "orange", "grey")
    ]
    # every error code the server may send, plus the client's own
    + [f"error.{code}" for code in [*protocol_error_codes(), "offline", "network", "http"]]
)
#: Per renderer, keys it builds at run time (group titles come from legal.js as kind.<type>).
DYNAMIC_GAME_KEYS = {
    "tictactoe": ["kind.place"],
    "province": [
        *(f"kind.{k}" for k in ["move", "build", "borrow", "grind", "union", "hire", "repay", "end"]),
        "worker.camp", "worker.village", "colour.red", "colour.blue",
        "space.labor", "space.coin", "log.boats_white", "log.boats_black", "log.boats_mixed",
        "points_one", "coins_one", "buildings_n_one", "sailors_one",
    ],
}  # fmt: skip
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def load_table(name: str) -> dict[str, dict[str, str]]:
    data = json.loads((STATIC / "i18n" / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def shared_keys_used() -> set[str]:
    """Key-shaped string literals in the shared JS, and data-i18n* attributes in the HTML."""
    ns = "|".join(SHARED_NAMESPACES)
    literal = re.compile(rf"""["']((?:{ns})\.[a-z_]+)["']""")
    used: set[str] = set()
    for path in (STATIC / "js").glob("*.js"):
        used |= set(literal.findall(path.read_text(encoding="utf-8")))
    attr = re.compile(r'data-i18n(?:-[a-z-]+)?="([^"]+)"')
    for path in STATIC.glob("*.html"):
        used |= set(attr.findall(path.read_text(encoding="utf-8")))
    return used | set(DYNAMIC_KEYS)


def table_files() -> list[str]:
    return sorted(p.name for p in (STATIC / "i18n").glob("*.json"))


@pytest.mark.parametrize("name", table_files())
def test_every_entry_has_both_languages_with_the_same_placeholders(name: str) -> None:
    for key, entry in load_table(name).items():
        assert set(entry) == set(LANGS), f"{name}: {key} has languages {sorted(entry)}"
        for lang in LANGS:
            assert entry[lang].strip(), f"{name}: {key} is empty in {lang}"
        en, zh = (set(PLACEHOLDER.findall(entry[lang])) for lang in LANGS)
        assert en == zh, f"{name}: {key} placeholders differ: {en} vs {zh}"


def test_the_protocol_error_codes_are_found() -> None:
    codes = protocol_error_codes()
    assert {"stale_state", "illegal_action", "bad_token", "seat_taken"} <= set(codes)


def test_every_shared_key_used_is_in_the_table() -> None:
    table = load_table("strings.json")
    missing = sorted(shared_keys_used() - set(table))
    assert not missing, f"keys used but not translated: {missing}"


def test_no_unused_shared_keys() -> None:
    """A key nobody uses is a sign of a typo on one side."""
    unused = sorted(set(load_table("strings.json")) - shared_keys_used())
    assert not unused, f"keys in strings.json that no page uses: {unused}"


@pytest.mark.parametrize("renderer", sorted(p.stem for p in (STATIC / "js" / "games").glob("*.js")))
def test_every_renderer_key_is_translated(renderer: str) -> None:
    source = (STATIC / "js" / "games" / f"{renderer}.js").read_text(encoding="utf-8")
    used = set(re.findall(r"""\.t\(\s*["']([\w.]+)["']""", source))
    used |= set(re.findall(r"""plural\(ctx,\s*["']([\w.]+)["']""", source))
    used |= set(DYNAMIC_GAME_KEYS.get(renderer, []))
    game_table = load_table(f"{renderer}.json")
    used |= {k for k in game_table if f'"{k}"' in source}  # e.g. t(cond ? "a" : "b")
    shared = load_table("strings.json")
    missing = sorted(k for k in used if k not in game_table and k not in shared)
    assert not missing, f"{renderer}.js uses untranslated keys {missing}"
    # "blurb" is the lobby's (the game in a line), checked below
    unused = sorted(set(game_table) - used - {"blurb"})
    assert not unused, f"{renderer}.json has keys {renderer}.js never uses: {unused}"


def test_the_chinese_table_is_really_chinese() -> None:
    """Catch an English string pasted into the zh-TW column (symbols-only entries aside)."""
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for name in table_files():
        for key, entry in load_table(name).items():
            text = PLACEHOLDER.sub("", entry["zh-TW"])
            if re.search(r"[A-Za-z]{3,}", text) or len(text.strip()) > 3:
                assert cjk.search(text), (
                    f"{name}: {key} zh-TW text {entry['zh-TW']!r} has no Chinese"
                )


def test_every_game_says_what_it_is_in_a_line_in_both_languages() -> None:
    """The lobby shows ``<game>.blurb`` under the game's name (lobby.js): every
    registered game has one, English and Chinese, a line long."""
    from meeple.core import registry

    for game in registry.games():
        entry = load_table(f"{game.name}.json").get("blurb")
        assert entry, f"{game.name} has no blurb"
        assert 20 <= len(entry["en"]) <= 140, entry["en"]
        assert re.search(r"[\u4e00-\u9fff]{6}", entry["zh-TW"]), entry["zh-TW"]
