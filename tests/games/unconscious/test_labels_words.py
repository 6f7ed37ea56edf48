"""Unconscious Mind: labels and the terminal name things as the board shows them (item 15).

The lead saw "Choice 2", ``II-20`` and ``16@4``: an option of a decision, a
market tile's key and a client index. Every legal action's label (taken in
its state, as the server and the terminal now take it) and the terminal
board name what the option does, the tile's effect and the client's name,
in English and Traditional Chinese, and never a face-down tile.
"""

from __future__ import annotations

import random
import re

from meeple.core import decisions as dec
from meeple.core.labels import action_label, action_labels, has_state_labels
from meeple.games.tictactoe import TicTacToe
from meeple.games.unconscious import Unconscious, text
from meeple.games.unconscious import turns as tn
from meeple.games.unconscious import words as wd
from meeple.games.unconscious.actions import MarketTile, Option, PlaceIdeas
from meeple.games.unconscious.components import (
    ACTION_KEYS,
    ACTION_SPACES,
    CLIENTS,
    RONDEL_KEYS,
    TILES,
)
from meeple.games.unconscious.state import FOLLOW
from meeple.server.match.core import GameCore
from tests.games.unconscious.builders import ready, with_room

#: What the lead saw: an option's number, a tile key, a client index at a track value.
_INTERNAL = re.compile(r"Choice \d|選項 \d|\bI{1,2}-\d|\d+@\d+|\b[A-D][1-3]\b")


def _random_game(players: int, seed: int, every: int = 1):  # type: ignore[no-untyped-def]
    """Yield (state, legal actions) along a random game (every ``every``-th decision)."""
    s = Unconscious(players=players, rounds=4).new_initial_state(seed)
    rng = random.Random(seed)
    k = 0
    while not s.is_terminal():
        seat = s.current_seat()
        assert seat is not None
        acts = s.legal_actions(seat)
        if k % every == 0:
            yield s, acts
        s.apply(rng.choice(acts), seat)
        k += 1


def test_every_legal_label_names_what_it_does_in_both_languages() -> None:
    kinds: set[str] = set()
    for players, seed in ((1, 3), (2, 1), (4, 2)):
        for s, acts in _random_game(players, seed):
            d = dec.top(s.decisions)
            for a in acts:
                en, zh = text.state_label(s, a, "en"), text.state_label(s, a, "zh-TW")
                assert en and zh and en != zh, (a, en)
                assert not _INTERNAL.search(en) and not _INTERNAL.search(zh), (a, en, zh)
                assert "nothing" not in en, (a, en)
                assert "(s)" not in en, (a, en)  # plurals settled by their number
                if isinstance(a, Option):
                    kinds.add(d.kind if d is not None else "follow")
    # the options of every kind of decision were met (and named)
    assert {"choose", "follow", "bright_ink", "recall_bonus"} <= kinds, kinds


def test_the_follow_up_says_where_the_inkpot_lands_and_what_it_triggers() -> None:
    s = ready(2)
    s.apply(PlaceIdeas(0, ACTION_KEYS.index("tile_stack"), 1, 0), 0)
    while dec.top(s.decisions) is not None:  # take the tile, put it in the notebook
        s.apply(s.legal_actions(0)[0], 0)
    assert s.step == FOLLOW and s.bright[0] == 0
    label = text.state_label(s, Option(0), "en")
    landing = (s.inkpot[0] + 1) % len(RONDEL_KEYS)  # the first action row prints one inkpot
    assert RONDEL_KEYS[landing] == "row1"
    assert label.startswith("Move the inkpot 1 space to notebook row 1:"), label
    for t in s.notebook[0][:3]:  # every tile of that row is named by its effect
        if t >= 0:
            assert wd.tile(t, "en") in label
    assert "墨水瓶走 1 格到筆記本第 1 橫列" in text.state_label(s, Option(0), "zh-TW")
    assert text.state_label(s, Option(1), "en") == "Treat your clients instead"


def test_a_client_choice_names_the_client_and_a_stack_tile_stays_hidden() -> None:
    s = ready(2)
    with_room(s, 0, 0, client=-1)  # the room is empty at the end of the turn: a new client comes
    tn.refill(s, 0)
    d = dec.top(s.decisions)
    assert d is not None and d.kind == "client"
    c = s.client_display[0]
    label = text.state_label(s, Option(0), "en")
    assert wd.client(c, "en") in label and "from the display" in label, label
    assert wd.client(c, "zh-TW") in text.state_label(s, Option(0), "zh-TW")
    assert text.state_label(s, Option(4), "en") == "A random normal client from the deck"
    s.apply(Option(0), 0)
    d = dec.top(s.decisions)
    assert d is not None and d.kind == "manifest"
    dream = text.state_label(s, Option(0), "en")
    assert wd.dream(s.manifest_display[0], "en") in dream, dream
    for where, column in (("tile_stack", 0), ("tile_right", 2)):
        s = ready(2)
        a = ACTION_KEYS.index(where)
        s.apply(PlaceIdeas(ACTION_SPACES[a][0], a, 1, 0), 0)
        d = dec.top(s.decisions)
        assert d is not None and d.kind == "market"
        for row in (0, 1):
            label = text.state_label(s, MarketTile(row, column), "en")
            if column == 0:  # face down: named by its place only
                assert label == f"Market row {row + 1}, the face-down stack"
                assert wd.tile(s.stacks[row][-1], "en") not in label
            else:
                assert label == f"Market row {row + 1}, the right tile: " + wd.tile(
                    s.right[row], "en"
                )


def test_the_terminal_board_names_tiles_clients_and_cards_never_their_keys() -> None:
    for s, _acts in _random_game(4, 6, every=25):
        for lang in ("en", "zh-TW"):
            out = text.render(s.view(0), 0, lang)
            assert not _INTERNAL.search(out), _INTERNAL.search(out)
            assert "Seat 0" not in out and "座位 0" not in out  # seats count from 1
            for room in s.view(0)["players"][0]["rooms"]:
                if room["client"] >= 0:
                    assert wd.client(room["client"], lang) in out
    s = ready(2)
    out = text.render(s.view(0), 0, "en")
    assert wd.tile(s.middle[1], "en") in out and TILES[s.middle[1]].key not in out
    assert all(CLIENTS[c].key not in out for c in s.room_client[0] if c >= 0)


def test_the_server_and_the_core_take_labels_from_the_state() -> None:
    game = Unconscious(players=2)
    assert has_state_labels(game) and not has_state_labels(TicTacToe())
    core = GameCore("m1", game, 3, {})
    s = core.match.state
    for seat in range(2):
        keep = s.legal_actions(seat)[0]
        core.apply(seat, keep)
    s = core.match.state
    place = next(a for a in s.legal_actions(0) if isinstance(a, PlaceIdeas))
    before = s.clone()
    core.apply(0, place)
    s = core.match.state
    while dec.top(s.decisions) is not None:
        core.apply(0, s.legal_actions(0)[0])
        s = core.match.state
    entry = core.entry(Option(0))
    assert entry["label"] == action_labels(game, Option(0), s)
    assert entry["label"]["en"].startswith(("Move the inkpot", "Take a recall bonus"))
    assert action_label(game, Option(0), "en") == "Choice 1"  # without a state: the number
    # the log line of the placement was labelled in the state it was taken in
    line = core.log_views[0][2]
    assert line["label"]["en"] == text.log_label(before, place, 0, "en")


def test_the_terminal_board_calls_seats_players_as_the_prompt_does() -> None:
    """The board says "player 1" as the menu and the other games do (never "seat"), and a
    professor not yet placed reads in words, not as a bare dash."""
    s = Unconscious(players=2).new_initial_state(3)
    for lang, player, seat, nowhere in (
        ("en", "Player 1:", "Seat", "professor not placed yet"),
        ("zh-TW", "玩家 1：", "座位", "教授尚未放置"),
    ):
        out = text.render(s.view(0), 0, lang)
        assert player in out and seat not in out, out
        assert nowhere in out and "professor at -" not in out and "教授在-" not in out, out


def test_an_any_order_effect_reads_with_the_languages_own_separator() -> None:
    """A right-hand market tile gives its banner and its main effect in any order; the
    zh-TW words join the parts with a full-width semicolon, as Chinese text does, and
    never leave a half-width ';' in a Chinese line (the English keeps '; ')."""
    from meeple.core.effects import ANY_ORDER
    from meeple.games.unconscious.engine import program as engine_program

    t = next(t for t in TILES if t.banner and t.main)
    banner, main = engine_program(t.banner, "notebook"), engine_program(t.main, "notebook")
    prog = ((ANY_ORDER, banner, main),)
    zh = wd.program(prog, "zh-TW")
    en = wd.program(prog, "en")
    assert "；" in zh and ";" not in zh
    assert "; " in en and "；" not in en


def test_a_generate_choice_names_the_insight_in_chinese() -> None:
    """The dial's 'Generate in red' reads as 'generate a red insight' in zh-TW, not the
    word-for-word '生成在紅色'."""
    red = wd.colour(0, "zh-TW")
    line = text.TEXT("colour_gen", "zh-TW", colour=red)
    assert line == f"生成{red}頓悟"
    assert text.TEXT("colour_gen", "en", colour=wd.colour(0, "en")).startswith("Generate")


def test_a_single_card_or_step_is_said_without_a_range() -> None:
    """ "play 1 research" / 「打出 1 張研究卡」, never "play 1-1 research" (a tile's
    cost step with one card read as the range 1-1 on the board)."""
    import json

    from meeple.games.unconscious import components

    text = json.dumps(components.client_components(wd), ensure_ascii=False)
    assert "play 1-1" not in text and "1－1 張" not in text
    assert "play 1 research" in text and "打出 1 張研究卡" in text


def test_declining_the_tracks_action_and_an_effects_transfer_say_what_they_keep() -> None:
    from meeple.games.unconscious import engine as en
    from meeple.games.unconscious.actions import DONE

    s = ready()
    en.ENGINE.run(s, 0, (("activate",),))
    last = Option(len(dec.top(s.decisions).args) - 1)
    assert last in s.legal_actions(0)
    assert text.state_label(s, last, "en") == "Decline: take none of these"
    assert text.state_label(s, last, "zh-TW") == "不使用：以上皆不選"
    s = ready()
    en.ENGINE.run(s, 0, (("gen", 0), ("transfer", 3)), "tile")
    assert DONE in s.legal_actions(0)
    assert "no transfer" in text.state_label(s, DONE, "en")
    assert "不移情" in text.state_label(s, DONE, "zh-TW")
