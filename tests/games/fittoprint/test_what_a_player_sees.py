"""Fit To Print as a player reads it (issue 34, item 13): the status line after printing,
its daily and total points, and what a page would miss before "print!" in a puzzle
and in family mode. Each test sets up the situation and reads the view and the
terminal, in both languages."""

from __future__ import annotations

import pytest

from meeple.bots.registry import make_bot
from meeple.core.labels import end_label
from meeple.games.fittoprint import FitToPrint, Place, Print
from meeple.games.fittoprint.state import DAY, DRAFT, LAYOUT, OVER
from meeple.games.fittoprint.text import render
from tests.games.fittoprint.builders import find, new, to_layout
from tests.games.fittoprint.test_puzzles import lay_out, puzzle_state, searched


def _after_the_first_day(players: int) -> FitToPrint:
    """A Slo-Mode game played by heuristic bots until the first day is scored."""
    s = FitToPrint(players=players, mode="slo").new_initial_state(5)
    bots = [make_bot("heuristic", s.game, i, i) for i in range(players)]
    while s.phase == DAY:
        seat = s.current_seat()
        assert seat is not None
        s.apply(bots[seat].choose(s), seat)
    return s  # type: ignore[return-value]


@pytest.mark.parametrize("players", [2, 4])
def test_after_printing_the_line_counts_the_printed_page_and_names_the_days_points(
    players: int,
) -> None:
    """Between days the board shows the printed pages while the pages themselves are
    empty: the line once said "0 on the front page" beside a page of five tiles."""
    s = _after_the_first_day(players)
    assert s.phase in (DRAFT, OVER)
    view = s.view(0)
    printed = view["results"][-1]["pages"]
    assert any(page["tiles"] for page in printed)
    for p, page in zip(view["players"], printed, strict=True):
        assert p["page_count"] == len(page["tiles"])
        assert p["last_day"] == {
            "day": 0,
            "points": view["results"][-1]["scores"][p["seat"]]["points"],
            "revenue": view["results"][-1]["scores"][p["seat"]]["revenue"],
        }
    first = view["players"][0]
    en, zh = render(view, 0, "en"), render(view, 0, "zh-TW")
    assert f"page {first['page_count']} · total {first['total_points']} points" in en
    assert f"Friday's page {first['last_day']['points']} points" in en
    assert f"頭版 {first['page_count']} · 累計 {first['total_points']} 分" in zh
    assert f"週五頭版 {first['last_day']['points']} 分" in zh


def test_before_the_first_day_is_scored_no_days_points_are_told() -> None:
    view = new(2).view(0)
    assert all(p["last_day"] is None for p in view["players"])
    assert "Friday's page" not in render(view, 0, "en")


def test_a_puzzle_page_says_which_goal_parts_it_would_miss_before_print() -> None:
    s = puzzle_state(1)
    misses = {m["part"]: m for m in s.view(0)["you"]["unmet"]}
    assert set(misses) >= {"all_placed", "min_points"}
    assert misses["all_placed"]["got"] == len(s.desk[0])
    text = render(s.view(0), 0, "en")
    assert "Printing now, your page would miss:" in text
    assert "✗ every tile on the page (8 still on the desk)" in text
    assert "現在就印刷的話，你的頭版還差：" in render(s.view(0), 0, "zh-TW")


def test_a_solved_puzzle_page_asks_nothing_and_a_spoiled_one_names_the_part() -> None:
    r = searched(1)
    s = puzzle_state(1)
    lay_out(s, r.solution, r.solution_centre)
    assert s.status[0] == LAYOUT
    assert s.view(0)["you"]["unmet"] == []
    assert "would miss" not in render(s.view(0), 0, "en")
    # the view judged the page as printing it does, and changed nothing
    before = s.clone()
    s.view(0)
    assert s.page == before.page and s.phase == before.phase
    s.apply(Print(), 0)
    assert s.puzzle_solved() is True


def test_family_mode_asks_about_the_tiles_left_on_the_desk() -> None:
    s = new(2, mode="family")
    art = find("article", "2x2", colour="news")
    ad = find("ad", "1x1")
    to_layout(s, 0, art, ad)
    assert s.view(0)["you"]["unmet"] == [{"kind": "desk", "n": 2, "points": -2}]
    s.apply(Place(art, "a4", "up"), 0)
    assert s.view(0)["you"]["unmet"] == [{"kind": "desk", "n": 1, "points": -1}]
    assert "1 tiles still on your desk (-1 points)" in render(s.view(0), 0, "en")
    assert "辦公桌上還有 1 張板塊（-1 分）" in render(s.view(0), 0, "zh-TW")
    assert s.view(1)["you"]["unmet"] == []  # seat 1 is not laying out
    s.apply(Place(ad, "d1", "up"), 0)
    assert s.view(0)["you"]["unmet"] == []


def test_the_full_game_asks_nothing_before_print() -> None:
    s = new(2, mode="slo")
    to_layout(s, 0, find("ad", "1x1"))
    assert s.view(0)["you"]["unmet"] == []


def test_a_puzzles_end_says_solved_or_which_goal_parts_the_page_missed() -> None:
    """A puzzle once ended with "The 3 days are printed: the week is over"."""
    s = puzzle_state(1)
    s.apply(Print(), 0)
    en, zh = end_label(s, "en"), end_label(s, "zh-TW")
    assert en == (
        "The page is printed but misses part of the goal (every tile on the page; "
        "at least 8 points): puzzle not solved."
    )
    assert zh == "頭版已印刷，但沒達成「所有板塊都放上頭版」、「至少 8 分」：解題未成功。"
    r = searched(1)
    solved = puzzle_state(1)
    lay_out(solved, r.solution, r.solution_centre)
    solved.apply(Print(), 0)
    assert (
        end_label(solved, "en")
        == "The page is printed and meets every part of the goal: puzzle solved."
    )
    assert "week" not in end_label(solved, "en")


@pytest.mark.parametrize("target", [0, 200])
def test_a_solo_weeks_end_says_the_target_and_how_the_paper_did(target: int) -> None:
    s = FitToPrint(players=1, target=target).new_initial_state(2)
    bot = make_bot("heuristic", s.game, 0, 0)
    while not s.is_terminal():
        s.apply(bot.choose(s), 0)
    pts, rev = s.total_points(0), s.total_revenue(0)
    result = ("target reached", "達成目標") if s.solo_won() else ("target missed", "未達目標")
    assert s.solo_won() == (rev >= 8 if target == 0 else False)  # 200 points: out of reach
    assert (
        f"The target was {target} points and at least $8 of revenue; the paper made {pts} points and ${rev}: {result[0]}."
        in end_label(s, "en")
    )
    assert (
        f"目標是 {target} 分且收入至少 8 元；報紙得到 {pts} 分、{rev} 元：{result[1]}。"
        in end_label(s, "zh-TW")
    )


@pytest.mark.parametrize(
    ("lang", "no", "yes", "asked"),
    [
        ("en", "no", "yes", "Print now? Your page would miss:"),
        ("zh-TW", "否", "是", "現在就印刷？"),
    ],
)
def test_the_terminal_asks_before_printing_a_page_that_misses_its_goal(
    lang: str, no: str, yes: str, asked: str
) -> None:
    """ "print" in the terminal once ended a puzzle at once; it now asks, and anything
    but yes leaves the page as it was."""
    import io

    from meeple.cli.common import BotTable
    from meeple.cli.play_cmd import PlaySession
    from meeple.core import Match

    match = Match(FitToPrint(players=1, mode="puzzle", puzzle=1), 1)
    typed = f"print\n{no}\nprint\n{yes}\n"
    session = PlaySession(match, BotTable(match, {}, 1), 0, lang, io.StringIO(typed), io.StringIO())
    session.run()
    out = session.out.getvalue()  # type: ignore[attr-defined]
    assert out.count(asked) == 2, out[-800:]
    assert ("Not taken: choose again." if lang == "en" else "未執行：請重新選擇。") in out
    assert match.state.is_terminal() and len(match.history) == 1  # printed once, after yes


def test_the_server_puts_the_question_on_the_print_action() -> None:
    from meeple.core.labels import confirm_labels

    s = puzzle_state(1)
    asked = confirm_labels(s, Print(), 0)
    assert asked is not None
    assert asked["en"].startswith("Print now? Your page would miss: every tile on the page")
    assert asked["zh-TW"].startswith("現在就印刷？你的頭版還差：所有板塊都放上頭版")
    assert confirm_labels(s, s.legal_actions(0)[0], 0) is None  # a placement asks nothing
    assert confirm_labels(new(2), Print(), 0) is None  # the full game asks nothing
