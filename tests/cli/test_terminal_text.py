"""What the terminal draws says things in people's words: lanes, colours, hands, final
scores, and no English left in Traditional Chinese."""

from __future__ import annotations

import re
from typing import Any

import pytest

from meeple.cli import menu
from meeple.core.match import Match, MatchRecord, replay
from meeple.core.registry import make_game
from meeple.games.fittoprint import text as fit_text
from meeple.games.penguins import text as penguin_text
from meeple.games.snowtails import text as snow_text
from tests.cli.conftest import Runner
from tests.golden import golden_dir


def first_decision(game_name: str, seed: int, **options: Any) -> Match:
    match = Match(make_game(game_name, **options), seed)
    while match.state.is_chance():
        match.resolve_chance()
    return match


def test_snow_tails_numbers_its_lanes_above_and_below_the_course() -> None:
    match = first_decision("snowtails", 1)
    for lang, word in (("en", "lane"), ("zh-TW", "賽道")):
        lines = snow_text.render(match.state.view(0), 0, lang).splitlines()
        heads = [ln for ln in lines if ln.strip().startswith(word) and ln.endswith("1 2 3 4 5")]
        assert len(heads) == 2, lines
        course = [ln for ln in lines if re.match(r"^  \S+\s+\d+  [.TX|1-5]( [.TX|1-5]){4}$", ln)]
        assert course
        head = heads[0]
        column = menu.width(head[: head.index("1 2 3 4 5")])  # display columns (CJK: 2)
        for ln in course:  # every lane's cells stand under its number
            assert menu.width(ln[:-9]) == column and ln[-9:].count(" ") == 4, ln
        assert not any(re.search(r"[A-Z]+\d*:[ab]", ln) for ln in lines)  # no tile ids


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_penguin_legend_fits_the_width_and_names_your_colour(lang: str) -> None:
    match = first_decision("penguins", 2, scene=1)
    for seat, colour in ((0, ("Blue", "藍方")), (1, ("Red", "紅方"))):
        board = penguin_text.render(match.state.view(seat), seat, lang)
        assert all(menu.width(ln) <= penguin_text.LEGEND_WIDTH for ln in board.splitlines()[12:])
        wanted = f"You play {colour[0]}" if lang == "en" else f"你是{colour[1]}"
        assert wanted in board
    team = Match(make_game("penguins", players=4, scene=1), 2)
    while team.state.is_chance():
        team.resolve_chance()
    board = penguin_text.render(team.state.view(2), 2, lang)
    assert ("in a team with player 1" if lang == "en" else "與玩家 1同隊") in board


def legend_of(board: str) -> str:
    lines = board.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith(("legend", "Legend", "圖例")))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    return " ".join(ln.strip() for ln in lines[start:end])


def test_the_penguin_legend_lists_only_what_the_board_shows() -> None:
    match = first_decision("penguins", 2, scene=1)
    view = match.state.view(0)
    shown = legend_of(penguin_text.render(view, 0, "en"))
    assert (
        shown == "legend: . empty point, G seagull, # iceberg, S seal, after a point: ! radiation"
    )
    for absent in ("egg", "penguin", "storm", "krill", "frozen", "nest"):
        assert absent not in shown
    zh = legend_of(penguin_text.render(view, 0, "zh-TW"))
    assert zh == "圖例：. 空點、G 海鷗、# 冰山、S 海豹、點後的符號：! 輻射"
    # eggs of both sides and a frozen one: named by colour, yours marked, in 80 columns
    view["cells"][0], view["cells"][1], view["frozen"] = "egg0", "egg1", [1]
    view["terrain"][2] = "krill"
    for seat, mine, theirs in (
        (0, "o Blue egg (yours)", "x Red egg,"),
        (1, "x Red egg (yours)", "o Blue egg,"),
    ):
        board = penguin_text.render(view, seat, "en")
        shown = legend_of(board)
        assert mine in shown and theirs in shown and '"," krill' in shown
        assert "[ ] a frozen egg" in shown
        legend_lines = [ln for ln in board.splitlines() if ln in shown or ln.strip() in shown]
        assert all(menu.width(ln) <= 78 for ln in legend_lines)
    assert "o 藍方的蛋（你的）" in legend_of(penguin_text.render(view, 0, "zh-TW"))


def test_penguin_hand_sizes_read_as_words() -> None:
    match = first_decision("penguins", 2, scene=1)
    board = penguin_text.render(match.state.view(0), 0, "en")
    assert "hand sizes: [" not in board and "[0, 0]" not in board
    assert re.search(r"cards in hand — player 1: \d+, player 2: \d+", board)


def finished(game_name: str, file: str) -> Match:
    return replay(MatchRecord.load(golden_dir(game_name) / file), verify=False)


def test_fit_to_print_explains_its_final_score_and_the_revenue_penalty() -> None:
    match = finished("fittoprint", "slo_heuristic_vs_random_seed21.json")
    view = match.state.view(0)
    board = fit_text.render(view, 0, "en")
    assert "more than $5 behind the other in revenue costs 10 points" in board
    for p in view["players"]:
        assert f"Player {p['seat'] + 1}: {p['total_points']} points, ${p['total_revenue']}" in board
    # the same end with the second paper far behind in revenue: the 10 points it lost
    view["players"][1]["total_revenue"] = view["players"][0]["total_revenue"] - 6
    points = view["players"][1]["total_points"]
    view["final"]["scores"][1] = points - 10
    board = fit_text.render(view, 0, "en")
    assert f"10 points off, {points} → {points - 10}" in board
    zh = fit_text.render(view, 0, "zh-TW")
    assert f"扣 10 分，{points} → {points - 10}" in zh


#: English words allowed in a Traditional Chinese session: none. Its prompts name the
#: Chinese commands (說明, 返回); the English ones still work but are only in the help.
TYPED: set[str] = set()


def english_words(text: str) -> set[str]:
    """Words of three letters or more, leaving out what the player typed (echoed after
    the prompt) and command-line flags (``--seed``)."""
    shown = "\n".join(line.split("]：", 1)[0] for line in text.splitlines())
    shown = re.sub(r"--[a-z]+", "", shown)
    return set(re.findall(r"[A-Za-z]{3,}", shown)) - TYPED


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (["fittoprint", "-o", "mode=slo", "--bots", "heuristic"],
         "draw 2x2\nkeep\nlayout\n1\nback\nprint\n1\n" * 3),
        (["fittoprint", "--players", "1"], "layout\nprint\n1\n" * 3),
        (["tictactoe"], "5\n1\n3\n7\n9\n2\n4\n6\n8\n"),
        (["snowtails"], "1\n" * 120),
        (["penguins", "-o", "scene=1"], "1\n" * 120),
        (["province"], "1\n" * 120),
        (["ice"], "1\n" * 120),
        (["viscounts"], "1\n" * 120),
        (["unconscious"], "1\n" * 120),
        (["viscounts", "--players", "1"], "1\n" * 80),
    ],
)  # fmt: skip
def test_no_english_left_in_traditional_chinese(cli: Runner, argv: list[str], stdin: str) -> None:
    r = cli(["play", *argv, "--seed", "4", "--lang", "zh-TW"], stdin=stdin)
    assert r.code == 0, r.err
    words = english_words(r.out)
    assert not words, sorted(words)
    wide = [ln for ln in r.out.splitlines() if menu.width(ln) > 80]
    assert not wide, wide[:3]  # an 80-column terminal shows every line whole


@pytest.mark.parametrize("game", ["ice", "fittoprint", "snowtails", "province"])
def test_every_line_fits_an_80_column_terminal(cli: Runner, game: str) -> None:
    """The longest status lines (ICE's bounty, Fit To Print's day results, Snow Tails'
    sleds) are broken after a comma, the rest indented, never cut by the terminal."""
    r = cli(["play", game, "--seed", "4"], stdin="1\n" * 60)
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert all(menu.width(ln) <= 80 for ln in lines), max(lines, key=menu.width)


def test_snow_tails_lane_numbers_are_the_start_tiles_own() -> None:
    """Forest Trail's first corner turns right, so its lane 1 is the rightmost column:
    a sled that starts in lane 1 stands under the number 1."""
    match = first_decision("snowtails", 5, players=3)
    assert match.game.track.tiles[0].lane_one == "right"  # type: ignore[attr-defined]
    match.play(match.game.parse_action("lane 1"), 0)
    lines = snow_text.render(match.state.view(0), 0, "en").splitlines()
    head = next(ln for ln in lines if ln.strip().startswith("lane "))
    assert head.endswith("5 4 3 2 1")
    start = [ln for ln in lines if ln.strip().startswith("start") and "1" in ln[-9:]]
    assert start and all(
        ln.index("1", len(ln) - 9) == head.index("1", len(head) - 9) for ln in start
    )


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        ("en", "Lowest total revenue is out of the running: player 2 (random)."),
        ("zh-TW", "總收入最低者失去資格：玩家 2（隨機電腦）。"),
    ],
)
def test_the_terminal_says_why_the_game_ended_naming_seats_as_it_does(
    lang: str, wanted: str
) -> None:
    """The end sentence stands above the results, its seats named as the terminal names
    them everywhere else ("player 2 (random)"), not by a bare number."""
    import io

    from meeple.cli.common import BotTable
    from meeple.cli.play_cmd import PlaySession

    match = finished("fittoprint", "realtime_3p_timer_seed22.json")
    out = io.StringIO()
    table = BotTable(match, {1: "random", 2: "heuristic"}, 22)
    PlaySession(match, table, 0, lang, io.StringIO(), out).show_results()
    text = " ".join(out.getvalue().split(" ")).replace("\n  ", " ")  # the sentence, unbroken
    over = "Game over." if lang == "en" else "遊戲結束。"
    assert f"{over}\n" in text and wanted in text
    assert text.index(wanted) < text.index("rank 1" if lang == "en" else "第 1 名")


def test_ice_legend_spells_every_letter_the_board_shows_in_both_languages() -> None:
    from meeple.games.ice import text as ice_text

    match = first_decision("ice", 7)
    view = match.state.view(0)
    for lang, words in (
        ("en", ("C camp tile", "S snow tile", "? covered", "c a camp set up there")),
        ("zh-TW", ("C 營地版塊", "S 皚皚白雪版塊", "? 被覆蓋", "c 已設立的營地")),
    ):
        board = ice_text.render(view, 0, lang)
        shown = legend_of(board)
        assert all(w in shown for w in words), shown
        assert "glint" not in shown and "閃光" not in shown  # no hidden tile shows its back yet
        assert "C/F/N/T/S" not in shown
        lines = board.splitlines()
        start = next(i for i, ln in enumerate(lines) if ln.startswith(("Legend", "圖例")))
        assert all(menu.width(ln) <= 78 for ln in lines[start : start + 4])
        assert not re.search(r"(score|分數) \d+\.0", board)  # whole points, not 0.0


def test_province_says_what_its_star_after_a_worker_means(cli: Runner) -> None:
    for lang, said in (("en", "* moved this turn"), ("zh-TW", "* 本回合已移動")):
        r = cli(["play", "province", "--seed", "7", "--lang", lang], stdin="1\nquit\n")
        after = r.out.split("]: 1" if lang == "en" else "]：1", 1)[1]
        assert re.search(r"worker \d\*|工人 \d\*", after) and said in after
        before = r.out.split("]: 1" if lang == "en" else "]：1", 1)[0]
        assert said not in before  # nothing moved yet: nothing to explain


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_snow_tails_legend_fits_80_columns_and_explains_the_row_numbers(lang: str) -> None:
    match = first_decision("snowtails", 8, players=4)
    lines = snow_text.render(match.state.view(0), 0, lang).splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith(("Legend", "圖例")))
    legend = lines[start : start + 3]
    assert all(menu.width(ln) <= 78 for ln in legend), legend
    said = " ".join(legend)
    assert ("numbered on it" if lang == "en" else "在版塊上的編號") in said


def test_chinese_sessions_use_chinese_punctuation(cli: Runner) -> None:
    r = cli(["play", "penguins", "-o", "scene=3", "--seed", "8", "--lang", "zh"], stdin="q\n")
    assert "對手：玩家 2（策略電腦）" in r.out
    assert "回合 1/200，輪到：玩家 1" in r.out and "牌組：" in r.out
    assert not re.search(r"[\u4e00-\u9fff]: ", r.out.split("合法行動")[0])
    r = cli(["play", "snowtails", "--players", "3", "--seed", "8", "--lang", "zh"], stdin="q\n")
    assert "對手：玩家 2（策略電腦）、玩家 3（策略電腦）" in r.out


def test_ice_explore_counts_its_archaeologists_in_words() -> None:
    from meeple.games.ice import text as ice_text
    from meeple.games.ice.actions import Explore

    said = [ice_text.action_label(Explore(tile=3, carry=c), "en") for c in (0, 1, 2)]
    assert said == [
        "Explore to I3, your leader alone",
        "Explore to I3 with 1 archaeologist",
        "Explore to I3 with 2 archaeologists",
    ]
    assert ice_text.action_label(Explore(tile=3, carry=0), "zh-TW") == "探索到 I3，隊長獨自前往"


def test_fit_to_print_layout_group_is_named_by_a_verb_in_chinese(cli: Runner) -> None:
    """Every placement once began with the particle 將, so the group read "將 …"."""
    keys = "draw 2x2\nkeep\ndraw 1x2\nkeep\nlayout\n1\nquit\n"
    r = cli(["play", "fittoprint", "-o", "mode=slo", "--seed", "2", "--lang", "zh"], stdin=keys)
    assert "  1. 放置 …（70 個選項）" in r.out
    assert re.search(r"  1\. 放置照片 2x2（.*）於 …（28 個選項）", r.out)
    assert "將 …" not in r.out


def test_fit_to_print_names_the_letters_on_its_page() -> None:
    page = [(7, "a1", "up"), (46, "c4", "down"), (76, "a3", "up")]
    assert fit_text.page_legend(page, "en") == (
        "Tiles on your page (a face-up tile's cells show its number after "
        "s a sports & entertainment article, p a photo):"
    )
    assert "s 運動與娛樂文章、p 照片" in fit_text.page_legend(page, "zh-TW")
    assert fit_text.page_legend([(46, "c4", "down")], "en") == "Tiles on your page:"
    match = first_decision("fittoprint", 2, mode="slo")
    board = fit_text.render(match.state.view(0), 0, "en")
    assert "the centrepiece must cover" in board and "star at" not in board


def test_snow_tails_turn_summary_reads_in_chinese_punctuation() -> None:
    events = [["turn", 3], ["play", 1, "discard"], ["move"]]
    said = snow_text.describe_events(events, "zh-TW")
    assert said == "玩家 4（綠）：打出 1 到棄牌堆（更換煞車），移動"
    assert snow_text.describe_events(events, "en").startswith("Player 4 (green): played 1")
