"""The terminal's action menu: numbers that stay, long lists grouped, words that name actions."""

from __future__ import annotations

import io
from collections.abc import Callable

from meeple.cli import menu
from meeple.cli.common import BotTable
from meeple.cli.play_cmd import PlaySession
from meeple.cli.render import TextRenderer
from meeple.core.actions import Action
from meeple.core.match import Match
from meeple.core.registry import make_game
from tests.cli.conftest import Runner


def numbered(block: str) -> list[str]:
    """The numbered lines of one printed menu (columns split into their cells)."""
    import re

    return re.findall(r"(?:^|\s)(\d+)\. ", block)


def menus(out: str) -> list[str]:
    """Each menu the session printed: the text from a heading to the next prompt."""
    parts = out.split("Your choice [")
    return [p.rsplit("Legal actions:", 1)[-1] for p in parts[:-1]]


def session(game_name: str, seed: int, human: int = 0, **options: object) -> PlaySession:
    game = make_game(game_name, **options)
    match = Match(game, seed)
    bots = {s: "random" for s in range(game.players) if s != human}
    return PlaySession(
        match, BotTable(match, bots, seed), human, "en", io.StringIO(), io.StringIO()
    )


def first(legal: list[Action]) -> Action:
    return legal[0]


def advance(
    s: PlaySession,
    until: Callable[[PlaySession], bool],
    choose: Callable[[list[Action]], Action] = first,
) -> None:
    """Let chance and the bots act, and the human ``choose``, until ``until(s)``."""
    for _ in range(500):
        state = s.match.state
        if state.is_chance():
            s.match.resolve_chance()
        elif (seat := s.table.next_bot_seat()) is not None:
            s.table.step(seat)
        elif until(s):
            return
        else:
            s.match.play(choose(s.legal()), s.human)
    raise AssertionError("the position never came")


def reporter() -> Callable[[list[Action]], Action]:
    """Fit To Print: draw and keep a few tiles, then call layout."""
    taken = 0

    def choose(legal: list[Action]) -> Action:
        nonlocal taken
        kinds = {a.kind: a for a in reversed(legal)}
        if "keep" in kinds:
            taken += 1
            return kinds["keep"]
        for kind in (["draw"] if taken < 3 else []) + ["layout", "print", "draft"]:
            if kind in kinds:
                return kinds[kind]
        return legal[0]

    return choose


# -- tic-tac-toe: one number per cell -------------------------------------------------


def test_tictactoe_cells_keep_their_numbers(cli: Runner) -> None:
    r = cli(["play", "tictactoe", "--bots", "random", "--seed", "5"], stdin="5\n5\nquit\n")
    first, second = menus(r.out)[:2]
    assert " 1 | 2 | 3 " in r.out and " 4 | 5 | 6 " in r.out  # the board numbers free cells
    assert "| X | 6" in r.out
    assert "  5. Mark row 2, column 2" in first
    assert "5. " not in second and "  9. Mark row 3, column 3" in second  # not renumbered
    assert "There is no action 5 now: choose one of" in r.out


def test_tictactoe_says_who_moves_in_words_in_both_languages(cli: Runner) -> None:
    r = cli(["play", "tictactoe", "--seed", "1"], stdin="quit\n")
    assert "X to move (player 1)" in r.out
    r = cli(["play", "tictactoe", "--seed", "1", "--lang", "zh-TW"], stdin="quit\n")
    assert "輪到 X（玩家 1）" in r.out
    for word in ("to_move", "board:", "winner", "to move"):
        assert word not in r.out


# -- long lists ------------------------------------------------------------------------


def penguin_main_action(s: PlaySession) -> bool:
    kinds = {a.kind for a in s.legal()}
    return len(s.legal()) > menu.LIMIT and "land" in kinds


def test_the_penguin_main_action_is_grouped_by_kind_then_place() -> None:
    s = session("penguins", 3, scene=1)
    advance(s, penguin_main_action)
    legal = s.legal()
    top = menu.entries(legal, s.text.label)
    assert len(top) <= menu.LIMIT < len(legal)
    groups = [e for e in top if e.action is None]
    land = next(e for e in groups if {a.kind for a in e.actions} == {"land"})
    assert land.text == "land an egg on …"
    assert sum(len(e.actions) for e in top) == len(legal)  # nothing lost, nothing twice
    inside = menu.open_group(land, s.text.label)
    assert [e.text for e in inside] == [
        s.text.label(a)[len("land an egg on ") :] for a in land.actions
    ]


def test_fit_to_print_layout_stays_within_the_limit_at_every_level() -> None:
    s = session("fittoprint", 2, mode="slo")
    advance(s, lambda s: len(s.legal()) > 100, reporter())
    legal = s.legal()
    top = menu.entries(legal, s.text.label)
    assert len(top) <= menu.LIMIT
    place = next(e for e in top if e.action is None and e.actions[0].kind == "place")
    tiles = menu.open_group(place, s.text.label)
    assert all(e.action is None or e.action.kind == "place" for e in tiles)
    assert len(tiles) <= menu.LIMIT
    one_tile = next(e for e in tiles if e.action is None)
    cells = menu.open_group(one_tile, s.text.label)
    assert len({a.tile for a in one_tile.actions}) == 1  # type: ignore[attr-defined]
    assert all(" face " in e.text and not e.text.startswith("place") for e in cells)


def test_a_group_number_opens_it_and_back_returns(cli: Runner) -> None:
    r = cli(
        ["play", "fittoprint", "-o", "mode=slo", "--seed", "2"],
        stdin="draw 2x2\nkeep\nlayout\n1\nback\nquit\n",
    )
    shown = menus(r.out)
    layout_menu = next(m for m in shown if "choices)" in m)
    assert len(numbered(layout_menu)) <= menu.LIMIT
    assert "(type a number, or 'back' for the whole list):" in r.out
    assert "[1-" in r.out and ", back, help]" in r.out
    assert r.out.count("choices)") >= 2  # listed again after 'back'


def test_every_game_lists_at_most_the_limit_per_menu() -> None:
    """Over whole games of every game, no menu shows more than LIMIT lines but a
    group's own (columns of one kind at one place), and every action is reachable."""
    for name, options in [
        ("penguins", {"scene": 2}),
        ("fittoprint", {"mode": "slo"}),
        ("ice", {}),
        ("snowtails", {}),
        ("province", {}),
    ]:
        s = session(name, 4, **options)
        seen = 0
        for _ in range(400):
            state = s.match.state
            if state.is_terminal():
                break
            if state.is_chance():
                s.match.resolve_chance()
                continue
            if (seat := s.table.next_bot_seat()) is not None:
                s.table.step(seat)
                continue
            legal = s.legal()
            top = menu.entries(legal, s.text.label)
            one_place = len({(a.kind, str(a.to_json().get("tile"))) for a in legal}) == 1
            assert len(top) <= menu.LIMIT or one_place, (name, len(top))
            reach = [a for e in top for a in e.actions]
            assert sorted(map(str, reach)) == sorted(map(str, legal)), name
            seen += 1
            s.match.play(legal[len(legal) // 2], s.human)
        assert seen, name


# -- words that name actions -----------------------------------------------------------


def test_a_coordinate_alone_takes_the_one_action_it_names() -> None:
    s = session("penguins", 3, scene=1)
    advance(s, penguin_main_action)
    legal = s.legal()
    by_point: dict[str, list[Action]] = {}
    for a in legal:
        if hasattr(a, "point"):
            by_point.setdefault(str(a).split()[1], []).append(a)
    alone = next(p for p, acts in by_point.items() if len(acts) == 1)
    assert s.interpret(alone, legal) == by_point[alone][0]
    several = next(p for p, acts in by_point.items() if len(acts) > 1)
    assert s.interpret(several.lower(), legal) is None
    said = s.out.getvalue()  # type: ignore[attr-defined]
    assert f"'{several.lower()}' could mean" in said
    assert [e.action for e in s.menu] == by_point[several]  # numbered for the next choice
    assert s.pick(1) == by_point[several][0]


def test_an_ambiguous_prefix_lists_what_it_could_mean(cli: Runner, tmp_path: object) -> None:
    r = cli(
        ["play", "tictactoe", "--bots", "random", "--seed", "5", "--save", str(tmp_path)],
        stdin="mark row 3\n2\nquit\n",
    )
    assert "'mark row 3' could mean" in r.out
    block = r.out.split("could mean", 1)[1]
    assert "1. Mark row 3, column 1" in block and "3. Mark row 3, column 3" in block
    from tests.cli.test_play import human_actions, saved_record

    assert human_actions(saved_record(tmp_path))[0] == {"type": "place", "cell": 7}  # type: ignore[arg-type]


def test_a_partial_word_is_offered_never_taken() -> None:
    s = session("tictactoe", 1)
    legal = s.legal()
    assert s.interpret("mar", legal) is None
    assert "'mar' could mean 9 actions" not in s.out.getvalue()  # type: ignore[attr-defined]
    assert [e.action for e in s.menu] == legal  # offered, numbered


# -- the pieces --------------------------------------------------------------------------


def test_shared_words_cut_at_word_ends_in_both_languages() -> None:
    assert menu.shared(["take face-up tile 17: x", "take face-up tile 18: y"]) == (
        "take face-up tile",
        "",
    )
    assert menu.shared(["explore to I3 with 1", "explore to I13 with 1"]) == (
        "explore to",
        "with 1",
    )
    assert menu.shared(["打出 3 到左犬", "打出 3 到右犬"]) == ("打出 3 到", "犬")
    assert menu.middle("打出 3 到左犬", "打出 3 到", "犬") == "左"


def test_columns_fit_the_width_with_wide_characters() -> None:
    cells = [f"{i}. 第 {i} 列" for i in range(1, 41)]
    rows = menu.columns(cells, 40)
    assert all(menu.width(r) <= 40 for r in rows)
    assert sorted(c for r in rows for c in r.split("  ") if c) == sorted(cells)


def test_the_renderer_offers_a_games_board_numbers() -> None:
    ttt = TextRenderer(make_game("tictactoe"), "en")
    assert [ttt.number(a) for a in make_game("tictactoe").action_space.actions] == list(
        range(1, 10)
    )
    assert (
        TextRenderer(make_game("province"), "en").number(
            make_game("province").action_space.actions[0]
        )
        is None
    )
