"""The terminal's action menu: numbers that stay, long lists grouped, words that name actions."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

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


def decisions(
    s: PlaySession, steps: int, choose: Callable[[list[Action]], Action]
) -> Iterator[list[Action]]:
    """The human's legal actions at each decision of a game (chance and bots between),
    the human then playing ``choose``'s pick; at most ``steps`` steps."""
    for _ in range(steps):
        state = s.match.state
        if state.is_terminal():
            return
        if state.is_chance():
            s.match.resolve_chance()
        elif (seat := s.table.next_bot_seat()) is not None:
            s.table.step(seat)
        else:
            legal = s.legal()
            yield legal
            s.match.play(choose(legal), s.human)


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
    rows = menu.open_group(land, s.text.label, region=s.text.region)
    assert all(e.text.startswith("row ") for e in rows)  # sixty places: by row first
    inside = [e for row in rows for e in menu.open_group(row, s.text.label)]
    assert sorted(e.text for e in inside) == sorted(
        s.text.label(a)[len("land an egg on ") :] for a in land.actions
    )


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
        for legal in decisions(s, 400, lambda legal: legal[len(legal) // 2]):
            top = menu.entries(legal, s.text.label)
            one_place = len({(a.kind, str(a.to_json().get("tile"))) for a in legal}) == 1
            assert len(top) <= menu.LIMIT or one_place, (name, len(top))
            reach = [a for e in top for a in e.actions]
            assert sorted(map(str, reach)) == sorted(map(str, legal)), name
            seen += 1
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


# -- one kind at every place: split by the board's rows ---------------------------------


def screens(entries: list[menu.Entry], s: PlaySession) -> list[list[menu.Entry]]:
    """Every list a player can reach from ``entries`` by opening groups."""
    out = [entries]
    for e in entries:
        if e.action is None:
            out += screens(menu.open_group(e, s.text.label, region=s.text.region), s)
    return out


def one_kind_everywhere(s: PlaySession) -> bool:
    legal = s.legal()
    return len(legal) > menu.SCREEN and len({a.kind for a in legal}) == 1


def test_one_kind_at_sixty_places_is_split_by_row_then_place(cli: Runner) -> None:
    """The penguin game's first decision places a rival egg on any of 60-odd points:
    one kind, one field. The menu offers the board's rows, then a row's points."""
    s = session("penguins", 7, scene=3)
    advance(s, one_kind_everywhere)
    legal = s.legal()
    top = menu.entries(legal, s.text.label, region=s.text.region)
    assert len(top) == 8 and [e.text for e in top] == [f"row {n}" for n in range(1, 9)]
    assert sorted(map(str, (a for e in top for a in e.actions))) == sorted(map(str, legal))
    row3 = menu.open_group(top[2], s.text.label, region=s.text.region)
    assert [e.text for e in row3] == [s.text.label(a).split()[-1] for a in top[2].actions]
    assert all(e.text.endswith("3") for e in row3)
    # the same at the terminal, in both languages: rows, then a row's points by name
    keep = "1\n1\n"  # two starting cards, then the rival egg
    r = cli(["play", "penguins", "-o", "scene=3", "--seed", "7"], stdin=keep + "3\n2\nquit\n")
    by_row = "put a rival egg on … (first the part of the board, or type a place such as A1):"
    assert by_row in r.out
    assert (
        "  3. row 3 (8 choices)" in r.out and "put a rival egg on … · row 3 (type a number" in r.out
    )
    assert max(len(numbered(m)) for m in menus(r.out)) <= 8
    r = cli(
        ["play", "penguins", "-o", "scene=3", "--seed", "7", "--lang", "zh"], stdin=keep + "q\n"
    )
    assert (
        "在 … 放一顆對手的蛋（先選盤面區域，或直接輸入位置，例如 A1）：" in r.out
        and "  3. 第 3 列（8 個選項）" in r.out
    )


def test_no_screen_lists_more_than_thirty_over_whole_games() -> None:
    """Every list reachable at every decision of whole games (Fit To Print's tiles at
    every cell and face, the penguin game's points) holds at most SCREEN entries."""

    def middle(legal: list[Action]) -> Action:
        return legal[len(legal) // 3]

    for name, options, choose in [
        ("penguins", {"scene": 3}, middle),
        ("fittoprint", {"mode": "slo"}, reporter()),
    ]:
        s = session(name, 3, **options)
        worst, most = 0, 0
        for legal in decisions(s, 150, choose):
            top = menu.entries(legal, s.text.label, region=s.text.region)
            worst = max(worst, *(len(screen) for screen in screens(top, s)))
            most = max(most, len(legal))
        assert most > 2 * menu.SCREEN and 8 <= worst <= menu.SCREEN, (name, most, worst)


def test_a_list_nothing_splits_comes_in_pages() -> None:
    """A game that names no regions (or not for every action) still never fills a screen:
    its long list comes in pages of consecutive entries, named by the first and last."""
    s = session("penguins", 7, scene=3)
    advance(s, one_kind_everywhere)
    legal = s.legal()
    for region in (None, lambda a: "row 1" if a == legal[0] else None):
        top = menu.entries(legal, s.text.label, region=region)
        assert 2 <= len(top) <= menu.SCREEN and all(e.page is not None for e in top)
        assert [a for e in top for a in e.actions] == legal  # in order, nothing lost
        inside = menu.open_group(top[0], s.text.label, region=region)
        assert top[0].text == f"{inside[0].text} … {inside[-1].text}"
        assert inside[0].text == "put a rival egg on A1"
        assert len(inside) <= menu.LIMIT and all(e.action is not None for e in inside)
