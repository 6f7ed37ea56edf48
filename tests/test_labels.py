"""Labels are written once, in a game's text plug-in, and never tell more than the log line.

The server sends these labels with every legal action and log line, the
terminal prints them, and the browser shows them without translating an
action itself (tests/e2e checks the pages).
"""

from __future__ import annotations

import pytest

from meeple.core import Match, Rng, make_game
from meeple.core.game import State
from meeple.core.i18n import LANGUAGES
from meeple.core.labels import action_label, action_labels, log_label, log_labels, seen_label
from meeple.core.registry import game_names
from meeple.games.fittoprint import Draw, Keep, Place, Return
from meeple.games.fittoprint.text import tile_name
from meeple.games.penguins import Penguins
from tests.games.fittoprint.builders import find, new, to_layout


@pytest.mark.parametrize("name", game_names())
def test_every_action_of_every_game_has_a_label_in_both_languages(name: str) -> None:
    game = make_game(name)
    for action in game.action_space.actions:
        labels = action_labels(game, action)
        assert set(labels) == set(LANGUAGES)
        assert all(text.strip() for text in labels.values()), (name, action)


@pytest.mark.parametrize("name", game_names())
def test_a_line_seen_whole_reads_as_the_actions_label(name: str) -> None:
    """Over a random playout: wherever the redacted line is the plain one, the log
    label is the action's label (in the state it was taken in), or the line the game's
    own ``log_label`` tells (Unconscious Mind's, in the third person: issue 34, item 1);
    wherever it is not, the label is something else."""
    game = make_game(name)
    told = game.plugins.text is not None and game.plugins.text.log_label is not None
    state = game.new_initial_state(3)
    rng = Rng(3)
    for _ in range(60):
        if state.is_terminal():
            break
        turn = state.turn()
        seat = None if state.is_chance() else turn.seats[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randbelow(len(legal))]
        for viewer in [*range(game.players), None]:
            plain = State.redact_action(state, action, seat, viewer)
            seen = state.redact_action(action, seat, viewer)
            label = log_label(state, action, seat, viewer, "en")
            if seen == plain:
                assert label == seen_label(state, action, seat, "en")
                assert told or label.startswith(action_label(game, action, "en", state))
            else:
                assert label != action_label(game, action, "en", state), (name, action, viewer)
        state.apply(action, seat)


def test_fit_to_print_labels_tell_others_no_kept_tile_and_no_layout_move() -> None:
    s = new(2, mode="realtime")
    s.apply(Draw("1x1"), 0)
    tile = s.drawn(0)
    # the tile by what it shows (the board never shows its number)
    en, zh = tile_name(tile, "en"), tile_name(tile, "zh-TW")
    assert log_labels(s, Keep(), 0, 0) == {"en": f"keep the {en}", "zh-TW": f"保留{zh}"}
    assert log_label(s, Keep(), 0, 1, "en") == "keep the tile"  # public: that a tile was kept
    assert log_label(s, Return(), 0, 1, "zh-TW") == f"將{zh}正面朝上退回"
    ad = find("ad", "1x1", skip=3)
    to_layout(s, 1, ad)
    move = Place(ad, "a1", "up")
    assert log_labels(s, move, 1, 0) == {"en": "works on the layout", "zh-TW": "正在排版"}
    assert log_labels(s, move, 1, None) == {"en": "works on the layout", "zh-TW": "正在排版"}
    assert tile_name(ad, "en") in log_label(s, move, 1, 1, "en")  # the actor reads its own move


def test_penguin_secret_choices_are_labelled_without_the_card() -> None:
    m = Match(Penguins(scene=1), seed=4)
    m.resolve_chance()
    first = m.state.turn().seats[0]
    keep = m.state.legal_actions()[0]
    assert log_labels(m.state, keep, first, 1 - first) == {
        "en": "keeps a card",
        "zh-TW": "保留了一張牌",
    }
    assert log_label(m.state, keep, first, first, "en") == action_label(m.game, keep, "en")
