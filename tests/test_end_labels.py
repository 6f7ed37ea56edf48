"""Every game says why it ended (issue 17, item 5): ``end_label`` in its text module.

The server puts the sentence in the result as ``end`` (both languages) and the
browser shows it above the result table; these tests set up endings and check
the words, and play every registered game to its end to check each has one.
"""

from __future__ import annotations

import re

import pytest

from meeple.core.labels import end_labels, seat_marks, tie_broken
from meeple.core.playout import random_playout
from meeple.core.registry import games, make_game

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("slug", sorted(c.name for c in games() if c.name != "ice"))
def test_every_game_says_why_it_ended_in_both_languages(slug: str) -> None:
    state, _ = random_playout(make_game(slug), seed=3)
    end = end_labels(state)
    assert end is not None, f"{slug}'s text module has no end_label"
    assert end["en"].strip() and CJK.search(end["zh-TW"]), end
    assert not CJK.search(end["en"])


def test_a_running_game_has_no_end_sentence() -> None:
    assert end_labels(make_game("tictactoe").new_initial_state(0)) is None


def _tictactoe(cells: list[int]):  # type: ignore[no-untyped-def]
    game = make_game("tictactoe")
    state = game.new_initial_state(0)
    for cell in cells:
        state.apply(game.parse_action(f"place {cell}"))
    return state


def test_tictactoe_names_the_winning_line_by_row_and_column() -> None:
    state = _tictactoe([0, 3, 1, 4, 2])  # X takes the top row
    end = end_labels(state)
    assert end == {
        "en": "X made three in a row, from row 1, column 1 to row 1, column 3.",
        "zh-TW": "X 連成一線，從第 1 列第 1 欄到第 1 列第 3 欄。",
    }


def test_tictactoe_full_board_is_a_draw() -> None:
    state = _tictactoe([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert state.is_terminal() and state.winners() == [0, 1]
    assert "draw" in end_labels(state)["en"]  # type: ignore[index]


def test_penguins_turn_cap_says_so() -> None:
    game = make_game("penguins", turn_limit=20)
    for seed in range(20):
        state, _ = random_playout(game, seed=seed)
        if state.winner == 2:  # the draw at the turn cap
            assert end_labels(state)["en"] == "The turn limit (20 turns) was reached: a draw."  # type: ignore[index]
            return
    pytest.fail("no random game of 20 turns reached the cap")


def test_province_names_its_end_condition() -> None:
    state, _ = random_playout(make_game("province"), seed=5)
    condition = state.end_condition()
    en = end_labels(state)["en"]  # type: ignore[index]
    if condition is None:
        assert "turn limit" in en
    else:
        assert "turn limit" not in en and en.endswith(".")


def test_a_tie_broken_by_tiebreaks_is_told() -> None:
    for seed in range(60):
        state, _ = random_playout(make_game("province"), seed=seed)
        scores = state.scores()
        if scores[0] == scores[1]:
            en = end_labels(state)["en"]  # type: ignore[index]
            assert "Equal points" in en
            assert tie_broken(state) == (state.ranks()[0] != state.ranks()[1])
            return
    pytest.skip("no tied Province game in 60 seeds")


def test_end_sentences_name_the_seats_by_the_names_given() -> None:
    """The browser gives the players' names, the terminal "player 2 (heuristic)": a
    sentence about one seat uses them, in both languages; without them, "player 2"."""
    from meeple.core.match import MatchRecord, replay
    from tests.golden import golden_dir

    record = MatchRecord.load(golden_dir("fittoprint") / "realtime_3p_timer_seed22.json")
    state = replay(record, verify=False).state
    assert state.eliminated() == [False, True, False]
    named = end_labels(state, ["Ann", "Bob", "Cy"])
    assert named == {
        "en": "The 3 days are printed: the week is over. "
        "Lowest total revenue is out of the running: Bob.",
        "zh-TW": "3 天的報紙都已出刊，本週結束。總收入最低者失去資格：Bob。",
    }
    assert end_labels(state)["en"].endswith("out of the running: player 2.")  # type: ignore[index]
    for seed in range(40):
        state, _ = random_playout(make_game("province"), seed=seed)
        if state.end_condition() == "seven_buildings":
            builder = next(s for s in range(2) if bin(state.built[s]).count("1") >= 7)
            named = end_labels(state, ["Ann", "Bob"])
            name = ["Ann", "Bob"][builder]
            assert named["en"].startswith(f"{name} has built seven buildings.")  # type: ignore[index]
            assert named["zh-TW"].startswith(f"{name} 蓋好了七棟建築。")  # type: ignore[index]
            plain = end_labels(state)["en"]  # type: ignore[index]
            assert plain.startswith(f"Player {builder + 1} has built seven buildings.")
            return
    pytest.fail("no Province game of 40 seeds ended with seven buildings")


def test_a_game_whose_end_sentence_takes_no_names_still_says_why() -> None:
    state, _ = random_playout(make_game("tictactoe"), seed=3)
    assert end_labels(state, ["Ann", "Bob"]) == end_labels(state)


@pytest.mark.parametrize(
    ("players", "seed", "key"), [(3, 0, "out of the running"), (2, 6, "behind")]
)
def test_fit_to_print_names_the_seats_its_end_sentence_is_about(
    players: int, seed: int, key: str
) -> None:
    state, _ = random_playout(make_game("fittoprint", players=players), seed=seed)
    marked = end_labels(state, seat_marks(players))
    assert marked is not None and key in marked["en"], marked
    # the server's marks, never "player 2"; a client puts the names in
    for lang in ("en", "zh-TW"):
        assert re.search(r"\{seat:\d\}", marked[lang]) and "player" not in marked[lang].lower()
        assert "玩家" not in marked[lang]
    named = end_labels(state, ["Ann", "Bo", "Cy"][:players])
    assert named is not None and re.search(r"(Ann|Bo|Cy)\.$", named["en"]), named
    assert "。 " not in named["zh-TW"]  # Chinese sentences follow each other without a space
    plain = end_labels(state)
    assert plain is not None and "player" in plain["en"]  # the terminal's words stay


@pytest.mark.parametrize("slug", ["ice", "fittoprint"])
def test_a_solo_game_lost_against_its_target_has_no_winner(slug: str) -> None:
    """The seat ranks 1 alone, but the result names a winner only when the solo game is won."""
    for seed in range(12):
        state, _ = random_playout(make_game(slug, players=1), seed=seed)
        won = state.returns()[0] > 0
        assert state.winners() == ([0] if won else []), (seed, state.returns())
        if not won:
            return
    pytest.fail("no lost solo game in 12 random playouts")


def test_snow_tails_view_carries_its_round_limit() -> None:
    """The page warns as a race nears the round limit: the view says what the limit is."""
    game = make_game("snowtails")
    view = game.new_initial_state(0).view(0)
    assert view["round_limit"] == game.round_limit == 60  # type: ignore[attr-defined]


def test_fit_to_print_labels_and_faces_carry_the_same_copy_numbers() -> None:
    """A label's "(#2)" is the number the board writes on the tile (the view's faces)."""
    from meeple.games.fittoprint.components import NTILES, TILE_COPIES
    from meeple.games.fittoprint.text import tile_name
    from meeple.games.fittoprint.view import FACES_JSON

    copied = [t for t in range(NTILES) if TILE_COPIES[t][1] > 1]
    assert copied and len(copied) < NTILES
    for t in range(NTILES):
        n, of = TILE_COPIES[t]
        for lang in ("en", "zh-TW"):
            assert (f"#{n}）" if lang == "zh-TW" else f"(#{n})") in tile_name(t, lang) or of == 1
            assert "#" not in tile_name(t, lang) or of > 1
        assert FACES_JSON[t].get("copy") == (n if of > 1 else None)
