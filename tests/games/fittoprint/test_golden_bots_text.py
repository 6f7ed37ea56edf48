"""Fit To Print: golden records (besides test_golden.py), the round timer through a Match, hidden information,
the heuristic bot and the terminal text."""

from __future__ import annotations

import json

import pytest

from meeple.bots import make_bot
from meeple.core import Match, MatchRecord, RecordError, make_game, replay
from meeple.core.playout import random_step
from meeple.core.rng import Rng
from meeple.games.fittoprint import CallLayout, Draw, Keep, Place, Print, Return, TimeUp
from meeple.games.fittoprint.bots import HeuristicBot, evaluate
from meeple.games.fittoprint.components import TILE_SIZE
from meeple.games.fittoprint.text import action_label, render
from tests.games.fittoprint.builders import find, new, to_layout
from tests.games.fittoprint.test_golden import CASES
from tests.golden import golden_dir

GOLDEN = golden_dir("fittoprint")

# ------------------------------------------------------------------- golden


def test_golden_realtime_record_holds_timer_events() -> None:
    record = MatchRecord.load(GOLDEN / "realtime_3p_timer_seed22.json")
    timeups = [(seat, a) for seat, a in record.actions if a["type"] == "timeup"]
    assert timeups == [(None, {"type": "timeup", "day": 0}), (None, {"type": "timeup", "day": 2})]


def test_tampered_record_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = json.loads((GOLDEN / CASES[0].file).read_text())
    data["result"]["scores"] = [99, 0]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        replay(MatchRecord.load(path), verify=True)


# ------------------------------------------------------- the round timer


def test_round_timer_is_offered_only_while_a_realtime_day_runs() -> None:
    s = new(2, mode="realtime", minutes=3)
    assert s.round_timer() == (180.0, TimeUp(0))
    assert new(2, mode="slo").round_timer() is None
    s.apply(TimeUp(0))
    assert s.phase == "draft" and s.round_timer() is None


def test_match_records_and_replays_the_clock_action() -> None:
    game = make_game("fittoprint", players=2, mode="realtime")
    m = Match(game, seed=5)
    m.play(Draw("2x2"), 1)
    m.play(Keep(), 1)
    m.play(TimeUp(0))  # what the server does when its timer fires
    assert m.history[-1] == (None, TimeUp(0))
    assert not m.can_undo(1)  # the timer is a barrier
    again = replay(MatchRecord.from_json(json.loads(json.dumps(m.record().to_json()))))
    assert again.state.state_id() == m.state.state_id()


# ------------------------------------------------------- hidden information


def test_determinize_keeps_sizes_and_the_seats_own_tiles() -> None:
    s = new(3, mode="realtime")
    rng = Rng(3)
    for _ in range(60):
        random_step(s, rng)
    d = s.determinize(0, Rng(9))
    assert d.view(0) == s.view(0)
    assert d.desk[0] == s.desk[0] and d.page[0] == s.page[0]
    assert [TILE_SIZE[t] for t in d.pool] == [TILE_SIZE[t] for t in s.pool]
    for seat in (1, 2):
        assert sorted(TILE_SIZE[t] for t in d.desk[seat]) == sorted(
            TILE_SIZE[t] for t in s.desk[seat]
        )
    assert sorted(d.hidden_from(0)) == sorted(s.hidden_from(0))


def test_determinize_resamples_the_face_down_pool() -> None:
    s = new(2)
    orders = {tuple(s.determinize(0, Rng(k)).pool) for k in range(5)}
    assert len(orders) > 1


def test_redact_action_hides_kept_tiles_and_layout_moves() -> None:
    s = new(2, mode="realtime")
    s.apply(Draw("1x1"), 0)
    t = s.drawn(0)
    assert s.redact_action(Keep(), 0, 1) == "seat 0: keep"
    assert str(t) in s.redact_action(Keep(), 0, 0)
    assert s.redact_action(Return(), 0, 1) == f"seat 0: return {t}"  # face up for all
    ad = find("ad", "1x1", skip=3)
    to_layout(s, 1, ad)
    assert s.redact_action(Place(ad, "a1", "up"), 1, 0) == "seat 1: works on the layout"
    assert s.redact_action(Place(ad, "a1", "up"), 1, 1) == f"seat 1: place {ad} a1 up"
    assert s.redact_action(Draw("2x2"), 0, 1) == "seat 0: draw 2x2"


def test_other_pages_stay_private_until_scoring() -> None:
    s = new(2, mode="realtime")
    ad = find("ad", "1x1")
    to_layout(s, 0, ad)
    s.apply(Place(ad, "a1", "up"), 0)
    other = s.view(1)
    assert "you" in other and other["you"]["page"] == []
    assert other["players"][0]["page_count"] == 1 and str(ad) not in json.dumps(other["players"][0])
    s.apply(Print(), 0)
    s.apply(CallLayout(), 1)
    s.apply(Print(), 1)
    assert s.view(1)["results"][0]["pages"][0]["tiles"] == [[ad, "a1", "up"]]


def test_is_legal_agrees_with_legal_actions() -> None:
    game = make_game("fittoprint", players=3, mode="realtime")
    s = game.new_initial_state(4)
    rng = Rng(4)
    space = game.action_space.actions
    step = 0
    while not s.is_terminal() and step < 400:
        if step % 25 == 0:
            for seat in s.turn().seats:
                legal = set(s.legal_actions(seat))
                for k in range(0, len(space), 7):
                    assert s.is_legal(space[k], seat) == (space[k] in legal), space[k]
                for a in legal:
                    assert s.is_legal(a, seat)
        random_step(s, rng)
        step += 1


# --------------------------------------------------------------------- bots


def _play(players: int, heuristic_seat: int, seed: int) -> list[int]:
    game = make_game("fittoprint", players=players, mode="slo")
    bots = [
        make_bot("heuristic" if s == heuristic_seat else "random", game, s, seed + s)
        for s in range(players)
    ]
    m = Match(game, seed)
    while not m.state.is_terminal():
        seat = m.state.turn().seats[0]
        m.play(bots[seat].choose(m.state), seat)
    return m.state.ranks()


def test_heuristic_beats_random_two_players() -> None:
    assert [_play(2, k % 2, 100 + k)[k % 2] for k in range(2)] == [1, 1]


def test_heuristic_bot_is_the_games_heuristic_and_takes_no_params() -> None:
    game = make_game("fittoprint", players=2)
    assert isinstance(make_bot("heuristic", game, 0), HeuristicBot)
    with pytest.raises(ValueError):
        HeuristicBot(game, 0, 0, depth=3)


def test_heuristic_keeps_what_fits_and_calls_layout_when_full() -> None:
    s = new(1)
    bot = HeuristicBot(s.game, 0)
    s.desk[0] = [find("article", "3x2", skip=k, colour=c) for k, c in enumerate(["sports"] * 2)]
    s.desk[0] += [find("ad", "3x2"), find("ad", "2x3"), find("photo", "1x1")]
    for t in s.desk[0]:
        if t in s.pool:
            s.pool.remove(t)
    # 26 free cells, 25 on the desk: enough.
    assert str(bot.choose(s)) == "layout"


def test_heuristic_layout_places_a_scoring_tile() -> None:
    s = new(1)
    art = find("article", "2x2", colour="news")
    to_layout(s, 0, art)
    action = HeuristicBot(s.game, 0).choose(s)
    assert isinstance(action, Place) and action.tile == art and action.face == "up"


def test_evaluate_counts_the_current_page() -> None:
    s = new(1)
    art = find("article", "2x2", colour="news")
    to_layout(s, 0, art)
    before = evaluate(s, 0)
    s.apply(Place(art, "a3", "up"), 0)
    assert evaluate(s, 0) > before


# --------------------------------------------------------------------- text


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_render_shows_the_page_desk_and_centre(lang: str) -> None:
    s = new(2, characters=True, breaking_news=True)
    art = find("article", "2x2", colour="news")
    to_layout(s, 0, art, find("ad", "1x1"))
    s.apply(Place(art, "a3", "up"), 0)
    text = render(s.view(0), 0, lang)
    assert "n" + str(art) in text.replace(" ", "") and " **" in text
    other = render(s.view(1), 1, lang)
    assert "n" + str(art) not in other.replace(" ", "")
    assert ("Your desk" if lang == "en" else "你的辦公桌") in text


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_action_has_a_label(lang: str) -> None:
    game = make_game("fittoprint", players=2)
    labels = {action_label(a, lang) for a in game.action_space.actions}
    assert len(labels) == game.num_distinct_actions


def test_render_final_and_solo() -> None:
    s = new(1, target=0)
    for _ in range(3):
        s.apply(CallLayout(), 0)
        s.apply(Print(), 0)
        if s.phase == "draft":
            s.apply(s.legal_actions(0)[0], 0)
    assert "Target 0 points" in render(s.view(0), 0, "en")
    assert "目標 0 分" in render(s.view(0), 0, "zh-TW")


def test_layout_preview_shows_the_live_score_and_violations() -> None:
    s = new(2, mode="realtime")
    a = find("ad", "1x1")
    b = find("ad", "1x1", skip=1)
    art = find("article", "2x2", colour="news")
    to_layout(s, 0, a, b, art)
    s.apply(Place(a, "a4", "up"), 0)
    s.apply(Place(b, "b4", "up"), 0)
    s.apply(Place(art, "c4", "up"), 0)
    preview = s.view(0)["you"]["preview"]
    assert preview["violations"] == [[a, b]]
    # After scoring flips one ad: $1 left, the article's 2 points, 2 bad/good icons.
    assert preview["revenue"] == 1 and preview["articles"] == 2
    assert s.view(1)["you"]["preview"] is None  # seat 1 is still reporting
    assert "preview" not in json.dumps(s.view(1)["players"])
